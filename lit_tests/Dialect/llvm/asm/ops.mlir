// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Inline assembly and calls of LLVM intrinsics by name, with operand bundles
// and argument/result attributes.

// CHECK-LABEL: llvm.func @asm_and_intrinsics
llvm.func @asm_and_intrinsics(%x: i64, %p: !llvm.ptr) -> i64 {
  // CHECK: llvm.inline_asm "mov.b64 $0, $1;", "=l,l" %{{.*}} : (i64) -> i64
  %0 = llvm.inline_asm "mov.b64 $0, $1;", "=l,l" %x : (i64) -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = intel "nop", "" : () -> ()
  llvm.inline_asm has_side_effects asm_dialect = intel "nop", "" : () -> ()
  // CHECK: llvm.inline_asm is_align_stack tail_call_kind = <notail> operand_attrs = [{elementtype = i64}] "ld $0", "=*m" %{{.*}} : (!llvm.ptr) -> ()
  llvm.inline_asm is_align_stack tail_call_kind = <notail> operand_attrs = [{elementtype = i64}] "ld $0", "=*m" %p : (!llvm.ptr) -> ()
  // CHECK: llvm.call_intrinsic "llvm.bswap.i64"(%{{.*}}) : (i64) -> i64
  %1 = llvm.call_intrinsic "llvm.bswap.i64"(%0) : (i64) -> i64
  // CHECK: llvm.call_intrinsic "llvm.assume"(%{{.*}}) ["align"(%{{.*}}, %{{.*}} : !llvm.ptr, i64), "cold"()] : (i1) -> ()
  %t = llvm.mlir.constant(true) : i1
  llvm.call_intrinsic "llvm.assume"(%t) ["align"(%p, %x : !llvm.ptr, i64), "cold"()] : (i1) -> ()
  // CHECK: llvm.call_intrinsic "llvm.my.op"(%{{.*}}) {fastmathFlags = #llvm.fastmath<nnan>} : (i64 {llvm.signext}) -> (i64 {llvm.zeroext})
  %2 = llvm.call_intrinsic "llvm.my.op"(%1) {fastmathFlags = #llvm.fastmath<nnan>} : (i64 {llvm.signext}) -> (i64 {llvm.zeroext})
  llvm.return %2 : i64
}
