func.func @fine() {
  // expected-error @+1 {{this error never happens}}
  return
}
