// Device memory (gpu.alloc, host_shared too: cuMemAlloc/cuMemAllocManaged) starts uninitialized on
// a GPU; the simulator zero-fills it but reports, as compute-sanitizer's initcheck does, a read of
// bytes nothing wrote (kernel loads, memcpy sources, host loads), once per buffer; kernel stores,
// memcpy destinations, memsets and host stores write.  Before and after --gpu-to-runtime.
// RUN: not asyncgpu-opt %s --run --backend sim -e partial 2>&1 | filecheck %s --check-prefix=PART
// RUN: not asyncgpu-opt %s --gpu-to-runtime --run --backend sim -e partial 2>&1 | filecheck %s --check-prefix=PARTL
// RUN: asyncgpu-opt %s --run --backend sim -e clean 2>&1 | filecheck %s --check-prefix=CLEAN
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim -e clean 2>&1 | filecheck %s --check-prefix=CLEAN
// RUN: not asyncgpu-opt %s --run --backend sim -e copy_out 2>&1 | filecheck %s --check-prefix=COPY
// RUN: not asyncgpu-opt %s --gpu-to-runtime --run --backend sim -e copy_out 2>&1 | filecheck %s --check-prefix=COPYL
// RUN: not asyncgpu-opt %s --run --backend sim -e host_shared 2>&1 | filecheck %s --check-prefix=SHARED
// RUN: not asyncgpu-opt %s --gpu-to-runtime --run --backend sim -e host_shared 2>&1 | filecheck %s --check-prefix=SHARED

// @fill writes elements 0..7 of %a, @add reads all 16: one report for %a (not one per element, not
// one per launch), none for %b, which @add writes before the host reads it.
// PART: hazard-uninitialized.mlir:44:12: error: uninitialized read: kernel @k::@add on default stream at {{.*}}hazard-uninitialized.mlir:44:12 reads %a (allocated at {{.*}}hazard-uninitialized.mlir:63:10) before anything wrote it (GPU memory is not zero-filled)
// PART-NOT: error:
// PART: asyncgpu-opt: 1 hazard detected
// PART-NOT: error:
// PART: [1,  1,  1,  1,  1,  1,  1,  1,  0,  0,  0,  0,  0,  0,  0,  0]
// Lowered, the allocation is an mgpuMemAlloc with no name, still located.
// PARTL: hazard-uninitialized.mlir:44:12: error: uninitialized read: kernel @k::@add on stream {{[0-9]+}} at {{.*}}:44:12 reads buffer #{{[0-9]+}} (allocated at {{.*}}hazard-uninitialized.mlir:63:10) before anything wrote it
// PARTL-NOT: error:
// PARTL: asyncgpu-opt: 1 hazard detected

// Nothing read before written: a memset, a copy from (initialized) host memory, a kernel that
// stores an element before it loads it, host stores into host_shared memory before a kernel reads.
// CLEAN-NOT: error
// CLEAN: [5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5]
// CLEAN: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2]
// CLEAN: [7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7]
// CLEAN-NOT: error

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%d: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %one = arith.constant 1 : i32
      memref.store %one, %d[%i] : memref<16xi32>
      gpu.return
    }
    gpu.func @add(%d: memref<16xi32>, %s: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %s[%i] : memref<16xi32>
      memref.store %v, %d[%i] : memref<16xi32>
      gpu.return
    }
    gpu.func @own(%d: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %two = arith.constant 2 : i32
      memref.store %two, %d[%i] : memref<16xi32>
      %v = memref.load %d[%i] : memref<16xi32>
      memref.store %v, %d[%i] : memref<16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @partial() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %a = gpu.alloc () : memref<16xi32>
    %b = gpu.alloc host_shared () : memref<16xi32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%a : memref<16xi32>)
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xi32>, %a : memref<16xi32>)
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xi32>, %a : memref<16xi32>)
    %u = memref.cast %b : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %a : memref<16xi32>
    gpu.dealloc %b : memref<16xi32>
    return
  }

  func.func @clean() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %five = arith.constant 5 : i32
    %seven = arith.constant 7 : i32
    %a = gpu.alloc () : memref<16xi32>
    %b = gpu.alloc host_shared () : memref<16xi32>
    gpu.memset %a, %five : memref<16xi32>, i32
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xi32>, %a : memref<16xi32>)
    %u = memref.cast %b : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %c = gpu.alloc () : memref<16xi32>
    gpu.launch_func @k::@own blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%c : memref<16xi32>)
    %h = memref.alloc () : memref<16xi32>
    gpu.memcpy %h, %c : memref<16xi32>, memref<16xi32>
    %uh = memref.cast %h : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%uh) : (memref<*xi32>) -> ()
    %s = gpu.alloc host_shared () : memref<16xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      memref.store %seven, %s[%i] : memref<16xi32>
    }
    %d = gpu.alloc () : memref<16xi32>
    gpu.memcpy %d, %h : memref<16xi32>, memref<16xi32>
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%d : memref<16xi32>, %s : memref<16xi32>)
    gpu.memcpy %h, %d : memref<16xi32>, memref<16xi32>
    call @printMemrefI32(%uh) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<16xi32>
    gpu.dealloc %a : memref<16xi32>
    gpu.dealloc %b : memref<16xi32>
    gpu.dealloc %c : memref<16xi32>
    gpu.dealloc %d : memref<16xi32>
    gpu.dealloc %s : memref<16xi32>
    return
  }

  // A device-to-host copy of memory nothing wrote.
  // COPY: hazard-uninitialized.mlir:117:5: error: uninitialized read: memcpy on default stream at {{.*}}:117:5 reads %a (allocated at {{.*}}:115:10) before anything wrote it
  // COPYL: hazard-uninitialized.mlir:117:5: error: uninitialized read: memcpy on stream {{[0-9]+}} at {{.*}}:117:5 reads buffer #{{[0-9]+}} (allocated at {{.*}}:115:10) before anything wrote it
  func.func @copy_out() {
    %a = gpu.alloc () : memref<4xi32>
    %h = memref.alloc () : memref<4xi32>
    gpu.memcpy %h, %a : memref<4xi32>, memref<4xi32>
    memref.dealloc %h : memref<4xi32>
    gpu.dealloc %a : memref<4xi32>
    return
  }

  // A host load of managed memory: element 0 was stored, element 1 was not.
  // SHARED: hazard-uninitialized.mlir:133:10: error: uninitialized read: host load on host at {{.*}}:133:10 reads {{%s|buffer #[0-9]+}} (allocated at {{.*}}:129:10) before anything wrote it
  // SHARED-NOT: error:
  func.func @host_shared() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = gpu.alloc host_shared () : memref<2xi32>
    %one = arith.constant 1 : i32
    memref.store %one, %s[%c0] : memref<2xi32>
    %x = memref.load %s[%c0] : memref<2xi32>
    %y = memref.load %s[%c1] : memref<2xi32>
    %z = arith.addi %x, %y : i32
    gpu.dealloc %s : memref<2xi32>
    return %z : i32
  }
}
