// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @musttail_asm() {
  // expected-error @+1 {{'llvm.inline_asm' op tail call kind 'musttail' is not supported by this operation}}
  llvm.inline_asm tail_call_kind = <musttail> "ret", "" : () -> ()
  llvm.return
}

// -----

llvm.func @bundle_types(%x: i64) {
  // expected-error @+1 {{expected 2 types for operand bundle operands for operand bundle #0, but actually got 1}}
  llvm.call_intrinsic "llvm.foo"(%x) ["a"(), "b"(%x, %x : i64)] : (i64) -> ()
  llvm.return
}

// -----

llvm.func @bundle_tags(%x: i64) {
  // expected-error @+1 {{expected 1 operand bundle tags, but actually got 0}}
  "llvm.call_intrinsic"(%x) <{intrin = "llvm.foo", fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> ()
  llvm.return
}
