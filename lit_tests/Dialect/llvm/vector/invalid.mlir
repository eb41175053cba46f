// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @extract_from_scalar(%x: i64, %k: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'i64'}}
  %0 = llvm.extractelement %x[%k : i32] : i64
  llvm.return
}

// -----

llvm.func @insert_into_scalar(%x: f64, %k: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'f64'}}
  %0 = llvm.insertelement %x, %x[%k : i32] : f64
  llvm.return
}

// -----

llvm.func @extract_wrong_result(%v: vector<2xf64>, %k: i32) {
  // expected-error @+1 {{'llvm.extractelement' op failed to verify that result type matches vector element type}}
  %0 = "llvm.extractelement"(%v, %k) : (vector<2xf64>, i32) -> f32
  llvm.return
}

// -----

llvm.func @insert_wrong_value(%v: vector<2xf64>, %k: i32, %x: f32) {
  // expected-error @+1 {{'llvm.insertelement' op failed to verify that argument type matches vector element type}}
  %0 = "llvm.insertelement"(%v, %x, %k) : (vector<2xf64>, f32, i32) -> vector<2xf64>
  llvm.return
}

// -----

llvm.func @shuffle_scalable_not_splat(%v: vector<[8]xi8>) {
  // expected-error @+1 {{'llvm.shufflevector' op expected a splat operation for scalable vectors}}
  %0 = llvm.shufflevector %v, %v [0, 3] : vector<[8]xi8>
  llvm.return
}

// -----

llvm.func @vector_insert_too_big(%s: vector<2xi64>, %d: vector<4096xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.insert' op failed to verify that vectors are not bigger than 2^17 bits.}}
  %0 = llvm.intr.vector.insert %s, %d[0] : vector<2xi64> into vector<4096xi64>
  llvm.return
}

// -----

llvm.func @vector_insert_scalable_into_fixed(%s: vector<[2]xi64>, %d: vector<8xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.insert' op failed to verify that it is not inserting scalable into fixed-length vectors.}}
  %0 = llvm.intr.vector.insert %s, %d[0] : vector<[2]xi64> into vector<8xi64>
  llvm.return
}

// -----

llvm.func @vector_extract_scalable_from_fixed(%s: vector<8xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.extract' op failed to verify that it is not extracting scalable from fixed-length vectors.}}
  %0 = llvm.intr.vector.extract %s[0] : vector<[2]xi64> from vector<8xi64>
  llvm.return
}

// -----

llvm.func @vector_extract_i32_pos(%s: vector<8xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.extract' op attribute 'pos' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "llvm.intr.vector.extract"(%s) <{pos = 0 : i32}> : (vector<8xi64>) -> vector<2xi64>
  llvm.return
}

// -----

llvm.func @interleave_mixed(%a: vector<2xi32>, %b: vector<2xf32>) {
  // expected-error @+1 {{failed to verify that all of {vec1, vec2} have same type}}
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<2xi32>, vector<2xf32>) -> vector<4xi32>
  llvm.return
}

// -----

llvm.func @interleave_lost_scalability(%a: vector<[2]xi32>) {
  // expected-error @+1 {{failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<[2]xi32>, vector<[2]xi32>) -> vector<4xi32>
  llvm.return
}

// -----

llvm.func @interleave_other_element(%a: vector<2xi32>) {
  // expected-error @+1 {{failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> vector<4xi64>
  llvm.return
}

// -----

llvm.func @deinterleave_scalar(%a: i64) {
  // expected-error @+1 {{operand #0 must be LLVM dialect-compatible vector type, but got 'i64'}}
  %0 = "llvm.intr.vector.deinterleave2"(%a) : (i64) -> !llvm.struct<(i32, i32)>
  llvm.return
}
