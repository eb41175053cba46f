func.func @ok() {
  return
}

// -----

func.func @bad(%arg0: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32')}}
  return %arg0 : i32
}
