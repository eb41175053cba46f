// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @await_wrong_type(%x: i32) {
  // expected-error @+1 {{'async.await' op operand #0 must be async value type or async token type, but got 'i32'}}
  %0 = "async.await"(%x) : (i32) -> i32
  return
}

// -----

func.func @await_result_mismatch(%v: !async.value<f32>) {
  // expected-error @+1 {{'async.await' op result type 'i32' does not match async value type 'f32'}}
  %0 = "async.await"(%v) : (!async.value<f32>) -> i32
  return
}

// -----

func.func @execute_yield_count() {
  // expected-error @+1 {{'async.execute' op along control flow edge from Operation async.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %t, %v = async.execute -> !async.value<f32> {
    // expected-note @+1 {{region branch point}}
    async.yield
  }
  return
}

// -----

func.func @execute_yield_type(%x: i32) {
  // expected-error @+1 {{'async.execute' op along control flow edge from Operation async.yield to parent: successor operand type #0 'i32' should match successor input type #0 '!async.value<f32>'}}
  %t, %v = async.execute -> !async.value<f32> {
    // expected-note @+1 {{region branch point}}
    async.yield %x : i32
  }
  return
}

// -----

func.func @yield_outside_execute() {
  // expected-error @+1 {{'async.yield' op expects parent op 'async.execute'}}
  async.yield
}

// -----

// expected-note @+1 {{prior use here}}
func.func @execute_dependency_type(%x: i32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: '!async.token' vs 'i32'}}
  %t = async.execute [%x] {
    async.yield
  }
  return
}

// -----

func.func @add_to_group_type(%t: !async.token, %g: !async.token) {
  // expected-error @+1 {{'async.add_to_group' op operand #1 must be async group type, but got '!async.token'}}
  %0 = "async.add_to_group"(%t, %g) : (!async.token, !async.token) -> index
  return
}

// -----

// expected-error @+1 {{'async.func' op result type must be async value type or async token type, but got 'i32'}}
async.func @plain_result(%arg0: i32) -> i32 {
  return %arg0 : i32
}

// -----

// expected-error @+1 {{'async.func' op  results' (optional) async token type is expected to appear as the 1st return value, but got 3}}
async.func @token_last(%arg0: f32) -> (!async.value<f32>, !async.value<f32>, !async.token) {
  return %arg0, %arg0 : f32, f32
}

// -----

async.func @return_types(%arg0: i32) -> !async.value<f32> {
  // expected-error @+1 {{'async.return' op operand types do not match the types returned from the parent FuncOp}}
  return %arg0 : i32
}

// -----

func.func @ref_count_zero(%t: !async.token) {
  // expected-error @+1 {{'async.runtime.add_ref' op attribute 'count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  "async.runtime.add_ref"(%t) {count = 0 : i64} : (!async.token) -> ()
  return
}

// -----

func.func @set_available_group(%g: !async.group) {
  // expected-error @+1 {{'async.runtime.set_available' op operand #0 must be async value type or async token type, but got '!async.group'}}
  async.runtime.set_available %g : !async.group
  return
}

// -----

// The body of async.execute gets no implicit async.yield.
func.func @execute_without_yield() {
  %t = async.execute {
    // expected-error @+1 {{block with no terminator, has %1 = "arith.constant"() <{value = 1 : index}> : () -> index}}
    %c = arith.constant 1 : index
  }
  return
}
