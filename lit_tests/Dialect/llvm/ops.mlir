// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the llvm dialect subset: func (definitions and declarations,
// linkage, attributes), call, return, constants, zero/undef/poison,
// insertvalue/extractvalue on memref descriptors, getelementptr (inbounds,
// constant and dynamic indices), ptrtoint/inttoptr, bitcast, addrspacecast,
// alloca, load, store, globals.

// CHECK-LABEL: llvm.func @mgpuStreamCreate(
// CHECK-SAME: ) -> !llvm.ptr
llvm.func @mgpuStreamCreate() -> !llvm.ptr
// CHECK-LABEL: llvm.func @mgpuMemAlloc(
// CHECK-SAME: i64, !llvm.ptr, i8) -> !llvm.ptr
llvm.func @mgpuMemAlloc(i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK-LABEL: llvm.func @mgpuStreamSynchronize(
// CHECK-SAME: !llvm.ptr)
llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// CHECK-LABEL: llvm.func @printf(
// CHECK-SAME: !llvm.ptr, ...) -> i32
llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-LABEL: llvm.func internal @internal_fn(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.return %[[ARG0]] : i32
// CHECK-NEXT: }
llvm.func internal @internal_fn(%arg0: i32) -> i32 {
  llvm.return %arg0 : i32
}

// CHECK-LABEL: llvm.mlir.global internal constant @str(
// CHECK-SAME: "hello\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @str("hello\0A\00") {addr_space = 0 : i32}
// CHECK-LABEL: llvm.mlir.global external @counter(
// CHECK-SAME: 0 : i64) {addr_space = 0 : i32} : i64
llvm.mlir.global external @counter(0 : i64) : i64

// CHECK-LABEL: llvm.func @calls(
// CHECK-SAME: %[[ARG0:.*]]: i64) -> !llvm.ptr {
// CHECK-NEXT: %[[V0:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %[[V2:.*]] = llvm.call @mgpuMemAlloc(%[[ARG0]], %[[V0]], %[[V1]]) : (i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[V0]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.addressof @str : !llvm.ptr
// CHECK-NEXT: %[[V4:.*]] = llvm.call @printf(%[[V3]], %[[ARG0]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
// CHECK-NEXT: llvm.return %[[V2]] : !llvm.ptr
// CHECK-NEXT: }
llvm.func @calls(%n: i64) -> !llvm.ptr {
  %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
  %z = llvm.mlir.constant(0 : i8) : i8
  %p = llvm.call @mgpuMemAlloc(%n, %s, %z) : (i64, !llvm.ptr, i8) -> !llvm.ptr
  llvm.call @mgpuStreamSynchronize(%s) : (!llvm.ptr) -> ()
  %fmt = llvm.mlir.addressof @str : !llvm.ptr
  %r = llvm.call @printf(%fmt, %n) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
  llvm.return %p : !llvm.ptr
}

// CHECK-LABEL: llvm.func @constants(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(42 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1.500000e+00 : f32) : f32
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.poison : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(true) : i1
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
// CHECK-NEXT: %[[V8:.*]] = llvm.mlir.zero : i64
// CHECK-NEXT: llvm.return{{ *$}}
// CHECK-NEXT: }
llvm.func @constants() {
  %0 = llvm.mlir.constant(42 : i32) : i32
  %1 = llvm.mlir.constant(1.5 : f32) : f32
  %2 = llvm.mlir.constant(4 : index) : i64
  %3 = llvm.mlir.zero : !llvm.ptr
  %4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %5 = llvm.mlir.poison : i32
  %6 = llvm.mlir.constant(true) : i1
  %7 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
  %8 = llvm.mlir.zero : i64
  llvm.return
}

// CHECK-LABEL: llvm.func @descriptor(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.ptr, %[[ARG1:.*]]: !llvm.ptr, %[[ARG2:.*]]: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.insertvalue %[[ARG0]], %[[V2]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[ARG1]], %[[V3]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.insertvalue %[[V0]], %[[V4]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[ARG2]], %[[V5]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V1]], %[[V6]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.extractvalue %[[V7]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.extractvalue %[[V7]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.return %[[V7]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: }
llvm.func @descriptor(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %size: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %1 = llvm.insertvalue %alloc, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %2 = llvm.insertvalue %aligned, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %3 = llvm.insertvalue %c0, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %4 = llvm.insertvalue %size, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %5 = llvm.insertvalue %c1, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %6 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %7 = llvm.extractvalue %5[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %5 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// CHECK-LABEL: llvm.func @pointers(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.ptr, %[[ARG1:.*]]: i64, %[[ARG2:.*]]: !llvm.ptr<1>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.getelementptr %[[ARG0]][%[[ARG1]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V1:.*]] = llvm.getelementptr inbounds %[[ARG0]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V2:.*]] = llvm.getelementptr %[[ARG0]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr inbounds|nuw %[[ARG0]][%[[ARG1]], 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[ARG0]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.inttoptr %[[V4]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.addrspacecast %[[ARG2]] : !llvm.ptr<1> to !llvm.ptr
// CHECK-NEXT: %[[V7:.*]] = llvm.bitcast %[[ARG1]] : i64 to f64
// CHECK-NEXT: %[[V8:.*]] = llvm.bitcast %[[ARG0]] : !llvm.ptr to !llvm.ptr
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.alloca %[[V9]] x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V11:.*]] = llvm.alloca %[[V9]] x i64 {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V12:.*]] = llvm.load %[[V0]] : !llvm.ptr -> f32
// CHECK-NEXT: llvm.store %[[V12]], %[[V10]] : f32, !llvm.ptr
// CHECK-NEXT: %[[V13:.*]] = llvm.load %[[V11]] {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK-NEXT: llvm.store volatile %[[V13]], %[[V11]] : i64, !llvm.ptr
// CHECK-NEXT: %[[V14:.*]] = llvm.load %[[ARG2]] : !llvm.ptr<1> -> f32
// CHECK-NEXT: llvm.return %[[V12]] : f32
// CHECK-NEXT: }
llvm.func @pointers(%p: !llvm.ptr, %i: i64, %g: !llvm.ptr<1>) -> f32 {
  %0 = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %1 = llvm.getelementptr inbounds %p[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %2 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64)>
  %3 = llvm.getelementptr inbounds|nuw %p[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %4 = llvm.ptrtoint %p : !llvm.ptr to i64
  %5 = llvm.inttoptr %4 : i64 to !llvm.ptr
  %6 = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr
  %7 = llvm.bitcast %i : i64 to f64
  %8 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr
  %one = llvm.mlir.constant(1 : i64) : i64
  %9 = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
  %10 = llvm.alloca %one x i64 {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %11 = llvm.load %0 : !llvm.ptr -> f32
  llvm.store %11, %9 : f32, !llvm.ptr
  %12 = llvm.load %10 {alignment = 8 : i64} : !llvm.ptr -> i64
  llvm.store volatile %12, %10 : i64, !llvm.ptr
  %13 = llvm.load %g : !llvm.ptr<1> -> f32
  llvm.return %11 : f32
}

// CHECK-LABEL: llvm.func @arith(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: f32) -> i1 {
// CHECK-NEXT: %[[V0:.*]] = llvm.add %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.mul %[[V0]], %[[ARG1]] overflow<nsw> : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.fadd %[[ARG2]], %[[ARG2]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT: %[[V3:.*]] = llvm.icmp "slt" %[[V1]], %[[ARG0]] : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.select %[[V3]], %[[ARG0]], %[[ARG1]] : i1, i32
// CHECK-NEXT: %[[V5:.*]] = llvm.sext %[[ARG0]] : i32 to i64
// CHECK-NEXT: %[[V6:.*]] = llvm.trunc %[[V5]] : i64 to i16
// CHECK-NEXT: llvm.return %[[V3]] : i1
// CHECK-NEXT: }
llvm.func @arith(%a: i32, %b: i32, %x: f32) -> i1 {
  %0 = llvm.add %a, %b : i32
  %1 = llvm.mul %0, %b overflow<nsw> : i32
  %2 = llvm.fadd %x, %x {fastmathFlags = #llvm.fastmath<fast>} : f32
  %3 = llvm.icmp "slt" %1, %a : i32
  %4 = llvm.select %3, %a, %b : i1, i32
  %5 = llvm.sext %a : i32 to i64
  %6 = llvm.trunc %5 : i64 to i16
  llvm.return %3 : i1
}

// CHECK-LABEL: llvm.func @control(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[ARG1]] : i32), ^bb2
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: llvm.return %[[ARG1]] : i32
// CHECK-NEXT: }
llvm.func @control(%c: i1, %a: i32) -> i32 {
  llvm.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  llvm.br ^bb2
^bb2:
  llvm.return %a : i32
}

// CHECK-LABEL: llvm.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.ptr) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.load %[[ARG0]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[V2:.*]] = llvm.add %[[V0]], %[[V1]] : i32
// CHECK-NEXT: llvm.return %[[V2]] : i32
// CHECK-NEXT: }
llvm.func @generic_forms(%p: !llvm.ptr) -> i32 {
  %0 = "llvm.mlir.constant"() <{value = 7 : i32}> : () -> i32
  %1 = "llvm.load"(%p) <{ordering = 0 : i64}> : (!llvm.ptr) -> i32
  %2 = "llvm.add"(%0, %1) <{overflowFlags = #llvm.overflow<none>}> : (i32, i32) -> i32
  "llvm.return"(%2) : (i32) -> ()
}

// A default-valued attribute written out prints as if left out (ODS DefaultValuedAttr).
// CHECK-LABEL: llvm.func @default_valued
// CHECK-NEXT: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK-NEXT: llvm.fsub %{{.*}}, %{{.*}} : f32
llvm.func @default_valued(%c: i1, %a: i32, %x: f32) {
  %0 = llvm.select %c, %a, %a {fastmathFlags = #llvm.fastmath<none>} : i1, i32
  %1 = llvm.fsub %x, %x {fastmathFlags = #llvm.fastmath<none>} : f32
  llvm.return
}

// Branch weights (a DenseI32ArrayAttr, `[..]` in the custom form).
// CHECK-LABEL: llvm.func @weights
// CHECK-NEXT: llvm.cond_br %{{.*}} weights([1, 2]), ^bb1(%{{.*}} : i32), ^bb2
// CHECK: llvm.cond_br %{{.*}}, ^bb2, ^bb1(%{{.*}} : i32) {y}
llvm.func @weights(%c: i1, %a: i32) {
  llvm.cond_br %c weights([1, 2]), ^bb1(%a : i32), ^bb2
^bb1(%z: i32):
  llvm.cond_br %c, ^bb2, ^bb1(%a : i32) {y}
^bb2:
  llvm.return
}
