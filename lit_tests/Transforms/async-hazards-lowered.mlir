// async-hazards on lowered code (what gpu-to-runtime emits): stream order, mgpuEventRecord /
// mgpuStreamWaitEvent / mgpuEventSynchronize / mgpuStreamSynchronize edges, pointer provenance
// through mgpuMemAlloc; streams and events never destroyed are warnings.
// RUN: asyncgpu-opt %s -async-hazards -verify-diagnostics
// With severity=warning every hazard is a warning, the IR is printed unchanged and the exit status is 0:
// RUN: asyncgpu-opt %s --pass-pipeline='builtin.module(async-hazards{severity=warning})' 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=WARN --input-file %t.err
// RUN: not asyncgpu-opt %s --pass-pipeline='builtin.module(async-hazards{severity=fatal})' 2>&1 | filecheck %s --check-prefix=OPTION
// CHECK-LABEL: func.func @two_streams(
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @k::@set
// CHECK-LABEL: func.func @leaks(
// CHECK: llvm.call @mgpuMemcpy(
// WARN-COUNT-4: warning: {{data race|host read|use after free}}
// WARN-NOT: error:
// OPTION: Invalid value 'fatal' for option severity: expected error or warning
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamDestroy(!llvm.ptr)
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  llvm.func @mgpuStreamWaitEvent(!llvm.ptr, !llvm.ptr)
  llvm.func @mgpuEventCreate() -> !llvm.ptr
  llvm.func @mgpuEventDestroy(!llvm.ptr)
  llvm.func @mgpuEventRecord(!llvm.ptr, !llvm.ptr)
  llvm.func @mgpuEventSynchronize(!llvm.ptr)
  llvm.func @mgpuMemAlloc(i64, !llvm.ptr, i8) -> !llvm.ptr
  llvm.func @mgpuMemFree(!llvm.ptr, !llvm.ptr)
  llvm.func @mgpuMemset32(!llvm.ptr, i32, i64, !llvm.ptr)
  llvm.func @mgpuMemcpy(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr)

  // Two streams and no event between them.
  func.func @two_streams(%m: memref<16xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s1 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %s2 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    // expected-note @+1 {{kernel @k::@set writes it here}}
    gpu.launch_func <%s1 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    // expected-error-re @+1 {{data race: kernel @k::@set at {{.*}}:46:5 writes %m while kernel @k::@set at {{.*}}:44:5 writes it (no happens-before)}}
    gpu.launch_func <%s2 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    llvm.call @mgpuStreamSynchronize(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamSynchronize(%s2) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s2) : (!llvm.ptr) -> ()
    return
  }

  // An event recorded on one stream and waited for by the other orders them; so does one stream.
  func.func @ordered(%m: memref<16xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s1 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %s2 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    gpu.launch_func <%s1 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    gpu.launch_func <%s1 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    llvm.call @mgpuEventRecord(%e, %s1) : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.call @mgpuStreamWaitEvent(%s2, %e) : (!llvm.ptr, !llvm.ptr) -> ()
    gpu.launch_func <%s2 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    llvm.call @mgpuStreamSynchronize(%s2) : (!llvm.ptr) -> ()
    llvm.call @mgpuEventDestroy(%e) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s2) : (!llvm.ptr) -> ()
    return
  }

  // The event is recorded before the first launch: it does not cover it.
  func.func @event_too_early(%m: memref<16xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s1 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %s2 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    llvm.call @mgpuEventRecord(%e, %s1) : (!llvm.ptr, !llvm.ptr) -> ()
    // expected-note @+1 {{kernel @k::@set writes it here}}
    gpu.launch_func <%s1 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    llvm.call @mgpuStreamWaitEvent(%s2, %e) : (!llvm.ptr, !llvm.ptr) -> ()
    // expected-error-re @+1 {{data race: kernel @k::@set at {{.*}}:85:5 writes %m while kernel @k::@set at {{.*}}:82:5 writes it (no happens-before)}}
    gpu.launch_func <%s2 : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    llvm.call @mgpuEventSynchronize(%e) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamSynchronize(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamSynchronize(%s2) : (!llvm.ptr) -> ()
    llvm.call @mgpuEventDestroy(%e) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s2) : (!llvm.ptr) -> ()
    return
  }

  // The host reads before synchronizing the stream that writes; the event sync comes too late.
  func.func @host_read(%m: memref<16xf32>, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    // expected-note @+1 {{kernel @k::@set writes it here}}
    gpu.launch_func <%s : !llvm.ptr> @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    // expected-error-re @+1 {{host read without synchronization: host load at {{.*}}:104:10 reads %m while kernel @k::@set at {{.*}}:102:5 writes it (no host wait for it)}}
    %x = memref.load %m[%c0] : memref<16xf32>
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    llvm.call @mgpuEventRecord(%e, %s) : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.call @mgpuEventSynchronize(%e) : (!llvm.ptr) -> ()
    %y = memref.load %m[%c0] : memref<16xf32>
    llvm.call @mgpuEventDestroy(%e) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s) : (!llvm.ptr) -> ()
    %r = arith.addf %x, %y : f32
    return %r : f32
  }

  // A stream-ordered free on another stream than the memset of the buffer.
  func.func @free_on_other_stream() {
    %n = llvm.mlir.constant(64 : i64) : i64
    %c16 = llvm.mlir.constant(16 : i64) : i64
    %z = llvm.mlir.constant(0 : i32) : i32
    %f = llvm.mlir.constant(0 : i8) : i8
    %null = llvm.mlir.zero : !llvm.ptr
    %s1 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %s2 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %p = llvm.call @mgpuMemAlloc(%n, %null, %f) : (i64, !llvm.ptr, i8) -> !llvm.ptr
    // expected-note @+1 {{memset writes it here}}
    llvm.call @mgpuMemset32(%p, %z, %c16, %s1) : (!llvm.ptr, i32, i64, !llvm.ptr) -> ()
    // expected-error-re @+1 {{use after free: memset at {{.*}}:126:5 writes %p (allocated at {{.*}}:124:10) that mgpuMemFree at {{.*}}:128:5 frees with no happens-before between them (the free may run first)}}
    llvm.call @mgpuMemFree(%p, %s2) : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.call @mgpuStreamSynchronize(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamSynchronize(%s2) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s1) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%s2) : (!llvm.ptr) -> ()
    return
  }

  // A stream and an event never destroyed; a copy never synchronized.
  func.func @leaks() {
    %n = llvm.mlir.constant(64 : i64) : i64
    %f = llvm.mlir.constant(0 : i8) : i8
    %null = llvm.mlir.zero : !llvm.ptr
    %p = llvm.call @mgpuMemAlloc(%n, %null, %f) : (i64, !llvm.ptr, i8) -> !llvm.ptr
    %q = llvm.call @mgpuMemAlloc(%n, %null, %f) : (i64, !llvm.ptr, i8) -> !llvm.ptr
    // expected-warning-re @+1 {{leak: stream created at {{.*}}:144:10 is never destroyed}}
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    // expected-warning-re @+1 {{leak: event created at {{.*}}:146:10 is never destroyed}}
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    // expected-warning-re @+1 {{leak: memcpy at {{.*}}:148:5 is never waited for (no host wait orders it before @leaks returns)}}
    llvm.call @mgpuMemcpy(%q, %p, %n, %s) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    return
  }
}
