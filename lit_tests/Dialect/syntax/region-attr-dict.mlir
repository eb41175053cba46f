// An attribute dictionary after the region(s) of every region-holding op with a custom form
// (`} {attr}`; scf.while and async.execute take `attributes {...}`, scf.index_switch takes it
// after its operand) reads and prints as mlir-opt does (CHECK lines: mlir-opt 22.1.8's output).
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s

// CHECK: func.func @f(%{{.*}}: index, %{{.*}}: i1, %{{.*}}: memref<4xf32>, %{{.*}}: tensor<4xf32>) attributes {foo} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: } {foo}
// CHECK: scf.if %{{.*}} {
// CHECK: } {foo}
// CHECK: scf.if %{{.*}} {
// CHECK: } {foo}
// CHECK: %{{.*}} = scf.while (%{{.*}} = %{{.*}}) : (index) -> index {
// CHECK: } attributes {foo}
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: } {foo}
// CHECK: scf.forall (%{{.*}}) in (4) {
// CHECK: } {foo}
// CHECK: scf.execute_region {
// CHECK: } {foo}
// CHECK: %{{.*}} = scf.index_switch %{{.*}} {foo} -> index
// CHECK: affine.for %{{.*}} = 0 to 4 {
// CHECK: } {foo}
// CHECK: affine.if #set(%{{.*}}) {
// CHECK: } {foo}
// CHECK: affine.parallel (%{{.*}}) = (0) to (4) {
// CHECK: } {foo}
// CHECK: memref.alloca_scope  {
// CHECK: } {foo}
// CHECK: %{{.*}} = memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<4xf32> {
// CHECK: } {foo}
// CHECK: %{{.*}} = async.execute attributes {foo} {
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) {
// CHECK: %{{.*}} = gpu.all_reduce  add %c1_i32 {
// CHECK: } {foo} : (i32) -> i32
// CHECK: %{{.*}} = gpu.all_reduce  %c1_i32 {
// CHECK: } {foo} : (i32) -> i32
// CHECK: } {foo}
// CHECK: %{{.*}} = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}) -> index {
// CHECK: } {foo}
// CHECK: gpu.module @g attributes {foo} {
// CHECK: gpu.func @k() kernel attributes {foo} {
// CHECK: llvm.func @l() attributes {foo} {
// CHECK: module @m attributes {foo.bar} {

func.func @f(%arg0: index, %arg1: i1, %m: memref<4xf32>, %t: tensor<4xf32>) attributes {foo} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %arg0 step %c1 {
  } {foo}
  scf.if %arg1 {
  } {foo}
  scf.if %arg1 {
  } else {
  } {foo}
  %w = scf.while (%a = %c0) : (index) -> index {
    scf.condition(%arg1) %a : index
  } do {
  ^bb0(%b: index):
    scf.yield %b : index
  } attributes {foo}
  scf.parallel (%i) = (%c0) to (%arg0) step (%c1) {
  } {foo}
  scf.forall (%i) in (4) {
  } {foo}
  scf.execute_region {
    scf.yield
  } {foo}
  %s = scf.index_switch %arg0 {foo} -> index
  case 1 {
    scf.yield %c0 : index
  }
  default {
    scf.yield %c1 : index
  }
  affine.for %i = 0 to 4 {
  } {foo}
  affine.if affine_set<(d0) : (d0 >= 0)>(%arg0) {
  } {foo}
  affine.parallel (%i) = (0) to (4) {
  } {foo}
  memref.alloca_scope {
  } {foo}
  %r = memref.generic_atomic_rmw %m[%c0] : memref<4xf32> {
  ^bb0(%x: f32):
    memref.atomic_yield %x : f32
  } {foo}
  %tok = async.execute attributes {foo} {
    async.yield
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1 : i32
    %z = gpu.all_reduce add %v {
    } {foo} : (i32) -> i32
    %y = gpu.all_reduce %v {
    ^bb0(%p: i32, %q: i32):
      gpu.yield %p : i32
    } {foo} : (i32) -> i32
    gpu.terminator
  } {foo}
  %red = scf.parallel (%i) = (%c0) to (%arg0) step (%c1) init (%c0) -> index {
    scf.reduce(%i : index) {
    ^bb0(%p: index, %q: index):
      scf.reduce.return %p : index
    }
  } {foo}
  return
}
gpu.module @g attributes {foo} {
  gpu.func @k() kernel attributes {foo} {
    gpu.return
  }
}
llvm.func @l() attributes {foo} {
  llvm.return
}
module @m attributes {foo.bar} {
}
