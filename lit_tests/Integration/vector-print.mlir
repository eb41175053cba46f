// The vector ops GPU programs use on the host to print results: vector.print of vectors (nested),
// scalars, punctuation and strings, broadcast, extract/insert, from_elements, reduction, and
// transfer_read (with out-of-bounds lanes padded) / vector.load of what a kernel wrote.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK: ( 1.5, 2, -3.25, 4 )
// CHECK-NEXT: ( ( 1, 2 ), ( 3, 4 ) )
// CHECK-NEXT: 7, 7
// CHECK-NEXT: ( 7, 7, 7 )
// CHECK-NEXT: 4
// CHECK-NEXT: ( 7, 2, -3.25, 4 )
// CHECK-NEXT: ( 4, 4 )
// CHECK-NEXT: sum 4.25 max 4
// CHECK-NEXT: 1
// CHECK-NEXT: ( 0, 10, 20, 30, -1, -1 )
// CHECK-NEXT: ( 20, 30 )

func.func @main() {
  %v = arith.constant dense<[1.5, 2.0, -3.25, 4.0]> : vector<4xf32>
  %i = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %f = arith.constant 7.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  vector.print %v : vector<4xf32>
  vector.print %i : vector<2x2xi32>
  vector.print %f : f32 punctuation <comma>
  vector.print %f : f32
  %b = vector.broadcast %f : f32 to vector<3xf32>
  vector.print %b : vector<3xf32>
  %e = vector.extract %i[1, %c1] : i32 from vector<2x2xi32>
  vector.print %e : i32
  %ins = vector.insert %f, %v[0] : f32 into vector<4xf32>
  vector.print %ins : vector<4xf32>
  %fe = vector.from_elements %e, %e : vector<2xi32>
  vector.print %fe : vector<2xi32>
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  %r2 = vector.reduction <maxsi>, %fe, %e : vector<2xi32> into i32
  vector.print str "sum "
  vector.print %r : f32 punctuation <no_punctuation>
  vector.print str " max "
  vector.print %r2 : i32
  %t = arith.constant true
  vector.print %t : i1
  %m = gpu.alloc host_shared () : memref<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %ti = arith.index_cast %tx : index to i32
    %ten = arith.constant 10 : i32
    %x = arith.muli %ti, %ten : i32
    memref.store %x, %m[%tx] : memref<4xi32>
    gpu.terminator
  }
  %pad = arith.constant -1 : i32
  %rd = vector.transfer_read %m[%c0], %pad : memref<4xi32>, vector<6xi32>
  vector.print %rd : vector<6xi32>
  %ld = vector.load %m[%c2] : memref<4xi32>, vector<2xi32>
  vector.print %ld : vector<2xi32>
  gpu.dealloc %m : memref<4xi32>
  return
}
