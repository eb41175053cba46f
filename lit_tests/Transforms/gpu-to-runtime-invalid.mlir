// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime -verify-diagnostics

module attributes {gpu.container_module} {
  func.func @launch(%n: index) {
    // expected-error @+1 {{'gpu.launch' op replace with gpu.launch_func first}}
    gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %n, %z = %n) threads(%tx, %ty, %tz) in (%a = %n, %b = %n, %c = %n) {
      gpu.terminator
    }
    return
  }
}

// -----

// Upstream probe p5: an f64 memset cannot be expressed with mgpuMemset16/32 (upstream: left
// unconverted silently).
module attributes {gpu.container_module} {
  func.func @p5_memset_f64(%d: memref<4xf64>, %v: f64) {
    %t0 = gpu.wait async
    // expected-error @+1 {{'gpu.memset' op value must be a 16 or 32 bit int or float}}
    %t1 = gpu.memset async [%t0] %d, %v : memref<4xf64>, f64
    gpu.wait [%t1]
    return
  }
}

// -----

// Tokens through func.call/func.return are events (lit_tests/Run/g2r-func-calls.mlir); an indirect
// call with tokens is not lowered.
module attributes {gpu.container_module} {
  func.func @indirect(%f: (!gpu.async.token) -> !gpu.async.token) {
    %t0 = gpu.wait async
    // expected-error @+1 {{'func.call_indirect' op: gpu-to-runtime cannot lower an op carrying !gpu.async.token values}}
    %t1 = call_indirect %f(%t0) : (!gpu.async.token) -> !gpu.async.token
    gpu.wait [%t1]
    return
  }
}

// -----

// A reference to a function with tokens in its signature (its type changes to !llvm.ptr).
module attributes {gpu.container_module} {
  func.func @make() -> !gpu.async.token {
    %t0 = gpu.wait async
    return %t0 : !gpu.async.token
  }
  func.func @ref() {
    // expected-error @+1 {{'func.constant' op: gpu-to-runtime cannot lower a reference to a function with !gpu.async.token in its signature (call it with func.call)}}
    %f = constant @make : () -> !gpu.async.token
    return
  }
}

// -----

// Tokens through cf branches inside a region op (not a function body) are not supported.
module attributes {gpu.container_module} {
  func.func @nested_cfg() {
    %t0 = gpu.wait async
    %r = scf.execute_region -> !gpu.async.token {
      %t1 = gpu.wait async [%t0]
      // expected-error @+1 {{'cf.br' op: gpu-to-runtime cannot lower an op carrying !gpu.async.token values}}
      cf.br ^b(%t1 : !gpu.async.token)
    ^b(%t2: !gpu.async.token):
      scf.yield %t2 : !gpu.async.token
    }
    gpu.wait [%r]
    return
  }
}
