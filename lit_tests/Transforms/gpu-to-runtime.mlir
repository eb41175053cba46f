// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// RUN: asyncgpu-opt %s -split-input-file -wait-insertion -gpu-to-runtime | filecheck %s --check-prefix=NOGPU

// No gpu host op and no token survive in any case (the kernels' gpu.module/gpu.binary stay).
// NOGPU-NOT: gpu.wait
// NOGPU-NOT: gpu.alloc
// NOGPU-NOT: gpu.dealloc
// NOGPU-NOT: gpu.memcpy
// NOGPU-NOT: gpu.memset
// NOGPU-NOT: gpu.launch_func async
// NOGPU-NOT: gpu.launch_func @
// NOGPU-NOT: !gpu.async.token

// Seed 000: one chain, one stream, synchronized and destroyed once.
// CHECK-LABEL: func.func @async
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@kernel
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@kernel
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[S]], %{{.*}})
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NOT: llvm.call @mgpuStream
// CHECK: return
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

// Seed 001a: implicit fork of %0 (two allocs).  mgpuMemAlloc allocates when the host calls it, so
// the alloc tokens are complete at once: no stream and no event for the fork.  Each free then
// depends only on complete work while nothing is pending on the device: both are synchronous
// (null stream), their tokens are complete, and the host wait has nothing left to wait for.
// No stream at all (upstream: one).
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK-NOT: mgpuStreamCreate
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[Z0:.*]], %{{.*}})
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[Z1:.*]], %{{.*}})
// CHECK: %[[Z2:.*]] = llvm.mlir.zero
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[Z2]])
// CHECK: %[[Z3:.*]] = llvm.mlir.zero
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[Z3]])
// CHECK-NOT: mgpuStreamSynchronize
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%6] %5 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}

// -----

// Seed 001b: memcpy with two dependencies (upstream: silently left as gpu.memcpy).  Both are
// allocation tokens, complete at once (mgpuMemAlloc is synchronous): the copy starts a stream of its
// own without an event; the stream goes back to the pool and the free the host waits for reuses it;
// the free nothing waits for is synchronous.  One stream, synchronized, destroyed once.
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2, %6] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%6] %5 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}

// -----

// Seed 001c: host alloca copied to the device; the alloc token is forked (memcpy, dealloc).  The
// alloc token is complete at once (mgpuMemAlloc is synchronous): no stream for the alloc; the copy
// gets a stream, which the free reuses from the pool.
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[Z:.*]], %{{.*}})
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %5 = memref.alloca (%c2) : memref<?xf32>
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}

// -----

// Seed 001d (001c after upstream -gpu-async-region): dealloc with two deps [%1, %asyncToken]
// (upstream: left unconverted, the final wait event-syncs a stream).  The alloc token is complete
// at once (mgpuMemAlloc is synchronous), so the join needs no event: the free continues on the
// memcpy's dying stream.
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S1]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S1]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S1]])
// CHECK-NOT: llvm.call @mgpuEventSynchronize
// CHECK: llvm.call @mgpuStreamDestroy(%[[S1]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() attributes {llvm.emit_c_interface} {
    %c2 = arith.constant 2 : index
    %alloca = memref.alloca(%c2) : memref<?xf32>
    %0 = gpu.wait async
    %memref, %asyncToken = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %1 = gpu.memcpy async [%asyncToken] %memref, %alloca : memref<?xf32>, memref<?xf32>
    %2 = gpu.dealloc async [%1, %asyncToken] %memref : memref<?xf32>
    gpu.wait [%2]
    return
  }
}

// -----

// Seed 001e, csigg's "single stream" form (upstream: the same stream synchronized and
// destroyed twice).  The fork of %7 continues on the copy's stream (the first free); nothing will
// wait for %7 alone (its other user is a free), so no event is recorded for it, and the second
// free, ordered after everything on that stream, joins it too.  One stream, synchronized once
// (the second host wait is already covered), destroyed once; no event.
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamSynchronize
// CHECK: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%0] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%7] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%7] %5 : memref<?xf32>
    gpu.wait [%3]
    gpu.wait [%4]
    return
  }
}

// -----

// Seed 001f, csigg's "multi stream" form (upstream: both source streams leak and the join
// stream is destroyed twice).  The explicit join `gpu.wait async [%2, %6]` joins two allocation
// tokens, complete at once (mgpuMemAlloc is synchronous): no stream and no event for it.  The copy
// starts the only chain; both frees of its fork follow it on its stream (nothing waits for the
// copy alone).  One stream, synchronized and destroyed once; no event.
// CHECK-LABEL: func.func @main
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamCreate
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamSynchronize
// CHECK: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %9 = gpu.wait async
    %5, %6 = gpu.alloc async [%9] (%c2) : memref<?xf32>
    %7 = gpu.wait async [%2, %6]
    %8 = gpu.memcpy async [%7] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%8] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%8] %5 : memref<?xf32>
    gpu.wait [%3, %4]
    return
  }
}

// -----

// Seed 002 (test_parallel): two matmuls on two streams, joined by `gpu.wait async [%1, %3]`
// (upstream: both launch streams leak).  The join continues on the first dying stream; the
// other is waited for with an event of the function's pool (destroyed before the return);
// host_shared allocs on the null stream.
// CHECK-LABEL: func.func @test_parallel
// CHECK-COUNT-3: llvm.call @mgpuMemAlloc(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[S0]] : !llvm.ptr> @test_parallel_kernel::@test_parallel_kernel
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[S1]] : !llvm.ptr> @test_parallel_kernel_0::@test_parallel_kernel
// CHECK: %[[E:.*]] = llvm.call @mgpuEventCreate()
// CHECK: llvm.call @mgpuEventRecord(%[[E]], %[[S1]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[S0]], %[[E]])
// CHECK: gpu.launch_func <%[[S0]] : !llvm.ptr> @test_parallel_kernel_1::@test_parallel_kernel
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK: llvm.call @mgpuEventDestroy(%[[E]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S1]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
#map = affine_map<()[s0, s1, s2] -> (s0 * s2 + s1)>
module attributes {gpu.container_module} {
func.func @test_parallel(%arg0: memref<256x1024xf32>, %arg1: memref<1024x256xf32>) -> memref<256x256xf32> attributes {llvm.emit_c_interface} {
%c8 = arith.constant 8 : index
%c32 = arith.constant 32 : index
%cst = arith.constant 0.000000e+00 : f32
%c0 = arith.constant 0 : index
%c1 = arith.constant 1 : index
%c1024 = arith.constant 1024 : index
%memref = gpu.alloc host_shared () : memref<256x256xf32>
%memref_0 = gpu.alloc host_shared () : memref<256x256xf32>
%memref_1 = gpu.alloc host_shared () : memref<256x256xf32>
%0 = gpu.wait async
%2 = gpu.wait async
%1 = gpu.launch_func async [%0] @test_parallel_kernel::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %arg0 : memref<256x1024xf32>, %arg1 : memref<1024x256xf32>, %c1024 : index, %cst : f32, %memref_1 : memref<256x256xf32>)
%3 = gpu.launch_func async [%2] @test_parallel_kernel_0::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %arg0 : memref<256x1024xf32>, %arg1 : memref<1024x256xf32>, %c1024 : index, %cst : f32, %memref_0 : memref<256x256xf32>)
%4 = gpu.wait async [%1, %3]
%5 = gpu.launch_func async [%4] @test_parallel_kernel_1::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %memref_1 : memref<256x256xf32>, %memref_0 : memref<256x256xf32>, %memref : memref<256x256xf32>)
gpu.wait [%5]
return %memref : memref<256x256xf32>
}
gpu.module @test_parallel_kernel {
gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x1024xf32>, %arg6: memref<1024x256xf32>, %arg7: index, %arg8: f32, %arg9: memref<256x256xf32>) kernel {
%block_id_x = gpu.block_id x
%block_id_y = gpu.block_id y
%thread_id_x = gpu.thread_id x
%thread_id_y = gpu.thread_id y
%0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
%1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
%2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
%3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
%4 = arith.addi %2, %0 : index
%5 = arith.addi %3, %1 : index
%6 = scf.for %arg10 = %arg1 to %arg7 step %arg3 iter_args(%arg11 = %arg8) -> (f32) {
%7 = memref.load %arg5[%4, %arg10] : memref<256x1024xf32>
%8 = memref.load %arg6[%arg10, %5] : memref<1024x256xf32>
%9 = arith.mulf %7, %8 : f32
%10 = arith.addf %arg11, %9 : f32
scf.yield %10 : f32
}
memref.store %6, %arg9[%4, %5] : memref<256x256xf32>
gpu.return
}
}
gpu.module @test_parallel_kernel_0 {
gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x1024xf32>, %arg6: memref<1024x256xf32>, %arg7: index, %arg8: f32, %arg9: memref<256x256xf32>) kernel {
%block_id_x = gpu.block_id x
%block_id_y = gpu.block_id y
%thread_id_x = gpu.thread_id x
%thread_id_y = gpu.thread_id y
%0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
%1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
%2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
%3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
%4 = arith.addi %2, %0 : index
%5 = arith.addi %3, %1 : index
%6 = scf.for %arg10 = %arg1 to %arg7 step %arg3 iter_args(%arg11 = %arg8) -> (f32) {
%7 = memref.load %arg5[%4, %arg10] : memref<256x1024xf32>
%8 = memref.load %arg6[%arg10, %5] : memref<1024x256xf32>
%9 = arith.mulf %7, %8 : f32
%10 = arith.addf %arg11, %9 : f32
scf.yield %10 : f32
}
memref.store %6, %arg9[%4, %5] : memref<256x256xf32>
gpu.return
}
}
gpu.module @test_parallel_kernel_1 {
gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x256xf32>, %arg6: memref<256x256xf32>, %arg7: memref<256x256xf32>) kernel {
%block_id_x = gpu.block_id x
%block_id_y = gpu.block_id y
%thread_id_x = gpu.thread_id x
%thread_id_y = gpu.thread_id y
%0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
%1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
%2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
%3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
%4 = arith.addi %2, %0 : index
%5 = arith.addi %3, %1 : index
%6 = memref.load %arg5[%4, %5] : memref<256x256xf32>
%7 = memref.load %arg6[%4, %5] : memref<256x256xf32>
%8 = arith.addf %6, %7 : f32
memref.store %8, %arg7[%4, %5] : memref<256x256xf32>
gpu.return
}
}
}

// -----

// Seed 003, herhut's join `%t3 = gpu.wait async [%t1, %t2]` (upstream: the source streams
// leak).  Token arguments are the caller's events: waited for, not destroyed.  A join only the
// host waits for takes no stream: the host waits for what it joins.
// CHECK-LABEL: func.func @join(
// CHECK-SAME: %[[A0:[a-z0-9]+]]: !llvm.ptr, %[[A1:[a-z0-9]+]]: !llvm.ptr)
// CHECK-NOT: mgpuStreamCreate
// CHECK: llvm.call @mgpuEventSynchronize(%[[A0]])
// CHECK: llvm.call @mgpuEventSynchronize(%[[A1]])
// CHECK-NOT: llvm.call @mgpuEventDestroy
// CHECK: return
// In @fork every token waits only for empty roots: all are complete when the host has them, and
// nothing is left to lower (no stream, no event, no sync).
// CHECK-LABEL: func.func @fork
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  func.func @join(%t1: !gpu.async.token, %t2: !gpu.async.token) {
    %t3 = gpu.wait async [%t1, %t2] // last use of %t1 and %t2
    gpu.wait [%t3]
    return
  }
  func.func @fork() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async [%t0]
    %t2 = gpu.wait async [%t0]
    %t3 = gpu.wait async [%t1, %t2]
    gpu.wait [%t3]
    return
  }
}

// -----

// Seed 004 (PR #188987 @multi_dep_launch; upstream 22.1.8: "failed to legalize").  Both
// dependencies are empty roots, complete when the host has them: the launch runs on one stream,
// without the second stream and the event the PR's CHECK lines create (and the stream it leaks).
// CHECK-LABEL: func.func @multi_dep_launch
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[stream0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-NOT: mgpuStreamCreate
// CHECK: gpu.launch_func <%[[stream0]] : !llvm.ptr> @kernel_module::@kernel
// CHECK: llvm.call @mgpuStreamSynchronize(%[[stream0]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[stream0]])
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernel_module [#nvvm.target] {
    llvm.func @kernel() attributes {gpu.kernel} {
      llvm.return
    }
  }

  func.func @multi_dep_launch() {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %t2 = gpu.launch_func async [%t0, %t1] @kernel_module::@kernel
        blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
    gpu.wait [%t2]
    return
  }
}

// -----

// Upstream probe p3: host_shared alloc + sync memset + sync dealloc (upstream: memset and
// dealloc silently left).  Alloc/free on the null stream, the memset on its own stream,
// synchronized and destroyed.
// CHECK-LABEL: func.func @p3_host_shared
// CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i8) : i8
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[Z]], %[[ONE]])
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: %[[Z2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @mgpuMemFree(%{{.*}}, %[[Z2]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK: return
module attributes {gpu.container_module} {
  func.func @p3_host_shared(%v: f32) {
    %m = gpu.alloc host_shared () : memref<4xf32>
    gpu.memset %m, %v : memref<4xf32>, f32
    gpu.dealloc %m : memref<4xf32>
    return
  }
}

// -----

// Upstream probe p4: synchronous memcpy and memset without async-region (upstream: left
// unconverted silently).  One pooled stream reused by both, synchronized after each op.
// CHECK-LABEL: func.func @p4_sync_copy_set
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NOT: llvm.call @mgpuStreamCreate
// CHECK: llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @p4_sync_copy_set(%d: memref<4xf32>, %h: memref<4xf32>, %v: f32) {
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    gpu.memset %d, %v : memref<4xf32>, f32
    return
  }
}

// -----

// Upstream probe p5 (16-bit memset is lowered; the f64 case is a located error, see
// gpu-to-runtime-invalid.mlir).
// CHECK-LABEL: func.func @p5_memset16
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : f16 to i16
// CHECK: llvm.call @mgpuMemset16(%{{.*}}, %[[V]], %{{.*}}, %[[S]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]])
module attributes {gpu.container_module} {
  func.func @p5_memset16(%d: memref<4xf16>, %v: f16) {
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %d, %v : memref<4xf16>, f16
    gpu.wait [%t1]
    return
  }
}

// -----

// Upstream probe p7: implicit fork (%t0 used by two memsets, two waits; upstream: the same
// stream synchronized and destroyed twice).  %t0 is an empty root, complete at once: each memset
// starts its own stream without an event; each stream synchronized once and destroyed once.
// CHECK-LABEL: func.func @p7_implicit_fork
// CHECK-NOT: mgpuEventCreate
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S1]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S1]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S0]])
// CHECK-DAG: llvm.call @mgpuStreamDestroy(%[[S1]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  func.func @p7_implicit_fork(%a: memref<4xi32>, %b: memref<4xi32>, %v: i32) {
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %a, %v : memref<4xi32>, i32
    %t2 = gpu.memset async [%t0] %b, %v : memref<4xi32>, i32
    gpu.wait [%t1]
    gpu.wait [%t2]
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

// -----

// Loop-carried token: the stream moves into the loop and out again (no call per iteration).
// CHECK-LABEL: func.func @loop
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:[a-z0-9]+]] = %[[S]]) -> (!llvm.ptr) {
// CHECK-NEXT: gpu.launch_func <%[[A]] : !llvm.ptr> @kernels::@kernel
// CHECK-NEXT: scf.yield %[[A]] : !llvm.ptr
// CHECK: llvm.call @mgpuStreamSynchronize(%[[R]])
// CHECK: llvm.call @mgpuStreamDestroy(%[[R]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
module attributes {gpu.container_module} {
  gpu.binary @kernels  [#gpu.object<#rocdl.target, assembly = "">]
  func.func @loop(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %t1 = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      scf.yield %t1 : !gpu.async.token
    }
    gpu.wait [%r]
    return
  }
}

// -----

// A launch that already names its stream (no tokens) is the lowered form: it is left as it is,
// as upstream's gpu-to-llvm does, while the rest of the function is lowered.
// CHECK-LABEL: func.func @prelowered_launch(
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK-NEXT: gpu.launch_func <%[[S]] : !llvm.ptr> @k::@f blocks in
// (the wait on an empty root is complete at once: nothing to call)
// CHECK-NOT: gpu.wait
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  func.func @prelowered_launch() {
    %c1 = arith.constant 1 : index
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    gpu.launch_func <%s : !llvm.ptr> @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %t = gpu.wait async
    gpu.wait [%t]
    return
  }
}
