// RUN: asyncgpu-opt %s -canonicalize | filecheck %s
// Upstream's patterns for scf and memref: scf.for with one iteration inlined and with none replaced
// by its initial values, scf.if with a constant condition inlined or erased, a dynamic alloc size
// given by a constant made static, memref.dim of a static size folded, casts folded into their
// users, an allocation only stored into and deallocated erased, and a gpu.memcpy into such an
// allocation erased.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %0 = memref.load %arg0[%c0] : memref<4xf32>
// CHECK-NEXT:    %1 = arith.addf %0, %cst : f32
// CHECK-NEXT:    %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.store %1, %alloc[%c0] : memref<4xf32>
// CHECK-NEXT:    %2 = memref.load %alloc[%c4] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:    return %2 : f32
func.func @f(%m: memref<4xf32>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %init = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c1 step %c4 iter_args(%acc = %init) -> f32 {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %r2 = scf.for %i = %c4 to %c0 step %c1 iter_args(%acc = %r) -> f32 {
    scf.yield %init : f32
  }
  %q = scf.if %true -> f32 {
    scf.yield %r2 : f32
  } else {
    scf.yield %init : f32
  }
  scf.if %false {
    memref.store %q, %m[%c0] : memref<4xf32>
  }
  %a = memref.alloc(%c4) : memref<?xf32>
  memref.store %q, %a[%c0] : memref<?xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  %l = memref.load %a[%d] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %l : f32
}

// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:    %0 = gpu.wait async
// CHECK-NEXT:    %memref, %asyncToken = gpu.alloc async [%0] (%arg0) : memref<?xf32>
// CHECK-NEXT:    %1 = gpu.dealloc async [%asyncToken] %memref : memref<?xf32>
// CHECK-NEXT:    gpu.wait [%1]
// CHECK-NEXT:    return
func.func @dead(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %s = memref.alloca(%n) : memref<?xf32>
  %0 = gpu.wait async
  %m, %1 = gpu.alloc async [%0] (%n) : memref<?xf32>
  %2 = gpu.memcpy async [%1] %m, %s : memref<?xf32>, memref<?xf32>
  %3 = gpu.dealloc async [%2] %m : memref<?xf32>
  gpu.wait [%3]
  return
}

// Constant bounds and steps of scf.forall become static.
// CHECK-LABEL: func.func @forall(
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    scf.forall (%arg2) = (1) to (%arg0) step (2) {
// CHECK-NEXT:      memref.store %cst, %arg1[%arg2] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg2) in (8) {
func.func @forall(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant 1.0 : f32
  scf.forall (%i) = (%c1) to (%n) step (%c2) {
    memref.store %v, %m[%i] : memref<?xf32>
  }
  scf.forall (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}
