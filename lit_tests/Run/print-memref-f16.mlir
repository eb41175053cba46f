// printMemrefF16 prints each f16 as its float value (upstream's runner utils: `os << f16`), on
// host memory and after lowering on a host_shared buffer copied in; f16 is 2 bytes either way.
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0.333252,   0.666504],
// CHECK-NEXT:  [1,   1.33301,   1.66699]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: [65504,  inf,  -6.10352e-05]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %three = arith.constant 3.0 : f32
    %h = memref.alloc() : memref<2x3xf16>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %i3 = arith.muli %i, %c3 : index
        %k = arith.addi %i3, %j : index
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %q = arith.divf %kf, %three : f32
        %h16 = arith.truncf %q : f32 to f16
        memref.store %h16, %h[%i, %j] : memref<2x3xf16>
      }
    }
    %d = gpu.alloc host_shared () : memref<2x3xf16>
    memref.copy %h, %d : memref<2x3xf16> to memref<2x3xf16>
    %u = memref.cast %d : memref<2x3xf16> to memref<*xf16>
    call @printMemrefF16(%u) : (memref<*xf16>) -> ()
    %e = memref.alloc() : memref<3xf16>
    %big = arith.constant 65504.0 : f16
    %inf = arith.constant 0x7C00 : f16
    %tiny = arith.constant -6.103515625e-05 : f16
    memref.store %big, %e[%c0] : memref<3xf16>
    memref.store %inf, %e[%c1] : memref<3xf16>
    memref.store %tiny, %e[%c2] : memref<3xf16>
    %ue = memref.cast %e : memref<3xf16> to memref<*xf16>
    call @printMemrefF16(%ue) : (memref<*xf16>) -> ()
    gpu.dealloc %d : memref<2x3xf16>
    memref.dealloc %h : memref<2x3xf16>
    memref.dealloc %e : memref<3xf16>
    return
  }
}
