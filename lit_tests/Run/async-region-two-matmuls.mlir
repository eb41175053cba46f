// The two-matmul example written synchronously: async-region puts the two independent matmuls
// on two chains (two streams at run time) joined before the add; the run prints the same values
// as the synchronous program, with no hazards and no leaks (any would exit non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --run-stats %t.json > %t.async
// RUN: diff %t.sync %t.async
// RUN: filecheck %s --input-file %t.async
// RUN: %python -c "import json, sys; s = json.load(open(sys.argv[1])); print('streams', s['streams_created'] >= 2, 'hazards', s['hazards'])" %t.json | filecheck %s --check-prefix=STATS
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim --trace %t.trace > /dev/null
// RUN: %python %S/trace.mlir.py %t.trace | filecheck %s --check-prefix=TRACE
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 4] strides = [256, 1] data =
// CHECK-NEXT: {{\[}}[4090,   4096,   4090,   4090],
// CHECK-NEXT:  [4096,   4106,   4098,   4096]]
// CHECK: rank = 2 offset = 65532 sizes = [1, 4] strides = [256, 1] data =
// CHECK-NEXT: {{\[}}[4090,   4096,   4090,   4090]]
// STATS: streams True hazards 0
// TRACE: overlap: test_parallel_kernel test_parallel_kernel_0 on 2 tracks
// IR-LABEL: func.func @test_parallel(
// IR:      %[[W0:.*]] = gpu.wait async
// IR-NEXT: %[[M0:.*]] = gpu.launch_func async [%[[W0]]] @test_parallel_kernel::@test_parallel_kernel
// IR-NEXT: %[[W1:.*]] = gpu.wait async
// IR-NEXT: %[[M1:.*]] = gpu.launch_func async [%[[W1]]] @test_parallel_kernel_0::@test_parallel_kernel
// IR-NEXT: %[[J:.*]] = gpu.wait async [%[[M0]], %[[M1]]]
// IR-NEXT: %[[ADD:.*]] = gpu.launch_func async [%[[J]]] @test_parallel_kernel_1::@test_parallel_kernel
// The two frees touch different buffers: both follow the add only, and the host waits for both.
// IR-NEXT: %[[D0:.*]] = gpu.dealloc async [%[[ADD]]]
// IR-NEXT: %[[D1:.*]] = gpu.dealloc async [%[[ADD]]]
// IR-NEXT: gpu.wait [%[[D0]], %[[D1]]]
// IR-NEXT: return
#map = affine_map<()[s0, s1, s2] -> (s0 * s2 + s1)>
module attributes {gpu.container_module} {
  func.func @test_parallel(%arg0: memref<256x1024xf32>, %arg1: memref<1024x256xf32>) -> memref<256x256xf32> {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %memref = gpu.alloc host_shared () : memref<256x256xf32>
  %memref_0 = gpu.alloc host_shared () : memref<256x256xf32>
  %memref_1 = gpu.alloc host_shared () : memref<256x256xf32>
  gpu.launch_func @test_parallel_kernel::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %arg0 : memref<256x1024xf32>, %arg1 : memref<1024x256xf32>, %c1024 : index, %cst : f32, %memref_1 : memref<256x256xf32>)
  gpu.launch_func @test_parallel_kernel_0::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %arg0 : memref<256x1024xf32>, %arg1 : memref<1024x256xf32>, %c1024 : index, %cst : f32, %memref_0 : memref<256x256xf32>)
  gpu.launch_func @test_parallel_kernel_1::@test_parallel_kernel blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1) args(%c32 : index, %c0 : index, %c32 : index, %c1 : index, %c0 : index, %memref_1 : memref<256x256xf32>, %memref_0 : memref<256x256xf32>, %memref : memref<256x256xf32>)
  gpu.dealloc %memref_0 : memref<256x256xf32>
  gpu.dealloc %memref_1 : memref<256x256xf32>
  return %memref : memref<256x256xf32>
  }
  gpu.module @test_parallel_kernel {
  gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x1024xf32>, %arg6: memref<1024x256xf32>, %arg7: index, %arg8: f32, %arg9: memref<256x256xf32>) kernel {
  %block_id_x = gpu.block_id x
  %block_id_y = gpu.block_id y
  %thread_id_x = gpu.thread_id x
  %thread_id_y = gpu.thread_id y
  %0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
  %1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
  %2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
  %3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
  %4 = arith.addi %2, %0 : index
  %5 = arith.addi %3, %1 : index
  %6 = scf.for %arg10 = %arg1 to %arg7 step %arg3 iter_args(%arg11 = %arg8) -> (f32) {
  %7 = memref.load %arg5[%4, %arg10] : memref<256x1024xf32>
  %8 = memref.load %arg6[%arg10, %5] : memref<1024x256xf32>
  %9 = arith.mulf %7, %8 : f32
  %10 = arith.addf %arg11, %9 : f32
  scf.yield %10 : f32
  }
  memref.store %6, %arg9[%4, %5] : memref<256x256xf32>
  gpu.return
  }
  }
  gpu.module @test_parallel_kernel_0 {
  gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x1024xf32>, %arg6: memref<1024x256xf32>, %arg7: index, %arg8: f32, %arg9: memref<256x256xf32>) kernel {
  %block_id_x = gpu.block_id x
  %block_id_y = gpu.block_id y
  %thread_id_x = gpu.thread_id x
  %thread_id_y = gpu.thread_id y
  %0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
  %1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
  %2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
  %3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
  %4 = arith.addi %2, %0 : index
  %5 = arith.addi %3, %1 : index
  %6 = scf.for %arg10 = %arg1 to %arg7 step %arg3 iter_args(%arg11 = %arg8) -> (f32) {
  %7 = memref.load %arg5[%4, %arg10] : memref<256x1024xf32>
  %8 = memref.load %arg6[%arg10, %5] : memref<1024x256xf32>
  %9 = arith.mulf %7, %8 : f32
  %10 = arith.addf %arg11, %9 : f32
  scf.yield %10 : f32
  }
  memref.store %6, %arg9[%4, %5] : memref<256x256xf32>
  gpu.return
  }
  }
  gpu.module @test_parallel_kernel_1 {
  gpu.func @test_parallel_kernel(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<256x256xf32>, %arg6: memref<256x256xf32>, %arg7: memref<256x256xf32>) kernel {
  %block_id_x = gpu.block_id x
  %block_id_y = gpu.block_id y
  %thread_id_x = gpu.thread_id x
  %thread_id_y = gpu.thread_id y
  %0 = affine.apply #map()[%arg0, %arg1, %block_id_x]
  %1 = affine.apply #map()[%arg2, %arg1, %block_id_y]
  %2 = affine.apply #map()[%arg3, %arg4, %thread_id_x]
  %3 = affine.apply #map()[%arg3, %arg4, %thread_id_y]
  %4 = arith.addi %2, %0 : index
  %5 = arith.addi %3, %1 : index
  %6 = memref.load %arg5[%4, %5] : memref<256x256xf32>
  %7 = memref.load %arg6[%4, %5] : memref<256x256xf32>
  %8 = arith.addf %6, %7 : f32
  memref.store %8, %arg7[%4, %5] : memref<256x256xf32>
  gpu.return
  }
  }

  // Fill A[i, k] = (i + k) mod 5 and B[k, j] = (k + 2j) mod 3 on the device, run the two
  // matmuls + add, and print a 2x4 corner of the result: r[i, j] = 2 * sum_k A[i,k] * B[k,j].
  gpu.module @fill_kernels {
    gpu.func @fill(%m: memref<?x?xf32>, %cols: index, %mul: index, %mod: index) kernel {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bd = gpu.block_dim x
      %r0 = arith.muli %bx, %bd : index
      %lin = arith.addi %r0, %tx : index
      %i = arith.divui %lin, %cols : index
      %j = arith.remui %lin, %cols : index
      %jm = arith.muli %j, %mul : index
      %s = arith.addi %i, %jm : index
      %v = arith.remui %s, %mod : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %m[%i, %j] : memref<?x?xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %a = gpu.alloc host_shared () : memref<256x1024xf32>
    %b = gpu.alloc host_shared () : memref<1024x256xf32>
    %ad = memref.cast %a : memref<256x1024xf32> to memref<?x?xf32>
    %bd = memref.cast %b : memref<1024x256xf32> to memref<?x?xf32>
    gpu.launch_func @fill_kernels::@fill blocks in (%c1024, %c1, %c1) threads in (%c256, %c1, %c1) args(%ad : memref<?x?xf32>, %c1024 : index, %c1 : index, %c5 : index)
    gpu.launch_func @fill_kernels::@fill blocks in (%c1024, %c1, %c1) threads in (%c256, %c1, %c1) args(%bd : memref<?x?xf32>, %c256 : index, %c2 : index, %c3 : index)
    %r = call @test_parallel(%a, %b) : (memref<256x1024xf32>, memref<1024x256xf32>) -> memref<256x256xf32>
    %corner = memref.subview %r[0, 0] [2, 4] [1, 1] : memref<256x256xf32> to memref<2x4xf32, strided<[256, 1]>>
    %u = memref.cast %corner : memref<2x4xf32, strided<[256, 1]>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %last = memref.subview %r[255, 252] [1, 4] [1, 1] : memref<256x256xf32> to memref<1x4xf32, strided<[256, 1], offset: 65532>>
    %u2 = memref.cast %last : memref<1x4xf32, strided<[256, 1], offset: 65532>> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    gpu.dealloc %r : memref<256x256xf32>
    gpu.dealloc %a : memref<256x1024xf32>
    gpu.dealloc %b : memref<1024x256xf32>
    return
  }
}
