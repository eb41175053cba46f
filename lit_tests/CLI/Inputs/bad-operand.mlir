func.func @f() {
  %t = gpu.wait async
  %0 = arith.addi %t, %t : !gpu.async.token
  return
}
