// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of builtin ops: module (named, with attributes, nested) and
// unrealized_conversion_cast.

// CHECK-LABEL: module @named
// CHECK-SAME: attributes {foo.attr = 1 : i32, gpu.container_module} {
// CHECK-NEXT: }
module @named attributes {foo.attr = 1 : i32, gpu.container_module} {
}

// CHECK: module {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: }
// CHECK-NEXT: }
module {
  module @inner {
  }
}

// CHECK-LABEL: func.func @cast(
// CHECK-SAME: %[[ARG0:.*]]: i64, %[[ARG1:.*]]: index) -> (index, i32) {
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %[[ARG0]] : i64 to index
// CHECK-NEXT: %[[V1:.*]]:2 = builtin.unrealized_conversion_cast %[[ARG1]] : index to i32, i32
// CHECK-NEXT: %[[V2:.*]] = builtin.unrealized_conversion_cast %[[V0]], %[[ARG0]] : index, i64 to i32
// CHECK-NEXT: %[[V3:.*]] = builtin.unrealized_conversion_cast to i8
// CHECK-NEXT: return %[[V0]], %[[V1]]#1 : index, i32
// CHECK-NEXT: }
func.func @cast(%arg0: i64, %arg1: index) -> (index, i32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1:2 = builtin.unrealized_conversion_cast %arg1 : index to i32, i32
  %2 = builtin.unrealized_conversion_cast %0, %arg0 : index, i64 to i32
  %3 = builtin.unrealized_conversion_cast to i8
  return %0, %1#1 : index, i32
}

// CHECK-LABEL: func.func @cast_generic(
// CHECK-SAME: %[[ARG0:.*]]: i64) -> index {
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %[[ARG0]] : i64 to index
// CHECK-NEXT: return %[[V0]] : index
// CHECK-NEXT: }
func.func @cast_generic(%arg0: i64) -> index {
  %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i64) -> index
  return %0 : index
}

// Module bodies are graph regions: a use may come before its definition.
// CHECK-LABEL: module @graph_region {
// CHECK-NEXT: %0 = arith.addi %[[C:.*]], %[[C]] : i32
// CHECK-NEXT: %[[C]] = arith.constant 1 : i32
module @graph_region {
  %y = arith.addi %x, %x : i32
  %x = arith.constant 1 : i32
}

// Dominance is not checked in a block no path reaches.
// CHECK-LABEL: func.func @use_in_unreachable_block
// CHECK: ^bb1:
// CHECK-NEXT: arith.addi %[[C:.*]], %[[C]] : i32
// CHECK: ^bb2:
// CHECK-NEXT: %[[C]] = arith.constant 1 : i32
func.func @use_in_unreachable_block() {
  cf.br ^bb2
^bb1:
  %y = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  %x = arith.constant 1 : i32
  return
}
