// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @a(%m: memref<16x10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<16x10xf32>) -> f32
  return
}

// -----

func.func @b(%m: memref<10xi32>, %i: index, %v: i32) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<10xi32>) -> i32
  return
}

// -----

func.func @c(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'ori' expects an integer type}}
  %x = memref.atomic_rmw ori %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @d(%m: memref<10xf32>, %i: index, %v: f64) {
  // expected-error @+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (f64, memref<10xf32>) -> f64
  return
}

// -----

func.func @e(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @f(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: i32):
    memref.atomic_yield %v : f32
  }
  return
}

// -----

func.func @g(%m: memref<10xf32>, %i: index, %v: f32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %a, %m[%i] : memref<10xf32>
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @h(%m: memref<10xf32>, %i: index, %v: i32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %v : i32
  }
  return
}

// -----

func.func @k(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
  %x = memref.atomic_rmw foo %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}
