// Workgroup and private memory of a kernel is uninitialized on a GPU too (the simulator zeroes
// it): a read of an element no thread of the block wrote is reported, once per buffer.  Async
// allocations start uninitialized as the synchronous ones do.
// RUN: not asyncgpu-opt %s --run --backend sim -e wg 2>&1 | filecheck %s --check-prefix=WG
// RUN: asyncgpu-opt %s --run --backend sim -e wg_ok 2>&1 | filecheck %s --check-prefix=OK
// RUN: not asyncgpu-opt %s --run --backend sim -e priv 2>&1 | filecheck %s --check-prefix=PRIV
// RUN: not asyncgpu-opt %s --run --backend sim -e async 2>&1 | filecheck %s --check-prefix=ASYNC
// RUN: not asyncgpu-opt %s --gpu-to-runtime --run --backend sim -e async 2>&1 | filecheck %s --check-prefix=ASYNC
// WG: hazard-uninitialized-local.mlir:35:12: error: uninitialized read: kernel @k::@shift on default stream at {{.*}}:35:12 reads workgroup memory before anything wrote it
// WG-NOT: error:
// WG: [2,  3,  0,  1]
// OK-NOT: error
// OK: [2,  3,  4,  1]
// PRIV: hazard-uninitialized-local.mlir:46:12: error: uninitialized read: kernel @k::@priv on default stream at {{.*}}:46:12 reads private memory before anything wrote it
// ASYNC: hazard-uninitialized-local.mlir:28:14: error: uninitialized read: kernel @k::@shift on stream {{[0-9]+}} at {{.*}}:28:14 reads {{%a|buffer #0}} (allocated at {{.*}}:93:15) before anything wrote it

module attributes {gpu.container_module} {
  gpu.module @k {
    // Thread i stores in[i] + 1 at tile[i], then reads tile[i + 1] (mod %n); %n < block size
    // leaves the tile's last element unwritten.
    gpu.func @shift(%in: memref<4xi32>, %out: memref<4xi32>, %n: index) workgroup(%tile: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
      %i = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1 : i32
      %lt = arith.cmpi ult, %i, %n : index
      scf.if %lt {
        %v = memref.load %in[%i] : memref<4xi32>
        %w = arith.addi %v, %one : i32
        memref.store %w, %tile[%i] : memref<4xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %j0 = arith.addi %i, %c1 : index
      %j = arith.remui %j0, %c4 : index
      %x = memref.load %tile[%j] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%i] : memref<4xi32>
      gpu.return
    }
    gpu.func @priv(%out: memref<4xi32>) private(%p: memref<2xi32, #gpu.address_space<private>>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      memref.store %one, %p[%c0] : memref<2xi32, #gpu.address_space<private>>
      %x = memref.load %p[%c0] : memref<2xi32, #gpu.address_space<private>>
      %y = memref.load %p[%c1] : memref<2xi32, #gpu.address_space<private>>
      %z = arith.addi %x, %y : i32
      memref.store %z, %out[%i] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @run_shift(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %in = gpu.alloc host_shared () : memref<4xi32>
    %out = gpu.alloc host_shared () : memref<4xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %in[%i] : memref<4xi32>
    }
    gpu.launch_func @k::@shift blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%in : memref<4xi32>, %out : memref<4xi32>, %n : index)
    %u = memref.cast %out : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %in : memref<4xi32>
    gpu.dealloc %out : memref<4xi32>
    return
  }
  func.func @wg() {
    %c3 = arith.constant 3 : index
    call @run_shift(%c3) : (index) -> ()
    return
  }
  func.func @wg_ok() {
    %c4 = arith.constant 4 : index
    call @run_shift(%c4) : (index) -> ()
    return
  }
  func.func @priv() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<4xi32>
    gpu.launch_func @k::@priv blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xi32>)
    gpu.dealloc %out : memref<4xi32>
    return
  }
  func.func @async() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<4xi32>
    %b, %t2 = gpu.alloc async [%t0] () : memref<4xi32>
    %t3 = gpu.launch_func async [%t1, %t2] @k::@shift blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xi32>, %b : memref<4xi32>, %c4 : index)
    %t4 = gpu.dealloc async [%t3] %a : memref<4xi32>
    %t5 = gpu.dealloc async [%t3] %b : memref<4xi32>
    gpu.wait [%t4, %t5]
    return
  }
}
