// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the memref dialect: alloc/alloca (static, dynamic, symbols,
// alignment), dealloc, load/store, cast, copy, dim, subview, reinterpret_cast,
// global/get_global, extract_aligned_pointer_as_index; strided and affine-map
// layouts with #map aliases; memory spaces.

#map = affine_map<(d0, d1) -> (d0 * 16 + d1)>
#tile = affine_map<(d0)[s0] -> (d0 + s0)>

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0 * 16 + d1)>

// CHECK-LABEL: memref.global "private" constant @cst_table
// CHECK-SAME: : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
memref.global "private" constant @cst_table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// CHECK-LABEL: memref.global @uninit
// CHECK-SAME: : memref<2x3xi32> = uninitialized
memref.global @uninit : memref<2x3xi32> = uninitialized
// CHECK-LABEL: memref.global "private" @zeros
// CHECK-SAME: : memref<8xf32> = dense<0.000000e+00> {alignment = 64 : i64}
memref.global "private" @zeros : memref<8xf32> = dense<0.0> {alignment = 64 : i64}
// CHECK-LABEL: memref.global @ext
// CHECK-SAME: : memref<16xi8>
memref.global @ext : memref<16xi8>

// CHECK-LABEL: func.func @alloc_dealloc(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc(%[[ARG0]]) : memref<?xf32>
// CHECK-NEXT: %alloc_1 = memref.alloc(%[[ARG0]], %[[ARG1]]) : memref<?x4x?xf32>
// CHECK-NEXT: %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: %alloc_3 = memref.alloc(%[[ARG0]]) {alignment = 16 : i64} : memref<?xi32>
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %alloca_4 = memref.alloca(%[[ARG0]]) : memref<?xf32>
// CHECK-NEXT: %alloc_5 = memref.alloc()[%[[ARG0]]] : memref<4xf32, #map>
// CHECK-NEXT: %alloc_6 = memref.alloc() : memref<4xf32, 1>
// CHECK-NEXT: %alloca_7 = memref.alloca() : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %alloc_8 = memref.alloc() : memref<f32>
// CHECK-NEXT: memref.dealloc %alloc : memref<16xf32>
// CHECK-NEXT: memref.dealloc %alloc_0 : memref<?xf32>
// CHECK-NEXT: memref.dealloc %alloc_1 : memref<?x4x?xf32>
// CHECK-NEXT: memref.dealloc %alloc_6 : memref<4xf32, 1>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @alloc_dealloc(%n: index, %m: index) {
  %0 = memref.alloc() : memref<16xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = memref.alloc(%n, %m) : memref<?x4x?xf32>
  %3 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  %4 = memref.alloc(%n) {alignment = 16 : i64} : memref<?xi32>
  %5 = memref.alloca() : memref<4xf32>
  %6 = memref.alloca(%n) : memref<?xf32>
  %7 = memref.alloc()[%n] : memref<4xf32, #tile>
  %8 = memref.alloc() : memref<4xf32, 1>
  %9 = memref.alloca() : memref<2xf32, #gpu.address_space<workgroup>>
  %10 = memref.alloc() : memref<f32>
  memref.dealloc %0 : memref<16xf32>
  memref.dealloc %1 : memref<?xf32>
  memref.dealloc %2 : memref<?x4x?xf32>
  memref.dealloc %8 : memref<4xf32, 1>
  return
}

// CHECK-LABEL: func.func @load_store(
// CHECK-SAME: %[[ARG0:.*]]: memref<4x4xf32>, %[[ARG1:.*]]: memref<f32>, %[[ARG2:.*]]: index, %[[ARG3:.*]]: index) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[ARG0]][%[[ARG2]], %[[ARG3]]] : memref<4x4xf32>
// CHECK-NEXT: memref.store %[[V0]], %[[ARG0]][%[[ARG3]], %[[ARG2]]] : memref<4x4xf32>
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[ARG1]][] : memref<f32>
// CHECK-NEXT: memref.store %[[V1]], %[[ARG1]][] : memref<f32>
// CHECK-NEXT: %[[V2:.*]] = memref.load %[[ARG0]][%[[ARG2]], %[[ARG3]]] {nontemporal = true} : memref<4x4xf32>
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @load_store(%m: memref<4x4xf32>, %s: memref<f32>, %i: index, %j: index) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<4x4xf32>
  memref.store %0, %m[%j, %i] : memref<4x4xf32>
  %1 = memref.load %s[] : memref<f32>
  memref.store %1, %s[] : memref<f32>
  %2 = memref.load %m[%i, %j] {nontemporal = true} : memref<4x4xf32>
  return %0 : f32
}

// CHECK-LABEL: func.func @cast_copy_dim(
// CHECK-SAME: %[[ARG0:.*]]: memref<4xf32>, %[[ARG1:.*]]: memref<?xf32>) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cast = memref.cast %[[ARG0]] : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: %cast_0 = memref.cast %[[ARG1]] : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: %cast_1 = memref.cast %[[ARG0]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT: memref.copy %[[ARG0]], %cast_0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %cast, %[[ARG1]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %dim = memref.dim %[[ARG1]], %c0 : memref<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @cast_copy_dim(%m: memref<4xf32>, %d: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %d : memref<?xf32> to memref<4xf32>
  %2 = memref.cast %m : memref<4xf32> to memref<*xf32>
  memref.copy %m, %1 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %d : memref<?xf32> to memref<?xf32>
  %3 = memref.dim %d, %c0 : memref<?xf32>
  return %3 : index
}

// CHECK-LABEL: func.func @layouts(
// CHECK-SAME: %[[ARG0:.*]]: memref<4x16xf32, #map1>, %[[ARG1:.*]]: memref<?xf32, strided<[1], offset: ?>>, %[[ARG2:.*]]: memref<4x4xf32, strided<[8, 1], offset: 2>>, %[[ARG3:.*]]: memref<?x?xf32, strided<[?, 1]>>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @layouts(%a: memref<4x16xf32, #map>, %b: memref<?xf32, strided<[1], offset: ?>>, %c: memref<4x4xf32, strided<[8, 1], offset: 2>>, %d: memref<?x?xf32, strided<[?, 1]>>) {
  return
}

// CHECK-LABEL: func.func @subview(
// CHECK-SAME: %[[ARG0:.*]]: memref<64x64xf32>, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index) {
// CHECK-NEXT: %subview = memref.subview %[[ARG0]][4, 8] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: 264>>
// CHECK-NEXT: %subview_0 = memref.subview %[[ARG0]][%[[ARG1]], 0] [%[[ARG2]], 64] [1, 1] : memref<64x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
// CHECK-NEXT: %subview_1 = memref.subview %[[ARG0]][0, %[[ARG1]]] [1, %[[ARG2]]] [1, 2] : memref<64x64xf32> to memref<?xf32, strided<[2], offset: ?>>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @subview(%m: memref<64x64xf32>, %i: index, %n: index) {
  %0 = memref.subview %m[4, 8] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: 264>>
  %1 = memref.subview %m[%i, 0] [%n, 64] [1, 1] : memref<64x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
  %2 = memref.subview %m[0, %i] [1, %n] [1, 2] : memref<64x64xf32> to memref<?xf32, strided<[2], offset: ?>>
  return
}

// CHECK-LABEL: func.func @reinterpret(
// CHECK-SAME: %[[ARG0:.*]]: memref<?xf32>, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index) {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %[[ARG0]] to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32>
// CHECK-NEXT: %reinterpret_cast_0 = memref.reinterpret_cast %[[ARG0]] to offset: [%[[ARG1]]], sizes: [%[[ARG2]]], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @reinterpret(%m: memref<?xf32>, %off: index, %sz: index) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32>
  %1 = memref.reinterpret_cast %m to offset: [%off], sizes: [%sz], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @globals(
// CHECK-SAME: ) -> index {
// CHECK-NEXT: %[[V0:.*]] = memref.get_global @cst_table : memref<4xf32>
// CHECK-NEXT: %[[V1:.*]] = memref.get_global @uninit : memref<2x3xi32>
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %[[V0]] : memref<4xf32> -> index
// CHECK-NEXT: return %intptr : index
// CHECK-NEXT: }
func.func @globals() -> index {
  %0 = memref.get_global @cst_table : memref<4xf32>
  %1 = memref.get_global @uninit : memref<2x3xi32>
  %2 = memref.extract_aligned_pointer_as_index %0 : memref<4xf32> -> index
  return %2 : index
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: memref<?xf32>, %[[ARG1:.*]]: index) -> f32 {
// CHECK-NEXT: %alloc = memref.alloc(%[[ARG1]]) : memref<?xf32>
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[ARG0]][%[[ARG1]]] : memref<?xf32>
// CHECK-NEXT: memref.store %[[V0]], %alloc[%[[ARG1]]] : memref<?xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<?xf32>
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @generic_forms(%m: memref<?xf32>, %i: index) -> f32 {
  %0 = "memref.alloc"(%i) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %1 = "memref.load"(%m, %i) : (memref<?xf32>, index) -> f32
  "memref.store"(%1, %0, %i) : (f32, memref<?xf32>, index) -> ()
  "memref.dealloc"(%0) : (memref<?xf32>) -> ()
  return %1 : f32
}

// Reshapes and views (expand_shape, collapse_shape incl. strided layouts, reshape,
// transpose, rank-reducing subview), assume_alignment, memory_space_cast, rank,
// prefetch, realloc, distinct_objects, alloca_scope with and without results, dma.

// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME: %[[ARG0:.*]]: memref<6x4xf32>, %[[ARG1:.*]]: memref<?x8xf32>, %[[ARG2:.*]]: index, %[[ARG3:.*]]: memref<12x10xf32, strided<[20, 2], offset: 5>>) {
// CHECK-NEXT: %expand_shape = memref.expand_shape %[[ARG0]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
// CHECK-NEXT: %expand_shape_0 = memref.expand_shape %[[ARG1]] {{\[\[}}0, 1], [2]] output_shape [%[[ARG2]], 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %expand_shape {{\[\[}}0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT: %expand_shape_1 = memref.expand_shape %[[ARG3]] {{\[\[}}0], [1, 2]] output_shape [12, 5, 2] : memref<12x10xf32, strided<[20, 2], offset: 5>> into memref<12x5x2xf32, strided<[20, 4, 2], offset: 5>>
// CHECK-NEXT: %collapse_shape_2 = memref.collapse_shape %expand_shape_0 {{\[\[}}0, 1], [2]] : memref<?x4x8xf32> into memref<?x8xf32>
// CHECK-NEXT: %collapse_shape_3 = memref.collapse_shape %expand_shape_1 {{\[\[}}0], [1, 2]] : memref<12x5x2xf32, strided<[20, 4, 2], offset: 5>> into memref<12x10xf32, strided<[20, 2], offset: 5>>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @reshapes(%m: memref<6x4xf32>, %d: memref<?x8xf32>, %n: index, %s: memref<12x10xf32, strided<[20, 2], offset: 5>>) {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  %1 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>
  %2 = memref.collapse_shape %0 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %3 = memref.expand_shape %s [[0], [1, 2]] output_shape [12, 5, 2] : memref<12x10xf32, strided<[20, 2], offset: 5>> into memref<12x5x2xf32, strided<[20, 4, 2], offset: 5>>
  %4 = memref.collapse_shape %1 [[0, 1], [2]] : memref<?x4x8xf32> into memref<?x8xf32>
  %5 = memref.collapse_shape %3 [[0], [1, 2]] : memref<12x5x2xf32, strided<[20, 4, 2], offset: 5>> into memref<12x10xf32, strided<[20, 2], offset: 5>>
  return
}

// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[ARG0:.*]]: memref<8x16xf32>, %[[ARG1:.*]]: memref<2xindex>, %[[ARG2:.*]]: memref<*xf32>, %[[ARG3:.*]]: index) -> index {
// CHECK-NEXT: %reshape = memref.reshape %[[ARG0]](%[[ARG1]]) : (memref<8x16xf32>, memref<2xindex>) -> memref<16x8xf32>
// CHECK-NEXT: %transpose = memref.transpose %[[ARG0]] (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
// CHECK-NEXT: %assume_align = memref.assume_alignment %[[ARG0]], 64 : memref<8x16xf32>
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %[[ARG0]] : memref<8x16xf32> to memref<8x16xf32, 3>
// CHECK-NEXT: %[[V0:.*]] = memref.rank %[[ARG2]] : memref<*xf32>
// CHECK-NEXT: %subview = memref.subview %[[ARG0]][%[[ARG3]], 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %subview_0 = memref.subview %[[ARG0]][2, 4] [3, 4] [2, 1] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 1], offset: 36>>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %[[ARG2]] to offset: [0], sizes: [4, %[[ARG3]]], strides: [%[[ARG3]], 1] : memref<*xf32> to memref<4x?xf32, strided<[?, 1]>>
// CHECK-NEXT: memref.prefetch %[[ARG0]][%[[ARG3]], %[[ARG3]]], write, locality<1>, instr : memref<8x16xf32>
// CHECK-NEXT: memref.prefetch %[[ARG0]][%[[ARG3]], %[[ARG3]]], read, locality<3>, data : memref<8x16xf32>
// CHECK-NEXT: return %[[V0]] : index
// CHECK-NEXT: }
func.func @views(%m: memref<8x16xf32>, %shape: memref<2xindex>, %u: memref<*xf32>, %i: index) -> index {
  %0 = memref.reshape %m(%shape) : (memref<8x16xf32>, memref<2xindex>) -> memref<16x8xf32>
  %1 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  %2 = memref.assume_alignment %m, 64 : memref<8x16xf32>
  %3 = memref.memory_space_cast %m : memref<8x16xf32> to memref<8x16xf32, 3>
  %4 = memref.rank %u : memref<*xf32>
  %5 = memref.subview %m[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
  %6 = memref.subview %m[2, 4] [3, 4] [2, 1] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 1], offset: 36>>
  %7 = memref.reinterpret_cast %u to offset: [0], sizes: [4, %i], strides: [%i, 1] : memref<*xf32> to memref<4x?xf32, strided<[?, 1]>>
  memref.prefetch %m[%i, %i], write, locality<1>, instr : memref<8x16xf32>
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<8x16xf32>
  return %4 : index
}

// CHECK-LABEL: func.func @realloc_and_scopes(
// CHECK-SAME: %[[ARG0:.*]]: memref<4xf32>, %[[ARG1:.*]]: index, %[[ARG2:.*]]: memref<?xf32>, %[[ARG3:.*]]: memref<?xf32>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = memref.realloc %[[ARG0]] : memref<4xf32> to memref<8xf32>
// CHECK-NEXT: %[[V1:.*]] = memref.realloc %[[V0]](%[[ARG1]]) {alignment = 16 : i64} : memref<8xf32> to memref<?xf32>
// CHECK-NEXT: %[[V2:.*]]:2 = memref.distinct_objects %[[ARG2]], %[[ARG3]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:.*]] = memref.alloca_scope  -> (f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %[[V4:.*]] = memref.load %alloca[%c0] : memref<4xf32>
// CHECK-NEXT: memref.alloca_scope.return %[[V4]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V3]] : f32
// CHECK-NEXT: }
func.func @realloc_and_scopes(%src: memref<4xf32>, %n: index, %a: memref<?xf32>, %b: memref<?xf32>) -> f32 {
  %0 = memref.realloc %src : memref<4xf32> to memref<8xf32>
  %1 = memref.realloc %0(%n) {alignment = 16 : i64} : memref<8xf32> to memref<?xf32>
  %2:2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xf32>
  memref.alloca_scope {
    %3 = memref.alloca() : memref<4xf32>
  }
  %r = memref.alloca_scope -> (f32) {
    %c0 = arith.constant 0 : index
    %4 = memref.alloca() : memref<4xf32>
    %5 = memref.load %4[%c0] : memref<4xf32>
    memref.alloca_scope.return %5 : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @dma(
// CHECK-SAME: %[[ARG0:.*]]: memref<64x32xf32>, %[[ARG1:.*]]: memref<16xf32, 1>, %[[ARG2:.*]]: memref<1xi32, 2>, %[[ARG3:.*]]: index, %[[ARG4:.*]]: index) {
// CHECK-NEXT: memref.dma_start %[[ARG0]][%[[ARG3]], %[[ARG3]]], %[[ARG1]][%[[ARG3]]], %[[ARG4]], %[[ARG2]][%[[ARG3]]] : memref<64x32xf32>, memref<16xf32, 1>, memref<1xi32, 2>
// CHECK-NEXT: memref.dma_start %[[ARG0]][%[[ARG3]], %[[ARG3]]], %[[ARG1]][%[[ARG3]]], %[[ARG4]], %[[ARG2]][%[[ARG3]]], %[[ARG4]], %[[ARG3]] : memref<64x32xf32>, memref<16xf32, 1>, memref<1xi32, 2>
// CHECK-NEXT: memref.dma_wait %[[ARG2]][%[[ARG3]]], %[[ARG4]] : memref<1xi32, 2>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dma(%src: memref<64x32xf32>, %dst: memref<16xf32, 1>, %tag: memref<1xi32, 2>, %i: index, %n: index) {
  memref.dma_start %src[%i, %i], %dst[%i], %n, %tag[%i] : memref<64x32xf32>, memref<16xf32, 1>, memref<1xi32, 2>
  memref.dma_start %src[%i, %i], %dst[%i], %n, %tag[%i], %n, %i : memref<64x32xf32>, memref<16xf32, 1>, memref<1xi32, 2>
  memref.dma_wait %tag[%i], %n : memref<1xi32, 2>
  return
}

// Dimension lists may be spaced (`4 x f32`): the lexer's tokens, not one word.
// CHECK-LABEL: func.func @spaced_shapes(
// CHECK-SAME: %{{.*}}: memref<4x?xf32>, %{{.*}}: vector<2x[4]xi8>, %{{.*}}: tensor<3x2xf16>) {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<2x3xi32>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2x3xi32>
func.func @spaced_shapes(%m: memref<4 x ? x f32>, %v: vector<2 x [4] x i8>, %t: tensor<3 x 2xf16>) {
  %a = memref.alloc() : memref<2 x 3 x i32>
  memref.dealloc %a : memref<2x3 x i32>
  return
}

// An unnamed signature whose entry block names the arguments.
// CHECK-LABEL: func.func @entry_block_names(
// CHECK-SAME: %[[M:.*]]: memref<4xf32>, %[[I:.*]]: index) -> f32 {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: return %[[V]] : f32
func.func @entry_block_names(memref<4xf32>, index) -> f32 {
^bb0(%m: memref<4xf32>, %i: index):
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}

// In generic form an op's types take alias numbers before its properties (Interop/ compares it).
// CHECK-LABEL: func.func @transpose_aliases(
// CHECK: memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, #{{map[0-9]*}}>
func.func @transpose_aliases(%src: memref<?x?xf32>) {
  %t = memref.transpose %src (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
  return
}
