// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// rocdl.load.to.lds: the LDS pointer's type is implied (!llvm.ptr<3>); the
// source pointer's type prints stripped of !llvm.ptr except in address space 0.

// CHECK-LABEL: llvm.func @stage_tile
llvm.func @stage_tile(%src: !llvm.ptr<1>, %flat: !llvm.ptr, %tile: !llvm.ptr<3>) {
  // CHECK: rocdl.load.to.lds %{{.*}}, %{{.*}}, 16, 64, 0 : <1>
  rocdl.load.to.lds %src, %tile, 16, 64, 0 : !llvm.ptr<1>
  // CHECK: rocdl.load.to.lds %{{.*}}, %{{.*}}, 4, 0, 1 : !llvm.ptr
  rocdl.load.to.lds %flat, %tile, 4, 0, 1 : !llvm.ptr
  // CHECK: rocdl.load.to.lds %{{.*}}, %{{.*}}, 2, -8, 3 {note = "tail"} : <1>
  rocdl.load.to.lds %src, %tile, 2, -8, 3 {note = "tail"} : <1>
  llvm.return
}
