// Input of scf-forall.mlir: a forall with shared_outs, which --run refuses.
func.func @main() {
  %t = arith.constant dense<1.0> : tensor<4xf32>
  %n = arith.constant 4 : index
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
    }
  }
  return
}
