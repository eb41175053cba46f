// The host reads host_shared memory a kernel writes, without waiting for the kernel.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK: error: host read without synchronization: host load on host at {{.*}}:21:{{[0-9]+}} reads %m (allocated at {{.*}}:18:10) while kernel @k::@set on stream {{[0-9]+}} at {{.*}}:20:{{[0-9]+}} writes it (no host wait for it)
// CHECK: hazard{{s?}} detected
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f1 = arith.constant 1.0 : f32
    %m = gpu.alloc host_shared () : memref<16xf32>
    %t0 = gpu.wait async
    %a = gpu.launch_func async [%t0] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %f1 : f32)
    %x = memref.load %m[%c0] : memref<16xf32>
    gpu.wait [%a]
    gpu.dealloc %m : memref<16xf32>
    return
  }
}
