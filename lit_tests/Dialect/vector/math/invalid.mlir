// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @fma_int(%v: vector<4xi32>) {
  // expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = vector.fma %v, %v, %v : vector<4xi32>
  return
}

// -----

func.func @multi_reduction_dest(%v: vector<4x8xf32>, %acc: vector<4xf32>) {
  // expected-error @+1 {{'vector.multi_reduction' op destination type 'vector<4xf32>' is incompatible with source type 'vector<4x8xf32>'}}
  %0 = vector.multi_reduction <add>, %v, %acc [0] : vector<4x8xf32> to vector<4xf32>
  return
}

// -----

#m = affine_map<(i, j) -> (i, j)>
func.func @contract_maps(%a: vector<4x8xf32>, %acc: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.contract' op expected an indexing map for each vector operand}}
  %0 = vector.contract {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]} %a, %a, %acc : vector<4x8xf32>, vector<4x8xf32> into vector<4x8xf32>
  return
}

// -----

func.func @gather_mask(%m: memref<?xf32>, %i: index, %iv: vector<16xi32>, %k: vector<16xi32>, %p: vector<16xf32>) {
  // expected-error @+1 {{'vector.gather' op operand #3 must be vector of 1-bit signless integer values, but got 'vector<16xi32>'}}
  %0 = vector.gather %m[%i] [%iv], %k, %p : memref<?xf32>, vector<16xi32>, vector<16xi32>, vector<16xf32> into vector<16xf32>
  return
}
