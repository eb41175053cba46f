// A token the host has already waited for is complete when later work is enqueued: gpu-to-runtime
// does not make a stream wait for it again (no event), and does not synchronize it twice.
// RUN: asyncgpu-opt %s -gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s -gpu-to-runtime --run --backend sim --run-stats %t.json
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('events', s['events_created'], 'hazards', s['hazards'])" %t.json | filecheck %s --check-prefix=STATS
// STATS: events 0 hazards 0
// CHECK-LABEL: func.func @main
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S0]])
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S0]])
// CHECK-NOT: mgpuEventRecord
// CHECK-NOT: mgpuStreamWaitEvent
// CHECK: llvm.call @mgpuMemset32(
// CHECK: return
module attributes {gpu.container_module} {
  func.func @main() {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %t0 = gpu.wait async
    %a, %ta = gpu.alloc async [%t0] () : memref<4xi32>
    %b, %tb = gpu.alloc async [%t0] () : memref<4xi32>
    %t1 = gpu.memset async [%ta] %a, %c1 : memref<4xi32>, i32
    %t2 = gpu.memset async [%tb] %b, %c2 : memref<4xi32>, i32
    gpu.wait [%t1]
    // %t1 is complete here: the memset on %b's stream needs no event to wait for it
    %t3 = gpu.memset async [%t2, %t1] %b, %c1 : memref<4xi32>, i32
    %t4 = gpu.dealloc async [%t3] %a : memref<4xi32>
    %t5 = gpu.dealloc async [%t4] %b : memref<4xi32>
    gpu.wait [%t5, %t1]
    return
  }
}
