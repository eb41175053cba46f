// Tokens through scf.index_switch: each case runs once, so a token captured by the switch that
// dies there is taken over by whichever case runs (continued on its stream or destroyed), and a
// token each case yields leaves as a stream.  run(before) == run(after) for every case index, with
// no hazards and no leaks (any would exit non-zero), and streams/events created == destroyed.
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim > %t.wi
// RUN: diff %t.before %t.wi
// RUN: asyncgpu-opt %s --gpu-to-runtime=stream-pool=false --run --backend sim > %t.nopool
// RUN: diff %t.before %t.nopool
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// CHECK: [2,  2,  2,  2]
// CHECK: [11,  11,  11,  11]
// CHECK: [101,  101,  101,  101]
// STATS: "streams_leaked": 0
// STATS: "events_leaked": 0
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
// IR: scf.index_switch %{{.*}} -> !llvm.ptr
// IR-NOT: !gpu.async.token
// IR-NOT: gpu.wait

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%a: memref<4xf32>, %x: f32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %y = arith.addf %v, %x : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @step(%sel: index, %h: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %ten = arith.constant 10.0 : f32
    %hundred = arith.constant 100.0 : f32
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<4xf32>, memref<4xf32>
    %t3 = gpu.launch_func async [%t2] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %one : f32)
    %r = scf.index_switch %sel -> !gpu.async.token
    case 0 {
      scf.yield %t3 : !gpu.async.token
    }
    case 1 {
      %k = gpu.launch_func async [%t3] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %ten : f32)
      scf.yield %k : !gpu.async.token
    }
    default {
      %a = gpu.launch_func async [%t3] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %hundred : f32)
      %w = gpu.wait async [%a]
      scf.yield %w : !gpu.async.token
    }
    %t4 = gpu.memcpy async [%r] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h0 = memref.alloc() : memref<4xf32>
    %h1 = memref.alloc() : memref<4xf32>
    %h2 = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %one = arith.constant 1.0 : f32
      memref.store %one, %h0[%i] : memref<4xf32>
      memref.store %z, %h1[%i] : memref<4xf32>
      memref.store %z, %h2[%i] : memref<4xf32>
    }
    call @step(%c0, %h0) : (index, memref<4xf32>) -> ()
    call @step(%c1, %h1) : (index, memref<4xf32>) -> ()
    call @step(%c2, %h2) : (index, memref<4xf32>) -> ()
    memref.dealloc %h0 : memref<4xf32>
    memref.dealloc %h1 : memref<4xf32>
    memref.dealloc %h2 : memref<4xf32>
    return
  }
}
