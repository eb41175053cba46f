// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @mma_a_count(%a: vector<2xf16>, %b: vector<2xf16>, %c: vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)> {
  // expected-error @+1 {{'nvvm.mma.sync' op Could not match types for the A operands; expected one of 4xvector<2xf16> but got vector<2xf16>, vector<2xf16>}}
  %0 = nvvm.mma.sync A[%a, %a] B[%b, %b] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
    : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  llvm.return %0 : !llvm.struct<(vector<2xf16>, vector<2xf16>)>
}

// -----

llvm.func @mma_c_types(%a: vector<2xf16>, %b: vector<2xf16>, %c: f32) -> !llvm.struct<(f32, f32, f32, f32)> {
  // expected-error @+1 {{'nvvm.mma.sync' op Could not match types for the C operands; expected one of 2xvector<2xf16> 4xf32 but got f32, f32}}
  %0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
    : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32, f32, f32)>
}

// -----

llvm.func @mma_result(%a: f64, %c: f64) -> !llvm.struct<(f64, f32)> {
  // expected-error @+1 {{'nvvm.mma.sync' op Could not match allowed types for the result; expected one of !llvm.struct<(f64, f64)> but got !llvm.struct<(f64, f32)>}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>}
    : (f64, f64, f64) -> !llvm.struct<(f64, f32)>
  llvm.return %0 : !llvm.struct<(f64, f32)>
}

// -----

llvm.func @mma_shape(%a: f64, %c: f64) -> !llvm.struct<(f64, f64)> {
  // expected-error @+1 {{'nvvm.mma.sync' op unimplemented variant for MMA shape <8, 8, 8>}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 8>}
    : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return %0 : !llvm.struct<(f64, f64)>
}

// -----

llvm.func @mma_layout(%a: f64, %c: f64) -> !llvm.struct<(f64, f64)> {
  // expected-error @+1 {{'nvvm.mma.sync' op requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <8, 8, 4> with element types f64 and f64. Only m8n8k4 with f16 supports other layouts.}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>}
    : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return %0 : !llvm.struct<(f64, f64)>
}

// -----

llvm.func @mma_int8_overflow(%a: i32, %c: i32) -> !llvm.struct<(i32, i32, i32, i32)> {
  // expected-error @+1 {{'nvvm.mma.sync' op op requires intOverflowBehavior attribute}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>,
     multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
    : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %0 : !llvm.struct<(i32, i32, i32, i32)>
}

// -----

llvm.func @mma_f32_result_f16_acc(%a: vector<2xf16>, %c: vector<2xf16>) -> !llvm.struct<(f32, f32, f32, f32)> {
  // expected-error @+1 {{'nvvm.mma.sync' op ctype does not match dtype}}
  %0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%a, %a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
    : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32, f32, f32)>
}

// -----

llvm.func @mma_two_types(%a: i32, %c: f32) -> !llvm.struct<(f32, f32)> {
  // expected-error @+1 {{'nvvm.mma.sync' op operand count (2) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%c, %c] {shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (i32, i32) -> !llvm.struct<(f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32)>
}

// -----

llvm.func @wmma_load_space(%p: !llvm.ptr<4>, %s: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op expected source pointer in memory space 0, 1, 3}}
  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32,
    layout = #nvvm.mma_layout<row>, m = 32 : i32, n = 8 : i32} : (!llvm.ptr<4>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wmma_load_combination(%p: !llvm.ptr, %s: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op invalid attribute combination}}
  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<a>, k = 16 : i32,
    layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wmma_load_s8_count(%p: !llvm.ptr, %s: i32) {
  // expected-error @+1 {{'nvvm.wmma.load' op expected destination type is a structure of 4 elements of type 'i32'}}
  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<s8>, frag = #nvvm.mma_frag<a>, k = 16 : i32,
    layout = #nvvm.mma_layout<row>, m = 32 : i32, n = 8 : i32} : (!llvm.ptr) -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @wmma_store_count(%p: !llvm.ptr<1>, %s: i32, %c: f32) {
  // expected-error @+1 {{'nvvm.wmma.store' op expected 8 data operands}}
  nvvm.wmma.store %p, %s, %c, %c {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<col>,
    m = 8 : i32, n = 32 : i32} : !llvm.ptr<1>, f32, f32
  llvm.return
}

// -----

llvm.func @wmma_store_type(%p: !llvm.ptr<1>, %s: i32, %c: vector<2xf16>) {
  // expected-error @+1 {{'nvvm.wmma.store' op expected data operands of type 'f32'}}
  nvvm.wmma.store %p, %s, %c, %c, %c, %c, %c, %c, %c, %c {eltype = #nvvm.mma_type<f32>, k = 16 : i32,
    layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 32 : i32}
    : !llvm.ptr<1>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>
  llvm.return
}

// -----

llvm.func @wmma_mma_combination(%x: f64) {
  // expected-error @+1 {{'nvvm.wmma.mma' op invalid attribute combination}}
  %0 = nvvm.wmma.mma %x, %x, %x, %x {eltypeA = #nvvm.mma_type<f64>, eltypeB = #nvvm.mma_type<f32>, k = 4 : i32,
    layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32}
    : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return
}

// -----

llvm.func @wmma_mma_f64_count(%x: f64) {
  // expected-error @+1 {{'nvvm.wmma.mma' op expected 4 arguments}}
  %0 = nvvm.wmma.mma %x, %x, %x {eltypeA = #nvvm.mma_type<f64>, eltypeB = #nvvm.mma_type<f64>, k = 4 : i32,
    layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32}
    : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return
}

// -----

llvm.func @cp_async_modifier(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>) {
  // expected-error @+1 {{Only CG and CA cache modifiers are supported.}}
  nvvm.cp.async.shared.global %dst, %src, 16, cache = lu : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @cp_async_size(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>) {
  // expected-error @+1 {{expected byte size to be either 4, 8 or 16.}}
  nvvm.cp.async.shared.global %dst, %src, 2, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @cp_async_cg_size(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>) {
  // expected-error @+1 {{CG cache modifier is only support for 16 bytes copy.}}
  nvvm.cp.async.shared.global %dst, %src, 4, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @cp_async_space(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'nvvm.cp.async.shared.global' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr<1>'}}
  nvvm.cp.async.shared.global %p, %p, 16, cache = cg : !llvm.ptr<1>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @mapa_mapping(%a: !llvm.ptr<3>, %b: i32) {
  // expected-error @+1 {{'nvvm.mapa' op failed to verify that Valid address-space check(or mapping) for mapa Op}}
  %0 = nvvm.mapa %a, %b : !llvm.ptr<3> -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @mapa_result_space(%a: !llvm.ptr, %b: i32) {
  // expected-error @+1 {{'nvvm.mapa' op result #0 must be LLVM pointer in address space 0 or LLVM pointer in address space 7, but got '!llvm.ptr<3>'}}
  %0 = nvvm.mapa %a, %b : !llvm.ptr -> !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @mma_not_inferred(%a: vector<4xi8>, %c: i32) -> !llvm.struct<(i32, i32)> {
  // expected-error @+1 {{custom op 'nvvm.mma.sync' attribute multiplicandAPtxType is not provided explicitly and cannot be inferred}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
    shape = #nvvm.shape<m = 8, n = 8, k = 16>} : (vector<4xi8>, vector<4xi8>, i32) -> !llvm.struct<(i32, i32)>
  llvm.return %0 : !llvm.struct<(i32, i32)>
}
