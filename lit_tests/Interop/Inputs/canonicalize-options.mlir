// Inputs for canonicalize's options (lit_tests/Interop/canonicalize-options.test): gpu.wait
// patterns in several blocks, dead block arguments, unreachable blocks, dead ops.
func.func @blocks(%t: !gpu.async.token, %c: i1, %x: index, %m: memref<4xf32>) -> f32 {
  %0 = gpu.wait async [%t]
  %1 = gpu.wait async [%0]
  gpu.wait [%1]
  cf.cond_br %c, ^bb1(%x : index), ^bb2(%x, %x : index, index)
^bb1(%a: index):
  %2 = gpu.wait async
  %3 = gpu.wait async [%2, %t]
  gpu.wait [%3]
  %v = memref.load %m[%x] : memref<4xf32>
  return %v : f32
^bb2(%b: index, %d: index):
  %w = memref.load %m[%d] : memref<4xf32>
  return %w : f32
^bb3(%y: index):
  %u = memref.load %m[%y] : memref<4xf32>
  gpu.wait [%t]
  return %u : f32
}

func.func @dead(%t: !gpu.async.token, %u: !gpu.async.token, %n: index) {
  %k = arith.addi %n, %n : index
  %k2 = arith.muli %k, %n : index
  %m = memref.alloc() : memref<4xf32>
  %g = gpu.alloc (%n) : memref<?xf32>
  %w = gpu.wait async [%t, %u]
  %4 = gpu.wait async
  gpu.wait [%4, %t]
  gpu.wait
  return
}
