// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of memref's atomics: atomic_rmw with every kind, generic_atomic_rmw
// with its region (and a trailing attribute dictionary), atomic_yield.

// CHECK-LABEL: func.func @atomics
// CHECK-SAME: (%[[F:.*]]: memref<10xf32>, %[[I:.*]]: index, %[[V:.*]]: f32, %[[M:.*]]: memref<4x4xi32>, %[[VI:.*]]: i32)
func.func @atomics(%m: memref<10xf32>, %i: index, %v: f32, %mi: memref<4x4xi32>, %vi: i32) {
  // CHECK: memref.atomic_rmw addf %[[V]], %[[F]][%[[I]]] : (f32, memref<10xf32>) -> f32
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw addi %[[VI]], %[[M]][%[[I]], %[[I]]] {foo} : (i32, memref<4x4xi32>) -> i32
  %1 = memref.atomic_rmw addi %vi, %mi[%i, %i] {foo} : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw andi
  %2 = memref.atomic_rmw andi %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw assign
  %3 = memref.atomic_rmw assign %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw maximumf
  %4 = memref.atomic_rmw maximumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw maxnumf
  %5 = memref.atomic_rmw maxnumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw maxs
  %6 = memref.atomic_rmw maxs %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw maxu
  %7 = memref.atomic_rmw maxu %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw minimumf
  %8 = memref.atomic_rmw minimumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw minnumf
  %9 = memref.atomic_rmw minnumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw mins
  %10 = memref.atomic_rmw mins %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw minu
  %11 = memref.atomic_rmw minu %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw mulf
  %12 = memref.atomic_rmw mulf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw muli
  %13 = memref.atomic_rmw muli %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw ori
  %14 = memref.atomic_rmw ori %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.atomic_rmw xori
  %15 = memref.atomic_rmw xori %vi, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  // CHECK: memref.generic_atomic_rmw %[[F]][%[[I]]] : memref<10xf32> {
  // CHECK-NEXT: ^bb0(%[[CUR:.*]]: f32):
  // CHECK-NEXT: %[[N:.*]] = arith.addf %[[CUR]], %[[V]] : f32
  // CHECK-NEXT: memref.atomic_yield %[[N]] : f32
  // CHECK-NEXT: }
  %16 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %n = arith.addf %cur, %v : f32
    memref.atomic_yield %n : f32
  }
  // CHECK: memref.generic_atomic_rmw %[[M]][%[[I]], %[[I]]] : memref<4x4xi32> {
  // CHECK: } {bar = 1 : i32}
  %17 = memref.generic_atomic_rmw %mi[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %vi : i32
  } {bar = 1 : i32}
  return
}
