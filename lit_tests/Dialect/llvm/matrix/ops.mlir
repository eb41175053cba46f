// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Matrix and masked-memory intrinsics: custom forms as upstream prints them (the
// attribute dictionary sorted, i1 attributes as true/false), and the two without a
// custom form (expandload, compressstore) in generic form.

// CHECK-LABEL: llvm.func @matrix
llvm.func @matrix(%p: !llvm.ptr, %stride: i32, %a: vector<8xf16>, %b: vector<8xf16>) -> vector<4xf16> {
  // CHECK: %[[M:.*]] = llvm.intr.matrix.column.major.load %{{.*}}, <stride = %{{.*}}> {columns = 4 : i32, isVolatile = false, rows = 2 : i32} : vector<8xf16> from !llvm.ptr stride i32
  %m = llvm.intr.matrix.column.major.load %p, <stride=%stride> {rows = 2 : i32, columns = 4 : i32, isVolatile = false} : vector<8 x f16> from !llvm.ptr stride i32
  // CHECK: llvm.intr.matrix.column.major.store %[[M]], %{{.*}}, <stride = %{{.*}}> {columns = 4 : i32, isVolatile = true, rows = 2 : i32} : vector<8xf16> to !llvm.ptr stride i32
  llvm.intr.matrix.column.major.store %m, %p, <stride=%stride> {rows = 2 : i32, columns = 4 : i32, isVolatile = true} : vector<8 x f16> to !llvm.ptr stride i32
  // CHECK: llvm.intr.matrix.transpose %[[M]] {columns = 4 : i32, rows = 2 : i32} : vector<8xf16> into vector<8xf16>
  %t = llvm.intr.matrix.transpose %m {rows = 2 : i32, columns = 4 : i32} : vector<8xf16> into vector<8xf16>
  // CHECK: llvm.intr.matrix.multiply %{{.*}}, %{{.*}} {lhs_columns = 4 : i32, lhs_rows = 2 : i32, rhs_columns = 2 : i32} : (vector<8xf16>, vector<8xf16>) -> vector<4xf16>
  %r = llvm.intr.matrix.multiply %t, %b {lhs_rows = 2 : i32, lhs_columns = 4 : i32, rhs_columns = 2 : i32} : (vector<8xf16>, vector<8xf16>) -> vector<4xf16>
  llvm.return %r : vector<4xf16>
}

// GENERIC-LABEL: sym_name = "masked"
// CHECK-LABEL: llvm.func @masked
llvm.func @masked(%p: !llvm.ptr, %ps: vector<4x!llvm.ptr>, %mask: vector<4xi1>, %v: vector<4xi32>) {
  // CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>) -> vector<4xi32>
  // GENERIC: "llvm.intr.masked.load"(%{{.*}}, %{{.*}}) <{alignment = 4 : i32}> : (!llvm.ptr, vector<4xi1>) -> vector<4xi32>
  %0 = llvm.intr.masked.load %p, %mask {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>) -> vector<4xi32>
  // CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32, nontemporal} : (!llvm.ptr, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  // GENERIC: "llvm.intr.masked.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{alignment = 4 : i32, nontemporal}>
  %1 = llvm.intr.masked.load %p, %mask, %v {nontemporal, alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  // CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into !llvm.ptr
  llvm.intr.masked.store %1, %p, %mask {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into !llvm.ptr
  // CHECK: llvm.intr.masked.gather %{{.*}}, %{{.*}}, %{{.*}} {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  %2 = llvm.intr.masked.gather %ps, %mask, %v {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  // CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %{{.*}} {alignment = 8 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  llvm.intr.masked.scatter %2, %ps, %mask {alignment = 8 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  // CHECK: "llvm.intr.masked.expandload"(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  %3 = "llvm.intr.masked.expandload"(%p, %mask, %v) : (!llvm.ptr, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  // CHECK: "llvm.intr.masked.compressstore"(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xi32>, !llvm.ptr, vector<4xi1>) -> ()
  "llvm.intr.masked.compressstore"(%3, %p, %mask) : (vector<4xi32>, !llvm.ptr, vector<4xi1>) -> ()
  llvm.return
}
