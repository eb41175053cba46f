// Bit counts on every integer width: math.ctpop/ctlz/cttz and llvm.intr.ctpop/ctlz/cttz, on the
// host and in a kernel (one value per thread), as under mlir-runner (ctlz/cttz of 0 is the width).
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s
// host, i64 -1, 5 and 0 then i8 -3: ctpop, ctlz, cttz each; then the llvm intrinsics on i64 5
// CHECK:      [64,  0,  0,  2,  61,  0,  0,  64,  64,  7,  0,  0,  2,  61,  0]
// kernel: thread t counts on the i16 value t * 8 (0 and 8): ctpop, ctlz, cttz
// CHECK:      [0,  16,  16,  1,  12,  3]
module attributes {gpu.container_module} {
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @store(%m: memref<15xi64>, %i: index, %v: i64) {
    memref.store %v, %m[%i] : memref<15xi64>
    return
  }
  func.func @counts(%m: memref<15xi64>, %at: index, %x: i64) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = math.ctpop %x : i64
    %b = math.ctlz %x : i64
    %c = math.cttz %x : i64
    %i1 = arith.addi %at, %c1 : index
    %i2 = arith.addi %at, %c2 : index
    call @store(%m, %at, %a) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %i1, %b) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %i2, %c) : (memref<15xi64>, index, i64) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c9 = arith.constant 9 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %m = memref.alloc() : memref<15xi64>
    %neg = arith.constant -1 : i64
    %five = arith.constant 5 : i64
    %zero = arith.constant 0 : i64
    call @counts(%m, %c0, %neg) : (memref<15xi64>, index, i64) -> ()
    call @counts(%m, %c3, %five) : (memref<15xi64>, index, i64) -> ()
    call @counts(%m, %c6, %zero) : (memref<15xi64>, index, i64) -> ()
    %b = arith.constant -3 : i8
    %p8 = math.ctpop %b : i8
    %l8 = math.ctlz %b : i8
    %t8 = math.cttz %b : i8
    %p = arith.extsi %p8 : i8 to i64
    %l = arith.extsi %l8 : i8 to i64
    %t = arith.extsi %t8 : i8 to i64
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    call @store(%m, %c9, %p) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %c10, %l) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %c11, %t) : (memref<15xi64>, index, i64) -> ()
    %ip = llvm.intr.ctpop(%five) : (i64) -> i64
    %il = "llvm.intr.ctlz"(%five) <{is_zero_poison = false}> : (i64) -> i64
    %it = "llvm.intr.cttz"(%five) <{is_zero_poison = false}> : (i64) -> i64
    call @store(%m, %c12, %ip) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %c13, %il) : (memref<15xi64>, index, i64) -> ()
    call @store(%m, %c14, %it) : (memref<15xi64>, index, i64) -> ()
    %u = memref.cast %m : memref<15xi64> to memref<*xi64>
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    %k = gpu.alloc host_shared () : memref<6xi64>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
      %t64 = arith.index_cast %tx : index to i64
      %eight = arith.constant 8 : i64
      %v64 = arith.muli %t64, %eight : i64
      %v = arith.trunci %v64 : i64 to i16
      %q = math.ctpop %v : i16
      %r = math.ctlz %v : i16
      %s = math.cttz %v : i16
      %base = arith.muli %tx, %c3 : index
      %j1 = arith.addi %base, %c1 : index
      %j2 = arith.addi %base, %c2 : index
      %q64 = arith.extsi %q : i16 to i64
      %r64 = arith.extsi %r : i16 to i64
      %s64 = arith.extsi %s : i16 to i64
      memref.store %q64, %k[%base] : memref<6xi64>
      memref.store %r64, %k[%j1] : memref<6xi64>
      memref.store %s64, %k[%j2] : memref<6xi64>
      gpu.terminator
    }
    %v = memref.cast %k : memref<6xi64> to memref<*xi64>
    call @printMemrefI64(%v) : (memref<*xi64>) -> ()
    memref.dealloc %m : memref<15xi64>
    gpu.dealloc %k : memref<6xi64>
    return
  }
}
