// Tokens through func.call (operands and results) and func.return: a helper that takes and
// returns a token (with a kernel launch inside), a helper that only forwards a token, a function
// called twice, a call whose returned token is joined with another token, a token returned twice,
// a callee that makes its token from nothing, a call inside an scf.for, a call result passed
// across a cf edge, and a recursive function.  Across a call boundary a token is an event
// (!llvm.ptr): the callee borrows its token arguments and returns new events the caller owns.
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

// basic: memset 1, +1 in the callee
// CHECK: [2,  2,  2,  2]
// twice: 2 + 2 calls of add2
// CHECK: [4,  4,  4,  4]
// join: b = 1 + 2, a = b + 4
// CHECK: [3,  3,  3,  3]
// CHECK: [7,  7,  7,  7]
// pairs, made, loop, cf, recursion
// CHECK: [2,  2,  2,  2]
// CHECK: [1,  1,  1,  1]
// CHECK: [3,  3,  3,  3]
// CHECK: [3,  3,  3,  3]
// CHECK: [4,  4,  4,  4]
// STATS: "streams_created": [[S:[0-9]+]]
// STATS-NEXT: "streams_destroyed": [[S]]
// STATS-NEXT: "streams_leaked": 0
// STATS-NEXT: "events_created": [[E:[0-9]+]]
// STATS-NEXT: "events_destroyed": [[E]]
// STATS-NEXT: "events_leaked": 0
// STATS-NEXT: "allocations_leaked": 0
// STATS: "hazards": 0

// The callee borrows its token argument (waits for it, never destroys it) and returns a new
// event recorded on its stream.
// IR-LABEL: func.func @inc_async(%arg0: !llvm.ptr, %arg1: memref<4xf32>) -> !llvm.ptr {
// IR: llvm.call @mgpuStreamWaitEvent(%[[S:[0-9]+]], %arg0)
// IR: gpu.launch_func <%[[S]] : !llvm.ptr>
// IR-NEXT: %[[R:[0-9]+]] = llvm.call @mgpuEventCreate()
// IR-NEXT: llvm.call @mgpuEventRecord(%[[R]], %[[S]])
// IR-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// IR-NEXT: return %[[R]] : !llvm.ptr
// A forwarded (borrowed) token is returned as a new event.
// IR-LABEL: func.func @fwd(%arg0: !llvm.ptr) -> !llvm.ptr {
// IR-NEXT: %[[S:[0-9]+]] = llvm.call @mgpuStreamCreate()
// IR-NEXT: llvm.call @mgpuStreamWaitEvent(%[[S]], %arg0)
// IR-NEXT: %[[R:[0-9]+]] = llvm.call @mgpuEventCreate()
// IR-NEXT: llvm.call @mgpuEventRecord(%[[R]], %[[S]])
// IR-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// IR-NEXT: return %[[R]] : !llvm.ptr
// A token returned twice: two events.
// IR-LABEL: func.func @pair(%arg0: !llvm.ptr, %arg1: memref<4xf32>) -> (!llvm.ptr, !llvm.ptr) {
// IR: return %[[P1:[0-9]+]], %[[P2:[0-9]+]] : !llvm.ptr, !llvm.ptr
// A token that is already an event (a call result) is passed as is; a stream token gets an event
// recorded on its stream, destroyed right after the call.  Call results are events the caller owns
// (waited for, then destroyed).
// IR-LABEL: func.func @basic()
// IR: %[[D:[0-9]+]]:2 = call @filled(%{{.*}}) : (f32) -> (memref<4xf32>, !llvm.ptr)
// IR-NEXT: %[[R:[0-9]+]] = call @inc_async(%[[D]]#1, %[[D]]#0) : (!llvm.ptr, memref<4xf32>) -> !llvm.ptr
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[D]]#1)
// (`gpu.wait async [%k]` is %k itself: the call result's event is passed on, no stream, no event)
// IR-NEXT: call @finish(%[[R]], %[[D]]#0) : (!llvm.ptr, memref<4xf32>) -> ()
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[R]])
// An unused call result is destroyed at once.
// IR-LABEL: func.func @made()
// IR: %[[M:[0-9]+]] = call @make() : () -> !llvm.ptr
// IR-NEXT: %[[U:[0-9]+]] = call @make() : () -> !llvm.ptr
// IR-NEXT: llvm.call @mgpuEventDestroy(%[[U]])
// IR-LABEL: func.func @main()
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

  // Copies %d to a new host buffer, prints it, frees %d; waits for %t first.
  func.func @finish(%t: !gpu.async.token, %d: memref<4xf32>) {
    %h = memref.alloc() : memref<4xf32>
    %t1 = gpu.memcpy async [%t] %h, %d : memref<4xf32>, memref<4xf32>
    %t2 = gpu.dealloc async [%t1] %d : memref<4xf32>
    gpu.wait [%t2]
    call @print(%h) : (memref<4xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }

  // A device buffer set to %v, and its token.
  func.func @filled(%v: f32) -> (memref<4xf32>, !gpu.async.token) {
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %v : memref<4xf32>, f32
    return %d, %t2 : memref<4xf32>, !gpu.async.token
  }

  // A kernel launch after %t.
  func.func @inc_async(%t: !gpu.async.token, %d: memref<4xf32>) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %k = gpu.launch_func async [%t] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    return %k : !gpu.async.token
  }

  // Only forwards its token.
  func.func @fwd(%t: !gpu.async.token) -> !gpu.async.token {
    return %t : !gpu.async.token
  }

  // Two launches through a forwarded token and a nested call.
  func.func @add2(%t: !gpu.async.token, %d: memref<4xf32>) -> !gpu.async.token {
    %f = call @fwd(%t) : (!gpu.async.token) -> !gpu.async.token
    %k1 = call @inc_async(%f, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %k2 = call @inc_async(%k1, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    return %k2 : !gpu.async.token
  }

  // The same token twice.
  func.func @pair(%t: !gpu.async.token, %d: memref<4xf32>) -> (!gpu.async.token, !gpu.async.token) {
    %k = call @inc_async(%t, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    return %k, %k : !gpu.async.token, !gpu.async.token
  }

  // A token made from nothing.
  func.func @make() -> !gpu.async.token {
    %t = gpu.wait async
    return %t : !gpu.async.token
  }

  // Recursion: %n launches.
  func.func @rec(%n: index, %t: !gpu.async.token, %d: memref<4xf32>) -> !gpu.async.token {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %done = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %done -> (!gpu.async.token) {
      scf.yield %t : !gpu.async.token
    } else {
      %k = func.call @inc_async(%t, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
      %m = arith.subi %n, %c1 : index
      %rr = func.call @rec(%m, %k, %d) : (index, !gpu.async.token, memref<4xf32>) -> !gpu.async.token
      scf.yield %rr : !gpu.async.token
    }
    return %r : !gpu.async.token
  }

  func.func @basic() {
    %c = arith.constant 1.0 : f32
    %d, %t = call @filled(%c) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %k = call @inc_async(%t, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %t2 = gpu.wait async [%k]
    call @finish(%t2, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  func.func @twice() {
    %c = arith.constant 0.0 : f32
    %d, %t = call @filled(%c) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %a = call @add2(%t, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %b = call @add2(%a, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    call @finish(%b, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  // A call result joined with another token: %b = (memset 1) + 2, then %a = %b copied + 4.
  func.func @join() {
    %c1 = arith.constant 1.0 : f32
    %c3 = arith.constant 3.0 : f32
    %a, %ta = call @filled(%c3) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %b, %tb = call @filled(%c1) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %rb = call @add2(%tb, %b) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %ra = call @add2(%ta, %a) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %j = gpu.memcpy async [%rb, %ra] %a, %b : memref<4xf32>, memref<4xf32>
    %ra2 = call @add2(%j, %a) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %ra3 = call @add2(%ra2, %a) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    call @finish(%j, %b) : (!gpu.async.token, memref<4xf32>) -> ()
    call @finish(%ra3, %a) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  // Both results of @pair are used: one continues, the other is only waited for.
  func.func @pairs() {
    %c = arith.constant 1.0 : f32
    %d, %t = call @filled(%c) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %p:2 = call @pair(%t, %d) : (!gpu.async.token, memref<4xf32>) -> (!gpu.async.token, !gpu.async.token)
    %w = gpu.wait async [%p#0, %p#1]
    call @finish(%w, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  // A callee-made token the caller depends on; an unused call result.
  func.func @made() {
    %c = arith.constant 1.0 : f32
    %m = call @make() : () -> !gpu.async.token
    %u = call @make() : () -> !gpu.async.token
    %t0 = gpu.wait async [%m]
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %c : memref<4xf32>, f32
    call @finish(%t2, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  // A call in an scf.for body: the loop carries the returned token.
  func.func @loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %z = arith.constant 0.0 : f32
    %d, %t = call @filled(%z) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%ti = %t) -> (!gpu.async.token) {
      %k = func.call @inc_async(%ti, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
      scf.yield %k : !gpu.async.token
    }
    call @finish(%r, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  // Call results across cf edges; the returned token is a block argument.
  func.func @branchy(%c: i1, %t: !gpu.async.token, %d: memref<4xf32>) -> !gpu.async.token {
    %k = call @inc_async(%t, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    cf.cond_br %c, ^a, ^b(%k : !gpu.async.token)
  ^a:
    %k2 = call @inc_async(%k, %d) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    cf.br ^b(%k2 : !gpu.async.token)
  ^b(%r: !gpu.async.token):
    return %r : !gpu.async.token
  }

  func.func @cf() {
    %true = arith.constant true
    %false = arith.constant false
    %z = arith.constant 0.0 : f32
    %d, %t = call @filled(%z) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %r1 = call @branchy(%false, %t, %d) : (i1, !gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %r2 = call @branchy(%true, %r1, %d) : (i1, !gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %r3 = call @fwd(%r2) : (!gpu.async.token) -> !gpu.async.token
    call @finish(%r3, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  func.func @recursion() {
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %d, %t = call @filled(%z) : (f32) -> (memref<4xf32>, !gpu.async.token)
    %r = call @rec(%c4, %t, %d) : (index, !gpu.async.token, memref<4xf32>) -> !gpu.async.token
    call @finish(%r, %d) : (!gpu.async.token, memref<4xf32>) -> ()
    return
  }

  func.func @main() {
    call @basic() : () -> ()
    call @twice() : () -> ()
    call @join() : () -> ()
    call @pairs() : () -> ()
    call @made() : () -> ()
    call @loop() : () -> ()
    call @cf() : () -> ()
    call @recursion() : () -> ()
    return
  }
}
