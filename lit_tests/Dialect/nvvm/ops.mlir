// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the nvvm ops convert-gpu-to-nvvm emits: special-register reads (with a
// range), shfl.sync (plain and with the validity flag), vote.sync, redux.sync (abs/nan
// elided at their defaults), bar.warp.sync, barrier0.

// CHECK-LABEL: llvm.func @sregs(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[V1:.*]] = nvvm.read.ptx.sreg.ntid.y : i32
// CHECK-NEXT: %[[V2:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
// CHECK-NEXT: %[[V3:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK-NEXT: %[[V4:.*]] = nvvm.read.ptx.sreg.laneid range <i32, 0, 32> : i32
// CHECK-NEXT: %[[V5:.*]] = nvvm.read.ptx.sreg.warpsize : i32
// CHECK-NEXT: %[[V6:.*]] = nvvm.read.ptx.sreg.clock64 : i64
// CHECK-NEXT: %[[V7:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK-NEXT: llvm.return %[[V0]] : i32
// CHECK-NEXT: }
llvm.func @sregs() -> i32 {
  %0 = nvvm.read.ptx.sreg.tid.x : i32
  %1 = nvvm.read.ptx.sreg.ntid.y : i32
  %2 = nvvm.read.ptx.sreg.ctaid.z : i32
  %3 = nvvm.read.ptx.sreg.nctaid.x : i32
  %4 = nvvm.read.ptx.sreg.laneid range <i32, 0, 32> : i32
  %5 = nvvm.read.ptx.sreg.warpsize : i32
  %6 = nvvm.read.ptx.sreg.clock64 : i64
  %7 = nvvm.read.ptx.sreg.cluster.ctarank : i32
  llvm.return %0 : i32
}

// CHECK-LABEL: llvm.func @warp(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i1, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: i32) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = nvvm.shfl.sync  bfly %[[ARG0]], %[[ARG2]], %[[ARG3]], %[[ARG0]] : f32 -> f32
// CHECK-NEXT: %[[V1:.*]] = nvvm.shfl.sync  idx %[[ARG0]], %[[ARG2]], %[[ARG3]], %[[ARG0]] {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
// CHECK-NEXT: %[[V2:.*]] = nvvm.vote.sync  ballot %[[ARG0]], %[[ARG1]] -> i32
// CHECK-NEXT: %[[V3:.*]] = nvvm.redux.sync  min %[[ARG3]], %[[ARG0]] : i32 -> i32
// CHECK-NEXT: %[[V4:.*]] = nvvm.redux.sync  fmin %[[ARG2]], %[[ARG0]] {nan = true} : f32 -> f32
// CHECK-NEXT: nvvm.bar.warp.sync %[[ARG0]] : i32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return %[[V0]] : f32
// CHECK-NEXT: }
llvm.func @warp(%mask: i32, %p: i1, %v: f32, %i: i32) -> f32 {
  %0 = nvvm.shfl.sync bfly %mask, %v, %i, %mask : f32 -> f32
  %1 = nvvm.shfl.sync idx %mask, %v, %i, %mask {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
  %2 = nvvm.vote.sync ballot %mask, %p -> i32
  %3 = nvvm.redux.sync min %i, %mask : i32 -> i32
  %4 = nvvm.redux.sync fmin %v, %mask {nan = true} : f32 -> f32
  nvvm.bar.warp.sync %mask : i32
  nvvm.barrier0
  llvm.return %0 : f32
}

// nvvm.barrier: bare, with an id and a thread count, and reducing a predicate.
// CHECK-LABEL: llvm.func @named_barriers(
llvm.func @named_barriers(%id: i32, %n: i32, %pred: i32) -> i32 {
  // CHECK: nvvm.barrier{{$}}
  nvvm.barrier
  // CHECK-NEXT: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  nvvm.barrier id = %id number_of_threads = %n
  // CHECK-NEXT: nvvm.barrier #nvvm.reduction<or> %{{.*}} -> i32
  %r = nvvm.barrier #nvvm.reduction<or> %pred -> i32
  llvm.return %r : i32
}
