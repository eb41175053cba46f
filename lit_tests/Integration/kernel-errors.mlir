// Bad kernels give located errors, never a traceback: a shuffle of width 0, an all_reduce with a
// region reached by only some threads, a branch back to an earlier block taken by only some threads.
// RUN: not asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --run 2>&1 | filecheck %s

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1.0 : f32
    %o = arith.constant 1 : i32
    %w = arith.constant 0 : i32
    // CHECK: kernel-errors.mlir:14:{{[0-9]+}}: error: --run: in kernel {{.*}}: gpu.shuffle width 0 is not in [1, 32]
    %r, %ok = gpu.shuffle xor %v, %o, %w : f32
    gpu.terminator
  }
  return
}

// -----

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c2 = arith.constant 2 : index
    %low = arith.cmpi ult, %tx, %c2 : index
    scf.if %low {
      %v = arith.constant 1.0 : f32
      // CHECK: kernel-errors.mlir:32:{{[0-9]+}}: error: --run: in kernel {{.*}}: gpu.all_reduce with a region reached by only some threads of a block (divergent code)
      %s = gpu.all_reduce %v {
      ^bb(%a: f32, %b: f32):
        %x = arith.addf %a, %b : f32
        gpu.yield %x : f32
      } : (f32) -> (f32)
    }
    gpu.terminator
  }
  return
}

// -----

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    cf.br ^loop(%c0 : index)
  ^loop(%i: index):
    %n = arith.addi %i, %c1 : index
    %more = arith.cmpi ult, %n, %tx : index
    // CHECK: kernel-errors.mlir:56:{{[0-9]+}}: error: --run: in kernel {{.*}}: a branch back to an earlier block taken by only some threads
    cf.cond_br %more, ^loop(%n : index), ^exit
  ^exit:
    gpu.terminator
  }
  return
}
