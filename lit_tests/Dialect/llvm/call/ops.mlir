// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Indirect llvm.call (the callee pointer and its type lead) and vararg calls.

llvm.func @sum(i64, ...) -> i64
llvm.func @get() -> f32

// CHECK-LABEL: llvm.func @calls
llvm.func @calls(%a: i64, %b: i32, %fp: !llvm.ptr) -> i64 {
  // CHECK: %[[F:.*]] = llvm.mlir.addressof @get : !llvm.ptr
  %f = llvm.mlir.addressof @get : !llvm.ptr
  // CHECK: llvm.call %[[F]]() : !llvm.ptr, () -> f32
  %0 = llvm.call %f() : !llvm.ptr, () -> f32
  // CHECK: llvm.call %{{.*}}(%{{.*}}, %{{.*}}) : !llvm.ptr, (i64, i32) -> ()
  llvm.call %fp(%a, %b) : !llvm.ptr, (i64, i32) -> ()
  // CHECK: llvm.call @sum(%{{.*}}, %{{.*}}) vararg(!llvm.func<i64 (i64, ...)>) : (i64, i32) -> i64
  %1 = llvm.call @sum(%a, %b) vararg(!llvm.func<i64 (i64, ...)>) : (i64, i32) -> i64
  // CHECK: llvm.call %{{.*}}(%{{.*}}) vararg(!llvm.func<i64 (...)>) {fastmathFlags = #llvm.fastmath<nnan>} : !llvm.ptr, (i64) -> i64
  %2 = llvm.call %fp(%1) vararg(!llvm.func<i64 (...)>) {fastmathFlags = #llvm.fastmath<nnan>} : !llvm.ptr, (i64) -> i64
  llvm.return %2 : i64
}

// Operand bundles: tags with and without operands, printed between the arguments (or vararg) and
// the attribute dictionary.

// CHECK-LABEL: llvm.func @bundles
llvm.func @bundles(%a: i64, %p: !llvm.ptr) -> i64 {
  // CHECK: llvm.call @sum(%{{.*}}, %{{.*}}) vararg(!llvm.func<i64 (i64, ...)>) ["deopt"(%{{.*}}, %{{.*}} : i64, !llvm.ptr), "cold"()] : (i64, i64) -> i64
  %0 = llvm.call @sum(%a, %a) vararg(!llvm.func<i64 (i64, ...)>) ["deopt"(%a, %p : i64, !llvm.ptr), "cold"()] : (i64, i64) -> i64
  // CHECK: llvm.call %{{.*}}() ["align"(%{{.*}} : !llvm.ptr)] {no_inline} : !llvm.ptr, () -> ()
  llvm.call %p() ["align"(%p : !llvm.ptr)] {no_inline} : !llvm.ptr, () -> ()
  llvm.return %0 : i64
}

// Parameter and result attributes in the call's signature (arg_attrs/res_attrs):
// printed after each type, sorted; an argument without attributes prints bare.
llvm.func @widen(i8 {llvm.zeroext}, !llvm.ptr) -> (i32 {llvm.signext})
// CHECK-LABEL: llvm.func @call_attrs
llvm.func @call_attrs(%b: i8, %p: !llvm.ptr) -> i32 {
  // CHECK: llvm.call @widen(%{{.*}}, %{{.*}}) : (i8 {llvm.noundef, llvm.zeroext}, !llvm.ptr) -> (i32 {llvm.signext})
  %0 = llvm.call @widen(%b, %p) : (i8 {llvm.zeroext, llvm.noundef}, !llvm.ptr) -> (i32 {llvm.signext})
  // CHECK: llvm.call @widen(%{{.*}}, %{{.*}}) : (i8, !llvm.ptr {llvm.nonnull}) -> i32
  %1 = llvm.call @widen(%b, %p) : (i8, !llvm.ptr {llvm.nonnull}) -> (i32)
  %f = llvm.mlir.addressof @widen : !llvm.ptr
  // CHECK: llvm.call %{{.*}}(%{{.*}}, %{{.*}}) : !llvm.ptr, (i8 {llvm.zeroext}, !llvm.ptr) -> i32
  %2 = llvm.call %f(%b, %p) : !llvm.ptr, (i8 {llvm.zeroext}, !llvm.ptr) -> i32
  llvm.return %0 : i32
}
