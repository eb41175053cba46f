// A 10x20xbf16 host_shared buffer filled with memref.copy: 400 bytes, 2 per element, before and
// after lowering (the lowered size comes from llvm.getelementptr on bf16). Printed with
// printMemrefBF16 (the values as floats, as upstream's runner utils print bf16).
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [10, 20] strides = [20, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0.00390625,   0.0078125,   0.0117188,   0.015625,   0.0195312,   0.0234375,   0.0273438,   0.03125,   0.0351562,   0.0390625,   0.0429688,   0.046875,   0.0507812,   0.0546875,   0.0585938,   0.0625,   0.0664062,   0.0703125,   0.0742188],
// CHECK-NEXT: [1,   1,   1.00781,   1.01562,   1.01562,   1.01562,   1.02344,   1.03125,   1.03125,   1.03125,   1.03906,   1.04688,   1.04688,   1.04688,   1.05469,   1.0625,   1.0625,   1.0625,   1.07031,   1.07812],
// CHECK: [9,   9,   9,   9,   9,   9,   9,   9,   9,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625,   9.0625]]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  func.func private @printMemrefBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c20 = arith.constant 20 : index
    %step = arith.constant 0.00390625 : f32
    %h = memref.alloc() : memref<10x20xbf16>
    scf.for %i = %c0 to %c10 step %c1 {
      scf.for %j = %c0 to %c20 step %c1 {
        // i + j/256 rounded to bf16's 8 significant bits, ties to even (1 + 1/256 -> 1, 1 + 3/256 -> 1.015625)
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %fj = arith.sitofp %jj : i32 to f32
        %fs = arith.mulf %fj, %step : f32
        %s = arith.addf %fi, %fs : f32
        %b = arith.truncf %s : f32 to bf16
        memref.store %b, %h[%i, %j] : memref<10x20xbf16>
      }
    }
    %d = gpu.alloc host_shared () : memref<10x20xbf16>
    memref.copy %h, %d : memref<10x20xbf16> to memref<10x20xbf16>
    %u = memref.cast %d : memref<10x20xbf16> to memref<*xbf16>
    call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
    gpu.dealloc %d : memref<10x20xbf16>
    memref.dealloc %h : memref<10x20xbf16>
    return
  }
}
