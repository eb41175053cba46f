// The gpu dialect's attributes are all known: any other mnemonic is upstream's "unknown
// attribute"; an enum in the default format is `#gpu<mnemonic keyword>`, never `#gpu.mnemonic<...>`;
// the others need their `<`.
// RUN: asyncgpu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{unknown attribute `processor` in dialect `gpu`}}
"test.op"() {a = #gpu<processor thread_x>} : () -> ()

// -----

// expected-error @+1 {{unknown attribute `processor` in dialect `gpu`}}
"test.op"() {a = #gpu.processor<thread_x>} : () -> ()

// -----

// expected-error @+1 {{unknown attribute `broadcast_type` in dialect `gpu`}}
"test.op"() {a = #gpu<broadcast_type any_lane>} : () -> ()

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse GPU_DimensionAttr parameter 'value' which is to be a `::mlir::gpu::Dimension`}}
"test.op"() {a = #gpu.dim<x>} : () -> ()

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse GPU_ShuffleModeAttr parameter 'value' which is to be a `::mlir::gpu::ShuffleMode`}}
"test.op"() {a = #gpu.shuffle_mode<xor>} : () -> ()

// -----

// expected-error @+2 {{expected ::mlir::gpu::BroadcastType to be one of: first_active_lane, specific_lane}}
// expected-error @+1 {{failed to parse GPU_BroadcastTypeAttr parameter 'value' which is to be a `::mlir::gpu::BroadcastType`}}
"test.op"() {a = #gpu<broadcast any_lane>} : () -> ()

// -----

// expected-error @+1 {{expected '<'}}
"test.op"() {a = #gpu<address_space workgroup>} : () -> ()

// -----

// expected-error @+2 {{expected ::mlir::gpu::Processor to be one of: block_x, block_y, block_z, thread_x, thread_y, thread_z, sequential}}
// expected-error @+1 {{failed to parse ParallelLoopDimMappingAttr parameter 'processor' which is to be a `::mlir::gpu::Processor`}}
"test.op"() {a = #gpu.loop_dim_map<processor = foo, map = (d0) -> (d0), bound = (d0) -> (d0)>} : () -> ()

// -----

// expected-error @+2 {{expected '(' in dimensional identifier list}}
// expected-error @+1 {{failed to parse ParallelLoopDimMappingAttr parameter 'map' which is to be a `AffineMap`}}
"test.op"() {a = #gpu.loop_dim_map<processor = thread_x, map = affine_map<(d0) -> (d0)>, bound = (d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"test.op"() {a = #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0)>} : () -> ()
