// gpu.launch_func's kernel is checked where upstream's verifier checks it (GPUDialect's
// gpu.container_module attribute verifier): for the launches directly in a function of the
// module only; a launch nested deeper (in scf.if, in a gpu.module's func.func) is not checked.
// Any function kind needs `gpu.kernel`; the operand types are compared for gpu.func only.
// RUN: asyncgpu-opt %s --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @kern() {
      return
    }
    func.func @host() {
      %c1 = arith.constant 1 : index
      gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @kern() {
      return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kern(%a: i32) kernel {
      gpu.return
    }
  }
  func.func @host(%b: i1) {
    %c1 = arith.constant 1 : index
    scf.if %b {
      gpu.launch_func @k::@nope blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    }
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @kern(%a: i32) attributes {gpu.kernel} {
      return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kern(%a: i32) kernel {
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op got 0 kernel operands but expected 1}}
    gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @k() {
    return
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op kernel module 'k' is undefined}}
    gpu.launch_func @k::@kern blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
