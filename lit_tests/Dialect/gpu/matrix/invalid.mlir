// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// !gpu.mma_matrix is checked where it is read (errors point at the type keyword).
// expected-error @+1 {{MMAMatrixType must have exactly two dimensions}}
func.func @three_dims(%m: !gpu.mma_matrix<2x16x16xf16, "AOp">) {
  return
}

// -----

// expected-error @+1 {{operand expected to be one of AOp, BOp or COp}}
func.func @bad_operand(%m: !gpu.mma_matrix<16x16xf16, "DOp">) {
  return
}

// -----

// expected-error @+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64}}
func.func @bad_element(%m: !gpu.mma_matrix<16x16xi16, "AOp">) {
  return
}

// -----

#transposed = affine_map<(i, j) -> (j, i)>
func.func @load_strided(%src: memref<16x16xf16, #transposed>, %i: index) {
  // expected-error @+1 {{expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %src[%i, %i] {leadDimension = 16 : index} : memref<16x16xf16, #transposed> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @store_b(%m: !gpu.mma_matrix<16x16xf16, "BOp">, %dst: memref<16x16xf16>, %i: index) {
  // expected-error @+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %m, %dst[%i, %i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "BOp">, memref<16x16xf16>
  return
}

// -----

func.func @compute_shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error @+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @load_bf16_memref(%src: memref<16x16xbf16>, %i: index) {
  // expected-error @+1 {{'gpu.subgroup_mma_load_matrix' op operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values of ranks 1 values, but got 'memref<16x16xbf16>'}}
  %0 = gpu.subgroup_mma_load_matrix %src[%i, %i] {leadDimension = 16 : index} : memref<16x16xbf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @rotate_offset(%f: f32) {
  // expected-error @+1 {{'gpu.rotate' op offset must be in the range [0, 8)}}
  %r, %ok = gpu.rotate %f, 8, 8 : f32
  return
}

// -----

func.func @rotate_width(%f: f32) {
  // expected-error @+1 {{'gpu.rotate' op attribute 'width' failed to satisfy constraint: 32-bit signless integer attribute whose value is a power of two > 0}}
  %r, %ok = gpu.rotate %f, 1, 6 : f32
  return
}

// -----

func.func @warp_yield_count(%laneid: index) {
  // expected-error @+1 {{'gpu.warp_execute_on_lane_0' op expected same number of yield operands and return values.}}
  %0 = gpu.warp_execute_on_lane_0(%laneid)[32] -> (f32) {
    gpu.yield
  }
  return
}
