// async-region carries a token through an scf.if whose branches do device work only (carry-tokens,
// the default): the branches start from the joined chains and yield their join, so there is no
// host sync around the conditional; an scf.if without an else gets one that passes the token on.
// The run prints the same values as the synchronous program (both branches are taken), with no
// hazards or leaks (either would make the run exit non-zero).  The host waits once per call of
// @run: before the print, only for the copy it reads; the free after it depends on nothing the host
// has not waited for, so gpu-to-runtime makes it synchronous and nothing is left to wait for.
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
// CHECK: [2,  2,  2,  2]
// CHECK: [4,  4,  4,  4]
// STATS: syncs 2 {{[0-9]+}} hazards 0 leaks 0
// IR-LABEL: func.func @run(
// IR:      %[[CP:.*]] = gpu.memcpy async
// IR-NEXT: %[[I1:.*]] = scf.if %{{.*}} -> (!gpu.async.token) {
// IR-NEXT:   %[[K:.*]] = gpu.launch_func async [%[[CP]]] @k::@inc
// IR-NEXT:   scf.yield %[[K]] : !gpu.async.token
// IR-NEXT: } else {
// IR-NEXT:   scf.yield %[[CP]] : !gpu.async.token
// IR-NEXT: }
// IR-NEXT: %[[I2:.*]]:2 = scf.if %{{.*}} -> (index, !gpu.async.token) {
// IR-NEXT:   %[[K2:.*]] = gpu.launch_func async [%[[I1]]] @k::@inc
// IR-NEXT:   scf.yield %{{.*}}, %[[K2]] : index, !gpu.async.token
// IR-NEXT: } else {
// IR-NEXT:   %{{.*}}, %[[TA:.*]] = gpu.alloc async [%[[I1]]] () : memref<4xf32>
// IR:        scf.yield %{{.*}}, %{{.*}} : index, !gpu.async.token
// IR-NEXT: }
// IR-NEXT: %{{.*}} = gpu.memcpy async [%[[I2]]#1]
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
  func.func @run(%flag: i1, %h: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    scf.if %flag {
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    }
    %n = scf.if %flag -> index {
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      scf.yield %c1 : index
    } else {
      %t = gpu.alloc () : memref<4xf32>
      gpu.memcpy %t, %d : memref<4xf32>, memref<4xf32>
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%t : memref<4xf32>)
      gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%t : memref<4xf32>)
      gpu.memcpy %d, %t : memref<4xf32>, memref<4xf32>
      gpu.dealloc %t : memref<4xf32>
      scf.yield %c4 : index
    }
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %z, %h[%i] : memref<4xf32>
    }
    %t = arith.constant true
    %f = arith.constant false
    call @run(%t, %h) : (i1, memref<4xf32>) -> ()
    call @run(%f, %h) : (i1, memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
