// REQUIRES: mlir-opt-ref
// gpu.host_register/host_unregister: upstream verifies our lowered IR, lowers it the rest of the way
// (the unranked-descriptor cast reconciles with its memref lowering), and its own -gpu-to-llvm emits
// the same callees with the same argument types (rank, descriptor pointer, element size).
// RUN: asyncgpu-opt %s -gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: asyncgpu-opt %s -gpu-to-runtime | %{mlir-opt-ref} -finalize-memref-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts | filecheck %s
// RUN: asyncgpu-opt %s -gpu-to-runtime | %{mlir-opt-ref} -finalize-memref-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts | filecheck %s --check-prefix=RECONCILED
// RUN: %{mlir-opt-ref} %s -gpu-to-llvm | filecheck %s
// CHECK: %[[G:[0-9]+]] = llvm.getelementptr %{{[0-9]+}}[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT: %[[SZ:[0-9]+]] = llvm.ptrtoint %[[G]] : !llvm.ptr to i64
// CHECK-NEXT: %[[RANK:[0-9]+]] = llvm.extractvalue %[[D:[0-9]+]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[P:[0-9]+]] = llvm.extractvalue %[[D]][1] : !llvm.struct<(i64, ptr)>
// CHECK: llvm.call @mgpuMemHostRegisterMemRef(%[[RANK]], %[[P]], %[[SZ]]) : (i64, !llvm.ptr, i64) -> ()
// CHECK: llvm.call @mgpuMemHostUnregisterMemRef(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64) -> ()
// The element size is the same `getelementptr null[1]` of the element's LLVM type as upstream's.
// CHECK: llvm.getelementptr %{{[0-9]+}}[1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.call @mgpuMemHostRegisterMemRef(
// CHECK: llvm.getelementptr %{{[0-9]+}}[1] : (!llvm.ptr) -> !llvm.ptr, vector<4xi64>
// CHECK: llvm.call @mgpuMemHostRegisterMemRef(
// CHECK: llvm.getelementptr %{{[0-9]+}}[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(f32, f32)>
// CHECK: llvm.call @mgpuMemHostUnregisterMemRef(
// CHECK-DAG: llvm.func @mgpuMemHostRegisterMemRef(i64, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @mgpuMemHostUnregisterMemRef(i64, !llvm.ptr, i64)
// RECONCILED-NOT: unrealized_conversion_cast
module attributes {gpu.container_module} {
  func.func @main() {
    %h = memref.alloc() : memref<2x3xf32>
    %u = memref.cast %h : memref<2x3xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.host_unregister %u : memref<*xf32>
    memref.dealloc %h : memref<2x3xf32>
    return
  }
  func.func @elems(%a: memref<*xindex>, %b: memref<*xvector<4xindex>>, %c: memref<*xcomplex<f32>>) {
    gpu.host_register %a : memref<*xindex>
    gpu.host_register %b : memref<*xvector<4xindex>>
    gpu.host_unregister %c : memref<*xcomplex<f32>>
    return
  }
}
