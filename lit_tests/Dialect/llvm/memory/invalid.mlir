// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @load_release(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op unsupported ordering 'acq_rel'}}
  %0 = llvm.load %p atomic acq_rel {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return
}

// -----

llvm.func @store_acquire(%p: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{'llvm.store' op unsupported ordering 'acquire'}}
  llvm.store %x, %p atomic acquire {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @atomic_odd_width(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op unsupported type 'i24' for atomic access}}
  %0 = llvm.load %p atomic seq_cst {alignment = 4 : i64} : !llvm.ptr -> i24
  llvm.return
}

// -----

llvm.func @atomic_vector(%p: !llvm.ptr, %v: vector<4xi32>) {
  // expected-error @+1 {{'llvm.store' op unsupported type 'vector<4xi32>' for atomic access}}
  llvm.store %v, %p atomic monotonic {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @atomic_no_alignment(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = llvm.load %p atomic unordered : !llvm.ptr -> i64
  llvm.return
}

// -----

llvm.func @syncscope_not_atomic(%p: !llvm.ptr, %x: i8) {
  // expected-error @+1 {{'llvm.store' op expected syncscope to be null for non-atomic access}}
  "llvm.store"(%x, %p) <{ordering = 0 : i64, syncscope = "agent"}> : (i8, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @load_from_int(%i: i64) {
  // expected-error @+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'i64'}}
  %0 = "llvm.load"(%i) <{ordering = 0 : i64}> : (i64) -> i32
  llvm.return
}

// -----

llvm.func @alloca_two_results(%n: i64) {
  // expected-error @+1 {{expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %n x i8 : (i64) -> (!llvm.ptr, !llvm.ptr)
  llvm.return
}

// -----

llvm.func @alloca_not_function_type(%n: i64) {
  // expected-error @+1 {{expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %n x i8 : i64
  llvm.return
}

// -----

llvm.func @alloca_string_alignment(%n: i64) {
  // expected-error @+1 {{expected integer alignment}}
  %0 = llvm.alloca %n x i8 {alignment = "8"} : (i64) -> !llvm.ptr
  llvm.return
}
