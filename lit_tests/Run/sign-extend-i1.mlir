// Widening an i1 true: the signed conversions (arith.extsi, llvm.sext, arith.index_cast) give -1,
// zero extension (arith.extui, llvm.zext) gives 1, as under mlir-runner; on the host (scalars) and
// in a kernel (one value per thread).
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// host: extsi, sext, extui, zext, index_cast of true
// CHECK:      [-1,  -1,  1,  1,  -1]
// kernel: thread t stores extsi / sext / extui / zext / index_cast of (t odd) at 5*t .. 5*t+4
// CHECK:      [0,  0,  0,  0,  0,  -1,  -1,  1,  1,  -1]
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %t = arith.constant true
    %h = memref.alloc() : memref<5xi32>
    %a = arith.extsi %t : i1 to i32
    %b = llvm.sext %t : i1 to i32
    %c = arith.extui %t : i1 to i32
    %d = llvm.zext %t : i1 to i32
    memref.store %a, %h[%c0] : memref<5xi32>
    memref.store %b, %h[%c1] : memref<5xi32>
    memref.store %c, %h[%c2] : memref<5xi32>
    memref.store %d, %h[%c3] : memref<5xi32>
    %ix = arith.index_cast %t : i1 to index
    %e = arith.index_cast %ix : index to i32
    memref.store %e, %h[%c4] : memref<5xi32>
    %u = memref.cast %h : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %k = gpu.alloc host_shared () : memref<10xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
      %tid = arith.index_cast %tx : index to i32
      %one = arith.constant 1 : i32
      %bit = arith.andi %tid, %one : i32
      %odd = arith.trunci %bit : i32 to i1
      %five = arith.constant 5 : index
      %base = arith.muli %tx, %five : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %i4 = arith.addi %base, %c4 : index
      %e0 = arith.extsi %odd : i1 to i32
      %e1 = llvm.sext %odd : i1 to i32
      %e2 = arith.extui %odd : i1 to i32
      %e3 = llvm.zext %odd : i1 to i32
      memref.store %e0, %k[%base] : memref<10xi32>
      memref.store %e1, %k[%i1] : memref<10xi32>
      memref.store %e2, %k[%i2] : memref<10xi32>
      memref.store %e3, %k[%i3] : memref<10xi32>
      %x4 = arith.index_cast %odd : i1 to index
      %e4 = arith.index_cast %x4 : index to i32
      memref.store %e4, %k[%i4] : memref<10xi32>
      gpu.terminator
    }
    %v = memref.cast %k : memref<10xi32> to memref<*xi32>
    call @printMemrefI32(%v) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<5xi32>
    gpu.dealloc %k : memref<10xi32>
    return
  }
}
