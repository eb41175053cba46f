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

// -----

func.func @delinearize_result_count(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %i into (4, 8) : index, index, index, index
  return
}

// -----

func.func @delinearize_non_positive(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %i into (0, 8) : index, index
  return
}

// -----

func.func @linearize_index_count(%i: index, %j: index) {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%i, %j] by (4, 8, 2) : index
  return
}

// -----

func.func @vector_load_element_type(%m: memref<64xi32>) {
  affine.for %i = 0 to 8 {
    // expected-error @+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
    %v = affine.vector_load %m[%i] : memref<64xi32>, vector<8xf32>
  }
  return
}

// -----

func.func @parallel_missing_reduction(%m: memref<8xf32>) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %0 = affine.parallel (%i) = (0) to (8) -> (f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @parallel_bad_reduction(%m: memref<8xf32>) {
  // expected-error @+1 {{custom op 'affine.parallel' invalid reduction value: "sum"}}
  %0 = affine.parallel (%i) = (0) to (8) reduce ("sum") -> (f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @dim_not_valid(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %k = arith.addi %i, %n : index
    // expected-error @+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%k] : memref<8xf32>
  }
  return
}

// -----

func.func @if_region_args(%i: index) {
  // expected-error @+1 {{'affine.if' op region #0 should have no arguments}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
  ^bb0(%x: index):
  }
  return
}

// -----

func.func @store_value_type(%m: memref<8xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<8xf32>, index) -> ()
  return
}

// -----

func.func @min_operand_count(%a: index, %b: index) {
  // expected-error @+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0, 4)> (%a, %b)
  return
}

// -----

func.func @for_bound_needs_max(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (0, s0)>()[%n] to 8 {
  }
  return
}

// -----

func.func @for_iv_result_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %k#1 = 0 to 4 {
  }
  return
}

// -----

func.func @for_iv_used_in_its_bound() {
  // expected-error@+2 {{region entry argument '%k' is already in use}}
  // expected-note@+1 {{previously referenced here}}
  affine.for %k = affine_map<(d0) -> (d0)>(%k) to 4 {
  }
  return
}

// -----

func.func @for_bound_too_large() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  affine.for %k = 0 to 9223372036854775808 {
  }
  return
}

// -----

func.func @for_step_minus_zero() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  affine.for %k = 0 to 8 step -0 {
  }
  return
}

// -----

func.func @for_step_negative() {
  // expected-error@+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %k = 0 to 8 step -2 {
  }
  return
}

// -----

func.func @for_step_not_a_number() {
  // expected-error@+1 {{expected constant integer or floating point value}}
  affine.for %k = 0 to 8 step - step {
  }
  return
}

// -----

// expected-error@+1 {{expected '(' in integer set constraint list}}
#bad_set = affine_set<(d0) : d0 >= 0)>

// -----

func.func @prefetch_rw(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'}}
  affine.prefetch %m[%i], readwrite, locality<1>, data : memref<8xf32>
  return
}

// -----

func.func @prefetch_cache(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' cache type has to be 'data' or 'instr'}}
  affine.prefetch %m[%i], write, locality<1>, texture : memref<8xf32>
  return
}

// -----

func.func @prefetch_index_not_affine(%m: memref<8xf32>, %i: index) {
  affine.for %k = 0 to 4 {
    %j = arith.muli %k, %i : index
    // expected-error@+1 {{'affine.prefetch' op index must be a valid dimension or symbol identifier}}
    affine.prefetch %m[%j], read, locality<1>, data : memref<8xf32>
  }
  return
}

// -----

func.func @dma_strides(%a: memref<8xf32>, %b: memref<8xf32, 1>, %t: memref<1xi32>, %n: index) {
  // expected-error@+1 {{custom op 'affine.dma_start' expected two stride related operands}}
  affine.dma_start %a[0], %b[0], %t[0], %n, %n : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>
  return
}

// -----

func.func @dma_dst_index_not_affine(%a: memref<8xf32>, %b: memref<8xf32, 1>, %t: memref<1xi32>, %n: index) {
  affine.for %k = 0 to 4 {
    %j = arith.muli %k, %n : index
    // expected-error@+1 {{'affine.dma_start' op dst index must be a valid dimension or symbol identifier}}
    affine.dma_start %a[%k], %b[%j], %t[0], %n : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>
  }
  return
}

// -----

func.func @dma_source_not_memref(%a: f32, %b: memref<8xf32, 1>, %t: memref<1xi32>, %n: index) {
  // expected-error@+1 {{'affine.dma_start' op expected DMA source to be of memref type}}
  "affine.dma_start"(%a, %b, %t, %n) {src_map = affine_map<() -> ()>, dst_map = affine_map<() -> (0)>, tag_map = affine_map<() -> (0)>} : (f32, memref<8xf32, 1>, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @dma_wait_index_not_affine(%t: memref<1xi32>, %n: index) {
  affine.for %k = 0 to 4 {
    %j = arith.muli %k, %n : index
    // expected-error@+1 {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%j], %n : memref<1xi32>
  }
  return
}

// -----

func.func @dim_of_loop_sized_alloc(%n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %buf = memref.alloc(%i) : memref<?xf32>
    %d = memref.dim %buf, %c0 : memref<?xf32>
    // expected-error @+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to %d {
    }
  }
  return
}

// -----

func.func @dim_of_alloca(%n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %buf = memref.alloca(%n) : memref<?xf32>
    %d = memref.dim %buf, %c0 : memref<?xf32>
    // expected-error @+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to %d {
    }
  }
  return
}
