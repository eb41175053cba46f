// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// llvm.intr.vector.interleave2 has only the generic form; fixed and scalable vectors.

// CHECK-LABEL: func.func @interleave(
// CHECK: "llvm.intr.vector.interleave2"(%{{.*}}, %{{.*}}) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<[4]xf16>
// CHECK: "llvm.intr.vector.interleave2"(%{{.*}}, %{{.*}}) : (vector<4xi32>, vector<4xi32>) -> vector<8xi32>
func.func @interleave(%a: vector<[2]xf16>, %b: vector<[2]xf16>, %c: vector<4xi32>) {
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<[4]xf16>
  %1 = "llvm.intr.vector.interleave2"(%c, %c) : (vector<4xi32>, vector<4xi32>) -> vector<8xi32>
  return
}
