// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown  type `pointer` in dialect `ptr`}}
func.func private @wrong_mnemonic(%x: !ptr.pointer)

// -----

llvm.func @not_llvm_space(%slot: !llvm.ptr) {
  // expected-error @+1 {{op result #0 must be LLVM type with size, but got '!ptr.ptr<#ptr.generic_space>'}}
  %p = llvm.load %slot : !llvm.ptr -> !ptr.ptr<#ptr.generic_space>
  llvm.return
}
