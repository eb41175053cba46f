// gpu-to-runtime on host code at the stage upstream's pipeline leaves for -gpu-to-llvm: an llvm.func
// host, kernels in gpu.binary ops (any object format, #gpu.select_object), LLVM-typed kernel
// operands (pointers, integers, floats, structs), cluster sizes and dynamic shared memory.
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s --gpu-to-runtime --verify-each | asyncgpu-opt | filecheck %s

module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "\7FELF">]
  gpu.binary @sel <#gpu.select_object<1>> [#gpu.object<#nvvm.target<chip = "sm_75">, "A">, #gpu.object<#nvvm.target<chip = "sm_90">, assembly = "B">]

  // Two independent launches fork onto two streams; the frees join them with one event.
  // CHECK-LABEL: llvm.func @fork_join(
  // CHECK-SAME: %[[N:[^:]*]]: i64, %[[X:[^:]*]]: f32, %[[S:[^:]*]]: !llvm.struct<(i32, f64)>, %[[U:[^:]*]]: !llvm.ptr)
  // CHECK: %[[SA:.*]] = llvm.call @mgpuStreamCreate()
  // CHECK-NEXT: gpu.launch_func <%[[SA]] : !llvm.ptr> @k::@k blocks in ({{.*}}) threads in ({{.*}}) : i64 args(%{{.*}} : !llvm.ptr, %[[N]] : i64, %[[X]] : f32, %[[S]] : !llvm.struct<(i32, f64)>)
  // CHECK-NEXT: %[[SB:.*]] = llvm.call @mgpuStreamCreate()
  // CHECK-NEXT: gpu.launch_func <%[[SB]] : !llvm.ptr> @sel::@k clusters in ({{.*}}) blocks in ({{.*}}) threads in ({{.*}}) : i64 dynamic_shared_memory_size %{{.*}} args(%[[U]] : !llvm.ptr)
  // CHECK-NEXT: %[[E:.*]] = llvm.call @mgpuEventCreate()
  // CHECK-NEXT: llvm.call @mgpuEventRecord(%[[E]], %[[SB]])
  // CHECK-NEXT: llvm.call @mgpuStreamWaitEvent(%[[SA]], %[[E]])
  // CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[SA]])
  // CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[SA]])
  // CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[SA]])
  // CHECK-DAG: llvm.call @mgpuEventDestroy(%[[E]])
  // CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[SB]])
  // CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[SA]])
  // CHECK: llvm.return
  llvm.func @fork_join(%n: i64, %x: f32, %s: !llvm.struct<(i32, f64)>, %user: !llvm.ptr) {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %ni = builtin.unrealized_conversion_cast %n : i64 to index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%ni) : memref<?xf32>
    %b, %t2 = gpu.alloc async [%t0] (%ni) : memref<?xf32>
    %pa = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
    %pai = arith.index_cast %pa : index to i64
    %p = llvm.inttoptr %pai : i64 to !llvm.ptr
    %t3 = gpu.launch_func async [%t1] @k::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) : i64 args(%p : !llvm.ptr, %n : i64, %x : f32, %s : !llvm.struct<(i32, f64)>)
    %t4 = gpu.launch_func async [%t2] @sel::@k clusters in (%c1, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c2, %c1, %c1) : i64 dynamic_shared_memory_size %c32 args(%user : !llvm.ptr)
    %t5 = gpu.dealloc async [%t3, %t4] %a : memref<?xf32>
    %t6 = gpu.dealloc async [%t5] %b : memref<?xf32>
    gpu.wait [%t6]
    llvm.return
  }

  // Synchronous ops in an llvm.func: each runs on a stream the host then waits for.
  // CHECK-LABEL: llvm.func @sync(
  // CHECK: llvm.call @mgpuMemAlloc
  // CHECK: %[[T:.*]] = llvm.call @mgpuStreamCreate()
  // CHECK: gpu.launch_func <%[[T]] : !llvm.ptr> @k::@k blocks in
  // CHECK: llvm.call @mgpuStreamSynchronize(%[[T]])
  // CHECK: llvm.call @mgpuMemFree
  // CHECK: llvm.call @mgpuStreamDestroy(%[[T]])
  // CHECK-NOT: gpu.alloc
  // CHECK-NOT: gpu.dealloc
  // CHECK: llvm.return
  llvm.func @sync(%p: !llvm.ptr, %n: i64) {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %ni = builtin.unrealized_conversion_cast %n : i64 to index
    %a = gpu.alloc (%ni) : memref<?xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr, %n : i64)
    gpu.dealloc %a : memref<?xf32>
    llvm.return
  }
}
