// RUN: asyncgpu-opt %s -split-input-file -wait-insertion | filecheck %s
// RUN: asyncgpu-opt %s -split-input-file -wait-insertion | asyncgpu-opt -split-input-file -wait-insertion | filecheck %s

// CHECK-LABEL: func.func @main
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[F0:.*]] = gpu.wait async [%[[T0]]]
// CHECK: gpu.alloc async [%[[F0]]]
// CHECK: %[[F1:.*]] = gpu.wait async [%[[T0]]]
// CHECK: gpu.alloc async [%[[F1]]]
// CHECK: %[[J:.*]] = gpu.wait async [%{{.*}}, %{{.*}}]
// CHECK: gpu.memcpy async [%[[J]]]
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2, %6] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%7] %1 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}
