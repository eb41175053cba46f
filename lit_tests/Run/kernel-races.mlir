// Data races between the threads of one launch (run/kernel_races.py): the lock-step simulation
// computes one answer, but on a GPU the threads are unordered.  Reported: a read of another
// thread's write in workgroup memory with no gpu.barrier in between (@shift_nobarrier), an
// in-place stencil that overwrites what a neighbour reads (@stencil_inplace), and a value one
// block publishes to another inside one launch (@cross_block).  The same shift with a barrier
// (@shift_barrier) and a race-free vector kernel (@scale) are not reported.
// RUN: not asyncgpu-opt %s --run --backend sim 2> %t.err | filecheck %s
// RUN: filecheck %s --check-prefix=RACE --input-file %t.err
// RUN: not grep -E "@k::@(scale|shift_barrier)" %t.err
// CHECK: [1,  2,  3,  0]
// RACE-DAG: error: race inside kernel @k::@shift_nobarrier: data race between threads: thread (0, 0, 0) of block (0, 0, 0) reads element 1 of workgroup memory that thread (1, 0, 0) of block (0, 0, 0) wrote at {{.*}}kernel-races.mlir:{{[0-9]+}}:{{[0-9]+}} with no gpu.barrier in between
// RACE-DAG: error: race inside kernel @k::@stencil_inplace: data race between threads: thread (1, 0, 0) of block (0, 0, 0) writes element 1 of allocation #{{[0-9]+}} that thread (0, 0, 0) of block (0, 0, 0) read at
// RACE-DAG: error: race inside kernel @k::@cross_block: data race between threads: thread (0, 0, 0) of block (1, 0, 0) reads element 0 of allocation #{{[0-9]+}} that thread (0, 0, 0) of block (0, 0, 0) wrote at
// RACE: asyncgpu-opt: 3 hazards detected

module attributes {gpu.container_module} {
  gpu.module @k {
    // s[t] = a[t]; out[t] = s[(t + 1) % 4]  -- reads a neighbour's slot before it is ordered
    gpu.func @shift_nobarrier(%a: memref<4xf32>, %out: memref<4xf32>) workgroup(%s: memref<4xf32, 3>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = memref.load %a[%t] : memref<4xf32>
      memref.store %x, %s[%t] : memref<4xf32, 3>
      %n0 = arith.addi %t, %c1 : index
      %n = arith.remui %n0, %c4 : index
      %y = memref.load %s[%n] : memref<4xf32, 3>
      memref.store %y, %out[%t] : memref<4xf32>
      gpu.return
    }
    // the same with a barrier between the write and the read: race-free
    gpu.func @shift_barrier(%a: memref<4xf32>, %out: memref<4xf32>) workgroup(%s: memref<4xf32, 3>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = memref.load %a[%t] : memref<4xf32>
      memref.store %x, %s[%t] : memref<4xf32, 3>
      gpu.barrier
      %n0 = arith.addi %t, %c1 : index
      %n = arith.remui %n0, %c4 : index
      %y = memref.load %s[%n] : memref<4xf32, 3>
      memref.store %y, %out[%t] : memref<4xf32>
      gpu.return
    }
    // b[t] = b[t + 1] for t < 3 -- thread t overwrites the element thread t - 1 reads
    gpu.func @stencil_inplace(%b: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %in = arith.cmpi ult, %t, %c3 : index
      scf.if %in {
        %n = arith.addi %t, %c1 : index
        %y = memref.load %b[%n] : memref<4xf32>
        memref.store %y, %b[%t] : memref<4xf32>
      }
      gpu.return
    }
    // block 0 writes flag[0]; block 1 reads it in the same launch
    gpu.func @cross_block(%flag: memref<1xf32>, %out: memref<2xf32>) kernel {
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %b, %c0 : index
      scf.if %is0 {
        %one = arith.constant 1.0 : f32
        memref.store %one, %flag[%c0] : memref<1xf32>
      } else {
        %v = memref.load %flag[%c0] : memref<1xf32>
        memref.store %v, %out[%b] : memref<2xf32>
      }
      gpu.return
    }
    // out[t] = 2 * a[t]: every thread its own element
    gpu.func @scale(%a: memref<4xf32>, %out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %out[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %a = gpu.alloc host_shared () : memref<4xf32>
    %o1 = gpu.alloc host_shared () : memref<4xf32>
    %o2 = gpu.alloc host_shared () : memref<4xf32>
    %o3 = gpu.alloc host_shared () : memref<4xf32>
    %b = gpu.alloc host_shared () : memref<4xf32>
    %flag = gpu.alloc host_shared () : memref<1xf32>
    %o4 = gpu.alloc host_shared () : memref<2xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %g = arith.addf %f, %f : f32
      memref.store %f, %a[%i] : memref<4xf32>
      memref.store %g, %b[%i] : memref<4xf32>
    }
    gpu.launch_func @k::@shift_nobarrier blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %o1 : memref<4xf32>)
    gpu.launch_func @k::@shift_barrier blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %o2 : memref<4xf32>)
    gpu.launch_func @k::@stencil_inplace blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%b : memref<4xf32>)
    gpu.launch_func @k::@cross_block blocks in (%c2, %c1, %c1) threads in (%c1, %c1, %c1) args(%flag : memref<1xf32>, %o4 : memref<2xf32>)
    gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>, %o3 : memref<4xf32>)
    %u = memref.cast %o2 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<4xf32>
    gpu.dealloc %o1 : memref<4xf32>
    gpu.dealloc %o2 : memref<4xf32>
    gpu.dealloc %o3 : memref<4xf32>
    gpu.dealloc %b : memref<4xf32>
    gpu.dealloc %flag : memref<1xf32>
    gpu.dealloc %o4 : memref<2xf32>
    return
  }
}
