// dense<"0x..."> as mlir-opt reads it: the data is one element (a splat) or all of them, i1 one
// bit per element; hex digits after 0x; a static shape.
// RUN: asyncgpu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"test.op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<3xi1>'}}
"test.op"() {a = dense<"0x010001"> : tensor<3xi1>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"test.op"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"test.op"() {a = dense<"abc"> : tensor<1xi8>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"test.op"() {a = dense<"0x01020304"> : tensor<2x?xi8>} : () -> ()
