// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Round trip of the linalg structured ops before GPU mapping: generic (block
// arguments named %in/%out, extra attributes after `attrs =`, tensor results),
// and the named ops whose bodies are implicit: fill, copy (with a cast),
// matmul/batch_matmul (indexing_maps property), matvec (memoized maps),
// elementwise add/abs. The generic form shows the bodies the reader built.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @named
// CHECK-SAME: (%[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<16x4xf32>, %[[C:.*]]: memref<8x4xf32>, %[[S:.*]]: f32, %[[T:.*]]: tensor<8x4xf32>, %[[V:.*]]: memref<16xf32>, %[[W:.*]]: memref<8xf32>, %[[H:.*]]: memref<8x4xf16>)
func.func @named(%a: memref<8x16xf32>, %b: memref<16x4xf32>, %c: memref<8x4xf32>, %s: f32, %t: tensor<8x4xf32>, %v: memref<16xf32>, %w: memref<8xf32>, %h: memref<8x4xf16>) -> tensor<8x4xf32> {
  // CHECK: linalg.fill ins(%[[S]] : f32) outs(%[[C]] : memref<8x4xf32>)
  // GENERIC: "linalg.fill"
  // GENERIC-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
  // GENERIC-NEXT: "linalg.yield"(%[[X]]) : (f32) -> ()
  linalg.fill ins(%s : f32) outs(%c : memref<8x4xf32>)
  // CHECK: %[[F:.*]] = linalg.fill ins(%[[S]] : f32) outs(%[[T]] : tensor<8x4xf32>) -> tensor<8x4xf32>
  %0 = linalg.fill ins(%s : f32) outs(%t : tensor<8x4xf32>) -> tensor<8x4xf32>
  // CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
  // GENERIC: "linalg.matmul"({{.*}}) <{indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], operandSegmentSizes = array<i32: 2, 1>}>
  // GENERIC: arith.mulf
  // GENERIC-NEXT: arith.addf
  linalg.matmul ins(%a, %b : memref<8x16xf32>, memref<16x4xf32>) outs(%c : memref<8x4xf32>)
  // CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[H]] : memref<8x4xf16>)
  // GENERIC: "arith.truncf"
  // GENERIC-NEXT: "arith.truncf"
  // GENERIC-NEXT: "arith.mulf"({{.*}}) <{fastmath = #arith.fastmath<none>}> : (f16, f16) -> f16
  linalg.matmul ins(%a, %b : memref<8x16xf32>, memref<16x4xf32>) outs(%h : memref<8x4xf16>)
  // CHECK: linalg.copy ins(%[[C]] : memref<8x4xf32>) outs(%[[H]] : memref<8x4xf16>)
  linalg.copy ins(%c : memref<8x4xf32>) outs(%h : memref<8x4xf16>)
  // CHECK: linalg.matvec ins(%[[A]], %[[V]] : memref<8x16xf32>, memref<16xf32>) outs(%[[W]] : memref<8xf32>)
  // GENERIC: {linalg.memoized_indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}]} : (memref<8x16xf32>, memref<16xf32>, memref<8xf32>) -> ()
  linalg.matvec ins(%a, %v : memref<8x16xf32>, memref<16xf32>) outs(%w : memref<8xf32>)
  // CHECK: linalg.add ins(%[[C]], %[[C]] : memref<8x4xf32>, memref<8x4xf32>) outs(%[[C]] : memref<8x4xf32>)
  linalg.add ins(%c, %c : memref<8x4xf32>, memref<8x4xf32>) outs(%c : memref<8x4xf32>)
  // CHECK: linalg.abs ins(%[[C]] : memref<8x4xf32>) outs(%[[C]] : memref<8x4xf32>)
  // GENERIC: math.absf
  linalg.abs ins(%c : memref<8x4xf32>) outs(%c : memref<8x4xf32>)
  return %0 : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @batch
func.func @batch(%a: memref<2x8x16xi8>, %b: memref<2x16x4xi8>, %c: memref<2x8x4xi32>) {
  // CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<2x8x16xi8>, memref<2x16x4xi8>) outs(%{{.*}} : memref<2x8x4xi32>)
  // GENERIC: "arith.extsi"
  // GENERIC: "arith.muli"
  // GENERIC: "arith.addi"
  linalg.batch_matmul ins(%a, %b : memref<2x8x16xi8>, memref<2x16x4xi8>) outs(%c : memref<2x8x4xi32>)
  return
}

// CHECK-LABEL: func.func @generic
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>, %[[R:.*]]: tensor<8xf32>)
func.func @generic(%x: tensor<8x4xf32>, %r: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x4xf32>) outs(%[[R]] : tensor<8xf32>) attrs =  {tag = 1 : i64} {
  // CHECK-NEXT: ^bb0(%in: f32, %out: f32):
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %in, %out : f32
  // CHECK-NEXT: linalg.yield %[[SUM]] : f32
  // CHECK-NEXT: } -> tensor<8xf32>
  // GENERIC: iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x4xf32>) outs(%r : tensor<8xf32>) attrs = {tag = 1} {
  ^bb0(%in: f32, %acc: f32):
    %1 = arith.addf %in, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
