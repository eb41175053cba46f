// The math ops and llvm.intr.* intrinsics kernels use, per thread (thread t computes on x = t + 1).
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK-LABEL: floats
// sqrt(x*x), fma(x, 2, 1), exp(0) + floor(x + 0.5), maxnum(NaN, x), fpowi(x, 2), copysign(x, -1), x clamped to [2, 3]
// CHECK: [1,   2,   3,   4]
// CHECK-NEXT: [3,   5,   7,   9]
// CHECK-NEXT: [2,   3,   4,   5]
// CHECK-NEXT: [1,   2,   3,   4]
// CHECK-NEXT: [1,   4,   9,   16]
// CHECK-NEXT: [-1,   -2,   -3,   -4]
// CHECK-NEXT: [2,   2,   3,   3]
// CHECK-LABEL: integers
// ctpop(x), smax(x, 2), umin(-1, x) (unsigned), isnan((x - x) / (x - x)) as 0/1, ctlz(x)
// CHECK: [1,   1,   2,   1]
// CHECK-NEXT: [2,   2,   3,   4]
// CHECK-NEXT: [1,   2,   3,   4]
// CHECK-NEXT: [1,   1,   1,   1]
// CHECK-NEXT: [31,   30,   30,   29]

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %fl = memref.alloc() : memref<7x4xf32>
  %in = memref.alloc() : memref<5x4xi32>
  %uf = memref.cast %fl : memref<7x4xf32> to memref<*xf32>
  %ui = memref.cast %in : memref<5x4xi32> to memref<*xi32>
  gpu.host_register %uf : memref<*xf32>
  gpu.host_register %ui : memref<*xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %one = arith.constant 1 : i32
    %xi = arith.addi %t, %one : i32
    %x = arith.sitofp %xi : i32 to f32
    %sq = arith.mulf %x, %x : f32
    %r0 = math.sqrt %sq : f32
    %two = arith.constant 2.0 : f32
    %onef = arith.constant 1.0 : f32
    %r1 = llvm.intr.fma(%x, %two, %onef) : (f32, f32, f32) -> f32
    %zero = arith.constant 0.0 : f32
    %e = math.exp %zero : f32
    %half = arith.constant 0.5 : f32
    %xh = arith.addf %x, %half : f32
    %fl0 = llvm.intr.floor(%xh) : (f32) -> f32
    %r2 = arith.addf %e, %fl0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %r3 = llvm.intr.maxnum(%nan, %x) : (f32, f32) -> f32
    %i2 = arith.constant 2 : i32
    %r4 = math.fpowi %x, %i2 : f32, i32
    %neg = arith.constant -1.0 : f32
    %r5 = llvm.intr.copysign(%x, %neg) : (f32, f32) -> f32
    %three = arith.constant 3.0 : f32
    %r6 = math.clampf %x to [%two, %three] : f32
    memref.store %r0, %fl[%c0, %tx] : memref<7x4xf32>
    memref.store %r1, %fl[%c1, %tx] : memref<7x4xf32>
    memref.store %r2, %fl[%c2, %tx] : memref<7x4xf32>
    memref.store %r3, %fl[%c3, %tx] : memref<7x4xf32>
    memref.store %r4, %fl[%c4, %tx] : memref<7x4xf32>
    memref.store %r5, %fl[%c5, %tx] : memref<7x4xf32>
    memref.store %r6, %fl[%c6, %tx] : memref<7x4xf32>
    %p = llvm.intr.ctpop(%xi) : (i32) -> i32
    %mx = llvm.intr.smax(%xi, %i2) : (i32, i32) -> i32
    %m1 = arith.constant -1 : i32
    %mn = llvm.intr.umin(%m1, %xi) : (i32, i32) -> i32
    %d = arith.subf %x, %x : f32
    %z = arith.divf %d, %d : f32
    %isn = math.isnan %z : f32
    %isni = arith.extui %isn : i1 to i32
    %lz = "llvm.intr.ctlz"(%xi) <{is_zero_poison = false}> : (i32) -> i32
    memref.store %p, %in[%c0, %tx] : memref<5x4xi32>
    memref.store %mx, %in[%c1, %tx] : memref<5x4xi32>
    memref.store %mn, %in[%c2, %tx] : memref<5x4xi32>
    memref.store %isni, %in[%c3, %tx] : memref<5x4xi32>
    memref.store %lz, %in[%c4, %tx] : memref<5x4xi32>
    gpu.terminator
  }
  vector.print str "floats\n"
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  vector.print str "integers\n"
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  gpu.host_unregister %uf : memref<*xf32>
  gpu.host_unregister %ui : memref<*xi32>
  memref.dealloc %fl : memref<7x4xf32>
  memref.dealloc %in : memref<5x4xi32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
