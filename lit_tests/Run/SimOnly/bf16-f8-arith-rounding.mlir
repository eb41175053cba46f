// bf16 and f8 arithmetic rounds every result to its own format (as the LLVM lowering does), in a
// kernel and on the host, the same after lowering. 0.1 summed 100 times: in bf16 (0.1 is
// 0.10009765625) 10.0625, as mlir-runner prints for the host-only loop (without the rounding of
// each addf the sum was 10); in f8E5M2 (0.1 is 0.09375) the sum stops at 1, where half an ulp
// (0.125) exceeds 0.09375; in f8E4M3FN (0.1 is 0.1015625) at 2 (half an ulp: 0.125).
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK: [10.0625,  10.0625]
// CHECK: [1,  2]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @sum(%m: memref<2xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      %tenth = arith.constant 0.1 : bf16
      %zero = arith.constant 0.0 : bf16
      %s = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> bf16 {
        %n = arith.addf %acc, %tenth : bf16
        scf.yield %n : bf16
      }
      %t = gpu.thread_id x
      memref.store %s, %m[%t] : memref<2xbf16>
      gpu.return
    }
  }
  func.func private @printMemrefBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c100 = arith.constant 100 : index
    %d = gpu.alloc host_shared () : memref<2xbf16>
    gpu.launch_func @k::@sum blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%d : memref<2xbf16>)
    %u = memref.cast %d : memref<2xbf16> to memref<*xbf16>
    call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
    gpu.dealloc %d : memref<2xbf16>
    %e5t = arith.constant 0.1 : f8E5M2
    %e5z = arith.constant 0.0 : f8E5M2
    %s5 = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %e5z) -> f8E5M2 {
      %n = arith.addf %acc, %e5t : f8E5M2
      scf.yield %n : f8E5M2
    }
    %e4t = arith.constant 0.1 : f8E4M3FN
    %e4z = arith.constant 0.0 : f8E4M3FN
    %s4 = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %e4z) -> f8E4M3FN {
      %n = arith.addf %acc, %e4t : f8E4M3FN
      scf.yield %n : f8E4M3FN
    }
    %f = memref.alloc() : memref<2xf32>
    %a5 = arith.extf %s5 : f8E5M2 to f32
    %a4 = arith.extf %s4 : f8E4M3FN to f32
    memref.store %a5, %f[%c0] : memref<2xf32>
    memref.store %a4, %f[%c1] : memref<2xf32>
    %uf = memref.cast %f : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    memref.dealloc %f : memref<2xf32>
    return
  }
}
