// An i1 read as a signed integer is -1 when true: the signed comparisons and arith.maxsi/minsi on
// i1 order true below false (the unsigned ones above), as under mlir-runner.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  // CHECK:      1
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0
  %slt = arith.cmpi slt, %t, %f : i1
  %sge = arith.cmpi sge, %t, %f : i1
  %ult = arith.cmpi ult, %f, %t : i1
  %eq = arith.cmpi eq, %t, %f : i1
  vector.print %slt : i1
  vector.print %sge : i1
  vector.print %ult : i1
  vector.print %eq : i1
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0
  %maxs = arith.maxsi %t, %f : i1
  %mins = arith.minsi %t, %f : i1
  %maxu = arith.maxui %t, %f : i1
  %minu = arith.minui %t, %f : i1
  vector.print %maxs : i1
  vector.print %mins : i1
  vector.print %maxu : i1
  vector.print %minu : i1
  // elementwise on vectors: ( sgt ), ( maxsi )
  // CHECK-NEXT: ( 0, 1, 0, 0 )
  // CHECK-NEXT: ( 1, 0, 0, 0 )
  %va = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %vb = arith.constant dense<[true, true, false, false]> : vector<4xi1>
  %gt = arith.cmpi sgt, %va, %vb : vector<4xi1>
  %mx = arith.maxsi %va, %vb : vector<4xi1>
  vector.print %gt : vector<4xi1>
  vector.print %mx : vector<4xi1>
  return
}
