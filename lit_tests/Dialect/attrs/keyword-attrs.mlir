// Dialect attributes read into classes with fields and printed canonically, as mlir-opt does:
// bit enums in bit order with groups (`fast`) and `none`, struct parameters in declaration order,
// the select_object target as a generic attribute.
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// CHECK-LABEL: module attributes
// CHECK-SAME: a.as = #gpu.address_space<workgroup>
// CHECK-SAME: a.cc = #llvm.cconv<fastcc>
// CHECK-SAME: a.dim = #gpu<dim x>
// CHECK-SAME: a.fast = #arith.fastmath<fast>
// CHECK-SAME: a.fm = #llvm.fastmath<nnan, ninf, reassoc>
// CHECK-SAME: a.kind = #vector.kind<maxnumf>
// CHECK-SAME: a.lk = #llvm.linkage<weak_odr>
// CHECK-SAME: a.none = #arith.fastmath<nnan>
// CHECK-SAME: a.ovf = #arith.overflow<nsw, nuw>
// CHECK-SAME: a.poison = #llvm.poison
// CHECK-SAME: a.red = #nvvm.reduction<popc>
// CHECK-SAME: a.sel = #gpu.select_object<1 : i64>
// CHECK-SAME: a.tck = #llvm.tailcallkind<musttail>
// CHECK-SAME: a.undef = #llvm.undef
// CHECK-SAME: a.vr = #llvm.vscale_range<minRange = 1 : i32, maxRange = 16 : i32>
// CHECK-SAME: a.zero = #llvm.zero}
module attributes {a.fm = #llvm.fastmath<ninf,reassoc , nnan>, a.cc = #llvm.cconv< fastcc >,
                   a.tck = #llvm.tailcallkind<musttail>, a.lk = #llvm.linkage<weak_odr>,
                   a.vr = #llvm.vscale_range<maxRange = 16 : i32, minRange = 1 : i32>,
                   a.zero = #llvm.zero<1>, a.undef = #llvm.undef, a.poison = #llvm.poison,
                   a.sel = #gpu.select_object<1>, a.dim = #gpu<dim x>, a.as = #gpu.address_space<workgroup>,
                   a.fast = #arith.fastmath<nnan,ninf,nsz,arcp,contract,afn,reassoc>,
                   a.none = #arith.fastmath<nnan, none>, a.ovf = #arith.overflow<nuw,nsw>,
                   a.kind = #vector.kind<maxnumf>, a.red = #nvvm.reduction<popc>} {
  // The op syntax prints the same attributes through their fields: keywords, defaults elided.
  // CHECK: llvm.func fastcc @f() vscale_range(1, 4)
  llvm.func fastcc @f() vscale_range(1, 4) {
    // CHECK: llvm.call tail @g() {fastmathFlags = #llvm.fastmath<nnan, ninf>} : () -> i32
    %0 = llvm.call tail @g() {fastmathFlags = #llvm.fastmath<ninf,nnan>} : () -> i32
    // CHECK: llvm.call @g() : () -> i32
    %1 = llvm.call ccc @g() : () -> i32
    // CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
    %2 = arith.addi %0, %1 overflow<nuw,nsw> : i32
    // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
    %c = llvm.mlir.constant(1.0 : f32) : f32
    %3 = arith.addf %c, %c fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
    // CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
    %4 = arith.mulf %c, %c fastmath<none> : f32
    llvm.return
  }
  llvm.func @g() -> i32
  // CHECK: llvm.mlir.global weak_odr @gl
  llvm.mlir.global weak_odr @gl(0 : i32) : i32
}
