// The gpu.subgroup_mma_* ops in a kernel: one subgroup loads A (16x16 f16, A[r][c] = r - c),
// B (the identity times 2, loaded transposed: still diagonal) and C (a constant matrix of 1),
// computes A x B + C in f32, applies elementwise ops (max with 0, then mul by itself through
// extf), and stores the result at an offset with leadDimension 20 (a 16x20 buffer: columns 16..19
// stay untouched).  Row r of the result: max(2 (r - c) + 1, 0)^2 for columns c < 16.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK-NOT: race
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [16, 20] strides = [20, 1] data =
// CHECK-NEXT: {{\[\[}}1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   -1,   -1,   -1,   -1],
// CHECK-NEXT:  [9,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   -1,   -1,   -1,   -1],
// CHECK-NEXT:  [25,   9,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   -1,   -1,   -1,   -1],
// CHECK:       [961,   841,   729,   625,   529,   441,   361,   289,   225,   169,   121,   81,   49,   25,   9,   1,   -1,   -1,   -1,   -1]]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f16
    %zero = arith.constant 0.0 : f16
    %m1 = arith.constant -1.0 : f32
    %a = gpu.alloc host_shared () : memref<16x16xf16>
    %b = gpu.alloc host_shared () : memref<16x16xf16>
    %out = gpu.alloc host_shared () : memref<16x20xf32>
    scf.for %r = %c0 to %c16 step %c1 {
      scf.for %c = %c0 to %c16 step %c1 {
        %d = arith.subi %r, %c : index
        %di = arith.index_cast %d : index to i32
        %df = arith.sitofp %di : i32 to f16
        memref.store %df, %a[%r, %c] : memref<16x16xf16>
        %diag = arith.cmpi eq, %r, %c : index
        %bv = arith.select %diag, %two, %zero : f16
        memref.store %bv, %b[%r, %c] : memref<16x16xf16>
      }
      scf.for %c = %c0 to %c20 step %c1 {
        memref.store %m1, %out[%r, %c] : memref<16x20xf32>
      }
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %one = arith.constant 1.0 : f32
      %zf = arith.constant 0.0 : f32
      %k0 = arith.constant 0 : index
      %A = gpu.subgroup_mma_load_matrix %a[%k0, %k0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %B = gpu.subgroup_mma_load_matrix %b[%k0, %k0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %C = gpu.subgroup_mma_constant_matrix %one : !gpu.mma_matrix<16x16xf32, "COp">
      %Z = gpu.subgroup_mma_constant_matrix %zf : !gpu.mma_matrix<16x16xf32, "COp">
      %R = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %P = gpu.subgroup_mma_elementwise maxf %R, %Z : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      %S = gpu.subgroup_mma_elementwise mulf %P, %P : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %S, %out[%k0, %k0] {leadDimension = 20 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x20xf32>
      gpu.terminator
    }
    %u = memref.cast %out : memref<16x20xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<16x16xf16>
    gpu.dealloc %b : memref<16x16xf16>
    gpu.dealloc %out : memref<16x20xf32>
    return
  }
}
