// RUN lines written for mlir-runner work with `asyncgpu-opt --run` in its place: the runner's flags
// are accepted (--shared-libs and -O are ignored: the runner utils are built in).
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim --entry-point-result=void --shared-libs=%t/libmlir_cuda_runtime.so --shared-libs=%t/libmlir_runner_utils.so -O3 -e main | filecheck %s
// RUN: asyncgpu-opt %s --run --backend sim -entry-point-result=void -shared-libs=a.so,b.so -O0 | filecheck %s
// CHECK: [3,  3]
// RUN: not asyncgpu-opt %s --run --backend sim -e answer --entry-point-result=void 2>&1 | filecheck %s --check-prefix=VOID
// VOID: error: --run: entry point '@answer' returns a value but --entry-point-result=void
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = arith.constant 3 : i32
    %h = gpu.alloc host_shared () : memref<2xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
      memref.store %v, %h[%tx] : memref<2xi32>
      gpu.terminator
    }
    %u = memref.cast %h : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %h : memref<2xi32>
    return
  }
  func.func @answer() -> i32 {
    %c = arith.constant 42 : i32
    return %c : i32
  }
}
