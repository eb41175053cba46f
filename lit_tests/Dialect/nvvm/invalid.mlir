// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @shfl_flag_without_struct(%m: i32, %v: f32) {
  // expected-error @+1 {{'nvvm.shfl.sync' op expected return type to be a two-element struct}}
  %0 = nvvm.shfl.sync bfly %m, %v, %m, %m {return_value_and_is_valid} : f32 -> f32
  llvm.return
}

// -----

llvm.func @shfl_struct_without_flag(%m: i32, %v: f32) {
  // expected-error @+1 {{'nvvm.shfl.sync' op "return_value_and_is_valid" attribute must be specified when the return type is a struct type}}
  %0 = nvvm.shfl.sync bfly %m, %v, %m, %m : f32 -> !llvm.struct<(f32, i1)>
  llvm.return
}

// -----

llvm.func @shfl_struct_second(%m: i32, %v: f32) {
  // expected-error @+1 {{'nvvm.shfl.sync' op expected second element in the returned struct to be of type 'i1' but got 'i32' instead}}
  %0 = nvvm.shfl.sync up %m, %v, %m, %m {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i32)>
  llvm.return
}


// -----

llvm.func @barrier_threads_without_id(%n: i32) {
  // expected-error @+1 {{'nvvm.barrier' op barrier id is missing, it should be set between 0 to 15}}
  nvvm.barrier number_of_threads = %n
  llvm.return
}
