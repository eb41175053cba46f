// REQUIRES: mlir-opt-ref
// `mlir-opt ... | asyncgpu-opt --gpu-to-runtime` in place of upstream's `-gpu-to-llvm`, at the stage
// upstream's own pipeline reaches: kernels compiled into a gpu.binary, the host an llvm.func over
// descriptors built by finalize-memref-to-llvm.  Ours lowers it (the two independent copies on two
// streams, joined with an event) and upstream verifies the result; upstream's own -gpu-to-llvm
// cannot lower the launch with two dependencies.
// RUN: %{mlir-opt-ref} %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm),nvvm-attach-target{chip=sm_75},gpu-module-to-binary{format=isa},convert-scf-to-cf,finalize-memref-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm)' > %t.stage.mlir
// RUN: asyncgpu-opt %t.stage.mlir --gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: not %{mlir-opt-ref} %t.stage.mlir -gpu-to-llvm 2>&1 | filecheck %s --check-prefix UP
// With the kernels still as gpu.func (only the host lowered to LLVM), the same.
// RUN: %{mlir-opt-ref} %s --pass-pipeline='builtin.module(convert-scf-to-cf,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm)' | asyncgpu-opt --gpu-to-runtime | %{mlir-opt-ref} | filecheck %s --check-prefix SRC

// CHECK: gpu.binary @k
// CHECK-LABEL: llvm.func @main
// CHECK-DAG: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-DAG: %[[S2:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-DAG: llvm.call @mgpuMemcpy({{.*}}, %[[S1]])
// CHECK-DAG: llvm.call @mgpuMemcpy({{.*}}, %[[S2]])
// CHECK: llvm.call @mgpuEventRecord(%[[E:.*]], %[[SJ:.*]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[SL:.*]], %[[E]])
// CHECK: gpu.launch_func <%[[SL]] : !llvm.ptr> @k::@add blocks in
// CHECK: llvm.call @mgpuMemcpy({{.*}}, %[[SL]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[SL]])
// CHECK-DAG: llvm.call @mgpuEventDestroy(%[[E]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S1]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S2]])
// CHECK-NOT: gpu.wait
// CHECK-NOT: gpu.alloc
// CHECK-NOT: gpu.memcpy

// UP: error: failed to legalize operation 'gpu.launch_func'

// SRC: gpu.module @k
// SRC-LABEL: llvm.func @main
// SRC: gpu.launch_func <%{{.*}} : !llvm.ptr> @k::@add blocks in
// SRC-NOT: gpu.wait

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%a: memref<4xf32>, %b: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %y = memref.load %b[%i] : memref<4xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main(%ha: memref<4xf32>, %hb: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %b, %t2 = gpu.alloc async [%t0] () : memref<4xf32>
    %t3 = gpu.memcpy async [%t1] %a, %ha : memref<4xf32>, memref<4xf32>
    %t4 = gpu.memcpy async [%t2] %b, %hb : memref<4xf32>, memref<4xf32>
    %t5 = gpu.launch_func async [%t3, %t4] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %b : memref<4xf32>)
    %t6 = gpu.memcpy async [%t5] %ha, %a : memref<4xf32>, memref<4xf32>
    %t7 = gpu.dealloc async [%t6] %a : memref<4xf32>
    %t8 = gpu.dealloc async [%t6] %b : memref<4xf32>
    gpu.wait [%t7, %t8]
    return
  }
}
