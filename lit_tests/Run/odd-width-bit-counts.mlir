// Bit counts, bit reversal and absolute value of integers of a width numpy has no type for (i3,
// i12): only the type's own bits count (-1 : i3 has 3 set bits, not 64) and results wrap at the
// width (absi of the most negative i3 is itself), in math and in the llvm intrinsics.  The expected
// values are mlir-runner's on this file lowered by upstream mlir-opt (-convert-math-to-llvm
// -convert-vector-to-llvm -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts).
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %m1 = arith.constant -1 : i3
  %c1 = arith.constant 1 : i3
  %m4 = arith.constant -4 : i3
  %z = arith.constant 0 : i3
  // i3: ctpop 7 = 3, ctpop 4 = 1; ctlz 1 = 2, ctlz 7 = 0, ctlz 0 = 3; cttz 4 = 2, cttz 0 = 3;
  // absi -4 = -4, absi -1 = 1
  // CHECK:      3
  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 0
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: -4
  // CHECK-NEXT: 1
  %p1 = math.ctpop %m1 : i3
  %p2 = math.ctpop %m4 : i3
  %l1 = math.ctlz %c1 : i3
  %l2 = math.ctlz %m1 : i3
  %l3 = math.ctlz %z : i3
  %t1 = math.cttz %m4 : i3
  %t2 = math.cttz %z : i3
  %a1 = math.absi %m4 : i3
  %a2 = math.absi %m1 : i3
  vector.print %p1 : i3
  vector.print %p2 : i3
  vector.print %l1 : i3
  vector.print %l2 : i3
  vector.print %l3 : i3
  vector.print %t1 : i3
  vector.print %t2 : i3
  vector.print %a1 : i3
  vector.print %a2 : i3
  // i12: ctpop -2 = 11, ctlz 5 = 9, cttz -2048 = 11
  // CHECK-NEXT: 11
  // CHECK-NEXT: 9
  // CHECK-NEXT: 11
  %x = arith.constant -2 : i12
  %y = arith.constant 5 : i12
  %w = arith.constant -2048 : i12
  %p3 = math.ctpop %x : i12
  %l4 = math.ctlz %y : i12
  %t3 = math.cttz %w : i12
  vector.print %p3 : i12
  vector.print %l4 : i12
  vector.print %t3 : i12
  // the llvm intrinsics: ctpop 7 = 3, ctlz 1 = 2, cttz 0 = 3, bitreverse 1 = 4 (which is -4),
  // bitreverse of 5 : i12 = 0b101000000000 = 2560 (which is -1536)
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: -4
  // CHECK-NEXT: -1536
  %i1 = llvm.intr.ctpop(%m1) : (i3) -> i3
  %i2 = "llvm.intr.ctlz"(%c1) <{is_zero_poison = false}> : (i3) -> i3
  %i3 = "llvm.intr.cttz"(%z) <{is_zero_poison = false}> : (i3) -> i3
  %i4 = llvm.intr.bitreverse(%c1) : (i3) -> i3
  %i5 = llvm.intr.bitreverse(%y) : (i12) -> i12
  vector.print %i1 : i3
  vector.print %i2 : i3
  vector.print %i3 : i3
  vector.print %i4 : i3
  vector.print %i5 : i12
  return
}
