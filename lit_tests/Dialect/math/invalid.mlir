// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @sqrt_int(%arg0: i32) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.sqrt %arg0 : i32
  return
}

// -----

func.func @fma_mismatch(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%a, %b, %a) : (f32, f64, f32) -> f32
  return
}

// -----

func.func @absi_float(%arg0: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %arg0 : f32
  return
}

// -----

func.func @powf_operand_count(%arg0: f32) {
  // expected-error @+1 {{'math.powf' op expected 2 operands, but found 1}}
  %0 = "math.powf"(%arg0) : (f32) -> f32
  return
}

// -----

func.func @powf_int(%a: i32) {
  // expected-error @+1 {{'math.powf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.powf %a, %a : i32
  return
}

// -----

func.func @rsqrt_result_type(%a: f32) {
  // expected-error @+1 {{'math.rsqrt' op requires the same type for all operands and results}}
  %0 = "math.rsqrt"(%a) : (f32) -> f64
  return
}

