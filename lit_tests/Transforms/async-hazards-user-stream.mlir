// A launch on the user's own stream (`<%s : !llvm.ptr>`) that also has token dependencies: the
// stream waits for them, and its token orders what follows.  Dropping the dependency is a race.
// RUN: asyncgpu-opt %s -split-input-file -async-hazards -verify-diagnostics
// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime -async-hazards -verify-diagnostics
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  llvm.func @mgpuStreamDestroy(!llvm.ptr)
  func.func @ordered(%v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %m = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
    %t2 = gpu.launch_func async [%t1] <%s : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    %t3 = gpu.memset async [%t2] %m, %v : memref<16xf32>, f32
    gpu.wait [%t3]
    llvm.call @mgpuStreamSynchronize(%s) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s) : (!llvm.ptr) -> ()
    gpu.dealloc %m : memref<16xf32>
    return
  }
}
// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  llvm.func @mgpuStreamDestroy(!llvm.ptr)
  func.func @unordered(%v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %m = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    // expected-note @+1 {{memset writes it here}}
    %t1 = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
    // expected-error-re @+1 {{data race: kernel @k::@set at {{.*}} writes {{.*}} while memset at {{.*}} writes it (no happens-before)}}
    %t2 = gpu.launch_func async [%t0] <%s : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    gpu.wait [%t1, %t2]
    llvm.call @mgpuStreamSynchronize(%s) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s) : (!llvm.ptr) -> ()
    gpu.dealloc %m : memref<16xf32>
    return
  }
}
