// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @for_yield_count(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @for_yield_type(%lb: index, %ub: index, %s: index, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %0 = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    scf.yield %y : i32
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @for_iter_args_mismatch(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @if_results_without_else(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @if_yield_mismatch(%c: i1, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %y : i32
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @if_not_i1(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

// -----

func.func @yield_wrong_parent(%x: f32) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %x : f32
}

// -----

func.func @while_condition_mismatch(%x: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (i32) -> f32 {
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : i32
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @for_bad_step_type(%lb: index, %ub: index, %s: i32) {
  // expected-error @+1 {{use of value '%s' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %i = %lb to %ub step %s {
  }
  return
}

// -----

func.func @for_bound_type(%f: f32, %i: index) {
  // expected-error @+1 {{'scf.for' op operand #1 must be signless integer or index, but got 'f32'}}
  "scf.for"(%i, %f, %i) ({
  ^bb0(%iv: index):
    scf.yield
  }) : (index, f32, index) -> ()
  return
}

// -----

func.func @for_result_type(%i: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
  %0 = "scf.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index, %a: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @if_condition_type(%i: index) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'index'}}
  "scf.if"(%i) ({
    scf.yield
  }, {
  }) : (index) -> ()
  return
}

// -----

func.func @parallel_bounds_count(%a: index, %b: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%a, %a) to (%b) step (%a, %a) {
  }
  return
}

// -----

func.func @parallel_zero_step(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%b) step (%c0) {
  }
  return
}

// -----

func.func @reduce_return_type(%a: index, %x: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %rr: f32):
      %c = arith.constant 1 : i32
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}

// -----

func.func @while_after_terminator() {
  %true = arith.constant true
  // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    // expected-note @+1 {{terminator here}}
    %c = arith.constant 0 : index
  }
  return
}

// -----

func.func @switch_duplicate(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 3}}
  scf.index_switch %i
  case 3 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}

// -----

func.func @switch_result_type(%i: index, %x: i32) -> index {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'index'}}
  %0 = scf.index_switch %i -> index
  case 1 {
    // expected-note @+1 {{case region #0 returns 'i32' here}}
    scf.yield %x : i32
  }
  default {
    scf.yield %i : index
  }
  return %0 : index
}

// -----

// Region-count texts are those of ODS's OneRegion / NRegions traits, checked before operands.
func.func @execute_region_two_regions() {
  // expected-error@+1 {{'scf.execute_region' op requires one region}}
  "scf.execute_region"() ({ "scf.yield"() : () -> () }, { "scf.yield"() : () -> () }) : () -> ()
  return
}

// -----

func.func @if_one_region(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({ "scf.yield"() : () -> () }) : (i1) -> ()
  return
}

// -----

// HasParent comes before Terminator in scf.reduce's traits.
func.func @reduce_outside_parallel(%x: f32) {
  // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%x : f32) {
  ^bb0(%a: f32, %b: f32):
    scf.reduce.return %a : f32
  }
  %y = arith.addf %x, %x : f32
  return
}

// -----

// The reduction bodies are checked after the blocks in them (verifyRegions).
func.func @reduce_empty_body(%lb: index, %x: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{empty block: expect at least a terminator}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
    }
  }
  return
}

// -----

// A generic op keeps the enclosing default dialect: `return` here is func.return.
func.func @generic_switch_bad_terminator(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got func.return}}
  "scf.index_switch"(%i) ({
    "scf.yield"() : () -> ()
  }, {
    return
  }) {cases = array<i64: 3>} : (index) -> ()
  return
}

// -----

func.func @for_iv_shadows_argument(%n: index) {
  // expected-error@+2 {{region entry argument '%n' is already in use}}
  // expected-note@-2 {{previously referenced here}}
  scf.for %n = %n to %n step %n {
  }
  return
}

// -----

// scf.for resolves its bounds after its region: a bound named like the induction variable and
// defined later is a dominance error, not a reuse of the name.
func.func @for_bound_defined_later(%n: index) {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  scf.for %j = %k to %n step %n {
  }
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %k = arith.constant 0 : index
  return
}
