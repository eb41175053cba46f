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
