// Written for the fuzzer: a host program with explicit async tokens, a join, a copy back, and
// the gpu attributes a mapping pass writes.
func.func @pipeline(%h: memref<64xf32>) -> memref<64xf32> {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
  %t2 = gpu.memcpy async [%t1] %d, %h : memref<64xf32>, memref<64xf32>
  %t3 = gpu.launch async [%t2] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %d[%tx] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %d[%tx] : memref<64xf32>
    gpu.terminator
  }
  %w0 = arith.constant 0.000000e+00 : f32
  %t4 = gpu.memset async [%t0] %h, %w0 : memref<64xf32>, f32
  %t5 = gpu.wait async [%t3, %t4]
  %t6 = gpu.memcpy async [%t5] %h, %d : memref<64xf32>, memref<64xf32>
  %t7 = gpu.dealloc async [%t6] %d : memref<64xf32>
  gpu.wait [%t7]
  "test.mapping"() {mapping = [#gpu.thread<x>, #gpu.block<y>], dim = #gpu<dim z>, loop = #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>} : () -> ()
  return %h : memref<64xf32>
}
