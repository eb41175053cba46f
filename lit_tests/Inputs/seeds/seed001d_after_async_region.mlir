// Seed 001, program 4: the IR printed after -gpu-async-region (dealloc with two deps).
module attributes {gpu.container_module} {
  func.func @main() attributes {llvm.emit_c_interface} {
    %c2 = arith.constant 2 : index
    %alloca = memref.alloca(%c2) : memref<?xf32>
    %0 = gpu.wait async
    %memref, %asyncToken = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %1 = gpu.memcpy async [%asyncToken] %memref, %alloca : memref<?xf32>, memref<?xf32>
    %2 = gpu.dealloc async [%1, %asyncToken] %memref : memref<?xf32>
    gpu.wait [%2]
    return
  }
}
