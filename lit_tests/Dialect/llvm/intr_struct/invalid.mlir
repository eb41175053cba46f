// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @sincos_array_result(%a: f64) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type}}
  %0 = llvm.intr.sincos(%a) : (f64) -> !llvm.array<2 x f64>
  llvm.return
}

// -----

llvm.func @sincos_other_element(%a: f64) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type}}
  %0 = llvm.intr.sincos(%a) : (f64) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @sincos_integer(%a: i64) {
  // expected-error @+1 {{'llvm.intr.sincos' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i64'}}
  %0 = llvm.intr.sincos(%a) : (i64) -> !llvm.struct<(i64, i64)>
  llvm.return
}
