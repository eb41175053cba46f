// Input of general-options.test: an error with a note.
func.func @f(%arg0: i32) -> i64 {
  return %arg0 : i32
}
