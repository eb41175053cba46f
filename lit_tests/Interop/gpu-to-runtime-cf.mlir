// REQUIRES: mlir-opt-ref
// Upstream's -convert-scf-to-cf turns token-carrying scf.for/scf.if into cf.br/cf.cond_br with
// !gpu.async.token block arguments (what upstream -gpu-to-llvm users feed in).  gpu-to-runtime
// lowers that CFG; upstream accepts the result, and it runs like the input, leak- and race-free.
// RUN: %{mlir-opt-ref} %s -convert-scf-to-cf > %t.cf.mlir
// RUN: filecheck %s --check-prefix=CF --input-file %t.cf.mlir
// RUN: asyncgpu-opt %t.cf.mlir -gpu-to-runtime | %{mlir-opt-ref} | filecheck %s
// RUN: asyncgpu-opt %t.cf.mlir --run --backend sim > %t.before
// RUN: asyncgpu-opt %t.cf.mlir -gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %t.cf.mlir -wait-insertion -gpu-to-runtime | %{mlir-opt-ref} > /dev/null
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: filecheck %s --check-prefix=OUT --input-file %t.after
// OUT: [4,  4,  4,  4]
// CF: ^bb1(%{{.*}}: index, %{{.*}}: !gpu.async.token):
// CF: cf.cond_br
// CHECK: ^bb1(%{{.*}}: index, %{{.*}}: !llvm.ptr
// CHECK-NOT: !gpu.async.token
// CHECK: llvm.func @mgpuStreamCreate() -> !llvm.ptr
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
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %true = arith.constant true
    %h = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<4xf32>, f32
    %t3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %t2) -> (!gpu.async.token) {
      %tn = gpu.launch_func async [%t] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      scf.yield %tn : !gpu.async.token
    }
    %t4 = scf.if %true -> (!gpu.async.token) {
      %k = gpu.launch_func async [%t3] @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
      scf.yield %k : !gpu.async.token
    } else {
      scf.yield %t3 : !gpu.async.token
    }
    %t5 = gpu.memcpy async [%t4] %h, %d : memref<4xf32>, memref<4xf32>
    %t6 = gpu.dealloc async [%t5] %d : memref<4xf32>
    gpu.wait [%t6]
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
