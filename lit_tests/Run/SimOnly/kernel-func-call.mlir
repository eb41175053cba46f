// func.call in a kernel runs a device function of the kernel's gpu.module for every thread, under
// the caller's mask: @clamp has several blocks and returns early for some threads only; @twice is
// called from inside a divergent scf.if and calls @clamp itself.
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK: [0,  2,  4,  3,  4,  5,  5,  7]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @k {
    // min(x, 5) for even x, x for odd x > 5, written with branches and two returns
    func.func @clamp(%x: i32) -> i32 {
      %c5 = arith.constant 5 : i32
      %big = arith.cmpi sgt, %x, %c5 : i32
      cf.cond_br %big, ^over, ^keep
    ^keep:
      return %x : i32
    ^over:
      %c1 = arith.constant 1 : i32
      %bit = arith.andi %x, %c1 : i32
      %odd = arith.cmpi ne, %bit, %c1 : i32
      %r = arith.select %odd, %c5, %x : i32
      return %r : i32
    }
    func.func @twice(%x: i32) -> i32 {
      %d = arith.addi %x, %x : i32
      %c = func.call @clamp(%d) : (i32) -> i32
      return %c : i32
    }
    gpu.func @kern(%m: memref<8xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %m[%i] : memref<8xi32>
      %c3 = arith.constant 3 : i32
      %small = arith.cmpi slt, %x, %c3 : i32
      %y = scf.if %small -> i32 {
        %t = func.call @twice(%x) : (i32) -> i32
        scf.yield %t : i32
      } else {
        %c = func.call @clamp(%x) : (i32) -> i32
        scf.yield %c : i32
      }
      memref.store %y, %m[%i] : memref<8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %d = gpu.alloc host_shared () : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %d[%i] : memref<8xi32>
    }
    gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi32>)
    %u = memref.cast %d : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %d : memref<8xi32>
    return
  }
}
