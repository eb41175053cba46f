// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @load_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @store_type_mismatch(%m: memref<4xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'i32'}}
  memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @alloc_dynamic_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_too_many_sizes(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @cast_incompatible(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @copy_shape_mismatch(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @get_global_unknown() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32> = uninitialized

func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<8xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<8xf32>
  return
}

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func @bad_layout(%m: memref<4xf32, strided<[1, 1]>>) {
  return
}

// -----

func.func @alloc_not_memref() {
  // expected-error @+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.alloc() : tensor<4xf32>
  return
}

// -----

func.func @expand_not_expansion(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [16] : memref<4x4xf32> into memref<16xf32>
  return
}

// -----

func.func @expand_group_size(%m: memref<12xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (12) must equal reassociation group size (15)}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [3, 5] : memref<12xf32> into memref<3x5xf32>
  return
}

// -----

func.func @expand_layout(%m: memref<8x6xf32, strided<[12, 1]>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<8x2x3xf32, strided<[12, 3, 1]>>' but found 'memref<8x2x3xf32>'}}
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [8, 2, 3] : memref<8x6xf32, strided<[12, 1]>> into memref<8x2x3xf32>
  return
}

// -----

func.func @expand_output_shape(%m: memref<12xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [3, 5] : memref<12xf32> into memref<3x4xf32>
  return
}

// -----

func.func @collapse_dynamic(%m: memref<?x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x4xf32> into memref<16xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[8, 1]>> into memref<16xf32>
  return
}

// -----

func.func @reshape_rank(%m: memref<16xf32>, %s: memref<3xi64>) {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<16xf32>, memref<3xi64>) -> memref<4x4xf32>
  return
}

// -----

func.func @transpose_not_permutation(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d1) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  return
}

// -----

func.func @prefetch_locality(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<8xf32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], load, locality<1>, data : memref<8xf32>
  return
}

// -----

func.func @assume_alignment_pow2(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 24 : memref<8xf32>
  return
}

// -----

func.func @realloc_missing_size(%m: memref<8xf32>) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<8xf32> to memref<?xf32>
  return
}

// -----

func.func @rank_of_scalar(%x: i32) {
  // expected-error @+1 {{'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'i32'}}
  %0 = "memref.rank"(%x) : (i32) -> index
  return
}

// -----

func.func @dma_wait_indices(%tag: memref<4xi32>, %i: index) {
  // expected-error @+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %tag[%i, %i], %i : memref<4xi32>
  return
}

// -----

func.func @dma_start_tag(%a: memref<8xf32>, %b: memref<8xf32, 1>, %i: index) {
  // expected-error @+1 {{'memref.dma_start' op expected tag to be of memref type}}
  "memref.dma_start"(%a, %i, %b, %i, %i, %i) : (memref<8xf32>, index, memref<8xf32, 1>, index, index, index) -> ()
  return
}

// -----

func.func @subview_out_of_bounds(%m: memref<16xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 16 >= 16}}
  %0 = memref.subview %m[4] [4] [4] : memref<16xf32> to memref<4xf32, strided<[4], offset: 4>>
  return
}

// -----

func.func @subview_rank_reduction(%m: memref<8x16xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x16xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<16xf32>'}}
  %0 = memref.subview %m[0, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<16xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x16xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1], offset: 18>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[1, 2] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @reinterpret_cast_stride(%m: memref<*xf32>) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8], strides: [2] : memref<*xf32> to memref<8xf32>
  return
}

// -----

func.func @view_sizes(%m: memref<64xi8>, %i: index) {
  // expected-error @+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %m[%i][] : memref<64xi8> to memref<?xf32>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 4 but was 2}}
"memref.global"() <{initial_value = dense<1.0> : tensor<2xf32>, sym_name = "g", type = memref<4xf32>}> : () -> ()

// -----

func.func @copy_shape(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<8xf32>
  return
}

// -----

// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%0 = memref.alloca() : memref<4xf32>

// -----

// The ODS type constraint is checked before the op's own verifier.
func.func @generic_atomic_rmw_result_not_element(%m: memref<4xi32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op failed to verify that result type matches element type of memref}}
  %r = "memref.generic_atomic_rmw"(%m, %i) ({
  ^bb0(%old: i32):
    memref.atomic_yield %old : i32
  }) : (memref<4xi32>, index) -> i64
  return
}

// -----

// The result of memref.transpose must be the permuted input type; layouts are compared in their
// canonical form (one simplified map, dropped when contiguous), which the message shows.
func.func @transpose_identity_layout_result(%v: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @transpose_wrong_stride(%v: memref<2x3x4xf32, strided<[12, 4, 1], offset: 5>>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<4x2x3xf32, strided<[1, 12, 3], offset: 5>>' is not equivalent to the canonical transposed input type 'memref<4x2x3xf32, affine_map<(d0, d1, d2) -> (d0 + d1 * 12 + d2 * 4 + 5)>>'}}
  %0 = memref.transpose %v (i, j, k) -> (k, i, j) : memref<2x3x4xf32, strided<[12, 4, 1], offset: 5>> to memref<4x2x3xf32, strided<[1, 12, 3], offset: 5>>
  return
}

// -----

// The same layout written as a map or as strides is one type here.
func.func @transpose_equivalent_layouts(%v: memref<?x?xf32>, %w: memref<4x8xf32>) {
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
  %1 = memref.transpose %v (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %2 = memref.transpose %w (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32, strided<[8, 1]>>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %3 = memref.transpose %w (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[8, 1]>>
  return
}

// -----

// The reassociation attribute's constraint (an array of i64 arrays) comes before the op's checks.
func.func @reassociation_not_integers(%c: memref<?x4xf32>, %d: index) -> memref<2x?x2x2xf32> {
  // expected-error @+1 {{'memref.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %e = memref.expand_shape %c [[0, i32], [2, 3]] output_shape [2, %d, 2, 2] : memref<?x4xf32> into memref<2x?x2x2xf32>
  return %e : memref<2x?x2x2xf32>
}

// -----

func.func @prefetch_too_few_indices(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[], read, locality<3>, data : memref<4xf32>
  return
}

// -----

// found by fuzzing against upstream: memref.view's operand and result type constraints
func.func @view_result_not_memref(%m: memref<64xi8>, %i: index) {
  // expected-error @+1 {{'memref.view' op result #0 must be memref of any type values, but got 'f32'}}
  %0 = memref.view %m[%i][] : memref<64xi8> to f32
  return
}

// -----

func.func @view_source_not_1d_i8(%m: memref<8x8xi8>, %i: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<8x8xi8>'}}
  %0 = memref.view %m[%i][] : memref<8x8xi8> to memref<4xf32>
  return
}
