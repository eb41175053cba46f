// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

gpu.module @kernels {
  // expected-error @+1 {{duplicate or unknown struct parameter name: bogus}}
  gpu.func @k() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<bogus = 3>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{duplicate or unknown struct parameter name: subgroup_size}}
  gpu.func @k() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8, subgroup_size = 16>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: max_threads}}
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<max_threads = 4>>} {}
