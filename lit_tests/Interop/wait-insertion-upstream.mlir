// REQUIRES: mlir-opt-ref
// RUN: asyncgpu-opt %s -wait-insertion | %{mlir-opt-ref} -gpu-to-llvm | filecheck %s
// CHECK-NOT: gpu.memcpy
// CHECK-NOT: gpu.alloc
// CHECK: llvm.call @mgpuMemcpy
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2, %6] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%7] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%7] %5 : memref<?xf32>
    gpu.wait [%3, %4]
    return
  }
}
