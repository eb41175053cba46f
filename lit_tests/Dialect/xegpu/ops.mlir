// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the xegpu descriptor ops in a gpu.module: create_nd_tdesc (static
// and dynamic offsets, shape/strides of a raw pointer), load/store/prefetch_nd
// with and without offsets and cache hints, update_nd_offset, dpas, scattered
// load/store, convert_layout; the descriptor type printed canonically (default
// block_tdesc_attr parameters left out, `array_length = 2 : i64`, the enum
// parameter after two spaces as upstream prints it) and layout aliases expanded.

#sg = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>

gpu.module @xe {
// CHECK-LABEL: gpu.func @nd
// CHECK-SAME: (%[[SRC:.*]]: memref<24x32xf32>, %[[P:.*]]: ui64, %[[I:.*]]: index, %[[V:.*]]: vector<8x16xf32>)
gpu.func @nd(%src: memref<24x32xf32>, %p: ui64, %i: index, %v: vector<8x16xf32>) {
  // CHECK: %[[D:.*]] = xegpu.create_nd_tdesc %[[SRC]][0, %[[I]]] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  %0 = xegpu.create_nd_tdesc %src[0, %i] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  // CHECK: xegpu.create_nd_tdesc %[[SRC]] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2 : i64>>
  %1 = xegpu.create_nd_tdesc %src : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2>>
  // CHECK: xegpu.create_nd_tdesc %[[P]], shape : [%[[I]], 32], strides : [32, 1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
  %2 = xegpu.create_nd_tdesc %p, shape : [%i, 32], strides : [32, 1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
  // CHECK: xegpu.create_nd_tdesc %[[SRC]] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  %3 = xegpu.create_nd_tdesc %src : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<memory_space = global, array_length = 1, boundary_check = true>>
  // CHECK: !xegpu.tensor_desc<16xf32, #xegpu.block_tdesc_attr<memory_space =  slm>>
  %slm = memref.alloc() : memref<16xf32, 3>
  %4 = xegpu.create_nd_tdesc %slm[0] : memref<16xf32, 3> -> !xegpu.tensor_desc<16xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
  // CHECK: xegpu.load_nd %[[D]] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %5 = xegpu.load_nd %0 <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  // CHECK: xegpu.load_nd %[[D]][%[[I]], 4]  : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %6 = xegpu.load_nd %0[%i, 4] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  // CHECK: xegpu.store_nd %[[V]], %[[D]]  : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %v, %0 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  // CHECK: xegpu.store_nd %[[V]], %[[D]][0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> {tag} : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %v, %0[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> {tag} : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  // CHECK: xegpu.prefetch_nd %[[D]]  : !xegpu.tensor_desc<8x16xf32>
  xegpu.prefetch_nd %0 : !xegpu.tensor_desc<8x16xf32>
  // CHECK: xegpu.update_nd_offset %[[D]], [%[[I]], 16] : !xegpu.tensor_desc<8x16xf32>
  %7 = xegpu.update_nd_offset %0, [%i, 16] : !xegpu.tensor_desc<8x16xf32>
  gpu.return
}

// CHECK-LABEL: gpu.func @compute
gpu.func @compute(%a: vector<8x16xf16>, %b: vector<8x16x2xf16>, %c: vector<8x16xf32>, %m: memref<?xf32>, %off: vector<16xindex>, %mask: vector<16xi1>, %big: memref<256x256xf32>) {
  // CHECK: xegpu.dpas %{{.*}}, %{{.*}}, %{{.*}} : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
  %0 = xegpu.dpas %a, %b, %c : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
  // CHECK: xegpu.dpas %{{.*}}, %{{.*}} : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
  %1 = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
  // CHECK: %[[L:.*]] = xegpu.load %{{.*}}[%{{.*}}], %{{.*}} <{chunk_size = 1 : i64}> : memref<?xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  %2 = xegpu.load %m[%off], %mask <{chunk_size = 1 : i64}> : memref<?xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  // CHECK: xegpu.store %[[L]], %{{.*}}[%{{.*}}], %{{.*}}  : vector<16xf32>, memref<?xf32>, vector<16xindex>, vector<16xi1>
  xegpu.store %2, %m[%off], %mask : vector<16xf32>, memref<?xf32>, vector<16xindex>, vector<16xi1>
  // CHECK: xegpu.create_nd_tdesc %{{.*}} : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>>
  %3 = xegpu.create_nd_tdesc %big : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #sg>
  // CHECK: xegpu.convert_layout %{{.*}} <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [8, 8]>}> : vector<8x16xf32>
  %4 = xegpu.convert_layout %c <{input_layout = #xegpu.layout<inst_data = [8, 16]>, target_layout = #xegpu.layout<inst_data = [8, 8]>}> : vector<8x16xf32>
  // CHECK: xegpu.store %{{.*}} <{layout = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>, dims = [0]>}> : vector<16xf32>
  xegpu.store %2, %m[%off], %mask <{layout = #xegpu.slice<#sg, dims = [0]>}> : vector<16xf32>, memref<?xf32>, vector<16xindex>, vector<16xi1>
  gpu.return
}
}
