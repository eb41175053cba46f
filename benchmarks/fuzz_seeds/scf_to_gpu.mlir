// Written for the fuzzer in the shape an scf-to-gpu pipeline leaves behind: a mapped
// parallel loop, its launch marked as visited, a 128-element constant table.
#map = affine_map<(d0)[s0, s1] -> ((d0 - s0) ceildiv s1)>
#map1 = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
module {
  memref.global "private" constant @table : memref<128xi8> = dense<[-128, -91, -54, -17, 20, 57, 94, -125, -88, -51, -14, 23, 60, 97, -122, -85, -48, -11, 26, 63, 100, -119, -82, -45, -8, 29, 66, 103, -116, -79, -42, -5, 32, 69, 106, -113, -76, -39, -2, 35, 72, 109, -110, -73, -36, 1, 38, 75, 112, -107, -70, -33, 4, 41, 78, 115, -104, -67, -30, 7, 44, 81, 118, -101, -64, -27, 10, 47, 84, 121, -98, -61, -24, 13, 50, 87, 124, -95, -58, -21, 16, 53, 90, 127, -92, -55, -18, 19, 56, 93, -126, -89, -52, -15, 22, 59, 96, -123, -86, -49, -12, 25, 62, 99, -120, -83, -46, -9, 28, 65, 102, -117, -80, -43, -6, 31, 68, 105, -114, -77, -40, -3, 34, 71, 108, -111, -74, -37]>
  func.func @scale(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cst = arith.constant 2.000000e+00 : f32
    %0 = affine.apply #map(%n)[%c0, %c32]
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %0, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %1 = affine.apply #map1(%bx)[%c32, %c0]
      %2 = arith.addi %1, %tx : index
      %3 = arith.cmpi slt, %2, %n : index
      scf.if %3 {
        %4 = memref.load %arg0[%2] {nontemporal = false} : memref<1024xf32>
        %5 = arith.mulf %4, %cst : f32
        memref.store %5, %arg1[%2] {nontemporal = false} : memref<1024xf32>
      }
      gpu.terminator
    } {SCFToGPU_visited}
    return
  }
}
