// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

gpu.module @xe {
gpu.func @int_source_without_shape(%p: ui64) {
  // expected-error @+1 {{'xegpu.create_nd_tdesc' op expecting strides and shape to be present for integer source.}}
  %0 = xegpu.create_nd_tdesc %p : ui64 -> !xegpu.tensor_desc<8x16xf32>
  gpu.return
}
}

// -----

gpu.module @xe {
gpu.func @unknown_layout_parameter(%src: memref<24x32xf32>) {
  // expected-error @+1 {{duplicate or unknown struct parameter name: bogus}}
  %0 = xegpu.create_nd_tdesc %src : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.layout<bogus = [1]>>
  gpu.return
}
}

// -----

gpu.module @xe {
gpu.func @dpas_acc(%a: vector<8x16xf16>, %b: vector<8x16x2xf16>, %c: vector<8x16xf16>) {
  // expected-error @+1 {{'xegpu.dpas' op Expecting the acc type to be the same as result.}}
  %0 = xegpu.dpas %a, %b, %c : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf16> -> vector<8x16xf32>
  gpu.return
}
}
