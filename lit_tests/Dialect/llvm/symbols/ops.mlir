// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// llvm.func attributes upstream keeps as properties (printed inside <{...}>
// in generic form), and globals the verifier accepts.

llvm.func @personality(...) -> i32

// CHECK: llvm.func @attrs() attributes {alignment = 16 : i64, convergent, dso_local, inline_hint, no_inline, no_unwind, optimize_none, personality = @personality, section = "text.hot", target_cpu = "sm_90", will_return}
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ccc>, alignment = 16 : i64, convergent, dso_local, function_type = !llvm.func<void ()>, inline_hint, linkage = #llvm.linkage<external>, no_inline, no_unwind, optimize_none, personality = @personality, section = "text.hot", sym_name = "attrs", target_cpu = "sm_90", unnamed_addr = 0 : i64, visibility_ = 0 : i64, will_return}>
llvm.func @attrs() attributes {optimize_none, no_inline, convergent, dso_local, inline_hint, no_unwind, will_return, personality = @personality, section = "text.hot", alignment = 16 : i64, target_cpu = "sm_90"} {
  llvm.return
}

// CHECK: llvm.func @always() attributes {always_inline}
// GENERIC: always_inline, function_type
llvm.func @always() attributes {always_inline}

// CHECK: llvm.mlir.global common @zeros(dense<0> : vector<4xi32>) {addr_space = 0 : i32} : !llvm.array<4 x i32>
llvm.mlir.global common @zeros(dense<0> : vector<4xi32>) : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global appending @list() {addr_space = 0 : i32, alignment = 32 : i64} : !llvm.array<2 x ptr>
llvm.mlir.global appending @list() {alignment = 32 : i64} : !llvm.array<2 x ptr>

// CHECK-LABEL: llvm.func @aggregates
llvm.func @aggregates(%s: !llvm.struct<(i32, array<2 x f32>)>, %x: f32) -> f32 {
  // CHECK: llvm.extractvalue %{{.*}}[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  %0 = llvm.extractvalue %s[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  %1 = llvm.insertvalue %x, %s[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  llvm.return %0 : f32
}
