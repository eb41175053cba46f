// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @mapping_rank(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (%n, 4) {
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @two_masks(%n: index) {
  // expected-error @+1 {{'scf.forall' op "mapping" supports at most one device masking attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.mask<1>, #gpu.thread<x>, #gpu.mask<2>]}
  return
}

// -----

func.func @not_a_mapping(%n: index) {
  // expected-error @+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [1 : i32]}
  return
}

// -----

func.func @wrong_terminator() {
  // expected-error @+2 {{'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'llvm.unreachable'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'}}
  scf.forall (%i) in (8) {
    llvm.unreachable
  }
  return
}

// -----

func.func @memref_shared_out(%n: index, %m: memref<4xf32>) {
  // expected-error @+1 {{'scf.forall' op operand #1 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  %r = scf.forall (%i) in (%n) shared_outs(%o = %m) -> (memref<4xf32>) {
    scf.forall.in_parallel {
    }
  }
  return
}

// -----

func.func @outs_and_types(%n: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'scf.forall' number of operands and types do not match: got 2 operands and 1 types}}
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t, %p = %t) -> (tensor<4xf32>) {
  }
  return
}

// -----

func.func @bound_count(%n: index) {
  // expected-error @+1 {{expected 2 upper bound values, got 1}}
  scf.forall (%i, %j) in (%n) {
  }
  return
}

// -----

func.func @dynamic_count(%n: index) {
  // expected-error @+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 5>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @missing_static(%n: index) {
  // expected-error @+1 {{'scf.forall' op requires attribute 'staticLowerBound'}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @iv_type(%n: index) {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: i32):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @results_without_outputs(%n: index) {
  // expected-error @+1 {{'scf.forall' op produces 1 results, but has only 0 outputs}}
  %r = "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> f32
  return
}

// -----

func.func @in_parallel_body(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      %c = arith.constant 0 : index
    }
  }
  return
}

// -----

func.func @in_parallel_parent() {
  // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {
  }
  return
}

// -----

func.func @yield_in_forall(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }
  return
}

// -----

func.func @bad_mapping_id(%n: index) {
  scf.forall (%i) in (%n) {
  // expected-error @+2 {{expected ::mlir::gpu::MappingId to be one of: x, y, z, linear_dim_0, linear_dim_1, linear_dim_2, linear_dim_3, linear_dim_4, linear_dim_5, linear_dim_6, linear_dim_7, linear_dim_8, linear_dim_9}}
  // expected-error @+1 {{failed to parse GPUWarpMappingAttr parameter 'warp' which is to be a `::mlir::gpu::MappingId`}}
  } {mapping = [#gpu.warp<w>]}
  return
}

// -----

func.func @bad_memory_space(%n: index) {
  scf.forall (%i) in (%n) {
  // expected-error @+2 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
  // expected-error @+1 {{failed to parse GPUMemorySpaceMappingAttr parameter 'address_space' which is to be a `::mlir::gpu::AddressSpace`}}
  } {mapping = [#gpu.memory_space<shared>]}
  return
}
