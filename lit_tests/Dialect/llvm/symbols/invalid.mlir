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
