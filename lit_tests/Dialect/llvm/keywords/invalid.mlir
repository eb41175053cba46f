// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// The LLVM keyword attributes in generic form: a bad or missing keyword is the keyword parser's
// error, then the attribute's parameter error.

"llvm.func"() ({
// expected-error @+2 {{expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: hidden}}
// expected-error @+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
}) {sym_name = "f", function_type = !llvm.func<void ()>, linkage = #llvm.linkage<hidden>} : () -> ()

// -----

"llvm.func"() ({
// expected-error @+2 {{expected keyword for LLVM linkage types}}
// expected-error @+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
}) {sym_name = "f", function_type = !llvm.func<void ()>, linkage = #llvm.linkage<>} : () -> ()

// -----

"llvm.func"() ({
// expected-error @+2 {{for Calling Conventions, got: cc_13}}
// expected-error @+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
}) {sym_name = "f", CConv = #llvm.cconv<cc_13>, function_type = !llvm.func<void ()>} : () -> ()

// -----

llvm.func @callee()
llvm.func @f() {
  // expected-error @+2 {{expected one of [none, notail, musttail, tail] for Tail Call Kind, got: always}}
  // expected-error @+1 {{failed to parse TailCallKindAttr parameter 'tailCallKind' which is to be a `TailCallKind`}}
  "llvm.call"() <{TailCallKind = #llvm.tailcallkind<always>, callee = @callee, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  llvm.return
}

// -----

// A string is read as the keyword: this function is external, so only 'external' or 'extern_weak'
// linkage is valid.
// expected-error @+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
"llvm.func"() ({
}) {sym_name = "f", function_type = !llvm.func<void ()>, linkage = #llvm.linkage<"weak">} : () -> ()
