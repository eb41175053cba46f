// math.ipowi: integer power, wrapping at the type's width; a negative exponent gives the integer
// reciprocal truncated: 1 for base 1, +-1 for base -1 by the exponent's parity, otherwise 0.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c0 = arith.constant 0 : i32
  %cm2 = arith.constant -2 : i32
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  // CHECK:      81
  // CHECK-NEXT: 1
  // CHECK-NEXT: -8
  %a = math.ipowi %c3, %c4 : i32
  %b = math.ipowi %c7, %c0 : i32
  %c3b = arith.constant 3 : i32
  %c = math.ipowi %cm2, %c3b : i32
  vector.print %a : i32
  vector.print %b : i32
  vector.print %c : i32
  // 3^5 = 243 wraps in i8 to -13
  // CHECK-NEXT: -13
  %b8 = arith.constant 3 : i8
  %e8 = arith.constant 5 : i8
  %d = math.ipowi %b8, %e8 : i8
  vector.print %d : i8
  // negative exponents: 1^-3, (-1)^-3, (-1)^-2, 7^-1
  // CHECK-NEXT: 1
  // CHECK-NEXT: -1
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0
  %cm3 = arith.constant -3 : i32
  %n1 = math.ipowi %c1, %cm3 : i32
  %n2 = math.ipowi %cm1, %cm3 : i32
  %n3 = math.ipowi %cm1, %cm2 : i32
  %n4 = math.ipowi %c7, %cm1 : i32
  vector.print %n1 : i32
  vector.print %n2 : i32
  vector.print %n3 : i32
  vector.print %n4 : i32
  // elementwise on a vector
  // CHECK-NEXT: ( 1, 2, 4, 8 )
  %vb = arith.constant dense<2> : vector<4xi64>
  %ve = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %vp = math.ipowi %vb, %ve : vector<4xi64>
  vector.print %vp : vector<4xi64>
  return
}
