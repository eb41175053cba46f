// Seed 001, program 1: two async allocations on one stream, then deallocation.
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%6] %5 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}
