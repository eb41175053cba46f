// RUN: asyncgpu-opt %S/../../examples/two_matmuls.mlir --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %S/../../examples/two_matmuls.mlir --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 4] strides = [256, 1] data =
// CHECK-NEXT: {{\[}}[4090,   4096,   4090,   4090],
// CHECK-NEXT:  [4096,   4106,   4098,   4096]]
// CHECK: rank = 2 offset = 65532 sizes = [1, 4] strides = [256, 1] data =
// CHECK-NEXT: {{\[}}[4090,   4096,   4090,   4090]]
