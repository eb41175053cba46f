func.func @f() {
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi8>
  %b = arith.constant dense<[1, -2, 3]> : tensor<3xi16>
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %d = arith.constant dense<[1, 2, 3]> : tensor<3xindex>
  %e = arith.constant dense<[1.5, 2.0, 3.0]> : tensor<3xf64>
  %f = arith.constant dense<[1.5, 2.0, 3.0]> : tensor<3xf16>
  %g = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %h = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %i = arith.constant dense<[1.5, 2.0, 3.0]> : tensor<3xbf16>
  %j = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %k = arith.constant dense<[1, 2, 3]> : tensor<3xi3>
  "test.op"() {x = [dense<[1,2,3]> : tensor<3xi32>], y = dense<[1,2,3]> : tensor<3xi32>} : () -> ()
  return
}
