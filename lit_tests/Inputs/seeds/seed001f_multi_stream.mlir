// Seed 001, program 6: the suggested multi-stream form (explicit join with gpu.wait async).
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %9 = gpu.wait async
    %5, %6 = gpu.alloc async [%9] (%c2) : memref<?xf32>
    %7 = gpu.wait async [%2, %6]
    %8 = gpu.memcpy async [%7] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%8] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%8] %5 : memref<?xf32>
    gpu.wait [%3, %4]
    return
  }
}
