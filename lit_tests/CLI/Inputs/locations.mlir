#l = loc("x.py":7:1)
func.func @f(%a: i32 loc("arg.py":1:2), %b: i32 loc(unknown)) -> i32 {
  %c = arith.addi %a, %b : i32 loc("n"("f.py":3:4))
  %d = arith.addi %c, %b : i32 loc(callsite("g"("f.py":5:6) at "main.py":9:9))
  %e = arith.addi %d, %b : i32 loc(fused["f.py":1:1, "f.py":2:2])
  %g = arith.addi %e, %b : i32 loc(fused<"meta">["f.py":1:1])
  %h = arith.addi %g, %b : i32 loc(callsite("f.py":1:1 at callsite("g.py":2:2 at "h.py":3:3)))
  %i = arith.addi %h, %b : i32 loc("justname")
  %j = arith.addi %i, %b : i32 loc(#l)
  %k = arith.addi %j, %b : i32 loc("f.py":1:2 to 3:4)
  %m = arith.addi %k, %b : i32 loc(unknown)
  return %m : i32
}
