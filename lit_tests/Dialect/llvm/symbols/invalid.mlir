// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @odd_alignment(1 : i8) {alignment = 12} : i8

// -----

// expected-error @+1 {{'llvm.mlir.global' op expected zero value for 'common' linkage}}
llvm.mlir.global common @common_nonzero(1.5 : f32) : f32

// -----

// expected-error @+1 {{'llvm.mlir.global' op expected array type for 'appending' linkage}}
llvm.mlir.global appending @appending_scalar() : !llvm.ptr

// -----

// expected-error @+1 {{no_inline and always_inline attributes are incompatible}}
llvm.func @both_inline() attributes {always_inline, no_inline} {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op with optimize_none must also be no_inline}}
llvm.func @optnone_alone() attributes {optimize_none} {
  llvm.return
}

// -----

llvm.func @extract_wrong_result(%s: !llvm.struct<(i8, i16)>) {
  // expected-error @+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i8, i16)>' should produce 'i16' but this op returns 'i8'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i8, i16)>) -> i8
  llvm.return
}

// -----

llvm.func @insert_wrong_value(%a: !llvm.array<3 x f32>, %x: f64) {
  // expected-error @+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'f64' into '!llvm.array<3 x f32>'}}
  %0 = "llvm.insertvalue"(%a, %x) <{position = array<i64: 2>}> : (!llvm.array<3 x f32>, f64) -> !llvm.array<3 x f32>
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region type 'f32' does not match global type 'f64'}}
llvm.mlir.global private @init_type() : f64 {
  %0 = llvm.mlir.constant(1.0 : f32) : f32
  llvm.return %0 : f32
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region cannot return void}}
llvm.mlir.global private @init_void() : i8 {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op cannot have both initializer value and region}}
llvm.mlir.global private @init_both(2 : i8) : i8 {
  %0 = llvm.mlir.constant(2 : i8) : i8
  llvm.return %0 : i8
}

// -----

llvm.mlir.global private @init_store() : !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  %1 = llvm.mlir.constant(0 : i32) : i32
  // expected-error @+1 {{ops with side effects not allowed in global initializers}}
  llvm.store %1, %0 : i32, !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @not_a_selector()
// expected-error @+1 {{expected comdat symbol}}
llvm.mlir.global external @comdat_not_selector(1 : i64) comdat(@not_a_selector) : i64

// -----

llvm.func @access_groups(%p: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{custom op 'llvm.store' 'llvm.store' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  llvm.store %x, %p {access_groups = ["group"]} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @alias_scopes_generic(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array}}
  %0 = "llvm.load"(%p) <{alias_scopes = [1 : i32], ordering = 0 : i64}> : (!llvm.ptr) -> i32
  llvm.return
}
