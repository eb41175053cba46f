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

// -----

// Cast verifiers check as ODS orders them: the operand/result type constraints first, then
// same tensor dimensions, same shape, and last cast compatibility.
func.func @extsi_of_index(%arg0: index) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %arg0 : index to i64
  return
}

// -----

func.func @uitofp_to_int(%arg0: i32) {
  // expected-error @+1 {{'arith.uitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.uitofp %arg0 : i32 to i64
  return
}

// -----

func.func @extui_tensor_dims(%arg0: tensor<4xi8>) {
  // expected-error @+1 {{'arith.extui' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extui %arg0 : tensor<4xi8> to tensor<?xi32>
  return
}

// -----

func.func @fptosi_scalable(%arg0: vector<[2]xf32>) {
  // expected-error @+1 {{'arith.fptosi' op requires the same shape for all operands and results}}
  %0 = arith.fptosi %arg0 : vector<[2]xf32> to vector<2xi32>
  return
}

// -----

func.func @extf_encoding(%arg0: tensor<3xf16, "a">) {
  // expected-error @+1 {{'arith.extf' op operand type 'tensor<3xf16, "a">' and result type 'tensor<3xf32, "b">' are cast incompatible}}
  %0 = arith.extf %arg0 : tensor<3xf16, "a"> to tensor<3xf32, "b">
  return
}

// -----

func.func @bitcast_of_index(%arg0: index) {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %arg0 : index to i64
  return
}

// -----

func.func @cmpi_float(%a: f64) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f64'}}
  %0 = arith.cmpi sle, %a, %a : f64
  return
}

// -----

func.func @cmpf_bad_predicate(%a: f32) {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 16} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_shape(%a: vector<2xi8>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1} : (vector<2xi8>, vector<2xi8>) -> vector<3xi1>
  return
}

// -----

func.func @cmpi_operand_types(%a: i8, %b: i16) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 1} : (i8, i16) -> i1
  return
}

// -----

func.func @select_condition_shape(%c: vector<3xi1>, %a: vector<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<3xi1>, vector<4xf32>
  return
}

// -----

func.func @addui_extended_mixed(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %a, %a : vector<4xi32>, i1
  return
}

// -----

func.func @mulsi_extended_float(%a: f32) {
  // expected-error @+1 {{'arith.mulsi_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0:2 = arith.mulsi_extended %a, %a : f32
  return
}

// -----

func.func @scalable_constant() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}
