// A masked vector.transfer_read / transfer_write: the mask is indexed as the memref is walked, before
// the permutation and without the broadcast dimensions, so a transposed read of vector<3x2xf32>
// takes a vector<2x3xi1> mask and a read broadcasting its leading dimension a vector<3xi1>;
// masked-off elements read the padding and are not written.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --match-full-lines
func.func @main() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<2x3xf32>
  %init = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : vector<2x3xf32>
  vector.transfer_write %init, %m[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  // mask over [[0, 1, 2], [3, 4, 5]] keeping 0, 2 and 4, then transposed
  // CHECK:      ( ( 0, -1 ), ( -1, 4 ), ( 2, -1 ) )
  %mt = arith.constant dense<[[true, false, true], [false, true, false]]> : vector<2x3xi1>
  %t = vector.transfer_read %m[%c0, %c0], %pad, %mt {permutation_map = affine_map<(d0, d1) -> (d1, d0)>}
    : memref<2x3xf32>, vector<3x2xf32>
  vector.print %t : vector<3x2xf32>
  // row 0, its middle element masked off, repeated along the broadcast dimension
  // CHECK-NEXT: ( ( 0, -1, 2 ), ( 0, -1, 2 ) )
  %mb = arith.constant dense<[true, false, true]> : vector<3xi1>
  %b = vector.transfer_read %m[%c0, %c0], %pad, %mb {permutation_map = affine_map<(d0, d1) -> (0, d1)>}
    : memref<2x3xf32>, vector<2x3xf32>
  vector.print %b : vector<2x3xf32>
  // a masked write: only the elements the mask keeps change
  // CHECK-NEXT: ( ( 9, 1, 9 ), ( 3, 9, 5 ) )
  %nine = arith.constant dense<9.0> : vector<2x3xf32>
  vector.transfer_write %nine, %m[%c0, %c0], %mt : vector<2x3xf32>, memref<2x3xf32>
  %r = vector.transfer_read %m[%c0, %c0], %pad : memref<2x3xf32>, vector<2x3xf32>
  vector.print %r : vector<2x3xf32>
  memref.dealloc %m : memref<2x3xf32>
  return
}
