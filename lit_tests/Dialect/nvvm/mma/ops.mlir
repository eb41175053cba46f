// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the warp-level matrix ops: mma.sync (multiplicand types inferred from f16 and f64
// registers and elided, printed for integer registers), wmma.load/store/mma, cp.async, mapa.

// CHECK-LABEL: llvm.func @mma_f16_f32(
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
llvm.func @mma_f16_f32(%a0: vector<2xf16>, %a1: vector<2xf16>, %b0: vector<2xf16>, %b1: vector<2xf16>,
                       %c: f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> {
  %0 = nvvm.mma.sync A[%a0, %a1] B[%b0, %b1] C[%c, %c, %c, %c, %c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m=8, n=8, k=4>}
    : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
}

// CHECK-LABEL: llvm.func @mma_u8(
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}]  B[%{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<u8>, multiplicandBPtxType = #nvvm.mma_type<u8>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
llvm.func @mma_u8(%a: i32, %b: i32, %c: i32) -> !llvm.struct<(i32, i32, i32, i32)> {
  %0 = nvvm.mma.sync A[%a, %a] B[%b] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>,
     multiplicandAPtxType = #nvvm.mma_type<u8>, multiplicandBPtxType = #nvvm.mma_type<u8>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %0 : !llvm.struct<(i32, i32, i32, i32)>
}

// CHECK-LABEL: llvm.func @mma_f64(
// CHECK: nvvm.mma.sync A[%{{.*}}]  B[%{{.*}}]  C[%{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
llvm.func @mma_f64(%a: f64, %b: f64, %c: f64) -> !llvm.struct<(f64, f64)> {
  %0 = nvvm.mma.sync A[%a] B[%b] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>}
    : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return %0 : !llvm.struct<(f64, f64)>
}

// CHECK-LABEL: llvm.func @wmma(
// CHECK: %[[A:.*]] = nvvm.wmma.load %{{.*}}, %{{.*}} {eltype = #nvvm.mma_type<tf32>, frag = #nvvm.mma_frag<a>, k = 8 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: nvvm.wmma.mma %{{.*}} {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: nvvm.wmma.store %{{.*}}, %{{.*}}, %{{.*}} {eltype = #nvvm.mma_type<f32>, k = 8 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
llvm.func @wmma(%p: !llvm.ptr<1>, %s: i32, %x: i32, %c: f32) {
  %a = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<tf32>, frag = #nvvm.mma_frag<a>, k = 8 : i32,
    layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
  %d = nvvm.wmma.mma %x, %x, %x, %x, %x, %x, %x, %x, %c, %c, %c, %c, %c, %c, %c, %c
    {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<col>,
     layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}
    : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  nvvm.wmma.store %p, %s, %c, %c, %c, %c, %c, %c, %c, %c {eltype = #nvvm.mma_type<f32>, k = 8 : i32,
    layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
  llvm.return
}

// CHECK-LABEL: llvm.func @copies(
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache =  ca, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
llvm.func @copies(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>, %n: i32) -> !llvm.ptr<7> {
  nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.shared.global %dst, %src, 8, cache = ca, %n : !llvm.ptr<3>, !llvm.ptr<1>, i32
  %r = nvvm.mapa %dst, %n : !llvm.ptr<3> -> !llvm.ptr<7>
  llvm.return %r : !llvm.ptr<7>
}
