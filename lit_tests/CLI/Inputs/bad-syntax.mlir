func.func @bad(%arg0: index) {
  %0 = arith.addi %arg0, %arg0 index
  return
}
