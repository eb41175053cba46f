// Float min/max order -0.0 below +0.0 (maximumf/maxnumf of the two give 0, minimumf/minnumf give
// -0), whichever operand comes first, as under mlir-runner; maximumf/minimumf propagate NaN,
// maxnumf/minnumf return the other operand.  On the host and in a kernel.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// host: (-0, 0) and (0, -0) through maximumf, maxnumf, minimumf, minnumf; then NaN with 1
// CHECK:      [0,  0,  0,  0,  -0,  -0,  -0,  -0,  nan,  1,  nan,  1]
// kernel: thread t computes on (-0, 0) when t = 0 and (0, -0) when t = 1
// CHECK:      [0,  0,  -0,  -0,  0,  0,  -0,  -0]
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nz = arith.constant -0.0 : f32
    %pz = arith.constant 0.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %one = arith.constant 1.0 : f32
    %h = memref.alloc() : memref<12xf32>
    %r0 = arith.maximumf %nz, %pz : f32
    %r1 = arith.maximumf %pz, %nz : f32
    %r2 = arith.maxnumf %nz, %pz : f32
    %r3 = arith.maxnumf %pz, %nz : f32
    %r4 = arith.minimumf %nz, %pz : f32
    %r5 = arith.minimumf %pz, %nz : f32
    %r6 = arith.minnumf %nz, %pz : f32
    %r7 = arith.minnumf %pz, %nz : f32
    %r8 = arith.maximumf %nan, %one : f32
    %r9 = arith.maxnumf %nan, %one : f32
    %r10 = arith.minimumf %one, %nan : f32
    %r11 = arith.minnumf %one, %nan : f32
    %i0 = arith.constant 0 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    %i6 = arith.constant 6 : index
    %i7 = arith.constant 7 : index
    %i8 = arith.constant 8 : index
    %i9 = arith.constant 9 : index
    %i10 = arith.constant 10 : index
    %i11 = arith.constant 11 : index
    memref.store %r0, %h[%i0] : memref<12xf32>
    memref.store %r1, %h[%c1] : memref<12xf32>
    memref.store %r2, %h[%c2] : memref<12xf32>
    memref.store %r3, %h[%i3] : memref<12xf32>
    memref.store %r4, %h[%i4] : memref<12xf32>
    memref.store %r5, %h[%i5] : memref<12xf32>
    memref.store %r6, %h[%i6] : memref<12xf32>
    memref.store %r7, %h[%i7] : memref<12xf32>
    memref.store %r8, %h[%i8] : memref<12xf32>
    memref.store %r9, %h[%i9] : memref<12xf32>
    memref.store %r10, %h[%i10] : memref<12xf32>
    memref.store %r11, %h[%i11] : memref<12xf32>
    %u = memref.cast %h : memref<12xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %k = gpu.alloc host_shared () : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
      %is0 = arith.cmpi eq, %tx, %i0 : index
      %a = arith.select %is0, %nz, %pz : f32
      %b = arith.select %is0, %pz, %nz : f32
      %base = arith.muli %tx, %i4 : index
      %j1 = arith.addi %base, %c1 : index
      %j2 = arith.addi %base, %c2 : index
      %j3 = arith.addi %base, %i3 : index
      %m0 = arith.maximumf %a, %b : f32
      %m1 = arith.maxnumf %a, %b : f32
      %m2 = arith.minimumf %a, %b : f32
      %m3 = arith.minnumf %a, %b : f32
      memref.store %m0, %k[%base] : memref<8xf32>
      memref.store %m1, %k[%j1] : memref<8xf32>
      memref.store %m2, %k[%j2] : memref<8xf32>
      memref.store %m3, %k[%j3] : memref<8xf32>
      gpu.terminator
    }
    %v = memref.cast %k : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%v) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<12xf32>
    gpu.dealloc %k : memref<8xf32>
    return
  }
}
