// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @load_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @store_type_mismatch(%m: memref<4xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'i32'}}
  memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @alloc_dynamic_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_too_many_sizes(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @cast_incompatible(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @copy_shape_mismatch(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @get_global_unknown() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32> = uninitialized

func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<8xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<8xf32>
  return
}

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func @bad_layout(%m: memref<4xf32, strided<[1, 1]>>) {
  return
}

// -----

func.func @alloc_not_memref() {
  // expected-error @+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.alloc() : tensor<4xf32>
  return
}
