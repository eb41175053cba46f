// A random synchronous program (benchmarks/schedule.py's generator: 12 gpu ops over 4 buffers,
// 16-thread kernels, each buffer zeroed first, host prints through printMemref at the end) through async-region and the
// lowering: it prints what the synchronous program prints, with no hazards or leaks, on more than
// one stream, and its makespan stays within 1.5x of the data-dependence critical path the
// simulator observed (serial lowering: 1.5x-1.9x on such programs).
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.lowered
// RUN: diff %t.sync %t.lowered
// RUN: %python -c "import json, sys; a = json.load(open(sys.argv[1])); print('hazards', a['hazards'], 'leaks', a['streams_leaked'] + a['events_leaked'] + a['allocations_leaked'], 'parallel', a['streams_created'] > 1, 'within', a['makespan_over_critical_path'] <= 1.5)" %t.json | filecheck %s
// CHECK: hazards 0 leaks 0 parallel True within True
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %cT = arith.constant 16 : index
    %b0 = gpu.alloc () : memref<16xi32>
    %b1 = gpu.alloc () : memref<16xi32>
    %b2 = gpu.alloc () : memref<16xi32>
    %b3 = gpu.alloc () : memref<16xi32>
    %zero = arith.constant 0 : i32
    gpu.memset %b0, %zero : memref<16xi32>, i32
    gpu.memset %b1, %zero : memref<16xi32>, i32
    gpu.memset %b2, %zero : memref<16xi32>, i32
    gpu.memset %b3, %zero : memref<16xi32>, i32
    %k0 = arith.constant 2 : i32
    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<16xi32>, %b2 : memref<16xi32>, %k0 : i32)
    gpu.launch_func  @kernels::@mix blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b3 : memref<16xi32>, %b3 : memref<16xi32>, %b3 : memref<16xi32>)
    %v2 = arith.constant 3 : i32
    gpu.memset  %b0, %v2 : memref<16xi32>, i32
    %k3 = arith.constant 1 : i32
    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b3 : memref<16xi32>, %b3 : memref<16xi32>, %k3 : i32)
    %v4 = arith.constant 5 : i32
    gpu.memset  %b2, %v4 : memref<16xi32>, i32
    gpu.memcpy  %b0, %b1 : memref<16xi32>, memref<16xi32>
    %k6 = arith.constant 7 : i32
    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<16xi32>, %b0 : memref<16xi32>, %k6 : i32)
    %v7 = arith.constant 5 : i32
    gpu.memset  %b3, %v7 : memref<16xi32>, i32
    %k8 = arith.constant 8 : i32
    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b1 : memref<16xi32>, %b3 : memref<16xi32>, %k8 : i32)
    gpu.launch_func  @kernels::@mix blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b2 : memref<16xi32>, %b1 : memref<16xi32>, %b1 : memref<16xi32>)
    %v10 = arith.constant 0 : i32
    gpu.memset  %b2, %v10 : memref<16xi32>, i32
    %k11 = arith.constant 5 : i32
    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%cT, %c1, %c1) args(%b0 : memref<16xi32>, %b1 : memref<16xi32>, %k11 : i32)
    %h12 = memref.alloc() : memref<16xi32>
    gpu.memcpy %h12, %b0 : memref<16xi32>, memref<16xi32>
    %u12 = memref.cast %h12 : memref<16xi32> to memref<*xi32>
    func.call @printMemrefI32(%u12) : (memref<*xi32>) -> ()
    memref.dealloc %h12 : memref<16xi32>
    %h13 = memref.alloc() : memref<16xi32>
    gpu.memcpy %h13, %b1 : memref<16xi32>, memref<16xi32>
    %u13 = memref.cast %h13 : memref<16xi32> to memref<*xi32>
    func.call @printMemrefI32(%u13) : (memref<*xi32>) -> ()
    memref.dealloc %h13 : memref<16xi32>
    %h14 = memref.alloc() : memref<16xi32>
    gpu.memcpy %h14, %b2 : memref<16xi32>, memref<16xi32>
    %u14 = memref.cast %h14 : memref<16xi32> to memref<*xi32>
    func.call @printMemrefI32(%u14) : (memref<*xi32>) -> ()
    memref.dealloc %h14 : memref<16xi32>
    %h15 = memref.alloc() : memref<16xi32>
    gpu.memcpy %h15, %b3 : memref<16xi32>, memref<16xi32>
    %u15 = memref.cast %h15 : memref<16xi32> to memref<*xi32>
    func.call @printMemrefI32(%u15) : (memref<*xi32>) -> ()
    memref.dealloc %h15 : memref<16xi32>
    gpu.dealloc %b0 : memref<16xi32>
    gpu.dealloc %b1 : memref<16xi32>
    gpu.dealloc %b2 : memref<16xi32>
    gpu.dealloc %b3 : memref<16xi32>
    return
  }
  gpu.module @kernels {
    gpu.func @add(%dst: memref<16xi32>, %src: memref<16xi32>, %c: i32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %src[%i] : memref<16xi32>
      %r = arith.addi %v, %c : i32
      memref.store %r, %dst[%i] : memref<16xi32>
      gpu.return
    }
    gpu.func @mix(%dst: memref<16xi32>, %a: memref<16xi32>, %b: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xi32>
      %y = memref.load %b[%i] : memref<16xi32>
      %r = arith.muli %x, %y : i32
      %c7 = arith.constant 7 : i32
      %s = arith.remsi %r, %c7 : i32
      memref.store %s, %dst[%i] : memref<16xi32>
      gpu.return
    }
  }

}
