// vector.transfer_read / transfer_write with a permutation map: vector dimension k walks the memref
// dimension of the map's result k (a transposed read or write), a result 0 broadcasts one element
// along that vector dimension; elements out of bounds read the padding and are not written.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %i3 = arith.muli %i, %c3 : index
      %k = arith.addi %i3, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %m[%i, %j] : memref<2x3xf32>
    }
  }
  // the transpose of [[0, 1, 2], [3, 4, 5]]
  // CHECK:      ( ( 0, 3 ), ( 1, 4 ), ( 2, 5 ) )
  %t = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>}
    : memref<2x3xf32>, vector<3x2xf32>
  vector.print %t : vector<3x2xf32>
  // row 1 from column 1, each element repeated along the leading (broadcast) dimension; the
  // third column is past the end: padding
  // CHECK-NEXT: ( ( 4, 5, -1 ), ( 4, 5, -1 ) )
  %b = vector.transfer_read %m[%c1, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>}
    : memref<2x3xf32>, vector<2x3xf32>
  vector.print %b : vector<2x3xf32>
  // write a 3x2 vector transposed into the 2x3 memref: the memref gets [[10, 12, 14], [11, 13, 15]]
  // CHECK-NEXT: ( ( 10, 12, 14 ), ( 11, 13, 15 ) )
  %v = arith.constant dense<[[10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]> : vector<3x2xf32>
  vector.transfer_write %v, %m[%c0, %c0] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>}
    : vector<3x2xf32>, memref<2x3xf32>
  %r = vector.transfer_read %m[%c0, %c0], %pad : memref<2x3xf32>, vector<2x3xf32>
  vector.print %r : vector<2x3xf32>
  memref.dealloc %m : memref<2x3xf32>
  return
}
