// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// The tensor ops memref code carries: their syntax, result names and reassociations.
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME: %[[T:.*]]: tensor<2x?x4xf32>, %[[N:.*]]: index) -> tensor<2x?x2x2xf32> {
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[DIM:.*]] = tensor.dim %[[T]], %[[C1]] : tensor<2x?x4xf32>
// CHECK-NEXT: %[[COL:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2]] : tensor<2x?x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: %[[EXP:.*]] = tensor.expand_shape %[[COL]] {{\[}}[0, 1], [2, 3]] output_shape [2, %[[DIM]], 2, 2] : tensor<?x4xf32> into tensor<2x?x2x2xf32>
// CHECK-NEXT: return %[[EXP]] : tensor<2x?x2x2xf32>
func.func @reshapes(%t: tensor<2x?x4xf32>, %n: index) -> tensor<2x?x2x2xf32> {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<2x?x4xf32>
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x?x4xf32> into tensor<?x4xf32>
  %e = tensor.expand_shape %c [[0, 1], [2, 3]] output_shape [2, %d, 2, 2] : tensor<?x4xf32> into tensor<2x?x2x2xf32>
  return %e : tensor<2x?x2x2xf32>
}

// CHECK-LABEL: func.func @scalar_reshapes(
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %{{.*}} [] : tensor<1x1xi8> into tensor<i8>
// CHECK-NEXT: tensor.expand_shape %[[C]] [] output_shape [1, 1] : tensor<i8> into tensor<1x1xi8>
func.func @scalar_reshapes(%t: tensor<1x1xi8>) -> tensor<1x1xi8> {
  %c = tensor.collapse_shape %t [] : tensor<1x1xi8> into tensor<i8>
  %e = tensor.expand_shape %c [] output_shape [1, 1] : tensor<i8> into tensor<1x1xi8>
  return %e : tensor<1x1xi8>
}
