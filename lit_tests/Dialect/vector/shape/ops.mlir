// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the vector shape and mask ops next to gpu code: step, shape_cast,
// transpose, strided slices, shuffle (result type from the mask), create/constant
// masks, interleave/deinterleave (named results), type_cast.

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[A:.*]]: vector<4x8xf32>, %[[B:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[M:.*]]: memref<4x8xf32>)
func.func @shapes(%a: vector<4x8xf32>, %b: vector<8xf32>, %i: index, %m: memref<4x8xf32>) {
  // CHECK: vector.step : vector<4xindex>
  %0 = vector.step : vector<4xindex>
  // CHECK: %[[T:.*]] = vector.transpose %[[A]], [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %1 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  // CHECK: vector.shape_cast %[[T]] : vector<8x4xf32> to vector<32xf32>
  %2 = vector.shape_cast %1 : vector<8x4xf32> to vector<32xf32>
  // CHECK: %[[S:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %3 = vector.extract_strided_slice %a {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  // CHECK: vector.insert_strided_slice %[[S]], %[[A]] {offsets = [1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %4 = vector.insert_strided_slice %3, %a {offsets = [1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  // CHECK: %[[SH:.*]] = vector.shuffle %[[B]], %[[B]] [0, 9, 3] : vector<8xf32>, vector<8xf32>
  %5 = vector.shuffle %b, %b [0, 9, 3] : vector<8xf32>, vector<8xf32>
  // CHECK: vector.shape_cast %[[SH]] : vector<3xf32> to vector<3x1xf32>
  %6 = vector.shape_cast %5 : vector<3xf32> to vector<3x1xf32>
  // CHECK: vector.create_mask %[[I]], %[[I]] : vector<4x8xi1>
  %7 = vector.create_mask %i, %i : vector<4x8xi1>
  // CHECK: vector.constant_mask [3, 2] : vector<4x8xi1>
  %8 = vector.constant_mask [3, 2] : vector<4x8xi1>
  // CHECK: %[[IL:.*]] = vector.interleave %[[B]], %[[B]] : vector<8xf32> -> vector<16xf32>
  %9 = vector.interleave %b, %b : vector<8xf32> -> vector<16xf32>
  // CHECK: %res1, %res2 = vector.deinterleave %[[IL]] : vector<16xf32> -> vector<8xf32>
  %10, %11 = vector.deinterleave %9 : vector<16xf32> -> vector<8xf32>
  // CHECK: vector.type_cast %[[M]] : memref<4x8xf32> to memref<vector<4x8xf32>>
  %12 = vector.type_cast %m : memref<4x8xf32> to memref<vector<4x8xf32>>
  return
}
