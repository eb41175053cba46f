// memref.load/store's `nontemporal` is a DefaultValuedOptionalAttr: the custom form leaves it out at
// its default (false), the generic form keeps it when it was given and never adds it.
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>, %[[I:.*]]: index)
// CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: memref.load %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[V]], %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[V]], %[[M]][%[[I]]] {nontemporal = true} : memref<4xf32>
// GENERIC: "memref.load"(%{{.*}}, %{{.*}}) : (memref<4xf32>, index) -> f32
// GENERIC-NEXT: "memref.load"(%{{.*}}, %{{.*}}) <{nontemporal = false}> : (memref<4xf32>, index) -> f32
// GENERIC-NEXT: "memref.store"(%{{.*}}, %{{.*}}, %{{.*}}) <{nontemporal = false}> : (f32, memref<4xf32>, index) -> ()
// GENERIC-NEXT: "memref.store"(%{{.*}}, %{{.*}}, %{{.*}}) <{nontemporal = true}> : (f32, memref<4xf32>, index) -> ()
func.func @f(%m: memref<4xf32>, %i: index) {
  %v = memref.load %m[%i] : memref<4xf32>
  %w = memref.load %m[%i] {nontemporal = false} : memref<4xf32>
  memref.store %v, %m[%i] {nontemporal = false} : memref<4xf32>
  memref.store %v, %m[%i] {nontemporal = true} : memref<4xf32>
  return
}
