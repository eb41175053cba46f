// Implicit fork and implicit joins inside a loop body, a join with an outer (captured) token, and scf.if yielding a token from one branch and passing it through in the other.
// run(before) == run(after) with no hazards and no leaks (any hazard/leak exits non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim > %t.direct
// RUN: diff %t.before %t.direct
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=NOGPU
// CHECK: [3,  3,  3,  3]
// CHECK: [8,  8,  8,  8]
// CHECK: [12,  12,  12,  12]
// IR: scf.if %{{.*}} -> (!llvm.ptr) {
// IR-NEXT: gpu.launch_func <%[[S:[a-z0-9]+]] : !llvm.ptr>
// IR-NEXT: scf.yield %[[S]]
// IR-NEXT: } else {
// IR-NEXT: scf.yield %[[S]]
// STATS: "streams_leaked": 0
// STATS: "events_leaked": 0
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
// NOGPU-NOT: gpu.wait
// NOGPU-NOT: gpu.alloc
// NOGPU-NOT: gpu.memcpy
// NOGPU-NOT: gpu.memset
// NOGPU-NOT: gpu.dealloc
// NOGPU-NOT: !gpu.async.token

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
    gpu.func @dbl(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @add(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %y = memref.load %b[%i] : memref<4xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %hx = memref.alloc() : memref<4xf32>
    %hy = memref.alloc() : memref<4xf32>
    %hz = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %y, %t2 = gpu.alloc async [%t0] () : memref<4xf32>
    %z, %t3 = gpu.alloc async [%t0] () : memref<4xf32>
    %m1 = gpu.memset async [%t1] %x, %zero : memref<4xf32>, f32
    %m2 = gpu.memset async [%t2] %y, %one : memref<4xf32>, f32
    // implicit fork of %t inside the body (two launches), implicit join (%j has two deps)
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %m1) -> (!gpu.async.token) {
      %a = gpu.launch_func async [%t] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
      %b = gpu.launch_func async [%t, %m2] @k::@dbl blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
      %j = gpu.launch_func async [%a, %b, %t3] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>, %y : memref<4xf32>, %z : memref<4xf32>)
      // scf.if: one branch launches, the other passes the token through
      %p = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %p, %c0 : index
      %n = scf.if %even -> (!gpu.async.token) {
        %q = gpu.launch_func async [%j] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%z : memref<4xf32>)
        scf.yield %q : !gpu.async.token
      } else {
        scf.yield %j : !gpu.async.token
      }
      scf.yield %n : !gpu.async.token
    }
    %c1x = gpu.memcpy async [%r] %hx, %x : memref<4xf32>, memref<4xf32>
    %c1y = gpu.memcpy async [%r] %hy, %y : memref<4xf32>, memref<4xf32>
    %c1z = gpu.memcpy async [%r] %hz, %z : memref<4xf32>, memref<4xf32>
    %d1 = gpu.dealloc async [%c1x] %x : memref<4xf32>
    %d2 = gpu.dealloc async [%c1y] %y : memref<4xf32>
    %d3 = gpu.dealloc async [%c1z] %z : memref<4xf32>
    gpu.wait [%d1, %d2, %d3]
    %ux = memref.cast %hx : memref<4xf32> to memref<*xf32>
    %uy = memref.cast %hy : memref<4xf32> to memref<*xf32>
    %uz = memref.cast %hz : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%ux) : (memref<*xf32>) -> ()
    call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
    call @printMemrefF32(%uz) : (memref<*xf32>) -> ()
    memref.dealloc %hx : memref<4xf32>
    memref.dealloc %hy : memref<4xf32>
    memref.dealloc %hz : memref<4xf32>
    return
  }
}
