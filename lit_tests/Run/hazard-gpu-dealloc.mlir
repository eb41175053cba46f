// Before lowering, hazards of a free name the op the program wrote: gpu.dealloc, not the runtime
// call it lowers to (mgpuMemFree).
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// CHECK: hazard-gpu-dealloc.mlir:14:3: error: double free: gpu.dealloc on host at {{.*}}hazard-gpu-dealloc.mlir:14:3 frees %a (allocated at {{.*}}hazard-gpu-dealloc.mlir:10:8) already freed at {{.*}}hazard-gpu-dealloc.mlir:13:3
// CHECK: hazard-gpu-dealloc.mlir:17:9: error: use after free: memset on stream {{[0-9]+}} at {{.*}}:16:9 writes %b (allocated at {{.*}}:11:8) that gpu.dealloc on stream {{[0-9]+}} at {{.*}}:17:9 frees with no happens-before between them (the free may run first)
// CHECK-NOT: mgpuMemFree
// CHECK: hazards detected
func.func @main() {
  %c1f = arith.constant 1.0 : f32
  %a = gpu.alloc () : memref<16xf32>
  %b = gpu.alloc () : memref<16xf32>
  %c = gpu.alloc () : memref<16xf32>
  gpu.dealloc %a : memref<16xf32>
  gpu.dealloc %a : memref<16xf32>
  %t0 = gpu.wait async
  %t1 = gpu.memset async [%t0] %b, %c1f : memref<16xf32>, f32
  %t2 = gpu.dealloc async [%t0] %b : memref<16xf32>
  gpu.wait [%t1, %t2]
  gpu.dealloc %c : memref<16xf32>
  return
}
