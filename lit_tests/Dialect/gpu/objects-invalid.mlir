// Malformed gpu compilation attributes: located errors with upstream's messages (the parser's and
// the attributes' verifiers').
// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{the target attribute must implement or promise the `gpu::TargetAttrInterface`}}
gpu.binary @b [#gpu.object<1, "">]

// -----

// expected-error @+1 {{expected keyword for GPU object format}}
gpu.binary @b [#gpu.object<#nvvm.target, elf = "">]

// -----

// expected-error @+1 {{expected '='}}
gpu.binary @b [#gpu.object<#nvvm.target, bin "">]

// -----

// expected-error @+1 {{invalid kind of attribute specified}}
gpu.binary @b [#gpu.object<#nvvm.target, bin = 3>]

// -----

// expected-error @+1 {{invalid kind of attribute specified}}
gpu.binary @b [#gpu.object<#nvvm.target, properties = [1], "">]

// -----

// expected-error @+1 {{expected ','}}
gpu.binary @b [#gpu.object<#nvvm.target>]

// -----

// expected-error @+1 {{expected all kernels to be uniquely named}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"a", () -> ()>, #gpu.kernel_metadata<"a", (i32) -> ()>]>, "">]

// -----

// expected-error @+1 {{the kernel name can't be empty}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"", () -> ()>]>, "">]

// -----

// expected-error @+1 {{all attributes in the array must be a dictionary attribute}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"a", () -> (), arg_attrs = [1]>]>, "">]

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: metadata}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"a", () -> (), metadata = {}, metadata = {}>]>, "">]

// -----

// expected-error @+1 {{expected '<'}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = <[1]>, "">]

// -----

// expected-error @+1 {{invalid kind of attribute specified}}
gpu.binary @b [#gpu.object<#nvvm.target, kernels = #gpu.kernel_metadata<"a", () -> ()>, "">]

// -----

// expected-error @+1 {{the object index must be positive}}
gpu.binary @b <#gpu.select_object<-1>> [#gpu.object<#nvvm.target, "">]

// -----

// expected-error @+1 {{the target attribute must be a GPU Target attribute}}
gpu.binary @b <#gpu.select_object<"a">> [#gpu.object<#nvvm.target, "">]

// -----

// expected-error @+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @b [#nvvm.target]
