// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// The spirv attributes a gpu-targeted file carries, printed canonically as
// upstream does: target_env (`api=` without spaces, the device triple, default
// resource limits left out), entry_point_abi (workgroup size, subgroup size).

// CHECK: module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], [SPV_KHR_storage_buffer_storage_class]>, api=OpenCL, Intel:IntegratedGPU:3, #spirv.resource_limits<max_compute_workgroup_size = [128, 128, 64], min_subgroup_size = 8>>}
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], [SPV_KHR_storage_buffer_storage_class]>, api = OpenCL, Intel:IntegratedGPU:3, #spirv.resource_limits<subgroup_size = 32, max_compute_workgroup_size = [128, 128, 64], min_subgroup_size = 8, max_compute_shared_memory_size = 16384>>} {
  // CHECK: gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>}
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>} {
    // CHECK: gpu.func @k() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1], subgroup_size = 8>}
    gpu.func @k() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8, workgroup_size = [16, 1, 1]>} {
      gpu.return
    }
    // CHECK: gpu.func @empty() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>}
    gpu.func @empty() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      gpu.return
    }
  }
}
