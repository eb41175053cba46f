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

// -----

// The reassociation attribute's constraint (an array of i64 arrays) comes before the op's checks.
func.func @reassociation_not_integers(%c: tensor<?x4xf32>, %d: index) -> tensor<2x?x2x2xf32> {
  // expected-error @+1 {{'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %e = tensor.expand_shape %c [[0, i32], [2, 3]] output_shape [2, %d, 2, 2] : tensor<?x4xf32> into tensor<2x?x2x2xf32>
  return %e : tensor<2x?x2x2xf32>
}
