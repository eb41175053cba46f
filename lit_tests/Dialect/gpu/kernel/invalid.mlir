// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @all_reduce_kind_type(%v: f32) {
  // expected-error @+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %0 = gpu.all_reduce and %v {} : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_no_kind_no_body(%v: f32) {
  // expected-error @+1 {{expected either an op attribute or a non-empty body}}
  %0 = gpu.all_reduce %v {} : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_kind_and_body(%v: f32) {
  // expected-error @+1 {{expected either an op attribute or a non-empty body}}
  %0 = gpu.all_reduce add %v {
  ^bb(%l: f32, %r: f32):
    gpu.yield %l : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_one_arg(%v: f32) {
  // expected-error @+1 {{expected two region arguments}}
  %0 = gpu.all_reduce %v {
  ^bb(%l: f32):
    gpu.yield %l : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_arg_type(%v: f32) {
  // expected-error @+1 {{incorrect region argument type}}
  %0 = gpu.all_reduce %v {
  ^bb(%l: f32, %r: i32):
    gpu.yield %l : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_two_yielded(%v: f32) {
  // expected-error @+1 {{expected one gpu.yield operand}}
  %0 = gpu.all_reduce %v {
  ^bb(%l: f32, %r: f32):
    gpu.yield %l, %r : f32, f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @all_reduce_unknown_kind(%v: f32) {
  // expected-error @+1 {{custom op 'gpu.all_reduce' invalid op kind}}
  %0 = gpu.all_reduce foo %v {} : (f32) -> (f32)
  return
}

// -----

func.func @subgroup_reduce_kind_type(%v: f32) {
  // expected-error @+1 {{`maxsi` reduction operation is not compatible with type 'f32'}}
  %0 = gpu.subgroup_reduce maxsi %v : (f32) -> (f32)
  return
}

// -----

func.func @subgroup_reduce_cluster_size(%v: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster size 3 is not a power of two}}
  %0 = gpu.subgroup_reduce add %v cluster(size = 3) : (f32) -> (f32)
  return
}

// -----

func.func @subgroup_reduce_cluster_stride(%v: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster stride 3 is not a power of two}}
  %0 = gpu.subgroup_reduce add %v cluster(size = 4, stride = 3) : (f32) -> (f32)
  return
}

// -----

func.func @subgroup_reduce_2d(%v: vector<2x2xf32>) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'vector<2x2xf32>'}}
  %0 = gpu.subgroup_reduce add %v : (vector<2x2xf32>) -> (vector<2x2xf32>)
  return
}

// -----

func.func @subgroup_reduce_stride_without_size(%v: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster stride can only be specified if cluster size is specified}}
  %0 = "gpu.subgroup_reduce"(%v) <{op = #gpu<all_reduce_op add>, cluster_stride = 2 : i32}> : (f32) -> (f32)
  return
}

// -----

func.func @shuffle_result_type(%v: f32, %o: i32) {
  // expected-error @+1 {{'gpu.shuffle' op failed to verify that all of {value, shuffleResult} have same type}}
  %0, %1 = "gpu.shuffle"(%v, %o, %o) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (i32, i1)
  return
}

// -----

func.func @shuffle_memref(%v: memref<4xf32>, %o: i32) {
  // expected-error @+1 {{'gpu.shuffle' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'memref<4xf32>'}}
  %0, %1 = gpu.shuffle xor %v, %o, %o : memref<4xf32>
  return
}

// -----

func.func @dynamic_shared_memory_space() {
  // expected-error @+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
  %0 = gpu.dynamic_shared_memory : memref<?xi8>
  return
}

// -----

func.func @dynamic_shared_memory_static() {
  // expected-error @+1 {{'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>}}
  %0 = gpu.dynamic_shared_memory : memref<4xi8, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dynamic_shared_memory_element() {
  // expected-error @+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xf32, #gpu.address_space<workgroup>>'}}
  %0 = gpu.dynamic_shared_memory : memref<?xf32, #gpu.address_space<workgroup>>
  return
}
