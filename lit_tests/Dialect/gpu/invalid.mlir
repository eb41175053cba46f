// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @memcpy_element_type(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<4xi32>
  return
}

// -----

func.func @memcpy_shape(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<8xf32>
  return
}

// -----

func.func @memset_value_type(%a: memref<4xf32>, %v: i32) {
  // expected-error @+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %a, %v : memref<4xf32>, i32
  return
}

// -----

func.func @alloc_dynamic_size_count(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = gpu.alloc (%n) : memref<4xf32>
  return
}

// -----

func.func @alloc_missing_dynamic_size() {
  // expected-error @+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = gpu.alloc () : memref<?xf32>
  return
}

// -----

func.func @alloc_async_unnamed(%t: !gpu.async.token) {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = gpu.alloc async [%t] () : memref<4xf32>
  return
}

// -----

func.func @memcpy_async_unused(%t: !gpu.async.token, %a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{custom op 'gpu.memcpy' needs to be named when marked 'async'}}
  gpu.memcpy async [%t] %a, %b : memref<4xf32>, memref<4xf32>
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_kernel_not_found(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@missing blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel {
      gpu.return
    }
  }
  func.func @launch_func_kernel_symbol_missing(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function '@kernels::@nope' is undefined}}
    gpu.launch_func @kernels::@nope blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module {
  func.func @launch_func_no_container_module(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_kernel() {
      gpu.return
    }
  }
  func.func @launch_func_not_a_kernel(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@not_kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%arg0: f32) kernel {
      gpu.return
    }
  }
  func.func @launch_func_arg_type(%sz: index, %x: i32) {
    // expected-error @+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%x : i32)
    return
  }
}

// -----

// expected-note @+1 {{prior use here}}
func.func @wait_not_token(%x: i32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: '!gpu.async.token' vs 'i32'}}
  gpu.wait [%x]
  return
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @kernel_with_result() -> f32 kernel {
    %c = arith.constant 0.0 : f32
    gpu.return %c : f32
  }
}

// -----

gpu.module @kernels {
  // expected-note @+1 {{return type declared here}}
  gpu.func @return_mismatch() -> f32 {
    // expected-error @+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

func.func @launch_terminator(%sz: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) {
    // expected-error @+1 {{'gpu.return' op expects parent op 'gpu.func'}}
    gpu.return
  }
  return
}

// -----

func.func @launch_yield_terminator(%sz: index) {
  // expected-note @+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) {
    // expected-error @+1 {{expected 'gpu.terminator' or a terminator with successors}}
    gpu.yield
  }
  return
}

// -----

func.func @launch_func_few_operands(%sz: index) {
  // expected-error @+1 {{'gpu.launch_func' op expected 6 or more operands, but found 3}}
  "gpu.launch_func"(%sz, %sz, %sz) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0>} : (index, index, index) -> ()
  return
}

// -----

module attributes {gpu.container_module} {
  module @not_gpu {
  }
  func.func @launch_into_builtin_module(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel module 'not_gpu' is undefined}}
    gpu.launch_func @not_gpu::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-note @+1 {{see the kernel definition here}}
    memref.global "private" @k : memref<2xf32>
  }
  func.func @launch_a_global(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op referenced kernel '@kernels::@k' is not a function}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

gpu.module @attributions {
  // expected-error @+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @wrong_space() private(%p: memref<8xf32, #gpu.address_space<workgroup>>) {
    gpu.return
  }
}

// -----

gpu.module @attributions {
  // expected-error @+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @not_memref() workgroup(%w: f32) {
    gpu.return
  }
}

// -----

gpu.module @hints {
  // expected-error @+1 {{'gpu.func' op gpu.known_grid_size must contain exactly 3 elements}}
  gpu.func @grid() kernel attributes {gpu.known_grid_size = array<i32: 1, 2, 3, 4>} {
    gpu.return
  }
}

// -----

gpu.module @unnamed {
  // expected-error @+1 {{custom op 'gpu.func' gpu.func requires named arguments}}
  gpu.func @k(i32) {
  ^bb0(%a: i32):
    gpu.return
  }
}

// -----

// expected-error @+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @no_targets [] {
}

// -----

// expected-error @+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @no_objects []

// -----

func.func @named_sync_wait() {
  // expected-error @+1 {{cannot name an operation with no results}}
  %t = gpu.wait
  return
}

// -----

func.func @printf_format_kind(%x: index) {
  // expected-error @+1 {{custom op 'gpu.printf' invalid kind of attribute specified}}
  gpu.printf [1], %x : index
  return
}

// -----

// upper_bound is an IndexAttr: its type is given, so a string is the wrong kind and a `: type`
// is not part of it.
func.func @upper_bound_kind() {
  // expected-error @+1 {{custom op 'gpu.thread_id' invalid kind of attribute specified}}
  %0 = gpu.thread_id x upper_bound "s"
  return
}

// -----

func.func @upper_bound_typed() {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = gpu.lane_id upper_bound 8 : i32
  return
}

// -----

// Symbols resolve in the nearest symbol table only: a kernel does not see the host functions.
module {
  func.func private @host()
  gpu.module @k {
    gpu.func @f() kernel {
      // expected-error @+1 {{'func.call' op 'host' does not reference a valid function}}
      func.call @host() : () -> ()
      gpu.return
    }
  }
}

// -----

module {
  memref.global "private" @g : memref<16xf32>
  gpu.module @k {
    gpu.func @f() kernel {
      // expected-error @+1 {{'memref.get_global' op 'g' does not reference a valid global memref}}
      %g = memref.get_global @g : memref<16xf32>
      gpu.return
    }
  }
}
