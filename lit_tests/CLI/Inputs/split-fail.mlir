func.func @ok_before() {
  return
}

// -----

func.func @broken() {
  %0 = arith.addi %undefined, %undefined : i32
  return
}

// -----

func.func @ok_after() {
  return
}
