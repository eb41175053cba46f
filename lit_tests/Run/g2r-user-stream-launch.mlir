// A gpu.launch_func on the user's own stream (`<%u : !llvm.ptr>`) that also has token dependencies
// and a token result: gpu-to-runtime launches it on that stream, ordered with the token graph by
// events, so the copies before and after it do not race with the kernel and the result is the same
// as before lowering.  (Upstream's -gpu-to-llvm launches such an op on a new stream instead.)
// RUN: asyncgpu-opt %s --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix LOWER
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s

// CHECK-NOT: error
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [1,  3,  5,  7]
// CHECK-NOT: error

// LOWER-LABEL: func.func @main
// LOWER: %[[U:.*]] = llvm.call @mgpuStreamCreate()
// LOWER: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// LOWER: llvm.call @mgpuMemcpy({{.*}}, %[[S]])
// LOWER: %[[E1:.*]] = llvm.call @mgpuEventCreate()
// LOWER-NEXT: llvm.call @mgpuEventRecord(%[[E1]], %[[S]])
// LOWER-NEXT: llvm.call @mgpuStreamWaitEvent(%[[U]], %[[E1]])
// LOWER-NEXT: llvm.call @mgpuEventDestroy(%[[E1]])
// LOWER-NEXT: gpu.launch_func <%[[U]] : !llvm.ptr> @k::@odd
// LOWER-NEXT: %[[E2:.*]] = llvm.call @mgpuEventCreate()
// LOWER-NEXT: llvm.call @mgpuEventRecord(%[[E2]], %[[U]])
// LOWER-NEXT: llvm.call @mgpuStreamWaitEvent(%[[S]], %[[E2]])
// LOWER-NEXT: llvm.call @mgpuEventDestroy(%[[E2]])
// LOWER: llvm.call @mgpuMemcpy({{.*}}, %[[S]])

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @odd(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %y = arith.mulf %x, %two : f32
      %z = arith.addf %y, %one : f32
      memref.store %z, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  llvm.func @mgpuStreamDestroy(!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %h[%i] : memref<4xf32>
    }
    %u = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %d = gpu.alloc () : memref<4xf32>
    %t0 = gpu.wait async
    %t1 = gpu.memcpy async [%t0] %d, %h : memref<4xf32>, memref<4xf32>
    %t2 = gpu.launch_func async [%t1] <%u : !llvm.ptr> @k::@odd blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %t3 = gpu.memcpy async [%t2] %h, %d : memref<4xf32>, memref<4xf32>
    gpu.wait [%t3]
    llvm.call @mgpuStreamSynchronize(%u) : (!llvm.ptr) -> ()
    llvm.call @mgpuStreamDestroy(%u) : (!llvm.ptr) -> ()
    gpu.dealloc %d : memref<4xf32>
    %uh = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%uh) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
