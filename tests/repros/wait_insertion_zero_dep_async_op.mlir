// wait-insertion leaves async gpu.memset/gpu.alloc/gpu.memcpy with ZERO dependencies as they are.
// Upstream -gpu-to-llvm lowers such ops only with exactly one dependency (isAsyncWithOneDependency),
// so it exits 0 but leaves gpu.memset/gpu.alloc/gpu.memcpy unconverted (behind unrealized casts).
// Expected: a chain start gets an explicit root, `%r = gpu.wait async` + `gpu.memset async [%r] ...`.
// (gpu.launch_func with no deps is fine: upstream creates a stream for it.)
// Reproduce: asyncgpu-opt THIS --wait-insertion | mlir-opt -gpu-to-llvm | grep "gpu\.\(memset\|alloc\|memcpy\)"
module attributes {gpu.container_module} {
  func.func @main(%b: memref<4xi32>, %v: i32) {
    %t1 = gpu.memset async %b, %v : memref<4xi32>, i32
    %m, %t2 = gpu.alloc async () : memref<4xi32>
    %t3 = gpu.memcpy async %m, %b : memref<4xi32>, memref<4xi32>
    gpu.wait [%t1, %t2, %t3]
    return
  }
}
