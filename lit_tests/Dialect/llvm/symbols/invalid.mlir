// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @odd_alignment(1 : i8) {alignment = 12} : i8

// -----

// expected-error @+1 {{'llvm.mlir.global' op expected zero value for 'common' linkage}}
llvm.mlir.global common @common_nonzero(1.5 : f32) : f32

// -----

// expected-error @+1 {{'llvm.mlir.global' op expected array type for 'appending' linkage}}
llvm.mlir.global appending @appending_scalar() : !llvm.ptr

// -----

// expected-error @+1 {{no_inline and always_inline attributes are incompatible}}
llvm.func @both_inline() attributes {always_inline, no_inline} {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op with optimize_none must also be no_inline}}
llvm.func @optnone_alone() attributes {optimize_none} {
  llvm.return
}

// -----

llvm.func @extract_wrong_result(%s: !llvm.struct<(i8, i16)>) {
  // expected-error @+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i8, i16)>' should produce 'i16' but this op returns 'i8'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i8, i16)>) -> i8
  llvm.return
}

// -----

llvm.func @insert_wrong_value(%a: !llvm.array<3 x f32>, %x: f64) {
  // expected-error @+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'f64' into '!llvm.array<3 x f32>'}}
  %0 = "llvm.insertvalue"(%a, %x) <{position = array<i64: 2>}> : (!llvm.array<3 x f32>, f64) -> !llvm.array<3 x f32>
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region type 'f32' does not match global type 'f64'}}
llvm.mlir.global private @init_type() : f64 {
  %0 = llvm.mlir.constant(1.0 : f32) : f32
  llvm.return %0 : f32
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region cannot return void}}
llvm.mlir.global private @init_void() : i8 {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op cannot have both initializer value and region}}
llvm.mlir.global private @init_both(2 : i8) : i8 {
  %0 = llvm.mlir.constant(2 : i8) : i8
  llvm.return %0 : i8
}

// -----

llvm.mlir.global private @init_store() : !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  %1 = llvm.mlir.constant(0 : i32) : i32
  // expected-error @+1 {{ops with side effects not allowed in global initializers}}
  llvm.store %1, %0 : i32, !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @not_a_selector()
// expected-error @+1 {{expected comdat symbol}}
llvm.mlir.global external @comdat_not_selector(1 : i64) comdat(@not_a_selector) : i64

// -----

llvm.comdat @table {
  llvm.comdat_selector @any any
}
// A function's comdat must name a selector too (the nested reference does).
llvm.func @in_comdat() comdat(@table::@any)
// expected-error @+1 {{expected comdat symbol}}
llvm.func @comdat_is_table() comdat(@table) {
  llvm.return
}

// -----

llvm.func @access_groups(%p: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{custom op 'llvm.store' 'llvm.store' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  llvm.store %x, %p {access_groups = ["group"]} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @alias_scopes_generic(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array}}
  %0 = "llvm.load"(%p) <{alias_scopes = [1 : i32], ordering = 0 : i64}> : (!llvm.ptr) -> i32
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global private constant @short_array("abc") : !llvm.array<2 x i8>

// -----

// expected-error @+1 {{'llvm.mlir.global' op global with target extension type can only be initialized with zero-initializer}}
llvm.mlir.global external @target_ext_value(1 : i32) : !llvm.target<"spirv.Sampler">

// -----

// expected-error @+1 {{'llvm.mlir.global' op this target extension type cannot be used in a global}}
llvm.mlir.global external @target_ext_not_global() : !llvm.target<"vendor.thing">

// -----

// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
"llvm.mlir.global"() ({}) {sym_name = "neg_space", global_type = i32, addr_space = -3 : i32, linkage = #llvm.linkage<external>} : () -> ()

// -----

// expected-error @+1 {{'llvm.mlir.global' op requires attribute 'global_type'}}
"llvm.mlir.global"() ({}) {sym_name = "untyped", linkage = #llvm.linkage<external>} : () -> ()

// -----

// expected-error @+1 {{custom op 'llvm.mlir.global' expected zero or one type}}
llvm.mlir.global private @two_types(1 : i8) : i8, i16

// -----

llvm.mlir.global private @shared(0 : i32) {addr_space = 3 : i32} : i32

llvm.func @addressof_space() {
  // expected-error @+1 {{'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias}}
  %0 = llvm.mlir.addressof @shared : !llvm.ptr<5>
  llvm.return
}

// -----

func.func @not_llvm() {
  return
}

llvm.func @addressof_func_func() {
  // expected-error @+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @not_llvm : !llvm.ptr
  llvm.return
}

// -----

llvm.func @addressof_string() {
  // expected-error @+1 {{custom op 'llvm.mlir.addressof' invalid kind of attribute specified}}
  %0 = llvm.mlir.addressof "g" : !llvm.ptr
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op attribute 'function_type' failed to satisfy constraint: type attribute of LLVM function type}}
"llvm.func"() ({}) {sym_name = "builtin_type", function_type = (i32) -> ()} : () -> ()

// -----

// expected-error @+1 {{'llvm.func' op type of entry block argument #1('f32') must match the type of the corresponding argument in function signature('i32')}}
"llvm.func"() ({
^bb0(%a: i32, %b: f32):
  llvm.return
}) {function_type = !llvm.func<void (i32, i32)>, sym_name = "arg_types"} : () -> ()

// -----

// expected-error @+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func private @private_declaration(i32)

// -----

// expected-error @+1 {{'llvm.func' op functions cannot have 'common' linkage}}
llvm.func common @common_definition() {
  llvm.return
}

// -----

// expected-error @+1 {{custom op 'llvm.func' failed to construct function type: expected zero or one function result}}
llvm.func @two_results() -> (i32, f32)

// -----

// expected-error @+1 {{custom op 'llvm.func' variadic arguments must be in the end of the argument list}}
llvm.func @vararg_first(..., i32)

// -----

// expected-error @+1 {{custom op 'llvm.func' expected valid '@'-identifier for symbol name}}
llvm.func weird_cc @named()
