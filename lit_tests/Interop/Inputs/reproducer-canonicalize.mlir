func.func @f() {
  %c = arith.constant 1 : i32
  %t0 = gpu.wait async
  %t1 = gpu.wait async [%t0]
  gpu.wait [%t1]
  return
}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize{max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}
