func.func @bad(%arg0: i32) -> f32 {
  return %arg0 : i32
}
