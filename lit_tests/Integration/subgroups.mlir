// Subgroup (warp) ops: gpu.subgroup_reduce over whole subgroups and clusters (size, stride) in a
// block of 48 threads (a full subgroup and a partial one), the subgroup ids, and gpu.shuffle in
// every mode with its validity result (an invalid lane stores -1), with widths 32 and 16.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK-LABEL: reduce
// CHECK: [496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   496,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632,   632]
// CHECK: [6,   6,   6,   6,   22,   22,   22,   22,   38,   38,   38,   38,   54,   54,   54,   54,   70,   70,   70,   70,   86,   86,   86,   86,   102,   102,   102,   102,   118,   118,   118,   118,   134,   134,   134,   134,   150,   150,   150,   150,   166,   166,   166,   166,   182,   182,   182,   182]
// CHECK: [24,   25,   26,   27,   28,   29,   30,   31,   24,   25,   26,   27,   28,   29,   30,   31,   24,   25,   26,   27,   28,   29,   30,   31,   24,   25,   26,   27,   28,   29,   30,   31,   40,   41,   42,   43,   44,   45,   46,   47,   40,   41,   42,   43,   44,   45,   46,   47]
// CHECK-LABEL: ids
// CHECK: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,   28,   29,   30,   31,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15]
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1]
// CHECK: [2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2]
// CHECK: [32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32,   32]
// CHECK-LABEL: shuffle
// CHECK: [10,   0,   30,   20,   50,   40,   70,   60,   90,   80,   110,   100,   130,   120,   150,   140,   170,   160,   190,   180,   210,   200,   230,   220,   250,   240,   270,   260,   290,   280,   310,   300,   330,   320,   350,   340,   370,   360,   390,   380,   410,   400,   430,   420,   450,   440,   470,   460,   490,   480,   510,   500,   530,   520,   550,   540,   570,   560,   590,   580,   610,   600,   630,   620]
// CHECK: [30,   40,   50,   60,   70,   80,   90,   100,   110,   120,   130,   140,   150,   160,   170,   180,   190,   200,   210,   220,   230,   240,   250,   260,   270,   280,   290,   300,   310,   -1,   -1,   -1,   350,   360,   370,   380,   390,   400,   410,   420,   430,   440,   450,   460,   470,   480,   490,   500,   510,   520,   530,   540,   550,   560,   570,   580,   590,   600,   610,   620,   630,   -1,   -1,   -1]
// CHECK: [-1,   -1,   0,   10,   20,   30,   40,   50,   60,   70,   80,   90,   100,   110,   120,   130,   140,   150,   160,   170,   180,   190,   200,   210,   220,   230,   240,   250,   260,   270,   280,   290,   -1,   -1,   320,   330,   340,   350,   360,   370,   380,   390,   400,   410,   420,   430,   440,   450,   460,   470,   480,   490,   500,   510,   520,   530,   540,   550,   560,   570,   580,   590,   600,   610]
// CHECK: [50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   50,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370,   370]
// CHECK: [40,   50,   60,   70,   0,   10,   20,   30,   120,   130,   140,   150,   80,   90,   100,   110,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   360,   370,   380,   390,   320,   330,   340,   350,   440,   450,   460,   470,   400,   410,   420,   430,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1]

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %red = memref.alloc() : memref<3x48xi32>
  %ids = memref.alloc() : memref<4x48xi32>
  %shf = memref.alloc() : memref<5x64xi32>
  %ur = memref.cast %red : memref<3x48xi32> to memref<*xi32>
  %ui = memref.cast %ids : memref<4x48xi32> to memref<*xi32>
  %us = memref.cast %shf : memref<5x64xi32> to memref<*xi32>
  gpu.host_register %ur : memref<*xi32>
  gpu.host_register %ui : memref<*xi32>
  gpu.host_register %us : memref<*xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %full = gpu.subgroup_reduce add %t : (i32) -> i32
    %c4s1 = gpu.subgroup_reduce add %t cluster(size = 4) : (i32) -> i32
    %c4s8 = gpu.subgroup_reduce maxsi %t uniform cluster(size = 4, stride = 8) : (i32) -> i32
    memref.store %full, %red[%c0, %tx] : memref<3x48xi32>
    memref.store %c4s1, %red[%c1, %tx] : memref<3x48xi32>
    memref.store %c4s8, %red[%c2, %tx] : memref<3x48xi32>
    %lane = gpu.lane_id
    %sg = gpu.subgroup_id : index
    %nsg = gpu.num_subgroups : index
    %sgs = gpu.subgroup_size : index
    %i0 = arith.index_cast %lane : index to i32
    %i1 = arith.index_cast %sg : index to i32
    %i2 = arith.index_cast %nsg : index to i32
    %i3 = arith.index_cast %sgs : index to i32
    memref.store %i0, %ids[%c0, %tx] : memref<4x48xi32>
    memref.store %i1, %ids[%c1, %tx] : memref<4x48xi32>
    memref.store %i2, %ids[%c2, %tx] : memref<4x48xi32>
    memref.store %i3, %ids[%c3, %tx] : memref<4x48xi32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %ten = arith.constant 10 : i32
    %v = arith.muli %t, %ten : i32
    %m1 = arith.constant -1 : i32
    %o1 = arith.constant 1 : i32
    %o2 = arith.constant 2 : i32
    %o3 = arith.constant 3 : i32
    %o4 = arith.constant 4 : i32
    %o5 = arith.constant 5 : i32
    %w32 = arith.constant 32 : i32
    %w16 = arith.constant 16 : i32
    %r0, %ok0 = gpu.shuffle xor %v, %o1, %w32 : i32
    %r1, %ok1 = gpu.shuffle down %v, %o3, %w32 : i32
    %r2, %ok2 = gpu.shuffle up %v, %o2, %w32 : i32
    %r3, %ok3 = gpu.shuffle idx %v, %o5, %w32 : i32
    %r4, %ok4 = gpu.shuffle xor %v, %o4, %w16 : i32
    %s0 = arith.select %ok0, %r0, %m1 : i32
    %s1 = arith.select %ok1, %r1, %m1 : i32
    %s2 = arith.select %ok2, %r2, %m1 : i32
    %s3 = arith.select %ok3, %r3, %m1 : i32
    %s4 = arith.select %ok4, %r4, %m1 : i32
    memref.store %s0, %shf[%c0, %tx] : memref<5x64xi32>
    memref.store %s1, %shf[%c1, %tx] : memref<5x64xi32>
    memref.store %s2, %shf[%c2, %tx] : memref<5x64xi32>
    memref.store %s3, %shf[%c3, %tx] : memref<5x64xi32>
    memref.store %s4, %shf[%c4, %tx] : memref<5x64xi32>
    gpu.terminator
  }
  vector.print str "reduce\n"
  call @printMemrefI32(%ur) : (memref<*xi32>) -> ()
  vector.print str "ids\n"
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  vector.print str "shuffle\n"
  call @printMemrefI32(%us) : (memref<*xi32>) -> ()
  gpu.host_unregister %ur : memref<*xi32>
  gpu.host_unregister %ui : memref<*xi32>
  gpu.host_unregister %us : memref<*xi32>
  memref.dealloc %red : memref<3x48xi32>
  memref.dealloc %ids : memref<4x48xi32>
  memref.dealloc %shf : memref<5x64xi32>
  return
}

func.func private @printMemrefI32(memref<*xi32>)
