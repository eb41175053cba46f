// gpu-to-runtime reports its runtime calls under --mlir-pass-statistics (mlir-opt's report format):
// two independent launches take two streams; their join continues on the first and waits for the
// second through one event (created once, recorded once, waited once); the last launch's second
// dependency is implied by its first (dropped); the host syncs once.
// RUN: asyncgpu-opt %s --gpu-to-runtime --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s
// CHECK: GpuToRuntimePass
// CHECK-NEXT: (S) 1 num-event-records
// CHECK-NEXT: (S) 1 num-events-created
// CHECK-NEXT: (S) 1 num-host-syncs
// CHECK-NEXT: (S) 1 num-implied-dependencies-dropped
// CHECK-NEXT: (S) 1 num-stream-waits
// CHECK-NEXT: (S) 2 num-streams-created
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %a = gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %b = gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %c = gpu.launch_func async [%a, %b] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %d = gpu.launch_func async [%c, %a] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%d]
    return
  }
}
