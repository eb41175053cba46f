// Upstream-lowered host code with functions passing and returning descriptors, dynamic shapes
// (memref.dim), a strided subview (expand-strided-metadata) and a non-contiguous memref.copy,
// which finalize-memref-to-llvm lowers to `memrefCopy` between unranked descriptors on the stack
// (llvm.intr.stacksave/stackrestore): `--run` prints what the program printed before lowering.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: %{mlir-opt-ref} %s --pass-pipeline='builtin.module(expand-strided-metadata,convert-scf-to-cf,finalize-memref-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' > %t.llvm.mlir
// RUN: filecheck --input-file %t.llvm.mlir %s --check-prefix LOWERED
// RUN: asyncgpu-opt %t.llvm.mlir --run --backend sim | filecheck %s

// LOWERED: llvm.intr.stacksave
// LOWERED: llvm.call @memrefCopy
// CHECK: rank = 2 offset = 3 sizes = [2, 2] strides = [3, 2] data =
// CHECK-NEXT: {{\[}}[2,   6],
// CHECK-NEXT:  [4,   8]]
// CHECK: rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[2,   6],
// CHECK-NEXT:  [4,   8]]

module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @fill(%m: memref<?x?xf32>, %v: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = memref.dim %m, %c0 : memref<?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %d0 step %c1 {
      scf.for %j = %c0 to %d1 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %s = arith.addi %ii, %jj : i32
        %f = arith.sitofp %s : i32 to f32
        %g = arith.mulf %f, %v : f32
        memref.store %g, %m[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @make(%n: index) -> memref<?x?xf32> {
    %m = memref.alloc(%n, %n) : memref<?x?xf32>
    return %m : memref<?x?xf32>
  }
  func.func @main() {
    %c3 = arith.constant 3 : index
    %two = arith.constant 2.0 : f32
    %m = call @make(%c3) : (index) -> memref<?x?xf32>
    call @fill(%m, %two) : (memref<?x?xf32>, f32) -> ()
    %sv = memref.subview %m[1, 0] [2, 2] [1, 2] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 2], offset: ?>>
    %u = memref.cast %sv : memref<2x2xf32, strided<[?, 2], offset: ?>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %c = memref.alloc() : memref<2x2xf32>
    memref.copy %sv, %c : memref<2x2xf32, strided<[?, 2], offset: ?>> to memref<2x2xf32>
    %uc = memref.cast %c : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
    memref.dealloc %c : memref<2x2xf32>
    memref.dealloc %m : memref<?x?xf32>
    return
  }
}
