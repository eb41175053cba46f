// memref.atomic_rmw and memref.generic_atomic_rmw from every thread of 2 blocks of 64: a histogram
// (each thread gets the count before its own increment: thread t of a block sees t / 4 plus what
// the earlier block added), a maximum, a float sum and a region-defined update.  Atomics do not
// race with each other, so the run reports no hazard.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK-LABEL: bins
// CHECK: [32,  32,  32,  32]
// CHECK-LABEL: max
// CHECK: [189]
// CHECK-LABEL: sum
// CHECK: [64]
// CHECK-LABEL: generic
// CHECK: [4032]
// CHECK-LABEL: distinct old bin values
// CHECK-NEXT: 32

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0 : i32
  %zf = arith.constant 0.0 : f32
  %bins = gpu.alloc host_shared () : memref<4xi32>
  %mx = gpu.alloc host_shared () : memref<1xi32>
  %fs = gpu.alloc host_shared () : memref<1xf32>
  %g = gpu.alloc host_shared () : memref<1xi32>
  %olds = gpu.alloc host_shared () : memref<128xi32>
  gpu.memset %bins, %z : memref<4xi32>, i32
  gpu.memset %mx, %z : memref<1xi32>, i32
  gpu.memset %fs, %zf : memref<1xf32>, f32
  gpu.memset %g, %z : memref<1xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %k0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %bin = arith.remui %tx, %c4 : index
    %old = memref.atomic_rmw addi %one, %bins[%bin] : (i32, memref<4xi32>) -> i32
    %ti = arith.index_cast %tx : index to i32
    %bi = arith.index_cast %bx : index to i32
    %three = arith.constant 3 : i32
    %v = arith.muli %ti, %three : i32
    %v2 = arith.subi %v, %bi : i32
    %m = memref.atomic_rmw maxs %v2, %mx[%k0] : (i32, memref<1xi32>) -> i32
    %h = arith.constant 0.5 : f32
    %f = memref.atomic_rmw addf %h, %fs[%k0] : (f32, memref<1xf32>) -> f32
    %gg = memref.generic_atomic_rmw %g[%k0] : memref<1xi32> {
    ^bb0(%cur: i32):
      %n = arith.addi %cur, %ti : i32
      memref.atomic_yield %n : i32
    }
    %lin0 = arith.muli %bx, %sx : index
    %lin = arith.addi %lin0, %tx : index
    memref.store %old, %olds[%lin] : memref<128xi32>
    gpu.terminator
  }
  gpu.wait
  vector.print str "bins\n"
  %u = memref.cast %bins : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  vector.print str "max\n"
  %u2 = memref.cast %mx : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  vector.print str "sum\n"
  %u3 = memref.cast %fs : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  vector.print str "generic\n"
  %u4 = memref.cast %g : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
  // every thread of a bin got a different previous count: 0..31 for each bin
  %seen = memref.alloc() : memref<32xi32>
  scf.for %i = %c0 to %c128 step %c1 {
    %o = memref.load %olds[%i] : memref<128xi32>
    %oi = arith.index_cast %o : i32 to index
    %one = arith.constant 1 : i32
    memref.store %one, %seen[%oi] : memref<32xi32>
  }
  %c32 = arith.constant 32 : index
  %count = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %z) -> (i32) {
    %s = memref.load %seen[%i] : memref<32xi32>
    %a = arith.addi %acc, %s : i32
    scf.yield %a : i32
  }
  vector.print str "distinct old bin values\n"
  vector.print %count : i32
  memref.dealloc %seen : memref<32xi32>
  gpu.dealloc %bins : memref<4xi32>
  gpu.dealloc %mx : memref<1xi32>
  gpu.dealloc %fs : memref<1xf32>
  gpu.dealloc %g : memref<1xi32>
  gpu.dealloc %olds : memref<128xi32>
  return
}

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
