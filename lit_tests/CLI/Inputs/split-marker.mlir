func.func @first() {
  return
}
// ===== cut
func.func @second() {
  return
}
