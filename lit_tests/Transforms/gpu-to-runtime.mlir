// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime | filecheck %s

// Seed 003 / herhut's join: both source streams must be destroyed (no leak).
// CHECK-LABEL: func.func @join
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[E:.*]] = llvm.call @mgpuEventCreate()
// CHECK: llvm.call @mgpuEventRecord(%[[E]], %[[S1]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[S0]], %[[E]])
// CHECK: llvm.call @mgpuEventDestroy(%[[E]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S1]])
// CHECK-NOT: gpu.wait
// CHECK: return
module attributes {gpu.container_module} {
  func.func @join(%m0: memref<4xi32>, %m1: memref<4xi32>, %v: i32) {
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %a = gpu.memset async [%t0] %m0, %v : memref<4xi32>, i32
    %b = gpu.memset async [%t1] %m1, %v : memref<4xi32>, i32
    %j = gpu.wait async [%a, %b]
    gpu.wait [%j]
    return
  }
}

// -----

// Seed 001b: memcpy with two dependencies; implicit forks of %0 (no double destroy).
// CHECK-LABEL: func.func @main
// CHECK-COUNT-2: llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy
// CHECK-COUNT-2: llvm.call @mgpuStreamDestroy
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2, %6] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%7] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%7] %5 : memref<?xf32>
    gpu.wait [%3, %4]
    return
  }
}

// -----

// Seed 000: one chain, one stream, destroyed once.
// CHECK-LABEL: func.func @async
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@kernel
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@kernel
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[S]], %{{.*}})
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NOT: mgpuStreamDestroy
// CHECK-LABEL: llvm.func @mgpuStreamCreate() -> !llvm.ptr
module attributes {gpu.container_module} {
  gpu.binary @kernels  [#gpu.object<#rocdl.target, assembly = "">]
  func.func @async(%arg0: index) {
    %0 = gpu.wait async
    %1 = gpu.launch_func async [%0] @kernels::@kernel blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
    %2 = gpu.launch_func async [%1] @kernels::@kernel blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
    %memref, %asyncToken = gpu.alloc async [%2] () : memref<7xf32>
    %3 = gpu.dealloc async [%asyncToken] %memref : memref<7xf32>
    gpu.wait [%3]
    return
  }
}

// -----

// Seed 004: multi-dependency launch runs on the first dying dependency's stream.
// CHECK-LABEL: func.func @multi_dep_launch
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuEventRecord(%[[E:.*]], %[[S1]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[S0]], %[[E]])
// CHECK: gpu.launch_func <%[[S0]] : !llvm.ptr> @kernels::@kernel
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S1]])
module attributes {gpu.container_module} {
  gpu.binary @kernels  [#gpu.object<#rocdl.target, assembly = "">]
  func.func @multi_dep_launch(%arg0: index) {
    %0 = gpu.wait async
    %1 = gpu.wait async
    %2 = gpu.launch_func async [%0, %1] @kernels::@kernel blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
    gpu.wait [%2]
    return
  }
}

// -----

// Sync forms: sync launch (create/launch/sync/destroy), host_shared alloc on the null stream.
// CHECK-LABEL: func.func @sync
// CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i8) : i8
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[Z]], %[[ONE]])
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@kernel
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
module attributes {gpu.container_module} {
  gpu.binary @kernels  [#gpu.object<#rocdl.target, assembly = "">]
  func.func @sync(%arg0: index) {
    %m = gpu.alloc host_shared () : memref<4xf32>
    gpu.launch_func @kernels::@kernel blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
    return
  }
}
