// gpu.barrier: the threads of a block run to the barrier, then go on, so what every thread wrote to
// workgroup memory before it is there for its neighbours after it.  Before the barrier the threads
// diverge: the low half of a block stores 10 * t, the high half runs a loop with its own trip count
// (1 + 2 + ... + t); after it each thread reads its right neighbour's value (no race is reported).
// A barrier under a condition that is the same for all threads of a block (block 1 only) is fine.
// A barrier some threads of a block do not reach is an error (kernel-errors.mlir).
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s

// right neighbours of [0, 10, 20, 30, 10, 15, 21, 28], in both blocks
// CHECK-LABEL: neighbours
// CHECK: [10,  20,  30,  10,  15,  21,  28,  0,  10,  20,  30,  10,  15,  21,  28,  0]
// block 1 reverses its row through workgroup memory, block 0 keeps -1
// CHECK-LABEL: reversed
// CHECK: [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  7,  6,  5,  4,  3,  2,  1,  0]
// CHECK-NOT: race
// CHECK-NOT: error

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @neighbours(%out: memref<16xi32>, %rev: memref<16xi32>)
        workgroup(%sh: memref<8xi32, 3>, %sh2: memref<8xi32, 3>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %ti = arith.index_cast %t : index to i32
      %low = arith.cmpi ult, %t, %c4 : index
      scf.if %low {
        %ten = arith.constant 10 : i32
        %v = arith.muli %ti, %ten : i32
        memref.store %v, %sh[%t] : memref<8xi32, 3>
      } else {
        %s:2 = scf.while (%i = %one, %acc = %zero) : (i32, i32) -> (i32, i32) {
          %le = arith.cmpi sle, %i, %ti : i32
          scf.condition(%le) %i, %acc : i32, i32
        } do {
        ^bb0(%i: i32, %acc: i32):
          %a2 = arith.addi %acc, %i : i32
          %i2 = arith.addi %i, %one : i32
          scf.yield %i2, %a2 : i32, i32
        }
        memref.store %s#1, %sh[%t] : memref<8xi32, 3>
      }
      gpu.barrier
      %t1 = arith.addi %t, %c1 : index
      %n = arith.remui %t1, %c8 : index
      %v = memref.load %sh[%n] : memref<8xi32, 3>
      %row = arith.muli %b, %c8 : index
      %g = arith.addi %row, %t : index
      memref.store %v, %out[%g] : memref<16xi32>
      %is1 = arith.cmpi eq, %b, %c1 : index
      scf.if %is1 {
        memref.store %ti, %sh2[%t] : memref<8xi32, 3>
        gpu.barrier
        %m = arith.subi %c7, %t : index
        %r = memref.load %sh2[%m] : memref<8xi32, 3>
        memref.store %r, %rev[%g] : memref<16xi32>
      } else {
        %m1 = arith.constant -1 : i32
        memref.store %m1, %rev[%g] : memref<16xi32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc host_shared () : memref<16xi32>
    %rev = gpu.alloc host_shared () : memref<16xi32>
    gpu.launch_func @k::@neighbours blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%out : memref<16xi32>, %rev : memref<16xi32>)
    vector.print str "neighbours\n"
    %u = memref.cast %out : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    vector.print str "reversed\n"
    %r = memref.cast %rev : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%r) : (memref<*xi32>) -> ()
    gpu.dealloc %out : memref<16xi32>
    gpu.dealloc %rev : memref<16xi32>
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
