// RUN: asyncgpu-opt %s --allow-unregistered-dialect | asyncgpu-opt --allow-unregistered-dialect | filecheck %s
// RUN: asyncgpu-opt %s --allow-unregistered-dialect --mlir-print-op-generic | asyncgpu-opt --allow-unregistered-dialect | filecheck %s

// Generic operation syntax with unregistered dialects, plus a tour of the
// builtin attribute and type syntax (integers, floats, dense, arrays,
// dictionaries, symbol references, affine maps/sets, opaque dialect
// attributes and types).

#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
#set = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 10 >= 0)>

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK: #map1 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
// CHECK: #set = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 10 >= 0)>

// CHECK-LABEL: func.func @unregistered(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]]:2 = "foo.bar"(%[[ARG0]]) <{p = 1 : i64}> ({
// CHECK-NEXT: "foo.inner"() : () -> ()
// CHECK-NEXT: }) {a} : (i32) -> (i32, i32)
// CHECK-NEXT: %[[V1:.*]] = "foo.use"(%[[V0]]#1, %[[V0]]#0) : (i32, i32) -> i32
// CHECK-NEXT: "foo.no_results"() {attr = "str", unit} : () -> ()
// CHECK-NEXT: %[[V2:.*]] = "foo.regions"() ({
// CHECK-NEXT: ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT: "foo.yield"(%[[ARG1]]) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "foo.yield"(%[[ARG0]]) : (i32) -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: return %[[V1]] : i32
// CHECK-NEXT: }
func.func @unregistered(%x: i32) -> i32 {
  %0:2 = "foo.bar"(%x) <{p = 1 : i64}> ({
    "foo.inner"() : () -> ()
  }) {a} : (i32) -> (i32, i32)
  %1 = "foo.use"(%0#1, %0#0) : (i32, i32) -> i32
  "foo.no_results"() {attr = "str", unit} : () -> ()
  %2 = "foo.regions"() ({
  ^bb0(%arg: i32):
    "foo.yield"(%arg) : (i32) -> ()
  }, {
    "foo.yield"(%x) : (i32) -> ()
  }) : () -> i32
  return %1 : i32
}

// CHECK-LABEL: func.func @successors(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) {
// CHECK-NEXT: "foo.branch"(%[[ARG0]], %[[ARG1]])[^bb1, ^bb2] : (i1, i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.br"(%[[ARG1]])[^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @successors(%c: i1, %x: i32) {
  "foo.branch"(%c, %x) [^bb1, ^bb2] : (i1, i32) -> ()
^bb1:
  "foo.br"(%x) [^bb2] : (i32) -> ()
^bb2:
  return
}

// CHECK-LABEL: func.func @dialect_types(
// CHECK-SAME: %[[ARG0:.*]]: !foo.bar<"x", 3>, %[[ARG1:.*]]: !foo.baz) -> !foo.bar<"x", 3> attributes {foo.opaque = #foo<"hello">, foo.other = #foo.attr<1, [2, 3]>} {
// CHECK-NEXT: %[[V0:.*]] = "foo.convert"(%[[ARG0]], %[[ARG1]]) : (!foo.bar<"x", 3>, !foo.baz) -> !foo.bar<"x", 3>
// CHECK-NEXT: return %[[V0]] : !foo.bar<"x", 3>
// CHECK-NEXT: }
func.func @dialect_types(%a: !foo.bar<"x", 3>, %b: !foo.baz) -> !foo.bar<"x", 3> attributes {foo.opaque = #foo<"hello">, foo.other = #foo.attr<1, [2, 3]>} {
  %0 = "foo.convert"(%a, %b) : (!foo.bar<"x", 3>, !foo.baz) -> !foo.bar<"x", 3>
  return %0 : !foo.bar<"x", 3>
}

// CHECK-LABEL: func.func @integer_attrs(
// CHECK-SAME: ) attributes {default = 42 : i64, hex = 255 : i32, i1 = true, i128 = 170141183460469231731687303715884105727 : i128, i16 = 16 : i16, i1f = false, i3 = 3 : i3, i32 = 32 : i32, i64 = 64 : i64, i8 = -8 : i8, idx = 5 : index, si8 = -1 : si8, ui32 = 7 : ui32, ui8 = 255 : ui8} {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @integer_attrs() attributes {i1 = true, i1f = false, i8 = -8 : i8, i16 = 16 : i16, i32 = 32 : i32, i64 = 64 : i64, i128 = 170141183460469231731687303715884105727 : i128, i3 = 3 : i3, si8 = -1 : si8, ui8 = 255 : ui8, ui32 = 7 : ui32, idx = 5 : index, hex = 0xFF : i32, default = 42} {
  return
}

// CHECK-LABEL: func.func @float_attrs(
// CHECK-SAME: ) attributes {bf16 = -2.000000e+00 : bf16, dflt = 5.000000e-01 : f64, f16 = 1.500000e+00 : f16, f32 = 3.250000e+00 : f32, f32big = 0x4B800000 : f32, f64 = 6.0221407599999999E+23 : f64, hexf = 0x7FF0000000000000 : f64, nan = 0x7FC00000 : f32, neg0 = -0.000000e+00 : f64, small = 9.999940e-41 : f32, tenth = 1.000000e-01 : f64} {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_attrs() attributes {f16 = 1.5 : f16, bf16 = -2.0 : bf16, f32 = 3.25 : f32, f64 = 6.02214076e+23 : f64, hexf = 0x7FF0000000000000 : f64, nan = 0x7FC00000 : f32, small = 1.0e-40 : f32, dflt = 0.5, neg0 = -0.0 : f64, f32big = 16777217.0 : f32, tenth = 0.1 : f64} {
  return
}

// CHECK-LABEL: func.func @aggregate_attrs(
// CHECK-SAME: ) attributes {arr32 = array<i32: 1, 2, 3>, arr64 = array<i64>, arrf = array<f32: 1.000000e+00, 2.500000e+00>, bools = dense<[true, false]> : tensor<2xi1>, dict = {a = 1 : i32, b = {c = "d", e = [unit]}}, elided = dense_resource<__elided__> : tensor<4xf32>, empty_dict = {}, flat = @flat, fty = (i32, f32) -> memref<4xf32>, hexdense = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, inline_map = #map, list = dense<[1, 2, 3]> : tensor<3xi32>, list_attr = [1, "two", 3.000000e+00 : f32, [4]], map = #map1, nested = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>, set = #set, splat = dense<1.000000e+00> : tensor<4xf32>, str = "esc\22aped\0A\09", sym = @a::@b, ty = i32} {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @aggregate_attrs() attributes {splat = dense<1.0> : tensor<4xf32>, list = dense<[1, 2, 3]> : tensor<3xi32>, nested = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, bools = dense<[true, false]> : tensor<2xi1>, hexdense = dense<"0x0000803F00000040"> : tensor<2xf32>, arr32 = array<i32: 1, 2, 3>, arr64 = array<i64>, arrf = array<f32: 1.0, 2.5>, list_attr = [1, "two", 3.0 : f32, [4]], dict = {a = 1 : i32, b = {c = "d", e = [unit]}}, empty_dict = {}, str = "esc\"aped\n\t", sym = @a::@b, flat = @flat, ty = i32, fty = (i32, f32) -> memref<4xf32>, map = #map, set = #set, inline_map = affine_map<(d0) -> (d0)>, elided = dense_resource<__elided__> : tensor<4xf32>} {
  return
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i7, %[[ARG2:.*]]: si32, %[[ARG3:.*]]: ui64, %[[ARG4:.*]]: f16, %[[ARG5:.*]]: bf16, %[[ARG6:.*]]: f64, %[[ARG7:.*]]: index, %[[ARG8:.*]]: tensor<?x4xf32>, %[[ARG9:.*]]: tensor<*xi8>, %[[ARG10:.*]]: vector<2x[4]xf32>, %[[ARG11:.*]]: memref<2x?xf32, strided<[?, 1], offset: ?>>, %[[ARG12:.*]]: complex<f32>, %[[ARG13:.*]]: tuple<i32, f32>, %[[ARG14:.*]]: none, %[[ARG15:.*]]: memref<4x4xf32, #map1>, %[[ARG16:.*]]: f8E4M3FN, %[[ARG17:.*]]: tf32, %[[ARG18:.*]]: memref<*xf32, 3>, %[[ARG19:.*]]: (i32) -> i32, %[[ARG20:.*]]: vector<4xi1>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @types(%a: i1, %b: i7, %c: si32, %d: ui64, %e: f16, %f: bf16, %g: f64, %h: index, %i: tensor<?x4xf32>, %j: tensor<*xi8>, %k: vector<2x[4]xf32>, %l: memref<2x?xf32, strided<[?, 1], offset: ?>>, %m: complex<f32>, %n: tuple<i32, f32>, %o: none, %p: memref<4x4xf32, #map>, %q: f8E4M3FN, %r: tf32, %s: memref<*xf32, 3>, %t: (i32) -> i32, %u: vector<4xi1>) {
  return
}

// CHECK: "foo.toplevel"() ({
// CHECK-NEXT: "foo.terminator"() : () -> ()
// CHECK-NEXT: }) {sym_name = "top"} : () -> ()
"foo.toplevel"() ({
  "foo.terminator"() : () -> ()
}) {sym_name = "top"} : () -> ()
