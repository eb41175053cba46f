// gpu-to-runtime takes its streams from a minimum chain cover of the block's ordering (token
// dependencies and the host's waits): this program's ops are at most 2 wide (the %b2 kernel %t0
// beside the %b0/%b1 chain, then the fork of %t4 into %t5 and %t6), so it runs on 2 streams; the
// greedy rule before took 3 here (%t6 started a stream of its own; %t0's stream, idle by then, goes
// on with it: %t6 waits for %t0 anyway).  A benchmark program (benchmarks/schedule.py, 7 ops over 3
// buffers, the two buffers read first zeroed); the lowered program prints what the input prints, with
// no leak and no hazard.
// RUN: asyncgpu-opt %s -gpu-to-runtime | filecheck %s
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s --check-prefix=OUT
// RUN: asyncgpu-opt %s -gpu-to-runtime --run --backend sim --run-stats %t.json | filecheck %s --check-prefix=OUT
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('streams', s['streams_created'], 'leaked', s['streams_leaked'], s['events_leaked'], 'hazards', s['hazards'])" %t.json | filecheck %s --check-prefix=STATS
// CHECK-LABEL: func.func @main
// CHECK-COUNT-2: llvm.call @mgpuStreamCreate()
// CHECK-NOT: llvm.call @mgpuStreamCreate()
// CHECK: return
// OUT: data =
// OUT-NEXT: [7,  7,  7,  7]
// OUT: data =
// OUT-NEXT: [4,  4,  4,  4]
// OUT: data =
// OUT-NEXT: [5,  5,  5,  5]
// STATS: streams 2 leaked 0 0 hazards 0
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %cT = arith.constant 4 : index
    %b0, %ta0 = gpu.alloc async () : memref<4xi32>
    %b1, %ta1 = gpu.alloc async () : memref<4xi32>
    %b2, %ta2 = gpu.alloc async () : memref<4xi32>
    %zero = arith.constant 0 : i32
    %z2 = gpu.memset async [%ta2] %b2, %zero : memref<4xi32>, i32
    %z1 = gpu.memset async [%ta1] %b1, %zero : memref<4xi32>, i32
    %k0 = arith.constant 5 : i32
    %t0 = gpu.launch_func async [%z2] @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b2 : memref<4xi32>, %b2 : memref<4xi32>, %k0 : i32)
    %k1 = arith.constant 8 : i32
    %t1 = gpu.launch_func async [%ta0, %z1] @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<4xi32>, %b1 : memref<4xi32>, %k1 : i32)
    %t2 = gpu.launch_func async [%t1] @kernels::@mix blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b1 : memref<4xi32>, %b0 : memref<4xi32>, %b0 : memref<4xi32>)
    %t3 = gpu.launch_func async [%t0, %t1, %t2] @kernels::@mix blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<4xi32>, %b0 : memref<4xi32>, %b2 : memref<4xi32>)
    %t4 = gpu.memcpy async [%t2, %t3] %b1, %b0 : memref<4xi32>, memref<4xi32>
    %t5 = gpu.launch_func async [%t4] @kernels::@mix blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b1 : memref<4xi32>, %b1 : memref<4xi32>, %b1 : memref<4xi32>)
    %k6 = arith.constant 2 : i32
    %t6 = gpu.launch_func async [%t3, %t4] @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<4xi32>, %b0 : memref<4xi32>, %k6 : i32)
    %h7 = memref.alloc() : memref<4xi32>
    %t7 = gpu.memcpy async [%t6] %h7, %b0 : memref<4xi32>, memref<4xi32>
    gpu.wait [%t7]
    %u7 = memref.cast %h7 : memref<4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u7) : (memref<*xi32>) -> ()
    memref.dealloc %h7 : memref<4xi32>
    %h8 = memref.alloc() : memref<4xi32>
    %t8 = gpu.memcpy async [%t5] %h8, %b1 : memref<4xi32>, memref<4xi32>
    gpu.wait [%t8]
    %u8 = memref.cast %h8 : memref<4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u8) : (memref<*xi32>) -> ()
    memref.dealloc %h8 : memref<4xi32>
    %h9 = memref.alloc() : memref<4xi32>
    %t9 = gpu.memcpy async [%t0] %h9, %b2 : memref<4xi32>, memref<4xi32>
    gpu.wait [%t9]
    %u9 = memref.cast %h9 : memref<4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u9) : (memref<*xi32>) -> ()
    memref.dealloc %h9 : memref<4xi32>
    %td0 = gpu.dealloc async [%t3, %t4, %t6] %b0 : memref<4xi32>
    %td1 = gpu.dealloc async [%t2, %t4, %t5] %b1 : memref<4xi32>
    %td2 = gpu.dealloc async [%t0, %t3, %t6] %b2 : memref<4xi32>
    gpu.wait [%td0, %td1, %td2]
    return
  }
  gpu.module @kernels {
    gpu.func @add(%dst: memref<4xi32>, %src: memref<4xi32>, %c: i32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %src[%i] : memref<4xi32>
      %r = arith.addi %v, %c : i32
      memref.store %r, %dst[%i] : memref<4xi32>
      gpu.return
    }
    gpu.func @mix(%dst: memref<4xi32>, %a: memref<4xi32>, %b: memref<4xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xi32>
      %y = memref.load %b[%i] : memref<4xi32>
      %r = arith.muli %x, %y : i32
      %c7 = arith.constant 7 : i32
      %s = arith.remsi %r, %c7 : i32
      memref.store %s, %dst[%i] : memref<4xi32>
      gpu.return
    }
  }

}
