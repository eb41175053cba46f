// Tokens through scf.while (before/after regions, scf.condition): one stream carried around the loop.
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
// CHECK: [22,  22,  22,  22]
// IR: scf.while ({{.*}}, %[[A:[a-z0-9]+]] = %{{.*}}) : (index, !llvm.ptr) -> (index, !llvm.ptr)
// IR: scf.condition(%{{.*}}) %{{.*}}, %[[A]]
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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %x, %one : memref<4xf32>, f32
    %r:2 = scf.while (%i = %c0, %t = %t2) : (index, !gpu.async.token) -> (index, !gpu.async.token) {
      %cond = arith.cmpi slt, %i, %c3 : index
      scf.condition(%cond) %i, %t : index, !gpu.async.token
    } do {
    ^bb0(%i2: index, %tt: !gpu.async.token):
      %a = gpu.launch_func async [%tt] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
      %b = gpu.launch_func async [%a] @k::@dbl blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
      %i3 = arith.addi %i2, %c1 : index
      scf.yield %i3, %b : index, !gpu.async.token
    }
    %t4 = gpu.memcpy async [%r#1] %h, %x : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %x : memref<4xf32>
    gpu.wait [%t5]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
