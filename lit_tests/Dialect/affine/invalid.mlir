// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @apply_operand_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func.func @apply_multi_result(%i: index) {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = affine.apply affine_map<(d0) -> (d0, d0)>(%i)
  return
}

// -----

func.func @load_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @for_yield_mismatch(%x: f32) {
  %0 = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @if_set_operands(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i) {
  }
  return
}

// -----

func.func @invalid_symbol(%m: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %n = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %n {
    }
  }
  return
}

// -----

func.func @bad_map_dim() {
  // expected-error @+1 {{use of undeclared identifier}}
  %0 = affine.apply affine_map<(d0) -> (d1)>()
  return
}
