// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @indirect_one_type(%fp: !llvm.ptr) {
  // expected-error @+1 {{expected indirect call to have 2 trailing types}}
  llvm.call %fp() : () -> ()
  llvm.return
}

// -----

llvm.func @two_results(%fp: !llvm.ptr) {
  // expected-error @+1 {{expected function with 0 or 1 result}}
  %0:2 = llvm.call %fp() : !llvm.ptr, () -> (i8, i8)
  llvm.return
}

// -----

llvm.func @void_result(%fp: !llvm.ptr) {
  // expected-error @+1 {{expected a non-void result type}}
  llvm.call %fp() : !llvm.ptr, () -> !llvm.void
  llvm.return
}

// -----

llvm.func @callee_is_int(%fp: i64) {
  // expected-error @+1 {{'llvm.call' op indirect call expects a pointer as callee: 'i64'}}
  llvm.call %fp() : i64, () -> ()
  llvm.return
}

// -----

llvm.func @value_wanted() -> i16

llvm.func @drops_value() {
  // expected-error @+1 {{'llvm.call' op expected function call to produce a value}}
  llvm.call @value_wanted() : () -> ()
  llvm.return
}

// -----

llvm.func @nothing()

llvm.func @wants_value() {
  // expected-error @+1 {{'llvm.call' op calling function with void result must not produce values}}
  %0 = llvm.call @nothing() : () -> i16
  llvm.return
}

// -----

func.func private @not_llvm()

llvm.func @func_callee() {
  // expected-error @+1 {{'llvm.call' op 'not_llvm' does not reference a valid LLVM function or IFunc}}
  llvm.call @not_llvm() : () -> ()
  llvm.return
}

// -----

llvm.func @printf(!llvm.ptr, ...) -> i32

llvm.func @no_vararg_type(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  %0 = "llvm.call"(%p) <{callee = @printf, operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = array<i32>}> : (!llvm.ptr) -> i32
  llvm.return
}

// -----

llvm.func @printf(!llvm.ptr, ...) -> i32

llvm.func @vararg_too_many_params(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.call' op expected var_callee_type to have at most 1 parameters}}
  %0 = llvm.call @printf(%p) vararg(!llvm.func<i32 (ptr, i32, ...)>) : (!llvm.ptr) -> i32
  llvm.return
}

// -----

llvm.func @vararg_not_variadic(%fp: !llvm.ptr, %x: f32) {
  // expected-error @+1 {{'llvm.call' op expected var_callee_type to be a variadic function type}}
  llvm.call %fp(%x) vararg(!llvm.func<void (f32)>) : !llvm.ptr, (f32) -> ()
  llvm.return
}

// -----

llvm.func @vararg_result(%fp: !llvm.ptr, %x: f32) {
  // expected-error @+1 {{'llvm.call' op var_callee_type return type mismatch: 'f64' != 'f32'}}
  %0 = llvm.call %fp(%x) vararg(!llvm.func<f64 (...)>) : !llvm.ptr, (f32) -> f32
  llvm.return
}

// -----

func.func @tensor_arg(%t: tensor<2xf32>, %fp: !llvm.ptr) {
  // expected-error @+1 {{'llvm.call' op operand #1 must be variadic of LLVM dialect-compatible type, but got 'tensor<2xf32>'}}
  llvm.call %fp(%t) : !llvm.ptr, (tensor<2xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{custom op 'llvm.func' failed to construct function type: expected LLVM type for function arguments}}
llvm.func @tensor_param(%t: tensor<2xf32>) {
  llvm.return
}

// -----

// expected-error @+1 {{custom op 'llvm.func' failed to construct function type: expected LLVM type for function results}}
llvm.func @memref_result() -> memref<f32>

// -----

llvm.func @ret_void(%x: i32) {
  // expected-note @-1 {{when returning from function}}
  // expected-error @+1 {{'llvm.return' op expected no operands}}
  llvm.return %x : i32
}

// -----

llvm.func @ret_value() -> f32 {
  // expected-note @-1 {{when returning from function}}
  // expected-error @+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

llvm.func @icmp_bad(%x: i32) {
  // expected-error @+1 {{'lt' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "lt" %x, %x : i32
  llvm.return
}

// -----

llvm.func @callee()

llvm.func @bundle_type_count(%x: i64) {
  // expected-error @+1 {{custom op 'llvm.call' expected 2 types for operand bundle operands for operand bundle #0, but actually got 1}}
  llvm.call @callee() ["a"(), "b"(%x, %x : i64)] : () -> ()
  llvm.return
}

// -----

llvm.func @callee(i64)

llvm.func @bundle_tags(%x: i64) {
  // expected-error @+1 {{expected 1 operand bundle tags, but actually got 2}}
  "llvm.call"(%x, %x) <{callee = @callee, op_bundle_sizes = array<i32: 1>, op_bundle_tags = ["a", "b"], operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
  llvm.return
}

// -----

llvm.func @no_callee_generic() {
  // expected-error @+1 {{'llvm.call' op must have either a `callee` attribute or at least an operand}}
  "llvm.call"() <{op_bundle_sizes = array<i32>}> : () -> ()
  llvm.return
}

// -----

llvm.func @no_bundle_sizes() {
  // expected-error @+1 {{'llvm.call' op requires attribute 'op_bundle_sizes'}}
  "llvm.call"() : () -> ()
  llvm.return
}

// -----

llvm.func @segments_default(%x: i64) {
  // expected-error @+1 {{'llvm.call' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "llvm.call"(%x) : (i64) -> ()
  llvm.return
}

// -----

llvm.func @direct_call_trailing_types(%x: i64) {
  // expected-error @+2 {{expected '('}}
  // expected-error @+1 {{custom op 'llvm.call' expected direct call to have 1 trailing types}}
  llvm.call @f(%x) : i64
  llvm.return
}

// -----

llvm.func @indirect_call_signature(%p: !llvm.ptr, %x: i64) {
  // expected-error @+2 {{expected '('}}
  // expected-error @+1 {{custom op 'llvm.call' expected trailing function type}}
  llvm.call %p(%x) : !llvm.ptr, i64
  llvm.return
}

// -----

llvm.func @no_arrow(i32)
llvm.func @call_no_arrow(%x: i32) {
  // expected-error @+1 {{expected direct call to have 1 trailing types}}
  llvm.call @no_arrow(%x) : (i32 {llvm.signext})
  llvm.return
}
