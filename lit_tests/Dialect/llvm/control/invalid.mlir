// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @may_throw()
llvm.func @no_landingpad() {
  // expected-error @+1 {{first operation in unwind destination should be a llvm.landingpad operation}}
  llvm.invoke @may_throw() to ^bb1 unwind ^bb1 : () -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @may_throw()
llvm.func @personality(...) -> i32
llvm.func @landingpad_without_clause() attributes {personality = @personality} {
  llvm.invoke @may_throw() to ^bb1 unwind ^bb2 : () -> ()
^bb1:
  llvm.return
^bb2:
  // expected-error @+1 {{landingpad instruction expects at least one clause or cleanup attribute}}
  %0 = llvm.landingpad : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @may_throw()
llvm.func @landingpad_without_personality() {
  llvm.invoke @may_throw() to ^bb1 unwind ^bb2 : () -> ()
^bb1:
  llvm.return
^bb2:
  // expected-error @+1 {{llvm.landingpad needs to be in a function with a personality}}
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @may_throw()
llvm.func @personality(...) -> i32
llvm.func @non_constant_clause(%p: !llvm.ptr) attributes {personality = @personality} {
  llvm.invoke @may_throw() to ^bb1 unwind ^bb2 : () -> ()
^bb1:
  llvm.return
^bb2:
  // expected-error @+1 {{clause #0 is not a known constant - null, addressof, bitcast}}
  %0 = llvm.landingpad (catch %p : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @may_throw()
llvm.func @personality(...) -> i32
// expected-error @+1 {{'llvm.resume' should have a consistent input type inside a function}}
llvm.func @resume_other_type(%x: i64) attributes {personality = @personality} {
  llvm.invoke @may_throw() to ^bb1 unwind ^bb2 : () -> ()
^bb1:
  llvm.return
^bb2:
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %x : i64
}

// -----

llvm.func @vararg_callee(i64, ...)
llvm.func @invoke_var_callee_not_variadic(%x: i64) {
  // expected-error @+1 {{expected var_callee_type to be a variadic function type}}
  llvm.invoke @vararg_callee(%x) to ^bb1 unwind ^bb1 vararg(!llvm.func<void (i64)>) : (i64) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @case_values_and_weights(%k: i32) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  llvm.switch %k : i32, ^bb1 [
    5: ^bb1
  ] {branch_weights = array<i32: 1, 2, 3>}
^bb1:
  llvm.return
}

// -----

llvm.func @switch_operand_count(%k: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #1, but target block has 0}}
  llvm.switch %k : i32, ^bb1 [
    5: ^bb1(%k : i32)
  ]
^bb1:
  llvm.return
}

// -----

llvm.func @switch_trailing_comma(%k: i32) {
  // expected-error @+3 {{custom op 'llvm.switch' expected integer value}}
  llvm.switch %k : i32, ^bb1 [
    5: ^bb1,
  ]
^bb1:
  llvm.return
}

// -----

llvm.func @missing_tag() -> !llvm.ptr {
  // expected-error @+1 {{'llvm.blockaddress' op expects an existing block label target in the referenced function}}
  %0 = llvm.blockaddress <function = @missing_tag, tag = <id = 3>> : !llvm.ptr
  llvm.blocktag <id = 4>
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @twice(%c: i1) {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.blocktag <id = 5>
  llvm.return
^bb2:
  // expected-error @+1 {{duplicate block tag '5' in the same function}}
  llvm.blocktag <id = 5>
  llvm.return
}

// -----

llvm.func @indirectbr_arg_type(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  llvm.indirectbr %p : !llvm.ptr, [^bb1(%v : i32)]
^bb1(%x: i64):
  llvm.return
}

// -----

llvm.func @indirectbr_segments(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{succOperands count (1) does not match with the total size (2) specified in attribute 'indbr_operand_segments'}}
  "llvm.indirectbr"(%p, %v)[^bb1] <{indbr_operand_segments = array<i32: 2>}> : (!llvm.ptr, i32) -> ()
^bb1(%x: i32):
  llvm.return
}

// -----

// llvm.invoke shares llvm.call's signature and operand-bundle parser (and its errors).
llvm.func @may_throw()
llvm.func @invoke_bundle_types(%n: i64) {
  // expected-error @+1 {{custom op 'llvm.invoke' expected 1 types for operand bundle operands for operand bundle #0, but actually got 2}}
  llvm.invoke @may_throw(%n) to ^bb1 unwind ^bb1 ["x"(%n : i64, i64)] : (i64 {llvm.noundef}) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @may_throw()
llvm.func @invoke_void_result(%n: i64) {
  // expected-error @+1 {{custom op 'llvm.invoke' expected a non-void result type}}
  llvm.invoke @may_throw(%n) to ^bb1 unwind ^bb1 : (i64 {llvm.noundef}) -> (!llvm.void {llvm.zeroext})
^bb1:
  llvm.return
}
