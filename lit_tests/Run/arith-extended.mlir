// The two-result arith ops: arith.addui_extended (wrapped sum, unsigned carry), arith.mulsi_extended
// and arith.mului_extended (low and high halves of the double-width product, signed / unsigned),
// on scalars of several widths and on a vector; values as under mlir-runner.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %a8 = arith.constant 200 : i8
  %b8 = arith.constant 100 : i8
  // CHECK:      44
  // CHECK-NEXT: 1
  %s, %o = arith.addui_extended %a8, %b8 : i8, i1
  vector.print %s : i8
  vector.print %o : i1
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK-NEXT: 3
  // CHECK-NEXT: 0
  %s2, %o2 = arith.addui_extended %c1, %c2 : i32, i1
  vector.print %s2 : i32
  vector.print %o2 : i1
  %m3 = arith.constant -3 : i32
  %p5 = arith.constant 5 : i32
  // signed: -15 is (low -15, high -1); unsigned: (2^32 - 3) * 5 has high half 4
  // CHECK-NEXT: -15
  // CHECK-NEXT: -1
  // CHECK-NEXT: -15
  // CHECK-NEXT: 4
  %l, %h = arith.mulsi_extended %m3, %p5 : i32
  vector.print %l : i32
  vector.print %h : i32
  %ul, %uh = arith.mului_extended %m3, %p5 : i32
  vector.print %ul : i32
  vector.print %uh : i32
  %n1 = arith.constant -1 : i64
  // (2^64 - 1)^2 = 2^128 - 2^65 + 1: low 1, high 2^64 - 2
  // CHECK-NEXT: 1
  // CHECK-NEXT: -2
  %ql, %qh = arith.mului_extended %n1, %n1 : i64
  vector.print %ql : i64
  vector.print %qh : i64
  %va = arith.constant dense<[127, -128, 16]> : vector<3xi8>
  %vb = arith.constant dense<[2, -128, 16]> : vector<3xi8>
  // CHECK-NEXT: ( -2, 0, 0 )
  // CHECK-NEXT: ( 0, 64, 1 )
  %vl, %vh = arith.mulsi_extended %va, %vb : vector<3xi8>
  vector.print %vl : vector<3xi8>
  vector.print %vh : vector<3xi8>
  return
}
