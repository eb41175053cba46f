// RUN: asyncgpu-opt %S/../../examples/vector_add.mlir --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %S/../../examples/vector_add.mlir --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [8] strides = [1] data =
// CHECK-NEXT: [0,  2,  6,  12,  20,  30,  42,  56]
