// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Atomic, invariant and invariant_group forms of llvm.load / llvm.store, and
// llvm.alloca's zero alignment (dropped by the parser).

// CHECK-LABEL: llvm.func @atomics
llvm.func @atomics(%p: !llvm.ptr, %x: f32, %n: i64) {
  // CHECK: llvm.load %{{.*}} atomic acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  %0 = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  // CHECK: llvm.load volatile %{{.*}} atomic syncscope("agent") seq_cst {alignment = 8 : i64} : !llvm.ptr -> i64
  %1 = llvm.load volatile %p atomic syncscope("agent") seq_cst {alignment = 8 : i64} : !llvm.ptr -> i64
  // CHECK: llvm.load %{{.*}} invariant {alignment = 4 : i64} : !llvm.ptr -> i32
  %2 = llvm.load %p invariant {alignment = 4 : i64} : !llvm.ptr -> i32
  // CHECK: llvm.load %{{.*}} invariant_group : !llvm.ptr -> !llvm.ptr
  %3 = llvm.load %p invariant_group : !llvm.ptr -> !llvm.ptr
  // CHECK: llvm.store %{{.*}}, %{{.*}} atomic release {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store %x, %p atomic release {alignment = 4 : i64} : f32, !llvm.ptr
  // CHECK: llvm.store volatile %{{.*}}, %{{.*}} atomic syncscope("block") unordered {alignment = 8 : i64} : i64, !llvm.ptr
  llvm.store volatile %1, %p atomic syncscope("block") unordered {alignment = 8 : i64} : i64, !llvm.ptr
  // CHECK: llvm.store %{{.*}}, %{{.*}} invariant_group : i32, !llvm.ptr
  llvm.store %2, %p invariant_group : i32, !llvm.ptr
  // CHECK: llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
  %4 = llvm.alloca %n x f32 {alignment = 0} : (i64) -> (!llvm.ptr)
  // CHECK: llvm.alloca inalloca %{{.*}} x i8 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %5 = llvm.alloca inalloca %n x i8 {alignment = 16} : (i64) -> !llvm.ptr
  llvm.return
}

// GEP's no-wrap flags (nusw is bit 1, inbounds = inbounds_flag|nusw, nuw bit 2), indices into
// vectors, and memory ops on the target extension types that allow them (spirv.*).

// CHECK-LABEL: llvm.func @gep_flags_and_target_ext
llvm.func @gep_flags_and_target_ext(%p: !llvm.ptr, %i: i32) {
  // CHECK: llvm.getelementptr nusw %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i8
  %0 = llvm.getelementptr nusw %p[1] : (!llvm.ptr) -> !llvm.ptr, i8
  // CHECK: llvm.getelementptr nusw|nuw %{{.*}}[%{{.*}}, 3] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf32>
  %1 = llvm.getelementptr nusw|nuw %p[%i, 3] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf32>
  // CHECK: llvm.getelementptr nuw %{{.*}}[0, %{{.*}}, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x struct<(i8, f64)>>
  %2 = llvm.getelementptr nuw %p[0, %i, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x struct<(i8, f64)>>
  // CHECK: llvm.alloca %{{.*}} x !llvm.target<"spirv.Event"> : (i32) -> !llvm.ptr
  %3 = llvm.alloca %i x !llvm.target<"spirv.Event"> : (i32) -> !llvm.ptr
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.target<"spirv.Event">
  %4 = llvm.load %3 : !llvm.ptr -> !llvm.target<"spirv.Event">
  // CHECK: llvm.mlir.zero : !llvm.target<"spirv.Event">
  %5 = llvm.mlir.zero : !llvm.target<"spirv.Event">
  // CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.target<"spirv.Event">, !llvm.ptr
  llvm.store %5, %3 : !llvm.target<"spirv.Event">, !llvm.ptr
  llvm.return
}
