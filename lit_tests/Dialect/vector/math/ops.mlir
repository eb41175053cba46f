// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the vector arithmetic and masked memory ops next to gpu code: fma,
// multi_reduction, contract (iterator types written as strings, kind defaulted),
// outerproduct (kind printed only with an accumulator), gather/scatter,
// masked/expand loads and masked/compress stores.

#mk = affine_map<(i, j, k) -> (i, k)>
#kn = affine_map<(i, j, k) -> (k, j)>
#mn = affine_map<(i, j, k) -> (i, j)>

// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @math
// CHECK-SAME: (%[[A:.*]]: vector<4x8xf32>, %[[B:.*]]: vector<8xf32>, %[[X:.*]]: vector<4x16xf32>, %[[Y:.*]]: vector<16x8xf32>)
func.func @math(%a: vector<4x8xf32>, %b: vector<8xf32>, %x: vector<4x16xf32>, %y: vector<16x8xf32>) {
  // CHECK: vector.fma %[[A]], %[[A]], %[[A]] : vector<4x8xf32>
  %0 = vector.fma %a, %a, %a : vector<4x8xf32>
  // CHECK: vector.multi_reduction <add>, %[[A]], %[[B]] [0] : vector<4x8xf32> to vector<8xf32>
  %1 = vector.multi_reduction <add>, %a, %b [0] : vector<4x8xf32> to vector<8xf32>
  // CHECK: vector.multi_reduction <maxnumf>, %[[A]], %{{.*}} [0, 1] : vector<4x8xf32> to f32
  %s = arith.constant 0.0 : f32
  %2 = vector.multi_reduction <maxnumf>, %a, %s [0, 1] : vector<4x8xf32> to f32
  // CHECK: vector.contract {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[X]], %[[Y]], %[[A]] : vector<4x16xf32>, vector<16x8xf32> into vector<4x8xf32>
  %3 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %x, %y, %a : vector<4x16xf32>, vector<16x8xf32> into vector<4x8xf32>
  // CHECK: vector.contract {{.*}}kind = #vector.kind<maxnumf>} %[[X]], %[[Y]], %[[A]] {tag = 1 : i64} : vector<4x16xf32>
  %4 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>, tag = 1} %x, %y, %a : vector<4x16xf32>, vector<16x8xf32> into vector<4x8xf32>
  // CHECK: %[[O:.*]] = vector.outerproduct %[[B]], %[[B]] : vector<8xf32>, vector<8xf32>
  %5 = vector.outerproduct %b, %b : vector<8xf32>, vector<8xf32>
  // CHECK: vector.outerproduct %[[B]], %[[B]], %[[O]] {kind = #vector.kind<add>} : vector<8xf32>, vector<8xf32>
  %6 = vector.outerproduct %b, %b, %5 : vector<8xf32>, vector<8xf32>
  // CHECK: vector.outerproduct %[[B]], %{{.*}} : vector<8xf32>, f32
  %7 = vector.outerproduct %b, %s : vector<8xf32>, f32
  return
}

// CHECK-LABEL: func.func @masked
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[IV:.*]]: vector<16xi32>, %[[K:.*]]: vector<16xi1>, %[[P:.*]]: vector<16xf32>)
func.func @masked(%m: memref<?xf32>, %i: index, %iv: vector<16xi32>, %k: vector<16xi1>, %p: vector<16xf32>) {
  // CHECK: vector.gather %[[M]][%[[I]]] [%[[IV]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %0 = vector.gather %m[%i] [%iv], %k, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // CHECK: vector.scatter %[[M]][%[[I]]] [%[[IV]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  vector.scatter %m[%i] [%iv], %k, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  // CHECK: vector.maskedload %[[M]][%[[I]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %1 = vector.maskedload %m[%i], %k, %p : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // CHECK: vector.maskedstore %[[M]][%[[I]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi1>, vector<16xf32>
  vector.maskedstore %m[%i], %k, %p : memref<?xf32>, vector<16xi1>, vector<16xf32>
  // CHECK: vector.expandload %[[M]][%[[I]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %2 = vector.expandload %m[%i], %k, %p : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // CHECK: vector.compressstore %[[M]][%[[I]]], %[[K]], %[[P]] : memref<?xf32>, vector<16xi1>, vector<16xf32>
  vector.compressstore %m[%i], %k, %p : memref<?xf32>, vector<16xi1>, vector<16xf32>
  return
}
