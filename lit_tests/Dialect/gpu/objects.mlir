// GPU compilation attributes read into their fields and printed as mlir-opt prints them: the default
// `fatbin` format elided, properties and metadata dictionaries canonical, the kernel table sorted by
// kernel name and printed in its stripped form inside #gpu.object, wherever the attributes appear.
// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// CHECK-LABEL: module attributes
// CHECK-SAME: gpu.md = #gpu.kernel_metadata<"k" : i32, (i32) -> i32, arg_attrs = [{llvm.noalias}], metadata = {a = 1 : i64}>
// CHECK-SAME: gpu.obj = #gpu.object<#rocdl.target<chip = "gfx90a">, offload = "\00\FF">
// CHECK-SAME: gpu.table = #gpu.kernel_table<[#gpu.kernel_metadata<"a", () -> ()>, #gpu.kernel_metadata<"b", () -> ()>]>
// CHECK-SAME: gpu.table0 = #gpu.kernel_table<>
module attributes {gpu.obj = #gpu.object<#rocdl.target<chip = "gfx90a">, offload = "\00\ff">,
                   gpu.table = #gpu.kernel_table<[#gpu.kernel_metadata<"b", () -> ()>, #gpu.kernel_metadata<"a", () -> (), >]>,
                   gpu.table0 = #gpu.kernel_table<>,
                   gpu.md = #gpu.kernel_metadata<"k" : i32, (i32) -> i32, metadata = {a = 1}, arg_attrs = [{llvm.noalias}]>} {
  // CHECK: gpu.binary @formats [#gpu.object<#nvvm.target, "F">, #gpu.object<#nvvm.target, bin = "B">, #gpu.object<#nvvm.target, assembly = "A">, #gpu.object<#nvvm.target, offload = "O">]
  gpu.binary @formats [#gpu.object<#nvvm.target, fatbin = "F">, #gpu.object<#nvvm.target, bin = "B">,
                       #gpu.object<#nvvm.target, assembly = "A">, #gpu.object<#nvvm.target, offload = "O">]
  // CHECK: gpu.binary @table [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {O = 3 : i32, x = "y"}, kernels = <[#gpu.kernel_metadata<"a_kernel", (i32, f32) -> (), metadata = {sgpr_count = 255 : i64}>, #gpu.kernel_metadata<"m_kernel", (i32) -> (), arg_attrs = [{llvm.read_only}]>, #gpu.kernel_metadata<"z_kernel", () -> ()>]>, bin = "BLOB">]
  gpu.binary @table [#gpu.object<#nvvm.target<chip = "sm_90", O = 2>, properties = {x = "y", O = 3 : i32},
      kernels = #gpu.kernel_table<[
        #gpu.kernel_metadata<"z_kernel", () -> ()>,
        #gpu.kernel_metadata<"m_kernel", (i32) -> (), arg_attrs = [{llvm.read_only}]>,
        #gpu.kernel_metadata<"a_kernel", (i32, f32) -> (), metadata = {sgpr_count = 255}>
      ]>, bin = "BLOB">]
  // CHECK: gpu.binary @empty_table [#gpu.object<#nvvm.target, kernels = <>, "">]
  gpu.binary @empty_table [#gpu.object<#nvvm.target, kernels = <>, "">]
  // CHECK: gpu.binary @select <#gpu.select_object<#rocdl.target>> [#gpu.object<#nvvm.target, "">, #gpu.object<#rocdl.target, "">]
  gpu.binary @select <#gpu.select_object<#rocdl.target>> [#gpu.object<#nvvm.target, "">, #gpu.object<#rocdl.target, "">]
}
