// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the gpu ops beyond launches and copies: warp-level matrices (!gpu.mma_matrix and
// the subgroup_mma_* ops), gpu.rotate, gpu.warp_execute_on_lane_0, the sparse-library ops, and
// target/object attributes printed canonically (defaults elided, kernel tables sorted).

// CHECK-LABEL: func.func @wmma(
func.func @wmma(%a: memref<16x32xf16, 3>, %c: memref<16x16xf32>, %i: index) {
  %zero = arith.constant 0.0 : f32
  // CHECK: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index} : memref<16x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %A = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<16x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  // CHECK: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 32 : index, transpose}
  %B = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index, transpose} : memref<16x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
  // CHECK: gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
  %C = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK: gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %{{.*}} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK: gpu.subgroup_mma_elementwise  maxf %{{.*}}, %{{.*}} : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %E = gpu.subgroup_mma_elementwise maxf %D, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK: gpu.subgroup_mma_extract_thread_local %{{.*}}[%{{.*}}] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %x = gpu.subgroup_mma_extract_thread_local %E[%i] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  // CHECK: gpu.subgroup_mma_insert_thread_local %{{.*}}, %{{.*}}[%{{.*}}] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %F = gpu.subgroup_mma_insert_thread_local %x, %E[%i] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK: gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
  gpu.subgroup_mma_store_matrix %F, %c[%i, %i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
  return
}

// CHECK-LABEL: func.func @lanes(
func.func @lanes(%laneid: index, %v: vector<2xf32>, %f: f32) -> vector<2xf32> {
  // CHECK: %rotateResult, %valid = gpu.rotate %{{.*}}, 1, 32 : f32
  %r, %ok = gpu.rotate %f, 1, 32 : f32
  // CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[32] args(%{{.*}} : vector<2xf32>) -> (vector<2xf32>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: vector<64xf32>):
  // CHECK: gpu.yield %{{.*}} : vector<64xf32>
  %w = gpu.warp_execute_on_lane_0(%laneid)[32] args(%v : vector<2xf32>) -> (vector<2xf32>) {
  ^bb0(%big: vector<64xf32>):
    %s = arith.addf %big, %big : vector<64xf32>
    gpu.yield %s : vector<64xf32>
  }
  // CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[64] {
  // CHECK-NEXT: }
  gpu.warp_execute_on_lane_0(%laneid)[64] {
  }
  return %w : vector<2xf32>
}

// CHECK-LABEL: func.func @sparse(
func.func @sparse(%n: index, %idx: memref<?xindex>, %val: memref<?xf32>) {
  %t0 = gpu.wait async
  // CHECK: %spmat, %asyncToken = gpu.create_csr async [%{{.*}}] %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>, memref<?xf32>
  %m, %t1 = gpu.create_csr async [%t0] %n, %n, %n, %idx, %idx, %val : memref<?xindex>, memref<?xindex>, memref<?xf32>
  // CHECK: %dnTensor, %asyncToken_0 = gpu.create_dn_tensor async [%{{.*}}] %{{.*}}, %{{.*}} : index into memref<?xf32>
  %d, %t2 = gpu.create_dn_tensor async [%t1] %val, %n : index into memref<?xf32>
  // CHECK: %bufferSz, %asyncToken_1 = gpu.spmv_buffer_size async [%{{.*}}] %spmat, %dnTensor, %dnTensor into f32
  %sz, %t3 = gpu.spmv_buffer_size async [%t2] %m, %d, %d into f32
  // CHECK: gpu.spmv async [%{{.*}}] %spmat, %dnTensor, %dnTensor, %{{.*}} : memref<?xf32> into f32
  %t4 = gpu.spmv async [%t3] %m, %d, %d, %val : memref<?xf32> into f32
  // CHECK: gpu.destroy_dn_tensor async [%{{.*}}] %dnTensor
  %t5 = gpu.destroy_dn_tensor async [%t4] %d
  // CHECK: gpu.destroy_sp_mat async [%{{.*}}] %spmat
  %t6 = gpu.destroy_sp_mat async [%t5] %m
  gpu.wait [%t6]
  return
}

// Transpose modes follow the operand they apply to; spgemm's kind comes first.
// CHECK-LABEL: func.func @sparse_modes(
func.func @sparse_modes(%n: index, %idx: memref<?xindex>, %val: memref<?xf32>, %buf: memref<8xi8>) {
  %t0 = gpu.wait async
  // CHECK: %spmat, %asyncToken = gpu.create_csc async [%{{.*}}] %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>, memref<?xf32>
  %a, %t1 = gpu.create_csc async [%t0] %n, %n, %n, %idx, %idx, %val : memref<?xindex>, memref<?xindex>, memref<?xf32>
  // CHECK: %spmat_0, %asyncToken_1 = gpu.create_bsr async [%{{.*}}] %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>, memref<?xf32>
  %b, %t2 = gpu.create_bsr async [%t1] %n, %n, %n, %n, %n, %idx, %idx, %val : memref<?xindex>, memref<?xindex>, memref<?xf32>
  // CHECK: %dnTensor, %asyncToken_2 = gpu.create_dn_tensor async [%{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : index, index into memref<?xf32>
  %d, %t3 = gpu.create_dn_tensor async [%t2] %val, %n, %n : index, index into memref<?xf32>
  // CHECK: gpu.spmm_buffer_size async [%{{.*}}] %spmat{ TRANSPOSE}, %dnTensor{ TRANSPOSE}, %dnTensor : index into f32
  %sz, %t4 = gpu.spmm_buffer_size async [%t3] %a{TRANSPOSE}, %d{TRANSPOSE}, %d : index into f32
  // CHECK: gpu.spmm async [%{{.*}}] %spmat, %dnTensor{ TRANSPOSE}, %dnTensor, %{{.*}} : memref<?xf32> into f32
  %t5 = gpu.spmm async [%t4] %a, %d{TRANSPOSE}, %d, %val : memref<?xf32> into f32
  // CHECK: gpu.spmv async [%{{.*}}] %spmat{ TRANSPOSE}, %dnTensor, %dnTensor, %{{.*}} : memref<?xf32> into f32
  %t6 = gpu.spmv async [%t5] %a{TRANSPOSE}, %d, %d, %val : memref<?xf32> into f32
  // CHECK: %desc, %asyncToken_{{.*}} = gpu.spgemm_create_descr async [%{{.*}}]
  %g, %t7 = gpu.spgemm_create_descr async [%t6]
  // CHECK: %bufferSzNew, %asyncToken_{{.*}} = gpu.spgemm_work_estimation_or_compute async [%{{.*}}]{ WORK_ESTIMATION} %spmat, %spmat_0{ TRANSPOSE}, %spmat, %desc, %{{.*}}, %{{.*}} : f32 into memref<8xi8>
  %s1, %t8 = gpu.spgemm_work_estimation_or_compute async [%t7]{WORK_ESTIMATION} %a, %b{TRANSPOSE}, %a, %g, %n, %buf : f32 into memref<8xi8>
  // CHECK: %rows, %cols, %nnz, %asyncToken_{{.*}} = gpu.spmat_get_size async [%{{.*}}] %spmat
  %r, %c, %z, %t9 = gpu.spmat_get_size async [%t8] %a
  // CHECK: gpu.set_csr_pointers async [%{{.*}}] %spmat, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>, memref<?xf32>
  %t10 = gpu.set_csr_pointers async [%t9] %a, %idx, %idx, %val : memref<?xindex>, memref<?xindex>, memref<?xf32>
  // CHECK: gpu.spgemm_copy async [%{{.*}}] %spmat{ TRANSPOSE}, %spmat_0, %spmat, %desc : f32
  %t11 = gpu.spgemm_copy async [%t10] %a{TRANSPOSE}, %b, %a, %g : f32
  // CHECK: gpu.spgemm_destroy_descr async [%{{.*}}] %desc
  %t12 = gpu.spgemm_destroy_descr async [%t11] %g
  gpu.wait [%t12]
  return
}

// CHECK-LABEL: gpu.module @targets [#nvvm.target<chip = "sm_80">, #rocdl.target<chip = "gfx942">, #rocdl.target]
gpu.module @targets [#nvvm.target<O = 2, chip = "sm_80">, #rocdl.target<chip = "gfx942", abi = "600">, #rocdl.target<chip = "gfx900">] {
}

// CHECK-LABEL: gpu.binary @objects
// CHECK-SAME: [#gpu.object<#nvvm.target, properties = {O = 3 : i32, x = 1 : i64}, kernels = <[#gpu.kernel_metadata<"a", () -> ()>, #gpu.kernel_metadata<"b", (i32) -> (), metadata = {regs = 32 : i64}>]>, bin = "B">, #gpu.object<#nvvm.target, "F">]
gpu.binary @objects [
  #gpu.object<#nvvm.target<chip = "sm_50">, properties = { O = 3 : i32, x = 1 },
    kernels = #gpu.kernel_table<[#gpu.kernel_metadata<"b", (i32) -> (), metadata = {regs = 32}>,
                                 #gpu.kernel_metadata<"a", () -> ()>]>,
    bin = "B">,
  #gpu.object<#nvvm.target, fatbin = "F">
]
