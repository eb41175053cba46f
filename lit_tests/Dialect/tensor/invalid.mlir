// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @dim_of_scalar_tensor(%t: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %d = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @collapse_is_expansion(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<4xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x2xf32>'.}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4xf32> into tensor<2x2xf32>
  return
}

// -----

func.func @expand_group_size(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 4] : tensor<6xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @collapse_static_of_dynamic(%t: tensor<2x?xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<8xf32>
  return
}

// -----

func.func @collapse_group_count(%t: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x4xf32> into tensor<2x4xf32>
  return
}
