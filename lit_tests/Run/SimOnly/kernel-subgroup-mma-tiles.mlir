// Two subgroups (64 threads), each computing its own 16x16 tile of C = A x B for a 32x16 A and a
// 16x16 B = identity: the tile a subgroup loads and stores is indexed by its subgroup id (the
// indices differ between threads). Both tiles together are A again; no race between the subgroups.
// si8 inputs accumulate in i32 (A[r][c] = r * 4 + c - 100, negative in the first 25 rows).
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK-NOT: race
// CHECK: sizes = [32, 16] strides = [16, 1] data =
// CHECK-NEXT: {{\[\[}}-100,   -99,   -98,   -97,   -96,   -95,   -94,   -93,   -92,   -91,   -90,   -89,   -88,   -87,   -86,   -85],
// CHECK-NEXT:  [-96,   -95,   -94,   -93,   -92,   -91,   -90,   -89,   -88,   -87,   -86,   -85,   -84,   -83,   -82,   -81],
// CHECK:       [-4,   -3,   -2,   -1,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11],
// CHECK-NEXT:  [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15],
// CHECK:       [24,   25,   26,   27,   28,   29,   30,   31,   32,   33,   34,   35,   36,   37,   38,   39]]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tiles(%a: memref<32x16xi8>, %b: memref<16x16xi8>, %c: memref<32x16xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %w = arith.divui %t, %c32 : index
      %row = arith.muli %w, %c16 : index
      %A = gpu.subgroup_mma_load_matrix %a[%row, %c0] {leadDimension = 16 : index} : memref<32x16xi8> -> !gpu.mma_matrix<16x16xsi8, "AOp">
      %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "BOp">
      %Z = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xi32, "COp">
      %R = gpu.subgroup_mma_compute %A, %B, %Z : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
      gpu.subgroup_mma_store_matrix %R, %c[%row, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<32x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %one = arith.constant 1 : i8
    %zero = arith.constant 0 : i8
    %a = gpu.alloc host_shared () : memref<32x16xi8>
    %b = gpu.alloc host_shared () : memref<16x16xi8>
    %c = gpu.alloc host_shared () : memref<32x16xi32>
    scf.for %r = %c0 to %c32 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %r4 = arith.muli %r, %c4 : index
        %s = arith.addi %r4, %k : index
        %v = arith.subi %s, %c100 : index
        %vi = arith.index_cast %v : index to i8
        memref.store %vi, %a[%r, %k] : memref<32x16xi8>
      }
    }
    scf.for %r = %c0 to %c16 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %d = arith.cmpi eq, %r, %k : index
        %v = arith.select %d, %one, %zero : i8
        memref.store %v, %b[%r, %k] : memref<16x16xi8>
      }
    }
    gpu.launch_func @k::@tiles blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<32x16xi8>, %b : memref<16x16xi8>, %c : memref<32x16xi32>)
    %u = memref.cast %c : memref<32x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %a : memref<32x16xi8>
    gpu.dealloc %b : memref<16x16xi8>
    gpu.dealloc %c : memref<32x16xi32>
    return
  }
}
