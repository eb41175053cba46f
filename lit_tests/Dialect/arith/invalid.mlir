// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @constant_type_mismatch() {
  %0 = arith.constant 1.0 : i32
  // expected-error @+1 {{floating point value not valid for specified type}}
  return
}

// -----

func.func @constant_attr_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @addi_float(%arg0: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %arg0, %arg0 : f32
  return
}

// -----

func.func @addf_int(%arg0: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %arg0, %arg0 : i32
  return
}

// -----

func.func @cmpi_bad_predicate(%arg0: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %arg0, %arg0 : i32
  return
}

// -----

func.func @extsi_narrowing(%arg0: i64) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %arg0 : i64 to i32
  return
}

// -----

func.func @trunci_widening(%arg0: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %arg0 : i32 to i64
  return
}

// -----

func.func @index_cast_bad(%arg0: f32) {
  // expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %arg0 : f32 to index
  return
}

// -----

func.func @select_mismatch(%c: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @bitcast_width(%arg0: f32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %arg0 : f32 to i64
  return
}
