// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// !ptr.ptr values in an LLVM address space are LLVM-compatible: llvm ops load,
// store and carry them (also inside LLVM aggregates); the memory space prints
// as its attribute prints.

// CHECK-LABEL: llvm.func @spill_device_ptr
// CHECK-SAME: !llvm.array<2 x !ptr.ptr<#llvm.address_space<1>>>
llvm.func @spill_device_ptr(%slot: !llvm.ptr, %pair: !llvm.array<2 x !ptr.ptr<#llvm.address_space<1>>>) {
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> !ptr.ptr<#llvm.address_space<1>>
  %p = llvm.load %slot : !llvm.ptr -> !ptr.ptr<#llvm.address_space<1>>
  // CHECK: llvm.store %{{.*}}, %{{.*}} : !ptr.ptr<#llvm.address_space<1>>, !llvm.ptr
  llvm.store %p, %slot : !ptr.ptr<#llvm.address_space<1>>, !llvm.ptr
  // CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.array<2 x !ptr.ptr<#llvm.address_space<1>>>, !llvm.ptr
  llvm.store %pair, %slot : !llvm.array<2 x !ptr.ptr<#llvm.address_space<1>>>, !llvm.ptr
  llvm.return
}

// CHECK-LABEL: func.func @generic_space
// CHECK-SAME: !ptr.ptr<#ptr.generic_space>
func.func @generic_space(%q: !ptr.ptr<#ptr.generic_space>) -> !ptr.ptr<#ptr.generic_space> {
  return %q : !ptr.ptr<#ptr.generic_space>
}
