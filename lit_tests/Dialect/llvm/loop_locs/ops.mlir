// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-local-scope | filecheck %s --check-prefix=LOCAL

// A loop annotation's start and end locations, fused with the debug-info
// subprogram they belong to. The locations nested in an attribute get `#loc`
// aliases (even without --mlir-print-debuginfo), ordered with the other aliases by
// depth: the file locations and #di_file first, then the compile unit, the
// subprogram, the fused locations that refer to it, and the annotation last.

// CHECK:      #di_file = #llvm.di_file<"kernel.cu" in "/src">
// CHECK-NEXT: #loc = loc("kernel.cu":10:3)
// CHECK-NEXT: #loc1 = loc("kernel.cu":14:3)
// CHECK-NEXT: #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus_14, file = #di_file, producer = "nvcc", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_subprogram = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "saxpy", file = #di_file, line = 9, scopeLine = 9, subprogramFlags = "Definition|Optimized">
// CHECK-NEXT: #loc2 = loc(fused<#di_subprogram>[#loc])
// CHECK-NEXT: #loc3 = loc(fused<#di_subprogram>[#loc1])
// CHECK-NEXT: #loop_annotation = #llvm.loop_annotation<mustProgress = true, startLoc = #loc2, endLoc = #loc3>
// CHECK-NEXT: module {

// Without aliases the subprogram prints first, so its distinct id is numbered 0
// (ids are numbered in print order).
// LOCAL: llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<mustProgress = true, startLoc = loc(fused<#llvm.di_subprogram<id = distinct[0]<>, compileUnit = <id = distinct[1]<>, sourceLanguage = DW_LANG_C_plus_plus_14, file = <"kernel.cu" in "/src">, producer = "nvcc", isOptimized = true, emissionKind = LineTablesOnly>, scope = #llvm.di_file<"kernel.cu" in "/src">, name = "saxpy", file = <"kernel.cu" in "/src">, line = 9, scopeLine = 9, subprogramFlags = "Definition|Optimized">>["kernel.cu":10:3]),

#file = #llvm.di_file<"kernel.cu" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus_14, file = #file,
                            producer = "nvcc", isOptimized = true, emissionKind = LineTablesOnly>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "saxpy",
                          file = #file, line = 9, scopeLine = 9, subprogramFlags = "Definition|Optimized">
#head = loc(fused<#sp>["kernel.cu":10:3])

// CHECK-LABEL: llvm.func @loop
llvm.func @loop() {
  // CHECK: llvm.br ^bb1 {loop_annotation = #loop_annotation}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<mustProgress = true, endLoc = loc(fused<#sp>["kernel.cu":14:3]), startLoc = #head>}
^bb1:
  llvm.return
}
