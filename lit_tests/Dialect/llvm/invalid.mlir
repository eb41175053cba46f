// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-note @+1 {{when returning from function}}
llvm.func @return_type(%x: i32) -> i64 {
  // expected-error @+1 {{'llvm.return' op mismatching result types}}
  llvm.return %x : i32
}

// -----

llvm.func @callee(i32) -> i32

llvm.func @call_arg_type(%x: i64) -> i32 {
  // expected-error @+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  %0 = llvm.call @callee(%x) : (i64) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @call_missing(%x: i32) {
  // expected-error @+1 {{'llvm.call' op 'nowhere' does not reference a symbol in the current scope}}
  llvm.call @nowhere(%x) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @extractvalue_out_of_bounds(%s: !llvm.struct<(i32, f32)>) {
  %0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)>
  // expected-error @+1 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  llvm.return
}

// -----

// expected-note @+1 {{prior use here}}
llvm.func @insertvalue_type(%s: !llvm.struct<(i32, f32)>, %x: i64) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = llvm.insertvalue %x, %s[0] : !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @addrspacecast_same(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.ptrtoint' op result #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.ptrtoint %p : !llvm.ptr to f32
  llvm.return
}

// -----

llvm.func @gep_struct_dynamic(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{'llvm.getelementptr' op expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @select_operand_count(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{custom op 'llvm.select' number of operands and types do not match: got 2 operands and 3 types}}
  %0 = llvm.select %c, %a : i1, i32
  llvm.return %0 : i32
}

// -----

// expected-error @+1 {{'builtin.module' op invalid data layout descriptor: unknown specifier 'w'}}
module attributes {llvm.data_layout = "e-i64:64-w32"} {
}

// -----

// expected-error @+1 {{'builtin.module' op invalid data layout descriptor: empty specification is not allowed}}
module attributes {llvm.data_layout = "e--i64:64"} {
}

// -----

// A generic llvm.mlir.global without its type is a diagnostic, not a crash.
// expected-error @+1 {{'llvm.mlir.global' op requires attribute 'global_type'}}
"llvm.mlir.global"() ({}) {sym_name = "g", value = 42 : i64} : () -> ()
