// async-region carries a token through an scf.for whose body is device work only (carry-tokens,
// the default): no host sync before the loop or in each iteration, and gpu-to-runtime keeps the
// loop on one stream.  A loop whose body also stores on the host keeps the per-iteration sync.
// The run prints the same values as the synchronous program, with no hazards or leaks (either
// would make the run exit non-zero), and far fewer host syncs than carry-tokens=false.
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --run --backend sim > %t.async
// RUN: diff %t.sync %t.async
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.lowered
// RUN: diff %t.sync %t.lowered
// RUN: asyncgpu-opt %s --async-region=carry-tokens=false --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.nolt.json > %t.nolt
// RUN: diff %t.sync %t.nolt
// RUN: filecheck %s --input-file %t.lowered
// RUN: %python -c "import json, sys; a, b = (json.load(open(f)) for f in sys.argv[1:]); print('syncs', a['host_syncs'], b['host_syncs'], 'hazards', a['hazards'], 'leaks', a['streams_leaked'] + a['events_leaked'] + a['allocations_leaked'])" %t.json %t.nolt.json | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s --async-region=carry-tokens=false | filecheck %s --check-prefix=NOLT
// CHECK: data =
// CHECK-NEXT: [14,  14,  14,  14]
// CHECK: data =
// CHECK-NEXT: [5,  5,  5,  5]
// (the host waits before each print only for the copy it reads, and for the frees at the end)
// STATS: syncs 7 15 hazards 0 leaks 0
// IR-LABEL: func.func @main(
// IR:      %[[E:.*]] = gpu.memset async [%{{.*}}] %[[EBUF:[a-z_0-9]+]], %{{.*}} : memref<4xf32>, f32
// IR:      %[[CP:.*]] = gpu.memcpy async [%{{.*}}] %[[D:[a-z_0-9]+]], %{{.*}} : memref<4xf32>, memref<4xf32>
// IR-NEXT: %[[L1:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %[[CP]]) -> (!gpu.async.token) {
// IR-NEXT:   %[[K:.*]] = gpu.launch_func async [%[[T]]] @k::@inc
// IR-NEXT:   scf.yield %[[K]] : !gpu.async.token
// IR-NEXT: }
// IR-NEXT: %[[L2:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T2:.*]] = %[[L1]]) -> (!gpu.async.token) {
// IR-NOT:    gpu.wait [
// IR:        scf.yield %{{.*}} : !gpu.async.token
// IR-NEXT: }
// IR:      scf.for
// IR:        memref.store
// IR:        gpu.wait [
// NOLT-NOT: iter_args

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
    %two = arith.constant 2.0 : f32
    %five = arith.constant 5.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %two, %h[%i] : memref<4xf32>
    }
    // an independent buffer: its chain does not join the loops
    %e = gpu.alloc () : memref<4xf32>
    gpu.memset %e, %five : memref<4xf32>, f32
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    // device work only: the loop carries a token
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    }
    // a temporary per iteration, still device work only
    scf.for %i = %c0 to %c4 step %c1 {
      %t = gpu.alloc () : memref<4xf32>
      gpu.memcpy %t, %d : memref<4xf32>, memref<4xf32>
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%t : memref<4xf32>)
      gpu.memcpy %d, %t : memref<4xf32>, memref<4xf32>
      gpu.dealloc %t : memref<4xf32>
    }
    // the host stores in the body: synchronized in every iteration
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %two, %g[%i] : memref<4xf32>
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    }
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    gpu.memcpy %g, %e : memref<4xf32>, memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    gpu.dealloc %e : memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %v = memref.cast %g : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%v) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    memref.dealloc %g : memref<4xf32>
    return
  }
}
