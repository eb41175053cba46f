// REQUIRES: mlir-opt-ref
// With carry-tokens=false async-region keeps upstream's shape for loops (a host sync in every
// iteration) and upstream's gpu-to-llvm lowers every gpu op of the result.  With the default,
// the token carried through scf.for is lowered by our gpu-to-runtime (Run/async-region-loop.mlir)
// but not by upstream's gpu-to-llvm, which leaves the token type behind unrealized casts.
// RUN: asyncgpu-opt %S/../Run/async-region-loop.mlir --async-region=carry-tokens=false --wait-insertion -o %t.nolt.mlir
// RUN: %{mlir-opt-ref} %t.nolt.mlir -gpu-to-llvm | filecheck %s --check-prefix=LLVM
// RUN: asyncgpu-opt %S/../Run/async-region-loop.mlir --async-region --wait-insertion -o %t.lt.mlir
// RUN: %{mlir-opt-ref} %t.lt.mlir -gpu-to-llvm | filecheck %s --check-prefix=UPSTREAM-LOOPS
// RUN: asyncgpu-opt %t.lt.mlir --gpu-to-runtime | filecheck %s --check-prefix=OURS
// LLVM-NOT: !gpu.async.token
// LLVM-NOT: gpu.wait
// LLVM-NOT: gpu.memcpy
// LLVM-NOT: gpu.alloc
// LLVM-NOT: gpu.dealloc
// LLVM: llvm.call @mgpuStreamCreate
// UPSTREAM-LOOPS: scf.for {{.*}} iter_args({{.*}}) -> (!gpu.async.token)
// UPSTREAM-LOOPS: builtin.unrealized_conversion_cast {{.*}} : !gpu.async.token to !llvm.ptr
// OURS-NOT: !gpu.async.token
// OURS: scf.for {{.*}} iter_args({{.*}}) -> (!llvm.ptr)
