// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// llvm.atomicrmw, llvm.cmpxchg and llvm.fence: every keyword of the custom form.

// CHECK-LABEL: llvm.func @counters
llvm.func @counters(%p: !llvm.ptr, %n: i64, %x: f32, %v: vector<4xf16>, %q: !llvm.ptr) {
  // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i64
  %0 = llvm.atomicrmw add %p, %n monotonic : !llvm.ptr, i64
  // CHECK: llvm.atomicrmw volatile umax %{{.*}}, %{{.*}} syncscope("workgroup") acq_rel {alignment = 8 : i64} : !llvm.ptr, i64
  %1 = llvm.atomicrmw volatile umax %p, %n syncscope("workgroup") acq_rel {alignment = 8 : i64} : !llvm.ptr, i64
  // CHECK: llvm.atomicrmw fmaximum %{{.*}}, %{{.*}} seq_cst : !llvm.ptr, f32
  %2 = llvm.atomicrmw fmaximum %p, %x seq_cst : !llvm.ptr, f32
  // CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} release : !llvm.ptr, vector<4xf16>
  %3 = llvm.atomicrmw fadd %p, %v release : !llvm.ptr, vector<4xf16>
  // CHECK: llvm.atomicrmw xchg %{{.*}}, %{{.*}} acquire : !llvm.ptr, !llvm.ptr
  %4 = llvm.atomicrmw xchg %p, %q acquire : !llvm.ptr, !llvm.ptr
  // CHECK: llvm.atomicrmw usub_sat %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i64
  %5 = llvm.atomicrmw usub_sat %p, %n monotonic : !llvm.ptr, i64
  // CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} seq_cst seq_cst : !llvm.ptr, i64
  %6 = llvm.cmpxchg %p, %n, %0 seq_cst seq_cst : !llvm.ptr, i64
  // CHECK: llvm.cmpxchg weak volatile %{{.*}}, %{{.*}}, %{{.*}} syncscope("agent") acq_rel acquire {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %7 = llvm.cmpxchg weak volatile %p, %q, %q syncscope("agent") acq_rel acquire {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  // CHECK: llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i64, i1)>
  %8 = llvm.extractvalue %6[1] : !llvm.struct<(i64, i1)>
  // CHECK: llvm.fence acquire
  llvm.fence acquire
  // CHECK: llvm.fence syncscope("agent") seq_cst
  llvm.fence syncscope("agent") seq_cst
  llvm.return
}
