// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @br_arg_count(%x: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%x : i32)
^bb1:
  return
}

// -----

func.func @br_arg_type(%x: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%x : i32)
^bb1(%y: f32):
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @cond_br_not_i1(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^missing
}

// -----

func.func @terminator_in_middle() {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}

// -----

func.func @redefined_block() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
func.func @entry_block_predecessor() {
^bb0:
  cf.br ^bb0
}

// -----

func.func @branch_weights_count(%c: i1) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @branch_weights_zero(%c: i1) {
  // expected-error @+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_case_not_integer(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    // expected-error @+1 {{custom op 'cf.switch' expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_no_default(%f: i32) {
  cf.switch %f : i32, [
    // expected-error @+1 {{custom op 'cf.switch' expected 'default'}}
    1: ^bb1
  ]
^bb1:
  return
}

// -----

// The message is a string attribute: parsed with no type, a number has none to take.
func.func @assert_message_number(%c: i1) {
  // expected-error @+1 {{integer literal not valid for specified type}}
  cf.assert %c, 3
  return
}

// -----

func.func @assert_message_kind(%c: i1) {
  // expected-error @+1 {{custom op 'cf.assert' invalid kind of attribute specified}}
  cf.assert %c, !gpu.async.token
  return
}
