// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @unknown_parameter() {
  // expected-error @+1 {{duplicate or unknown struct parameter name: unrollCount}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<unrollCount = 4 : i32>}
^bb1:
  llvm.return
}

// -----

llvm.func @duplicate_parameter() {
  // expected-error @+1 {{duplicate or unknown struct parameter name: count}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_peeled<count = 1 : i32, count = 2 : i32>}
^bb1:
  llvm.return
}

// -----

llvm.func @missing_equal() {
  // expected-error @+1 {{expected '='}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_licm<disable true>}
^bb1:
  llvm.return
}

// -----

llvm.func @required_parameter() {
  // expected-error @+2 {{expected valid keyword}}
  // expected-error @+1 {{expected a parameter name in struct}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_interleave<>}
^bb1:
  llvm.return
}

// -----

llvm.func @not_a_bool() {
  // expected-error @+2 {{invalid kind of attribute specified}}
  // expected-error @+1 {{failed to parse LoopUnrollAttr parameter 'full' which is to be a `BoolAttr`}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_unroll<full = 1 : i32>}
^bb1:
  llvm.return
}

// -----

llvm.func @wrong_nested_class() {
  // expected-error @+2 {{invalid kind of attribute specified}}
  // expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'unroll' which is to be a `LoopUnrollAttr`}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_peeled<count = 1 : i32>>}
^bb1:
  llvm.return
}

// -----

llvm.func @not_an_integer() {
  // expected-error @+2 {{invalid kind of attribute specified}}
  // expected-error @+1 {{failed to parse LoopPipelineAttr parameter 'initiationinterval' which is to be a `IntegerAttr`}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_pipeline<initiationinterval = "two">}
^bb1:
  llvm.return
}
