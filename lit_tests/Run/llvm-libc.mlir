// Host code in the LLVM dialect as upstream's lowerings write it: libc allocation and byte calls,
// globals, GEPs over structs and arrays with the target's natural alignment.
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: not asyncgpu-opt %s --run --backend sim -e bad_free 2>&1 | filecheck %s --check-prefix FREE
// RUN: not asyncgpu-opt %s --run --backend sim -e copy_past_end 2>&1 | filecheck %s --check-prefix PAST
// RUN: not asyncgpu-opt %s --run --backend sim -e copy_after_free 2>&1 | filecheck %s --check-prefix UAF

module {
  llvm.mlir.global internal constant @msg("AsyncGPU\00") {addr_space = 0 : i32} : !llvm.array<9 x i8>
  llvm.mlir.global private @tbl(dense<[10, 20, 30]> : tensor<3xi32>) {addr_space = 0 : i32} : !llvm.array<3 x i32>
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @calloc(i64, i64) -> !llvm.ptr
  llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
  llvm.func @memset(!llvm.ptr, i32, i64) -> !llvm.ptr
  llvm.func @printI64(i64)
  llvm.func @printF64(f64)
  llvm.func @printNewline()

  // CHECK: 24
  // CHECK-NEXT: 7
  // CHECK-NEXT: 2.5
  // CHECK-NEXT: 65
  // CHECK-NEXT: 71
  // CHECK-NEXT: 20
  // CHECK-NEXT: 30
  // CHECK-NEXT: 0
  // CHECK-NEXT: 65793
  llvm.func @main() {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i64) : i64
    %c9 = llvm.mlir.constant(9 : i64) : i64
    %c64 = llvm.mlir.constant(64 : i64) : i64
    // sizeof(struct<(i32, f64, i8)>) the way upstream computes it: 4 + pad 4 + 8 + 1 + tail pad 7
    %null = llvm.mlir.zero : !llvm.ptr
    %end = llvm.getelementptr %null[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64, i8)>
    %size = llvm.ptrtoint %end : !llvm.ptr to i64
    llvm.call @printI64(%size) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %s = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %f0 = llvm.getelementptr %s[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64, i8)>
    %f1 = llvm.getelementptr %s[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64, i8)>
    %seven = llvm.mlir.constant(7 : i32) : i32
    %half = llvm.mlir.constant(2.5 : f64) : f64
    llvm.store %seven, %f0 : i32, !llvm.ptr
    llvm.store %half, %f1 : f64, !llvm.ptr
    // the f64 field is at byte 8: read it back through a byte offset
    %b8 = llvm.getelementptr %s[8] : (!llvm.ptr) -> !llvm.ptr, i8
    %x0 = llvm.load %f0 : !llvm.ptr -> i32
    %x1 = llvm.load %b8 : !llvm.ptr -> f64
    %x0w = llvm.sext %x0 : i32 to i64
    llvm.call @printI64(%x0w) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @printF64(%x1) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%s) : (!llvm.ptr) -> ()
    // a string global copied into heap memory
    %str = llvm.mlir.addressof @msg : !llvm.ptr
    %buf = llvm.call @aligned_alloc(%c64, %c64) : (i64, i64) -> !llvm.ptr
    %r = llvm.call @memcpy(%buf, %str, %c9) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    %p0 = llvm.getelementptr %r[0] : (!llvm.ptr) -> !llvm.ptr, i8
    %p5 = llvm.getelementptr %buf[0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<9 x i8>
    %ch0 = llvm.load %p0 : !llvm.ptr -> i8
    %ch5 = llvm.load %p5 : !llvm.ptr -> i8
    %ch0w = llvm.zext %ch0 : i8 to i64
    %ch5w = llvm.zext %ch5 : i8 to i64
    llvm.call @printI64(%ch0w) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @printI64(%ch5w) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%buf) : (!llvm.ptr) -> ()
    // a dense global, indexed as an array
    %t = llvm.mlir.addressof @tbl : !llvm.ptr
    %i = llvm.getelementptr %t[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i32>
    %j = llvm.getelementptr %t[%c0, %c3] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x i32>
    %jm = llvm.getelementptr %j[-1] : (!llvm.ptr) -> !llvm.ptr, i32
    %v1 = llvm.load %i : !llvm.ptr -> i32
    %v2 = llvm.load %jm : !llvm.ptr -> i32
    %v1w = llvm.sext %v1 : i32 to i64
    %v2w = llvm.sext %v2 : i32 to i64
    llvm.call @printI64(%v1w) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @printI64(%v2w) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    // calloc zero-fills; memset sets bytes
    %z = llvm.call @calloc(%c3, %c3) : (i64, i64) -> !llvm.ptr
    %zv = llvm.load %z : !llvm.ptr -> i64
    llvm.call @printI64(%zv) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %one = llvm.mlir.constant(257 : i32) : i32
    %m = llvm.call @memset(%z, %one, %c3) : (!llvm.ptr, i32, i64) -> !llvm.ptr
    %mv = llvm.load %m : !llvm.ptr -> i32
    %hex = llvm.mlir.constant(16777215 : i32) : i32
    %mv24 = llvm.and %mv, %hex : i32
    %mvw = llvm.zext %mv24 : i32 to i64
    llvm.call @printI64(%mvw) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%z) : (!llvm.ptr) -> ()
    llvm.return
  }

  // FREE: llvm-libc.mlir:[[# @LINE + 5]]:5: error: --run: free of a pointer that malloc did not return
  llvm.func @bad_free() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[4] : (!llvm.ptr) -> !llvm.ptr, i8
    llvm.call @free(%q) : (!llvm.ptr) -> ()
    llvm.return
  }

  // PAST: llvm-libc.mlir:[[# @LINE + 6]]:10: error: --run: memcpy of 9 bytes at offset 0 is out of bounds of a 8-byte buffer
  llvm.func @copy_past_end() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %c9 = llvm.mlir.constant(9 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %s = llvm.mlir.addressof @msg : !llvm.ptr
    %r = llvm.call @memcpy(%p, %s, %c9) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    llvm.return
  }

  // UAF: llvm-libc.mlir:[[# @LINE + 6]]:10: error: use after free: memcpy on host at {{.*}} reads buffer #{{[0-9]+}} freed at {{.*}}llvm-libc.mlir:[[# @LINE + 5]]:5
  llvm.func @copy_after_free() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %q = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    %r = llvm.call @memcpy(%q, %p, %c8) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    llvm.return
  }
}
