// gpu.host_register/host_unregister lowered to mgpuMemHostRegisterMemRef/mgpuMemHostUnregisterMemRef
// (upstream's -gpu-to-llvm call: rank, pointer to the ranked descriptor, element size), in the style
// of upstream's mlir/test/Integration/GPU/CUDA examples: a kernel updates registered host memory in
// place. run(before) == run(after) with no hazards and no leaks (any hazard/leak exits non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim > %t.async
// RUN: diff %t.before %t.async
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[2,   3,   4],
// CHECK-NEXT:  [5,   6,   7]]
// CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[3,   4,   5],
// CHECK-NEXT:  [6,   7,   8]]
// STATS: "streams_leaked": 0
// STATS: "events_leaked": 0
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
// IR-LABEL: func.func @main
// IR: %[[CAST:.*]] = memref.cast %{{.*}} : memref<2x3xf32> to memref<*xf32>
// IR: %[[D:.*]] = builtin.unrealized_conversion_cast %[[CAST]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// IR: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// IR: %[[G:.*]] = llvm.getelementptr %[[Z]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// IR: %[[SZ:.*]] = llvm.ptrtoint %[[G]] : !llvm.ptr to i64
// IR: %[[RANK:.*]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(i64, ptr)>
// IR: %[[P:.*]] = llvm.extractvalue %[[D]][1] : !llvm.struct<(i64, ptr)>
// IR: llvm.call @mgpuMemHostRegisterMemRef(%[[RANK]], %[[P]], %[[SZ]]) : (i64, !llvm.ptr, i64) -> ()
// IR: gpu.launch_func <%{{.*}} : !llvm.ptr> @kernels::@inc
// IR: llvm.call @mgpuStreamSynchronize
// IR: llvm.call @mgpuMemHostUnregisterMemRef(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64) -> ()
// IR-DAG: llvm.func @mgpuMemHostRegisterMemRef(i64, !llvm.ptr, i64)
// IR-DAG: llvm.func @mgpuMemHostUnregisterMemRef(i64, !llvm.ptr, i64)
// NOGPU-NOT: gpu.host_register
// NOGPU-NOT: gpu.host_unregister
// NOGPU-NOT: gpu.wait
// NOGPU-NOT: !gpu.async.token

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inc(%a: memref<2x3xf32>) kernel {
      %i = gpu.block_id x
      %j = gpu.thread_id x
      %x = memref.load %a[%i, %j] : memref<2x3xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i, %j] : memref<2x3xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %h = memref.alloc() : memref<2x3xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %k = arith.muli %i, %c3 : index
        %l = arith.addi %k, %j : index
        %li = arith.index_cast %l : index to i32
        %f = arith.sitofp %li : i32 to f32
        memref.store %f, %h[%i, %j] : memref<2x3xf32>
      }
    }
    %u = memref.cast %h : memref<2x3xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.launch_func @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1) args(%h : memref<2x3xf32>)
    gpu.launch_func @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1) args(%h : memref<2x3xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.launch_func @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1) args(%h : memref<2x3xf32>)
    gpu.host_unregister %u : memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<2x3xf32>
    return
  }
}
