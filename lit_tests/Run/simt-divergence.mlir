// SIMT executor: 2-d launch, divergent scf.if with results, lane-varying scf.for bounds, a masked
// load/store, and many threads storing to one address (the last thread in order wins). That last
// store is a data race between threads, reported (and the exit code is 1).
// RUN: not asyncgpu-opt %s --run --backend sim 2> %t.err | filecheck %s
// RUN: filecheck %s --check-prefix=RACE --input-file %t.err
// RACE: simt-divergence.mlir:47:7: error: race inside kernel @k::@div: data race between threads: thread (1, 0, 0) of block (0, 0, 0) writes element 0 of allocation #{{[0-9]+}} that thread (0, 0, 0) of block (0, 0, 0) also writes in the same store
// RACE: asyncgpu-opt: 1 hazard detected
// CHECK:      [0,   1,   2,   0,   4,   5,   0,   7],
// CHECK-NEXT: [1,   1,   2,   1,   4,   5,   1,   7],
// CHECK:      [5,   1,   2,   5,   4,   5,   5,   7]]
// CHECK:      [0,  1,  2,  0,  4,  5,  0,  7]
// CHECK:      [7,  7]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @div(%o: memref<6x8xf32>, %r: memref<8xf32>, %w: memref<2xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %f0 = arith.constant 0.0 : f32
      %f1 = arith.constant 1.0 : f32
      %row0 = arith.muli %by, %c3 : index
      %row = arith.addi %row0, %ty : index
      %odd = arith.remui %tx, %c3 : index
      %c = arith.cmpi eq, %odd, %c0 : index
      %v = scf.if %c -> f32 {
        %ri = arith.index_cast %row : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        scf.yield %rf : f32
      } else {
        %s = scf.for %i = %c0 to %tx step %c1 iter_args(%a = %f0) -> f32 {
          %a2 = arith.addf %a, %f1 : f32
          scf.yield %a2 : f32
        }
        scf.yield %s : f32
      }
      memref.store %v, %o[%row, %tx] : memref<6x8xf32>
      %is0 = arith.cmpi eq, %row, %c0 : index
      scf.if %is0 {
        %x = memref.load %o[%c0, %tx] : memref<6x8xf32>
        memref.store %x, %r[%tx] : memref<8xf32>
      }
      %ti = arith.index_cast %tx : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %w[%by] : memref<2xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %o = gpu.alloc host_shared () : memref<6x8xf32>
    %r = gpu.alloc host_shared () : memref<8xf32>
    %w = gpu.alloc host_shared () : memref<2xf32>
    gpu.launch_func @k::@div blocks in (%c1, %c2, %c1) threads in (%c8, %c3, %c1) args(%o : memref<6x8xf32>, %r : memref<8xf32>, %w : memref<2xf32>)
    %u = memref.cast %o : memref<6x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %u2 = memref.cast %r : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    %u3 = memref.cast %w : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    gpu.dealloc %o : memref<6x8xf32>
    gpu.dealloc %r : memref<8xf32>
    gpu.dealloc %w : memref<2xf32>
    return
  }
}
