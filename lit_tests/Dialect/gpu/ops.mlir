// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the gpu dialect: module (with targets), func (kernel,
// workgroup/private attributions, known sizes), return, binary, launch_func in
// all forms, launch, wait, alloc/dealloc/memcpy/memset (sync/async/deps),
// host_register/unregister, id ops, barrier, set_default_device, printf.

module attributes {gpu.container_module} {
// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: module attributes {gpu.container_module} {

  // CHECK-LABEL: gpu.module @kernels
  // CHECK-SAME: {
  // CHECK-NEXT: gpu.func @kernel(%[[ARG0:.*]]: memref<?xf32>, %[[ARG1:.*]]: f32) kernel {
  // CHECK-NEXT: %thread_id_x = gpu.thread_id  x
  // CHECK-NEXT: %[[V0:.*]] = memref.load %[[ARG0]][%thread_id_x] : memref<?xf32>
  // CHECK-NEXT: %[[V1:.*]] = arith.addf %[[V0]], %[[ARG1]] : f32
  // CHECK-NEXT: memref.store %[[V1]], %[[ARG0]][%thread_id_x] : memref<?xf32>
  // CHECK-NEXT: gpu.return{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.func @empty() kernel {
  // CHECK-NEXT: gpu.return{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.func @with_attributions(%[[ARG0:.*]]: memref<32xf32>) workgroup(%[[ARG1:.*]] : memref<32xf32, #gpu.address_space<workgroup>>) private(%[[ARG2:.*]] : memref<1xf32, #gpu.address_space<private>>) kernel {
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[V0:.*]] = memref.load %[[ARG0]][%c0] : memref<32xf32>
  // CHECK-NEXT: memref.store %[[V0]], %[[ARG1]][%c0] : memref<32xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: gpu.barrier{{ *$}}
  // CHECK-NEXT: memref.store %[[V0]], %[[ARG2]][%c0] : memref<1xf32, #gpu.address_space<private>>
  // CHECK-NEXT: gpu.return{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.func @known(%[[ARG0:.*]]: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  // CHECK-NEXT: gpu.return{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.func @device_helper(%[[ARG0:.*]]: f32) -> f32 {
  // CHECK-NEXT: gpu.return %[[ARG0]] : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  gpu.module @kernels {
    gpu.func @kernel(%arg0: memref<?xf32>, %arg1: f32) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %arg0[%tid] : memref<?xf32>
      %s = arith.addf %v, %arg1 : f32
      memref.store %s, %arg0[%tid] : memref<?xf32>
      gpu.return
    }
    gpu.func @empty() kernel {
      gpu.return
    }
    gpu.func @with_attributions(%arg0: memref<32xf32>) workgroup(%shared: memref<32xf32, #gpu.address_space<workgroup>>) private(%priv: memref<1xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %arg0[%c0] : memref<32xf32>
      memref.store %v, %shared[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %v, %priv[%c0] : memref<1xf32, #gpu.address_space<private>>
      gpu.return
    }
    gpu.func @known(%arg0: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
    gpu.func @device_helper(%arg0: f32) -> f32 {
      gpu.return %arg0 : f32
    }
  }

  // CHECK-LABEL: gpu.module @nvvm_kernels
  // CHECK-SAME: [#nvvm.target] {
  // CHECK-NEXT: gpu.func @k() kernel {
  // CHECK-NEXT: gpu.return{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  gpu.module @nvvm_kernels [#nvvm.target] {
    gpu.func @k() kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: gpu.module @multi_target
  // CHECK-SAME: [#nvvm.target<O = 3, chip = "sm_80">, #rocdl.target<chip = "gfx90a">] {
  // CHECK-NEXT: }
  gpu.module @multi_target [#nvvm.target<O = 3, chip = "sm_80">, #rocdl.target<chip = "gfx90a">] {
  }

  // CHECK-LABEL: gpu.binary @bin
  // CHECK-SAME: [#gpu.object<#nvvm.target, "BLOB">]
  gpu.binary @bin [#gpu.object<#nvvm.target, "BLOB">]

  // CHECK-LABEL: gpu.binary @bin_asm
  // CHECK-SAME: [#gpu.object<#rocdl.target, assembly = "">]
  gpu.binary @bin_asm [#gpu.object<#rocdl.target, assembly = "">]

  // CHECK-LABEL: gpu.binary @bin_props
  // CHECK-SAME: <#gpu.select_object<0 : i64>> [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {O = 2 : i32}, bin = "ABC">]
  gpu.binary @bin_props <#gpu.select_object<0>> [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {O = 2 : i32}, bin = "ABC">]

  // CHECK-LABEL: func.func @ids(
  // CHECK-SAME: ) -> index {
  // CHECK-NEXT: %block_id_x = gpu.block_id  x
  // CHECK-NEXT: %block_id_y = gpu.block_id  y
  // CHECK-NEXT: %block_id_z = gpu.block_id  z
  // CHECK-NEXT: %thread_id_x = gpu.thread_id  x
  // CHECK-NEXT: %thread_id_y = gpu.thread_id  y
  // CHECK-NEXT: %thread_id_z = gpu.thread_id  z
  // CHECK-NEXT: %block_dim_x = gpu.block_dim  x
  // CHECK-NEXT: %grid_dim_y = gpu.grid_dim  y
  // CHECK-NEXT: %global_id_z = gpu.global_id  z
  // CHECK-NEXT: %thread_id_x_0 = gpu.thread_id  x upper_bound 128
  // CHECK-NEXT: %[[V0:.*]] = gpu.lane_id
  // CHECK-NEXT: return %block_id_x : index
  // CHECK-NEXT: }
  func.func @ids() -> index {
    %0 = gpu.block_id x
    %1 = gpu.block_id y
    %2 = gpu.block_id z
    %3 = gpu.thread_id x
    %4 = gpu.thread_id y
    %5 = gpu.thread_id z
    %6 = gpu.block_dim x
    %7 = gpu.grid_dim y
    %8 = gpu.global_id z
    %9 = gpu.thread_id x upper_bound 128
    %10 = gpu.lane_id
    return %0 : index
  }

  // CHECK-LABEL: func.func @launch_func(
  // CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: memref<?xf32>, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: i32, %[[ARG4:.*]]: !llvm.ptr) {
  // CHECK-NEXT: gpu.launch_func  @kernels::@empty blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: gpu.launch_func  @kernels::@kernel blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])  args(%[[ARG1]] : memref<?xf32>, %[[ARG2]] : f32)
  // CHECK-NEXT: %[[V0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[V1:.*]] = gpu.launch_func async [%[[V0]]] @kernels::@kernel blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])  args(%[[ARG1]] : memref<?xf32>, %[[ARG2]] : f32)
  // CHECK-NEXT: %[[V2:.*]] = gpu.launch_func async @kernels::@empty blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: %[[V3:.*]] = gpu.launch_func async [%[[V1]], %[[V2]]] @kernels::@empty blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])  dynamic_shared_memory_size %[[ARG3]]
  // CHECK-NEXT: gpu.launch_func <%[[ARG4]] : !llvm.ptr> @kernels::@empty blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: gpu.launch_func  @kernels::@empty clusters in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: gpu.launch_func  @bin::@kernel blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: gpu.wait [%[[V3]]]
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @launch_func(%sz: index, %m: memref<?xf32>, %f: f32, %shm: i32, %stream: !llvm.ptr) {
    gpu.launch_func @kernels::@empty blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m : memref<?xf32>, %f : f32)
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m : memref<?xf32>, %f : f32)
    %t2 = gpu.launch_func async @kernels::@empty blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    %t3 = gpu.launch_func async [%t1, %t2] @kernels::@empty blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) dynamic_shared_memory_size %shm
    gpu.launch_func <%stream : !llvm.ptr> @kernels::@empty blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @kernels::@empty clusters in (%sz, %sz, %sz) blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @bin::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.wait [%t3]
    return
  }

  // CHECK-LABEL: func.func @launch(
  // CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: memref<?xf32>) {
  // CHECK-NEXT: gpu.launch blocks(%[[ARG2:.*]], %[[ARG3:.*]], %[[ARG4:.*]]) in (%[[ARG8:.*]] = %[[ARG0]], %[[ARG9:.*]] = %[[ARG0]], %[[ARG10:.*]] = %[[ARG0]]) threads(%[[ARG5:.*]], %[[ARG6:.*]], %[[ARG7:.*]]) in (%[[ARG11:.*]] = %[[ARG0]], %[[ARG12:.*]] = %[[ARG0]], %[[ARG13:.*]] = %[[ARG0]]) {
  // CHECK-NEXT: %[[V2:.*]] = memref.load %[[ARG1]][%[[ARG5]]] : memref<?xf32>
  // CHECK-NEXT: memref.store %[[V2]], %[[ARG1]][%[[ARG2]]] : memref<?xf32>
  // CHECK-NEXT: gpu.terminator{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[V0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[V1:.*]] = gpu.launch async [%[[V0]]] blocks(%[[ARG2:.*]], %[[ARG3:.*]], %[[ARG4:.*]]) in (%[[ARG8:.*]] = %[[ARG0]], %[[ARG9:.*]] = %[[ARG0]], %[[ARG10:.*]] = %[[ARG0]]) threads(%[[ARG5:.*]], %[[ARG6:.*]], %[[ARG7:.*]]) in (%[[ARG11:.*]] = %[[ARG0]], %[[ARG12:.*]] = %[[ARG0]], %[[ARG13:.*]] = %[[ARG0]]) {
  // CHECK-NEXT: gpu.terminator{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
  // CHECK-NEXT: gpu.launch blocks(%[[ARG2:.*]], %[[ARG3:.*]], %[[ARG4:.*]]) in (%[[ARG8:.*]] = %[[ARG0]], %[[ARG9:.*]] = %[[ARG0]], %[[ARG10:.*]] = %[[ARG0]]) threads(%[[ARG5:.*]], %[[ARG6:.*]], %[[ARG7:.*]]) in (%[[ARG11:.*]] = %[[ARG0]], %[[ARG12:.*]] = %[[ARG0]], %[[ARG13:.*]] = %[[ARG0]]) dynamic_shared_memory_size %c64_i32 workgroup(%[[ARG14:.*]] : memref<4xf32, #gpu.address_space<workgroup>>) {
  // CHECK-NEXT: gpu.terminator{{ *$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.wait [%[[V1]]]
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @launch(%sz: index, %m: memref<?xf32>) {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) {
      %v = memref.load %m[%tx] : memref<?xf32>
      memref.store %v, %m[%bx] : memref<?xf32>
      gpu.terminator
    }
    %t0 = gpu.wait async
    %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) {
      gpu.terminator
    }
    %shm = arith.constant 64 : i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) dynamic_shared_memory_size %shm workgroup(%w: memref<4xf32, #gpu.address_space<workgroup>>) {
      gpu.terminator
    }
    gpu.wait [%t1]
    return
  }

  // CHECK-LABEL: func.func @wait(
  // CHECK-SAME: %[[ARG0:.*]]: !gpu.async.token, %[[ARG1:.*]]: !gpu.async.token) {
  // CHECK-NEXT: gpu.wait{{ *$}}
  // CHECK-NEXT: gpu.wait [%[[ARG0]]]
  // CHECK-NEXT: gpu.wait [%[[ARG0]], %[[ARG1]]]
  // CHECK-NEXT: %[[V0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[V1:.*]] = gpu.wait async [%[[ARG0]]]
  // CHECK-NEXT: %[[V2:.*]] = gpu.wait async [%[[V0]], %[[V1]], %[[ARG1]]]
  // CHECK-NEXT: gpu.wait [%[[V2]]]
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @wait(%t0: !gpu.async.token, %t1: !gpu.async.token) {
    gpu.wait
    gpu.wait [%t0]
    gpu.wait [%t0, %t1]
    %0 = gpu.wait async
    %1 = gpu.wait async [%t0]
    %2 = gpu.wait async [%0, %1, %t1]
    gpu.wait [%2]
    return
  }

  // CHECK-LABEL: func.func @memory(
  // CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: memref<?xf32>, %[[ARG2:.*]]: memref<*xf32>, %[[ARG3:.*]]: f32) {
  // CHECK-NEXT: %c4 = arith.constant 4 : index
  // CHECK-NEXT: %memref = gpu.alloc  () : memref<16xf32>
  // CHECK-NEXT: %memref_0 = gpu.alloc  (%[[ARG0]]) : memref<?xf32>
  // CHECK-NEXT: %memref_1 = gpu.alloc  host_shared () : memref<4xf32>
  // CHECK-NEXT: %memref_2 = gpu.alloc  host_shared (%[[ARG0]]) : memref<?xf32>
  // CHECK-NEXT: %memref_3 = gpu.alloc  (%[[ARG0]], %c4) : memref<?x?xf32>
  // CHECK-NEXT: %memref_4 = gpu.alloc  ()[%[[ARG0]]] : memref<4xf32, #map>
  // CHECK-NEXT: gpu.memcpy  %memref_0, %[[ARG1]] : memref<?xf32>, memref<?xf32>
  // CHECK-NEXT: gpu.memset  %memref_0, %[[ARG3]] : memref<?xf32>, f32
  // CHECK-NEXT: gpu.dealloc  %memref : memref<16xf32>
  // CHECK-NEXT: gpu.dealloc  %memref_0 : memref<?xf32>
  // CHECK-NEXT: gpu.host_register %[[ARG2]] : memref<*xf32>
  // CHECK-NEXT: gpu.host_unregister %[[ARG2]] : memref<*xf32>
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @memory(%n: index, %src: memref<?xf32>, %h: memref<*xf32>, %val: f32) {
    %c4 = arith.constant 4 : index
    %0 = gpu.alloc () : memref<16xf32>
    %1 = gpu.alloc (%n) : memref<?xf32>
    %2 = gpu.alloc host_shared () : memref<4xf32>
    %3 = gpu.alloc host_shared (%n) : memref<?xf32>
    %4 = gpu.alloc (%n, %c4) : memref<?x?xf32>
    %5 = gpu.alloc ()[%n] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
    gpu.memcpy %1, %src : memref<?xf32>, memref<?xf32>
    gpu.memset %1, %val : memref<?xf32>, f32
    gpu.dealloc %0 : memref<16xf32>
    gpu.dealloc %1 : memref<?xf32>
    gpu.host_register %h : memref<*xf32>
    gpu.host_unregister %h : memref<*xf32>
    return
  }

  // CHECK-LABEL: func.func @memory_async(
  // CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: memref<?xf32>, %[[ARG2:.*]]: f32) {
  // CHECK-NEXT: %[[V0:.*]] = gpu.wait async
  // CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%[[V0]]] (%[[ARG0]]) : memref<?xf32>
  // CHECK-NEXT: %memref_0, %asyncToken_1 = gpu.alloc async [%[[V0]]] (%[[ARG0]]) : memref<?xf32>
  // CHECK-NEXT: %memref_2, %asyncToken_3 = gpu.alloc async () : memref<8xf32>
  // CHECK-NEXT: %[[V1:.*]] = gpu.memcpy async [%asyncToken, %asyncToken_1] %memref, %memref_0 : memref<?xf32>, memref<?xf32>
  // CHECK-NEXT: %[[V2:.*]] = gpu.memcpy async %memref, %[[ARG1]] : memref<?xf32>, memref<?xf32>
  // CHECK-NEXT: %[[V3:.*]] = gpu.memset async [%[[V1]]] %memref_0, %[[ARG2]] : memref<?xf32>, f32
  // CHECK-NEXT: %[[V4:.*]] = gpu.dealloc async [%[[V3]]] %memref : memref<?xf32>
  // CHECK-NEXT: %[[V5:.*]] = gpu.dealloc async [%[[V4]], %[[V2]]] %memref_0 : memref<?xf32>
  // CHECK-NEXT: %[[V6:.*]] = gpu.dealloc async %memref_2 : memref<8xf32>
  // CHECK-NEXT: gpu.wait [%[[V5]], %asyncToken_3, %[[V6]]]
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @memory_async(%n: index, %src: memref<?xf32>, %val: f32) {
    %t0 = gpu.wait async
    %m0, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %m1, %t2 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %m2, %t3 = gpu.alloc async () : memref<8xf32>
    %t4 = gpu.memcpy async [%t1, %t2] %m0, %m1 : memref<?xf32>, memref<?xf32>
    %t5 = gpu.memcpy async %m0, %src : memref<?xf32>, memref<?xf32>
    %t6 = gpu.memset async [%t4] %m1, %val : memref<?xf32>, f32
    %t7 = gpu.dealloc async [%t6] %m0 : memref<?xf32>
    %t8 = gpu.dealloc async [%t7, %t5] %m1 : memref<?xf32>
    %t9 = gpu.dealloc async %m2 : memref<8xf32>
    gpu.wait [%t8, %t3, %t9]
    return
  }

  // gpu.memcpy and gpu.dealloc have one variadic group: `operandSegmentSizes` is not inherent
  // there, so a written one is a discardable attribute and stays in attr-dict.
  // CHECK-LABEL: func.func @discardable_segment_sizes(
  // CHECK-NEXT: %[[T:.*]] = gpu.memcpy async [%{{.*}}] %{{.*}}, %{{.*}} : memref<4xf32>, memref<4xf32> {operandSegmentSizes = array<i32: 1, 1, 1>}
  // CHECK-NEXT: gpu.dealloc async [%[[T]]] %{{.*}} {operandSegmentSizes = array<i32: 1, 1>} : memref<4xf32>
  func.func @discardable_segment_sizes(%t: !gpu.async.token, %a: memref<4xf32>, %b: memref<4xf32>) {
    %t1 = "gpu.memcpy"(%t, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!gpu.async.token, memref<4xf32>, memref<4xf32>) -> !gpu.async.token
    %t2 = "gpu.dealloc"(%t1, %a) {operandSegmentSizes = array<i32: 1, 1>} : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    return
  }

  // CHECK-LABEL: func.func @misc(
  // CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: index) {
  // CHECK-NEXT: gpu.set_default_device %[[ARG0]]
  // CHECK-NEXT: gpu.printf "Hello from %f, %d\0A", %[[ARG1]], %[[ARG2]] : f32, index
  // CHECK-NEXT: gpu.printf "no args\0A"
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @misc(%dev: i32, %x: f32, %i: index) {
    gpu.set_default_device %dev
    gpu.printf "Hello from %f, %d\n", %x, %i : f32, index
    gpu.printf "no args\n"
    return
  }

  // CHECK-LABEL: func.func @generic_forms(
  // CHECK-SAME: %[[ARG0:.*]]: index) {
  // CHECK-NEXT: %[[V0:.*]] = gpu.wait async
  // CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%[[V0]]] host_shared (%[[ARG0]]) : memref<?xf32>
  // CHECK-NEXT: %[[V1:.*]] = gpu.dealloc async [%asyncToken] %memref : memref<?xf32>
  // CHECK-NEXT: %[[V2:.*]] = gpu.launch_func async [%[[V1]]] @kernels::@empty blocks in (%[[ARG0]], %[[ARG0]], %[[ARG0]]) threads in (%[[ARG0]], %[[ARG0]], %[[ARG0]])
  // CHECK-NEXT: %thread_id_y = gpu.thread_id  y
  // CHECK-NEXT: gpu.wait [%[[V2]]]
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @generic_forms(%sz: index) {
    %0 = "gpu.wait"() : () -> !gpu.async.token
    %1:2 = "gpu.alloc"(%0, %sz) <{hostShared, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!gpu.async.token, index) -> (memref<?xf32>, !gpu.async.token)
    %2 = "gpu.dealloc"(%1#1, %1#0) : (!gpu.async.token, memref<?xf32>) -> !gpu.async.token
    %3 = "gpu.launch_func"(%2, %sz, %sz, %sz, %sz, %sz, %sz) <{kernel = @kernels::@empty, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (!gpu.async.token, index, index, index, index, index, index) -> !gpu.async.token
    %4 = "gpu.thread_id"() <{dimension = #gpu<dim y>}> : () -> index
    "gpu.wait"(%3) : (!gpu.async.token) -> ()
    return
  }
}
