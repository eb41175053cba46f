// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// A "ProfileSummary" module flag's value is read, not kept as written: parameters in any order,
// the format as a keyword or a string, each detailed entry with or without its attribute name;
// printed in declaration order, the format bare, the entries without their name.

// CHECK: llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = CSInstrProf, total_count = 900, max_count = 70, max_internal_count = 60, max_function_count = 50, num_counts = 40, num_functions = 30, is_partial_profile = 1, partial_profile_ratio = 2.500000e-01 : f64, detailed_summary = <cut_off = 999000, min_count = 3, num_counts = 12>, <cut_off = 500000, min_count = 9, num_counts = 4>>>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>]
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary",
    #llvm.profile_summary<num_functions = 30, format = "CSInstrProf", total_count = 900,
      max_count = 70, max_internal_count = 60, max_function_count = 50, num_counts = 40,
      partial_profile_ratio = 0.25 : f64, is_partial_profile = 1,
      detailed_summary = <cut_off = 999000, min_count = 3, num_counts = 12>,
        #llvm.profile_summary_detailed<cut_off = 500000, min_count = 9, num_counts = 4>>>,
  #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>]
