// vector ops in a kernel, each thread with its own vector: vector.load of 4 consecutive floats at
// 4 * tid, vector.from_elements of per-thread scalars, arith on vectors (with a dense vector
// constant), vector.extract / vector.insert, vector.broadcast, vector.reduction and vector.store.
// Thread t: x = a[4t .. 4t+3] = (4t, 4t+1, 4t+2, 4t+3); y = (t, 1, 2, 3); z = x * (1, 10, 100, 1000) + y;
// z[3] := -t (vector.insert: -0 for thread 0); out[4t .. 4t+3] = z; sum[t] = z[0] + z[1] + z[2] + z[3].
// RUN: asyncgpu-opt %s --run 2>&1 | filecheck %s
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run 2>&1 | filecheck %s
// CHECK-NOT: error
// CHECK-NOT: race
// CHECK: [0,  11,  202,  -0,  5,  51,  602,  -1,  10,  91,  1002,  -2]
// CHECK: [213,  657,  1101]
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @vec(%a: memref<12xf32>, %out: memref<12xf32>, %sum: memref<3xf32>) kernel {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %base = arith.muli %t, %c4 : index
      %x = vector.load %a[%base] : memref<12xf32>, vector<4xf32>
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f32
      %three = arith.constant 3.0 : f32
      %y = vector.from_elements %tf, %one, %two, %three : vector<4xf32>
      %scale = arith.constant dense<[1.0, 10.0, 100.0, 1000.0]> : vector<4xf32>
      %xs = arith.mulf %x, %scale : vector<4xf32>
      %z0 = arith.addf %xs, %y : vector<4xf32>
      %neg = arith.negf %tf : f32
      %z = vector.insert %neg, %z0 [3] : f32 into vector<4xf32>
      vector.store %z, %out[%base] : memref<12xf32>, vector<4xf32>
      %b = vector.broadcast %one : f32 to vector<4xf32>
      %zz = arith.mulf %z, %b : vector<4xf32>
      %s = vector.reduction <add>, %zz : vector<4xf32> into f32
      %e0 = vector.extract %zz[0] : f32 from vector<4xf32>
      %s1 = arith.subf %s, %e0 : f32
      %s2 = arith.addf %s1, %e0 : f32
      memref.store %s2, %sum[%t] : memref<3xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c12 = arith.constant 12 : index
    %a = gpu.alloc host_shared () : memref<12xf32>
    %out = gpu.alloc host_shared () : memref<12xf32>
    %sum = gpu.alloc host_shared () : memref<3xf32>
    scf.for %i = %c0 to %c12 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %a[%i] : memref<12xf32>
    }
    gpu.launch_func @k::@vec blocks in (%c1, %c1, %c1) threads in (%c3, %c1, %c1)
        args(%a : memref<12xf32>, %out : memref<12xf32>, %sum : memref<3xf32>)
    %u = memref.cast %out : memref<12xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %us = memref.cast %sum : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%us) : (memref<*xf32>) -> ()
    gpu.dealloc %a : memref<12xf32>
    gpu.dealloc %out : memref<12xf32>
    gpu.dealloc %sum : memref<3xf32>
    return
  }
}
