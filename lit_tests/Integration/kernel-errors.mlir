// Bad kernels give located errors, never a traceback: shuffle width 0, an all_reduce with a region
// reached by some threads only, a divergent back branch, a spin nobody ends (--run-kernel-steps).
// RUN: not asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --run-kernel-steps 400 --run --backend sim 2>&1 | filecheck %s

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

// -----

// Nobody raises the flag: the kernel spins until its step budget is spent.
// CHECK: kernel-errors.mlir:72:{{[0-9]+}}: error: --run: in kernel {{.*}}: kernel does not terminate: 'scf.while' still loops after 400 steps
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @wait_forever(%flag: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      scf.while : () -> () {
        %v = memref.atomic_rmw addi %zero, %flag[%c0] : (i32, memref<1xi32>) -> i32
        %wait = arith.cmpi eq, %v, %zero : i32
        scf.condition(%wait)
      } do {
        scf.yield
      }
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %flag = gpu.alloc host_shared () : memref<1xi32>
    memref.store %zero, %flag[%c0] : memref<1xi32>
    %t = gpu.wait async
    %k = gpu.launch_func async [%t] @k::@wait_forever blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%flag : memref<1xi32>)
    gpu.wait [%k]
    gpu.dealloc %flag : memref<1xi32>
    return
  }
}

// -----

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c2 : index
    scf.if %low {
      // CHECK: kernel-errors.mlir:108:{{[0-9]+}}: error: --run: in kernel {{.*}}: gpu.barrier reached by only some threads of block (0, 0, 0): thread (2, 0, 0) does not reach it
      gpu.barrier
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
    %v = arith.constant 1.0 : f32
    %o = arith.constant 32 : i32
    %w = arith.constant 32 : i32
    // CHECK: kernel-errors.mlir:126:{{[0-9]+}}: error: --run: in kernel {{.*}}: gpu.shuffle offset 32 is not in [0, 32)
    %r, %ok = gpu.shuffle xor %v, %o, %w : f32
    gpu.terminator
  }
  return
}
