// A tiny async chain: allocate on the device, copy in, add, copy out, free.
// Run: asyncgpu-opt --run examples/vector_add.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<8xf32>
      %y = memref.load %b[%i] : memref<8xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<8xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %ha = memref.alloc() : memref<8xf32>
    %hb = memref.alloc() : memref<8xf32>
    %hc = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %g = arith.mulf %f, %f : f32
      memref.store %f, %ha[%i] : memref<8xf32>
      memref.store %g, %hb[%i] : memref<8xf32>
    }
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<8xf32>
    %db, %t2 = gpu.alloc async [%t1] () : memref<8xf32>
    %dc, %t3 = gpu.alloc async [%t2] () : memref<8xf32>
    %t4 = gpu.memcpy async [%t3] %da, %ha : memref<8xf32>, memref<8xf32>
    %t5 = gpu.memcpy async [%t4] %db, %hb : memref<8xf32>, memref<8xf32>
    %t6 = gpu.launch_func async [%t5] @kernels::@vadd blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%da : memref<8xf32>, %db : memref<8xf32>, %dc : memref<8xf32>)
    %t7 = gpu.memcpy async [%t6] %hc, %dc : memref<8xf32>, memref<8xf32>
    %t8 = gpu.dealloc async [%t7] %da : memref<8xf32>
    %t9 = gpu.dealloc async [%t8] %db : memref<8xf32>
    %t10 = gpu.dealloc async [%t9] %dc : memref<8xf32>
    gpu.wait [%t10]
    %u = memref.cast %hc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %ha : memref<8xf32>
    memref.dealloc %hb : memref<8xf32>
    memref.dealloc %hc : memref<8xf32>
    return
  }
}
