// scf.while and scf.index_switch in kernels: each thread runs the Collatz iteration from t + 1 with
// its own trip count (threads leave the loop at different iterations, each with its own results),
// a uniform loop (every thread the same count), and a switch on the thread id (case 0, case 3,
// default) reached by different threads.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// Collatz steps of 1..8 are 0 1 7 2 5 8 16 3; case 0 -> 100, case 3 -> twice the steps.
// CHECK-LABEL: steps
// CHECK: [100,  1,  7,  4,  5,  8,  16,  3]
// The uniform loop: 1 + 2 + ... + 10 in every thread.
// CHECK-LABEL: sums
// CHECK: [55,  55,  55,  55,  55,  55,  55,  55]
func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = gpu.alloc host_shared () : memref<8xi32>
  %sums = gpu.alloc host_shared () : memref<8xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    // collatz steps of t+1
    %n0 = arith.addi %t, %one : i32
    %r:2 = scf.while (%n = %n0, %k = %zero) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi ne, %n, %one : i32
      scf.condition(%more) %n, %k : i32, i32
    } do {
    ^bb0(%n: i32, %k: i32):
      %two = arith.constant 2 : i32
      %odd = arith.remui %n, %two : i32
      %isodd = arith.cmpi ne, %odd, %zero : i32
      %three = arith.constant 3 : i32
      %m3 = arith.muli %n, %three : i32
      %up = arith.addi %m3, %one : i32
      %down = arith.divui %n, %two : i32
      %nn = arith.select %isodd, %up, %down : i32
      %kk = arith.addi %k, %one : i32
      scf.yield %nn, %kk : i32, i32
    }
    %v = scf.index_switch %tx -> i32
    case 0 { %a = arith.constant 100 : i32
      scf.yield %a : i32 }
    case 3 { %a = arith.addi %r#1, %r#1 : i32
      scf.yield %a : i32 }
    default { scf.yield %r#1 : i32 }
    memref.store %v, %out[%tx] : memref<8xi32>
    %c10 = arith.constant 10 : i32
    %sum:2 = scf.while (%i = %one, %acc = %zero) : (i32, i32) -> (i32, i32) {
      %le = arith.cmpi sle, %i, %c10 : i32
      scf.condition(%le) %i, %acc : i32, i32
    } do {
    ^bb0(%i: i32, %acc: i32):
      %acc2 = arith.addi %acc, %i : i32
      %i2 = arith.addi %i, %one : i32
      scf.yield %i2, %acc2 : i32, i32
    }
    memref.store %sum#1, %sums[%tx] : memref<8xi32>
    gpu.terminator
  }
  vector.print str "steps\n"
  %u = memref.cast %out : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  vector.print str "sums\n"
  %s = memref.cast %sums : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%s) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<8xi32>
  gpu.dealloc %sums : memref<8xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
