// Integer attributes print as mlir-opt prints them: signless and signed values as signed
// numbers of their width, unsigned ones as unsigned, i1 as true/false; in scalars, dense
// elements and dense arrays; hexadecimal literals read as the element's bits.
// RUN: asyncgpu-opt %s --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @vector_i8
func.func @vector_i8() -> vector<3xi8> {
  // CHECK: arith.constant dense<[-1, 127, -128]> : vector<3xi8>
  %0 = arith.constant dense<[255, 127, 128]> : vector<3xi8>
  return %0 : vector<3xi8>
}

// CHECK-LABEL: func.func @scalars
func.func @scalars() -> (i8, i16, i3, i64) {
  // CHECK: %[[A:.*]] = arith.constant -1 : i8
  %0 = arith.constant 255 : i8
  // CHECK: %[[B:.*]] = arith.constant -32768 : i16
  %1 = arith.constant 32768 : i16
  // CHECK: %[[C:.*]] = arith.constant -3 : i3
  %2 = arith.constant 5 : i3
  // CHECK: %[[D:.*]] = arith.constant -1 : i64
  %3 = arith.constant 0xFFFFFFFFFFFFFFFF : i64
  return %0, %1, %2, %3 : i8, i16, i3, i64
}

// CHECK-LABEL: func.func @attributes
func.func @attributes() {
  // CHECK: "test.op"() {a = true, b = -1 : si1, c = 1 : ui1, d = 255 : ui8, e = -128 : si8, f = -5 : index, g = -1 : i4, h = 7 : ui3}
  "test.op"() {a = -1 : i1, b = -1 : si1, c = 1 : ui1, d = 255 : ui8, e = -128 : si8, f = -5 : index, g = 15 : i4, h = 7 : ui3} : () -> ()
  // CHECK: "test.op"() {a = dense<[7, -1]> : vector<2xi8>, b = dense<-9223372036854775808> : vector<2xi64>, c = dense<[255, 0]> : vector<2xui8>, d = dense<[-3, 3]> : vector<2xi3>, e = dense<[true, false, true]> : vector<3xi1>}
  "test.op"() {a = dense<[0x7, 0xFF]> : vector<2xi8>, b = dense<9223372036854775808> : vector<2xi64>, c = dense<[255, 0]> : vector<2xui8>, d = dense<[5, 3]> : vector<2xi3>, e = dense<[1, 0, -1]> : vector<3xi1>} : () -> ()
  // CHECK: "test.op"() {a = array<i8: -1, -1, -128>, b = array<ui8: 255>, c = array<i16: -1>}
  "test.op"() {a = array<i8: 255, -1, 0x80>, b = array<ui8: 255>, c = array<i16: 65535>} : () -> ()
  return
}
