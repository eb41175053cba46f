// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @string_length() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array type of 2 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("ab") : !llvm.array<3 x i8>
  llvm.return
}

// -----

llvm.func @struct_needs_array() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute for struct type}}
  %0 = llvm.mlir.constant(0 : i32) : !llvm.struct<(i32)>
  llvm.return
}

// -----

llvm.func @struct_field_type() {
  // expected-error @+1 {{'llvm.mlir.constant' op struct element at index 1 is of wrong type}}
  %0 = llvm.mlir.constant([1 : i8, 2 : i8]) : !llvm.struct<(i8, i16)>
  llvm.return
}

// -----

llvm.func @struct_of_ptr() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected struct element types to be floating point type or integer type}}
  %0 = llvm.mlir.constant([1 : i64]) : !llvm.struct<(ptr)>
  llvm.return
}

// -----

llvm.func @int_into_float() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = llvm.mlir.constant(3 : i32) : f32
  llvm.return
}

// -----

llvm.func @float_width() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected integer type of width 32}}
  %0 = llvm.mlir.constant(1.0 : f32) : i64
  llvm.return
}

// -----

llvm.func @float_kind() {
  // expected-error @+1 {{'llvm.mlir.constant' op attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(1.0 : f64) : f32
  llvm.return
}

// -----

llvm.func @count() {
  // expected-error @+1 {{'llvm.mlir.constant' op type and attribute have a different number of elements: 4 vs. 3}}
  %0 = llvm.mlir.constant(dense<[1, 2, 3]> : vector<3xi32>) : vector<4xi32>
  llvm.return
}

// -----

llvm.func @scalable_not_splat() {
  // expected-error @+1 {{'llvm.mlir.constant' op scalable vector type requires a splat attribute}}
  %0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<[2]xi32>
  llvm.return
}

// -----

llvm.func @dense_into_scalar() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected vector or array type}}
  %0 = llvm.mlir.constant(dense<1> : vector<1xi32>) : i32
  llvm.return
}

// -----

llvm.func @array_attr_into_int() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array or struct type for array attribute}}
  %0 = llvm.mlir.constant([1 : i32]) : i32
  llvm.return
}

// -----

llvm.func @array_of_ints_as_array_attr() {
  // expected-error @+1 {{'llvm.mlir.constant' op for array with an array attribute must have a struct element type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.array<2 x i32>
  llvm.return
}

// -----

llvm.func @struct_array_size() {
  // expected-error @+1 {{'llvm.mlir.constant' op nested array attribute size for struct element at index 1 must match struct size: 1 vs. 2}}
  %0 = llvm.mlir.constant([[1 : i8, 2 : i8], [3 : i8]]) : !llvm.array<2 x struct<(i8, i8)>>
  llvm.return
}

// -----

llvm.func @symbol_value() {
  // expected-error @+1 {{'llvm.mlir.constant' op only supports integer, float, string or elements attributes}}
  %0 = llvm.mlir.constant(@symbol_value) : !llvm.ptr
  llvm.return
}
