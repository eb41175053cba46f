// gpu.printf: C formats (length modifiers, widths, precision, %u/%x of a negative value, %%), one
// line per thread in thread order, written after the kernel ran and before the host prints more.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK: before
// CHECK-NEXT: block 0 thread 0: global 0, block size 3, f=  0.50 e=2.500000e-01 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: block 0 thread 1: global 1, block size 3, f=  1.50 e=7.500000e-01 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: block 0 thread 2: global 2, block size 3, f=  2.50 e=1.250000e+00 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: block 1 thread 0: global 3, block size 3, f=  3.50 e=1.750000e+00 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: block 1 thread 1: global 4, block size 3, f=  4.50 e=2.250000e+00 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: block 1 thread 2: global 5, block size 3, f=  5.50 e=2.750000e+00 u=4294967295 x=ffffffff 100%
// CHECK-NEXT: only thread 1 of block 1
// CHECK-NEXT: after

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @hello() kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %g0 = arith.muli %b, %n : index
      %g = arith.addi %g0, %t : index
      %gi = arith.index_cast %g : index to i32
      %f0 = arith.sitofp %gi : i32 to f32
      %half = arith.constant 0.5 : f32
      %f = arith.addf %f0, %half : f32
      %e0 = arith.extf %f : f32 to f64
      %q = arith.constant 0.5 : f64
      %e = arith.mulf %e0, %q : f64
      %m1 = arith.constant -1 : i32
      gpu.printf "block %lld thread %lld: global %d, block size %lld, f=%6.2f e=%e u=%u x=%x 100%%\n", %b, %t, %gi, %n, %f, %e, %m1, %m1 : index, index, i32, index, f32, f64, i32, i32
      %c1 = arith.constant 1 : index
      %is_t = arith.cmpi eq, %t, %c1 : index
      %is_b = arith.cmpi eq, %b, %c1 : index
      %both = arith.andi %is_t, %is_b : i1
      scf.if %both {
        gpu.printf "only thread 1 of block 1\n"
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    vector.print str "before\n"
    gpu.launch_func @k::@hello blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1)
    vector.print str "after\n"
    return
  }
}
