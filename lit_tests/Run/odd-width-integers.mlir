// Integers of a width numpy has no type for (i3, i12, i20) keep their own width: constants, casts
// and arithmetic wrap at it, signed ops read the top bit as the sign, unsigned ones do not.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  // CHECK:      -1
  // CHECK-NEXT: 3
  %c7 = arith.constant 7 : i3
  %c3 = arith.constant 3 : i3
  vector.print %c7 : i3
  vector.print %c3 : i3
  // 3 + 1 wraps to -4; -1 * 3 is -3; 2000 + 100 wraps in i12 to -1996
  // CHECK-NEXT: -4
  // CHECK-NEXT: -3
  // CHECK-NEXT: -1996
  %c1 = arith.constant 1 : i3
  %s = arith.addi %c3, %c1 : i3
  %p = arith.muli %c7, %c3 : i3
  %a = arith.constant 2000 : i12
  %b = arith.constant 100 : i12
  %ab = arith.addi %a, %b : i12
  vector.print %s : i3
  vector.print %p : i3
  vector.print %ab : i12
  // trunci / index_cast / index_castui narrow to the width; extsi and extui widen
  // CHECK-NEXT: 334
  // CHECK-NEXT: -2
  // CHECK-NEXT: 1
  // CHECK-NEXT: -1
  // CHECK-NEXT: 7
  // CHECK-NEXT: 1048575
  %big = arith.constant -3762 : index
  %t12 = arith.index_cast %big : index to i12
  %x = arith.constant 1022 : i32
  %t3 = arith.trunci %x : i32 to i3
  %y = arith.constant 11277513 : index
  %u3 = arith.index_castui %y : index to i3
  %e1 = arith.extsi %c7 : i3 to i64
  %e2 = arith.extui %c7 : i3 to i64
  %m1 = arith.constant -1 : i32
  %t20 = arith.trunci %m1 : i32 to i20
  %e3 = arith.extui %t20 : i20 to i64
  vector.print %t12 : i12
  vector.print %t3 : i3
  vector.print %u3 : i3
  vector.print %e1 : i64
  vector.print %e2 : i64
  vector.print %e3 : i64
  // dense constants wrap too: 255 in an i8 is -1
  // CHECK-NEXT: ( -1, 127, -128 )
  %v = arith.constant dense<[255, 127, 128]> : vector<3xi8>
  vector.print %v : vector<3xi8>
  return
}
