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
