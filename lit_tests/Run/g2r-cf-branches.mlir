// Tokens through cf.br / cf.cond_br (and llvm.br / llvm.cond_br) in multi-block functions: a
// diamond, a loop whose back edge carries a token, a token defined before the branch and used
// after the merge, a token used on one side only, both edges into one block, one token passed
// twice, and a token captured by an scf.if in a branch block.  Across an edge a token is an event
// owned by the receiving block argument.
// run(before) == run(after) with no hazards and no leaks (any hazard/leak exits non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats.direct > %t.direct
// RUN: diff %t.before %t.direct
// RUN: asyncgpu-opt %s --gpu-to-runtime=stream-pool=false --run --backend sim --run-stats %t.stats.nopool > %t.nopool
// RUN: diff %t.before %t.nopool
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats.direct
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats.nopool
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// RUN: asyncgpu-opt %s --gpu-to-runtime | asyncgpu-opt --run --backend sim > %t.reparsed
// RUN: diff %t.before %t.reparsed

// diamond(true), diamond(false)
// CHECK: [2,  2,  2,  2]
// CHECK: [0,  0,  0,  0]
// loop
// CHECK: [3,  3,  3,  3]
// one_sided(true), one_sided(false)
// CHECK: [1,  1,  1,  1]
// CHECK: [0,  0,  0,  0]
// same_target(true), same_target(false)
// CHECK: [2,  2,  2,  2]
// CHECK: [2,  2,  2,  2]
// twice
// CHECK: [5,  5,  5,  5]
// llvm_branches(true), llvm_branches(false)
// CHECK: [1,  1,  1,  1]
// CHECK: [0,  0,  0,  0]
// STATS: "streams_created": [[S:[0-9]+]]
// STATS-NEXT: "streams_destroyed": [[S]]
// STATS-NEXT: "streams_leaked": 0
// STATS-NEXT: "events_created": [[E:[0-9]+]]
// STATS-NEXT: "events_destroyed": [[E]]
// STATS-NEXT: "events_leaked": 0
// STATS-NEXT: "allocations_leaked": 0
// STATS: "hazards": 0

// The diamond: the merge block's token arguments are events (!llvm.ptr) passed by both edges.
// IR-LABEL: func.func @diamond(
// IR: cf.cond_br %{{.*}}, ^[[A:bb[0-9]+]](%[[E1:[0-9]+]], %[[E2:[0-9]+]] : !llvm.ptr, !llvm.ptr), ^[[B:bb[0-9]+]](%[[E1]], %[[E2]] : !llvm.ptr, !llvm.ptr)
// IR: ^[[A]](%{{[0-9]+}}: !llvm.ptr, %{{[0-9]+}}: !llvm.ptr):
// IR: cf.br ^[[M:bb[0-9]+]](%{{[0-9]+}}, %{{[0-9]+}} : !llvm.ptr, !llvm.ptr)
// IR: ^[[B]](%{{[0-9]+}}: !llvm.ptr, %{{[0-9]+}}: !llvm.ptr):
// IR: ^[[M]](%[[M1:[0-9]+]]: !llvm.ptr, %[[M2:[0-9]+]]: !llvm.ptr):
// IR-DAG: llvm.call @mgpuEventDestroy(%[[M1]])
// IR-DAG: llvm.call @mgpuEventDestroy(%[[M2]])
// IR: return
// The loop: the header passes its token argument (an event it owns, not used there) on to both
// edges without any runtime call.
// IR-LABEL: func.func @loop(
// IR: cf.br ^[[H:bb[0-9]+]](%{{.*}}, %{{[0-9]+}}, %{{[0-9]+}} : index, !llvm.ptr, !llvm.ptr)
// IR: ^[[H]](%{{[0-9]+}}: index, %[[T:[0-9]+]]: !llvm.ptr, %[[T1:[0-9]+]]: !llvm.ptr):
// IR-NEXT: arith.cmpi
// IR-NEXT: cf.cond_br %{{.*}}, ^{{bb[0-9]+}}(%[[T1]], %[[T]] : !llvm.ptr, !llvm.ptr), ^{{bb[0-9]+}}(%[[T1]], %[[T]] : !llvm.ptr, !llvm.ptr)
// Each side uses a token the other does not: both edges carry both events (one shared event per
// token) through a new block that destroys the event its side does not use.
// IR-LABEL: func.func @one_sided(
// IR: cf.cond_br %{{.*}}, ^[[PA:bb[0-9]+]](%[[E1:[0-9]+]], %[[E2:[0-9]+]] : !llvm.ptr, !llvm.ptr), ^[[PB:bb[0-9]+]](%[[E2]], %[[E1]] : !llvm.ptr, !llvm.ptr)
// IR-NEXT: ^[[PA]](%[[A1:[0-9]+]]: !llvm.ptr, %[[A2:[0-9]+]]: !llvm.ptr):
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[A2]])
// IR-NEXT: cf.br ^{{bb[0-9]+}}(%[[A1]] : !llvm.ptr)
// IR-NEXT: ^[[PB]](%[[B1:[0-9]+]]: !llvm.ptr, %[[B2:[0-9]+]]: !llvm.ptr):
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[B2]])
// IR-NEXT: cf.br ^{{bb[0-9]+}}(%[[B1]] : !llvm.ptr)
// One side only (llvm.cond_br): the other edge goes through a new block that destroys the event.
// IR-LABEL: func.func @llvm_branches(
// IR: llvm.cond_br %{{.*}}, ^{{bb[0-9]+}}(%[[E:[0-9]+]] : !llvm.ptr), ^[[PAD:bb[0-9]+]](%[[E]] : !llvm.ptr)
// IR: ^[[PAD]](%[[P:[0-9]+]]: !llvm.ptr):
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[P]])
// IR-NEXT: llvm.br
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

  func.func @print(%h: memref<4xf32>) {
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  // %t1 (the alloc) is defined before the branch and used after the merge; %t2 flows through both
  // sides into the merge's block argument.
  func.func @diamond(%c: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    cf.cond_br %c, ^a, ^b
  ^a:
    %ta = gpu.launch_func async [%t2] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %ta2 = gpu.launch_func async [%ta] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    cf.br ^m(%ta2 : !gpu.async.token)
  ^b:
    cf.br ^m(%t2 : !gpu.async.token)
  ^m(%tm: !gpu.async.token):
    %t4 = gpu.memcpy async [%tm, %t1] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // A loop written with cf: the back edge carries the launch's token, the exit uses the carried
  // token and the alloc's token (live through the whole loop).
  func.func @loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    cf.br ^hdr(%c0, %t2 : index, !gpu.async.token)
  ^hdr(%i: index, %t: !gpu.async.token):
    %cond = arith.cmpi slt, %i, %c3 : index
    cf.cond_br %cond, ^body, ^exit
  ^body:
    %tn = gpu.launch_func async [%t] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %in = arith.addi %i, %c1 : index
    cf.br ^hdr(%in, %tn : index, !gpu.async.token)
  ^exit:
    %t4 = gpu.memcpy async [%t, %t1] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // %t3 is used on the true side only (inside an scf.if there); the false edge drops its event.
  func.func @one_sided(%c: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    %e, %te = gpu.alloc async [%t0] () : memref<4xf32>
    %t3 = gpu.memset async [%t2, %te] %e, %z : memref<4xf32>, f32
    cf.cond_br %c, ^a, ^b
  ^a:
    %r = scf.if %c -> (!gpu.async.token) {
      %k = gpu.launch_func async [%t3] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      scf.yield %k : !gpu.async.token
    } else {
      scf.yield %t3 : !gpu.async.token
    }
    gpu.wait [%r]
    cf.br ^m
  ^b:
    gpu.wait [%t2]
    cf.br ^m
  ^m:
    %t4 = gpu.memcpy async [] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    gpu.dealloc %e : memref<4xf32>
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // Both edges of a cond_br go to the same block, with different tokens.
  func.func @same_target(%c: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    %ta = gpu.launch_func async [%t2] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %tb = gpu.launch_func async [%ta] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    cf.cond_br %c, ^m(%ta : !gpu.async.token), ^m(%tb : !gpu.async.token)
  ^m(%tm: !gpu.async.token):
    %t4 = gpu.memcpy async [%tm, %tb] %h, %d : memref<4xf32>, memref<4xf32>
    gpu.wait [%t4]
    %t5 = gpu.dealloc async [] %d : memref<4xf32>
    gpu.wait [%t5]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // One token passed twice on one edge: each argument owns its own event.
  func.func @twice() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    %ta = gpu.launch_func async [%t2] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    cf.br ^m(%ta, %ta : !gpu.async.token, !gpu.async.token)
  ^m(%x: !gpu.async.token, %y: !gpu.async.token):
    %k1 = gpu.launch_func async [%x] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %k2 = gpu.launch_func async [%k1, %y] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    cf.br ^n(%k2, %y, %k2 : !gpu.async.token, !gpu.async.token, !gpu.async.token)
  ^n(%p: !gpu.async.token, %q: !gpu.async.token, %r: !gpu.async.token):
    %k3 = gpu.launch_func async [%p, %q] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %k4 = gpu.launch_func async [%k3] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %t4 = gpu.memcpy async [%k4] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4, %r] %d : memref<4xf32>
    gpu.wait [%t5]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // The same with llvm.cond_br / llvm.br.
  func.func @llvm_branches(%c: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    gpu.wait [%t2]
    %t3 = gpu.wait async
    llvm.cond_br %c, ^a, ^b
  ^a:
    %k = gpu.launch_func async [%t3] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    gpu.wait [%k]
    llvm.br ^m
  ^b:
    llvm.br ^m
  ^m:
    %t4 = gpu.memcpy async [] %h, %d : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.wait [%t5]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  func.func @main() {
    %true = arith.constant true
    %false = arith.constant false
    call @diamond(%true) : (i1) -> ()
    call @diamond(%false) : (i1) -> ()
    call @loop() : () -> ()
    call @one_sided(%true) : (i1) -> ()
    call @one_sided(%false) : (i1) -> ()
    call @same_target(%true) : (i1) -> ()
    call @same_target(%false) : (i1) -> ()
    call @twice() : () -> ()
    call @llvm_branches(%true) : (i1) -> ()
    call @llvm_branches(%false) : (i1) -> ()
    return
  }
}
