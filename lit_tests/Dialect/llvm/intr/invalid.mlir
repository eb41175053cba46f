// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @case0(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.sqrt' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.intr.sqrt(%v) : (i32) -> i32
  return
}

// -----

func.func @case1(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.ctpop' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.intr.ctpop(%f) : (f32) -> f32
  return
}

// -----

func.func @case2(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.fma' op requires the same type for all operands and results}}
  %0 = llvm.intr.fma(%f, %f, %g) : (f32, f32, f64) -> f32
  return
}

// -----

func.func @case3(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.smax' op operand #1 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.intr.smax(%v, %f) : (i32, f32) -> i32
  return
}

// -----

func.func @case4(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.powi' op operand #1 must be signless integer, but got 'f32'}}
  %0 = llvm.intr.powi(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @case5(%v: i32, %f: f32, %g: f64) {
  // expected-error @+1 {{'llvm.intr.sqrt' op requires the same type for all operands and results}}
  %0 = llvm.intr.sqrt(%f) : (f32) -> f64
  return
}
