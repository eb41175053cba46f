// REQUIRES: mlir-opt-ref
// Our canonical spelling of the dialect attributes is mlir-opt's, and mlir-opt reads it back.
// RUN: asyncgpu-opt %S/keyword-attrs.mlir > %t.ours
// RUN: %{mlir-opt-ref} %S/keyword-attrs.mlir > %t.ref
// RUN: diff %t.ours %t.ref
// RUN: %{mlir-opt-ref} %t.ours | diff - %t.ref
// RUN: asyncgpu-opt %S/target-attrs.mlir > %t.ours2
// RUN: %{mlir-opt-ref} %S/target-attrs.mlir > %t.ref2
// RUN: diff %t.ours2 %t.ref2
