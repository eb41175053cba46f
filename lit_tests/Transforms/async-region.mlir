// RUN: asyncgpu-opt %s -split-input-file -async-region | filecheck %s
// RUN: asyncgpu-opt %s -split-input-file --async-region=single-chain=true | filecheck %s --check-prefix=SINGLE

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func private @foo() -> ()

  // CHECK-LABEL: func.func @async(
  // Kernels without memref operands have no visible effects: independent chains.
  // CHECK:      %[[T0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@kernel
  // CHECK-NEXT: %[[T2:.*]] = gpu.wait async
  // CHECK-NEXT: %[[T3:.*]] = gpu.launch_func async [%[[T2]]] @kernels::@kernel
  // CHECK-NEXT: %[[T4:.*]] = gpu.wait async
  // CHECK-NEXT: %[[M:.*]], %[[T5:.*]] = gpu.alloc async [%[[T4]]] ()
  // CHECK-NEXT: %[[T6:.*]] = gpu.dealloc async [%[[T5]]] %[[M]]
  // @foo's effects are unknown, but it cannot reach a private allocation nor the memory of kernels
  // without effects: the host syncs after it, before the return.
  // CHECK-NEXT: call @foo
  // CHECK-NEXT: gpu.wait [%[[T1]], %[[T3]], %[[T6]]]
  // SINGLE-LABEL: func.func @async(
  // SINGLE:      %[[T0:.*]] = gpu.wait async
  // SINGLE-NEXT: %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@kernel
  // SINGLE-NEXT: %[[T2:.*]] = gpu.launch_func async [%[[T1]]] @kernels::@kernel
  // SINGLE-NEXT: %[[M:.*]], %[[T3:.*]] = gpu.alloc async [%[[T2]]] ()
  // SINGLE-NEXT: %[[T4:.*]] = gpu.dealloc async [%[[T3]]] %[[M]]
  // SINGLE-NEXT: gpu.wait [%[[T4]]]
  // SINGLE-NEXT: call @foo
  func.func @async(%sz : index) {
    gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    %0 = gpu.alloc() : memref<7xf32>
    gpu.dealloc %0 : memref<7xf32>
    call @foo() : () -> ()
    return
  }

  // Upstream gives the alloc two dependencies ([%t1, %t0]); we keep the user's one (multi-chain)
  // or, single-chain, the one that already implies the other.
  // CHECK-LABEL: func.func @existing_tokens(
  // CHECK:      %[[T0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[T1:.*]] = gpu.wait async [%[[T0]]]
  // CHECK-NEXT: %[[M:.*]], %[[T2:.*]] = gpu.alloc async [%[[T0]]] ()
  // CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[M]]
  // CHECK-NEXT: gpu.wait [%[[T3]]]
  // CHECK-NEXT: gpu.wait [%[[T1]]]
  // SINGLE-LABEL: func.func @existing_tokens(
  // SINGLE:      %[[T0:.*]] = gpu.wait async
  // SINGLE-NEXT: %[[T1:.*]] = gpu.wait async [%[[T0]]]
  // (%t1 already waits for %t0: no join)
  // SINGLE-NEXT: %[[M:.*]], %[[T2:.*]] = gpu.alloc async [%[[T1]]] ()
  // SINGLE-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[M]]
  // SINGLE-NEXT: gpu.wait [%[[T3]]]
  // SINGLE-NEXT: gpu.wait [%[[T1]]]
  func.func @existing_tokens() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async [%t0]
    %0 = gpu.alloc [%t0] () : memref<7xf32>
    %t2 = gpu.dealloc async %0 : memref<7xf32>
    gpu.wait
    gpu.wait [%t1]
    return
  }
}

// -----

// Seed 001: already-async input stays lowerable (no op gets a second dependency).
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @seed001(
  // CHECK:      %[[A:.*]] = memref.alloca
  // CHECK-NEXT: %[[T0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[M:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]]
  // CHECK-NEXT: gpu.memcpy async [%[[T1]]] %[[M]], %[[A]]
  // CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T1]]] %[[M]]
  // CHECK-NEXT: gpu.wait [%[[T3]]]
  // CHECK-NEXT: return
  // SINGLE-LABEL: func.func @seed001(
  // SINGLE-NOT: async [%{{[^],]*}}, %
  // SINGLE: return
  func.func @seed001() {
    %c2 = arith.constant 2 : index
    %5 = memref.alloca (%c2) : memref<?xf32>
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    gpu.wait [%3]
    return
  }
  // CHECK-LABEL: func.func @seed001_two_deps(
  // CHECK:      %[[M0:.*]], %[[T1:.*]] = gpu.alloc async
  // CHECK-NEXT: %[[M1:.*]], %[[T2:.*]] = gpu.alloc async
  // CHECK-NEXT: %[[J:.*]] = gpu.wait async [%[[T1]], %[[T2]]]
  // CHECK-NEXT: %[[C:.*]] = gpu.memcpy async [%[[J]]] %[[M0]], %[[M1]]
  // CHECK-NEXT: %[[D0:.*]] = gpu.dealloc async [%[[C]]] %[[M0]]
  // CHECK-NEXT: %[[D1:.*]] = gpu.dealloc async [%[[C]]] %[[M1]]
  // CHECK-NEXT: gpu.wait [%[[D0]], %[[D1]]]
  // SINGLE-LABEL: func.func @seed001_two_deps(
  // SINGLE-NOT: async [%{{[^],]*}}, %{{.*}}] %
  // SINGLE: return
  func.func @seed001_two_deps() {
    %c2 = arith.constant 2 : index
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %5, %6 = gpu.alloc async [%0] (%c2) : memref<?xf32>
    %7 = gpu.memcpy async [%2, %6] %1, %5 : memref<?xf32>, memref<?xf32>
    %3 = gpu.dealloc async [%7] %1 : memref<?xf32>
    %4 = gpu.dealloc async [%7] %5 : memref<?xf32>
    gpu.wait [%3, %4]
    return
  }
}

// -----

// host_shared allocations stay synchronous; sync ops after them chain normally.
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @host_shared(
  // CHECK:      %[[M:.*]] = gpu.alloc host_shared (
  // CHECK-NEXT: arith.constant
  // CHECK-NEXT: %[[T0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[T1:.*]] = gpu.memset async [%[[T0]]] %[[M]]
  // CHECK-NEXT: %[[T2:.*]] = gpu.dealloc async [%[[T1]]] %[[M]]
  // CHECK-NEXT: gpu.wait [%[[T2]]]
  // SINGLE-LABEL: func.func @host_shared(
  // SINGLE:      gpu.alloc host_shared (
  func.func @host_shared(%sz : index) {
    %0 = gpu.alloc host_shared (%sz) : memref<?xf32>
    %cst = arith.constant 1.0 : f32
    gpu.memset %0, %cst : memref<?xf32>, f32
    gpu.dealloc %0 : memref<?xf32>
    return
  }
}

// -----

// Two independent "matmuls" on two chains, joined before the add that reads both.
module attributes {gpu.container_module} {
  gpu.module @mm {
    gpu.func @mm(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32>
      %y = memref.load %b[%i] : memref<16xf32>
      %z = arith.mulf %x, %y : f32
      memref.store %z, %c[%i] : memref<16xf32>
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @two_chains(
  // CHECK:      %[[W0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[M0:.*]], %[[A0:.*]] = gpu.alloc async [%[[W0]]] ()
  // CHECK-NEXT: %[[W1:.*]] = gpu.wait async
  // CHECK-NEXT: %[[M1:.*]], %[[A1:.*]] = gpu.alloc async [%[[W1]]] ()
  // CHECK-NEXT: %[[OUT:.*]] = gpu.alloc host_shared ()
  // CHECK-NEXT: %[[L0:.*]] = gpu.launch_func async [%[[A0]]] @mm::@mm
  // CHECK-NEXT: %[[L1:.*]] = gpu.launch_func async [%[[A1]]] @mm::@mm
  // CHECK-NEXT: %[[J:.*]] = gpu.wait async [%[[L0]], %[[L1]]]
  // CHECK-NEXT: %[[L2:.*]] = gpu.launch_func async [%[[J]]] @mm::@mm {{.*}} args(%[[M0]] : memref<16xf32>, %[[M1]] : memref<16xf32>, %[[OUT]] : memref<16xf32>)
  // The frees touch different buffers: each follows the add only.
  // CHECK-NEXT: %[[D0:.*]] = gpu.dealloc async [%[[L2]]] %[[M0]]
  // CHECK-NEXT: %[[D1:.*]] = gpu.dealloc async [%[[L2]]] %[[M1]]
  // CHECK-NEXT: gpu.wait [%[[D0]], %[[D1]]]
  // CHECK-NEXT: return %[[OUT]]
  // SINGLE-LABEL: func.func @two_chains(
  // SINGLE:      %[[W0:.*]] = gpu.wait async
  // SINGLE-NEXT: %[[M0:.*]], %[[A0:.*]] = gpu.alloc async [%[[W0]]] ()
  // SINGLE-NEXT: %[[M1:.*]], %[[A1:.*]] = gpu.alloc async [%[[A0]]] ()
  // SINGLE-NEXT: gpu.alloc host_shared ()
  // SINGLE-NEXT: %[[L0:.*]] = gpu.launch_func async [%[[A1]]] @mm::@mm
  // SINGLE-NEXT: %[[L1:.*]] = gpu.launch_func async [%[[L0]]] @mm::@mm
  // SINGLE-NEXT: %[[L2:.*]] = gpu.launch_func async [%[[L1]]] @mm::@mm
  func.func @two_chains(%a: memref<16xf32>, %b: memref<16xf32>) -> memref<16xf32> {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %m0 = gpu.alloc () : memref<16xf32>
    %m1 = gpu.alloc () : memref<16xf32>
    %out = gpu.alloc host_shared () : memref<16xf32>
    gpu.launch_func @mm::@mm blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>, %m0 : memref<16xf32>)
    gpu.launch_func @mm::@mm blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xf32>, %a : memref<16xf32>, %m1 : memref<16xf32>)
    gpu.launch_func @mm::@mm blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m0 : memref<16xf32>, %m1 : memref<16xf32>, %out : memref<16xf32>)
    gpu.dealloc %m0 : memref<16xf32>
    gpu.dealloc %m1 : memref<16xf32>
    return %out : memref<16xf32>
  }
}

// -----

// A host load only waits for the chain that writes what it reads.
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @partial_sync(
  // CHECK:      %[[H:.*]] = memref.alloc(
  // CHECK-NEXT: %[[W0:.*]] = gpu.wait async
  // CHECK-NEXT: %[[D:.*]], %[[A:.*]] = gpu.alloc async [%[[W0]]]
  // CHECK-NEXT: %[[W1:.*]] = gpu.wait async
  // CHECK-NEXT: %[[S0:.*]] = gpu.memset async [%[[W1]]] %[[H]]
  // CHECK-NEXT: %[[S1:.*]] = gpu.memset async [%[[A]]] %[[D]]
  // CHECK-NEXT: gpu.wait [%[[S0]]]
  // CHECK-NEXT: memref.load %[[H]]
  // CHECK-NEXT: %[[F:.*]] = gpu.dealloc async [%[[S1]]] %[[D]]
  // CHECK-NEXT: gpu.wait [%[[F]]]
  // CHECK-NEXT: return
  // SINGLE-LABEL: func.func @partial_sync(
  // SINGLE:      memref.alloc(
  // SINGLE-NEXT: gpu.wait async
  func.func @partial_sync(%sz : index, %v : f32) -> f32 {
    %c0 = arith.constant 0 : index
    %h = memref.alloc (%sz) : memref<?xf32>
    %d = gpu.alloc (%sz) : memref<?xf32>
    gpu.memset %h, %v : memref<?xf32>, f32
    gpu.memset %d, %v : memref<?xf32>, f32
    %x = memref.load %h[%c0] : memref<?xf32>
    gpu.dealloc %d : memref<?xf32>
    return %x : f32
  }
}

// -----

// Launches with unknown effects conflict with everything: a kernel that is not visible
// (gpu.binary), or that reaches memory other than through its arguments (memref.get_global,
// gpu.printf, calls).  A visible kernel that only stores to its argument does not.
module attributes {gpu.container_module} {
  gpu.binary @bin [#gpu.object<#nvvm.target, "">]
  gpu.module @k {
    memref.global "private" @g : memref<16xf32> = dense<0.0>
    func.func private @ext(memref<16xf32>)
    gpu.func @safe(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %c = arith.constant 1.0 : f32
      memref.store %c, %a[%i] : memref<16xf32>
      gpu.return
    }
    gpu.func @global(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %g = memref.get_global @g : memref<16xf32>
      %v = memref.load %a[%i] : memref<16xf32>
      memref.store %v, %g[%i] : memref<16xf32>
      gpu.return
    }
    gpu.func @print(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<16xf32>
      gpu.printf "%f\n", %v : f32
      gpu.return
    }
    gpu.func @call(%a: memref<16xf32>) kernel {
      func.call @ext(%a) : (memref<16xf32>) -> ()
      gpu.return
    }
  }
  // A launch with unknown effects (a kernel in a gpu.binary, or one reaching memory other than
  // through its arguments) reaches its operands, escaped and unknown memory, and what other such
  // launches touch; never a private allocation it is not given.
  // CHECK-LABEL: func.func @effects_known(
  // CHECK:      %[[L0:.*]] = gpu.launch_func async [%{{.*}}] @k::@safe
  // CHECK-NEXT: %[[L1:.*]] = gpu.launch_func async [%{{.*}}] @k::@safe
  // CHECK-NEXT: gpu.launch_func async [%[[L0]]] @bin::@kern
  // CHECK-LABEL: func.func @effects_unknown(
  // CHECK:      %[[B:.*]] = gpu.launch_func async [%{{.*}}] @bin::@kern
  // CHECK-NEXT: %[[L1:.*]] = gpu.launch_func async [%{{.*}}] @k::@safe
  // CHECK-NEXT: %[[J1:.*]] = gpu.wait async [%{{.*}}, %[[B]]]
  // CHECK-NEXT: %[[G:.*]] = gpu.launch_func async [%[[J1]]] @k::@global
  // CHECK-NEXT: %[[L3:.*]] = gpu.launch_func async [%{{[a-zA-Z_0-9]*}}] @k::@safe
  // CHECK-NEXT: %[[J2:.*]] = gpu.wait async [%{{.*}}, %[[G]]]
  // CHECK-NEXT: %[[P:.*]] = gpu.launch_func async [%[[J2]]] @k::@print
  // CHECK-NEXT: %[[L5:.*]] = gpu.launch_func async [%{{[a-zA-Z_0-9]*}}] @k::@safe
  // CHECK-NEXT: %[[J3:.*]] = gpu.wait async [%{{.*}}, %[[P]]]
  // CHECK-NEXT: %[[C:.*]] = gpu.launch_func async [%[[J3]]] @k::@call
  // CHECK-NEXT: %[[L7:.*]] = gpu.launch_func async [%{{[a-zA-Z_0-9]*}}] @k::@safe
  // CHECK-NEXT: gpu.wait [%[[L1]], %[[L3]], %[[L5]], %[[C]], %[[L7]]]
  func.func @effects_known(%sz : index) {
    %m0 = gpu.alloc () : memref<16xf32>
    %m1 = gpu.alloc () : memref<16xf32>
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m1 : memref<16xf32>)
    gpu.launch_func @bin::@kern blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
    gpu.dealloc %m0 : memref<16xf32>
    gpu.dealloc %m1 : memref<16xf32>
    return
  }
  func.func @effects_unknown(%sz : index) {
    %m0 = gpu.alloc () : memref<16xf32>
    %m1 = gpu.alloc () : memref<16xf32>
    %m2 = gpu.alloc () : memref<16xf32>
    %m3 = gpu.alloc () : memref<16xf32>
    %m4 = gpu.alloc () : memref<16xf32>
    %m5 = gpu.alloc () : memref<16xf32>
    %m6 = gpu.alloc () : memref<16xf32>
    %m7 = gpu.alloc () : memref<16xf32>
    gpu.launch_func @bin::@kern blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m1 : memref<16xf32>)
    gpu.launch_func @k::@global blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m2 : memref<16xf32>)
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m3 : memref<16xf32>)
    gpu.launch_func @k::@print blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m4 : memref<16xf32>)
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m5 : memref<16xf32>)
    gpu.launch_func @k::@call blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m6 : memref<16xf32>)
    gpu.launch_func @k::@safe blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m7 : memref<16xf32>)
    gpu.wait
    return
  }
}

// -----

// A free with nothing pending on the device stays synchronous (one call when lowered), where an
// async one would cost a chain and a host wait before the return; a free with pending work is made
// async after it.
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @free_when_idle(
  // CHECK:      gpu.memcpy async
  // CHECK-NEXT: gpu.wait [%{{.*}}]
  // CHECK-NEXT: memref.load
  // CHECK-NEXT: gpu.dealloc %{{[a-z_0-9]*}} : memref<4xf32>
  // CHECK-NEXT: return
  // CHECK-LABEL: func.func @free_when_busy(
  // CHECK:      %[[S:.*]] = gpu.memset async
  // CHECK-NEXT: %[[D:.*]] = gpu.dealloc async [%[[S]]]
  // CHECK-NEXT: gpu.wait [%[[D]]]
  func.func @free_when_idle(%v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %d = gpu.alloc () : memref<4xf32>
    %h = memref.alloc () : memref<4xf32>
    gpu.memset %d, %v : memref<4xf32>, f32
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    %x = memref.load %h[%c0] : memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    return %x : f32
  }
  func.func @free_when_busy(%v: f32) {
    %d = gpu.alloc () : memref<4xf32>
    gpu.memset %d, %v : memref<4xf32>, f32
    gpu.dealloc %d : memref<4xf32>
    return
  }
}
