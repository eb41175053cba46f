// Two kernels on independent tokens write the same buffer: a race between two streams.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK: error: data race: kernel @k::@set on stream {{[0-9]+}} at {{.*}}hazard-race.mlir:22:{{[0-9]+}} writes %m (allocated at {{.*}}hazard-race.mlir:18:10) while kernel @k::@set on stream {{[0-9]+}} at {{.*}}hazard-race.mlir:21:{{[0-9]+}} writes it (no happens-before)
// CHECK: asyncgpu-opt: 1 hazard detected
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %m = gpu.alloc host_shared () : memref<16xf32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %a = gpu.launch_func async [%t0] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %f1 : f32)
    %b = gpu.launch_func async [%t1] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %f2 : f32)
    gpu.wait [%a, %b]
    gpu.dealloc %m : memref<16xf32>
    return
  }
}
