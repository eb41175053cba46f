// Synchronous gpu code through async-region (multi-chain): independent buffers go on separate
// chains, a subview aliases its buffer, a host load waits only for the chain that writes what it
// reads, and the run prints the same values as the synchronous program with no hazards or leaks
// (any would make the run exit non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.async
// RUN: diff %t.sync %t.async
// RUN: filecheck %s --input-file %t.async
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('streams', s['streams_created'] >= 2, 'hazards', s['hazards'], 'leaks', s['streams_leaked'] + s['events_leaked'] + s['allocations_leaked'])" %t.json | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// CHECK: data =
// CHECK-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  1,  1,  1,  1,  1,  1,  1,  1]
// CHECK: data =
// CHECK-NEXT: [6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6,  6]
// CHECK: data =
// CHECK-NEXT: [8,  8,  8,  8,  8,  8,  8,  8,  7,  7,  7,  7,  7,  7,  7,  7]
// CHECK: data =
// CHECK-NEXT: [2]
// STATS: streams True hazards 0 leaks 0
// IR-LABEL: func.func @main(
// IR:      %[[WA:.*]] = gpu.wait async
// IR-NEXT: %[[A:.*]], %[[TA:.*]] = gpu.alloc async [%[[WA]]]
// IR-NEXT: %[[WB:.*]] = gpu.wait async
// IR-NEXT: %[[B:.*]], %[[TB:.*]] = gpu.alloc async [%[[WB]]]
// IR:      %[[SA:.*]] = gpu.memset async [%[[TA]]] %[[A]]
// IR-NEXT: %[[SB:.*]] = gpu.memset async [%[[TB]]] %[[B]]
// IR-NEXT: %[[KA:.*]] = gpu.launch_func async [%[[SA]]] @k::@add_one
// IR-NEXT: %[[KB:.*]] = gpu.launch_func async [%[[SB]]] @k::@scale
// IR-NEXT: %[[CA:.*]] = gpu.memcpy async [%[[KA]]] %{{.*}}, %[[A]]
// IR-NEXT: gpu.wait [%[[CA]]]
// IR-NEXT: memref.load
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add_one(%a: memref<8xf32, strided<[1]>>) kernel {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %v = memref.load %a[%i] : memref<8xf32, strided<[1]>>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%i] : memref<8xf32, strided<[1]>>
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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %a = gpu.alloc () : memref<16xf32>
    %b = gpu.alloc () : memref<16xf32>
    %out = gpu.alloc host_shared () : memref<16xf32>
    %ha = memref.alloc () : memref<16xf32>
    %one = memref.alloc () : memref<1xf32>
    %lo = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    gpu.memset %a, %f1 : memref<16xf32>, f32
    gpu.memset %b, %f2 : memref<16xf32>, f32
    gpu.launch_func @k::@add_one blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%lo : memref<8xf32, strided<[1]>>)
    gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xf32>)
    gpu.memcpy %ha, %a : memref<16xf32>, memref<16xf32>
    %x = memref.load %ha[%c0] : memref<16xf32>
    memref.store %x, %one[%c0] : memref<1xf32>
    gpu.launch_func @k::@sum blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>, %out : memref<16xf32>)
    %hb = memref.alloc () : memref<16xf32>
    gpu.memcpy %hb, %b : memref<16xf32>, memref<16xf32>
    %u0 = memref.cast %ha : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
    %u1 = memref.cast %hb : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %u2 = memref.cast %out : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    %u3 = memref.cast %one : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<16xf32>
    gpu.dealloc %b : memref<16xf32>
    gpu.dealloc %out : memref<16xf32>
    memref.dealloc %ha : memref<16xf32>
    memref.dealloc %hb : memref<16xf32>
    memref.dealloc %one : memref<1xf32>
    return
  }
}
