// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// llvm.intr.sincos returns both results in one struct.

// CHECK-LABEL: llvm.func @angles
llvm.func @angles(%a: f64, %v: vector<4xf16>) -> f64 {
  // CHECK: llvm.intr.sincos(%{{.*}}) : (f64) -> !llvm.struct<(f64, f64)>
  %0 = llvm.intr.sincos(%a) : (f64) -> !llvm.struct<(f64, f64)>
  // CHECK: llvm.intr.sincos(%{{.*}}) {fastmathFlags = #llvm.fastmath<afn>} : (vector<4xf16>) -> !llvm.struct<(vector<4xf16>, vector<4xf16>)>
  %1 = llvm.intr.sincos(%v) {fastmathFlags = #llvm.fastmath<afn>} : (vector<4xf16>) -> !llvm.struct<(vector<4xf16>, vector<4xf16>)>
  %2 = llvm.extractvalue %0[1] : !llvm.struct<(f64, f64)>
  llvm.return %2 : f64
}
