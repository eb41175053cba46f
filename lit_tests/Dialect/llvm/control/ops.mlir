// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Exception handling (invoke, landingpad, resume), multi-way branches and
// unreachable.

llvm.func @may_throw(i64) -> i64
llvm.func @log(i64, ...)
llvm.func @__gxx_personality_v0(...) -> i32
llvm.mlir.global external constant @type_info() : !llvm.ptr

// CHECK-LABEL: llvm.func @guarded
llvm.func @guarded(%n: i64, %cb: !llvm.ptr) -> i64 attributes {personality = @__gxx_personality_v0} {
  %null = llvm.mlir.zero : !llvm.ptr
  %ti = llvm.mlir.addressof @type_info : !llvm.ptr
  // CHECK: llvm.invoke @may_throw(%{{.*}}) to ^bb1 unwind ^bb3 : (i64) -> i64
  %0 = llvm.invoke @may_throw(%n) to ^bb1 unwind ^bb3 : (i64) -> i64
^bb1:
  // CHECK: llvm.invoke %{{.*}}(%{{.*}}) to ^bb2(%{{.*}} : i64) unwind ^bb3 : !llvm.ptr, (i64) -> i64
  %1 = llvm.invoke %cb(%0) to ^bb2(%0 : i64) unwind ^bb3 : !llvm.ptr, (i64) -> i64
^bb2(%r: i64):
  // CHECK: llvm.invoke coldcc @log(%{{.*}}, %{{.*}}) to ^bb4 unwind ^bb3 vararg(!llvm.func<void (i64, ...)>) : (i64, i64) -> ()
  llvm.invoke coldcc @log(%r, %1) to ^bb4 unwind ^bb3 vararg(!llvm.func<void (i64, ...)>) : (i64, i64) -> ()
^bb3:
  // CHECK: llvm.landingpad cleanup (catch %{{.*}} : !llvm.ptr) (catch %{{.*}} : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  %lp = llvm.landingpad cleanup (catch %ti : !llvm.ptr) (catch %null : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  // CHECK: llvm.resume %{{.*}} : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
^bb4:
  llvm.return %r : i64
}

// Argument and result attributes in the signature and operand bundles, as llvm.call takes them.

// CHECK-LABEL: llvm.func @invoke_attrs
llvm.func @invoke_attrs(%n: i64, %cb: !llvm.ptr) -> i64 attributes {personality = @__gxx_personality_v0} {
  // CHECK: llvm.invoke @may_throw(%{{.*}}) to ^bb1 unwind ^bb2 : (i64 {llvm.noundef}) -> (i64 {llvm.zeroext})
  %0 = llvm.invoke @may_throw(%n) to ^bb1 unwind ^bb2 : (i64 {llvm.noundef}) -> (i64 {llvm.zeroext})
^bb1:
  // CHECK: llvm.invoke %{{.*}}(%{{.*}}) to ^bb3 unwind ^bb2 ["deopt"(%{{.*}} : i64), "cold"()] : !llvm.ptr, (i64 {llvm.noundef, llvm.signext}) -> i64
  %1 = llvm.invoke %cb(%0) to ^bb3 unwind ^bb2 ["deopt"(%n : i64), "cold"()] : !llvm.ptr, (i64 {llvm.signext, llvm.noundef}) -> (i64)
^bb2:
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
^bb3:
  llvm.return %1 : i64
}

// CHECK-LABEL: llvm.func @dispatch
llvm.func @dispatch(%k: i16, %x: f32) -> f32 {
  // CHECK: llvm.switch %{{.*}} : i16, ^bb1(%{{.*}} : f32) [
  // CHECK-NEXT: 0: ^bb2,
  // CHECK-NEXT: -3: ^bb1(%{{.*}} : f32)
  // CHECK-NEXT: ] {branch_weights = array<i32: 10, 20, 30>}
  llvm.switch %k : i16, ^bb1(%x : f32) [
    0: ^bb2,
    -3: ^bb1(%x : f32)
  ] {branch_weights = array<i32: 10, 20, 30>}
^bb1(%y: f32):
  // CHECK: llvm.switch %{{.*}} : i16, ^bb2 [
  // CHECK-NEXT: ]
  llvm.switch %k : i16, ^bb2 [
  ]
^bb2:
  // CHECK: llvm.unreachable
  llvm.unreachable
}

// CHECK-LABEL: llvm.func @computed_goto
llvm.func @computed_goto(%c: i1) -> !llvm.ptr {
  // CHECK: llvm.blockaddress <function = @computed_goto, tag = <id = 7>> : !llvm.ptr
  %0 = llvm.blockaddress <function = @computed_goto, tag = <id = 7>> : !llvm.ptr
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  // CHECK: llvm.blocktag <id = 7>
  llvm.blocktag <id = 7>
  llvm.return %0 : !llvm.ptr
^bb2:
  llvm.blocktag <id = 8>
  llvm.return %0 : !llvm.ptr
}

// llvm.indirectbr: one destination per line at the op's own indentation, the
// operand lists of the destinations stored as one segmented group.
// CHECK-LABEL: llvm.func @jump_table
llvm.func @jump_table(%sel: i1, %v: i64, %w: f32) -> i64 {
  %a = llvm.blockaddress <function = @jump_table, tag = <id = 1>> : !llvm.ptr
  %b = llvm.blockaddress <function = @jump_table, tag = <id = 2>> : !llvm.ptr
  %t = llvm.select %sel, %a, %b : i1, !llvm.ptr
  // CHECK:      llvm.indirectbr %{{.*}} : !llvm.ptr, [
  // CHECK-NEXT: ^bb1(%{{.*}}, %{{.*}} : i64, f32),
  // CHECK-NEXT: ^bb2,
  // CHECK-NEXT: ^bb3(%{{.*}} : i64)
  // CHECK-NEXT: ] {hint = "jump table"}
  llvm.indirectbr %t : !llvm.ptr, [^bb1(%v, %w : i64, f32), ^bb2, ^bb3(%v : i64)] {hint = "jump table"}
^bb1(%x: i64, %y: f32):
  llvm.blocktag <id = 1>
  llvm.return %x : i64
^bb2:
  llvm.blocktag <id = 2>
  // A pointer type other than !llvm.ptr prints stripped of its dialect prefix.
  // CHECK: llvm.indirectbr %{{.*}} : <1>, []
  %n = llvm.mlir.zero : !llvm.ptr<1>
  llvm.indirectbr %n : !llvm.ptr<1>, []
^bb3(%z: i64):
  llvm.return %z : i64
}
