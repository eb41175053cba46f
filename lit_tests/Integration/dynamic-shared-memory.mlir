// gpu.dynamic_shared_memory: the launch's dynamic_shared_memory_size bytes of workgroup memory, one
// copy per block, viewed as typed memrefs with memref.view (an f32 row at byte 0, an i32 counter
// after it).  Each block reverses its row through it and counts its threads there; the blocks do
// not see each other's copy (thread 0 zeroes the counter: CUDA does not).  A launch without the size gets 0 bytes: any access is out of bounds.
// RUN: not asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --run --backend sim 2>&1 | filecheck %s
// RUN: not asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s

// CHECK-DAG: [3,  2,  1,  0,  13,  12,  11,  10]
// CHECK-DAG: [4,  4]
// CHECK-DAG: error: out-of-bounds: kernel {{.*}} writes bytes [0, 4) of dynamic shared memory (0 bytes, allocated at {{.*}}dynamic-shared-memory.mlir:{{[0-9]+}}:12)

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reverse(%out: memref<8xf32>, %counts: memref<2xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %one = arith.constant 1 : i32
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %row = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      %cnt = memref.view %dyn[%c16][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %b10 = arith.muli %b, %c4 : index
      %base = arith.addi %b10, %t : index
      %bi = arith.index_cast %b : index to i32
      %ti = arith.index_cast %t : index to i32
      %ten = arith.constant 10 : i32
      %v0 = arith.muli %bi, %ten : i32
      %v1 = arith.addi %v0, %ti : i32
      %v = arith.sitofp %v1 : i32 to f32
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        %zero = arith.constant 0 : i32
        memref.store %zero, %cnt[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      memref.store %v, %row[%t] : memref<4xf32, #gpu.address_space<workgroup>>
      %old = memref.atomic_rmw addi %one, %cnt[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      %m = arith.subi %c3, %t : index
      %r = memref.load %row[%m] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%base] : memref<8xf32>
      scf.if %is0 {
        %n = memref.load %cnt[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
        memref.store %n, %counts[%b] : memref<2xi32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %bytes = arith.constant 20 : i32
    %out = gpu.alloc host_shared () : memref<8xf32>
    %counts = gpu.alloc host_shared () : memref<2xi32>
    gpu.launch_func @k::@reverse blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%out : memref<8xf32>, %counts : memref<2xi32>)
    %u = memref.cast %out : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %uc = memref.cast %counts : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    gpu.dealloc %out : memref<8xf32>
    gpu.dealloc %counts : memref<2xi32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
}

// -----

func.func @main() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %x = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
    memref.store %one, %x[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
