// REQUIRES: cuda
// RUN: asyncgpu-opt %S/../../examples/two_matmuls.mlir --run --backend cuda | filecheck %s
// CHECK: {{\[}}[4090,   4096,   4090,   4090],
// CHECK-NEXT:  [4096,   4106,   4098,   4096]]
