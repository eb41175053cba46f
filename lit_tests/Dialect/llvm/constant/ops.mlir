// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// llvm.mlir.constant values the verifier accepts: scalars, splats of scalable
// vectors, strings, struct and array-of-struct array attributes, a float
// stored in an integer of its width.

// CHECK-LABEL: llvm.func @constants
llvm.func @constants() {
  // CHECK: llvm.mlir.constant(dense<2.000000e+00> : vector<[2]xf64>) : vector<[2]xf64>
  %0 = llvm.mlir.constant(dense<2.0> : vector<[2]xf64>) : vector<[2]xf64>
  // CHECK: llvm.mlir.constant("ab\00") : !llvm.array<3 x i8>
  %1 = llvm.mlir.constant("ab\00") : !llvm.array<3 x i8>
  // CHECK: llvm.mlir.constant([1.500000e+00 : f32, 7 : i16]) : !llvm.struct<(f32, i16)>
  %2 = llvm.mlir.constant([1.5 : f32, 7 : i16]) : !llvm.struct<(f32, i16)>
  // CHECK: llvm.mlir.constant(dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>) : !llvm.array<2 x array<3 x i8>>
  %3 = llvm.mlir.constant(dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>) : !llvm.array<2 x array<3 x i8>>
  // CHECK: llvm.mlir.constant([#llvm.undef, [3 : i8, 4]]) : !llvm.array<2 x struct<(i8, i64)>>
  %4 = llvm.mlir.constant([#llvm.undef, [3 : i8, 4 : i64]]) : !llvm.array<2 x struct<(i8, i64)>>
  // CHECK: llvm.mlir.constant(2.500000e+00 : bf16) : i16
  %5 = llvm.mlir.constant(2.5 : bf16) : i16
  // Bytes that are not UTF-8 stay bytes (one i8 each) and print back as the same escapes.
  // CHECK: llvm.mlir.constant("a\FFb\C3") : !llvm.array<4 x i8>
  %6 = llvm.mlir.constant("a\FFb\C3") : !llvm.array<4 x i8>
  llvm.return
}
