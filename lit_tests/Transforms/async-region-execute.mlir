// Tokens across async.execute (upstream's DeferWaitCallback / SingleTokenUseCallback): the host
// wait at the end of an execute region whose token is only awaited or used as an execute
// dependency moves to the users; each !async.value<!gpu.async.token> ends up with one use.
// Both spellings give upstream's output on upstream's cases (async-region.mlir @defer_wait ...).
// RUN: asyncgpu-opt %s -split-input-file -gpu-async-region | filecheck %s --check-prefixes=CHECK,SINGLE
// RUN: asyncgpu-opt %s -split-input-file -async-region | filecheck %s --check-prefixes=CHECK,MULTI

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func private @foo() -> ()

  // CHECK-LABEL: func.func @defer_wait(
  // CHECK:      %[[A0:.*]], %[[F0:.*]] = async.execute -> !async.value<!gpu.async.token> {
  // CHECK-NEXT:   %[[W:.*]] = gpu.wait async
  // CHECK-NEXT:   %[[T:.*]] = gpu.launch_func async [%[[W]]]
  // CHECK-NEXT:   async.yield %[[T]] : !gpu.async.token
  // CHECK:      %[[A1:.*]], %[[F1:.*]] = async.execute [%[[A0]]] (%[[F0]] as %[[ARG:.*]]: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token> {
  // CHECK-NEXT:   %[[W:.*]] = gpu.wait async [%[[ARG]]]
  // CHECK-NEXT:   %[[T:.*]] = gpu.launch_func async [%[[W]]]
  // CHECK-NEXT:   async.yield %[[T]] : !gpu.async.token
  // CHECK:      async.await %[[A1]] : !async.token
  // CHECK-NEXT: %[[T:.*]] = async.await %[[F1]] : !async.value<!gpu.async.token>
  // CHECK-NEXT: gpu.wait [%[[T]]]
  // CHECK-NEXT: return
  func.func @defer_wait(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    async.await %a1 : !async.token
    return
  }

  // A side effect after the gpu work keeps the host wait in the region in upstream's shape
  // (gpu-async-region); async-region knows the call cannot observe the kernel (it touches no
  // memory) and defers the token past it.
  // CHECK-LABEL: func.func @defer_wait_blocked_by_side_effect(
  // SINGLE:      %[[A:.*]] = async.execute {
  // SINGLE:        %[[T:.*]] = gpu.launch_func async
  // SINGLE-NEXT:   gpu.wait [%[[T]]]
  // SINGLE-NEXT:   func.call @foo()
  // SINGLE-NEXT:   async.yield
  // SINGLE:      async.await %[[A]] : !async.token
  // SINGLE-NEXT: return
  // MULTI:      %[[A:.*]], %[[F:.*]] = async.execute -> !async.value<!gpu.async.token> {
  // MULTI:        %[[T:.*]] = gpu.launch_func async
  // MULTI-NEXT:   func.call @foo()
  // MULTI-NEXT:   async.yield %[[T]] : !gpu.async.token
  // MULTI:      async.await %[[A]] : !async.token
  // MULTI-NEXT: %[[W:.*]] = async.await %[[F]] : !async.value<!gpu.async.token>
  // MULTI-NEXT: gpu.wait [%[[W]]]
  // MULTI-NEXT: return
  func.func @defer_wait_blocked_by_side_effect(%sz : index) {
    %a = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      func.call @foo() : () -> ()
      async.yield
    }
    async.await %a : !async.token
    return
  }

  // A region without gpu work passes the token through.
  // CHECK-LABEL: func.func @defer_wait_pass_through(
  // CHECK:      %[[A0:.*]], %[[F0:.*]] = async.execute -> !async.value<!gpu.async.token>
  // CHECK:      %[[A1:.*]], %[[F1:.*]] = async.execute [%[[A0]]] (%[[F0]] as %[[ARG:.*]]: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token> {
  // CHECK-NEXT:   async.yield %[[ARG]] : !gpu.async.token
  // CHECK:      async.await %[[A1]] : !async.token
  // CHECK-NEXT: %[[T:.*]] = async.await %[[F1]] : !async.value<!gpu.async.token>
  // CHECK-NEXT: gpu.wait [%[[T]]]
  func.func @defer_wait_pass_through(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      async.yield
    }
    async.await %a1 : !async.token
    return
  }

  // The token is appended after the region's own results; the host waits before the next
  // side effect (the second await).
  // CHECK-LABEL: func.func @async_execute_with_result(
  // CHECK:      %[[A0:.*]], %[[F0:.*]]:2 = async.execute -> (!async.value<index>, !async.value<!gpu.async.token>) {
  // CHECK:        %[[T:.*]] = gpu.launch_func async
  // CHECK-NEXT:   async.yield %{{.*}}, %[[T]] : index, !gpu.async.token
  // CHECK:      async.await %[[A0]] : !async.token
  // CHECK-NEXT: %[[T:.*]] = async.await %[[F0]]#1 : !async.value<!gpu.async.token>
  // CHECK-NEXT: gpu.wait [%[[T]]]
  // CHECK-NEXT: %[[X:.*]] = async.await %[[F0]]#0 : !async.value<index>
  // CHECK-NEXT: return %[[X]] : index
  func.func @async_execute_with_result(%sz : index) -> index {
    %a0, %f0 = async.execute -> !async.value<index> {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield %sz : index
    }
    async.await %a0 : !async.token
    %x = async.await %f0 : !async.value<index>
    return %x : index
  }

  // Nobody waits for the token: the region keeps its host wait.
  // CHECK-LABEL: func.func @async_execute_no_use(
  // CHECK:      async.execute {
  // CHECK:        %[[T:.*]] = gpu.launch_func async
  // CHECK-NEXT:   gpu.wait [%[[T]]]
  // CHECK-NEXT:   async.yield
  func.func @async_execute_no_use(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    return
  }

  // Two users: the token is yielded twice, one value per user.
  // CHECK-LABEL: func.func @async_execute_fork(
  // CHECK:      %[[A0:.*]], %[[F0:.*]]:2 = async.execute -> (!async.value<!gpu.async.token>, !async.value<!gpu.async.token>) {
  // CHECK:        %[[T:.*]] = gpu.launch_func async
  // CHECK-NEXT:   async.yield %[[T]], %[[T]] : !gpu.async.token, !gpu.async.token
  // CHECK:      async.execute [%[[A0]]] (%[[F0]]#0 as %[[ARG:.*]]: !async.value<!gpu.async.token>) {
  // CHECK-NEXT:   %[[W:.*]] = gpu.wait async [%[[ARG]]]
  // CHECK-NEXT:   %[[T:.*]] = gpu.launch_func async [%[[W]]]
  // CHECK-NEXT:   gpu.wait [%[[T]]]
  // CHECK:      async.execute [%[[A0]]] (%[[F0]]#1 as %[[ARG:.*]]: !async.value<!gpu.async.token>) {
  // CHECK-NEXT:   %[[W:.*]] = gpu.wait async [%[[ARG]]]
  // CHECK-NEXT:   %[[T:.*]] = gpu.launch_func async [%[[W]]]
  // CHECK-NEXT:   gpu.wait [%[[T]]]
  func.func @async_execute_fork(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a2 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    return
  }

  // Pass-through along a chain of three, and the middle token awaited too: every value once.
  // CHECK-LABEL: func.func @defer_wait_chain(
  // CHECK:      %[[A0:.*]], %[[F0:.*]] = async.execute -> !async.value<!gpu.async.token>
  // CHECK:      %[[A1:.*]], %[[F1:.*]]:2 = async.execute [%[[A0]]] (%[[F0]] as %[[ARG:.*]]: !async.value<!gpu.async.token>) -> (!async.value<!gpu.async.token>, !async.value<!gpu.async.token>) {
  // CHECK-NEXT:   async.yield %[[ARG]], %[[ARG]] : !gpu.async.token, !gpu.async.token
  // CHECK:      %[[A2:.*]], %[[F2:.*]] = async.execute [%[[A1]]] (%[[F1]]#{{[01]}} as %[[ARG:.*]]: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token> {
  // CHECK-NEXT:   async.yield %[[ARG]] : !gpu.async.token
  // CHECK:      async.await %[[A2]] : !async.token
  // CHECK-NEXT: %[[T:.*]] = async.await %[[F2]] : !async.value<!gpu.async.token>
  // CHECK-NEXT: gpu.wait [%[[T]]]
  // CHECK-NEXT: async.await %[[A1]] : !async.token
  // CHECK-NEXT: %[[T:.*]] = async.await %[[F1]]#{{[01]}} : !async.value<!gpu.async.token>
  // CHECK-NEXT: gpu.wait [%[[T]]]
  // CHECK-NEXT: return
  func.func @defer_wait_chain(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      async.yield
    }
    %a2 = async.execute [%a1] {
      async.yield
    }
    async.await %a2 : !async.token
    async.await %a1 : !async.token
    return
  }

  // A token used as a terminator operand (control flow): nothing is deferred.
  // CHECK-LABEL: func.func @defer_wait_returned(
  // CHECK:      async.execute {
  // CHECK:        gpu.wait [%{{.*}}]
  // CHECK-NEXT:   async.yield
  func.func @defer_wait_returned(%sz : index) -> !async.token {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    async.await %a0 : !async.token
    return %a0 : !async.token
  }
}

// -----

// Upstream gives the consumer's first gpu op a second dependency ([%w, %user]) when it already
// has one; we join both with an explicit gpu.wait async.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  // CHECK-LABEL: func.func @defer_wait_join(
  // CHECK-SAME:   %{{.*}}: index, %[[U:.*]]: !gpu.async.token)
  // CHECK:      async.execute [%{{.*}}] (%{{.*}} as %[[ARG:.*]]: !async.value<!gpu.async.token>)
  // CHECK-NEXT:   %[[J:.*]] = gpu.wait async [%[[U]], %[[ARG]]]
  // CHECK-NEXT:   %[[T:.*]] = gpu.launch_func async [%[[J]]]
  // CHECK-NEXT:   async.yield %[[T]] : !gpu.async.token
  // CHECK-NOT:  async [%{{[^],]*}}, %{{.*}}] @
  func.func @defer_wait_join(%sz : index, %u : !gpu.async.token) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      %t = gpu.launch_func async [%u] @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      gpu.wait [%t]
      async.yield
    }
    async.await %a1 : !async.token
    return
  }
}

// -----

// Multi-chain: both chains of the producer are deferred; every chain that starts in the
// consumer before a host side effect waits for them, and a host load that does not conflict
// with the consumer's chains still waits for the producer.  The token values are used once (each
// lowers to an event): one gpu.wait async takes them and the chains share its token.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%a: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %c = arith.constant 1.0 : f32
      memref.store %c, %a[%i] : memref<16xf32>
      gpu.return
    }
  }
  // MULTI-LABEL: func.func @two_chains(
  // MULTI:      %[[A0:.*]], %[[F0:.*]]:2 = async.execute -> (!async.value<!gpu.async.token>, !async.value<!gpu.async.token>) {
  // MULTI:        %[[L0:.*]] = gpu.launch_func async
  // MULTI:        %[[L1:.*]] = gpu.launch_func async
  // MULTI-NEXT:   async.yield %[[L0]], %[[L1]]
  // MULTI:      async.execute [%[[A0]]] (%[[F0]]#0 as %[[X:.*]]: !async.value<!gpu.async.token>, %[[F0]]#1 as %[[Y:.*]]: !async.value<!gpu.async.token>)
  // MULTI-NEXT:   %[[J:.*]] = gpu.wait async [%[[X]], %[[Y]]]
  // MULTI-NEXT:   %[[W0:.*]] = gpu.wait async [%[[J]]]
  // MULTI-NEXT:   gpu.launch_func async [%[[W0]]]
  // MULTI-NEXT:   %[[W1:.*]] = gpu.wait async [%[[J]]]
  // MULTI-NEXT:   gpu.launch_func async [%[[W1]]]
  // MULTI-NEXT:   async.yield
  // SINGLE-LABEL: func.func @two_chains(
  // SINGLE:      %[[A0:.*]], %[[F0:.*]] = async.execute -> !async.value<!gpu.async.token>
  // SINGLE:      async.execute [%[[A0]]] (%[[F0]] as %[[X:.*]]: !async.value<!gpu.async.token>)
  // SINGLE-NEXT:   %[[W0:.*]] = gpu.wait async [%[[X]]]
  // SINGLE-NEXT:   %[[L0:.*]] = gpu.launch_func async [%[[W0]]]
  // SINGLE-NEXT:   gpu.launch_func async [%[[L0]]]
  func.func @two_chains(%sz : index) {
    %m0 = gpu.alloc () : memref<16xf32>
    %m1 = gpu.alloc () : memref<16xf32>
    %a0 = async.execute {
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m1 : memref<16xf32>)
      async.yield
    }
    %a1 = async.execute [%a0] {
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m1 : memref<16xf32>)
      async.yield
    }
    async.await %a1 : !async.token
    gpu.dealloc %m0 : memref<16xf32>
    gpu.dealloc %m1 : memref<16xf32>
    return
  }

  // MULTI-LABEL: func.func @host_load_in_consumer(
  // MULTI:      async.execute [%{{.*}}] (%{{.*}} as %[[X:.*]]: !async.value<!gpu.async.token>) -> !async.value<f32> {
  // MULTI-NEXT:   %[[J:.*]] = gpu.wait async [%[[X]]]
  // MULTI-NEXT:   %[[W:.*]] = gpu.wait async [%[[J]]]
  // MULTI-NEXT:   %[[L:.*]] = gpu.launch_func async [%[[W]]]
  // MULTI-NEXT:   gpu.wait [%[[J]]]
  // MULTI-NEXT:   memref.load
  // MULTI-NEXT:   gpu.wait [%[[L]]]
  // MULTI-NEXT:   async.yield
  func.func @host_load_in_consumer(%sz : index, %h: memref<16xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %m0 = gpu.alloc () : memref<16xf32>
    %a0 = async.execute {
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%h : memref<16xf32>)
      async.yield
    }
    %a1, %r = async.execute [%a0] -> !async.value<f32> {
      gpu.launch_func @k::@fill blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%m0 : memref<16xf32>)
      %x = memref.load %h[%c0] : memref<16xf32>
      async.yield %x : f32
    }
    %x = async.await %r : !async.value<f32>
    gpu.dealloc %m0 : memref<16xf32>
    return %x : f32
  }
}
