// The kernel of g2r-host-register.mlir on host memory that was never registered (the program
// registered another buffer): a "device access to host memory" hazard before lowering and after
// --gpu-to-runtime alike (exit code 1). Unregistering memory that is not registered is reported too.
// RUN: not asyncgpu-opt %s --run --backend sim 2> %t.before
// RUN: filecheck %s --input-file %t.before
// RUN: not asyncgpu-opt %s --gpu-to-runtime --run --backend sim 2> %t.after
// RUN: filecheck %s --input-file %t.after
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// CHECK: error: device access to host memory: kernel @kernels::@inc on {{.*}} reads %h (plain host memory
// CHECK-NEXT: error: invalid unregister: mgpuMemHostUnregister at {{.*}} of memory that is not registered
// CHECK-NEXT: asyncgpu-opt: 2 hazards detected
// IR: %[[H:.*]] = memref.cast %alloc : memref<2x3xf32> to memref<*xf32>
// IR: %[[G:.*]] = memref.cast %alloc_0 : memref<2x3xf32> to memref<*xf32>
// IR: %[[DG:.*]] = builtin.unrealized_conversion_cast %[[G]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// IR: llvm.call @mgpuMemHostRegisterMemRef(
// IR: gpu.launch_func {{.*}} args(%alloc : memref<2x3xf32>)
// IR: %[[DH:.*]] = builtin.unrealized_conversion_cast %[[H]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// IR: llvm.call @mgpuMemHostUnregisterMemRef(
// IR-NOT: gpu.host_

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inc(%a: memref<2x3xf32>) kernel {
      %i = gpu.block_id x
      %j = gpu.thread_id x
      %x = memref.load %a[%i, %j] : memref<2x3xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i, %j] : memref<2x3xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<2x3xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        memref.store %z, %h[%i, %j] : memref<2x3xf32>
      }
    }
    %u = memref.cast %h : memref<2x3xf32> to memref<*xf32>
    %g = memref.alloc() : memref<2x3xf32>
    %v = memref.cast %g : memref<2x3xf32> to memref<*xf32>
    gpu.host_register %v : memref<*xf32>
    gpu.launch_func @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1) args(%h : memref<2x3xf32>)
    gpu.host_unregister %u : memref<*xf32>
    memref.dealloc %h : memref<2x3xf32>
    memref.dealloc %g : memref<2x3xf32>
    return
  }
}
