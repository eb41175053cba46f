// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt --mlir-print-op-generic | filecheck %s

// A string global without a type is an i8 array as long as the string's UTF-8 bytes (as
// mlir-opt 22.1.8), whether the multi-byte characters are written as themselves or as escapes.

// CHECK: global_type = !llvm.array<7 x i8>, {{.*}}sym_name = "accented", {{.*}}value = "h\C3\A9llo\00"
llvm.mlir.global internal constant @accented("héllo\00")
// CHECK: global_type = !llvm.array<3 x i8>, {{.*}}sym_name = "euro", {{.*}}value = "\E2\82\AC"
llvm.mlir.global internal constant @euro("€")
// CHECK: global_type = !llvm.array<5 x i8>, {{.*}}sym_name = "emoji", {{.*}}value = "\F0\9F\98\80\00"
llvm.mlir.global internal constant @emoji("\F0\9F\98\80\00")
