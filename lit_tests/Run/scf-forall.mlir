// scf.forall on the host and in a kernel: every point of the iteration space runs once (mixed
// static/dynamic bounds, a non-unit step, a two-dimensional space); each thread of the kernel runs
// its own forall over a uniform range.  A forall with shared_outs (tensors) is refused with a located error.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// RUN: not asyncgpu-opt %S/Inputs/scf-forall-shared-outs.mlir --run --backend sim 2>&1 | filecheck %s --check-prefix=ERR
// CHECK:      [0,  1,  0,  3,  0,  5,  0,  7]
// CHECK:      [0,   10,   0,   10],
// CHECK-NEXT: [1,   11,   1,   11],
// CHECK-NEXT: [2,   12,   2,   12]
// CHECK:      [10,  11,  12,  13,  14,  15,  16,  17]
// ERR: scf-forall-shared-outs.mlir:5:8: error: --run: scf.forall with shared_outs (tensors) is not supported
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%a: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %base = arith.muli %t, %c2 : index
      %ten = arith.constant 10.0 : f32
      scf.forall (%j) in (%c2) {
        %k = arith.addi %base, %j : index
        %k32 = arith.index_cast %k : index to i32
        %f = arith.sitofp %k32 : i32 to f32
        %v = arith.addf %f, %ten : f32
        memref.store %v, %a[%k] : memref<8xf32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %h = memref.alloc() : memref<8xf32>
    scf.forall (%i) in (8) {
      memref.store %zero, %h[%i] : memref<8xf32>
    }
    scf.forall (%i) = (%c1) to (%c8) step (2) {
      %i32 = arith.index_cast %i : index to i32
      %f = arith.sitofp %i32 : i32 to f32
      memref.store %f, %h[%i] : memref<8xf32>
    }
    %u = memref.cast %h : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %m = memref.alloc() : memref<3x4xf32>
    scf.forall (%i, %j) in (3, 4) {
      %i32 = arith.index_cast %i : index to i32
      %f = arith.sitofp %i32 : i32 to f32
      %c2 = arith.constant 2 : index
      %par = arith.remui %j, %c2 : index
      %isodd = arith.cmpi eq, %par, %c1 : index
      %ten = arith.constant 10.0 : f32
      %g = arith.addf %f, %ten : f32
      %v = arith.select %isodd, %g, %f : f32
      memref.store %v, %m[%i, %j] : memref<3x4xf32>
    }
    %mu = memref.cast %m : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%mu) : (memref<*xf32>) -> ()
    %d = gpu.alloc () : memref<8xf32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<8xf32>)
    gpu.memcpy %h, %d : memref<8xf32>, memref<8xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %d : memref<8xf32>
    memref.dealloc %h : memref<8xf32>
    memref.dealloc %m : memref<3x4xf32>
    return
  }
}
