// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the llvm.intr.* math intrinsics kernels use (float with
// fastmath flags, integer, powi, and the generic-only ctlz/cttz/abs).

// CHECK-LABEL: func.func @intrinsics
func.func @intrinsics(%f: f32, %v: vector<4xf32>, %i: i32) {
  // CHECK: llvm.intr.fabs(%{{.*}}) : (f32) -> f32
  %fabs = llvm.intr.fabs(%f) : (f32) -> f32
  // CHECK: llvm.intr.ceil(%{{.*}}) : (f32) -> f32
  %ceil = llvm.intr.ceil(%f) : (f32) -> f32
  // CHECK: llvm.intr.cos(%{{.*}}) : (f32) -> f32
  %cos = llvm.intr.cos(%f) : (f32) -> f32
  // CHECK: llvm.intr.exp(%{{.*}}) : (f32) -> f32
  %exp = llvm.intr.exp(%f) : (f32) -> f32
  // CHECK: llvm.intr.exp2(%{{.*}}) : (f32) -> f32
  %exp2 = llvm.intr.exp2(%f) : (f32) -> f32
  // CHECK: llvm.intr.exp10(%{{.*}}) : (f32) -> f32
  %exp10 = llvm.intr.exp10(%f) : (f32) -> f32
  // CHECK: llvm.intr.floor(%{{.*}}) : (f32) -> f32
  %floor = llvm.intr.floor(%f) : (f32) -> f32
  // CHECK: llvm.intr.log(%{{.*}}) : (f32) -> f32
  %log = llvm.intr.log(%f) : (f32) -> f32
  // CHECK: llvm.intr.log10(%{{.*}}) : (f32) -> f32
  %log10 = llvm.intr.log10(%f) : (f32) -> f32
  // CHECK: llvm.intr.log2(%{{.*}}) : (f32) -> f32
  %log2 = llvm.intr.log2(%f) : (f32) -> f32
  // CHECK: llvm.intr.rint(%{{.*}}) : (f32) -> f32
  %rint = llvm.intr.rint(%f) : (f32) -> f32
  // CHECK: llvm.intr.nearbyint(%{{.*}}) : (f32) -> f32
  %nearbyint = llvm.intr.nearbyint(%f) : (f32) -> f32
  // CHECK: llvm.intr.round(%{{.*}}) : (f32) -> f32
  %round = llvm.intr.round(%f) : (f32) -> f32
  // CHECK: llvm.intr.roundeven(%{{.*}}) : (f32) -> f32
  %roundeven = llvm.intr.roundeven(%f) : (f32) -> f32
  // CHECK: llvm.intr.sin(%{{.*}}) : (f32) -> f32
  %sin = llvm.intr.sin(%f) : (f32) -> f32
  // CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  %sqrt = llvm.intr.sqrt(%f) : (f32) -> f32
  // CHECK: llvm.intr.trunc(%{{.*}}) : (f32) -> f32
  %trunc = llvm.intr.trunc(%f) : (f32) -> f32
  // CHECK: llvm.intr.tan(%{{.*}}) : (f32) -> f32
  %tan = llvm.intr.tan(%f) : (f32) -> f32
  // CHECK: llvm.intr.tanh(%{{.*}}) : (f32) -> f32
  %tanh = llvm.intr.tanh(%f) : (f32) -> f32
  // CHECK: llvm.intr.sinh(%{{.*}}) : (f32) -> f32
  %sinh = llvm.intr.sinh(%f) : (f32) -> f32
  // CHECK: llvm.intr.cosh(%{{.*}}) : (f32) -> f32
  %cosh = llvm.intr.cosh(%f) : (f32) -> f32
  // CHECK: llvm.intr.asin(%{{.*}}) : (f32) -> f32
  %asin = llvm.intr.asin(%f) : (f32) -> f32
  // CHECK: llvm.intr.acos(%{{.*}}) : (f32) -> f32
  %acos = llvm.intr.acos(%f) : (f32) -> f32
  // CHECK: llvm.intr.atan(%{{.*}}) : (f32) -> f32
  %atan = llvm.intr.atan(%f) : (f32) -> f32
  // CHECK: llvm.intr.copysign(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %copysign = llvm.intr.copysign(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.maxnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %maxnum = llvm.intr.maxnum(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.minnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %minnum = llvm.intr.minnum(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.maximum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %maximum = llvm.intr.maximum(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.minimum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %minimum = llvm.intr.minimum(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.pow(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %pow = llvm.intr.pow(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.atan2(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %atan2 = llvm.intr.atan2(%f, %f) : (f32, f32) -> f32
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %fma = llvm.intr.fma(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  // CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %fmuladd = llvm.intr.fmuladd(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  // CHECK: llvm.intr.ctpop(%{{.*}}) : (i32) -> i32
  %ctpop = llvm.intr.ctpop(%i) : (i32) -> i32
  // CHECK: llvm.intr.bitreverse(%{{.*}}) : (i32) -> i32
  %bitreverse = llvm.intr.bitreverse(%i) : (i32) -> i32
  // CHECK: llvm.intr.bswap(%{{.*}}) : (i32) -> i32
  %bswap = llvm.intr.bswap(%i) : (i32) -> i32
  // CHECK: llvm.intr.smax(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  %smax = llvm.intr.smax(%i, %i) : (i32, i32) -> i32
  // CHECK: llvm.intr.smin(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  %smin = llvm.intr.smin(%i, %i) : (i32, i32) -> i32
  // CHECK: llvm.intr.umax(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  %umax = llvm.intr.umax(%i, %i) : (i32, i32) -> i32
  // CHECK: llvm.intr.umin(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  %umin = llvm.intr.umin(%i, %i) : (i32, i32) -> i32
  // CHECK: llvm.intr.powi(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
  %powi = llvm.intr.powi(%f, %i) : (f32, i32) -> f32
  // CHECK: llvm.intr.exp(%{{.*}}) {fastmathFlags = #llvm.fastmath<nnan, ninf>} : (f32) -> f32
  %fm = llvm.intr.exp(%f) {fastmathFlags = #llvm.fastmath<nnan, ninf>} : (f32) -> f32
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) {foo = 1 : i32} : (f32, f32, f32) -> f32
  %other = llvm.intr.fma(%f, %f, %f) {foo = 1 : i32} : (f32, f32, f32) -> f32
  // CHECK: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i32) -> i32
  %ctlz = "llvm.intr.ctlz"(%i) <{is_zero_poison = false}> : (i32) -> i32
  // CHECK: "llvm.intr.cttz"(%{{.*}}) <{is_zero_poison = true}> : (i32) -> i32
  %cttz = "llvm.intr.cttz"(%i) <{is_zero_poison = true}> : (i32) -> i32
  // CHECK: "llvm.intr.abs"(%{{.*}}) <{is_int_min_poison = false}> : (i32) -> i32
  %abs = "llvm.intr.abs"(%i) <{is_int_min_poison = false}> : (i32) -> i32
  return
}
