func.func @first() {
  return
}

// -----

func.func @second(%arg0: i32) -> i32 {
  return %arg0 : i32
}
