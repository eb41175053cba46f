// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the func dialect: func (public/private/nested visibility,
// declarations, arg/result attributes, function attributes), return, call,
// call_indirect and constant.

// CHECK-LABEL: func.func private @decl(
// CHECK-SAME: i32, f32) -> i64
func.func private @decl(i32, f32) -> i64

// CHECK-LABEL: func.func private @decl_named(
// CHECK-SAME: i32 {foo.attr}) -> (i32 {foo.res = 1 : i64})
func.func private @decl_named(%arg0: i32 {foo.attr}) -> (i32 {foo.res = 1 : i64})

// CHECK-LABEL: func.func nested @nested_vis(
// CHECK-SAME: ) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func nested @nested_vis() {
  return
}

// CHECK-LABEL: func.func @no_args(
// CHECK-SAME: ) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @no_args() {
  return
}

// CHECK-LABEL: func.func @arg_attrs(
// CHECK-SAME: %[[ARG0:.*]]: memref<?xf32> {llvm.align = 16 : i64, llvm.noalias}, %[[ARG1:.*]]: i32) -> (f32 {llvm.noundef}, i32) attributes {llvm.emit_c_interface, passthrough = ["noinline"]} {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[ARG0]][%c0] : memref<?xf32>
// CHECK-NEXT: return %[[V0]], %[[ARG1]] : f32, i32
// CHECK-NEXT: }
func.func @arg_attrs(%arg0: memref<?xf32> {llvm.noalias, llvm.align = 16 : i64}, %arg1: i32) -> (f32 {llvm.noundef}, i32) attributes {llvm.emit_c_interface, passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg0[%c0] : memref<?xf32>
  return %0, %arg1 : f32, i32
}

// CHECK-LABEL: func.func @multi_result(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> (i32, i32) {
// CHECK-NEXT: return %[[ARG0]], %[[ARG0]] : i32, i32
// CHECK-NEXT: }
func.func @multi_result(%arg0: i32) -> (i32, i32) {
  return %arg0, %arg0 : i32, i32
}

// CHECK-LABEL: func.func @calls(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: f32) -> i64 {
// CHECK-NEXT: %[[V0:.*]] = call @decl(%[[ARG0]], %[[ARG1]]) : (i32, f32) -> i64
// CHECK-NEXT: %[[V1:.*]]:2 = call @multi_result(%[[ARG0]]) : (i32) -> (i32, i32)
// CHECK-NEXT: call @no_args() : () -> ()
// CHECK-NEXT: %f = constant @multi_result : (i32) -> (i32, i32)
// CHECK-NEXT: %[[V2:.*]]:2 = call_indirect %f(%[[V1]]#0) : (i32) -> (i32, i32)
// CHECK-NEXT: %[[V3:.*]] = call @decl(%[[ARG0]], %[[ARG1]]) : (i32, f32) -> i64
// CHECK-NEXT: return %[[V0]] : i64
// CHECK-NEXT: }
func.func @calls(%arg0: i32, %arg1: f32) -> i64 {
  %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i64
  %1:2 = func.call @multi_result(%arg0) : (i32) -> (i32, i32)
  call @no_args() : () -> ()
  %f = func.constant @multi_result : (i32) -> (i32, i32)
  %2:2 = func.call_indirect %f(%1#0) : (i32) -> (i32, i32)
  %3 = "func.call"(%arg0, %arg1) <{callee = @decl}> : (i32, f32) -> i64
  return %0 : i64
}

// CHECK-LABEL: func.func @generic_func(
// CHECK-SAME: %[[ARG0:.*]]: index) -> index {
// CHECK-NEXT: return %[[ARG0]] : index
// CHECK-NEXT: }
"func.func"() <{function_type = (index) -> index, sym_name = "generic_func"}> ({
^bb0(%arg0: index):
  "func.return"(%arg0) : (index) -> ()
}) : () -> ()
