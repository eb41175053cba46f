// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @shape_cast_count(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of elements at source (32) and result (16)}}
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<16xf32>
  return
}

// -----

func.func @transpose_length(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %v, [0] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @transpose_dim(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.transpose' op dimension size mismatch at: 1}}
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @slice_offset(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %v {offsets = [4], sizes = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  return
}

// -----

func.func @shuffle_range(%v: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %v, %v [0, 4] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @create_mask_rank(%i: index) {
  // expected-error @+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x8xi1>
  return
}

// -----

func.func @constant_mask_bounds() {
  // expected-error @+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5] : vector<4xi1>
  return
}
