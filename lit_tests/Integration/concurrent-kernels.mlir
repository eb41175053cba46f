// Kernels that run at the same time: two launches on independent streams (no token between them)
// overlap, so each sees the other's atomics.  @handshake raises its own flag, then spins until the
// other kernel's flag is up (thread t waits for lane t of the other kernel); run one after the
// other, the first would spin forever.  The flags are only touched atomically, so no race is
// reported; each kernel records what it saw and counts its threads.  (A kernel waiting for something
// nobody does: kernel-errors.mlir.)
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s

// CHECK: [1,  1,  1,  1]
// CHECK: [1,  1,  1,  1]
// CHECK: [2,  2,  2,  2]
// CHECK-NOT: race
// CHECK-NOT: error

module attributes {gpu.container_module} {
  gpu.module @k {
    // thread t raises mine[t], waits until theirs[t] is raised, records what it saw in seen[t]
    gpu.func @handshake(%mine: memref<4xi32>, %theirs: memref<4xi32>, %seen: memref<4xi32>,
                        %count: memref<1xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %old = memref.atomic_rmw assign %one, %mine[%t] : (i32, memref<4xi32>) -> i32
      %got = scf.while (%spins = %zero) : (i32) -> i32 {
        %v = memref.atomic_rmw addi %zero, %theirs[%t] : (i32, memref<4xi32>) -> i32
        %wait = arith.cmpi eq, %v, %zero : i32
        scf.condition(%wait) %v : i32
      } do {
      ^bb0(%v: i32):
        scf.yield %zero : i32
      }
      memref.store %got, %seen[%t] : memref<4xi32>
      %n = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %a = gpu.alloc host_shared () : memref<4xi32>
    %b = gpu.alloc host_shared () : memref<4xi32>
    %sa = gpu.alloc host_shared () : memref<4xi32>
    %sb = gpu.alloc host_shared () : memref<4xi32>
    %cnt = gpu.alloc host_shared () : memref<1xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %zero, %a[%i] : memref<4xi32>
      memref.store %zero, %b[%i] : memref<4xi32>
    }
    memref.store %zero, %cnt[%c0] : memref<1xi32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %k0 = gpu.launch_func async [%t0] @k::@handshake blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%a : memref<4xi32>, %b : memref<4xi32>, %sa : memref<4xi32>, %cnt : memref<1xi32>)
    %k1 = gpu.launch_func async [%t1] @k::@handshake blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%b : memref<4xi32>, %a : memref<4xi32>, %sb : memref<4xi32>, %cnt : memref<1xi32>)
    gpu.wait [%k0, %k1]
    %ua = memref.cast %sa : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
    %ub = memref.cast %sb : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    %v = memref.load %cnt[%c0] : memref<1xi32>
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %per = arith.divsi %v, %four : i32
    memref.store %per, %a[%c0] : memref<4xi32>
    memref.store %per, %a[%c1] : memref<4xi32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %per, %a[%c2] : memref<4xi32>
    memref.store %per, %a[%c3] : memref<4xi32>
    %u = memref.cast %a : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %a : memref<4xi32>
    gpu.dealloc %b : memref<4xi32>
    gpu.dealloc %sa : memref<4xi32>
    gpu.dealloc %sb : memref<4xi32>
    gpu.dealloc %cnt : memref<1xi32>
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}

