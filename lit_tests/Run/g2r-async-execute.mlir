// Tokens across async.execute: captured tokens become events, yielded tokens are events (never a raw stream: upstream bug #170833), a value used twice gets one event per use.
// run(before) == run(after) with no hazards and no leaks (any hazard/leak exits non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim > %t.direct
// RUN: diff %t.before %t.direct
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// CHECK: [2,  2,  2,  2]
// CHECK: [4,  4,  4,  4]
// IR: async.execute -> (!async.value<!llvm.ptr>, !async.value<!llvm.ptr>)
// IR: %[[E1:.*]] = llvm.call @mgpuEventCreate()
// IR-NEXT: llvm.call @mgpuEventRecord(%[[E1]], %[[S1:[0-9]+]])
// IR: %[[E2:.*]] = llvm.call @mgpuEventCreate()
// IR-NEXT: llvm.call @mgpuEventRecord(%[[E2]], %[[S1]])
// IR-NEXT: llvm.call @mgpuStreamDestroy(%[[S1]])
// IR: async.yield %[[E1]], %[[E2]] : !llvm.ptr, !llvm.ptr
// STATS: "streams_leaked": 0
// STATS: "events_leaked": 0
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
// NOGPU-NOT: gpu.wait
// NOGPU-NOT: gpu.alloc
// NOGPU-NOT: gpu.memcpy
// NOGPU-NOT: gpu.memset
// NOGPU-NOT: gpu.dealloc
// NOGPU-NOT: !gpu.async.token

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @dbl(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @add(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %y = memref.load %b[%i] : memref<4xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %hx = memref.alloc() : memref<4xf32>
    %hz = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %y, %t2 = gpu.alloc async [%t1] () : memref<4xf32>
    %z, %t3 = gpu.alloc async [%t2] () : memref<4xf32>
    %m = gpu.memset async [%t3] %x, %one : memref<4xf32>, f32
    // fork into two executes (the token is captured by the first, an operand-free capture)
    %e1, %v1 = async.execute -> !async.value<!gpu.async.token> {
      %a = gpu.launch_func async [%m] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
      async.yield %a : !gpu.async.token
    }
    %e2, %v2 = async.execute -> !async.value<!gpu.async.token> {
      %b = gpu.memset async [%m] %y, %two : memref<4xf32>, f32
      async.yield %b : !gpu.async.token
    }
    // join in a third execute taking both values; %v1 is also awaited by the host (two uses)
    %e3, %v3 = async.execute [%e1] (%v1 as %a1: !async.value<!gpu.async.token>, %v2 as %b1: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token> {
      %j = gpu.launch_func async [%a1, %b1] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>, %y : memref<4xf32>, %z : memref<4xf32>)
      async.yield %j : !gpu.async.token
    }
    %w1 = async.await %v1 : !async.value<!gpu.async.token>
    %w3 = async.await %v3 : !async.value<!gpu.async.token>
    %cx = gpu.memcpy async [%w1, %w3] %hx, %x : memref<4xf32>, memref<4xf32>
    %cz = gpu.memcpy async [%w3, %cx] %hz, %z : memref<4xf32>, memref<4xf32>
    %d1 = gpu.dealloc async [%cz] %x : memref<4xf32>
    %d2 = gpu.dealloc async [%d1] %y : memref<4xf32>
    %d3 = gpu.dealloc async [%d2] %z : memref<4xf32>
    gpu.wait [%d3]
    %ux = memref.cast %hx : memref<4xf32> to memref<*xf32>
    %uz = memref.cast %hz : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%ux) : (memref<*xf32>) -> ()
    call @printMemrefF32(%uz) : (memref<*xf32>) -> ()
    memref.dealloc %hx : memref<4xf32>
    memref.dealloc %hz : memref<4xf32>
    return
  }
}
