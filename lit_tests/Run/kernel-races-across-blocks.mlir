// A gpu.barrier orders the threads of ONE block only: a value one block writes and another block
// reads after a barrier is still a data race (@publish, two blocks), while the same kernel with one
// block is race free (@publish launched 1x8), and a per-block exchange through global memory that
// stays inside each block is race free too (@own_block).  The report says why the barrier does not help.
// RUN: not asyncgpu-opt %s --run --backend sim 2> %t.err
// RUN: filecheck %s --input-file %t.err
// RUN: grep -c "race inside kernel" %t.err | filecheck %s --check-prefix=COUNT
// CHECK: kernel-races-across-blocks.mlir:30:{{[0-9]+}}: error: race inside kernel @k::@publish: data race between threads: thread (3, 0, 0) of block (0, 0, 0) reads element 4 of allocation #{{[0-9]+}} that thread (0, 0, 0) of block (1, 0, 0) wrote at {{.*}}kernel-races-across-blocks.mlir:26:{{[0-9]+}} (threads of different blocks: no gpu.barrier orders them)
// CHECK-NOT: @k::@own_block
// COUNT: 1

module attributes {gpu.container_module} {
  gpu.module @k {
    // thread i of block b writes element b*n+i, then (after a barrier) reads its right neighbour
    gpu.func @publish(%a: memref<8xf32>, %out: memref<8xf32>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %base = arith.muli %b, %n : index
      %i = arith.addi %base, %t : index
      %one = arith.constant 1.0 : f32
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %ti = arith.index_cast %i : index to i32
      %v = arith.sitofp %ti : i32 to f32
      memref.store %v, %a[%i] : memref<8xf32>
      gpu.barrier
      %j0 = arith.addi %i, %c1 : index
      %j = arith.remui %j0, %c8 : index
      %x = memref.load %a[%j] : memref<8xf32>
      %y = arith.addf %x, %one : f32
      memref.store %y, %out[%i] : memref<8xf32>
      gpu.return
    }
    // the same exchange, but the neighbour is taken inside the block (index wraps per block)
    gpu.func @own_block(%a: memref<8xf32>, %out: memref<8xf32>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %base = arith.muli %b, %n : index
      %i = arith.addi %base, %t : index
      %c1 = arith.constant 1 : index
      %ti = arith.index_cast %i : index to i32
      %v = arith.sitofp %ti : i32 to f32
      memref.store %v, %a[%i] : memref<8xf32>
      gpu.barrier
      %t1 = arith.addi %t, %c1 : index
      %tw = arith.remui %t1, %n : index
      %j = arith.addi %base, %tw : index
      %x = memref.load %a[%j] : memref<8xf32>
      memref.store %x, %out[%i] : memref<8xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %a = gpu.alloc () : memref<8xf32>
    %o = gpu.alloc () : memref<8xf32>
    gpu.launch_func @k::@publish blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%a : memref<8xf32>, %o : memref<8xf32>)
    gpu.launch_func @k::@own_block blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<8xf32>, %o : memref<8xf32>)
    gpu.launch_func @k::@publish blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<8xf32>, %o : memref<8xf32>)
    gpu.dealloc %a : memref<8xf32>
    gpu.dealloc %o : memref<8xf32>
    return
  }
}
