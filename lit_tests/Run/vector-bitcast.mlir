// vector.bitcast keeps the bits and regroups the minor dimension (little-endian, i1 elements one
// bit each); unsigned element types print zero-extended from their own width.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  // CHECK:      ( 67305985 )
  %b = arith.constant dense<[1, 2, 3, 4]> : vector<4xi8>
  %w = vector.bitcast %b : vector<4xi8> to vector<1xi32>
  vector.print %w : vector<1xi32>
  // CHECK-NEXT: ( ( 1, 0 ), ( 3, 0 ) )
  %q = arith.constant dense<[[1], [3]]> : vector<2x1xi32>
  %h = vector.bitcast %q : vector<2x1xi32> to vector<2x2xi16>
  vector.print %h : vector<2x2xi16>
  // 0b00000101: bits 0 and 2
  // CHECK-NEXT: ( 1, 0, 1, 0, 0, 0, 0, 0 )
  // CHECK-NEXT: ( 5 )
  %five = arith.constant dense<5> : vector<1xi8>
  %bits = vector.bitcast %five : vector<1xi8> to vector<8xi1>
  %back = vector.bitcast %bits : vector<8xi1> to vector<1xi8>
  vector.print %bits : vector<8xi1>
  vector.print %back : vector<1xi8>
  // CHECK-NEXT: ( 255, 128, 1 )
  // CHECK-NEXT: ( -1, -128, 1 )
  %s = arith.constant dense<[-1, -128, 1]> : vector<3xi8>
  %u = vector.bitcast %s : vector<3xi8> to vector<3xui8>
  %f = vector.bitcast %u : vector<3xui8> to vector<3xsi8>
  vector.print %u : vector<3xui8>
  vector.print %f : vector<3xsi8>
  // CHECK-NEXT: ( 1 )
  %one = arith.constant dense<1.0> : vector<1xf32>
  %ibits = vector.bitcast %one : vector<1xf32> to vector<1xi32>
  %c = arith.constant dense<1065353216> : vector<1xi32>
  %eq = arith.cmpi eq, %ibits, %c : vector<1xi32>
  vector.print %eq : vector<1xi1>
  return
}
