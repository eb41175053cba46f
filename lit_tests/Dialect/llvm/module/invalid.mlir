// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @setup() {
  llvm.return
}
// expected-error @+1 {{ctors, priorities, and data must have the same number of elements}}
llvm.mlir.global_ctors ctors = [@setup, @setup], priorities = [1 : i32], data = [#llvm.zero, #llvm.zero]

// -----

llvm.func @teardown() {
  llvm.return
}
// expected-error @+1 {{data element must be symbol or #llvm.zero}}
llvm.mlir.global_dtors dtors = [@teardown], priorities = [1 : i32], data = ["x"]

// -----

llvm.mlir.global internal @not_a_function(0 : i32) : i32
// expected-error @+1 {{'llvm.mlir.global_ctors' op 'not_a_function' does not reference a valid LLVM function}}
llvm.mlir.global_ctors ctors = [@not_a_function], priorities = [0 : i32], data = [#llvm.zero]

// -----

llvm.func @declared_only()
// expected-error @+1 {{'llvm.mlir.global_ctors' op 'declared_only' does not have a definition}}
llvm.mlir.global_ctors ctors = [@declared_only], priorities = [0 : i32], data = [#llvm.zero]

// -----

llvm.mlir.global internal @g(0 : i64) : i64
// expected-error @+1 {{'llvm.mlir.alias' op 'common' linkage not supported in aliases, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally}}
llvm.mlir.alias common @a : i64 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.mlir.global internal @g(0 : i64) : i64
// expected-error @+1 {{'llvm.mlir.alias' op initializer region must always return a pointer}}
llvm.mlir.alias external @a : i64 {
  %0 = llvm.mlir.constant(7 : i64) : i64
  llvm.return %0 : i64
}

// -----

llvm.mlir.global internal @g(0 : i64) : i64
llvm.mlir.alias external @a : i64 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  %1 = llvm.mlir.constant(7 : i64) : i64
  // expected-error @+1 {{ops with side effects are not allowed in alias initializers}}
  llvm.store %1, %0 : i64, !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @resolver() -> !llvm.ptr
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must be a definition}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @resolver

// -----

llvm.func @resolver() -> i64 {
  %0 = llvm.mlir.constant(0 : i64) : i64
  llvm.return %0 : i64
}
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must return a pointer}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @resolver

// -----

llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver has incorrect type}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr<3> @resolver

// -----

llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op 'available_externally' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage}}
llvm.mlir.ifunc available_externally @f : !llvm.func<void ()>, !llvm.ptr @resolver

// -----

// expected-error @+1 {{'ProfileSummary' key expects a '#llvm.profile_summary' attribute}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", "none">]

// -----

llvm.func @nested() {
  // expected-error @+1 {{'llvm.module_flags' op must appear at the module level}}
  llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
  llvm.return
}

// -----

llvm.comdat @groups {
  llvm.comdat_selector @ok exactmatch
  // expected-error @+1 {{only comdat selector symbols can appear in a comdat region}}
  llvm.unreachable
}

// -----

llvm.comdat @groups {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'comdat' [any, exactmatch, largest, nodeduplicate, samesize]}}
  llvm.comdat_selector @bad smallest
}
