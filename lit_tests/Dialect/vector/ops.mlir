// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the vector ops GPU programs use: print (values, punctuation,
// strings), broadcast, extract/insert (static and dynamic positions),
// from_elements, reduction (accumulator, fastmath), transfer_read/write (default
// and explicit in_bounds, masks), load/store.

// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>, %[[F:.*]]: f32, %[[I:.*]]: index, %[[M:.*]]: memref<8xf32>, %[[W:.*]]: vector<2x4xf32>, %[[K:.*]]: vector<4xi1>)
func.func @vectors(%v: vector<4xf32>, %f: f32, %i: index, %m: memref<8xf32>, %w: vector<2x4xf32>, %k: vector<4xi1>) {
  // CHECK: vector.print %[[V]] : vector<4xf32>{{$}}
  vector.print %v : vector<4xf32>
  // CHECK: vector.print %[[F]] : f32 punctuation <no_punctuation>
  vector.print %f : f32 punctuation <no_punctuation>
  // CHECK: vector.print punctuation <comma>
  vector.print punctuation <comma>
  // CHECK: vector.print{{$}}
  vector.print punctuation <newline>
  // CHECK: vector.print punctuation <open>
  vector.print punctuation <open>
  // CHECK: vector.print punctuation <close>
  vector.print punctuation <close>
  // CHECK: vector.print str "result: \0A"
  vector.print str "result: \n"
  // CHECK: vector.broadcast %[[F]] : f32 to vector<4xf32>
  %0 = vector.broadcast %f : f32 to vector<4xf32>
  // CHECK: vector.broadcast %[[V]] : vector<4xf32> to vector<2x4xf32>
  %1 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  // CHECK: vector.extract %[[V]][0] : f32 from vector<4xf32>
  %2 = vector.extract %v[0] : f32 from vector<4xf32>
  // CHECK: vector.extract %[[W]][%[[I]]] : vector<4xf32> from vector<2x4xf32>
  %3 = vector.extract %w[%i] : vector<4xf32> from vector<2x4xf32>
  // CHECK: vector.extract %[[W]][1, %[[I]]] : f32 from vector<2x4xf32>
  %4 = vector.extract %w[1, %i] : f32 from vector<2x4xf32>
  // CHECK: vector.insert %[[F]], %[[V]] [2] : f32 into vector<4xf32>
  %5 = vector.insert %f, %v[2] : f32 into vector<4xf32>
  // CHECK: vector.insert %[[V]], %[[W]] [%[[I]]] : vector<4xf32> into vector<2x4xf32>
  %6 = vector.insert %v, %w[%i] : vector<4xf32> into vector<2x4xf32>
  // CHECK: vector.from_elements %[[F]], %[[F]], %[[F]], %[[F]] : vector<4xf32>
  %7 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  // CHECK: vector.reduction <add>, %[[V]] : vector<4xf32> into f32
  %8 = vector.reduction <add>, %v : vector<4xf32> into f32
  // CHECK: vector.reduction <maxnumf>, %[[V]], %[[F]] : vector<4xf32> into f32
  %9 = vector.reduction <maxnumf>, %v, %f : vector<4xf32> into f32
  // CHECK: vector.reduction <mul>, %[[V]] fastmath<fast> : vector<4xf32> into f32
  %10 = vector.reduction <mul>, %v fastmath<fast> : vector<4xf32> into f32
  %c0 = arith.constant 0.0 : f32
  // CHECK: vector.transfer_read %[[M]][%[[I]]], %{{.*}} : memref<8xf32>, vector<4xf32>
  %11 = vector.transfer_read %m[%i], %c0 : memref<8xf32>, vector<4xf32>
  // CHECK: vector.transfer_read %[[M]][%[[I]]], %{{.*}}, %[[K]] {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  %12 = vector.transfer_read %m[%i], %c0, %k {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  // CHECK: vector.transfer_write %[[V]], %[[M]][%[[I]]] : vector<4xf32>, memref<8xf32>
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<8xf32>
  // CHECK: vector.transfer_write %[[V]], %[[M]][%[[I]]], %[[K]] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  vector.transfer_write %v, %m[%i], %k {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  // CHECK: vector.load %[[M]][%[[I]]] : memref<8xf32>, vector<4xf32>
  %13 = vector.load %m[%i] : memref<8xf32>, vector<4xf32>
  // CHECK: vector.store %[[V]], %[[M]][%[[I]]] : memref<8xf32>, vector<4xf32>
  vector.store %v, %m[%i] : memref<8xf32>, vector<4xf32>
  return
}

// vector.vscale names its result %vscale; an index arith.muli of a constant and vscale (either
// order) is named after the constant; any other product keeps a number.
// CHECK-LABEL: func.func @vscale_names(
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c4_vscale = arith.muli %c4, %vscale : index
// CHECK-NEXT: %c4_vscale_0 = arith.muli %vscale, %c4 : index
// CHECK-NEXT: %[[P:.*]] = arith.muli %vscale, %vscale : index
// CHECK-NEXT: return %[[P]] : index
func.func @vscale_names() -> index {
  %0 = vector.vscale
  %1 = arith.constant 4 : index
  %2 = arith.muli %1, %0 : index
  %3 = arith.muli %0, %1 : index
  %4 = arith.muli %0, %0 : index
  return %4 : index
}
