// --run refuses a launch CUDA would refuse (more than 1024 threads per block, a block or grid
// dimension beyond its limit) with a located error, instead of simulating it.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK: launch-limits.mlir:17:5: error: --run: invalid launch configuration: grid 1x1x1, block 2048x1x1
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @nop() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    %c2048 = arith.constant 2048 : index
    // 512 threads per block: fine
    gpu.launch_func @k::@nop blocks in (%c1, %c1, %c1) threads in (%c512, %c1, %c1)
    gpu.launch_func @k::@nop blocks in (%c1, %c1, %c1) threads in (%c2048, %c1, %c1)
    return
  }
}
