// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of scf.forall / scf.forall.in_parallel: the normalized `in` form, the
// `= lb to ub step s` form with mixed static/dynamic bounds, a loop whose constant lower
// bounds 0 and steps 1 print back in the `in` form, shared_outs with results (the
// terminator printed), and gpu mapping attributes.

// CHECK-LABEL: func.func @normalized(
// CHECK-SAME: %[[N:.*]]: index, %[[M:.*]]: memref<8x8xf32>) {
// CHECK-NEXT: scf.forall (%[[I:.*]], %[[J:.*]]) in (%[[N]], 8) {
// CHECK-NEXT: %{{.*}} = memref.load %[[M]][%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK-NEXT: scf.forall (%{{.*}}) in (4) {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @normalized(%n: index, %m: memref<8x8xf32>) {
  scf.forall (%i, %j) in (%n, 8) {
    %v = memref.load %m[%i, %j] : memref<8x8xf32>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) in (4) {
    scf.forall.in_parallel {
    }
  }
  return
}

// CHECK-LABEL: func.func @bounds(
// CHECK-SAME: %[[N:.*]]: index) {
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: scf.forall (%{{.*}}) in (%[[N]]) {
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%{{.*}}) = (%[[C1]]) to (%[[N]]) step (%[[C2]]) {
// CHECK-NEXT: } {mapping = [#gpu.block<z>]}
// CHECK-NEXT: scf.forall (%{{.*}}, %{{.*}}) = (0, 2) to (%[[N]], 8) step (1, 3) {
// CHECK-NEXT: } {mapping = [#gpu.warp<linear_dim_0>, #gpu.lane<x>]}
func.func @bounds(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
  }
  scf.forall (%i) = (%c1) to (%n) step (%c2) {
  } {mapping = [#gpu.block<z>]}
  scf.forall (%i, %j) = (0, 2) to (%n, 8) step (1, 3) {
  } {mapping = [#gpu.warp<linear_dim_0>, #gpu.lane<x>]}
  return
}

// CHECK-LABEL: func.func @shared_outs(
// CHECK-SAME: %[[N:.*]]: index, %[[T:.*]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[R:.*]] = scf.forall (%{{.*}}) = (1) to (%[[N]]) step (2) shared_outs(%{{.*}} = %[[T]]) -> (tensor<4xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[S:.*]]:2 = scf.forall (%{{.*}}, %{{.*}}) in (4, %[[N]]) shared_outs(%{{.*}} = %[[T]], %{{.*}} = %[[R]]) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: } {note = "combining"}
// CHECK-NEXT: } {mapping = [#gpu.thread<linear_dim_3>, #gpu.memory_space<private>]}
// CHECK-NEXT: return %[[S]]#1 : tensor<4xf32>
func.func @shared_outs(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) = (1) to (%n) step (2) shared_outs(%o = %t) -> tensor<4xf32> {
  }
  %s:2 = scf.forall (%i, %j) in (4, %n) shared_outs(%o = %t, %p = %r) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.forall.in_parallel {
    } {note = "combining"}
  } {mapping = [#gpu.thread<linear_dim_3>, #gpu.memory_space<private>]}
  return %s#1 : tensor<4xf32>
}
