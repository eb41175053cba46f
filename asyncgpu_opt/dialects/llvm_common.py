"""The llvm dialect's shared pieces: enum spellings and defaults, and the helpers of its
hand-written parsers and printers (``llvm.py``, ``llvm_memory.py``)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..syntax.attr_params import CCONVS, LINKAGES, TAIL_CALL_KINDS
from .ptr import is_llvm_space_ptr

# the keyword attributes (LLVMAttrDefs.td / LLVMEnums.td): keywords in the enum's declaration order
A.register_keyword_attr("llvm.cconv", A.KeywordSpec(CCONVS, what="Calling Conventions"))
A.register_keyword_attr("llvm.tailcallkind", A.KeywordSpec(TAIL_CALL_KINDS, what="Tail Call Kind"))
A.register_keyword_attr("llvm.linkage", A.KeywordSpec(LINKAGES, what="LLVM linkage types"))
A.register_keyword_attr("llvm.fastmath", A.KeywordSpec(
    ("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"), "::mlir::LLVM::FastmathFlags",
    bits=(0, 1, 2, 4, 8, 16, 32, 64, 127)))

CCONV = A.keyword_attr("llvm.cconv", "ccc")
TAILCALL = A.keyword_attr("llvm.tailcallkind", "none")
FASTMATH_NONE = A.keyword_attr("llvm.fastmath", "none")
EXTERNAL = A.keyword_attr("llvm.linkage", "external")


def keyword_of(a: A.Attribute | None, name: str) -> str | None:
    """The keyword of a ``#llvm.<name><kw>`` attribute, None for anything else."""
    return a.value if isinstance(a, A.KeywordAttr) and a.name == name else None


class LLVMValueAttr(A.Attribute):
    """``#llvm.zero``, ``#llvm.undef``, ``#llvm.poison``: an aggregate constant's value (``kind``)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        A.Attribute.__init__(self)
        self.kind = kind

    def render(self, p: Any = None) -> str:
        return f"#llvm.{self.kind}"


def _value_attr_parser(kind: str) -> Any:
    def parse(p: Any, pos: int) -> A.Attribute:
        # a parameterless attribute: upstream reads and drops a `<...>` after it
        p.pos = p.last_end = p.balanced_end(pos) if p.text.startswith("<", pos) else pos
        return LLVMValueAttr(kind)
    return parse


for _kind in ("zero", "undef", "poison"):
    A.register_attr_parser(f"llvm.{_kind}", _value_attr_parser(_kind))


class VScaleRangeAttr(A.Attribute):
    """``#llvm.vscale_range<minRange = a : i32, maxRange = b : i32>`` (the parameters in any order)."""

    __slots__ = ("min_range", "max_range")

    def __init__(self, min_range: A.Attribute, max_range: A.Attribute) -> None:
        A.Attribute.__init__(self)
        self.min_range = min_range
        self.max_range = max_range

    def render(self, p: Any = None) -> str:
        return f"#llvm.vscale_range<minRange = {self.min_range}, maxRange = {self.max_range}>"


def _parse_vscale_range(p: Any, pos: int) -> A.Attribute:
    """`<` (minRange|maxRange) `=` attr `,` (the other) `=` attr `>` (a struct-style parameter list)."""
    p.pos = p.last_end = pos
    p.parse_punct("<")
    got: dict[str, A.Attribute] = {}
    while len(got) < 2:
        if got:
            p.parse_punct(",")
        key = p.parse_optional_bare_id()
        if key is None:
            raise p.error("expected valid keyword", p.skip())
        p.parse_punct("=")
        if key not in ("minRange", "maxRange") or key in got:  # upstream points past the `=`
            raise p.error(f"duplicate or unknown struct parameter name: {key}", p.skip())
        got[key] = p.parse_attribute()
    p.parse_punct(">")
    return VScaleRangeAttr(got["minRange"], got["maxRange"])


A.register_attr_parser("llvm.vscale_range", _parse_vscale_range)

LINKAGES = ("private", "internal", "available_externally", "linkonce", "weak", "common", "appending",
            "extern_weak", "linkonce_odr", "weak_odr", "external")
ICMP_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
GEP_DYNAMIC = -2147483648
# GEPNoWrapFlags: inbounds_flag (bit 0), nusw (bit 1), nuw (bit 2); `inbounds` is the group of the first two
_GEP_FLAGS = {0: "", 1: "inbounds_flag", 2: "nusw", 3: "inbounds", 4: "nuw", 5: "inbounds_flag|nuw", 6: "nusw|nuw",
              7: "inbounds|nuw"}
_GEP_FLAG_BITS = {"inbounds_flag": 1, "nusw": 2, "inbounds": 3, "nuw": 4}


def _i(v: int, t: T.Type = T.i64) -> A.IntegerAttr:
    return A.IntegerAttr(v, t)


def _types_of(vs: list[Any]) -> list[T.Type]:
    return [v.type for v in vs]


def _trailing(p: Any) -> dict[str, A.Attribute]:
    return p.parse_optional_attr_dict()


def _mk(cls: Any, operands: list[Any], results: list[T.Type], attrs: dict[str, A.Attribute],
        regions: Any = (), successors: Any = ()) -> Operation:
    for k, v in cls.default_attrs.items():
        attrs.setdefault(k, v)
    return Operation.create(cls.name, operands, results, attrs, regions, successors, opdef=cls)


def _dict(pr: Any, op: Operation, elided: tuple[str, ...]) -> str:
    return pr.attr_dict_text(op.attributes, elided)


def parse_pointer_type(p: Any) -> T.Type:
    """The type of an ``LLVM_AnyPointer`` operand in an ODS format (parseCustomTypeWithFallback): a
    full type after `!`, else the pointer type's own parameters, ``(`<` int `>`)?``."""
    if p.peek("!"):
        return p.parse_type()
    space = 0
    if p.parse_optional_punct("<"):
        space = p.parse_integer()
        p.parse_punct(">")
    return T.LLVMPointerType(space)


def pointer_type_text(pr: Any, t: T.Type) -> str:
    """The type of an ``LLVM_AnyPointer`` operand as an ODS format prints it: stripped of its
    ``!llvm.ptr`` prefix (`<1>`) except in address space 0, which would print as nothing."""
    if isinstance(t, T.LLVMPointerType) and t.address_space:
        return f"<{t.address_space}>"
    return pr.type_text(t)


def _int_value(a: Any) -> int | None:
    if isinstance(a, A.IntegerAttr):
        return a.value
    return None


_LLVM_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128"})


def is_llvm_compatible(t: T.Type) -> bool:
    """LLVM::isCompatibleType: signless integers, the LLVM float types, 1-D vectors of those, and the
    ``!llvm.*`` types whose members are compatible, and ``!ptr.ptr`` in an LLVM address space."""
    if isinstance(t, T.IntegerType):
        return not t.signedness
    if isinstance(t, T.FloatType):
        return t.text in _LLVM_FLOATS
    if isinstance(t, T.VectorType):
        return len(t.shape) == 1 and is_llvm_compatible(t.element_type)
    if isinstance(t, T.LLVMStructType):
        return all(is_llvm_compatible(e) for e in t.elements)
    if isinstance(t, T.LLVMArrayType):
        return is_llvm_compatible(t.element_type)
    if isinstance(t, T.LLVMFunctionType):
        return is_llvm_compatible(t.result) and all(is_llvm_compatible(p) for p in t.params)
    return isinstance(t, T.LLVMType) or is_llvm_space_ptr(t)


def target_ext_name(t: T.Type) -> str | None:
    """The name of an ``!llvm.target<"name", ...>`` type (LLVMTargetExtType), else None."""
    if isinstance(t, T.LLVMType) and t.body.startswith('target<"'):
        end = t.body.find('"', 8)
        return t.body[8:end] if end > 0 else None
    return None


def target_ext_supports_mem_ops(name: str) -> bool:
    """LLVMTargetExtType::supportsMemOps: the SPIR-V types and ``aarch64.svcount``."""
    return name.startswith("spirv.") or name == "aarch64.svcount"


def target_ext_has_zero_init(name: str) -> bool:
    """LLVMTargetExtType::hasProperty(HasZeroInit): the SPIR-V types only."""
    return name.startswith("spirv.")


def is_loadable(t: T.Type) -> bool:
    """LLVM::isLoadableType ("LLVM type with size"): an LLVM-compatible outer type other than void,
    a function, an opaque struct or a target extension type without memory operations."""
    if isinstance(t, (T.LLVMVoidType, T.LLVMFunctionType)):
        return False
    if isinstance(t, (T.LLVMStructType, T.LLVMArrayType)):
        return not t.text.endswith(", opaque>")
    name = target_ext_name(t)
    if name is not None:
        return target_ext_supports_mem_ops(name)
    return is_llvm_compatible(t)


# The metadata array attributes of the memory and call ops (LLVM_AccessGroupArrayAttr, ...):
# attribute name -> (element attribute prefix, constraint description)
_METADATA_ARRAYS = {
    "access_groups": ("#llvm.access_group<", "LLVM dialect access group metadata array"),
    "alias_scopes": ("#llvm.alias_scope<", "LLVM dialect alias scope array"),
    "noalias_scopes": ("#llvm.alias_scope<", "LLVM dialect alias scope array"),
    "tbaa": ("#llvm.tbaa_tag<", "LLVM dialect TBAA tag metadata array"),
}


def metadata_array_error(attrs: dict[str, A.Attribute]) -> str | None:
    """The verifyInherentAttrs text for the first malformed metadata array among ``attrs``
    (``attribute 'access_groups' failed to satisfy constraint: ...``), else None."""
    for name, (prefix, what) in _METADATA_ARRAYS.items():
        a = attrs.get(name)
        if a is not None and not (isinstance(a, A.ArrayAttr) and all(str(e).startswith(prefix) for e in a.elements)):
            return f"attribute '{name}' failed to satisfy constraint: {what}"
    return None


def parse_checked_attr_dict(p: Any, opname: str) -> dict[str, A.Attribute]:
    """The optional attribute dictionary of a custom form, with upstream's parse-time checks of the
    metadata arrays (reported at the dictionary)."""
    pos = p.skip()
    attrs = p.parse_optional_attr_dict()
    msg = metadata_array_error(attrs) if attrs else None
    if msg is not None:
        raise p.error(f"custom op '{opname}' '{opname}' op {msg}", pos)
    return attrs


_LAYOUT_SPECIFIERS = frozenset("eEpifvanSAPGmFT")


def data_layout_error(layout: str) -> str | None:
    """The first error of llvm::DataLayout::parse upstream reports for an ``llvm.data_layout``
    string, as far as the shape of its `-`-separated specifications goes (unknown specifier letter,
    empty specification); None when none is found."""
    if not layout:
        return None
    for spec in layout.split("-"):
        if not spec:
            return "empty specification is not allowed"
        if not spec.startswith("ni:") and spec[0] not in _LAYOUT_SPECIFIERS:
            return f"unknown specifier '{spec[0]}'"
    return None


def i32_array_printer(pr: Any, a: A.Attribute) -> str:
    if isinstance(a, A.DenseArrayAttr):
        return "[" + ", ".join(str(v) for v in a.values) + "]"
    return pr.attr_text(a)


def i32_array_parser(p: Any, optional: bool) -> A.Attribute | None:
    """``[i, j, ...]``: a DenseI32ArrayAttr property in ODS's short form (``$mask``, ``$branch_weights``)."""
    if optional and not p.peek("["):
        return None
    p.parse_punct("[")
    vals: list[int] = []
    if not p.parse_optional_punct("]"):
        while True:
            neg = p.parse_optional_punct("-")
            v = p.parse_integer()
            vals.append(-v if neg else v)
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
    return A.DenseArrayAttr(T.i32, vals)
