// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the affine dialect: apply, min, max, for (constant bounds,
// symbolic bounds with maps, steps, iter_args), if with integer sets (with and
// without else, with results), load, store, yield, parallel; map and set aliases.

#map = affine_map<()[s0, s1, s2] -> (s0 * s2 + s1)>
#lb = affine_map<(d0) -> (d0)>
#ub = affine_map<(d0)[s0] -> (d0 + 4, s0)>
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 - 1 >= 0)>
#set_eq = affine_set<(d0, d1) : (d0 - d1 == 0)>

// CHECK: #map = affine_map<()[s0, s1, s2] -> (s0 * s2 + s1)>
// CHECK: #map1 = affine_map<(d0) -> (d0 floordiv 4)>
// CHECK: #map2 = affine_map<(d0, d1) -> (d0 mod 8 + d1 ceildiv 2)>
// CHECK: #map3 = affine_map<(d0)[s0] -> (d0, s0, 128)>
// CHECK: #map4 = affine_map<(d0) -> (d0 - 1, 0)>
// CHECK: #map5 = affine_map<() -> (42)>
// CHECK: #map6 = affine_map<(d0) -> (d0)>
// CHECK: #map7 = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// CHECK: #map8 = affine_map<(d0) -> (d0, 0)>
// CHECK: #map9 = affine_map<(d0) -> (d0 + 1)>
// CHECK: #map10 = affine_map<(d0, d1)[s0, s1] -> (d0 + d1 + 3, d1 + s0 + s1)>
// CHECK: #set = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 - d1 == 0)>
// CHECK: #set2 = affine_set<(d0) : (d0 >= 0)>
// CHECK: #set3 = affine_set<() : (0 == 0)>

// CHECK-LABEL: func.func @apply_min_max(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index) -> index {
// CHECK-NEXT: %[[V0:.*]] = affine.apply #map()[%[[ARG0]], %[[ARG1]], %[[ARG2]]]
// CHECK-NEXT: %[[V1:.*]] = affine.apply #map1(%[[ARG0]])
// CHECK-NEXT: %[[V2:.*]] = affine.apply #map2(%[[ARG0]], %[[ARG1]])
// CHECK-NEXT: %[[V3:.*]] = affine.min #map3(%[[ARG0]])[%[[ARG2]]]
// CHECK-NEXT: %[[V4:.*]] = affine.max #map4(%[[ARG1]])
// CHECK-NEXT: %[[V5:.*]] = affine.apply #map5()
// CHECK-NEXT: return %[[V0]] : index
// CHECK-NEXT: }
func.func @apply_min_max(%i: index, %j: index, %n: index) -> index {
  %0 = affine.apply #map()[%i, %j, %n]
  %1 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %2 = affine.apply affine_map<(d0, d1) -> (d0 mod 8 + d1 ceildiv 2)>(%i, %j)
  %3 = affine.min affine_map<(d0)[s0] -> (d0, s0, 128)>(%i)[%n]
  %4 = affine.max affine_map<(d0) -> (d0 - 1, 0)>(%j)
  %5 = affine.apply affine_map<() -> (42)>()
  return %0 : index
}

// CHECK-LABEL: func.func @loops(
// CHECK-SAME: %[[ARG0:.*]]: memref<100x100xf32>, %[[ARG1:.*]]: index, %[[ARG2:.*]]: f32) -> f32 {
// CHECK-NEXT: affine.for %[[ARG3:.*]] = 0 to 100 {
// CHECK-NEXT: affine.for %[[ARG4:.*]] = 0 to 100 step 4 {
// CHECK-NEXT: %[[V1:.*]] = affine.load %[[ARG0]][%[[ARG3]], %[[ARG4]]] : memref<100x100xf32>
// CHECK-NEXT: affine.store %[[V1]], %[[ARG0]][%[[ARG4]], %[[ARG3]]] : memref<100x100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[ARG3:.*]] = 0 to %[[ARG1]] {
// CHECK-NEXT: affine.for %[[ARG4:.*]] = #map6(%[[ARG3]]) to min #map7(%[[ARG3]])[%[[ARG1]]] {
// CHECK-NEXT: %[[V1:.*]] = affine.load %[[ARG0]][%[[ARG3]] + 1, %[[ARG4]] * 2] : memref<100x100xf32>
// CHECK-NEXT: affine.store %[[V1]], %[[ARG0]][%[[ARG3]], symbol(%[[ARG1]])] : memref<100x100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = affine.for %[[ARG3:.*]] = 0 to 100 iter_args(%[[ARG4:.*]] = %[[ARG2]]) -> (f32) {
// CHECK-NEXT: %[[V1:.*]] = affine.load %[[ARG0]][%[[ARG3]], %[[ARG3]]] : memref<100x100xf32>
// CHECK-NEXT: %[[V2:.*]] = arith.addf %[[ARG4]], %[[V1]] : f32
// CHECK-NEXT: affine.yield %[[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[ARG3:.*]] = max #map8(%[[ARG1]]) to 100 {
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @loops(%m: memref<100x100xf32>, %n: index, %init: f32) -> f32 {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 step 4 {
      %v = affine.load %m[%i, %j] : memref<100x100xf32>
      affine.store %v, %m[%j, %i] : memref<100x100xf32>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = #lb(%i) to min #ub(%i)[%n] {
      %v = affine.load %m[%i + 1, %j * 2] : memref<100x100xf32>
      affine.store %v, %m[%i, symbol(%n)] : memref<100x100xf32>
    }
  }
  %sum = affine.for %i = 0 to 100 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %m[%i, %i] : memref<100x100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.for %i = max affine_map<(d0) -> (d0, 0)>(%n) to 100 {
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @ifs(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: memref<100xf32>, %[[ARG3:.*]]: f32) -> f32 {
// CHECK-NEXT: affine.if #set(%[[ARG0]])[%[[ARG1]]] {
// CHECK-NEXT: affine.store %[[ARG3]], %[[ARG2]][%[[ARG0]]] : memref<100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #set1(%[[ARG0]], %[[ARG1]]) {
// CHECK-NEXT: affine.store %[[ARG3]], %[[ARG2]][%[[ARG0]]] : memref<100xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.store %[[ARG3]], %[[ARG2]][%[[ARG1]]] : memref<100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = affine.if #set2(%[[ARG0]]) -> f32 {
// CHECK-NEXT: affine.yield %[[ARG3]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: affine.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @ifs(%i: index, %n: index, %m: memref<100xf32>, %x: f32) -> f32 {
  affine.if #set(%i)[%n] {
    affine.store %x, %m[%i] : memref<100xf32>
  }
  affine.if #set_eq(%i, %n) {
    affine.store %x, %m[%i] : memref<100xf32>
  } else {
    affine.store %x, %m[%n] : memref<100xf32>
  }
  %0 = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {
    affine.yield %x : f32
  } else {
    %c = arith.constant 1.0 : f32
    affine.yield %c : f32
  }
  return %0 : f32
}

// CHECK-LABEL: func.func @parallel(
// CHECK-SAME: %[[ARG0:.*]]: memref<100x100xf32>) {
// CHECK-NEXT: affine.parallel (%[[ARG1:.*]], %[[ARG2:.*]]) = (0, 0) to (100, 100) step (4, 4) {
// CHECK-NEXT: %[[V0:.*]] = affine.load %[[ARG0]][%[[ARG1]], %[[ARG2]]] : memref<100x100xf32>
// CHECK-NEXT: affine.store %[[V0]], %[[ARG0]][%[[ARG2]], %[[ARG1]]] : memref<100x100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel(%m: memref<100x100xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (100, 100) step (4, 4) {
    %v = affine.load %m[%i, %j] : memref<100x100xf32>
    affine.store %v, %m[%j, %i] : memref<100x100xf32>
  }
  return
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: memref<100xf32>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = affine.apply #map9(%[[ARG0]])
// CHECK-NEXT: %[[V1:.*]] = affine.load %[[ARG1]][%[[V0]]] : memref<100xf32>
// CHECK-NEXT: return %[[V1]] : f32
// CHECK-NEXT: }
func.func @generic_forms(%i: index, %m: memref<100xf32>) -> f32 {
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0 + 1)>}> : (index) -> index
  %1 = "affine.load"(%m, %0) <{map = affine_map<(d0) -> (d0)>}> : (memref<100xf32>, index) -> f32
  return %1 : f32
}

// delinearize_index/linearize_index (static and dynamic basis, disjoint), vector_load/
// vector_store, affine.parallel with reductions and results.

// CHECK-LABEL: func.func @index_ops(
// CHECK-SAME: %[[ARG0:.*]]: index, %[[ARG1:.*]]: index, %[[ARG2:.*]]: index) -> (index, index) {
// CHECK-NEXT: %[[V0:.*]]:2 = affine.delinearize_index %[[ARG0]] into (4, 8) : index, index
// CHECK-NEXT: %[[V1:.*]]:3 = affine.delinearize_index %[[ARG0]] into (%[[ARG2]], 8) : index, index, index
// CHECK-NEXT: %[[V2:.*]] = affine.linearize_index [%[[V0]]#0, %[[V0]]#1] by (4, 8) : index
// CHECK-NEXT: %[[V3:.*]] = affine.linearize_index disjoint [%[[ARG0]], %[[ARG1]]] by (%[[ARG2]]) : index
// CHECK-NEXT: return %[[V2]], %[[V3]] : index, index
// CHECK-NEXT: }
func.func @index_ops(%i: index, %j: index, %n: index) -> (index, index) {
  %0:2 = affine.delinearize_index %i into (4, 8) : index, index
  %1:3 = affine.delinearize_index %i into (%n, 8) : index, index, index
  %2 = affine.linearize_index [%0#0, %0#1] by (4, 8) : index
  %3 = affine.linearize_index disjoint [%i, %j] by (%n) : index
  return %2, %3 : index, index
}

// CHECK-LABEL: func.func @vector_access(
// CHECK-SAME: %[[ARG0:.*]]: memref<64xf32>) {
// CHECK-NEXT: affine.for %[[ARG1:.*]] = 0 to 8 {
// CHECK-NEXT: %[[V0:.*]] = affine.vector_load %[[ARG0]][%[[ARG1]] * 8] : memref<64xf32>, vector<8xf32>
// CHECK-NEXT: affine.vector_store %[[V0]], %[[ARG0]][%[[ARG1]] * -8 + 63] : memref<64xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @vector_access(%m: memref<64xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.vector_load %m[%i * 8] : memref<64xf32>, vector<8xf32>
    affine.vector_store %v, %m[63 - %i * 8] : memref<64xf32>, vector<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @parallel_reduce(
// CHECK-SAME: %[[ARG0:.*]]: memref<32x32xf32>) -> (f32, f32) {
// CHECK-NEXT: %[[V0:.*]]:2 = affine.parallel (%[[ARG1:.*]], %[[ARG2:.*]]) = (0, 0) to (32, 32) step (4, 8) reduce ("addf", "maximumf") -> (f32, f32) {
// CHECK-NEXT: %[[V1:.*]] = affine.load %[[ARG0]][%[[ARG1]], %[[ARG2]]] : memref<32x32xf32>
// CHECK-NEXT: affine.yield %[[V1]], %[[V1]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]]#0, %[[V0]]#1 : f32, f32
// CHECK-NEXT: }
func.func @parallel_reduce(%m: memref<32x32xf32>) -> (f32, f32) {
  %0:2 = affine.parallel (%i, %j) = (0, 0) to (32, 32) step (4, 8) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %m[%i, %j] : memref<32x32xf32>
    affine.yield %v, %v : f32, f32
  }
  return %0#0, %0#1 : f32, f32
}

// CHECK-LABEL: func.func @prefetch_and_dma(
// CHECK-SAME: %[[A:.*]]: memref<64x64xf32>, %[[B:.*]]: memref<64xf32, 1>, %[[T:.*]]: memref<2xi32>, %[[N:.*]]: index) {
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT: affine.prefetch %[[A]][%[[I]] * 2, symbol(%[[N]]) + 1], read, locality<3>, data : memref<64x64xf32>
// CHECK-NEXT: affine.prefetch %[[A]][%[[I]], %[[I]]], write, locality<0>, instr {tag = 1 : i64} : memref<64x64xf32>
// CHECK-NEXT: affine.dma_start %[[A]][%[[I]], 0], %[[B]][%[[I]] * 8], %[[T]][0], %[[N]] : memref<64x64xf32>, memref<64xf32, 1>, memref<2xi32>
// CHECK-NEXT: affine.dma_start %[[A]][%[[I]], %[[N]]], %[[B]][0], %[[T]][%[[I]] mod 2], %[[N]], %[[N]], %[[N]] : memref<64x64xf32>, memref<64xf32, 1>, memref<2xi32>
// CHECK-NEXT: affine.dma_wait %[[T]][%[[I]] mod 2], %[[N]] : memref<2xi32>
func.func @prefetch_and_dma(%a: memref<64x64xf32>, %b: memref<64xf32, 1>, %t: memref<2xi32>, %n: index) {
  affine.for %i = 0 to 8 {
    affine.prefetch %a[%i * 2, symbol(%n) + 1], read, locality<3>, data : memref<64x64xf32>
    affine.prefetch %a[%i, %i], write, locality<0>, instr {tag = 1} : memref<64x64xf32>
    affine.dma_start %a[%i, 0], %b[%i * 8], %t[0], %n : memref<64x64xf32>, memref<64xf32, 1>, memref<2xi32>
    affine.dma_start %a[%i, %n], %b[0], %t[%i mod 2], %n, %n, %n : memref<64x64xf32>, memref<64xf32, 1>, memref<2xi32>
    affine.dma_wait %t[%i mod 2], %n : memref<2xi32>
  }
  return
}

// An empty constraint list reads as the one constraint `0 == 0` (the set of every point).
// CHECK-LABEL: func.func @empty_set(
// CHECK-NEXT: affine.if #set3() {
func.func @empty_set(%m: memref<1xf32>, %x: f32) {
  affine.if affine_set<() : ()>() {
    affine.store %x, %m[0] : memref<1xf32>
  }
  return
}

// A sum of two dims (or two symbols) is kept in position order, also when the
// map is built from SSA names in first-use order.
// (#map10 above: `d1 + d0 + 3, s1 + s0 + d1` as written.)
// CHECK-LABEL: func.func @operand_order
// CHECK-SAME: sums = #map10
func.func @operand_order(%m: memref<8x8xf32>, %a: index, %b: index)
    attributes {sums = affine_map<(d0, d1)[s0, s1] -> (d1 + d0 + 3, s1 + s0 + d1)>} {
  affine.for %i = 0 to 4 {
    // CHECK: affine.load %{{.*}}[%[[A:.*]] + %[[I:.*]], %[[A]] + %[[I]]] : memref<8x8xf32>
    %v = affine.load %m[%a + %i, %i + %a] : memref<8x8xf32>
  }
  return
}

// A memref.dim inside a loop is a valid symbol when its size is: the dim of a
// subview whose size is a top-level dim, of an alloc sized by a function
// argument (also through memref.cast).
// CHECK-LABEL: func.func @dim_symbols
func.func @dim_symbols(%n: index, %m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to %n {
    %rows = memref.dim %m, %c0 : memref<?x?xf32>
    %sv = memref.subview %m[%c0, %c0][%rows, %i][%c1, %c1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    %d = memref.dim %sv, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    %buf = memref.alloc(%n) : memref<?xf32>
    %cast = memref.cast %buf : memref<?xf32> to memref<?xf32>
    %e = memref.dim %cast, %c0 : memref<?xf32>
    // CHECK: affine.for %{{.*}} = 0 to %{{.*}} step 4 {
    affine.for %j = 0 to %d step 4 {
      // CHECK: affine.apply #{{.*}}()[%{{.*}}]
      %k = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%e]
    }
  }
  return
}

// affine.parallel bounds: `max(...)` / `min(...)` groups several expressions
// into one bound; operands shared by the groups are listed once.
// CHECK-LABEL: func.func @parallel_bound_groups
func.func @parallel_bound_groups(%lo: index, %hi: index, %n: index) {
  // CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (max(%[[LO:.*]], %[[HI:.*]] - 8), 0) to (%[[N:.*]], min(%[[HI]], %[[N]] floordiv 2))
  affine.parallel (%i, %j) = (max(%lo, %hi - 8), 0) to (%n, min(%hi, %n floordiv 2)) {
    // A group of one prints as its expression.
    // CHECK: affine.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}} + 4)
    affine.parallel (%k) = (max(%i)) to (min(%i + 4)) {
    }
  }
  return
}
