// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the math ops beyond the elementwise unary/binary ones: fpowi,
// the classification ops (fastmath printed only when set), sincos, clampf.

// CHECK-LABEL: func.func @more_math
// CHECK-SAME: (%[[F:.*]]: f32, %[[I:.*]]: i32, %[[V:.*]]: vector<4xf32>)
func.func @more_math(%f: f32, %i: i32, %v: vector<4xf32>) {
  // CHECK: math.fpowi %[[F]], %[[I]] : f32, i32
  %0 = math.fpowi %f, %i : f32, i32
  // CHECK: math.fpowi %[[F]], %[[I]] fastmath<fast> : f32, i32
  %1 = math.fpowi %f, %i fastmath<fast> : f32, i32
  // CHECK: math.isnan %[[F]] : f32
  %2 = math.isnan %f : f32
  // CHECK: math.isinf %[[V]] : vector<4xf32>
  %3 = math.isinf %v : vector<4xf32>
  // CHECK: math.isfinite %[[F]] {fastmath = #arith.fastmath<nnan>} : f32
  %4 = math.isfinite %f {fastmath = #arith.fastmath<nnan>} : f32
  // CHECK: math.isnormal %[[F]] : f32
  %5 = math.isnormal %f : f32
  // CHECK: %sin, %cos = math.sincos %[[F]] : f32
  %6:2 = math.sincos %f : f32
  // CHECK: math.clampf %[[F]] to [%[[F]], %[[F]]] : f32
  %7 = math.clampf %f to [%f, %f] : f32
  return
}
