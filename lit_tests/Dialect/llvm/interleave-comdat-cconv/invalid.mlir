// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

func.func @operands_differ(%a: vector<4xi32>, %b: vector<8xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that all of {vec1, vec2} have same type}}
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<4xi32>, vector<8xi32>) -> vector<8xi32>
  return
}

// -----

func.func @fixed_result_of_scalable(%a: vector<[4]xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<[4]xi32>, vector<[4]xi32>) -> vector<8xi32>
  return
}

// -----

func.func @element_type(%a: vector<2xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> vector<4xi64>
  return
}

// -----

func.func @not_vectors(%a: i32) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op operand #0 must be LLVM dialect-compatible vector type, but got 'i32'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (i32, i32) -> vector<2xi32>
  return
}

// -----

llvm.func @target()
// A function's comdat must name an llvm.comdat_selector, as a global's.
// expected-error @+1 {{expected comdat symbol}}
llvm.func @with_comdat() comdat(@target) {
  llvm.return
}

// -----

// A calling convention attribute is checked as it is parsed.
// expected-error @+2 {{expected one of [ccc, fastcc, coldcc, cc_10, cc_11, anyregcc, preserve_mostcc, preserve_allcc, swiftcc, cxx_fast_tlscc, tailcc, cfguard_checkcc, swifttailcc, x86_stdcallcc, x86_fastcallcc, arm_apcscc, arm_aapcscc, arm_aapcs_vfpcc, msp430_intrcc, x86_thiscallcc, ptx_kernelcc, ptx_devicecc, spir_funccc, spir_kernelcc, intel_ocl_bicc, x86_64_sysvcc, win64cc, x86_vectorcallcc, hhvmcc, hhvm_ccc, x86_intrcc, avr_intrcc, avr_builtincc, amdgpu_vscc, amdgpu_gscc, amdgpu_cscc, amdgpu_kernelcc, x86_regcallcc, amdgpu_hscc, msp430_builtincc, amdgpu_lscc, amdgpu_escc, aarch64_vectorcallcc, aarch64_sve_vectorcallcc, wasm_emscripten_invokecc, amdgpu_gfxcc, m68k_intrcc] for Calling Conventions, got: gpucc}}
// expected-error @+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
"llvm.func"() <{CConv = #llvm.cconv<gpucc>, function_type = !llvm.func<void ()>, sym_name = "generic_cconv"}> ({
}) : () -> ()
