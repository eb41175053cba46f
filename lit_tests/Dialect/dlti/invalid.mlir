// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{repeated DLTI key: "a"}}
module attributes {dlti.dl_spec = #dlti.dl_spec<"a" = 1, "a" = 2>} {}

// -----

// expected-error @+1 {{repeated DLTI key: i64}}
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = 1, #dlti.dl_entry<i64, 2>>} {}
