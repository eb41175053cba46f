// RUN: asyncgpu-opt %s -canonicalize | filecheck %s

// CHECK-LABEL: func.func @waits(
// CHECK-SAME: %[[T:.*]]: !gpu.async.token, %[[SZ:.*]]: index)
// CHECK-NEXT: %[[M:.*]], %[[A:.*]] = gpu.alloc async [%[[T]]] (%[[SZ]])
// CHECK-NEXT: gpu.wait [%[[A]]]
// CHECK-NEXT: return
func.func @waits(%t: !gpu.async.token, %sz: index) {
  %c0 = arith.constant 0 : index
  %0 = gpu.wait async
  %1 = gpu.wait async [%0]
  %2 = gpu.wait async [%t]
  %m, %3 = gpu.alloc async [%2] (%sz) : memref<?xf32>
  %4 = gpu.wait async
  gpu.wait [%3, %4]
  gpu.wait
  %5 = gpu.wait async
  return
}
