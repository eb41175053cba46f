// Tokens across async.execute at run time: async-region defers the host waits at the end of the
// regions to their users (the token travels as an !async.value, one value per use), through a
// fork (e0 -> e1, e2) and a join (e1, e2 -> e3).  Same output as the synchronous program, no
// hazards, no leaked streams/events (any would make the run exit non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.async
// RUN: diff %t.sync %t.async
// RUN: asyncgpu-opt %s --gpu-async-region --gpu-to-runtime --run --backend sim > %t.single
// RUN: diff %t.sync %t.single
// RUN: filecheck %s --input-file %t.async
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('hazards', s['hazards'], 'leaks', s['streams_leaked'] + s['events_leaked'] + s['allocations_leaked'])" %t.json | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// CHECK: data =
// CHECK-NEXT: [11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11,  11]
// STATS: hazards 0 leaks 0
// IR-LABEL: func.func @main(
// IR:      %[[E0:.*]], %[[V0:.*]]:2 = async.execute -> (!async.value<!gpu.async.token>, !async.value<!gpu.async.token>)
// IR-NOT:  gpu.wait [
// IR:      async.yield %[[T:.*]], %[[T]] : !gpu.async.token, !gpu.async.token
// IR:      %[[E1:.*]], %[[V1:.*]] = async.execute [%[[E0]]] (%[[V0]]#0 as %{{.*}}: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token>
// IR:      %[[E2:.*]], %[[V2:.*]] = async.execute [%[[E0]]] (%[[V0]]#1 as %{{.*}}: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token>
// IR:      %[[E3:.*]], %[[V3:.*]] = async.execute [%[[E1]], %[[E2]]] (%[[V1]] as %[[X:.*]]: !async.value<!gpu.async.token>, %[[V2]] as %[[Y:.*]]: !async.value<!gpu.async.token>)
// IR-NEXT:   gpu.wait async [%[[X]], %[[Y]]]
// IR:      async.await %[[E3]] : !async.token
// IR-NEXT: %[[T3:.*]] = async.await %[[V3]] : !async.value<!gpu.async.token>
// IR:      gpu.wait [%[[T3]]]
// IR-NEXT: call @printMemrefF32
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add_one(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %v = memref.load %a[%i] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%i] : memref<16xf32>
      gpu.return
    }
    gpu.func @scale(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %three = arith.constant 3.0 : f32
      %v = memref.load %a[%i] : memref<16xf32>
      %w = arith.mulf %v, %three : f32
      memref.store %w, %a[%i] : memref<16xf32>
      gpu.return
    }
    gpu.func @sum(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32>
      %y = memref.load %b[%i] : memref<16xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f1 = arith.constant 1.0 : f32
    %f5 = arith.constant 5.0 : f32
    %a = gpu.alloc () : memref<16xf32>
    %b = gpu.alloc () : memref<16xf32>
    %out = gpu.alloc host_shared () : memref<16xf32>
    %e0 = async.execute {
      gpu.memset %a, %f1 : memref<16xf32>, f32
      gpu.launch_func @k::@add_one blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
      async.yield
    }
    %e1 = async.execute [%e0] {
      gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
      async.yield
    }
    %e2 = async.execute [%e0] {
      gpu.memset %b, %f5 : memref<16xf32>, f32
      async.yield
    }
    %e3 = async.execute [%e1, %e2] {
      gpu.launch_func @k::@sum blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>, %out : memref<16xf32>)
      async.yield
    }
    async.await %e3 : !async.token
    %u = memref.cast %out : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<16xf32>
    gpu.dealloc %b : memref<16xf32>
    gpu.dealloc %out : memref<16xf32>
    return
  }
}
