// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the cf dialect: br, cond_br (with and without block
// arguments), switch, assert; multi-block regions and block arguments.

// CHECK-LABEL: func.func @branches(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb2(%[[ARG1]] : i32), ^bb3(%[[ARG2]], %[[ARG1]] : i32, i32)
// CHECK-NEXT: ^bb2(%[[V0:.*]]: i32):  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb4(%[[V0]] : i32)
// CHECK-NEXT: ^bb3(%[[V1:.*]]: i32, %[[V2:.*]]: i32):  // pred: ^bb1
// CHECK-NEXT: %[[V3:.*]] = arith.addi %[[V1]], %[[V2]] : i32
// CHECK-NEXT: cf.br ^bb4(%[[V3]] : i32)
// CHECK-NEXT: ^bb4(%[[V4:.*]]: i32):  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: return %[[V4]] : i32
// CHECK-NEXT: }
func.func @branches(%cond: i1, %a: i32, %b: i32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.cond_br %cond, ^bb2(%a : i32), ^bb3(%b, %a : i32, i32)
^bb2(%x: i32):
  cf.br ^bb4(%x : i32)
^bb3(%y: i32, %z: i32):
  %s = arith.addi %y, %z : i32
  cf.br ^bb4(%s : i32)
^bb4(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @cond_br_no_args(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_no_args(%cond: i1) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return
}

// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[ARG0:.*]]: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi slt, %[[V0]], %[[ARG0]] : index
// CHECK-NEXT: cf.cond_br %[[V1]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[V2:.*]] = arith.addi %[[V0]], %c1 : index
// CHECK-NEXT: cf.br ^bb1(%[[V2]] : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %cmp = arith.cmpi slt, %i, %n : index
  cf.cond_br %cmp, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// CHECK-LABEL: func.func @switch_assert(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: cf.assert %[[ARG1]], "must hold"
// CHECK-NEXT: cf.switch %[[ARG0]] : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 7: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_assert(%flag: i32, %ok: i1) {
  cf.assert %ok, "must hold"
  cf.switch %flag : i32, [
    default: ^bb1,
    42: ^bb2,
    7: ^bb1
  ]
^bb1:
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @weights(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: cf.cond_br %[[ARG0]] weights([90, 10]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @weights(%cond: i1) {
  cf.cond_br %cond, ^bb1, ^bb2 {branch_weights = array<i32: 90, 10>}
^bb1:
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[ARG1]] : i32), ^bb2(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%[[V0]] : i32)
// CHECK-NEXT: ^bb2(%[[V1:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %[[V1]] : i32
// CHECK-NEXT: }
func.func @generic_forms(%cond: i1, %a: i32) -> i32 {
  "cf.cond_br"(%cond, %a, %a) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  "cf.br"(%x) [^bb2] : (i32) -> ()
^bb2(%y: i32):
  return %y : i32
}
