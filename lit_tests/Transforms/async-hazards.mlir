// async-hazards on gpu-dialect IR with async tokens, and on the same IR after gpu-to-runtime
// (streams, events, mgpu* calls): the same hazards at the same ops.  Messages are --run's.
// RUN: asyncgpu-opt %s -split-input-file -async-hazards -verify-diagnostics
// RUN: asyncgpu-opt %s -split-input-file -gpu-to-runtime -async-hazards -verify-diagnostics
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
    gpu.func @get(%m: memref<16xf32>, %o: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      memref.store %v, %o[%i] : memref<16xf32>
      gpu.return
    }
  }
  // Two kernels on independent tokens write one buffer.
  func.func @race(%v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %m = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    // expected-note @+1 {{kernel @k::@set writes it here}}
    %a = gpu.launch_func async [%t0] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    // expected-error-re @+1 {{data race: kernel @k::@set at {{.*}}:29:10 writes {{.*}}(allocated at {{.*}}:23:10) while kernel @k::@set at {{.*}}:27:10 writes it (no happens-before)}}
    %b = gpu.launch_func async [%t1] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    gpu.wait [%a, %b]
    gpu.dealloc %m : memref<16xf32>
    return
  }
}
// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @get(%m: memref<16xf32>, %o: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      memref.store %v, %o[%i] : memref<16xf32>
      gpu.return
    }
  }
  // Kernels that only read a buffer never race with each other (effects from the kernel body).
  func.func @readers() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %m = gpu.alloc () : memref<16xf32>
    %o1 = gpu.alloc () : memref<16xf32>
    %o2 = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %a = gpu.launch_func async [%t0] @k::@get blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %o1 : memref<16xf32>)
    %b = gpu.launch_func async [%t0] @k::@get blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %o2 : memref<16xf32>)
    gpu.wait [%a, %b]
    gpu.dealloc %m : memref<16xf32>
    gpu.dealloc %o1 : memref<16xf32>
    gpu.dealloc %o2 : memref<16xf32>
    return
  }
}
// -----
// The host reads host_shared memory a memset writes, without waiting for it.
func.func @host_read(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = gpu.alloc host_shared () : memref<16xf32>
  %t0 = gpu.wait async
  // expected-note @+1 {{memset writes it here}}
  %t1 = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
  // expected-error-re @+1 {{host read without synchronization: host load at {{.*}}:71:8 reads {{.*}}(allocated at {{.*}}:66:8) while memset at {{.*}}:69:9 writes it (no host wait for it)}}
  %x = memref.load %m[%c0] : memref<16xf32>
  gpu.wait [%t1]
  gpu.dealloc %m : memref<16xf32>
  return %x : f32
}
// -----
// The host writes registered memory a copy reads, before waiting for the copy.
func.func @host_write(%h: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  gpu.host_register %h : memref<16xf32>
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  // expected-note @+1 {{memcpy reads it here}}
  %t1 = gpu.memcpy async [%t0] %d, %h : memref<16xf32>, memref<16xf32>
  // expected-error-re @+1 {{data race: host store at {{.*}}:86:3 writes %h while memcpy at {{.*}}:84:9 reads it (no happens-before)}}
  memref.store %v, %h[%c0] : memref<16xf32>
  gpu.wait [%t1]
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// An async dealloc not ordered after a memset of the buffer; then a copy after the free.
func.func @use_after_free(%h: memref<16xf32>, %v: f32) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  // expected-note @+1 {{memset writes it here}}
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  // expected-error-re @+2 {{use after free: memset at {{.*}}:97:9 writes {{.*}} that {{gpu.dealloc|mgpuMemFree}} at {{.*}}:100:9 frees with no happens-before between them (the free may run first)}}
  // expected-note @+1 {{freed here}}
  %t2 = gpu.dealloc async [%t0] %d : memref<16xf32>
  // expected-error-re @+1 {{use after free: memcpy at {{.*}}:102:9 reads {{.*}} freed at {{.*}}:100:9}}
  %t3 = gpu.memcpy async [%t1, %t2] %h, %d : memref<16xf32>, memref<16xf32>
  gpu.wait [%t3]
  return
}
// -----
func.func @double_free() {
  %d = gpu.alloc () : memref<16xf32>
  // expected-note @+1 {{first freed here}}
  gpu.dealloc %d : memref<16xf32>
  // expected-error-re @+1 {{double free: {{gpu.dealloc|mgpuMemFree}} at {{.*}}:112:3 frees {{.*}} already freed at {{.*}}:110:3}}
  gpu.dealloc %d : memref<16xf32>
  return
}
// -----
// A token never waited for: the memset may still run when @leak returns.
func.func @leak(%v: f32) -> memref<16xf32> {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  // expected-warning-re @+1 {{leak: memset at {{.*}}:121:9 is never waited for (no host wait orders it before @leak returns)}}
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  return %d : memref<16xf32>
}
// -----
// Returning the token hands the wait to the caller: no leak.
func.func @no_leak(%v: f32) -> (memref<16xf32>, !gpu.async.token) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  return %d, %t1 : memref<16xf32>, !gpu.async.token
}
// -----
// Views alias their buffer; function arguments may alias each other.
func.func @views(%a: memref<16xf32>, %b: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %d = gpu.alloc host_shared () : memref<16xf32>
  %s = memref.subview %d[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %c = memref.cast %d : memref<16xf32> to memref<?xf32>
  %t0 = gpu.wait async
  // expected-note @+1 {{memset writes it here}}
  %t1 = gpu.memset async [%t0] %c, %v : memref<?xf32>, f32
  // expected-error-re @+1 {{data race: host store at {{.*}}:143:3 writes {{.*}}(allocated at {{.*}}:136:8) while memset at {{.*}}:141:9 writes it (no happens-before)}}
  memref.store %v, %s[%c0] : memref<8xf32, strided<[1], offset: 4>>
  // expected-note @+1 {{memcpy writes it here}}
  %t2 = gpu.memcpy async [%t1] %a, %d : memref<16xf32>, memref<16xf32>
  // expected-error-re @+1 {{data race: memset at {{.*}}:147:9 writes {{.*}} while memcpy at {{.*}}:145:9 writes it (no happens-before)}}
  %t3 = gpu.memset async [%t1] %b, %v : memref<16xf32>, f32
  gpu.wait [%t2, %t3]
  gpu.dealloc %d : memref<16xf32>
  return
}
