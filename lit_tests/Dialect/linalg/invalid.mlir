// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @generic_map_count(%x: memref<8x4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} ins(%x : memref<8x4xf32>) outs(%x : memref<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @yield_type(%x: memref<8x4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : memref<8x4xf32>) outs(%x : memref<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0 : i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  }
  return
}
