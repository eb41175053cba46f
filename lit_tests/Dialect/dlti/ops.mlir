// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s

// dlti attributes on modules: entries keyed by strings and types, written as
// `key = value` or #dlti.dl_entry<key, value> (printed as `key = value` inside a
// spec), nested target specs, a standalone dl_entry and a map.

// CHECK: module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little">, dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L1_cache_size_in_bytes" = 4096 : i32>>, test.entry = #dlti.dl_entry<"k", 1 : i64>, test.map = #dlti.map<"a" = 1 : i64, "b" = #dlti.map<"c" = "d">>}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "little">>, dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<#dlti.dl_entry<"L1_cache_size_in_bytes", 4096 : i32>>>, test.entry = #dlti.dl_entry<"k", 1>, test.map = #dlti.map<"a" = 1, "b" = #dlti.map<"c" = "d">>} {
  // CHECK: gpu.module @kernels attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>}
  gpu.module @kernels attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  }
}
