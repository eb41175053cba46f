// REQUIRES: mlir-opt-ref
// Our async-region output never leaves a gpu op with two dependencies and upstream's gpu-to-llvm
// accepts it (no gpu.launch_func/alloc/dealloc/memcpy/memset left behind).
// RUN: asyncgpu-opt %s -split-input-file -async-region | filecheck %s --check-prefix=DEPS
// RUN: asyncgpu-opt %s -split-input-file -async-region -o %t.mlir
// RUN: %{mlir-opt-ref} %t.mlir -split-input-file -gpu-to-llvm | filecheck %s --check-prefix=LLVM
// RUN: asyncgpu-opt %s -split-input-file --async-region=single-chain=true -o %t.single.mlir
// RUN: %{mlir-opt-ref} %t.single.mlir -split-input-file -gpu-to-llvm | filecheck %s --check-prefix=LLVM
// Upstream's async.execute cases: -gpu-async-region prints exactly what upstream prints.
// RUN: asyncgpu-opt %S/Inputs/async-region-execute.mlir -gpu-async-region > %t.exec.ours
// RUN: %{mlir-opt-ref} %S/Inputs/async-region-execute.mlir -gpu-async-region > %t.exec.ref
// RUN: diff %t.exec.ref %t.exec.ours
// The multi-chain default differs in one place: a host call after a kernel that touches no memory
// cannot observe it, so the wait is deferred past the call out of the execute region.
// RUN: asyncgpu-opt %S/Inputs/async-region-execute.mlir -async-region > %t.exec.multi
// RUN: not diff %t.exec.ref %t.exec.multi > %t.exec.diff
// RUN: filecheck %s --check-prefix=MULTIDIFF --input-file %t.exec.diff
// MULTIDIFF: func.func @defer_wait_blocked_by_side_effect
// MULTIDIFF: async.yield %{{.*}} : !gpu.async.token

// DEPS-NOT: {{gpu\.(launch_func|alloc|dealloc|memcpy|memset) async \[%[^],]*, }}
// LLVM-NOT: gpu.alloc async
// LLVM-NOT: gpu.dealloc
// LLVM-NOT: gpu.memcpy
// LLVM-NOT: gpu.memset
// LLVM-NOT: gpu.wait
// LLVM: llvm.call @mgpuStreamCreate

module attributes {gpu.container_module} {
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
  func.func @host_shared(%sz : index) {
    %0 = gpu.alloc host_shared (%sz) : memref<?xf32>
    %cst = arith.constant 1.0 : f32
    gpu.memset %0, %cst : memref<?xf32>, f32
    gpu.dealloc %0 : memref<?xf32>
    return
  }
}

// -----

// The two-matmul shape with its kernels in a gpu.binary: effects unknown, so one chain.
module attributes {gpu.container_module} {
  gpu.binary @mm [#gpu.object<#nvvm.target, "">]
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

// Tokens across async.execute: deferred waits, a join in the consumer, single-use values
// (upstream lowers each captured token to an event destroyed once).
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target, "">]
  func.func @execute_chain(%sz : index, %u : !gpu.async.token) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      %t = gpu.launch_func async [%u] @kernels::@kernel blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      gpu.wait [%t]
      async.yield
    }
    %a2 = async.execute [%a0] {
      async.yield
    }
    async.await %a1 : !async.token
    async.await %a2 : !async.token
    return
  }
}
