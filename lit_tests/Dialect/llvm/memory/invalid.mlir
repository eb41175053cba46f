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

// -----

llvm.func @gep_dynamic_count(%p: !llvm.ptr, %i: i64) {
  // expected-error @+1 {{'llvm.getelementptr' op expected as many dynamic indices as specified in 'rawConstantIndices'}}
  %0 = "llvm.getelementptr"(%p, %i) <{elem_type = i8, rawConstantIndices = array<i32: 0, 1>}> : (!llvm.ptr, i64) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @gep_inbounds_flag(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op 'inbounds_flag' cannot be used directly.}}
  %0 = llvm.getelementptr inbounds_flag %p[2] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.return
}

// -----

llvm.func @gep_struct_bounds(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op index 3 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 1, 0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, array<4 x struct<(i32, i32)>>)>
  llvm.return
}

// -----

llvm.func @gep_scalar_indexed(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{'llvm.getelementptr' op type 'f32' cannot be indexed (index #2)}}
  %0 = llvm.getelementptr %p[%i, 0, %i] : (!llvm.ptr, i32, i32) -> !llvm.ptr, vector<4xf32>
  llvm.return
}

// -----

llvm.func @gep_not_function_type(%p: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.getelementptr' invalid kind of type specified: expected builtin.function, but found 'i8'}}
  %0 = llvm.getelementptr %p[1] : i8, i8
  llvm.return
}

// -----

llvm.func @gep_type_count(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{custom op 'llvm.getelementptr' number of operands and types do not match: got 3 operands and 2 types}}
  %0 = llvm.getelementptr %p[%i, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<2 x i8>
  llvm.return
}

// -----

llvm.func @extractvalue_builtin_container(%v: vector<4xi32>) {
  // expected-error @+2 {{custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'vector<4xi32>'}}
  %0 = llvm.extractvalue %v[0] : vector<4xi32>
  llvm.return
}

// -----

func.func @insertvalue_memref(%x: i32, %m: memref<4xi32>) {
  // expected-error @+2 {{custom op 'llvm.insertvalue' expected LLVM IR Dialect type, got 'memref<4xi32>'}}
  %0 = llvm.insertvalue %x, %m[0] : memref<4xi32>
  return
}

// -----

llvm.func @extractvalue_array_bounds(%a: !llvm.array<2 x struct<(i32, f32)>>) {
  // expected-error @+2 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  %0 = llvm.extractvalue %a[1, 2] : !llvm.array<2 x struct<(i32, f32)>>
  llvm.return
}

// -----

llvm.func @alloca_target_ext() {
  %0 = llvm.mlir.constant(4 : i32) : i32
  // expected-error @+1 {{'llvm.alloca' op this target extension type cannot be used in alloca}}
  %1 = llvm.alloca %0 x !llvm.target<"my.opaque", i8> : (i32) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @load_target_ext(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.target<"my.opaque">'}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.target<"my.opaque">
  llvm.return
}

// -----

llvm.func @store_opaque_struct(%p: !llvm.ptr, %v: !llvm.struct<"handle", opaque>) {
  // expected-error @+1 {{'llvm.store' op operand #0 must be LLVM type with size, but got '!llvm.struct<"handle", opaque>'}}
  llvm.store %v, %p : !llvm.struct<"handle", opaque>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @zero_target_ext() {
  // expected-error @+1 {{'llvm.mlir.zero' op target extension type does not support zero-initializer}}
  %0 = llvm.mlir.zero : !llvm.target<"aarch64.svcount">
  llvm.return
}

// -----

llvm.func @poison_memref() {
  // expected-error @+1 {{'llvm.mlir.poison' op result #0 must be LLVM dialect-compatible type, but got 'memref<2xf32>'}}
  %0 = llvm.mlir.poison : memref<2xf32>
  llvm.return
}

// -----

llvm.func @constant_target_ext() {
  // expected-error @+1 {{'llvm.mlir.constant' op does not support target extension type.}}
  %0 = llvm.mlir.constant(1 : i32) : !llvm.target<"spirv.Image">
  llvm.return
}
