// REQUIRES: mlir-opt-ref
// A single chain of async ops on LLVM-typed values launching a kernel of a gpu.binary: ours and
// upstream's -gpu-to-llvm lower it to the same runtime calls in the same order (one stream, the
// launch with its LLVM-typed operands as they are; the allocation, which ignores the stream, may
// come before the stream is created); upstream verifies ours.
// RUN: asyncgpu-opt %s --gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: %{mlir-opt-ref} %s -gpu-to-llvm | filecheck %s

// CHECK: gpu.binary @k
// CHECK-LABEL: llvm.func @chain(
// CHECK-DAG: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-DAG: llvm.call @mgpuMemAlloc
// CHECK: llvm.call @mgpuMemset32({{.*}}, %[[S]])
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @k::@fill blocks in ({{.*}}) threads in ({{.*}}) : i64 dynamic_shared_memory_size %{{.*}} args(%{{.*}} : !llvm.ptr, %{{.*}} : i32, %{{.*}} : f32, %{{.*}} : !llvm.struct<(i64, f32)>)
// CHECK: llvm.call @mgpuMemcpy({{.*}}, %[[S]])
// CHECK: llvm.call @mgpuMemFree({{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NOT: gpu.wait
// CHECK: llvm.return

module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, "\00fatbin">]
  llvm.func @chain(%host: !llvm.ptr, %n: i32, %x: f32, %pair: !llvm.struct<(i64, f32)>) {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %smem = llvm.mlir.constant(256 : i32) : i32
    %zero = arith.constant 0 : i32
    %c64i = builtin.unrealized_conversion_cast %c64 : i64 to index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] (%c64i) : memref<?xi32>
    %t2 = gpu.memset async [%t1] %d, %zero : memref<?xi32>, i32
    %dp = memref.extract_aligned_pointer_as_index %d : memref<?xi32> -> index
    %dpi = arith.index_cast %dp : index to i64
    %p = llvm.inttoptr %dpi : i64 to !llvm.ptr
    %t3 = gpu.launch_func async [%t2] @k::@fill blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) : i64 dynamic_shared_memory_size %smem args(%p : !llvm.ptr, %n : i32, %x : f32, %pair : !llvm.struct<(i64, f32)>)
    %hd = builtin.unrealized_conversion_cast %host : !llvm.ptr to memref<64xi32>
    %t4 = gpu.memcpy async [%t3] %hd, %d : memref<64xi32>, memref<?xi32>
    %t5 = gpu.dealloc async [%t4] %d : memref<?xi32>
    gpu.wait [%t5]
    llvm.return
  }
}
