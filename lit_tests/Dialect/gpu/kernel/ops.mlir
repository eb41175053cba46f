// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the gpu dialect's kernel-side ops: all_reduce (every kind, the
// region form, uniform), subgroup_reduce (clusters, vectors), shuffle (every
// mode), subgroup ids, dynamic shared memory, attribution attributes and the
// launch's module/function names.

module attributes {gpu.container_module} {
  // CHECK-LABEL: gpu.func @reductions
  // CHECK-SAME: (%[[F:.*]]: f32, %[[I:.*]]: i32, %[[V:.*]]: vector<4xf16>)
  gpu.module @m {
    gpu.func @reductions(%f: f32, %i: i32, %v: vector<4xf16>) kernel {
      // CHECK: gpu.all_reduce  add %[[F]] {
      // CHECK-NEXT: } : (f32) -> f32
      %0 = gpu.all_reduce add %f {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  mul %[[F]] uniform {
      %1 = gpu.all_reduce mul %f uniform {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  minnumf %[[F]]
      %2 = gpu.all_reduce minnumf %f {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  maxnumf %[[F]]
      %3 = gpu.all_reduce maxnumf %f {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  minimumf %[[F]]
      %4 = gpu.all_reduce minimumf %f {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  maximumf %[[F]]
      %5 = gpu.all_reduce maximumf %f {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  minui %[[I]]
      %6 = gpu.all_reduce minui %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  minsi %[[I]]
      %7 = gpu.all_reduce minsi %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  maxui %[[I]]
      %8 = gpu.all_reduce maxui %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  maxsi %[[I]]
      %9 = gpu.all_reduce maxsi %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  and %[[I]]
      %10 = gpu.all_reduce and %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  or %[[I]]
      %11 = gpu.all_reduce or %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  xor %[[I]]
      %12 = gpu.all_reduce xor %i {} : (i32) -> (i32)
      // CHECK: gpu.all_reduce  %[[F]] {
      // CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
      // CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[R]] : f32
      // CHECK-NEXT: gpu.yield %[[S]] : f32
      // CHECK-NEXT: } : (f32) -> f32
      %13 = gpu.all_reduce %f {
      ^bb(%l: f32, %r: f32):
        %s = arith.addf %l, %r : f32
        gpu.yield %s : f32
      } : (f32) -> (f32)
      // CHECK: gpu.subgroup_reduce  add %[[F]] : (f32) -> f32
      %14 = gpu.subgroup_reduce add %f : (f32) -> f32
      // CHECK: gpu.subgroup_reduce  maxsi %[[I]] uniform : (i32) -> i32
      %15 = gpu.subgroup_reduce maxsi %i uniform : (i32) -> i32
      // CHECK: gpu.subgroup_reduce  add %[[F]] cluster(size = 4) : (f32) -> f32
      %16 = gpu.subgroup_reduce add %f cluster(size = 4) : (f32) -> f32
      // CHECK: gpu.subgroup_reduce  mul %[[F]] uniform cluster(size = 8, stride = 2) : (f32) -> f32
      %17 = gpu.subgroup_reduce mul %f uniform cluster(size = 8, stride = 2) : (f32) -> f32
      // CHECK: gpu.subgroup_reduce  minnumf %[[V]] : (vector<4xf16>) -> vector<4xf16>
      %18 = gpu.subgroup_reduce minnumf %v : (vector<4xf16>) -> vector<4xf16>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @shuffles
    gpu.func @shuffles(%f: f32, %v: vector<2xi32>) kernel {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      // CHECK: %shuffleResult, %valid = gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : f32
      %0, %1 = gpu.shuffle xor %f, %c1, %c32 : f32
      // CHECK: gpu.shuffle  up
      %2, %3 = gpu.shuffle up %f, %c1, %c32 : f32
      // CHECK: gpu.shuffle  down
      %4, %5 = gpu.shuffle down %f, %c1, %c32 : f32
      // CHECK: gpu.shuffle  idx %{{.*}} : vector<2xi32>
      %6, %7 = gpu.shuffle idx %v, %c1, %c32 : vector<2xi32>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @ids
    gpu.func @ids() kernel {
      // CHECK: gpu.subgroup_id : index
      %0 = gpu.subgroup_id : index
      // CHECK: gpu.subgroup_id upper_bound 4 : index
      %1 = gpu.subgroup_id upper_bound 4 : index
      // CHECK: gpu.num_subgroups : index
      %2 = gpu.num_subgroups : index
      // CHECK: gpu.subgroup_size upper_bound 32 : index
      %3 = gpu.subgroup_size upper_bound 32 : index
      // CHECK: gpu.lane_id upper_bound 32{{$}}
      %4 = gpu.lane_id upper_bound 32
      // CHECK: gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %5 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      // CHECK: gpu.printf "lane %d of %d\0A", %{{.*}}, %{{.*}} : index, index
      gpu.printf "lane %d of %d\n", %4, %3 : index, index
      gpu.return
    }

    // Attribution attribute dictionaries are kept, also when only some have one.
    // CHECK-LABEL: gpu.func @attributions
    // CHECK-SAME: workgroup(%{{.*}} : memref<4xf32, 3>, %{{.*}} : memref<4xf32, 3> {llvm.align = 16 : i64})
    // CHECK-SAME: private(%{{.*}} : memref<4xf32, 5> {foo}, %{{.*}} : memref<4xf32, 5>) kernel
    gpu.func @attributions() workgroup(%a: memref<4xf32, 3>, %b: memref<4xf32, 3> {llvm.align = 16 : i64}) private(%c: memref<4xf32, 5> {foo}, %d: memref<4xf32, 5>) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @named_launch
  // CHECK: dynamic_shared_memory_size %{{.*}} module(@mod) function(@fn) workgroup(
  func.func @named_launch(%n: index, %s: i32) {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) dynamic_shared_memory_size %s module(@mod) function(@fn) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) {
      gpu.terminator
    }
    return
  }
}
