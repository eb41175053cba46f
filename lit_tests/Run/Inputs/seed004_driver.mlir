// Seed 004 (@multi_dep_launch) with a gpu.func kernel that writes, so the join is observable.
module attributes {gpu.container_module} {
  gpu.module @kernel_module {
    gpu.func @kernel(%a: memref<4xi32>, %b: memref<4xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xi32>
      %y = memref.load %b[%i] : memref<4xi32>
      %z = arith.addi %x, %y : i32
      memref.store %z, %a[%i] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %v3 = arith.constant 3 : i32
    %v4 = arith.constant 4 : i32
    %a = gpu.alloc host_shared () : memref<4xi32>
    %b = gpu.alloc host_shared () : memref<4xi32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %s0 = gpu.memset async [%t0] %a, %v3 : memref<4xi32>, i32
    %s1 = gpu.memset async [%t1] %b, %v4 : memref<4xi32>, i32
    %t2 = gpu.launch_func async [%s0, %s1] @kernel_module::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xi32>, %b : memref<4xi32>)
    gpu.wait [%t2]
    %u = memref.cast %a : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %a : memref<4xi32>
    gpu.dealloc %b : memref<4xi32>
    return
  }
}
