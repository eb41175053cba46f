// Every gpu dialect attribute mnemonic reads and prints as mlir-opt does.
// RUN: asyncgpu-opt %s --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: "test.enums"
// CHECK-SAME: a = #gpu<dim x>, b = #gpu<all_reduce_op add>, c = #gpu<shuffle_mode xor>, d = #gpu<mma_element_wise addf>, e = #gpu<broadcast specific_lane>, f = #gpu<prune_2to4_spmat_flag PRUNE_ONLY>, g = #gpu<mat_transpose_mode TRANSPOSE>
"test.enums"() {a = #gpu<dim x>, b = #gpu<all_reduce_op add>, c = #gpu<shuffle_mode xor>, d = #gpu<mma_element_wise addf>, e = #gpu<broadcast specific_lane>, f = #gpu<prune_2to4_spmat_flag PRUNE_ONLY>, g = #gpu<mat_transpose_mode TRANSPOSE>} : () -> ()
// CHECK: "test.maps"() {a = #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0 * 2), bound = (d0) -> (d0)>, b = #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>}
"test.maps"() {a = #gpu.loop_dim_map<processor=block_y,map=(d0)->(d0 * 2),bound=(d0)->(d0)>, b = #gpu<loop_dim_map<bound = (d0) -> (d0), map = (d0) -> (d0), processor = thread_x>>} : () -> ()
// CHECK: "test.select"() {a = #gpu.select_object, b = #gpu.address_space<workgroup>, c = #gpu.memory_space<global>}
"test.select"() {a = #gpu<select_object>, b = #gpu<address_space<workgroup>>, c = #gpu<memory_space<global>>} : () -> ()
