// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// A spirv.module as gpu-to-spirv leaves it next to the gpu.module it came from:
// globals (built-in, initializer), spec constants, a kernel function with
// loads/stores through access chains, a structured loop with block arguments,
// comparisons, selects, conversions, printf, a barrier, the entry point and
// execution mode. Constants and addresses get upstream's result names.

// CHECK-LABEL: spirv.module @__spv__k Physical64 OpenCL requires #spirv.vce<v1.0, [Int64, Kernel, Addresses], []> attributes {tag}
spirv.module @__spv__k Physical64 OpenCL requires #spirv.vce<v1.0, [Int64, Kernel, Addresses], []> attributes {tag} {
  // CHECK: spirv.GlobalVariable @wgid built_in("WorkgroupId") : !spirv.ptr<vector<3xi64>, Input>
  spirv.GlobalVariable @wgid built_in("WorkgroupId") : !spirv.ptr<vector<3xi64>, Input>
  // CHECK: spirv.SpecConstant @c0 = 72 : i8
  spirv.SpecConstant @c0 = 72 : i8
  spirv.SpecConstant @c1 = 0 : i8
  // CHECK: spirv.SpecConstantComposite @msg (@c0, @c1) : !spirv.array<2 x i8>
  spirv.SpecConstantComposite @msg (@c0, @c1) : !spirv.array<2 x i8>
  // CHECK: spirv.GlobalVariable @msg_var initializer(@msg) {Constant} : !spirv.ptr<!spirv.array<2 x i8>, UniformConstant>
  spirv.GlobalVariable @msg_var initializer(@msg) {Constant} : !spirv.ptr<!spirv.array<2 x i8>, UniformConstant>
  // CHECK: spirv.func @k(%[[A:.*]]: !spirv.ptr<!spirv.array<16 x f32>, CrossWorkgroup>, %[[N:.*]]: i64) "None" attributes {workgroup_attributions = 0 : i64} {
  spirv.func @k(%a: !spirv.ptr<!spirv.array<16 x f32>, CrossWorkgroup>, %n: i64) "None" attributes {workgroup_attributions = 0 : i64} {
    // CHECK: %wgid_addr = spirv.mlir.addressof @wgid : !spirv.ptr<vector<3xi64>, Input>
    %p = spirv.mlir.addressof @wgid : !spirv.ptr<vector<3xi64>, Input>
    // CHECK: %[[ID:.*]] = spirv.Load "Input" %wgid_addr : vector<3xi64>
    %id = spirv.Load "Input" %p : vector<3xi64>
    // CHECK: %[[X:.*]] = spirv.CompositeExtract %[[ID]][0 : i32] : vector<3xi64>
    %x = spirv.CompositeExtract %id[0 : i32] : vector<3xi64>
    // CHECK: %cst0_i64 = spirv.Constant 0 : i64
    %c0 = spirv.Constant 0 : i64
    // CHECK: %cst_f32 = spirv.Constant 1.000000e+00 : f32
    %one = spirv.Constant 1.0 : f32
    // CHECK: spirv.mlir.loop {
    // CHECK-NEXT: spirv.Branch ^bb1(%cst0_i64 : i64)
    // CHECK-NEXT: ^bb1(%[[I:.*]]: i64):
    // CHECK-NEXT: %[[LT:.*]] = spirv.SLessThan %[[I]], %[[N]] : i64
    // CHECK-NEXT: spirv.BranchConditional %[[LT]], ^bb2, ^bb3
    spirv.mlir.loop {
      spirv.Branch ^bb1(%c0 : i64)
    ^bb1(%i: i64):
      %lt = spirv.SLessThan %i, %n : i64
      spirv.BranchConditional %lt, ^bb2, ^bb3
    ^bb2:
      // CHECK: %[[E:.*]] = spirv.AccessChain %[[A]][%[[I]]] : !spirv.ptr<!spirv.array<16 x f32>, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>
      %e = spirv.AccessChain %a[%i] : !spirv.ptr<!spirv.array<16 x f32>, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>
      // CHECK: %[[V:.*]] = spirv.Load "CrossWorkgroup" %[[E]] : f32
      %v = spirv.Load "CrossWorkgroup" %e : f32
      // CHECK: %[[GT:.*]] = spirv.FOrdGreaterThan %[[V]], %cst_f32 : f32
      %gt = spirv.FOrdGreaterThan %v, %one : f32
      // CHECK: %[[S:.*]] = spirv.Select %[[GT]], %[[V]], %cst_f32 : i1, f32
      %s = spirv.Select %gt, %v, %one : i1, f32
      // CHECK: %[[H:.*]] = spirv.FConvert %[[S]] : f32 to f16
      %h = spirv.FConvert %s : f32 to f16
      // CHECK: spirv.CL.exp %[[S]] : f32
      %x2 = spirv.CL.exp %s : f32
      // CHECK: spirv.Store "CrossWorkgroup" %[[E]], %[[S]] : f32
      spirv.Store "CrossWorkgroup" %e, %s : f32
      %step = spirv.Constant 1 : i64
      %next = spirv.IAdd %i, %step : i64
      spirv.Branch ^bb1(%next : i64)
    ^bb3:
      // CHECK: spirv.mlir.merge
      spirv.mlir.merge
    }
    // CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %m = spirv.mlir.addressof @msg_var : !spirv.ptr<!spirv.array<2 x i8>, UniformConstant>
    %fmt = spirv.Bitcast %m : !spirv.ptr<!spirv.array<2 x i8>, UniformConstant> to !spirv.ptr<i8, UniformConstant>
    // CHECK: spirv.CL.printf %{{.*}} %[[N]] : !spirv.ptr<i8, UniformConstant>, i64 -> i32
    %r = spirv.CL.printf %fmt %n : !spirv.ptr<i8, UniformConstant>, i64 -> i32
    spirv.Return
  }
  // CHECK: spirv.EntryPoint "Kernel" @k, @wgid
  spirv.EntryPoint "Kernel" @k, @wgid
  // CHECK: spirv.ExecutionMode @k "LocalSize", 16, 1, 1
  spirv.ExecutionMode @k "LocalSize", 16, 1, 1
}
