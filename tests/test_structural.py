"""Types and attributes are structural values: equal parameters make equal (and equally hashed)
values, whatever object or source text they came from; different parameters make different values."""

from __future__ import annotations

import pytest

from asyncgpu_opt.diagnostics import Source
from asyncgpu_opt.ir import attributes as A
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.syntax.parser import Parser


def parse_type(text: str) -> T.Type:
    return Parser(Source(text, "t.mlir")).parse_type()


def parse_attr(text: str) -> A.Attribute:
    return Parser(Source(text, "t.mlir")).parse_attribute()


# pairs of spellings of one value (different source text, or separately parsed)
SAME_TYPES = [
    ("memref<4x?xf32>", "memref<4 x ? x f32>"),
    ("memref<4xf32, 0>", "memref<4xf32>"),
    ("memref<4x8xf32, affine_map<(d0, d1) -> (d0, d1)>>", "memref<4x8xf32>"),
    ("vector<[4]x2xf16>", "vector<[4] x 2 x f16>"),
    ("(i32, index) -> f32", "(i32,index)->(f32)"),
    ("!llvm.struct<(ptr, i64)>", "!llvm.struct<(!llvm.ptr, i64)>"),
    ("!llvm.array<2 x !llvm.ptr<1>>", "!llvm.array<2 x ptr<1>>"),
    ("!llvm.func<void (i32, ...)>", "!llvm.func<void(i32,...)>"),
    ("!gpu.mma_matrix<16x16xf16, \"AOp\">", "!gpu.mma_matrix<16 x 16 x f16, \"AOp\">"),
    ("tuple<i1, complex<f32>>", "tuple<i1,complex<f32>>"),
    ("!gpu.async.token", "!gpu.async.token"),
]

DIFFERENT_TYPES = [
    ("i32", "si32"), ("i32", "i64"), ("f16", "bf16"), ("memref<4xf32>", "memref<4xf32, 1>"),
    ("memref<4xf32>", "tensor<4xf32>"), ("vector<[4]xf32>", "vector<4xf32>"),
    ("!llvm.ptr", "!llvm.ptr<1>"), ("!llvm.struct<(i32)>", "!llvm.struct<packed (i32)>"),
    ('!llvm.struct<"a", (i32)>', '!llvm.struct<"a", opaque>'), ("!gpu.async.token", "!async.token"),
    ("(i32) -> i32", "(i32) -> (i32, i32)"),
]


@pytest.mark.parametrize(("a", "b"), SAME_TYPES)
def test_equal_types_are_equal_and_hash_alike(a: str, b: str) -> None:
    x, y = parse_type(a), parse_type(b)
    assert x is not y or a == b
    assert x == y and hash(x) == hash(y)
    assert len({x, y}) == 1


@pytest.mark.parametrize(("a", "b"), DIFFERENT_TYPES)
def test_different_parameters_make_different_types(a: str, b: str) -> None:
    assert parse_type(a) != parse_type(b)


def test_type_text_is_derived_from_parameters() -> None:
    t = T.MemRefType([4, T.DYNAMIC], T.f32, None, A.IntegerAttr(3))
    assert str(t) == "memref<4x?xf32, 3>"
    assert t == parse_type("memref<4x?xf32, 3>")
    assert T.LLVMStructType([T.i32, T.llvm_ptr], packed=True) == parse_type("!llvm.struct<packed (i32, ptr)>")


def test_types_of_different_classes_never_compare_equal() -> None:
    # an opaque type is identified by its text, but only among opaque types
    assert T.OpaqueType("!llvm.ptr") != T.llvm_ptr
    assert T.LLVMType("void") != T.llvm_void


SAME_ATTRS = [
    ("[1, 2 : i32, \"s\"]", "[1 : i64, 2 : i32, \"s\"]"),
    ("{b = 1, a = unit}", "{a, b = 1 : i64}"),
    ("dense<1> : tensor<2xi32>", "dense<[1, 1]> : tensor<2xi32>"),
    ("1.5 : f32", "1.50 : f32"),
    ("array<i32: 1, 2>", "array<i32:1,2>"),
    ("@a::@b", "@\"a\"::@b"),
    ("#gpu<dim x>", "#gpu<dim x>"),
    ("strided<[1, ?], offset: ?>", "strided<[1,?],offset:?>"),
]

DIFFERENT_ATTRS = [
    ("1 : i32", "1 : i64"), ("1", "2"), ("0.0 : f32", "-0.0 : f32"), ("\"a\"", "\"b\""),
    ("#gpu<dim x>", "#gpu<dim y>"), ("[1, 2]", "[2, 1]"), ("{a = 1}", "{a = 2}"),
    ("dense<[1, 2]> : tensor<2xi32>", "dense<[2, 1]> : tensor<2xi32>"), ("i32", "i64"),
    ("array<f32: 0.0>", "array<f32: -0.0>"),
]


@pytest.mark.parametrize(("a", "b"), SAME_ATTRS)
def test_equal_attributes_are_equal_and_hash_alike(a: str, b: str) -> None:
    x, y = parse_attr(a), parse_attr(b)
    assert x == y and hash(x) == hash(y)
    assert str(x) == str(y)


@pytest.mark.parametrize(("a", "b"), DIFFERENT_ATTRS)
def test_different_fields_make_different_attributes(a: str, b: str) -> None:
    assert parse_attr(a) != parse_attr(b)


def test_nan_attribute_equals_itself_by_value() -> None:
    a, b = parse_attr("0x7FC00000 : f32"), parse_attr("0x7FC00000 : f32")
    assert a == b and hash(a) == hash(b)


def test_gpu_dim_is_an_enum_attribute_with_value_equality() -> None:
    d = parse_attr("#gpu<dim y>")
    assert isinstance(d, A.EnumAttr) and (d.dialect, d.mnemonic, d.value) == ("gpu", "dim", "y")
    assert d == A.EnumAttr("gpu", "dim", "y") and d != A.OpaqueAttr("#gpu<dim y>")


DIALECT_ATTRS = [
    ("#llvm.cconv<fastcc>", "llvm.cconv", ("fastcc",)),
    ("#llvm.tailcallkind<tail>", "llvm.tailcallkind", ("tail",)),
    ("#llvm.linkage<internal>", "llvm.linkage", ("internal",)),
    ("#llvm.fastmath<reassoc, nnan>", "llvm.fastmath", ("nnan", "reassoc")),
    ("#arith.fastmath<afn,reassoc>", "arith.fastmath", ("reassoc", "afn")),
    ("#arith.fastmath<fast,nnan>", "arith.fastmath", ("fast",)),
    ("#arith.fastmath<none>", "arith.fastmath", ("none",)),
    ("#arith.overflow<nuw, nsw>", "arith.overflow", ("nsw", "nuw")),
    ("#gpu.address_space<private>", "gpu.address_space", ("private",)),
    ("#nvvm.reduction<or>", "nvvm.reduction", ("or",)),
    ("#vector.kind<xor>", "vector.kind", ("xor",)),
]


@pytest.mark.parametrize(("text", "name", "words"), DIALECT_ATTRS)
def test_keyword_attributes_have_fields_and_value_equality(text: str, name: str, words: tuple[str, ...]) -> None:
    a = parse_attr(text)
    assert isinstance(a, A.KeywordAttr) and (a.name, a.words) == (name, words)
    assert a == A.KeywordAttr(name, list(reversed(words))) and hash(a) == hash(A.KeywordAttr(name, words))
    assert parse_attr(str(a)) == a  # the canonical text reads back to the same value


def test_keyword_attributes_differ_by_name_and_words() -> None:
    assert parse_attr("#llvm.fastmath<nnan>") != parse_attr("#llvm.fastmath<ninf>")
    assert parse_attr("#llvm.fastmath<nnan>") != parse_attr("#arith.fastmath<nnan>")
    assert parse_attr("#gpu.address_space<workgroup>") != A.OpaqueAttr("#gpu.address_space<workgroup>")


def test_parameterised_dialect_attributes() -> None:
    from asyncgpu_opt.dialects.llvm_common import LLVMValueAttr, VScaleRangeAttr

    vr = parse_attr("#llvm.vscale_range<maxRange = 8 : i32, minRange = 2 : i32>")
    assert isinstance(vr, VScaleRangeAttr) and (vr.min_range, vr.max_range) == (A.IntegerAttr(2, T.i32),
                                                                               A.IntegerAttr(8, T.i32))
    assert vr == parse_attr(str(vr)) and vr != parse_attr("#llvm.vscale_range<minRange = 2 : i32, maxRange = 4 : i32>")
    z = parse_attr("#llvm.zero")
    assert isinstance(z, LLVMValueAttr) and z.kind == "zero" and z != parse_attr("#llvm.undef")
    s = parse_attr("#gpu.select_object<0>")
    assert isinstance(s, A.SelectObjectAttr) and s.target == A.IntegerAttr(0)
    assert str(s) == "#gpu.select_object<0 : i64>" and parse_attr("#gpu.select_object") == A.SelectObjectAttr()


@pytest.mark.parametrize(("text", "msg", "col"), [
    ("#llvm.cconv<nope>", "failed to parse CConvAttr parameter", 17),  # after `... got: nope` at 13
    ("#llvm.fastmath<nnan, nope>", "expected ::mlir::LLVM::FastmathFlags to be one of", 16),
    ("#gpu.address_space<>", "expected valid keyword or string", 20),
    ("#llvm.vscale_range<minRange = 1 : i32, minRange = 1 : i32>", "duplicate or unknown struct parameter", 51),
])
def test_malformed_dialect_attributes_are_located_errors(text: str, msg: str, col: int) -> None:
    from asyncgpu_opt.diagnostics import MLIRError

    with pytest.raises(MLIRError) as e:
        parse_attr(text)
    d = e.value.diagnostic
    assert msg in d.message and d.render().startswith(f"t.mlir:1:{col}: error: "), d.render()


def test_target_attributes_have_parameters_and_value_equality() -> None:
    from asyncgpu_opt.dialects.gpu_attrs import TargetAttr

    t = parse_attr('#nvvm.target<chip = "sm_90", O = 3, triple = "nvptx64-nvidia-cuda">')
    assert isinstance(t, TargetAttr) and t.dialect == "nvvm" and t.params == (("O", 3), ("chip", "sm_90"))
    assert t.get("triple") == "nvptx64-nvidia-cuda" and t.get("verifyTarget") is True
    assert t == parse_attr('#nvvm.target<O = 3, chip = "sm_90">') == TargetAttr("nvvm", [("chip", "sm_90"), ("O", 3)])
    assert hash(t) == hash(parse_attr(str(t)))
    assert t != parse_attr('#nvvm.target<O = 3, chip = "sm_80">') and t != parse_attr('#rocdl.target<O = 3>')
    assert parse_attr("#rocdl.target<abi = \"600\">") == parse_attr("#rocdl.target") == TargetAttr("rocdl")
    assert str(parse_attr("#nvvm.target<verifyTarget = false>")) == "#nvvm.target<verifyTarget = false>"


def test_gpu_objects_have_fields_and_value_equality() -> None:
    from asyncgpu_opt.dialects.gpu_attrs import TargetAttr
    from asyncgpu_opt.dialects.gpu_objects import KernelMetadataAttr, KernelTableAttr, ObjectAttr

    text = ('#gpu.object<#nvvm.target<chip = "sm_90">, properties = {x = 1, O = 3 : i32}, kernels = '
            '#gpu.kernel_table<[#gpu.kernel_metadata<"z", () -> ()>, #gpu.kernel_metadata<"a", (i32) -> (), '
            'metadata = {r = 2}>]>, bin = "BLOB">')
    o = parse_attr(text)
    assert isinstance(o, ObjectAttr) and o.format == "bin" and o.object == A.StringAttr("BLOB")
    assert o.target == TargetAttr("nvvm", [("chip", "sm_90")])
    assert o.properties == A.DictionaryAttr({"O": A.IntegerAttr(3, T.i32), "x": A.IntegerAttr(1)})
    assert isinstance(o.kernels, KernelTableAttr) and [k.name.value for k in o.kernels.kernels] == ["a", "z"]
    a = o.kernels.lookup("a")
    assert isinstance(a, KernelMetadataAttr) and a.function_type == parse_type("(i32) -> ()")
    assert a.metadata == A.DictionaryAttr({"r": A.IntegerAttr(2)}) and a.arg_attrs is None
    assert o.kernels.lookup("b") is None
    # the same value from its printed text, from another spelling, and built from its fields
    assert o == parse_attr(str(o)) and hash(o) == hash(parse_attr(str(o)))
    assert str(o) == ('#gpu.object<#nvvm.target<chip = "sm_90">, properties = {O = 3 : i32, x = 1 : i64}, '
                      'kernels = <[#gpu.kernel_metadata<"a", (i32) -> (), metadata = {r = 2 : i64}>, '
                      '#gpu.kernel_metadata<"z", () -> ()>]>, bin = "BLOB">')
    table = KernelTableAttr(reversed(o.kernels.kernels))
    assert o == ObjectAttr(o.target, A.StringAttr("BLOB"), "bin", o.properties, table)
    fat = parse_attr('#gpu.object<#nvvm.target, fatbin = "x">')
    assert fat == parse_attr('#gpu.object<#nvvm.target, "x">') and str(fat) == '#gpu.object<#nvvm.target, "x">'
    for other in ('#gpu.object<#nvvm.target, bin = "x">', '#gpu.object<#nvvm.target, "y">',
                  '#gpu.object<#rocdl.target, "x">', '#gpu.object<#nvvm.target, properties = {}, "x">',
                  '#gpu.object<#nvvm.target, kernels = <>, "x">'):
        assert parse_attr(other) != fat, other
    assert parse_attr("#gpu.kernel_table<>") == KernelTableAttr() != parse_attr(
        '#gpu.kernel_table<[#gpu.kernel_metadata<"k", () -> ()>]>')


@pytest.mark.parametrize(("text", "msg", "col"), [
    ('#gpu.object<1, "">', "the target attribute must implement or promise", 12),
    ('#gpu.object<#nvvm.target, foo = "">', "expected keyword for GPU object format", 27),
    ('#gpu.object<#nvvm.target, bin = 3>', "invalid kind of attribute specified", 33),
    ('#gpu.object<#nvvm.target, properties = 1, "">', "invalid kind of attribute specified", 40),
    ('#gpu.kernel_table<[#gpu.kernel_metadata<"a", () -> ()>, #gpu.kernel_metadata<"a", i32>]>',
     "expected all kernels to be uniquely named", 18),
    ('#gpu.kernel_metadata<"", () -> ()>', "the kernel name can't be empty", 21),
    ('#gpu.kernel_metadata<"a", () -> (), foo = {}>', "duplicate or unknown struct parameter name: foo", 43),
    ('#gpu.kernel_table<[1]>', "expected '<'", 20),
    ('#gpu.select_object<-1>', "the object index must be positive", 19),
])
def test_malformed_gpu_objects_are_located_errors(text: str, msg: str, col: int) -> None:
    from asyncgpu_opt.diagnostics import MLIRError

    with pytest.raises(MLIRError) as e:
        parse_attr(text)
    d = e.value.diagnostic
    assert msg in d.message and d.render().startswith(f"t.mlir:1:{col}: error: "), d.render()


def test_affine_maps_and_sets_compare_by_structure() -> None:
    from asyncgpu_opt.ir.affine import AffineMap, Dim, IntegerSet, Sym, parse_affine_map, parse_integer_set

    m = parse_affine_map("(d0, d1)[s0] -> (d1 + s0, d0 * 4)")
    built = AffineMap(2, 1, [Dim(1) + Sym(0), Dim(0) * 4])
    assert m == built and hash(m) == hash(built) and m is not built
    assert m == parse_affine_map("(d0,d1)[s0]->(s0 + d1, 4 * d0)")  # canonical forms meet
    assert m != AffineMap(2, 1, [Dim(1) + Sym(0), Dim(0) * 2]) and m != AffineMap(3, 1, built.results)
    assert m != AffineMap(2, 2, built.results) and len({m, built, parse_affine_map(str(m))}) == 1
    assert str(built) == "(d0, d1)[s0] -> (d1 + s0, d0 * 4)"
    s = parse_integer_set("(d0)[s0] : (d0 - s0 >= 0, d0 == 0)")
    assert s == IntegerSet(1, 1, [Dim(0) - Sym(0), Dim(0)], [False, True])
    assert hash(s) == hash(parse_integer_set(str(s)))
    assert s != IntegerSet(1, 1, [Dim(0) - Sym(0), Dim(0)], [False, False])
    assert parse_attr("affine_map<(d0) -> (d0 + 1)>") == parse_attr("affine_map<(d0)->(1 + d0)>")
