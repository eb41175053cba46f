// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @gather_length(%ps: vector<2x!llvm.ptr>, %mask: vector<4xi1>) -> vector<4xf32> {
  // expected-error @+1 {{'llvm.intr.masked.gather' op expected operand #1 type to be 'vector<4x!llvm.ptr>'}}
  %0 = llvm.intr.masked.gather %ps, %mask {alignment = 4 : i32} : (vector<2x!llvm.ptr>, vector<4xi1>) -> vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

// -----

llvm.func @scatter_length(%v: vector<4xf32>, %ps: vector<8x!llvm.ptr>, %mask: vector<4xi1>) {
  // expected-error @+1 {{'llvm.intr.masked.scatter' op expected operand #2 type to be 'vector<4x!llvm.ptr>'}}
  llvm.intr.masked.scatter %v, %ps, %mask {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into vector<8x!llvm.ptr>
  llvm.return
}

// -----

llvm.func @load_without_alignment(%p: !llvm.ptr, %mask: vector<4xi1>) -> vector<4xf32> {
  // expected-error @+1 {{'llvm.intr.masked.load' op requires attribute 'alignment'}}
  %0 = llvm.intr.masked.load %p, %mask : (!llvm.ptr, vector<4xi1>) -> vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

// -----

llvm.func @alignment_i64(%p: !llvm.ptr, %mask: vector<4xi1>) -> vector<4xf32> {
  // expected-error @+1 {{'llvm.intr.masked.load' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = llvm.intr.masked.load %p, %mask {alignment = 4} : (!llvm.ptr, vector<4xi1>) -> vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

// -----

llvm.func @mask_of_i8(%p: !llvm.ptr, %mask: vector<4xi8>) -> vector<4xf32> {
  // expected-error @+1 {{'llvm.intr.masked.load' op operand #1 must be LLVM dialect-compatible vector of 1-bit signless integer, but got 'vector<4xi8>'}}
  %0 = llvm.intr.masked.load %p, %mask {alignment = 4 : i32} : (!llvm.ptr, vector<4xi8>) -> vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

// -----

llvm.func @volatile_not_i1(%p: !llvm.ptr, %s: i64) {
  // expected-error @+1 {{'llvm.intr.matrix.column.major.load' op attribute 'isVolatile' failed to satisfy constraint: 1-bit signless integer attribute}}
  %0 = llvm.intr.matrix.column.major.load %p, <stride=%s> {isVolatile = 0 : i32, rows = 2 : i32, columns = 2 : i32} : vector<4xf32> from !llvm.ptr stride i64
  llvm.return
}

// -----

llvm.func @load_from_integer(%p: i64, %s: i64) {
  // expected-error @+1 {{'llvm.intr.matrix.column.major.load' op operand #0 must be LLVM pointer type, but got 'i64'}}
  %0 = llvm.intr.matrix.column.major.load %p, <stride=%s> {isVolatile = false, rows = 2 : i32, columns = 2 : i32} : vector<4xf32> from i64 stride i64
  llvm.return
}

// -----

llvm.func @transpose_to_scalar(%a: vector<4xf32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = llvm.intr.matrix.transpose %a {rows = 2 : i32, columns = 2 : i32} : vector<4xf32> into f32
  llvm.return
}

// -----

llvm.func @generic_transpose_to_scalar(%a: vector<4xf32>) {
  // expected-error @+1 {{'llvm.intr.matrix.transpose' op result #0 must be LLVM dialect-compatible vector type, but got 'f32'}}
  %0 = "llvm.intr.matrix.transpose"(%a) <{rows = 2 : i32, columns = 2 : i32}> : (vector<4xf32>) -> f32
  llvm.return
}

// -----

llvm.func @pass_thru_scalar(%ps: vector<4x!llvm.ptr>, %mask: vector<4xi1>, %x: f32) {
  // expected-error @+1 {{'llvm.intr.masked.gather' op operand #2 must be variadic of LLVM dialect-compatible vector type, but got 'f32'}}
  %0 = llvm.intr.masked.gather %ps, %mask, %x {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, f32) -> vector<4xf32>
  llvm.return
}

// -----

llvm.func @expandload_custom(%p: !llvm.ptr, %mask: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{custom op 'llvm.intr.masked.expandload' has no custom assembly form}}
  %0 = llvm.intr.masked.expandload %p, %mask, %v : vector<4xf32>
  llvm.return
}

// -----

llvm.func @compressstore_mask(%v: vector<4xf32>, %p: !llvm.ptr, %mask: vector<4xf32>) {
  // expected-error @+1 {{'llvm.intr.masked.compressstore' op operand #2 must be LLVM dialect-compatible vector of 1-bit signless integer, but got 'vector<4xf32>'}}
  "llvm.intr.masked.compressstore"(%v, %p, %mask) : (vector<4xf32>, !llvm.ptr, vector<4xf32>) -> ()
  llvm.return
}
