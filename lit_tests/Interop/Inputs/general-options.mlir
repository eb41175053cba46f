// Input of general-options.test: named locations, nested regions, two isolated functions.
func.func @first(%arg0: i32 loc("input"), %n: index) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32 loc("sum")
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %0) -> (i32) {
    %2 = arith.muli %acc, %0 : i32 loc("product")
    scf.yield %2 : i32
  }
  return %1 : i32
}
func.func @second(%arg0: i32) -> i32 {
  %0 = arith.subi %arg0, %arg0 : i32 loc(fused["a", "b"])
  return %0 : i32
}
