// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the math dialect ops used by the kernels.

// CHECK-LABEL: func.func @unary(
// CHECK-SAME: %[[ARG0:.*]]: f32, %[[ARG1:.*]]: f64) {
// CHECK-NEXT: %[[V0:.*]] = math.sqrt %[[ARG0]] : f32
// CHECK-NEXT: %[[V1:.*]] = math.exp %[[ARG0]] : f32
// CHECK-NEXT: %[[V2:.*]] = math.log %[[ARG0]] : f32
// CHECK-NEXT: %[[V3:.*]] = math.sin %[[ARG0]] : f32
// CHECK-NEXT: %[[V4:.*]] = math.cos %[[ARG0]] : f32
// CHECK-NEXT: %[[V5:.*]] = math.tanh %[[ARG0]] : f32
// CHECK-NEXT: %[[V6:.*]] = math.absf %[[ARG0]] : f32
// CHECK-NEXT: %[[V7:.*]] = math.rsqrt %[[ARG0]] : f32
// CHECK-NEXT: %[[V8:.*]] = math.sqrt %[[ARG1]] : f64
// CHECK-NEXT: %[[V9:.*]] = math.exp %[[ARG1]] fastmath<fast> : f64
// CHECK-NEXT: %[[V10:.*]] = math.log2 %[[ARG0]] : f32
// CHECK-NEXT: %[[V11:.*]] = math.exp2 %[[ARG0]] : f32
// CHECK-NEXT: %[[V12:.*]] = math.floor %[[ARG0]] : f32
// CHECK-NEXT: %[[V13:.*]] = math.ceil %[[ARG0]] : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unary(%x: f32, %d: f64) {
  %0 = math.sqrt %x : f32
  %1 = math.exp %x : f32
  %2 = math.log %x : f32
  %3 = math.sin %x : f32
  %4 = math.cos %x : f32
  %5 = math.tanh %x : f32
  %6 = math.absf %x : f32
  %7 = math.rsqrt %x : f32
  %8 = math.sqrt %d : f64
  %9 = math.exp %d fastmath<fast> : f64
  %10 = math.log2 %x : f32
  %11 = math.exp2 %x : f32
  %12 = math.floor %x : f32
  %13 = math.ceil %x : f32
  return
}

// CHECK-LABEL: func.func @ternary_binary(
// CHECK-SAME: %[[ARG0:.*]]: f32, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: vector<4xf32>) -> vector<4xf32> {
// CHECK-NEXT: %[[V0:.*]] = math.fma %[[ARG0]], %[[ARG1]], %[[ARG2]] : f32
// CHECK-NEXT: %[[V1:.*]] = math.powf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V2:.*]] = math.fma %[[ARG0]], %[[ARG1]], %[[ARG2]] fastmath<contract> : f32
// CHECK-NEXT: %[[V3:.*]] = math.fma %[[ARG3]], %[[ARG3]], %[[ARG3]] : vector<4xf32>
// CHECK-NEXT: %[[V4:.*]] = math.sqrt %[[V3]] : vector<4xf32>
// CHECK-NEXT: return %[[V4]] : vector<4xf32>
// CHECK-NEXT: }
func.func @ternary_binary(%x: f32, %y: f32, %z: f32, %v: vector<4xf32>) -> vector<4xf32> {
  %0 = math.fma %x, %y, %z : f32
  %1 = math.powf %x, %y : f32
  %2 = math.fma %x, %y, %z fastmath<contract> : f32
  %3 = math.fma %v, %v, %v : vector<4xf32>
  %4 = math.sqrt %3 : vector<4xf32>
  return %4 : vector<4xf32>
}

// CHECK-LABEL: func.func @integer(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = math.absi %[[ARG0]] : i32
// CHECK-NEXT: %[[V1:.*]] = math.ctlz %[[V0]] : i32
// CHECK-NEXT: return %[[V1]] : i32
// CHECK-NEXT: }
func.func @integer(%a: i32) -> i32 {
  %0 = math.absi %a : i32
  %1 = math.ctlz %0 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = math.sqrt %[[ARG0]] : f32
// CHECK-NEXT: %[[V1:.*]] = math.powf %[[V0]], %[[ARG0]] fastmath<nnan> : f32
// CHECK-NEXT: return %[[V1]] : f32
// CHECK-NEXT: }
func.func @generic_forms(%x: f32) -> f32 {
  %0 = "math.sqrt"(%x) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %1 = "math.powf"(%0, %x) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
  return %1 : f32
}
