// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// Parser and core IR errors.

func.func @undefined_value() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %x : i32
}

// -----

func.func @redefinition() {
  // expected-note @+1 {{previously defined here}}
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{redefinition of SSA value '%c0'}}
  %c0 = arith.constant 1 : index
  return
}

// -----

func.func @unknown_op() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @unknown_op_custom() {
  // expected-error @+1 {{custom op 'arith.frobnicate' is unknown}}
  %0 = arith.frobnicate 1 : i32
  return
}

// -----

func.func @missing_terminator() {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 0 : index}> : () -> index}}
  %c0 = arith.constant 0 : index
}

// -----

// expected-note @+1 {{prior use here}}
func.func @use_type_mismatch(%arg0: i32) -> i64 {
  // expected-error @+1 {{use of value '%arg0' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %arg0, %arg0 : i64
  return %0 : i64
}

// -----

func.func @bad_type() {
  // expected-error @+1 {{expected non-function type}}
  %0 = arith.constant 0 : i32x
  return
}

// -----

func.func @generic_operand_count(%arg0: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%arg0) : (i32) -> i32
  return
}

// -----

func.func @dominance() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %1 : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = arith.constant 0 : i32
  return
}

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func @dup() {
    return
  }
  // expected-error @+1 {{redefinition of symbol named 'dup'}}
  func.func @dup() {
    return
  }
}

// -----

// A memref holds builtin scalars, vectors and memrefs only.
// expected-error @+1 {{invalid memref element type}}
func.func @tuple_element(%a: memref<4xtuple<i32>>) {
  return
}

// -----

// expected-error @+1 {{invalid memref element type}}
func.func @unranked_none(%a: memref<*xnone>) {
  return
}

// -----

func.func @stray_character() {
  return
// expected-error @+1 {{unexpected character}}
} `

// -----

func.func @launch_needs_a_name(%c: index) {
  // expected-error @+1 {{custom op 'gpu.launch' needs to be named when marked 'async'}}
  gpu.launch async blocks(%bx, %by, %bz) in (%x = %c, %y = %c, %z = %c) threads(%tx, %ty, %tz) in (%a = %c, %b = %c, %d = %c) {
    gpu.terminator
  }
  return
}

// -----

func.func @successor_at_top_level() {
  return
}
// expected-error @+1 {{reference to an undefined block}}
cf.br ^bb7

// -----

// The op's own verifier runs before its block's terminator is checked.
func.func @op_error_before_missing_terminator(%a: memref<4xf32>) {
  %c = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %v = memref.load %a[%c, %c] : memref<4xf32>
}

// -----

// Dominance is checked after every other verifier.
func.func @op_error_before_dominance(%a: memref<4xf32>) {
  %1 = arith.addi %0, %0 : i32
  %0 = arith.constant 1 : i32
  %c = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %v = memref.load %a[%c, %c] : memref<4xf32>
  return
}

// -----

// Dominance across blocks: a value of one branch is not available where the branches join.
func.func @dominance_across_blocks(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %x = arith.constant 1 : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %x, %x : i32
  return
}

// -----

// A block argument of a block that does not dominate the use; the note is at the region's op.
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @dominance_block_argument(%c: i1) {
  cf.cond_br %c, ^bb1(%c : i1), ^bb2
^bb1(%a: i1):
  cf.br ^bb2
^bb2:
  // expected-error @+1 {{operand #1 does not dominate this use}}
  %y = arith.andi %c, %a : i1
  return
}

// -----

// A nested region sees only the values defined before its op.
func.func @dominance_into_nested_region(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %y = arith.addi %x, %x : i32
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %x = arith.constant 1 : i32
  return
}

// -----

// An op's result is not available inside its own regions.
func.func @dominance_own_result() {
  %c = arith.constant 1 : i32
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %0 = scf.execute_region -> i32 {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %1 = arith.addi %c, %0 : i32
    scf.yield %1 : i32
  }
  return
}

// -----

// The ops of a module that are not IsolatedFromAbove are verified before the functions.
func.func @verified_second(%a: memref<4xf32>) {
  %c = arith.constant 0 : index
  %v = memref.load %a[%c, %c] : memref<4xf32>
  return
}
// expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
%x = "arith.constant"() <{value = 1 : i32}> : () -> i64

// -----

// index is 64-bit and signed: 2^63 does not wrap around as it does for i64.
func.func @index_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 9223372036854775808 : index
  return
}

// -----

// A decimal integer is not a float literal.
func.func @decimal_integer_for_float() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant -7 : f32
  return
}

// -----

func.func @decimal_integer_in_float_elements() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant dense<[1.5, 0, 3.0]> : tensor<3xf16>
  return
}
