// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the index dialect ops gpu kernels use: arithmetic, casts to and
// from fixed-width integers, comparisons and constants (named %idxN).

// CHECK-LABEL: func.func @index_ops
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: i64)
func.func @index_ops(%a: index, %b: i64) -> i1 {
  // CHECK: %[[S:.*]] = index.add %[[A]], %[[A]]
  %0 = index.add %a, %a
  // CHECK: index.castu %[[A]] : index to i64
  %1 = index.castu %a : index to i64
  // CHECK: index.casts %[[B]] : i64 to index
  %2 = index.casts %b : i64 to index
  // CHECK: %[[C:.*]] = index.cmp slt(%[[A]], %[[S]])
  %3 = index.cmp slt(%a, %0)
  // CHECK: %idx42 = index.constant 42
  %4 = index.constant 42
  // CHECK: %idx-3 = index.constant -3
  %5 = index.constant -3
  // CHECK: index.sizeof
  %6 = index.sizeof
  // CHECK: index.maxs %[[A]], %[[S]]
  %7 = index.maxs %a, %0
  // CHECK: index.floordivs %idx42, %idx-3
  %8 = index.floordivs %4, %5
  return %3 : i1
}
