// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @operands_differ(%a: vector<4xi32>, %b: vector<8xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that all of {vec1, vec2} have same type}}
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<4xi32>, vector<8xi32>) -> vector<8xi32>
  return
}

// -----

func.func @fixed_result_of_scalable(%a: vector<[4]xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<[4]xi32>, vector<[4]xi32>) -> vector<8xi32>
  return
}

// -----

func.func @element_type(%a: vector<2xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> vector<4xi64>
  return
}

// -----

func.func @not_vectors(%a: i32) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op operand #0 must be LLVM dialect-compatible vector type, but got 'i32'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (i32, i32) -> vector<2xi32>
  return
}

// -----

llvm.func @target()
// A function's comdat must name an llvm.comdat_selector, as a global's.
// expected-error @+1 {{expected comdat symbol}}
llvm.func @with_comdat() comdat(@target) {
  llvm.return
}
