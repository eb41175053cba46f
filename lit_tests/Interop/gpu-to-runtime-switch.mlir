// REQUIRES: mlir-opt-ref
// Upstream's -convert-scf-to-cf turns scf.index_switch into cf.switch with tokens through block
// arguments; our gpu-to-runtime lowers that, upstream verifies the result, and it runs the same as
// the input (no hazards, no leaks: either would make the run exit non-zero).
// RUN: %{mlir-opt-ref} %S/../Run/g2r-index-switch.mlir -convert-scf-to-cf -o %t.cf.mlir
// RUN: asyncgpu-opt %t.cf.mlir --run --backend sim > %t.before
// RUN: asyncgpu-opt %t.cf.mlir --gpu-to-runtime -o %t.lowered.mlir
// RUN: %{mlir-opt-ref} %t.lowered.mlir -o /dev/null
// RUN: asyncgpu-opt %t.lowered.mlir --run --backend sim > %t.after
// RUN: diff %t.before %t.after
// RUN: filecheck %s --input-file %t.lowered.mlir
// CHECK: cf.switch
// CHECK-NOT: !gpu.async.token
