// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @cast_index_to_index(%a: index) {
  // expected-error @+1 {{'index.castu' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.castu %a : index to index
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @add_i32(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = index.add %a, %a
  return
}
