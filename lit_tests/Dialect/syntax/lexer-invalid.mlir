// Characters MLIR's lexer does not know are "unexpected character" wherever they stand (the lexer
// is ASCII-only: no other letter, digit or space); NUL is skipped as whitespace, \f and \v are not.
// RUN: asyncgpu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// a non-ASCII letter at the start of a line in a function body (once an internal error in the
// reader's line cache)
llvm.func @f() {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.mlir.constant(1 : i32) : i32
// expected-error @+1 {{unexpected character}}
é  llvm.return
}

// -----

// after an op name: no identifier continues with a non-ASCII letter
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  returné
}

// -----

// a non-ASCII digit
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  %c = arith.constant 1٣ : i32
  return
}

// -----

// a no-break space is not a space
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  %c = arith.constant 1 : i32
  return
}

// -----

// inside an optional group of an assembly format
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  %t = gpu.wait é async
  return
}

// -----

// a control character
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  return
}

// -----

// form feed and vertical tab are not whitespace
func.func @f() {
  // expected-error @+1 {{unexpected character}}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{unexpected character}}
  %c = arith.constant1 : i32
  return
}

// -----

// in an affine map
// expected-error @+1 {{unexpected character}}
#map = affine_map<(d0) -> (d0 é + 1)>

// -----

// after an alias name
// expected-error @+1 {{unexpected character}}
#mapé = affine_map<(d0) -> (d0)>

// -----

// an alias name without '='
// expected-error @+1 {{expected '=' in attribute alias definition}}
#map affine_map<(d0) -> (d0)>

// -----

// a string that does not end on its line
func.func @f() {
  // expected-error @+1 {{expected '"' in string literal}}
  "test.op"() {a = "xy"} : () -> ()
  return
}

// -----

// an unknown escape
func.func @f() {
  // expected-error @+1 {{unknown escape in string literal}}
  "test.op"() {a = "x\qy"} : () -> ()
  return
}
