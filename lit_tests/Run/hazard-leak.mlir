// A stream and an event created through the runtime API are never destroyed.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK-DAG: error: leak: stream {{[0-9]+}} created at {{.*}}:11:{{[0-9]+}} is never destroyed
// CHECK-DAG: error: leak: event {{[0-9]+}} created at {{.*}}:12:{{[0-9]+}} is never destroyed
// CHECK: asyncgpu-opt: 2 hazards detected
module {
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuEventCreate() -> !llvm.ptr
  llvm.func @mgpuEventRecord(!llvm.ptr, !llvm.ptr)
  func.func @main() {
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    llvm.call @mgpuEventRecord(%e, %s) : (!llvm.ptr, !llvm.ptr) -> ()
    return
  }
}
