// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the scf dialect: for (plain, iter_args, unsigned, i32 bounds),
// if (with/without else, with results), yield, while, parallel + reduce,
// execute_region, index_switch.

// CHECK-LABEL: func.func @for_loops(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index, %[[ARG3:.*]]: f32, %[[ARG4:.*]]: memref<?xf32>) -> f32 {
// CHECK-NEXT: scf.for %[[ARG5:.*]] = %[[ARG0]] to %[[ARG1]] step %[[ARG2]] {
// CHECK-NEXT: %[[V2:.*]] = memref.load %[[ARG4]][%[[ARG5]]] : memref<?xf32>
// CHECK-NEXT: memref.store %[[V2]], %[[ARG4]][%[[ARG5]]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = scf.for %[[ARG5:.*]] = %[[ARG0]] to %[[ARG1]] step %[[ARG2]] iter_args(%[[ARG6:.*]] = %[[ARG3]]) -> (f32) {
// CHECK-NEXT: %[[V2:.*]] = memref.load %[[ARG4]][%[[ARG5]]] : memref<?xf32>
// CHECK-NEXT: %[[V3:.*]] = arith.addf %[[ARG6]], %[[V2]] : f32
// CHECK-NEXT: scf.yield %[[V3]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:.*]]:2 = scf.for %[[ARG5:.*]] = %[[ARG0]] to %[[ARG1]] step %[[ARG2]] iter_args(%[[ARG6:.*]] = %[[ARG3]], %[[ARG7:.*]] = %[[ARG0]]) -> (f32, index) {
// CHECK-NEXT: scf.yield %[[ARG6]], %[[ARG7]] : f32, index
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.for %[[ARG5:.*]] = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
// CHECK-NEXT: }
// CHECK-NEXT: scf.for unsigned %[[ARG5:.*]] = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @for_loops(%lb: index, %ub: index, %step: index, %init: f32, %m: memref<?xf32>) -> f32 {
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %init, %b = %lb) -> (f32, index) {
    scf.yield %a, %b : f32, index
  }
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  scf.for %k = %c0 to %c8 step %c1 : i32 {
  }
  scf.for unsigned %k = %c0 to %c8 step %c1 : i32 {
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @ifs(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: memref<f32>) -> f32 {
// CHECK-NEXT: scf.if %[[ARG0]] {
// CHECK-NEXT: memref.store %[[ARG1]], %[[ARG3]][] : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[ARG0]] {
// CHECK-NEXT: memref.store %[[ARG1]], %[[ARG3]][] : memref<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %[[ARG2]], %[[ARG3]][] : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = scf.if %[[ARG0]] -> (f32) {
// CHECK-NEXT: scf.yield %[[ARG1]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:.*]]:2 = scf.if %[[ARG0]] -> (f32, f32) {
// CHECK-NEXT: scf.yield %[[ARG1]], %[[ARG2]] : f32, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG2]], %[[ARG1]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @ifs(%cond: i1, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  scf.if %cond {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %cond {
    memref.store %x, %m[] : memref<f32>
  } else {
    memref.store %y, %m[] : memref<f32>
  }
  %0 = scf.if %cond -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  %1:2 = scf.if %cond -> (f32, f32) {
    scf.yield %x, %y : f32, f32
  } else {
    scf.yield %y, %x : f32, f32
  }
  return %0 : f32
}

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = scf.while (%[[ARG2:.*]] = %[[ARG0]]) : (i32) -> i32 {
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi slt, %[[ARG2]], %[[ARG1]] : i32
// CHECK-NEXT: scf.condition(%[[V1]]) %[[ARG2]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG2:.*]]: i32):
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %[[V1:.*]] = arith.addi %[[ARG2]], %c1_i32 : i32
// CHECK-NEXT: scf.yield %[[V1]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : i32
// CHECK-NEXT: }
func.func @while_loop(%init: i32, %limit: i32) -> i32 {
  %0 = scf.while (%arg1 = %init) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg1, %limit : i32
    scf.condition(%cond) %arg1 : i32
  } do {
  ^bb0(%arg2: i32):
    %c1 = arith.constant 1 : i32
    %next = arith.addi %arg2, %c1 : i32
    scf.yield %next : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @parallel(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index, %[[ARG3:.*]]: memref<?x?xf32>) -> f32 {
// CHECK-NEXT: scf.parallel (%[[ARG4:.*]], %[[ARG5:.*]]) = (%[[ARG0]], %[[ARG0]]) to (%[[ARG1]], %[[ARG1]]) step (%[[ARG2]], %[[ARG2]]) {
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[ARG3]][%[[ARG4]], %[[ARG5]]] : memref<?x?xf32>
// CHECK-NEXT: memref.store %[[V1]], %[[ARG3]][%[[ARG5]], %[[ARG4]]] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V0:.*]] = scf.parallel (%[[ARG4:.*]]) = (%[[ARG0]]) to (%[[ARG1]]) step (%[[ARG2]]) init (%cst) -> f32 {
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[ARG3]][%[[ARG4]], %[[ARG4]]] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce(%[[V1]] : f32) {
// CHECK-NEXT: ^bb0(%[[ARG5:.*]]: f32, %[[ARG6:.*]]: f32):
// CHECK-NEXT: %[[V2:.*]] = arith.addf %[[ARG5]], %[[ARG6]] : f32
// CHECK-NEXT: scf.reduce.return %[[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @parallel(%lb: index, %ub: index, %step: index, %m: memref<?x?xf32>) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%step, %step) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
    scf.reduce
  }
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i) = (%lb) to (%ub) step (%step) init (%zero) -> f32 {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.addf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @execute_region(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %[[V1:.*]] = arith.addi %[[ARG0]], %c1_i32 : i32
// CHECK-NEXT: scf.yield %[[V1]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : i32
// CHECK-NEXT: }
func.func @execute_region(%x: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %c1 = arith.constant 1 : i32
    %1 = arith.addi %x, %c1 : i32
    scf.yield %1 : i32
  }
  scf.execute_region {
    scf.yield
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @index_switch(
// CHECK-SAME: %[[ARG0:.*]]: index) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = scf.index_switch %[[ARG0]] -> i32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: scf.yield %c10_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 5 {
// CHECK-NEXT: %c20_i32 = arith.constant 20 : i32
// CHECK-NEXT: scf.yield %c20_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %c30_i32 = arith.constant 30 : i32
// CHECK-NEXT: scf.yield %c30_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : i32
// CHECK-NEXT: }
func.func @index_switch(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %c10 = arith.constant 10 : i32
    scf.yield %c10 : i32
  }
  case 5 {
    %c20 = arith.constant 20 : i32
    scf.yield %c20 : i32
  }
  default {
    %c30 = arith.constant 30 : i32
    scf.yield %c30 : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: i1) {
// CHECK-NEXT: scf.for %[[ARG3:.*]] = %[[ARG0]] to %[[ARG1]] step %[[ARG1]] {
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[ARG2]] {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @generic_forms(%lb: index, %ub: index, %cond: i1) {
  "scf.for"(%lb, %ub, %ub) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "scf.if"(%cond) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}
