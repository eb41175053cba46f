// A host store past the end of a buffer is reported once, as the hazard it is (which bytes, of what,
// allocated where); the run stops there, so what the program would have freed later is not reported
// as leaked, and the closing line says the run stopped. Exit status 1. Also after lowering.
// RUN: not asyncgpu-opt %s --run --backend sim 2>&1 | filecheck %s
// RUN: not asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 \
// RUN:   | filecheck %s
// In bounds (index 1 of 2 elements) the same program prints its value and frees its buffer.
// RUN: sed 's/memref<1xi32>/memref<2xi32>/g' %s | asyncgpu-opt --run --backend sim 2>&1 | filecheck %s --check-prefix=OK
// CHECK: host-out-of-bounds-stops.mlir:22:5: error: out-of-bounds: host store {{.*}} writes bytes [4, 8) of {{.*}} (4 bytes, allocated at {{.*}}:21:10)
// CHECK-NOT: error:
// CHECK-NOT: leak
// CHECK: asyncgpu-opt: 1 hazard detected; the run stopped at the out-of-bounds access
// OK: 1000
// OK-NOT: leak

module attributes {gpu.container_module} {
  func.func private @printI64(i64)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %v = arith.constant 1000 : i32
    %m = gpu.alloc host_shared () : memref<1xi32>
    memref.store %v, %m[%c1] : memref<1xi32>
    %r = memref.load %m[%c1] : memref<1xi32>
    %w = arith.extsi %r : i32 to i64
    call @printI64(%w) : (i64) -> ()
    gpu.dealloc %m : memref<1xi32>
    return
  }
}
