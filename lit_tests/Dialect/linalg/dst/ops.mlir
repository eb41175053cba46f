// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// linalg.transpose/broadcast (implicit bodies, named results), map and reduce in
// the short form `{ op }` (also chosen when a written body has that shape) and
// with a body of their own, printed on the next lines with %in/%init arguments.

// CHECK-LABEL: func.func @dst
// CHECK-SAME: (%[[A:.*]]: memref<16x64xf32>, %[[B:.*]]: memref<64x16xf32>, %[[V:.*]]: memref<16xf32>, %[[T:.*]]: tensor<16x64xf32>, %[[U:.*]]: tensor<64x16xf32>)
func.func @dst(%a: memref<16x64xf32>, %b: memref<64x16xf32>, %v: memref<16xf32>, %t: tensor<16x64xf32>, %u: tensor<64x16xf32>) -> tensor<64x16xf32> {
  // CHECK: linalg.transpose ins(%[[A]] : memref<16x64xf32>) outs(%[[B]] : memref<64x16xf32>) permutation = [1, 0]
  linalg.transpose ins(%a : memref<16x64xf32>) outs(%b : memref<64x16xf32>) permutation = [1, 0]
  // CHECK: %transposed = linalg.transpose ins(%[[T]] : tensor<16x64xf32>) outs(%[[U]] : tensor<64x16xf32>) permutation = [1, 0] {tag}
  %0 = linalg.transpose ins(%t : tensor<16x64xf32>) outs(%u : tensor<64x16xf32>) permutation = [1, 0] {tag}
  // CHECK: linalg.broadcast ins(%[[V]] : memref<16xf32>) outs(%[[A]] : memref<16x64xf32>) dimensions = [1]
  linalg.broadcast ins(%v : memref<16xf32>) outs(%a : memref<16x64xf32>) dimensions = [1]
  // CHECK: linalg.map { arith.addf } ins(%[[A]], %[[A]] : memref<16x64xf32>, memref<16x64xf32>) outs(%[[A]] : memref<16x64xf32>)
  linalg.map ins(%a, %a : memref<16x64xf32>, memref<16x64xf32>) outs(%a : memref<16x64xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  // CHECK: linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%[[A]], %[[A]] : memref<16x64xf32>, memref<16x64xf32>) outs(%[[A]] : memref<16x64xf32>)
  linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%a, %a : memref<16x64xf32>, memref<16x64xf32>) outs(%a : memref<16x64xf32>)
  // CHECK: linalg.reduce { arith.maximumf } ins(%[[A]] : memref<16x64xf32>) outs(%[[V]] : memref<16xf32>) dimensions = [1]
  linalg.reduce { arith.maximumf } ins(%a : memref<16x64xf32>) outs(%v : memref<16xf32>) dimensions = [1]
  // CHECK: linalg.reduce ins(%[[A]] : memref<16x64xf32>) outs(%[[V]] : memref<16xf32>) dimensions = [1]
  // CHECK-NEXT: (%in: f32, %init: f32) {
  // CHECK-NEXT: %[[M:.*]] = arith.mulf %in, %in : f32
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %init : f32
  // CHECK-NEXT: linalg.yield %[[S]] : f32
  // CHECK-NEXT: }
  linalg.reduce ins(%a : memref<16x64xf32>) outs(%v : memref<16xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.mulf %x, %x : f32
      %s = arith.addf %m, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<64x16xf32>
}
