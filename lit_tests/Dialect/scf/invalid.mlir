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
