// RUN: asyncgpu-opt %s -canonicalize | filecheck %s
// The cf patterns of canonicalize (passes/cf_patterns.py), checked against what upstream mlir-opt
// 22.1.8 -canonicalize prints for this file: a branch to a block with one predecessor merges it;
// pass-through blocks (only a cf.br) are bypassed, but not into a cycle of branches; constant
// conditions and flags become cf.br; identical successors become cf.br (with arith.select for the
// operands that differ); a cond_br / switch on the condition its single predecessor branched on
// is resolved; the condition is known true / false in a successor reached only from here; switch
// cases going where the default goes are dropped; a switch with only a default is a cf.br; the
// branch weights survive; cf.assert of true is erased.

// CHECK-LABEL: func.func @br_folding() -> i32 {
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cond_br_folding(%arg0: i1, %arg1: i32) {
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_succ_select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: f32) -> (i32, f32) {
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   return %0, %arg3 : i32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @passthrough_weights(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg2 weights([30, 70]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_condition(%arg0: i1, %arg1: memref<4xi1>, %arg2: index) {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   memref.store %true, %arg1[%arg2] : memref<4xi1>
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   memref.store %false, %arg1[%arg2] : memref<4xi1>
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @switches(%arg0: i32, %arg1: f32, %arg2: f32, %arg3: memref<4xf32>, %arg4: index) {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb2(%arg1 : f32),
// CHECK-NEXT:     10: ^bb5(%arg2 : f32),
// CHECK-NEXT:     17: ^bb1
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   memref.store %arg2, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT:   cf.br ^bb2(%arg2 : f32)
// CHECK-NEXT: ^bb2(%0: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   memref.store %0, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb3,
// CHECK-NEXT:     42: ^bb4,
// CHECK-NEXT:     43: ^bb5(%0 : f32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT:   memref.store %arg1, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb5(%arg1 : f32),
// CHECK-NEXT:     44: ^bb5(%arg2 : f32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT:   memref.store %arg2, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT:   cf.br ^bb5(%arg2 : f32)
// CHECK-NEXT: ^bb5(%1: f32):  // 5 preds: ^bb0, ^bb2, ^bb3, ^bb3, ^bb4
// CHECK-NEXT:   memref.store %1, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cycle() {
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cycle_cond(%arg0: i1) {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:   cf.br ^bb3
// CHECK-NEXT: }
// CHECK-LABEL: func.func @assert_true(%arg0: i1) {
// CHECK-NEXT:   cf.assert %arg0, "maybe"
// CHECK-NEXT:   return
// CHECK-NEXT: }

func.func @br_folding() -> i32 {
  %c0_i32 = arith.constant 0 : i32
  cf.br ^bb1(%c0_i32 : i32)
^bb1(%x : i32):
  return %x : i32
}

func.func @cond_br_folding(%cond : i1, %a : i32) {
  %f = arith.constant false
  %t = arith.constant true
  cf.cond_br %cond, ^bb1, ^bb2(%a : i32)
^bb1:
  cf.cond_br %t, ^bb3, ^bb2(%a : i32)
^bb2(%x : i32):
  cf.cond_br %f, ^bb2(%x : i32), ^bb3
^bb3:
  return
}

func.func @same_succ_select(%cond : i1, %a : i32, %b : i32, %c : f32) -> (i32, f32) {
  cf.cond_br %cond, ^bb1(%a, %c : i32, f32), ^bb1(%b, %c : i32, f32)
^bb1(%r : i32, %s : f32):
  return %r, %s : i32, f32
}

func.func @passthrough_weights(%arg0 : i32, %arg1 : i32, %cond : i1) -> i32 {
  cf.cond_br %cond weights([30, 70]), ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb3:
  cf.br ^bb4
^bb2:
  return %arg0 : i32
^bb4:
  return %arg1 : i32
}

func.func @same_condition(%cond : i1, %m : memref<4xi1>, %i : index) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %cond, %m[%i] : memref<4xi1>
  cf.cond_br %cond, ^bb3, ^bb2
^bb2:
  memref.store %cond, %m[%i] : memref<4xi1>
  cf.br ^bb3
^bb3:
  return
}

func.func @switches(%flag : i32, %a : f32, %b : f32, %m : memref<4xf32>, %i : index) {
  %c1 = arith.constant 1 : i32
  cf.switch %flag : i32, [
    default: ^bb2(%a : f32),
    42: ^bb2(%a : f32),
    10: ^bb3(%b : f32),
    17: ^bb4
  ]
^bb4:
  cf.switch %c1 : i32, [
    default: ^bb2(%a : f32),
    -1: ^bb3(%b : f32),
    1: ^bb5(%b : f32)
  ]
^bb5(%v : f32):
  memref.store %v, %m[%i] : memref<4xf32>
  cf.switch %flag : i32, [
    default: ^bb2(%v : f32)
  ]
^bb2(%x : f32):
  memref.store %x, %m[%i] : memref<4xf32>
  cf.switch %flag : i32, [
    default: ^bb6,
    42: ^bb7,
    43: ^bb3(%x : f32)
  ]
^bb6:
  memref.store %a, %m[%i] : memref<4xf32>
  cf.switch %flag : i32, [
    default: ^bb3(%a : f32),
    42: ^bb3(%b : f32),
    44: ^bb8
  ]
^bb7:
  memref.store %b, %m[%i] : memref<4xf32>
  cf.switch %flag : i32, [
    default: ^bb3(%a : f32),
    42: ^bb8
  ]
^bb8:
  cf.br ^bb3(%b : f32)
^bb3(%y : f32):
  memref.store %y, %m[%i] : memref<4xf32>
  return
}

func.func @cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb1
}

func.func @cycle_cond(%c : i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb3
}

func.func @assert_true(%c : i1) {
  %t = arith.constant true
  cf.assert %t, "never"
  cf.assert %c, "maybe"
  return
}
