// --run executes no llvm atomics or exception handling: reaching one on the host
// or in a kernel is a located error (exit 1), never a traceback.
// RUN: not asyncgpu-opt %s --split-input-file --run --backend sim 2>&1 | filecheck %s

// CHECK: llvm-unsupported-ops.mlir:[[# @LINE + 4]]:8: error: --run: operation 'llvm.atomicrmw' is not supported by the interpreter
llvm.func @main() {
  %p = llvm.mlir.zero : !llvm.ptr
  %n = llvm.mlir.constant(1 : i64) : i64
  %0 = llvm.atomicrmw add %p, %n monotonic : !llvm.ptr, i64
  llvm.return
}

// -----

// CHECK: llvm-unsupported-ops.mlir:[[# @LINE + 5]]:5: error: --run: in kernel gpu.launch at {{.*}}: operation 'llvm.fence' is not supported in kernels
// CHECK-NOT: Traceback
func.func @main() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %d = %c1) {
    llvm.fence syncscope("agent") release
    gpu.terminator
  }
  return
}
