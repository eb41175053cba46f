// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the arith dialect: constants (int/index/float/hex/dense/bool),
// integer and float binary ops (signed/unsigned variants), comparisons with
// every predicate, select, casts, min/max, bitwise ops, overflow flags and
// fastmath flags.

// CHECK-LABEL: func.func @constants(
// CHECK-SAME: ) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c42 = arith.constant 42 : index
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true_0 = arith.constant true
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %cst_3 = arith.constant 3.14159265358979 : f64
// CHECK-NEXT: %cst_4 = arith.constant 1.000000e-10 : f32
// CHECK-NEXT: %cst_5 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_6 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_7 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_8 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: %cst_9 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %cst_10 = arith.constant 1.000000e+30 : f32
// CHECK-NEXT: %cst_11 = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %cst_12 = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_13 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_14 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: %cst_15 = arith.constant dense<true> : vector<2xi1>
// CHECK-NEXT: %cst_16 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constants() {
  %c0 = arith.constant 0 : index
  %c42 = arith.constant 42 : index
  %c-1 = arith.constant -1 : i32
  %c7_i64 = arith.constant 7 : i64
  %c255_i8 = arith.constant 255 : i8
  %true = arith.constant true
  %false = arith.constant false
  %c1_i1 = arith.constant 1 : i1
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 1.5 : f32
  %cst_1 = arith.constant -2.500000e+00 : f64
  %cst_2 = arith.constant 3.14159265358979 : f64
  %cst_3 = arith.constant 1.0e-10 : f32
  %cst_4 = arith.constant 0x7FC00000 : f32
  %cst_5 = arith.constant 0x7F800000 : f32
  %cst_6 = arith.constant 0xFF800000 : f32
  %cst_7 = arith.constant 0x3C00 : f16
  %cst_8 = arith.constant 1.0 : bf16
  %cst_9 = arith.constant 1.0e+30 : f32
  %cst_10 = arith.constant 0.1 : f32
  %cst_11 = arith.constant dense<0.000000e+00> : vector<4xf32>
  %cst_12 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %cst_13 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %cst_14 = arith.constant dense<true> : vector<2xi1>
  %cst_15 = arith.constant -0.0 : f32
  return
}

// CHECK-LABEL: func.func @int_binary(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: index, %[[ARG3:.*]]: index) {
// CHECK-NEXT: %[[V0:.*]] = arith.addi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V1:.*]] = arith.subi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V2:.*]] = arith.muli %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V3:.*]] = arith.divsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V4:.*]] = arith.divui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V5:.*]] = arith.remsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V6:.*]] = arith.remui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V7:.*]] = arith.ceildivsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V8:.*]] = arith.floordivsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V9:.*]] = arith.addi %[[ARG2]], %[[ARG3]] : index
// CHECK-NEXT: %[[V10:.*]] = arith.addi %[[ARG0]], %[[ARG1]] overflow<nsw> : i32
// CHECK-NEXT: %[[V11:.*]] = arith.muli %[[ARG0]], %[[ARG1]] overflow<nsw, nuw> : i32
// CHECK-NEXT: %[[V12:.*]] = arith.subi %[[ARG2]], %[[ARG3]] overflow<nuw> : index
// CHECK-NEXT: %[[V13:.*]] = arith.shli %[[ARG0]], %[[ARG1]] overflow<nsw> : i32
// CHECK-NEXT: %[[V14:.*]] = arith.ceildivui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.floordivsi %a, %b : i32
  %9 = arith.addi %i, %j : index
  %10 = arith.addi %a, %b overflow<nsw> : i32
  %11 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %12 = arith.subi %i, %j overflow<nuw> : index
  %13 = arith.shli %a, %b overflow<nsw> : i32
  %14 = arith.ceildivui %a, %b : i32
  return
}

// CHECK-LABEL: func.func @float_binary(
// CHECK-SAME: %[[ARG0:.*]]: f32, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: f64) {
// CHECK-NEXT: %[[V0:.*]] = arith.addf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V1:.*]] = arith.subf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V2:.*]] = arith.mulf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V3:.*]] = arith.divf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V4:.*]] = arith.remf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: %[[V5:.*]] = arith.negf %[[ARG0]] : f32
// CHECK-NEXT: %[[V6:.*]] = arith.addf %[[ARG0]], %[[ARG1]] fastmath<fast> : f32
// CHECK-NEXT: %[[V7:.*]] = arith.mulf %[[ARG0]], %[[ARG1]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[V8:.*]] = arith.divf %[[ARG2]], %[[ARG2]] fastmath<contract> : f64
// CHECK-NEXT: %[[V9:.*]] = arith.negf %[[ARG2]] fastmath<nsz> : f64
// CHECK-NEXT: %[[V10:.*]] = arith.addf %[[ARG0]], %[[ARG1]] : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_binary(%x: f32, %y: f32, %z: f64) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.negf %x : f32
  %6 = arith.addf %x, %y fastmath<fast> : f32
  %7 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %8 = arith.divf %z, %z fastmath<contract> : f64
  %9 = arith.negf %z fastmath<nsz> : f64
  %10 = arith.addf %x, %y fastmath<none> : f32
  return
}

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: f32) {
// CHECK-NEXT: %[[V0:.*]] = arith.cmpi eq, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi ne, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V2:.*]] = arith.cmpi slt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V3:.*]] = arith.cmpi sle, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V4:.*]] = arith.cmpi sgt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V5:.*]] = arith.cmpi sge, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V6:.*]] = arith.cmpi ult, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V7:.*]] = arith.cmpi ule, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V8:.*]] = arith.cmpi ugt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V9:.*]] = arith.cmpi uge, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V10:.*]] = arith.cmpf false, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V11:.*]] = arith.cmpf oeq, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V12:.*]] = arith.cmpf ogt, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V13:.*]] = arith.cmpf oge, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V14:.*]] = arith.cmpf olt, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V15:.*]] = arith.cmpf ole, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V16:.*]] = arith.cmpf one, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V17:.*]] = arith.cmpf ord, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V18:.*]] = arith.cmpf ueq, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V19:.*]] = arith.cmpf ugt, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V20:.*]] = arith.cmpf uge, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V21:.*]] = arith.cmpf ult, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V22:.*]] = arith.cmpf ule, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V23:.*]] = arith.cmpf une, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V24:.*]] = arith.cmpf uno, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V25:.*]] = arith.cmpf true, %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V26:.*]] = arith.cmpf olt, %[[ARG2]], %[[ARG3]] fastmath<nnan> : f32
// CHECK-NEXT: %[[V27:.*]] = arith.cmpi slt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V28:.*]] = arith.select %[[V27]], %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V29:.*]] = arith.select %[[V26]], %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @compare(%a: i32, %b: i32, %x: f32, %y: f32) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpf false, %x, %y : f32
  %11 = arith.cmpf oeq, %x, %y : f32
  %12 = arith.cmpf ogt, %x, %y : f32
  %13 = arith.cmpf oge, %x, %y : f32
  %14 = arith.cmpf olt, %x, %y : f32
  %15 = arith.cmpf ole, %x, %y : f32
  %16 = arith.cmpf one, %x, %y : f32
  %17 = arith.cmpf ord, %x, %y : f32
  %18 = arith.cmpf ueq, %x, %y : f32
  %19 = arith.cmpf ugt, %x, %y : f32
  %20 = arith.cmpf uge, %x, %y : f32
  %21 = arith.cmpf ult, %x, %y : f32
  %22 = arith.cmpf ule, %x, %y : f32
  %23 = arith.cmpf une, %x, %y : f32
  %24 = arith.cmpf uno, %x, %y : f32
  %25 = arith.cmpf true, %x, %y : f32
  %26 = arith.cmpf olt, %x, %y fastmath<nnan> : f32
  %27 = arith.cmpi slt, %a, %b : i32
  %28 = arith.select %27, %a, %b : i32
  %29 = arith.select %26, %x, %y : f32
  return
}

// CHECK-LABEL: func.func @casts(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: index, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: f16, %[[ARG4:.*]]: i64, %[[ARG5:.*]]: i8) {
// CHECK-NEXT: %[[V0:.*]] = arith.index_cast %[[ARG0]] : i32 to index
// CHECK-NEXT: %[[V1:.*]] = arith.index_cast %[[ARG1]] : index to i64
// CHECK-NEXT: %[[V2:.*]] = arith.index_castui %[[ARG1]] : index to i32
// CHECK-NEXT: %[[V3:.*]] = arith.sitofp %[[ARG0]] : i32 to f32
// CHECK-NEXT: %[[V4:.*]] = arith.uitofp %[[ARG0]] : i32 to f64
// CHECK-NEXT: %[[V5:.*]] = arith.fptosi %[[ARG2]] : f32 to i32
// CHECK-NEXT: %[[V6:.*]] = arith.fptoui %[[ARG2]] : f32 to i64
// CHECK-NEXT: %[[V7:.*]] = arith.extf %[[ARG3]] : f16 to f32
// CHECK-NEXT: %[[V8:.*]] = arith.truncf %[[ARG2]] : f32 to f16
// CHECK-NEXT: %[[V9:.*]] = arith.extsi %[[ARG0]] : i32 to i64
// CHECK-NEXT: %[[V10:.*]] = arith.extui %[[ARG5]] : i8 to i32
// CHECK-NEXT: %[[V11:.*]] = arith.trunci %[[ARG4]] : i64 to i32
// CHECK-NEXT: %[[V12:.*]] = arith.bitcast %[[ARG2]] : f32 to i32
// CHECK-NEXT: %[[V13:.*]] = arith.bitcast %[[ARG0]] : i32 to f32
// CHECK-NEXT: %[[V14:.*]] = arith.trunci %[[ARG4]] overflow<nsw> : i64 to i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @casts(%a: i32, %i: index, %x: f32, %h: f16, %w: i64, %b: i8) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %i : index to i64
  %2 = arith.index_castui %i : index to i32
  %3 = arith.sitofp %a : i32 to f32
  %4 = arith.uitofp %a : i32 to f64
  %5 = arith.fptosi %x : f32 to i32
  %6 = arith.fptoui %x : f32 to i64
  %7 = arith.extf %h : f16 to f32
  %8 = arith.truncf %x : f32 to f16
  %9 = arith.extsi %a : i32 to i64
  %10 = arith.extui %b : i8 to i32
  %11 = arith.trunci %w : i64 to i32
  %12 = arith.bitcast %x : f32 to i32
  %13 = arith.bitcast %a : i32 to f32
  %14 = arith.trunci %w overflow<nsw> : i64 to i32
  return
}

// CHECK-LABEL: func.func @minmax_bitwise(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: f32, %[[ARG3:.*]]: f32) {
// CHECK-NEXT: %[[V0:.*]] = arith.minsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V1:.*]] = arith.maxsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V2:.*]] = arith.minui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V3:.*]] = arith.maxui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V4:.*]] = arith.minimumf %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V5:.*]] = arith.maximumf %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V6:.*]] = arith.minnumf %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V7:.*]] = arith.maxnumf %[[ARG2]], %[[ARG3]] : f32
// CHECK-NEXT: %[[V8:.*]] = arith.andi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V9:.*]] = arith.ori %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V10:.*]] = arith.xori %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V11:.*]] = arith.shli %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V12:.*]] = arith.shrsi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V13:.*]] = arith.shrui %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @minmax_bitwise(%a: i32, %b: i32, %x: f32, %y: f32) {
  %0 = arith.minsi %a, %b : i32
  %1 = arith.maxsi %a, %b : i32
  %2 = arith.minui %a, %b : i32
  %3 = arith.maxui %a, %b : i32
  %4 = arith.minimumf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minnumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.andi %a, %b : i32
  %9 = arith.ori %a, %b : i32
  %10 = arith.xori %a, %b : i32
  %11 = arith.shli %a, %b : i32
  %12 = arith.shrsi %a, %b : i32
  %13 = arith.shrui %a, %b : i32
  return
}

// CHECK-LABEL: func.func @vectors(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xf32>, %[[ARG1:.*]]: vector<4xi32>) -> vector<4xf32> {
// CHECK-NEXT: %[[V0:.*]] = arith.addf %[[ARG0]], %[[ARG0]] : vector<4xf32>
// CHECK-NEXT: %[[V1:.*]] = arith.addi %[[ARG1]], %[[ARG1]] : vector<4xi32>
// CHECK-NEXT: %[[V2:.*]] = arith.sitofp %[[V1]] : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %[[V3:.*]] = arith.cmpf olt, %[[V0]], %[[V2]] : vector<4xf32>
// CHECK-NEXT: %[[V4:.*]] = arith.select %[[V3]], %[[V0]], %[[V2]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: return %[[V4]] : vector<4xf32>
// CHECK-NEXT: }
func.func @vectors(%v: vector<4xf32>, %w: vector<4xi32>) -> vector<4xf32> {
  %0 = arith.addf %v, %v : vector<4xf32>
  %1 = arith.addi %w, %w : vector<4xi32>
  %2 = arith.sitofp %1 : vector<4xi32> to vector<4xf32>
  %3 = arith.cmpf olt, %0, %2 : vector<4xf32>
  %4 = arith.select %3, %0, %2 : vector<4xi1>, vector<4xf32>
  return %4 : vector<4xf32>
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: f32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %[[V0:.*]] = arith.addi %[[ARG0]], %c1_i32 overflow<nsw> : i32
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi slt, %[[V0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[V2:.*]] = arith.addf %[[ARG2]], %[[ARG2]] fastmath<fast> : f32
// CHECK-NEXT: %[[V3:.*]] = arith.select %[[V1]], %[[V0]], %[[ARG1]] : i32
// CHECK-NEXT: return %[[V3]] : i32
// CHECK-NEXT: }
func.func @generic_forms(%a: i32, %b: i32, %x: f32) -> i32 {
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %1 = "arith.cmpi"(%0, %b) <{predicate = 2 : i64}> : (i32, i32) -> i1
  %2 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %3 = "arith.select"(%1, %0, %b) : (i1, i32, i32) -> i32
  return %3 : i32
}

// Extended arithmetic (two results, named as upstream names them), rounding modes and fastmath
// flags on truncf/extf, scaling casts, and fastmath flag sets printed canonically (bit order,
// `fast` for all seven).
// CHECK-LABEL: func.func @extended_and_rounding(
func.func @extended_and_rounding(%i: i32, %v: vector<[4]xi64>, %d: f64, %f: f32) -> (i32, i1, i32) {
  // CHECK: %sum, %overflow = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  %s, %o = arith.addui_extended %i, %i : i32, i1
  // CHECK: %low, %high = arith.mulsi_extended %{{.*}}, %{{.*}} : i32
  %l, %h = arith.mulsi_extended %i, %i : i32
  // CHECK: %low_0, %high_1 = arith.mului_extended %{{.*}}, %{{.*}} : vector<[4]xi64>
  %m:2 = arith.mului_extended %v, %v : vector<[4]xi64>
  // CHECK: arith.truncf %{{.*}} toward_zero : f64 to f32
  %t0 = arith.truncf %d toward_zero : f64 to f32
  // CHECK: arith.truncf %{{.*}} to_nearest_away fastmath<nnan,contract> : f64 to f32
  %t1 = arith.truncf %d to_nearest_away fastmath<contract,nnan> : f64 to f32
  // CHECK: arith.truncf %{{.*}} fastmath<fast> : f64 to f32
  %t2 = arith.truncf %d fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f64 to f32
  // CHECK: arith.extf %{{.*}} fastmath<ninf> : f32 to f64
  %e = arith.extf %f fastmath<ninf> : f32 to f64
  // CHECK: arith.scaling_extf %{{.*}}, %{{.*}} : f32, f32 to f64
  %se = arith.scaling_extf %f, %f : f32, f32 to f64
  // CHECK: arith.scaling_truncf %{{.*}}, %{{.*}} upward : f64, f32 to f32
  %st = arith.scaling_truncf %d, %f upward : f64, f32 to f32
  // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
  %a = arith.addf %f, %f fastmath<fast,nnan> : f32
  return %s, %o, %h : i32, i1, i32
}

// Shapes written with spaces around `x` read as without.
// CHECK-LABEL: func.func @spaced_shapes(
func.func @spaced_shapes() {
  // CHECK: arith.constant dense<0> : vector<42xi32>
  %0 = arith.constant dense<0> : vector<42 x i32>
  // CHECK: arith.constant dense<1> : vector<2x[2]xi32>
  %1 = arith.constant dense<1> : vector<2 x [2] x i32>
  return
}
