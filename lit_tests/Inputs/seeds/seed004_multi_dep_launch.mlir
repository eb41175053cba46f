// Seed 004 (PR #188987): gpu.launch_func with two async dependencies, kernel
// as an llvm.func inside an NVVM-targeted gpu.module.
module attributes {gpu.container_module} {
  gpu.module @kernel_module [#nvvm.target] {
    llvm.func @kernel() attributes {gpu.kernel} {
      llvm.return
    }
  }

  func.func @multi_dep_launch() {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %t2 = gpu.launch_func async [%t0, %t1] @kernel_module::@kernel
        blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
    gpu.wait [%t2]
    return
  }
}
