// Every #gpu<all_reduce_op> kind and the region form, over blocks of 40 threads (more than one
// subgroup) in a grid of 2 blocks: the result is the same for every thread of a block, so one
// thread per block stores it.  minimumf/maximumf propagate a NaN, minnumf/maxnumf ignore it.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK-LABEL: integers
// CHECK: [820,   4820]
// CHECK-NEXT: [16384,   16384]
// CHECK-NEXT: [-19,   81]
// CHECK-NEXT: [0,   81]
// CHECK-NEXT: [20,   120]
// CHECK-NEXT: [-1,   120]
// CHECK-NEXT: [8,   8]
// CHECK-NEXT: [63,   127]
// CHECK-NEXT: [40,   40]
// CHECK-NEXT: [20540,   20540]
// CHECK-LABEL: floats
// CHECK: [190,   4190]
// CHECK-NEXT: [1024,   1024]
// CHECK-NEXT: [-5,   95]
// CHECK-NEXT: [14.5,   114.5]
// CHECK-NEXT: [-5,   95]
// CHECK-NEXT: [nan,   nan]
// CHECK-NEXT: [14.5,   114.5]

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %ints = memref.alloc() : memref<10x2xi32>
  %floats = memref.alloc() : memref<7x2xf32>
  %ui = memref.cast %ints : memref<10x2xi32> to memref<*xi32>
  %uf = memref.cast %floats : memref<7x2xf32> to memref<*xf32>
  gpu.host_register %ui : memref<*xi32>
  gpu.host_register %uf : memref<*xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %b = arith.index_cast %bx : index to i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    %i8 = arith.constant 8 : i32
    %i20 = arith.constant 20 : i32
    %i64 = arith.constant 64 : i32
    %i100 = arith.constant 100 : i32
    %hb = arith.muli %b, %i100 : i32
    %t1 = arith.addi %t, %i1 : i32
    %v = arith.addi %t1, %hb : i32
    %sum = gpu.all_reduce add %v {} : (i32) -> (i32)
    %rem = arith.remui %t, %i3 : i32
    %c0_i32 = arith.constant 0 : i32
    %is0 = arith.cmpi eq, %rem, %c0_i32 : i32
    %m = arith.select %is0, %i2, %i1 : i32
    %prod = gpu.all_reduce mul %m uniform {} : (i32) -> (i32)
    %w = arith.subi %v, %i20 : i32
    %minsi = gpu.all_reduce minsi %w {} : (i32) -> (i32)
    %minui = gpu.all_reduce minui %w {} : (i32) -> (i32)
    %maxsi = gpu.all_reduce maxsi %w {} : (i32) -> (i32)
    %maxui = gpu.all_reduce maxui %w {} : (i32) -> (i32)
    %t8 = arith.ori %t, %i8 : i32
    %and = gpu.all_reduce and %t8 {} : (i32) -> (i32)
    %b64 = arith.muli %b, %i64 : i32
    %tb = arith.addi %t, %b64 : i32
    %or = gpu.all_reduce or %tb {} : (i32) -> (i32)
    %xor = gpu.all_reduce xor %t1 {} : (i32) -> (i32)
    %sq = arith.muli %t, %t : i32
    %region = gpu.all_reduce %sq {
    ^bb(%lhs: i32, %rhs: i32):
      %s = arith.addi %lhs, %rhs : i32
      gpu.yield %s : i32
    } : (i32) -> (i32)

    %f = arith.sitofp %t : i32 to f32
    %half = arith.constant 0.5 : f32
    %five = arith.constant 5.0 : f32
    %hundred = arith.constant 100.0 : f32
    %bf = arith.sitofp %b : i32 to f32
    %f0 = arith.mulf %f, %half : f32
    %f1 = arith.subf %f0, %five : f32
    %fb = arith.mulf %bf, %hundred : f32
    %x = arith.addf %f1, %fb : f32
    %nan = arith.constant 0x7FC00000 : f32
    %c7 = arith.constant 7 : i32
    %is7 = arith.cmpi eq, %t, %c7 : i32
    %y = arith.select %is7, %nan, %x : f32
    %fadd = gpu.all_reduce add %x {} : (f32) -> (f32)
    %c4_i32 = arith.constant 4 : i32
    %r4 = arith.remui %t, %c4_i32 : i32
    %is4 = arith.cmpi eq, %r4, %c0_i32 : i32
    %two = arith.constant 2.0 : f32
    %onef = arith.constant 1.0 : f32
    %g = arith.select %is4, %two, %onef : f32
    %fmul = gpu.all_reduce mul %g {} : (f32) -> (f32)
    %minnum = gpu.all_reduce minnumf %y {} : (f32) -> (f32)
    %maxnum = gpu.all_reduce maxnumf %y {} : (f32) -> (f32)
    %minimum = gpu.all_reduce minimumf %x {} : (f32) -> (f32)
    %maximum = gpu.all_reduce maximumf %y {} : (f32) -> (f32)
    %fregion = gpu.all_reduce %x {
    ^bb(%lhs: f32, %rhs: f32):
      %mx = arith.maximumf %lhs, %rhs : f32
      gpu.yield %mx : f32
    } : (f32) -> (f32)

    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      %k6 = arith.constant 6 : index
      %k7 = arith.constant 7 : index
      %k8 = arith.constant 8 : index
      %k9 = arith.constant 9 : index
      memref.store %sum, %ints[%k0, %bx] : memref<10x2xi32>
      memref.store %prod, %ints[%k1, %bx] : memref<10x2xi32>
      memref.store %minsi, %ints[%k2, %bx] : memref<10x2xi32>
      memref.store %minui, %ints[%k3, %bx] : memref<10x2xi32>
      memref.store %maxsi, %ints[%k4, %bx] : memref<10x2xi32>
      memref.store %maxui, %ints[%k5, %bx] : memref<10x2xi32>
      memref.store %and, %ints[%k6, %bx] : memref<10x2xi32>
      memref.store %or, %ints[%k7, %bx] : memref<10x2xi32>
      memref.store %xor, %ints[%k8, %bx] : memref<10x2xi32>
      memref.store %region, %ints[%k9, %bx] : memref<10x2xi32>
      memref.store %fadd, %floats[%k0, %bx] : memref<7x2xf32>
      memref.store %fmul, %floats[%k1, %bx] : memref<7x2xf32>
      memref.store %minnum, %floats[%k2, %bx] : memref<7x2xf32>
      memref.store %maxnum, %floats[%k3, %bx] : memref<7x2xf32>
      memref.store %minimum, %floats[%k4, %bx] : memref<7x2xf32>
      memref.store %maximum, %floats[%k5, %bx] : memref<7x2xf32>
      memref.store %fregion, %floats[%k6, %bx] : memref<7x2xf32>
    }
    gpu.terminator
  }
  vector.print str "integers\n"
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  vector.print str "floats\n"
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  gpu.host_unregister %ui : memref<*xi32>
  gpu.host_unregister %uf : memref<*xf32>
  memref.dealloc %ints : memref<10x2xi32>
  memref.dealloc %floats : memref<7x2xf32>
  return
}

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
