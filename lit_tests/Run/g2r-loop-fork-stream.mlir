// A fork inside an scf.for body: the stream the fork needs is created once before the loop and
// destroyed after it (not once per iteration), and the join continues on the loop's own stream.
// run(before) == run(after) with no hazards and no leaks (any would exit non-zero); 8 iterations
// create 2 streams in all (the loop's and the fork's).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim > %t.wi
// RUN: diff %t.before %t.wi
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// CHECK: [8,  8,  8,  8]
// CHECK: [8,  8,  8,  8]
// STATS: "streams_created": 2,
// STATS: "streams_destroyed": 2,
// STATS: "events_leaked": 0,
// STATS: "hazards": 0,
// IR:      %[[S:.*]] = llvm.call @mgpuStreamCreate()
// IR-NEXT: %[[F:.*]] = llvm.call @mgpuStreamCreate()
// IR-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[S]]) -> (!llvm.ptr) {
// IR-NOT:    mgpuStreamCreate
// IR-NOT:    mgpuStreamDestroy
// IR:        scf.yield %[[A]] : !llvm.ptr
// IR-NEXT: }
// IR-NEXT: llvm.call @mgpuStreamDestroy(%[[F]])
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
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %a = gpu.alloc host_shared () : memref<4xf32>
    %b = gpu.alloc host_shared () : memref<4xf32>
    %z = arith.constant 0.0 : f32
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %z, %a[%i] : memref<4xf32>
      memref.store %z, %b[%i] : memref<4xf32>
    }
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%it = %t0) -> (!gpu.async.token) {
      %ka = gpu.launch_func async [%it] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
      %kb = gpu.launch_func async [%it] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%b : memref<4xf32>)
      %j = gpu.wait async [%ka, %kb]
      scf.yield %j : !gpu.async.token
    }
    gpu.wait [%r]
    %u = memref.cast %a : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %v = memref.cast %b : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%v) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<4xf32>
    gpu.dealloc %b : memref<4xf32>
    return
  }
}
