// RUN: asyncgpu-opt %s -gpu-kernel-outlining | filecheck %s

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[BUF:.*]]: memref<4xf32>, %[[T0:.*]]: !gpu.async.token)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[CST:.*]] = arith.constant 2.0
// CHECK: %[[T:.*]] = gpu.launch_func async [%[[T0]]] @main_kernel::@main_kernel blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C4]], %[[C1]], %[[C1]]) args(%[[CST]] : f32, %[[C1]] : index)
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C4]], %[[C1]], %[[C1]]) args(%[[CST]] : f32)
// CHECK: return %[[T]] : !gpu.async.token
// CHECK: gpu.module @main_kernel {
// CHECK-NEXT: gpu.func @main_kernel(%[[A0:.*]]: f32, %[[A1:.*]]: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
// CHECK-NEXT: gpu.block_id x
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: gpu.block_dim z
// CHECK-NEXT: arith.addf %[[A0]], %[[A0]] : f32
// CHECK-NEXT: arith.addi %[[TX]], %[[A1]] : index
// CHECK-NEXT: gpu.return
// CHECK: gpu.module @main_kernel_0 {
// CHECK-NEXT: gpu.func @main_kernel(%[[B0:.*]]: f32) kernel
// CHECK: gpu.printf "%f", %[[B0]] : f32
// CHECK-NEXT: gpu.return
func.func @main(%buf: memref<4xf32>, %t0: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 2.0 : f32
  %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = arith.addf %cst, %cst : f32
    %i = arith.addi %tx, %c1 : index
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    gpu.printf "%f", %cst : f32
    gpu.terminator
  }
  return %t : !gpu.async.token
}
