// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// Round trip of the async dialect: execute (dependencies, operands, results),
// await, yield, groups, and the interplay with gpu tokens.

// CHECK-LABEL: func.func @execute_simple(
// CHECK-SAME: ) {
// CHECK-NEXT: %token = async.execute {
// CHECK-NEXT: async.yield{{ *$}}
// CHECK-NEXT: }
// CHECK-NEXT: async.await %token : !async.token
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @execute_simple() {
  %token = async.execute {
    async.yield
  }
  async.await %token : !async.token
  return
}

// CHECK-LABEL: func.func @execute_deps_results(
// CHECK-SAME: %[[ARG0:.*]]: f32, %[[ARG1:.*]]: memref<?xf32>) -> f32 {
// CHECK-NEXT: %token = async.execute {
// CHECK-NEXT: async.yield{{ *$}}
// CHECK-NEXT: }
// CHECK-NEXT: %token_0, %bodyResults = async.execute [%token] -> !async.value<f32> {
// CHECK-NEXT: %[[V2:.*]] = arith.addf %[[ARG0]], %[[ARG0]] : f32
// CHECK-NEXT: async.yield %[[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %token_1, %bodyResults_2:2 = async.execute [%token, %token_0] (%bodyResults as %[[ARG2:.*]]: !async.value<f32>) -> (!async.value<f32>, !async.value<i32>) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: async.yield %[[ARG2]], %c1_i32 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = async.await %bodyResults : !async.value<f32>
// CHECK-NEXT: %[[V1:.*]] = async.await %bodyResults_2#1 : !async.value<i32>
// CHECK-NEXT: async.await %token_1 : !async.token
// CHECK-NEXT: return %[[V0]] : f32
// CHECK-NEXT: }
func.func @execute_deps_results(%x: f32, %m: memref<?xf32>) -> f32 {
  %t0 = async.execute {
    async.yield
  }
  %t1, %r = async.execute [%t0] -> !async.value<f32> {
    %y = arith.addf %x, %x : f32
    async.yield %y : f32
  }
  %t2, %r2:2 = async.execute [%t0, %t1] (%r as %v: !async.value<f32>) -> (!async.value<f32>, !async.value<i32>) {
    %c = arith.constant 1 : i32
    async.yield %v, %c : f32, i32
  }
  %0 = async.await %r : !async.value<f32>
  %1 = async.await %r2#1 : !async.value<i32>
  async.await %t2 : !async.token
  return %0 : f32
}

// CHECK-LABEL: func.func @groups(
// CHECK-SAME: %[[ARG0:.*]]: index) {
// CHECK-NEXT: %[[V0:.*]] = async.create_group %[[ARG0]] : !async.group
// CHECK-NEXT: %token = async.execute {
// CHECK-NEXT: async.yield{{ *$}}
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:.*]] = async.add_to_group %token, %[[V0]] : !async.token
// CHECK-NEXT: async.await_all %[[V0]]
// CHECK-NEXT: %[[V2:.*]] = async.create_group %[[ARG0]] : !async.group {foo.note}
// CHECK-NEXT: async.await_all %[[V2]]
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @groups(%n: index) {
  %g = async.create_group %n : !async.group
  %t = async.execute {
    async.yield
  }
  %idx = async.add_to_group %t, %g : !async.token
  async.await_all %g
  %g2 = async.create_group %n : !async.group {foo.note}
  async.await_all %g2
  return
}

// CHECK-LABEL: func.func @with_gpu(
// CHECK-SAME: %[[ARG0:.*]]: index) {
// CHECK-NEXT: %token = async.execute {
// CHECK-NEXT: %[[V0:.*]] = gpu.wait async
// CHECK-NEXT: %[[V1:.*]] = gpu.wait async [%[[V0]]]
// CHECK-NEXT: gpu.wait [%[[V1]]]
// CHECK-NEXT: async.yield{{ *$}}
// CHECK-NEXT: }
// CHECK-NEXT: async.await %token : !async.token
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @with_gpu(%sz: index) {
  %t = async.execute {
    %g0 = gpu.wait async
    %g1 = gpu.wait async [%g0]
    gpu.wait [%g1]
    async.yield
  }
  async.await %t : !async.token
  return
}

// CHECK-LABEL: func.func @gpu_token_values(
// CHECK-SAME: %[[ARG0:.*]]: index) {
// CHECK-NEXT: %token, %bodyResults = async.execute -> !async.value<!gpu.async.token> {
// CHECK-NEXT: %[[V1:.*]] = gpu.wait async
// CHECK-NEXT: async.yield %[[V1]] : !gpu.async.token
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:.*]] = async.await %bodyResults : !async.value<!gpu.async.token>
// CHECK-NEXT: gpu.wait [%[[V0]]]
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @gpu_token_values(%sz: index) {
  %t, %v = async.execute -> !async.value<!gpu.async.token> {
    %g0 = gpu.wait async
    async.yield %g0 : !gpu.async.token
  }
  %g = async.await %v : !async.value<!gpu.async.token>
  gpu.wait [%g]
  return
}

// CHECK-LABEL: func.func @generic_forms(
// CHECK-SAME: ) {
// CHECK-NEXT: %token = async.execute {
// CHECK-NEXT: async.yield{{ *$}}
// CHECK-NEXT: }
// CHECK-NEXT: async.await %token : !async.token
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @generic_forms() {
  %0 = "async.execute"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
    "async.yield"() : () -> ()
  }) : () -> !async.token
  "async.await"(%0) : (!async.token) -> ()
  return
}

// async.func / async.call / async.return, and the runtime ops the async-to-async-runtime lowering
// emits (the value type of load/store prints without its `!async.value` prefix).
// CHECK-LABEL: async.func @producer(
// CHECK-SAME: %{{.*}}: f32) -> (!async.token, !async.value<f32>) {
// CHECK-NEXT: return %{{.*}} : f32
async.func @producer(%x: f32) -> (!async.token, !async.value<f32>) {
  return %x : f32
}

// CHECK-LABEL: func.func @runtime(
func.func @runtime(%x: f32, %h: !async.coro.handle) -> i1 {
  // CHECK: %{{.*}}:2 = async.call @producer(%{{.*}}) : (f32) -> (!async.token, !async.value<f32>)
  %r:2 = async.call @producer(%x) : (f32) -> (!async.token, !async.value<f32>)
  // CHECK: %[[V:.*]] = async.runtime.create : !async.value<f32>
  %v = async.runtime.create : !async.value<f32>
  // CHECK: async.runtime.store %{{.*}}, %[[V]] : <f32>
  async.runtime.store %x, %v : <f32>
  // CHECK: async.runtime.load %[[V]] : <f32>
  %l = async.runtime.load %v : <f32>
  // CHECK: async.runtime.add_ref %[[V]] {count = 2 : i64} : !async.value<f32>
  async.runtime.add_ref %v {count = 2 : i64} : !async.value<f32>
  // CHECK: async.runtime.drop_ref %[[V]] {count = 1 : i64} : !async.value<f32>
  async.runtime.drop_ref %v {count = 1 : i64} : !async.value<f32>
  // CHECK: async.runtime.set_available %[[V]] : !async.value<f32>
  async.runtime.set_available %v : !async.value<f32>
  %c = arith.constant 1 : index
  // CHECK: %[[G:.*]] = async.runtime.create_group %{{.*}} : !async.group
  %g = async.runtime.create_group %c : !async.group
  // CHECK: async.runtime.add_to_group %{{.*}}, %[[G]] : !async.token
  %rank = async.runtime.add_to_group %r#0, %g : !async.token
  // CHECK: async.runtime.await_and_resume %[[G]], %{{.*}} : !async.group
  async.runtime.await_and_resume %g, %h : !async.group
  // CHECK: async.runtime.await %[[G]] : !async.group
  async.runtime.await %g : !async.group
  // CHECK: async.runtime.resume %{{.*}}
  async.runtime.resume %h
  // CHECK: async.runtime.is_error %[[G]] : !async.group
  %e = async.runtime.is_error %g : !async.group
  return %e : i1
}
