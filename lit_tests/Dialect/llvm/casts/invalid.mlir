// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @bitcast_ptr_to_int(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'llvm.bitcast' op can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %p : !llvm.ptr<1> to i64
  llvm.return
}

// -----

llvm.func @bitcast_vector_to_ptr_vector(%v: vector<2xi64>) {
  // expected-error @+1 {{'llvm.bitcast' op can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %v : vector<2xi64> to vector<2x!llvm.ptr>
  llvm.return
}

// -----

llvm.func @bitcast_ptr_vector_to_ptr(%v: vector<2x!llvm.ptr<3>>) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast vector of pointers to pointer}}
  %0 = llvm.bitcast %v : vector<2x!llvm.ptr<3>> to !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @bitcast_ptr_to_ptr_vector(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast pointer to vector of pointers}}
  %0 = llvm.bitcast %p : !llvm.ptr to vector<1x!llvm.ptr>
  llvm.return
}

// -----

llvm.func @bitcast_address_space(%v: vector<2x!llvm.ptr>) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %v : vector<2x!llvm.ptr> to vector<2x!llvm.ptr<5>>
  llvm.return
}

// -----

llvm.func @bitcast_struct(%s: !llvm.struct<(i32)>) {
  // expected-error @+1 {{'llvm.bitcast' op operand #0 must be LLVM-compatible non-aggregate type, but got '!llvm.struct<(i32)>'}}
  %0 = llvm.bitcast %s : !llvm.struct<(i32)> to i32
  llvm.return
}

// -----

func.func @bitcast_2d_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'llvm.bitcast' op result #0 must be LLVM-compatible non-aggregate type, but got 'vector<2x2xi32>'}}
  %0 = llvm.bitcast %v : vector<4xf32> to vector<2x2xi32>
  return
}

// -----

llvm.func @sext_narrower(%x: i64) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.sext %x : i64 to i8
  llvm.return
}

// -----

llvm.func @zext_same_vector_width(%x: vector<4xi16>) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.zext %x : vector<4xi16> to vector<4xi16>
  llvm.return
}

// -----

llvm.func @sext_shape(%x: vector<4xi8>) {
  // expected-error @+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.sext %x : vector<4xi8> to vector<8xi32>
  llvm.return
}

// -----

llvm.func @sext_scalable(%x: vector<[4]xi8>) {
  // expected-error @+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.sext %x : vector<[4]xi8> to vector<4xi32>
  llvm.return
}

// -----

llvm.func @zext_scalar_to_vector(%x: i1) {
  // expected-error @+1 {{input type is an integer but output type is a vector}}
  %0 = llvm.zext %x : i1 to vector<2xi32>
  llvm.return
}

// -----

llvm.func @sext_vector_to_scalar(%x: vector<2xi1>) {
  // expected-error @+1 {{input type is a vector but output type is an integer}}
  %0 = llvm.sext %x : vector<2xi1> to i32
  llvm.return
}
