module @m {
  func.func @f() {
    return
  }
}
