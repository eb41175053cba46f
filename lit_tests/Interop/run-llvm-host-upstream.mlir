// Host code lowered by upstream's memref/func-to-LLVM pipeline (`llvm.call @malloc`/`@free`,
// descriptors built with insertvalue, `llvm.alloca` for printMemref's unranked descriptor, GEPs)
// runs with `--run` and prints what the program printed before lowering.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: %{mlir-opt-ref} %s --pass-pipeline='builtin.module(convert-scf-to-cf,finalize-memref-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' > %t.llvm.mlir
// RUN: filecheck --input-file %t.llvm.mlir %s --check-prefix LOWERED
// RUN: asyncgpu-opt %t.llvm.mlir --run --backend sim | filecheck %s
// Then with the gpu ops lowered to runtime calls, by us and by upstream:
// RUN: asyncgpu-opt %t.llvm.mlir --gpu-to-runtime | asyncgpu-opt --run --backend sim | filecheck %s
// RUN: %{mlir-opt-ref} %t.llvm.mlir -gpu-to-llvm | asyncgpu-opt --run --backend sim | filecheck %s
// With the kernels compiled to a gpu.binary, only machine code is left: the simulator says so.
// RUN: %{mlir-opt-ref} %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm),nvvm-attach-target{chip=sm_75},gpu-module-to-binary{format=isa},convert-scf-to-cf,finalize-memref-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' | not asyncgpu-opt --run --backend sim 2>&1 | filecheck %s --check-prefix BIN

// LOWERED-DAG: llvm.call @malloc
// LOWERED-DAG: llvm.call @free
// LOWERED-DAG: llvm.alloca
// LOWERED-DAG: "llvm.intr.memcpy"
// BIN: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: --run: kernel '@k::@show' exists only as machine code (gpu.binary '@k'): {{.*}} --backend cuda can run it

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @show(%x: f32, %n: i64) kernel {
      %t = gpu.thread_id x
      gpu.printf "thread %lld: x=%f n=%lld\n", %t, %x, %n : index, f32, i64
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %a = memref.alloc() : memref<2x3xf32>
    %b = memref.alloc() {alignment = 64} : memref<2x3xf32>
    %n = memref.alloc(%c6) : memref<?xi64>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c6 step %c2 {
        %jj = arith.divui %j, %c2 : index
        %k = arith.addi %i, %jj : index
        %ki = arith.index_cast %k : index to i64
        %kf = arith.sitofp %ki : i64 to f32
        memref.store %kf, %a[%i, %jj] : memref<2x3xf32>
      }
    }
    memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32>
    %v = memref.load %b[%c1, %c2] : memref<2x3xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %b[%c0, %c0] : memref<2x3xf32>
    scf.for %i = %c0 to %c6 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %sq = arith.muli %ii, %ii : i64
      memref.store %sq, %n[%i] : memref<?xi64>
    }
    %s = memref.alloca() : memref<f32>
    memref.store %w, %s[] : memref<f32>
    %x = memref.load %s[] : memref<f32>
    %m = memref.load %n[%c2] : memref<?xi64>
    gpu.launch_func @k::@show blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%x : f32, %m : i64)
    %ua = memref.cast %a : memref<2x3xf32> to memref<*xf32>
    %ub = memref.cast %b : memref<2x3xf32> to memref<*xf32>
    %un = memref.cast %n : memref<?xi64> to memref<*xi64>
    call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
    call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
    call @printMemrefI64(%un) : (memref<*xi64>) -> ()
    memref.dealloc %a : memref<2x3xf32>
    memref.dealloc %b : memref<2x3xf32>
    memref.dealloc %n : memref<?xi64>
    return
  }
}

// CHECK-DAG: thread 0: x=9.000000 n=4
// CHECK-DAG: thread 1: x=9.000000 n=4
// CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[0,   1,   2],
// CHECK-NEXT:  [1,   2,   3]]
// CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[9,   1,   2],
// CHECK-NEXT:  [1,   2,   3]]
// CHECK: rank = 1 offset = 0 sizes = [6] strides = [1] data =
// CHECK-NEXT: [0,  1,  4,  9,  16,  25]
