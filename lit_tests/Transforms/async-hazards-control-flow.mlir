// async-hazards through control flow: tokens carried by scf.for, scf.if results, cf block
// arguments and calls (analysed in their calling context), async.execute bodies on a thread of
// their own.  Paths are met where they join: a wait on one path does not order what follows.
// RUN: asyncgpu-opt %s -split-input-file -async-hazards -verify-diagnostics
// A loop whose body never waits for the previous iteration: iteration i+1's memset races with
// iteration i's copy.
func.func @loop_carried_missing(%h: memref<16xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
    // expected-error-re @+3 {{data race: memset at {{.*}}:16:11 writes %d (allocated at {{.*}}:10:8) while memset at {{.*}}:16:11 writes it (no happens-before)}}
    // expected-note @+2 {{memset writes it here}}
    // expected-note @+1 {{memset writes it here}}
    %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
    // expected-error-re @+4 {{data race: memcpy at {{.*}}:21:11 reads %d (allocated at {{.*}}:10:8) while memset at {{.*}}:16:11 writes it (no happens-before)}}
    // expected-error-re @+3 {{data race: memcpy at {{.*}}:21:11 writes %h while memcpy at {{.*}}:21:11 writes it (no happens-before)}}
    // expected-note @+2 {{memcpy writes it here}}
    // expected-warning-re @+1 {{leak: memcpy at {{.*}}:21:11 is never waited for (no host wait orders it before @loop_carried_missing returns)}}
    %t2 = gpu.memcpy async [%t1] %h, %d : memref<16xf32>, memref<16xf32>
    scf.yield %t2 : !gpu.async.token
  }
  gpu.wait [%r]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// The same loop carrying its token: every iteration after the previous one.
func.func @loop_carried(%h: memref<16xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
    %t1 = gpu.memset async [%t] %d, %v : memref<16xf32>, f32
    %t2 = gpu.memcpy async [%t1] %h, %d : memref<16xf32>, memref<16xf32>
    scf.yield %t2 : !gpu.async.token
  }
  gpu.wait [%r]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// The host waits on one branch only: its read races with the memset on the other path.
func.func @wait_on_one_path(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = gpu.alloc host_shared () : memref<16xf32>
  %t0 = gpu.wait async
  // expected-note @+1 {{memset writes it here}}
  %t1 = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
  scf.if %c {
    gpu.wait [%t1]
  }
  // expected-error-re @+1 {{host read without synchronization: host load at {{.*}}:56:8 reads %m (allocated at {{.*}}:48:8) while memset at {{.*}}:51:9 writes it (no host wait for it)}}
  %x = memref.load %m[%c0] : memref<16xf32>
  gpu.wait [%t1]
  gpu.dealloc %m : memref<16xf32>
  return %x : f32
}
// -----
// A token through scf.if results on both paths: ordered.
func.func @token_through_if(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = gpu.alloc host_shared () : memref<16xf32>
  %t0 = gpu.wait async
  %t1 = scf.if %c -> (!gpu.async.token) {
    %a = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
    scf.yield %a : !gpu.async.token
  } else {
    scf.yield %t0 : !gpu.async.token
  }
  gpu.wait [%t1]
  %x = memref.load %m[%c0] : memref<16xf32>
  gpu.dealloc %m : memref<16xf32>
  return %x : f32
}
// -----
// Tokens as cf block arguments: the join waits for the token of whichever branch ran, but the
// memset of ^bb1 is not behind the argument ^bb2 gets.
func.func @cf_branches(%c: i1, %h: memref<16xf32>, %v: f32) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  cf.cond_br %c, ^bb1, ^bb2(%t0 : !gpu.async.token)
^bb1:
  // expected-note @+2 {{memset writes it here}}
  // expected-warning-re @+1 {{leak: memset at {{.*}}:88:9 is never waited for (no host wait orders it before @cf_branches returns)}}
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  cf.br ^bb2(%t0 : !gpu.async.token)
^bb2(%t: !gpu.async.token):
  // expected-error-re @+1 {{data race: memcpy at {{.*}}:92:9 reads %d (allocated at {{.*}}:82:8) while memset at {{.*}}:88:9 writes it (no happens-before)}}
  %t2 = gpu.memcpy async [%t] %h, %d : memref<16xf32>, memref<16xf32>
  gpu.wait [%t2]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// The same with the right token passed: clean.
func.func @cf_branches_ok(%c: i1, %h: memref<16xf32>, %v: f32) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  cf.cond_br %c, ^bb1, ^bb2(%t0 : !gpu.async.token)
^bb1:
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  cf.br ^bb2(%t1 : !gpu.async.token)
^bb2(%t: !gpu.async.token):
  %t2 = gpu.memcpy async [%t] %h, %d : memref<16xf32>, memref<16xf32>
  gpu.wait [%t2]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// Calls are analysed in their context: @fill's memset and the caller's copy are ordered through
// the returned token; @bad returns a token that does not wait for its work.
func.func private @fill(%d: memref<16xf32>, %t: !gpu.async.token, %v: f32) -> !gpu.async.token {
  %t1 = gpu.memset async [%t] %d, %v : memref<16xf32>, f32
  return %t1 : !gpu.async.token
}
func.func private @bad(%d: memref<16xf32>, %t: !gpu.async.token, %v: f32) -> !gpu.async.token {
  // expected-note @+2 {{memset writes it here}}
  // expected-warning-re @+1 {{leak: memset at {{.*}}:122:9 is never waited for (no host wait orders it before @calls returns)}}
  %t1 = gpu.memset async [%t] %d, %v : memref<16xf32>, f32
  return %t : !gpu.async.token
}
func.func @calls(%h: memref<16xf32>, %v: f32) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %t1 = call @fill(%d, %t0, %v) : (memref<16xf32>, !gpu.async.token, f32) -> !gpu.async.token
  %t2 = gpu.memcpy async [%t1] %h, %d : memref<16xf32>, memref<16xf32>
  %t3 = call @bad(%d, %t2, %v) : (memref<16xf32>, !gpu.async.token, f32) -> !gpu.async.token
  // expected-error-re @+1 {{data race: memcpy at {{.*}}:132:9 reads %d (allocated at {{.*}}:126:8) while memset at {{.*}}:122:9 writes it (no happens-before)}}
  %t4 = gpu.memcpy async [%t3] %h, %d : memref<16xf32>, memref<16xf32>
  gpu.wait [%t4]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// An async.execute body runs on a thread of its own: its host store races with the caller's
// read until the caller awaits it.
func.func @execute(%h: memref<16xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %e = async.execute {
    // expected-note @+1 {{host store writes it here}}
    memref.store %v, %h[%c0] : memref<16xf32>
    async.yield
  }
  // expected-error-re @+1 {{data race: host load at {{.*}}:148:8 reads %h while host store at {{.*}}:144:5 writes it (no happens-before)}}
  %x = memref.load %h[%c0] : memref<16xf32>
  async.await %e : !async.token
  %y = memref.load %h[%c0] : memref<16xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
