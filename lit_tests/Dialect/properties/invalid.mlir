// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// A generic op's properties dictionary must hold, for each inherent attribute, the attribute
// class its property stores; otherwise the op does not parse (before any verifier runs).

func.func @index_switch_cases(%i: index) {
  // expected-error @+1 {{invalid properties {cases = 1 : i64} for op scf.index_switch: Invalid attribute `cases` in property conversion: 1 : i64}}
  "scf.index_switch"(%i) <{cases = 1}> ({
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @load_nontemporal(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{invalid properties {nontemporal = 1 : i32} for op memref.load: Invalid attribute `nontemporal` in property conversion: 1 : i32}}
  %0 = "memref.load"(%m, %i) <{nontemporal = 1 : i32}> : (memref<4xf32>, index) -> f32
  return
}

// -----

// expected-error @+1 {{invalid properties {function_type = (index) -> (), sym_name = 3 : i64} for op func.func: Invalid attribute `sym_name` in property conversion: 3 : i64}}
"func.func"() <{function_type = (index) -> (), sym_name = 3}> ({
^bb0(%i: index):
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @segments(%i: index) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i64: 1, 1, 1, 0>} for op scf.parallel: expected DenseI32ArrayAttr for key `value`}}
  "scf.parallel"(%i, %i, %i) <{operandSegmentSizes = array<i64: 1, 1, 1, 0>}> ({
  ^bb0(%j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parse_error_first(%a: i32) {
  // the constant's verifier error would come later: parsing stops at the addi
  %0 = "arith.constant"() <{value = "x"}> : () -> i32
  // expected-error @+1 {{invalid properties {overflowFlags = 1 : i64} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i64}}
  %1 = "arith.addi"(%a, %a) <{overflowFlags = 1}> : (i32, i32) -> i32
  return
}

// -----

func.func @forall_bounds(%n: index) {
  // expected-error @+1 {{for op scf.forall: Invalid attribute `staticUpperBound` in property conversion: [1]}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = [1]}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

// expected-error @+1 {{invalid properties {constant = 1 : i64, sym_name = "g", type = memref<4xf32>} for op memref.global: Invalid attribute `constant` in property conversion: 1 : i64}}
"memref.global"() <{sym_name = "g", type = memref<4xf32>, constant = 1}> : () -> ()
