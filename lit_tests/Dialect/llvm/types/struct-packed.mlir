// Packed LLVM structs (literal and identified) print `packed (...)` in both forms, inside function
// types too; the generic form reads back to the same custom output.
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// CHECK: llvm.func @f(%arg0: !llvm.struct<packed (i8, i32)>, %arg1: !llvm.struct<"n", packed (i8)>, %arg2: !llvm.struct<(i8, i32)>)
// GENERIC: function_type = !llvm.func<void (struct<packed (i8, i32)>, struct<"n", packed (i8)>, struct<(i8, i32)>)>
// GENERIC: ^bb0(%arg0: !llvm.struct<packed (i8, i32)>, %arg1: !llvm.struct<"n", packed (i8)>, %arg2: !llvm.struct<(i8, i32)>):
llvm.func @f(%a: !llvm.struct<packed (i8, i32)>, %b: !llvm.struct<"n", packed (i8)>, %c: !llvm.struct<(i8, i32)>) {
  llvm.return
}
