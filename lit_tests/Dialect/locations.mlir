// RUN: asyncgpu-opt %s --mlir-print-debuginfo | asyncgpu-opt --mlir-print-debuginfo | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-debuginfo --mlir-print-local-scope | asyncgpu-opt --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s --check-prefix LOCAL
// RUN: asyncgpu-opt %s | filecheck %s --check-prefix NODEBUG

// Source locations. They are printed only with --mlir-print-debuginfo: as
// #locN aliases defined *after* the module (except block-argument locations,
// whose aliases come first), or inline with --mlir-print-local-scope. The
// implicit module gets the location "<input file>":0:0.

// CHECK: #loc2 = loc("args.mlir":1:2)
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @locs(%[[ARG0:.*]]: i32 loc("args.mlir":1:2)) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32 loc(#loc3)
// CHECK-NEXT: %[[V1:.*]] = arith.muli %[[V0]], %[[V0]] : i32 loc(#loc4)
// CHECK-NEXT: %[[V2:.*]] = arith.subi %[[V1]], %[[V0]] : i32 loc(#loc12)
// CHECK-NEXT: %[[V3:.*]] = arith.xori %[[V2]], %[[V1]] : i32 loc(#loc13)
// CHECK-NEXT: %[[V4:.*]] = arith.ori %[[V3]], %[[V2]] : i32 loc(#loc15)
// CHECK-NEXT: %[[V5:.*]] = arith.andi %[[V4]], %[[V3]] : i32 loc(#loc10)
// CHECK-NEXT: return %[[V5]] : i32 loc(#loc11)
// CHECK-NEXT: } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("a.mlir":9:1)
// CHECK-NEXT: #loc3 = loc("a.mlir":10:8)
// CHECK-NEXT: #loc4 = loc(unknown)
// CHECK-NEXT: #loc5 = loc("b.mlir":3:4)
// CHECK-NEXT: #loc6 = loc("c.mlir":1:1)
// CHECK-NEXT: #loc7 = loc("d.mlir":2:2)
// CHECK-NEXT: #loc8 = loc("e.mlir":5:6)
// CHECK-NEXT: #loc9 = loc("f.mlir":7:8)
// CHECK-NEXT: #loc10 = loc("just_a_name")
// CHECK-NEXT: #loc11 = loc("a.mlir":11:3)
// CHECK-NEXT: #loc12 = loc("named"(#loc5))
// CHECK-NEXT: #loc13 = loc(fused[#loc6, #loc7])
// CHECK-NEXT: #loc14 = loc("callee"(#loc8))
// CHECK-NEXT: #loc15 = loc(callsite(#loc14 at #loc9))

// LOCAL: module {
// LOCAL-NEXT: func.func @locs(%[[ARG0:.*]]: i32 loc("args.mlir":1:2)) -> i32 {
// LOCAL-NEXT: %[[V0:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32 loc("a.mlir":10:8)
// LOCAL-NEXT: %[[V1:.*]] = arith.muli %[[V0]], %[[V0]] : i32 loc(unknown)
// LOCAL-NEXT: %[[V2:.*]] = arith.subi %[[V1]], %[[V0]] : i32 loc("named"("b.mlir":3:4))
// LOCAL-NEXT: %[[V3:.*]] = arith.xori %[[V2]], %[[V1]] : i32 loc(fused["c.mlir":1:1, "d.mlir":2:2])
// LOCAL-NEXT: %[[V4:.*]] = arith.ori %[[V3]], %[[V2]] : i32 loc(callsite("callee"("e.mlir":5:6) at "f.mlir":7:8))
// LOCAL-NEXT: %[[V5:.*]] = arith.andi %[[V4]], %[[V3]] : i32 loc("just_a_name")
// LOCAL-NEXT: return %[[V5]] : i32 loc("a.mlir":11:3)
// LOCAL-NEXT: } loc("a.mlir":9:1)
// LOCAL-NEXT: } loc("{{.*}}locations.mlir":0:0)

// NODEBUG-NOT: loc(
// NODEBUG: arith.addi
// NODEBUG-NOT: loc(


func.func @locs(%arg0: i32 loc("args.mlir":1:2)) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32 loc("a.mlir":10:8)
  %1 = arith.muli %0, %0 : i32 loc(unknown)
  %2 = arith.subi %1, %0 : i32 loc("named"("b.mlir":3:4))
  %3 = arith.xori %2, %1 : i32 loc(fused["c.mlir":1:1, "d.mlir":2:2])
  %4 = arith.ori %3, %2 : i32 loc(callsite("callee"("e.mlir":5:6) at "f.mlir":7:8))
  %5 = arith.andi %4, %3 : i32 loc("just_a_name")
  return %5 : i32 loc("a.mlir":11:3)
} loc("a.mlir":9:1)
