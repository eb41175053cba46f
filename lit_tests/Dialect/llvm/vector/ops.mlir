// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Element access and permutation of LLVM vectors, and the vector.insert /
// vector.extract intrinsics (fixed and scalable).

// CHECK-LABEL: llvm.func @lanes
llvm.func @lanes(%v: vector<8xi16>, %k: i64, %h: i16, %w: vector<2xi16>, %sv: vector<[2]xi16>) -> vector<4xi16> {
  // CHECK: llvm.extractelement %{{.*}}[%{{.*}} : i64] : vector<8xi16>
  %0 = llvm.extractelement %v[%k : i64] : vector<8xi16>
  // CHECK: llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i64] : vector<8xi16>
  %1 = llvm.insertelement %h, %v[%k : i64] : vector<8xi16>
  // CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [7, 6, -1, 0] : vector<8xi16>
  %2 = llvm.shufflevector %1, %v [7, 6, -1, 0] : vector<8xi16>
  // CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [0, 0] : vector<[2]xi16>
  %3 = llvm.shufflevector %sv, %sv [0, 0] : vector<[2]xi16>
  // CHECK: llvm.intr.vector.insert %{{.*}}, %{{.*}}[2] : vector<2xi16> into vector<4xi16>
  %4 = llvm.intr.vector.insert %w, %2[2] : vector<2xi16> into vector<4xi16>
  // CHECK: llvm.intr.vector.extract %{{.*}}[4] : vector<2xi16> from vector<8xi16>
  %5 = llvm.intr.vector.extract %v[4] : vector<2xi16> from vector<8xi16>
  // CHECK: llvm.intr.vector.insert %{{.*}}, %{{.*}}[0] : vector<2xi16> into vector<[2]xi16>
  %6 = llvm.intr.vector.insert %5, %3[0] : vector<2xi16> into vector<[2]xi16>
  // CHECK: llvm.intr.vector.extract %{{.*}}[0] : vector<[2]xi16> from vector<[2]xi16>
  %7 = llvm.intr.vector.extract %6[0] : vector<[2]xi16> from vector<[2]xi16>
  llvm.return %4 : vector<4xi16>
}

// interleave2/deinterleave2 have no custom form: they print generically, also
// inside a custom-printed function.
// CHECK-LABEL: llvm.func @zip_unzip
llvm.func @zip_unzip(%re: vector<[4]xf32>, %im: vector<[4]xf32>) -> !llvm.struct<(vector<[4]xf32>, vector<[4]xf32>)> {
  // CHECK: "llvm.intr.vector.interleave2"(%{{.*}}, %{{.*}}) : (vector<[4]xf32>, vector<[4]xf32>) -> vector<[8]xf32>
  %z = "llvm.intr.vector.interleave2"(%re, %im) : (vector<[4]xf32>, vector<[4]xf32>) -> vector<[8]xf32>
  // CHECK: "llvm.intr.vector.deinterleave2"(%{{.*}}) : (vector<[8]xf32>) -> !llvm.struct<(vector<[4]xf32>, vector<[4]xf32>)>
  %u = "llvm.intr.vector.deinterleave2"(%z) : (vector<[8]xf32>) -> !llvm.struct<(vector<[4]xf32>, vector<[4]xf32>)>
  llvm.return %u : !llvm.struct<(vector<[4]xf32>, vector<[4]xf32>)>
}
