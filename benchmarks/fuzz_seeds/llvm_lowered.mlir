// Written for the fuzzer in the shape of a lowered host module: llvm.func ops, constants of
// several widths, a runtime call sequence — and a comment with non-ASCII text (é, ü, 中).
module {
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  llvm.func @mgpuStreamDestroy(!llvm.ptr)
  llvm.func @main() -> i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(-1 : i8) : i8
    %2 = llvm.mlir.constant(65535 : i64) : i64
    %3 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    llvm.call @mgpuStreamSynchronize(%3) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%3) : (!llvm.ptr) -> ()
    llvm.return %0 : i32
  }
}
