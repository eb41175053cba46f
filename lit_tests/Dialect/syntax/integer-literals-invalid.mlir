// Integer literals that do not fit their type, as mlir-opt rejects them (buildAttributeAPInt):
// the bits must fit the width, a negative literal must set the sign bit (so -0 is rejected), a
// signed or index literal must not.
// RUN: asyncgpu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {v = 18446744073709551616 : i32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {v = -0 : i32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {v = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {v = 1 : si1} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {v = -129 : i8} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"test.op"() {v = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {v = dense<[-0, 255, -1]> : vector<3xi8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {v = dense<[1, 256]> : vector<2xi8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {v = dense<[4]> : vector<1xsi3>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {v = dense<9223372036854775808> : vector<2xindex>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {v = dense<[18446744073709551616, 1]> : vector<2xi64>} : () -> ()

// -----

// expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
"test.op"() {v = dense<[-1, 1]> : vector<2xui3>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"test.op"() {v = dense<true> : vector<2xi8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range}}
"test.op"() {v = array<i8: 256>} : () -> ()

// -----

// expected-error @+1 {{constant too large for index}}
#map = affine_map<(d0) -> (d0 + 99999999999999999999)>

// -----

// expected-error @+1 {{constant too large for index}}
#set = affine_set<(d0) : (d0 - 9223372036854775808 >= 0)>

// -----

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'}}
module attributes {a = 0 : i32} {
}

// -----

// expected-error @+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()
