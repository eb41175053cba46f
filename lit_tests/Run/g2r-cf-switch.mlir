// Tokens through cf.switch (what upstream's -convert-scf-to-cf makes of scf.index_switch, see
// Inputs/): every edge of a switch carries the same events, one per argument slot; an edge that
// lacks one goes through a new block that destroys it.  @step is upstream's scf-to-cf output of
// Run/g2r-index-switch.mlir; @live_in uses a token in one case only (padding on the other edges);
// @explicit passes a token as a case operand.  run(before) == run(after), no hazards, no leaks,
// streams/events created == destroyed.
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim > %t.wi
// RUN: diff %t.before %t.wi
// RUN: filecheck %s --input-file %t.after
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('streams', s['streams_created'] == s['streams_destroyed'], 'events', s['events_created'] == s['events_destroyed'], 'leaks', s['streams_leaked'] + s['events_leaked'] + s['allocations_leaked'], 'hazards', s['hazards'])" %t.stats | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// CHECK: [2,  2,  2,  2]
// CHECK: [11,  11,  11,  11]
// CHECK: [101,  101,  101,  101]
// CHECK: [5,  5,  5,  5]
// CHECK: [1,  1,  1,  1]
// CHECK: [7,  7,  7,  7]
// CHECK: [3,  3,  3,  3]
// STATS: streams True events True leaks 0 hazards 0
// IR-LABEL: func.func @step(
// IR: cf.switch %{{.*}} : i32, [
// IR-NEXT: default: ^bb{{[0-9]+}}(%{{.*}} : !llvm.ptr),
// IR-NOT: !gpu.async.token
// IR-NOT: gpu.wait
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%arg0: memref<4xf32>, %arg1: f32) kernel {
      %thread_id_x = gpu.thread_id  x
      %0 = memref.load %arg0[%thread_id_x] : memref<4xf32>
      %1 = arith.addf %0, %arg1 : f32
      memref.store %1, %arg0[%thread_id_x] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @step(%arg0: index, %arg1: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+01 : f32
    %cst_1 = arith.constant 1.000000e+02 : f32
    %0 = gpu.wait async
    %memref, %asyncToken = gpu.alloc async [%0] () : memref<4xf32>
    %1 = gpu.memcpy async [%asyncToken] %memref, %arg1 : memref<4xf32>, memref<4xf32>
    %2 = gpu.launch_func async [%1] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)  args(%memref : memref<4xf32>, %cst : f32)
    %3 = arith.index_cast %arg0 : index to i32
    cf.switch %3 : i32, [
      default: ^bb3,
      0: ^bb1,
      1: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    cf.br ^bb4(%2 : !gpu.async.token)
  ^bb2:  // pred: ^bb0
    %4 = gpu.launch_func async [%2] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)  args(%memref : memref<4xf32>, %cst_0 : f32)
    cf.br ^bb4(%4 : !gpu.async.token)
  ^bb3:  // pred: ^bb0
    %5 = gpu.launch_func async [%2] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)  args(%memref : memref<4xf32>, %cst_1 : f32)
    %6 = gpu.wait async [%5]
    cf.br ^bb4(%6 : !gpu.async.token)
  ^bb4(%7: !gpu.async.token):  // 3 preds: ^bb1, ^bb2, ^bb3
    %8 = gpu.memcpy async [%7] %arg1, %memref : memref<4xf32>, memref<4xf32>
    %9 = gpu.dealloc async [%8] %memref : memref<4xf32>
    gpu.wait [%9]
    %cast = memref.cast %arg1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  // the token is used in case 1 only
  func.func @live_in(%sel: i32, %h: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %four = arith.constant 4.0 : f32
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<4xf32>, memref<4xf32>
    cf.switch %sel : i32, [
      default: ^other,
      1: ^use
    ]
  ^use:
    %k = gpu.launch_func async [%t2] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %four : f32)
    %t3 = gpu.memcpy async [%k] %h, %d : memref<4xf32>, memref<4xf32>
    %t4 = gpu.dealloc async [%t3] %d : memref<4xf32>
    gpu.wait [%t4]
    cf.br ^done
  ^other:
    gpu.dealloc %d : memref<4xf32>
    cf.br ^done
  ^done:
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  // a token passed as a case operand
  func.func @explicit(%sel: i32, %h: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %six = arith.constant 6.0 : f32
    %two = arith.constant 2.0 : f32
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<4xf32>, memref<4xf32>
    cf.switch %sel : i32, [
      default: ^a(%t2 : !gpu.async.token),
      3: ^b(%t2, %t2 : !gpu.async.token, !gpu.async.token)
    ]
  ^a(%ta: !gpu.async.token):
    %ka = gpu.launch_func async [%ta] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %six : f32)
    cf.br ^done(%ka : !gpu.async.token)
  ^b(%tb: !gpu.async.token, %tc: !gpu.async.token):
    %kb = gpu.launch_func async [%tb] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>, %two : f32)
    %j = gpu.wait async [%kb, %tc]
    cf.br ^done(%j : !gpu.async.token)
  ^done(%t: !gpu.async.token):
    %t3 = gpu.memcpy async [%t] %h, %d : memref<4xf32>, memref<4xf32>
    %t4 = gpu.dealloc async [%t3] %d : memref<4xf32>
    gpu.wait [%t4]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i3 = arith.constant 3 : i32
    %one = arith.constant 1.0 : f32
    %zero = arith.constant 0.0 : f32
    %a0 = memref.alloc() : memref<4xf32>
    %a1 = memref.alloc() : memref<4xf32>
    %a2 = memref.alloc() : memref<4xf32>
    %a3 = memref.alloc() : memref<4xf32>
    %a4 = memref.alloc() : memref<4xf32>
    %a5 = memref.alloc() : memref<4xf32>
    %a6 = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %one, %a0[%i] : memref<4xf32>
      memref.store %zero, %a1[%i] : memref<4xf32>
      memref.store %zero, %a2[%i] : memref<4xf32>
      memref.store %one, %a3[%i] : memref<4xf32>
      memref.store %one, %a4[%i] : memref<4xf32>
      memref.store %one, %a5[%i] : memref<4xf32>
      memref.store %one, %a6[%i] : memref<4xf32>
    }
    call @step(%c0, %a0) : (index, memref<4xf32>) -> ()
    call @step(%c1, %a1) : (index, memref<4xf32>) -> ()
    call @step(%c2, %a2) : (index, memref<4xf32>) -> ()
    call @live_in(%i1, %a3) : (i32, memref<4xf32>) -> ()
    call @live_in(%i0, %a4) : (i32, memref<4xf32>) -> ()
    call @explicit(%i0, %a5) : (i32, memref<4xf32>) -> ()
    call @explicit(%i3, %a6) : (i32, memref<4xf32>) -> ()
    return
  }
}
