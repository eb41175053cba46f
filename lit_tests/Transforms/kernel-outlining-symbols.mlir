// RUN: asyncgpu-opt %s -split-input-file -allow-unregistered-dialect -gpu-kernel-outlining -verify-diagnostics | filecheck %s

// The symbols a kernel body references are cloned into its gpu.module, and theirs in turn, in the
// order upstream's worklist finds them: the kernel's own references first (in op order), then those
// of the last one cloned.  A symbol the gpu.module already holds is not cloned twice; every
// kernel module gets its own copies; a function nobody calls stays out.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func @host(
// CHECK: gpu.launch_func @host_kernel::@host_kernel
// CHECK: gpu.launch_func @host_kernel_0::@host_kernel
// CHECK-LABEL: gpu.module @host_kernel {
// CHECK: gpu.func @host_kernel(
// CHECK: func.call @twice(
// CHECK: func.call @ext(
// CHECK: func.call @leaf(
// CHECK: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @twice(
// CHECK-NEXT: arith.addf
// CHECK-NEXT: call @leaf(
// CHECK: func.func private @ext(f32) -> f32
// CHECK-NEXT: func.func @leaf(
// CHECK-NEXT: memref.get_global @table
// CHECK: memref.global "private" constant @table : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: gpu.module @host_kernel_0 {
// CHECK: gpu.func @host_kernel(
// CHECK: func.call @twice(
// CHECK: func.func @twice(
// CHECK: func.func @leaf(
// CHECK: memref.global "private" constant @table
// CHECK-NEXT: }
// CHECK-NOT: @unused
// CHECK-NOT: func.func private @ext
module {
  memref.global "private" constant @table : memref<4xf32> = dense<1.0>
  func.func @leaf(%x: f32) -> f32 {
    %0 = memref.get_global @table : memref<4xf32>
    %c0 = arith.constant 0 : index
    %1 = memref.load %0[%c0] : memref<4xf32>
    %2 = arith.addf %x, %1 : f32
    return %2 : f32
  }
  func.func @twice(%x: f32) -> f32 {
    %0 = arith.addf %x, %x : f32
    %1 = func.call @leaf(%0) : (f32) -> f32
    return %1 : f32
  }
  func.func private @ext(f32) -> f32
  func.func @unused() { return }
  func.func @host(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %m[%c0] : memref<4xf32>
      %w = func.call @twice(%v) : (f32) -> f32
      %u = func.call @ext(%w) : (f32) -> f32
      %z = func.call @leaf(%u) : (f32) -> f32
      memref.store %z, %m[%c0] : memref<4xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %m[%c0] : memref<4xf32>
      %w = func.call @twice(%v) : (f32) -> f32
      memref.store %w, %m[%c0] : memref<4xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// References inside array and dictionary attributes count; a name the module does not define is
// left as it is.
// CHECK-LABEL: gpu.module @f_kernel {
// CHECK: "test.op"() {refs = [@g, {inner = @missing}]} : () -> ()
// CHECK: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g() {
module {
  func.func @g() { return }
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      "test.op"() {refs = [@g, {inner = @missing}]} : () -> ()
      gpu.terminator
    }
    return
  }
}

// -----

// A nested reference whose root the module defines cannot be resolved inside the kernel module.
module {
  gpu.module @other {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{nested symbol reference '@other::@k' cannot be resolved inside the outlined kernel module; gpu-kernel-outlining does not support cross-module symbol references inside gpu.launch bodies}}
      "test.op"() {ref = @other::@k} : () -> ()
      gpu.terminator
    }
    return
  }
}
