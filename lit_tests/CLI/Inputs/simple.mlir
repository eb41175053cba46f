func.func @simple(%arg0: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %arg0, %c1 : index
  return %0 : index
}
