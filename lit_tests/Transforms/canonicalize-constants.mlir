// RUN: asyncgpu-opt %s -canonicalize | filecheck %s
// Constants (upstream's OperationFolder in the greedy driver): uniqued per insertion region (the
// closest region isolated from above: func.func and gpu.func bodies; scf.for, scf.if and gpu.launch
// bodies are not) and hoisted to the front of its entry block, the last one met first.  A launch
// dimension of size 1 makes its id 0 (FoldLaunchArguments), and the product with 0 folds.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %cst = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg3 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      %0 = arith.addi %arg3, %c1 : index
// CHECK-NEXT:      memref.store %cst_1, %arg1[%0] : memref<4xf32>
// CHECK-NEXT:      scf.if %arg2 {
// CHECK-NEXT:        memref.store %cst_0, %arg1[%arg3] : memref<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.launch blocks
// CHECK-NEXT:      memref.store %cst, %arg1[%c0] : memref<4xf32>
// CHECK-NEXT:      gpu.terminator
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK:       gpu.func @g(%arg0: memref<4xf32>) kernel {
// CHECK-NEXT:    %cst = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:    %thread_id_x = gpu.thread_id  x
// CHECK-NEXT:    memref.store %cst, %arg0[%thread_id_x] : memref<4xf32>
// CHECK-NEXT:    gpu.return
module attributes {gpu.container_module} {
  func.func @f(%n: index, %m: memref<4xf32>, %p: i1) {
    %c0 = arith.constant 0 : index
    %x = arith.constant 2.0 : f32
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %c1_0 = arith.constant 1 : index
      %y = arith.constant 3.0 : f32
      %j = arith.addi %i, %c1_0 : index
      memref.store %y, %m[%j] : memref<4xf32>
      scf.if %p {
        %z = arith.constant 4.0 : f32
        memref.store %z, %m[%i] : memref<4xf32>
      }
    }
    %true = arith.constant true
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %c2 = arith.constant 2 : index
      %v = arith.constant 5.0 : f32
      %k = arith.muli %tx, %c2 : index
      memref.store %v, %m[%k] : memref<4xf32>
      gpu.terminator
    }
    return
  }
  gpu.module @k {
    gpu.func @g(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %v = arith.constant 5.0 : f32
      %c0 = arith.constant 0 : index
      %s = arith.addi %t, %c0 : index
      memref.store %v, %m[%s] : memref<4xf32>
      gpu.return
    }
  }
}
