// cf.assert in kernels, as CUDA's device-side assert: every thread that fails it prints
// "FILE:LINE: FUNCTION: block: [x,y,z], thread: [x,y,z] Assertion `MSG` failed." on stderr (file,
// line and function from the assert's location, innermost call site first), the kernel stops there
// (nothing after it runs, in any thread), and the next synchronizing call fails with
// CUDA_ERROR_ASSERT: reported as a warning, exit status 0, as mlir-runner goes on; the device runs
// nothing more (the second kernel's store never happens).
// RUN: asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --run --backend sim 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --run --backend sim 2>&1 | not grep -e "after the failing assert" -e "error:"
// RUN: asyncgpu-opt %s --split-input-file --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim 2>&1 | not grep -e "after the failing assert" -e "error:"

// CHECK-DAG: block 0 thread 2: passed
// CHECK-DAG: block 1 thread 3: passed
// CHECK-DAG: rows.cu:12: check_row: block: [1,0,0], thread: [1,0,0] Assertion `row 1 must be even` failed.
// CHECK-DAG: rows.cu:12: check_row: block: [1,0,0], thread: [3,0,0] Assertion `row 1 must be even` failed.
// CHECK-DAG: warning: device-side assert triggered: {{.*}} fails with CUDA_ERROR_ASSERT: kernel @{{.*}} stopped at a failing cf.assert
// CHECK-DAG: [1,  1,  1,  1,  1,  1,  1,  1]
// CHECK-DAG: assert.mlir:{{[0-9]+}}: (unknown): block: [0,0,0], thread: [1,0,0] Assertion `tid < 1` failed.

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @check(%out: memref<8xi32>, %yes: i1) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %g0 = arith.muli %b, %n : index
      %g = arith.addi %g0, %t : index
      %one = arith.constant 1 : i32
      memref.store %one, %out[%g] : memref<8xi32>
      cf.assert %yes, "never fails"
      gpu.printf "block %lld thread %lld: passed\n", %b, %t : index, index
      %c1 = arith.constant 1 : index
      %odd = arith.andi %t, %c1 : index
      %even = arith.cmpi eq, %odd, %c1 : index
      %ok0 = arith.xori %even, %yes : i1
      %b1 = arith.cmpi ne, %b, %c1 : index
      %ok = arith.ori %ok0, %b1 : i1
      cf.assert %ok, "row 1 must be even" loc(callsite("check_row"("rows.cu":12:3) at "main.cu":40:5))
      gpu.printf "after the failing assert\n"
      gpu.return
    }
    gpu.func @never(%out: memref<8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %seven = arith.constant 7 : i32
      memref.store %seven, %out[%c0] : memref<8xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %true = arith.constant true
    %out = gpu.alloc host_shared () : memref<8xi32>
    gpu.launch_func @k::@check blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<8xi32>, %true : i1)
    gpu.launch_func @k::@never blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<8xi32>)
    %u = memref.cast %out : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %out : memref<8xi32>
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}

// -----

// A location without a function name: "(unknown)"; the file and line of the assert itself (checked
// above).
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %lt = arith.cmpi ult, %tx, %c1 : index
    cf.assert %lt, "tid < 1"
    gpu.terminator
  }
  return
}
