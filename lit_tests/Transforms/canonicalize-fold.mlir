// RUN: asyncgpu-opt %s -canonicalize | filecheck %s
// Folding through the ops' fold hooks (upstream ArithOps.cpp): identities, constant folding with
// wrap-around, no fold of a division by zero, constants moved to the right of commutative ops,
// cmpi with a constant lhs swapped, select and casts; x + 0.0 is kept (only -0.0 is addf's identity); the results become uniqued constants at the
// front of the function, most recently met first.

// CHECK-LABEL: func.func @ints(
// CHECK-NEXT:    %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %0 = arith.muli %arg0, %c7_i32 : i32
// CHECK-NEXT:    %1 = arith.divsi %c7_i32, %c0_i32 : i32
// CHECK-NEXT:    return %arg0, %0, %c-2147483648_i32, %1, %c-1_i32, %arg0, %c128_i32, %c0_i32
func.func @ints(%x: i32, %y: index) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %cm1 = arith.constant -1 : i32
  %max = arith.constant 2147483647 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %c7, %x : i32
  %c = arith.addi %max, %c1 : i32
  %d = arith.divsi %c7, %c0 : i32
  %e = arith.remsi %cm1, %c7 : i32
  %f = arith.andi %x, %cm1 : i32
  %g = arith.shli %c1, %c7 : i32
  %h = arith.subi %x, %x : i32
  return %a, %b, %c, %d, %e, %f, %g, %h : i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @cmp_select(
// CHECK-NEXT:    %c3_i64 = arith.constant 3 : i64
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %0 = arith.cmpi slt, %arg0, %c3_i32 : i32
// CHECK-NEXT:    return %true, %0, %arg0, %arg0, %c5, %c3_i64
func.func @cmp_select(%x: i32, %p: i1) -> (i1, i1, i32, i32, index, i64) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %t = arith.cmpi slt, %c3, %c5 : i32
  %u = arith.cmpi sgt, %c3, %x : i32
  %s = arith.select %t, %x, %c5 : i32
  %v = arith.select %p, %x, %x : i32
  %i = arith.index_cast %c5 : i32 to index
  %e = arith.extsi %c3 : i32 to i64
  return %t, %u, %s, %v, %i, %e : i1, i1, i32, i32, index, i64
}

// CHECK-LABEL: func.func @floats(
// CHECK-NEXT:    %cst = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 0.333333343 : f32
// CHECK-NEXT:    %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT:    %1 = arith.addf %arg0, %cst_0 : f32
// CHECK-NEXT:    return %arg0, %cst_1, %0, %1
func.func @floats(%x: f32) -> (f32, f32, f32, f32) {
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %zero = arith.constant 0.0 : f32
  %a = arith.mulf %x, %one : f32
  %b = arith.divf %one, %three : f32
  %c = arith.addf %three, %x : f32
  %d = arith.addf %x, %zero : f32
  return %a, %b, %c, %d : f32, f32, f32, f32
}
