// A kernel reads a buffer after gpu.dealloc freed it.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK: error: use after free: kernel @k::@get on stream {{[0-9]+}} at {{.*}}:23:{{[0-9]+}} reads %m (allocated at {{.*}}:18:10) freed at {{.*}}:22:{{[0-9]+}}
// CHECK: hazard{{s?}} detected
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @get(%m: memref<16xf32>, %o: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      memref.store %v, %o[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1f = arith.constant 1.0 : f32
    %m = gpu.alloc () : memref<16xf32>
    %o = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %m, %c1f : memref<16xf32>, f32
    %t2 = gpu.dealloc async [%t1] %m : memref<16xf32>
    %t3 = gpu.launch_func async [%t2] @k::@get blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %o : memref<16xf32>)
    gpu.wait [%t3]
    gpu.dealloc %o : memref<16xf32>
    return
  }
}
