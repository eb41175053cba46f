// Unsigned division, remainder and right shift of integers of a width numpy has no type for (i3,
// i12): the operands are read as unsigned values of their own width (7 : i3 is 7, not 2**64 - 1),
// in arith and in the LLVM dialect's twins (llvm.udiv, llvm.urem, llvm.lshr).  The expected values
// are mlir-runner's on this file lowered by upstream mlir-opt (-convert-vector-to-llvm
// -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts).
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %m1 = arith.constant -1 : i3
  %m4 = arith.constant -4 : i3
  %m2 = arith.constant -2 : i3
  %c1 = arith.constant 1 : i3
  %c2 = arith.constant 2 : i3
  %c3 = arith.constant 3 : i3
  // i3: 7 / 2 = 3; 4 / 3 = 1; 7 / 6 = 1; 7 % 3 = 1; 6 % 4 = 2; ceil(7 / 2) = 4, which is -4;
  // ceil(5 / 6) = 1; 7 >> 1 = 3; 4 >> 2 = 1
  // CHECK:      3
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: -4
  // CHECK-NEXT: 1
  // CHECK-NEXT: 3
  // CHECK-NEXT: 1
  %d1 = arith.divui %m1, %c2 : i3
  %d2 = arith.divui %m4, %c3 : i3
  %d3 = arith.divui %m1, %m2 : i3
  %r1 = arith.remui %m1, %c3 : i3
  %r2 = arith.remui %m2, %m4 : i3
  %m3 = arith.constant -3 : i3
  %q1 = arith.ceildivui %m1, %c2 : i3
  %q2 = arith.ceildivui %m3, %m2 : i3
  %s1 = arith.shrui %m1, %c1 : i3
  %s2 = arith.shrui %m4, %c2 : i3
  vector.print %d1 : i3
  vector.print %d2 : i3
  vector.print %d3 : i3
  vector.print %r1 : i3
  vector.print %r2 : i3
  vector.print %q1 : i3
  vector.print %q2 : i3
  vector.print %s1 : i3
  vector.print %s2 : i3
  // i12: 4095 / 16 = 255; 4000 % 7 = 3; ceil(4095 / 2) = 2048, which is -2048; 4095 >> 4 = 255
  // CHECK-NEXT: 255
  // CHECK-NEXT: 3
  // CHECK-NEXT: -2048
  // CHECK-NEXT: 255
  %a = arith.constant -1 : i12
  %b = arith.constant 16 : i12
  %c = arith.constant -96 : i12
  %d = arith.constant 7 : i12
  %e = arith.constant 2 : i12
  %f = arith.constant 4 : i12
  %x1 = arith.divui %a, %b : i12
  %x2 = arith.remui %c, %d : i12
  %x3 = arith.ceildivui %a, %e : i12
  %x4 = arith.shrui %a, %f : i12
  vector.print %x1 : i12
  vector.print %x2 : i12
  vector.print %x3 : i12
  vector.print %x4 : i12
  // the LLVM dialect's twins: 7 udiv 2 = 3, 7 urem 3 = 1, 7 lshr 1 = 3, and 3 + 1 wraps to -4
  // CHECK-NEXT: 3
  // CHECK-NEXT: 1
  // CHECK-NEXT: 3
  // CHECK-NEXT: -4
  %l1 = llvm.udiv %m1, %c2 : i3
  %l2 = llvm.urem %m1, %c3 : i3
  %l3 = llvm.lshr %m1, %c1 : i3
  %l4 = llvm.add %c3, %c1 : i3
  vector.print %l1 : i3
  vector.print %l2 : i3
  vector.print %l3 : i3
  vector.print %l4 : i3
  return
}
