// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The optional keywords of llvm.func, llvm.mlir.global and llvm.call (linkage, visibility,
// thread_local, unnamed_addr, calling convention, tail call kind, vscale_range, comdat) and the
// comdat table they name. The default of each (external, default visibility, no unnamed_addr,
// ccc, none) prints nothing.

// CHECK: llvm.comdat @table {
// CHECK-NEXT: llvm.comdat_selector @any any
// CHECK-NEXT: llvm.comdat_selector @big largest
// CHECK-NEXT: }
llvm.comdat @table {
  llvm.comdat_selector @any any
  llvm.comdat_selector @big largest
}

// CHECK: llvm.func weak hidden local_unnamed_addr fastcc @kernel() vscale_range(1, 16) comdat(@table::@any) attributes {dso_local} {
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<fastcc>, comdat = @table::@any, dso_local, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<weak>, sym_name = "kernel", unnamed_addr = 1 : i64, visibility_ = 1 : i64, vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 16 : i32>}>
llvm.func weak hidden local_unnamed_addr fastcc @kernel() vscale_range(1, 16) comdat(@table::@any) attributes {dso_local} {
  llvm.return
}

// CHECK: llvm.func protected unnamed_addr cc_10 @decl(i32) -> (i32 {llvm.noundef})
llvm.func protected unnamed_addr cc_10 @decl(i32) -> (i32 {llvm.noundef})

// CHECK: llvm.func @plain() attributes {no_nans_fp_math = true} {
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, no_nans_fp_math = true, sym_name = "plain", unnamed_addr = 0 : i64, visibility_ = 0 : i64}>
llvm.func ccc @plain() attributes {no_nans_fp_math = true} {
  llvm.return
}

// CHECK-LABEL: llvm.func @calls(
llvm.func @calls(%p: !llvm.ptr, %x: i32) -> i32 {
  // CHECK: llvm.call cc_10 @decl(%{{.*}}) : (i32) -> i32
  %0 = llvm.call cc_10 @decl(%x) : (i32) -> i32
  // CHECK: llvm.call cc_10 musttail @decl(%{{.*}}) : (i32) -> i32
  %1 = llvm.call cc_10 musttail @decl(%x) : (i32) -> i32
  // CHECK: llvm.call notail %{{.*}}(%{{.*}}) : !llvm.ptr, (i32) -> i32
  %2 = llvm.call notail %p(%x) : !llvm.ptr, (i32) -> i32
  // CHECK: llvm.call @plain() : () -> ()
  llvm.call none @plain() : () -> ()
  llvm.return %0 : i32
}

// CHECK: llvm.mlir.global internal hidden thread_local unnamed_addr constant @tls(7 : i32) comdat(@table::@big) {addr_space = 0 : i32} : i32
// GENERIC: "llvm.mlir.global"() <{addr_space = 0 : i32, comdat = @table::@big, constant, global_type = i32, linkage = #llvm.linkage<internal>, sym_name = "tls", thread_local_, unnamed_addr = 2 : i64, value = 7 : i32, visibility_ = 1 : i64}>
llvm.mlir.global internal hidden thread_local unnamed_addr constant @tls(7 : i32) comdat(@table::@big) : i32
