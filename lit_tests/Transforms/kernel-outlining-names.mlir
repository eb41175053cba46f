// gpu.launch ... module(@m) function(@f): outlining names the kernel module and function after them
// (as upstream); a launch naming an existing gpu.module adds its kernel to it; a new kernel module
// goes just after the function it comes from (upstream's order).
// RUN: asyncgpu-opt %s --gpu-kernel-outlining | filecheck %s

// CHECK-LABEL: func.func @f
// CHECK: gpu.launch_func  @mm::@ff blocks in
// CHECK: gpu.launch_func  @existing::@second blocks in
// CHECK-LABEL: gpu.module @mm {
// CHECK-NEXT: gpu.func @ff() kernel {
// CHECK-LABEL: gpu.module @existing {
// CHECK-NEXT: gpu.func @first() kernel {
// CHECK: gpu.func @second() kernel {
// CHECK-NOT: gpu.module @f_kernel
module {
  func.func @f(%n: index) {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) module(@mm) function(@ff) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) module(@existing) function(@second) {
      gpu.terminator
    }
    return
  }
  gpu.module @existing {
    gpu.func @first() kernel {
      gpu.return
    }
  }
}
