// carry-tokens nests: a device-only loop holding a device-only loop and a device-only scf.if
// threads one token through all three (a single host sync, at the end of main); the run prints
// the same values as the synchronous program, with no hazards or leaks.
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.lowered
// RUN: diff %t.sync %t.lowered
// RUN: filecheck %s --input-file %t.lowered
// RUN: %python -c "import json, sys; a = json.load(open(sys.argv[1])); print('syncs', a['host_syncs'], 'hazards', a['hazards'], 'leaks', a['streams_leaked'] + a['events_leaked'] + a['allocations_leaked'])" %t.json | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// CHECK: [13,  13,  13,  13]
// (one wait before the print for the copy it reads, one before the return for the frees)
// STATS: syncs 1 hazards 0 leaks 0
// IR:      %[[CP:.*]] = gpu.memcpy async
// IR-NEXT: %[[OUT:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[CP]]) -> (!gpu.async.token) {
// IR:        %[[IN:.*]] = scf.for {{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (!gpu.async.token) {
// IR-NEXT:     %[[K:.*]] = gpu.launch_func async [%[[B]]]
// IR-NEXT:     scf.yield %[[K]] : !gpu.async.token
// IR-NEXT:   }
// IR-NEXT:   %[[IF:.*]] = scf.if %{{.*}} -> (!gpu.async.token) {
// IR-NEXT:     %[[K2:.*]] = gpu.launch_func async [%[[IN]]]
// IR-NEXT:     scf.yield %[[K2]] : !gpu.async.token
// IR-NEXT:   } else {
// IR-NEXT:     scf.yield %[[IN]] : !gpu.async.token
// IR-NEXT:   }
// IR-NEXT:   scf.yield %[[IF]] : !gpu.async.token
// IR-NEXT: }
// IR-NEXT: gpu.memcpy async [%[[OUT]]]
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
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %z, %h[%i] : memref<4xf32>
    }
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    scf.for %i = %c0 to %c3 step %c1 {
      %odd = arith.remui %i, %c3 : index
      %p = arith.cmpi eq, %odd, %c1 : index
      scf.for %j = %c0 to %c4 step %c1 {
        gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      }
      scf.if %p {
        gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      }
    }
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
