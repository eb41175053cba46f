// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @return_type_mismatch(%arg0: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @return_type_mismatch}}
  return %arg0 : i32
}

// -----

func.func @return_count_mismatch(%arg0: i32) -> (i32, i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count_mismatch) returns 2}}
  return %arg0 : i32
}

// -----

func.func @call_unknown(%arg0: i32) {
  // expected-error @+1 {{'func.call' op 'does_not_exist' does not reference a valid function}}
  %0 = call @does_not_exist(%arg0) : (i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_count(%arg0: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @callee(%arg0, %arg0) : (i32, i32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_type_mismatch(%arg0: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = call @callee(%arg0) : (f32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_mismatch(%arg0: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'f32'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = call @callee(%arg0) : (i32) -> f32
  return
}

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(i32) -> i32

// -----

func.func @entry_block_args(%arg0: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0(%x: f32):
  return
}

// -----

func.func @call_not_function() {
  // expected-error @+1 {{'func.call' op 'global' does not reference a valid function}}
  call @global() : () -> ()
  return
}
memref.global @global : memref<4xf32>

// -----

// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @arg_attr(i32 {plain = 1 : i64})

// -----

// expected-error @+1 {{'func.func' op results may only have dialect attributes}}
func.func private @res_attr() -> (i32 {plain = 1 : i64})

// -----

func.func @empty_body() {} // expected-error {{custom op 'func.func' expected non-empty function body}}

// -----

func.func @names_then_type(%a: i32,
                           // expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
                           f32) {
  return
}

// -----

func.func @type_then_name(i32,
                          // expected-error @+1 {{custom op 'func.func' expected type instead of SSA identifier}}
                          %b: f32) {
  return
}

// -----

func.func @constant_of_a_string() {
  // expected-error@+1 {{custom op 'func.constant' invalid kind of attribute specified}}
  %f = func.constant "callee" : () -> ()
  return
}

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func private @-dash()

// -----

// An entry block may name the arguments of a signature given by types only; they must agree.
// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
func.func @entry_block_type(i32) {
^bb0(%x: i64):
  return
}

// -----

func.func @named_result_of_store(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %s = memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @operand_count_one(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.dealloc' op requires a single operand}}
  "memref.dealloc"(%m, %m) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @regions_before_results(%m: memref<4xf32>) {
  // expected-error@+1 {{'arith.constant' op requires zero regions}}
  "arith.constant"() ({}) {value = 1 : index} : () -> ()
  return
}

// -----

func.func @result_count_one(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.rank' op requires one result}}
  "memref.rank"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @successor_count(%c: i1) {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  return
}
