// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// The value of a "ProfileSummary" module flag: its own error, then the module flag's.

// expected-error @+3 {{expected one of [SampleProfile, InstrProf, CSInstrProf] for LLVM ProfileSummary format kinds, got: Sampled}}
// expected-error @+2 {{failed to parse ModuleFlagProfileSummaryAttr parameter 'format' which is to be a `ProfileSummaryFormatKind`}}
// expected-error @+1 {{failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = Sampled, total_count = 1, max_count = 1, max_internal_count = 1, max_function_count = 1, num_counts = 1, num_functions = 1, detailed_summary = <cut_off = 1, min_count = 1, num_counts = 1>>>]

// -----

// expected-error @+2 {{struct is missing required parameter: detailed_summary}}
// expected-error @+1 {{failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 1, max_internal_count = 1, max_function_count = 1, num_counts = 1, num_functions = 1>>]

// -----

// The detailed entries have a fixed layout.
// expected-error @+3 {{expected ','}}
// expected-error @+2 {{failed to parse ModuleFlagProfileSummaryAttr parameter 'detailed_summary' which is to be a `::llvm::ArrayRef<ModuleFlagProfileSummaryDetailedAttr>`}}
// expected-error @+1 {{failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 1, max_internal_count = 1, max_function_count = 1, num_counts = 1, num_functions = 1, detailed_summary = <cut_off = 1, min_count = 1>>>]

// -----

// expected-error @+3 {{invalid kind of attribute specified}}
// expected-error @+2 {{failed to parse ModuleFlagProfileSummaryAttr parameter 'partial_profile_ratio' which is to be a `FloatAttr`}}
// expected-error @+1 {{failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 1, max_internal_count = 1, max_function_count = 1, num_counts = 1, num_functions = 1, partial_profile_ratio = 1, detailed_summary = <cut_off = 1, min_count = 1, num_counts = 1>>>]

// -----

// Not a profile summary at all: the flag's verifier.
// expected-error @+1 {{'ProfileSummary' key expects a '#llvm.profile_summary' attribute}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", [1, 2]>]
