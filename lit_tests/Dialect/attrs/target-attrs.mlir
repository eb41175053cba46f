// GPU target attributes read into their parameters: printed in declaration order with the defaults
// elided, wherever they appear (module attributes, gpu.module targets, gpu.object targets).
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// CHECK-LABEL: module attributes
// CHECK-SAME: a.dflt = #nvvm.target,
// CHECK-SAME: a.nv = #nvvm.target<O = 3, chip = "sm_90", flags = {a, b = 1 : i64}, link = ["x.bc"], verifyTarget = false>,
// CHECK-SAME: a.rocm = #rocdl.target<chip = "gfx90a", abi = "500">
module attributes {a.nv = #nvvm.target<verifyTarget = false, link = ["x.bc"], flags = {b = 1, a}, chip = "sm_90",
                                       O = 3, triple = "nvptx64-nvidia-cuda">,
                   a.rocm = #rocdl.target<features = "", abi = "500", chip = "gfx90a">,
                   a.dflt = #nvvm.target<O = 2, chip = "sm_50">, gpu.container_module} {
  // CHECK: gpu.module @k [#nvvm.target<chip = "sm_80">, #rocdl.target]
  gpu.module @k [#nvvm.target<chip = "sm_80", O = 2>, #rocdl.target<triple = "amdgcn-amd-amdhsa">] {
  }
  // CHECK: gpu.binary @b [#gpu.object<#nvvm.target<chip = "sm_90">, "BLOB">]
  gpu.binary @b [#gpu.object<#nvvm.target<O = 2, chip = "sm_90">, "BLOB">]
}
