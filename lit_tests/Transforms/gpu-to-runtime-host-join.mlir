// A join only host waits use (`%j = gpu.wait async [%a, %b]`, then `gpu.wait [%j, ...]`) takes no
// stream of its own: the host waits for what it joins.  Two independent chains need two streams,
// not a third one that only waits on their events.
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-summary 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// CHECK-LABEL: func.func @main
// CHECK-COUNT-2: = llvm.call @mgpuStreamCreate()
// CHECK-NOT: mgpuStreamCreate
// CHECK-NOT: mgpuEventCreate
// CHECK: return
// STATS: 2 streams, 0 events, {{.*}} 4 kernels, {{.*}} 0 hazards
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %t1 = gpu.launch_func async @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %t2 = gpu.launch_func async @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %j = gpu.wait async [%t1, %t2]
    %t3 = gpu.launch_func async [%t2] @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %t4 = gpu.launch_func async [%t1] @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%j, %t3, %t4]
    return
  }
}
