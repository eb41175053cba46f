// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @rmw_float_op_on_int(%p: !llvm.ptr, %n: i16) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fsub %p, %n seq_cst : !llvm.ptr, i16
  llvm.return
}

// -----

llvm.func @rmw_float_op_on_int_vector(%p: !llvm.ptr, %v: vector<2xi64>) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type for vector element}}
  %0 = llvm.atomicrmw fmin %p, %v seq_cst : !llvm.ptr, vector<2xi64>
  llvm.return
}

// -----

llvm.func @rmw_int_op_on_odd_width(%p: !llvm.ptr, %n: i24) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw umin %p, %n monotonic : !llvm.ptr, i24
  llvm.return
}

// -----

llvm.func @rmw_xchg_on_i4(%p: !llvm.ptr, %n: i4) {
  // expected-error @+1 {{'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %n monotonic : !llvm.ptr, i4
  llvm.return
}

// -----

llvm.func @rmw_not_atomic(%p: !llvm.ptr, %n: i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected at least 'monotonic' ordering}}
  %0 = llvm.atomicrmw add %p, %n not_atomic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_unknown_bin_op(%p: !llvm.ptr, %n: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'bin_op'}}
  %0 = llvm.atomicrmw mul %p, %n monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_scalable(%p: !llvm.ptr, %v: vector<[4]xf32>) {
  // expected-error @+1 {{'val' must be floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible fixed-length vector type, but got 'vector<[4]xf32>'}}
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, vector<[4]xf32>
  llvm.return
}

// -----

llvm.func @cmpxchg_float(%p: !llvm.ptr, %x: f64) {
  // expected-error @+1 {{'val' must be signless integer or LLVM pointer type, but got 'f64'}}
  %0 = llvm.cmpxchg %p, %x, %x monotonic monotonic : !llvm.ptr, f64
  llvm.return
}

// -----

llvm.func @cmpxchg_i2(%p: !llvm.ptr, %x: i2) {
  // expected-error @+1 {{'llvm.cmpxchg' op unexpected LLVM IR type}}
  %0 = llvm.cmpxchg %p, %x, %x seq_cst monotonic : !llvm.ptr, i2
  llvm.return
}

// -----

llvm.func @cmpxchg_unordered_success(%p: !llvm.ptr, %x: i64) {
  // expected-error @+1 {{'llvm.cmpxchg' op ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %x, %x unordered acquire : !llvm.ptr, i64
  llvm.return
}

// -----

llvm.func @cmpxchg_release_failure(%p: !llvm.ptr, %x: i64) {
  // expected-error @+1 {{'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %x, %x seq_cst release : !llvm.ptr, i64
  llvm.return
}

// -----

llvm.func @cmpxchg_tbaa_not_array(%p: !llvm.ptr, %x: i64) {
  // expected-error @+1 {{attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  %0 = llvm.cmpxchg %p, %x, %x seq_cst acquire {tbaa = 3 : i64} : !llvm.ptr, i64
  llvm.return
}

// -----

llvm.func @fence_unordered() {
  // expected-error @+1 {{'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence unordered
  llvm.return
}

// -----

llvm.func @fence_without_ordering() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'ordering'}}
  llvm.fence syncscope("agent") {}
  llvm.return
}
