// --run-summary: one line on stderr about the run (virtual times); stdout keeps the program output.
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-summary 2>%t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s --input-file %t.err
// OUT: [3,  3]
// CHECK: asyncgpu-opt: run summary: {{[0-9]+}} streams, {{[0-9]+}} events, {{[0-9]+}} host syncs, 1 kernels, 1 copies, 0 hazards; makespan {{[0-9.]+}} us (virtual), {{[0-9.]+}}x the data-dependence critical path {{[0-9.]+}} us
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%a: memref<2xi32>, %v: i32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %a[%i] : memref<2xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = arith.constant 3 : i32
    %d = gpu.alloc () : memref<2xi32>
    %h = memref.alloc () : memref<2xi32>
    gpu.launch_func @k::@set blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%d : memref<2xi32>, %v : i32)
    gpu.memcpy %h, %d : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %d : memref<2xi32>
    memref.dealloc %h : memref<2xi32>
    return
  }
}
