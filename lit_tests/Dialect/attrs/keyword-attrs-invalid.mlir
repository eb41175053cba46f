// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+2 {{expected one of [ccc, fastcc, coldcc, cc_10, cc_11, anyregcc, preserve_mostcc, preserve_allcc, swiftcc, cxx_fast_tlscc, tailcc, cfguard_checkcc, swifttailcc, x86_stdcallcc, x86_fastcallcc, arm_apcscc, arm_aapcscc, arm_aapcs_vfpcc, msp430_intrcc, x86_thiscallcc, ptx_kernelcc, ptx_devicecc, spir_funccc, spir_kernelcc, intel_ocl_bicc, x86_64_sysvcc, win64cc, x86_vectorcallcc, hhvmcc, hhvm_ccc, x86_intrcc, avr_intrcc, avr_builtincc, amdgpu_vscc, amdgpu_gscc, amdgpu_cscc, amdgpu_kernelcc, x86_regcallcc, amdgpu_hscc, msp430_builtincc, amdgpu_lscc, amdgpu_escc, aarch64_vectorcallcc, aarch64_sve_vectorcallcc, wasm_emscripten_invokecc, amdgpu_gfxcc, m68k_intrcc] for Calling Conventions, got: bogus}}
// expected-error @+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
module attributes {a.x = #llvm.cconv<bogus>} {}

// -----

// expected-error @+2 {{expected keyword for Calling Conventions}}
// expected-error @+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
module attributes {a.x = #llvm.cconv<>} {}

// -----

// expected-error @+2 {{expected one of [none, notail, musttail, tail] for Tail Call Kind, got: sometimes}}
// expected-error @+1 {{failed to parse TailCallKindAttr parameter 'tailCallKind' which is to be a `TailCallKind`}}
module attributes {a.x = #llvm.tailcallkind<sometimes>} {}

// -----

// expected-error @+2 {{expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: bogus}}
// expected-error @+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
module attributes {a.x = #llvm.linkage<bogus>} {}

// -----

// expected-error @+1 {{expected ::mlir::LLVM::FastmathFlags to be one of: none, nnan, ninf, nsz, arcp, contract, afn, reassoc, fast}}
module attributes {a.x = #llvm.fastmath<nnan, bogus>} {}

// -----

// expected-error @+1 {{expected valid keyword or string}}
module attributes {a.x = #llvm.fastmath<>} {}

// -----

// expected-error @+1 {{expected '>'}}
module attributes {a.x = #llvm.fastmath<nnan bogus>} {}

// -----

// expected-error @+1 {{expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
module attributes {a.x = #arith.overflow<nsw, wrap>} {}

// -----

// expected-error @+1 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
module attributes {a.x = #gpu.address_space<shared>} {}

// -----

// expected-error @+1 {{expected '>'}}
module attributes {a.x = #nvvm.reduction<and, or>} {}

// -----

// expected-error @+1 {{expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf}}
module attributes {a.x = #vector.kind<sum>} {}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: minRange}}
module attributes {a.x = #llvm.vscale_range<minRange = 1 : i32, minRange = 2 : i32>} {}

// -----

// expected-error @+1 {{expected ','}}
module attributes {a.x = #llvm.vscale_range<minRange = 1 : i32>} {}

// -----

// expected-error @+1 {{expected '='}}
module attributes {a.x = #llvm.vscale_range<minRange 1>} {}

// -----

// expected-error @+1 {{expected attribute value}}
module attributes {a.x = #gpu.select_object<bogus>} {}

// -----

llvm.func @f() -> f32 {
  %c = llvm.mlir.constant(1.0 : f32) : f32
  // expected-error @+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %c, %c fastmath<fastest> : f32
  llvm.return %0 : f32
}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: sm}}
module attributes {a.x = #nvvm.target<sm = 90>} {}

// -----

// expected-error @+1 {{expected integer value}}
module attributes {a.x = #nvvm.target<O = fast>} {}

// -----

// expected-error @+1 {{expected string}}
module attributes {a.x = #rocdl.target<chip = 90>} {}

// -----

// expected-error @+1 {{The optimization level must be a number between 0 and 3.}}
module attributes {a.x = #nvvm.target<O = 4>} {}

// -----

// expected-error @+1 {{expected valid keyword}}
module attributes {a.x = #nvvm.target<O = 3,>} {}
