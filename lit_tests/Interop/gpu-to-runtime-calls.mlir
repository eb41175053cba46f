// REQUIRES: mlir-opt-ref
// Tokens through func.call and func.return (upstream -gpu-to-llvm lowers them too).  Our lowering
// passes events as !llvm.ptr across calls; upstream accepts the result (and lowers it on to the llvm
// dialect), and it runs like the input, leak- and race-free.
// RUN: %{mlir-opt-ref} %s -pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm),gpu-to-llvm)' > /dev/null
// RUN: asyncgpu-opt %s -gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: asyncgpu-opt %s -gpu-to-runtime | %{mlir-opt-ref} -pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts)' | filecheck %s --check-prefix=LLVM
// RUN: asyncgpu-opt %s -wait-insertion -gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s -gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: filecheck %s --check-prefix=OUT --input-file %t.after
// OUT: [3,  3,  3,  3]
// CHECK-LABEL: func.func private @ext(!llvm.ptr, i32) -> (!llvm.ptr, i32)
// CHECK-LABEL: func.func @helper(%arg0: !llvm.ptr, %arg1: memref<4xf32>) -> !llvm.ptr
// CHECK-LABEL: func.func @fwd(%arg0: !llvm.ptr) -> !llvm.ptr
// CHECK-LABEL: func.func @main()
// CHECK: call @helper(%{{[0-9]+}}, %{{[0-9]+}}) : (!llvm.ptr, memref<4xf32>) -> !llvm.ptr
// CHECK: call @fwd(%{{[0-9]+}}) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NOT: !gpu.async.token
// CHECK: llvm.func @mgpuStreamCreate() -> !llvm.ptr
// LLVM-LABEL: llvm.func @helper(%arg0: !llvm.ptr, %{{.*}}) -> !llvm.ptr
// LLVM-LABEL: llvm.func @fwd(%arg0: !llvm.ptr) -> !llvm.ptr
// LLVM-LABEL: llvm.func @main()
// LLVM: llvm.call @helper(
// LLVM: llvm.call @fwd(
// LLVM-NOT: unrealized_conversion_cast
// LLVM-NOT: func.func
// STATS: "streams_leaked": 0
// STATS: "events_leaked": 0
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inc(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @ext(!gpu.async.token, i32) -> (!gpu.async.token, i32)
  func.func @helper(%t: !gpu.async.token, %m: memref<4xf32>) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c = arith.constant 1.0 : f32
    %t1 = gpu.memset async [%t] %m, %c : memref<4xf32>, f32
    %t2 = gpu.launch_func async [%t1] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    return %t2 : !gpu.async.token
  }
  func.func @fwd(%t: !gpu.async.token) -> !gpu.async.token {
    return %t : !gpu.async.token
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %m, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = call @helper(%t1, %m) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
    %t3 = call @fwd(%t2) : (!gpu.async.token) -> !gpu.async.token
    %t4 = gpu.launch_func async [%t3] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    %t5 = gpu.memcpy async [%t4] %h, %m : memref<4xf32>, memref<4xf32>
    %t6 = gpu.dealloc async [%t5] %m : memref<4xf32>
    gpu.wait [%t6]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
