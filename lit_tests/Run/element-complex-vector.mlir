// Complex and vector memref elements take LLVM's sizes before and after lowering: complex<f32> 8
// bytes (a struct of two f32), vector<3xf32> 16 (12 bytes padded to its 16-byte alignment). The
// complex numbers are written through a memref.view of f32 over the same bytes; a host_shared copy
// of each buffer reads back the same values (output as mlir-runner prints the host-only program).
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [(0,1),  (2,3),  (4,5),  (6,7)]
// CHECK: sizes = [3, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0,   0],
// CHECK-NEXT:  [1,   2,   1],
// CHECK-NEXT:  [2,   4,   2]]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  func.func private @printMemrefC32(memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %raw = memref.alloc() : memref<32xi8>
    %f = memref.view %raw[%c0][] : memref<32xi8> to memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.sitofp %ii : i32 to f32
      memref.store %v, %f[%i] : memref<8xf32>
    }
    %cx = memref.view %raw[%c0][] : memref<32xi8> to memref<4xcomplex<f32>>
    %d = gpu.alloc host_shared () : memref<4xcomplex<f32>>
    memref.copy %cx, %d : memref<4xcomplex<f32>> to memref<4xcomplex<f32>>
    %u = memref.cast %d : memref<4xcomplex<f32>> to memref<*xcomplex<f32>>
    call @printMemrefC32(%u) : (memref<*xcomplex<f32>>) -> ()
    gpu.dealloc %d : memref<4xcomplex<f32>>
    memref.dealloc %raw : memref<32xi8>
    %h = memref.alloc() : memref<3xvector<3xf32>>
    scf.for %i = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fv = arith.sitofp %ii : i32 to f32
      %v = vector.broadcast %fv : f32 to vector<3xf32>
      memref.store %v, %h[%i] : memref<3xvector<3xf32>>
    }
    %dv = gpu.alloc host_shared () : memref<3xvector<3xf32>>
    memref.copy %h, %dv : memref<3xvector<3xf32>> to memref<3xvector<3xf32>>
    %o = memref.alloc() : memref<3x3xf32>
    scf.for %i = %c0 to %c3 step %c1 {
      %v = memref.load %dv[%i] : memref<3xvector<3xf32>>
      %e0 = vector.extract %v[0] : f32 from vector<3xf32>
      %e2 = vector.extract %v[2] : f32 from vector<3xf32>
      %s = arith.addf %e0, %e2 : f32
      memref.store %e0, %o[%i, %c0] : memref<3x3xf32>
      memref.store %s, %o[%i, %c1] : memref<3x3xf32>
      %c2 = arith.constant 2 : index
      %e1 = vector.extract %v[1] : f32 from vector<3xf32>
      memref.store %e1, %o[%i, %c2] : memref<3x3xf32>
    }
    %uo = memref.cast %o : memref<3x3xf32> to memref<*xf32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
    gpu.dealloc %dv : memref<3xvector<3xf32>>
    memref.dealloc %h : memref<3xvector<3xf32>>
    memref.dealloc %o : memref<3x3xf32>
    return
  }
}
