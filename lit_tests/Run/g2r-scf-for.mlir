// Tokens through scf.for iter_args: the loop continues on the carried stream (no call per iteration).
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
// CHECK: [3,  3,  3,  3]
// IR: scf.for {{.*}} iter_args(%[[ARG:[a-z0-9]+]] = %{{.*}}) -> (!llvm.ptr)
// IR-NEXT: gpu.launch_func <%[[ARG]] : !llvm.ptr>
// IR-NEXT: scf.yield %[[ARG]] : !llvm.ptr
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
  gpu.module @kernels {
    gpu.func @inc(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    %t3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %t2) -> (!gpu.async.token) {
      %tn = gpu.launch_func async [%t] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      scf.yield %tn : !gpu.async.token
    }
    %t4 = gpu.memcpy async [%t3] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
