// REQUIRES: mlir-opt-ref
// Our spelling of the gpu compilation attributes is mlir-opt's, byte for byte, and mlir-opt reads it back.
// RUN: asyncgpu-opt %S/objects.mlir > %t.ours
// RUN: %{mlir-opt-ref} %S/objects.mlir > %t.ref
// RUN: diff %t.ours %t.ref
// RUN: %{mlir-opt-ref} %t.ours | diff - %t.ref
