// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics -async-region

func.func @launch(%sz : index) {
  // expected-error@+1 {{'gpu.launch' op replace with gpu.launch_func first}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz)
             threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
    gpu.terminator
  }
  return
}
