// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Module-level llvm symbols: constructor/destructor tables, aliases, ifuncs and
// module flags.

llvm.func @init() {
  llvm.return
}
llvm.func @fini() {
  llvm.return
}
llvm.mlir.global internal @table(dense<0> : tensor<4xi32>) : !llvm.array<4 x i32>

// CHECK: llvm.mlir.global_ctors ctors = [@init], priorities = [65535 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [@init], priorities = [65535 : i32], data = [#llvm.zero]
// CHECK: llvm.mlir.global_dtors dtors = [@fini, @init], priorities = [1 : i32, 2 : i32], data = [@table, #llvm.zero]
llvm.mlir.global_dtors dtors = [@fini, @init], priorities = [1 : i32, 2 : i32], data = [@table, #llvm.zero]

// CHECK: llvm.mlir.alias external @table_alias : !llvm.array<4 x i32> {
// CHECK-NEXT: llvm.mlir.addressof @table : !llvm.ptr
// CHECK-NEXT: llvm.return %{{.*}} : !llvm.ptr
llvm.mlir.alias @table_alias : !llvm.array<4 x i32> {
  %0 = llvm.mlir.addressof @table : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// CHECK: llvm.mlir.alias linkonce_odr protected thread_local local_unnamed_addr @second {dso_local} : i32 {
llvm.mlir.alias linkonce_odr protected thread_local local_unnamed_addr @second {dso_local} : i32 {
  %0 = llvm.mlir.addressof @table_alias : !llvm.ptr
  %1 = llvm.getelementptr inbounds %0[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i32>
  llvm.return %1 : !llvm.ptr
}

llvm.func internal @pick() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @fini : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// CHECK: llvm.mlir.ifunc external @dispatch : !llvm.func<void ()>, !llvm.ptr @pick
llvm.mlir.ifunc external @dispatch : !llvm.func<void ()>, !llvm.ptr @pick
// CHECK: llvm.mlir.ifunc weak_odr hidden unnamed_addr @dispatch2 : !llvm.func<i32 (i32)>, !llvm.ptr @pick {dso_local}
llvm.mlir.ifunc weak_odr hidden unnamed_addr @dispatch2 : !llvm.func<i32 (i32)>, !llvm.ptr @pick {dso_local}

// CHECK: llvm.module_flags [#llvm.mlir.module_flag<warning, "Dwarf Version", 5 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>]
llvm.module_flags [#llvm.mlir.module_flag<warning, "Dwarf Version", 5 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>]

// CHECK: llvm.comdat @groups {
// CHECK-NEXT: llvm.comdat_selector @first any
// CHECK-NEXT: llvm.comdat_selector @biggest largest
// CHECK-NEXT: llvm.comdat_selector @same samesize
llvm.comdat @groups {
  llvm.comdat_selector @first any
  llvm.comdat_selector @biggest largest
  llvm.comdat_selector @same samesize
}
