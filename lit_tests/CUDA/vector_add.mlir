// REQUIRES: cuda
// RUN: asyncgpu-opt %S/../../examples/vector_add.mlir --run --backend cuda | filecheck %s
// CHECK: [0,  2,  6,  12,  20,  30,  42,  56]
