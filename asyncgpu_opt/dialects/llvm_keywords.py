"""llvm dialect: the optional keywords of ``llvm.func`` and ``llvm.mlir.global`` (LLVMDialect.cpp's
``parseOptionalLLVMKeyword``) and their properties.

    llvm.func [linkage] [visibility] [unnamed_addr] [cconv] @name(...) [-> type]
              [vscale_range(min, max)] [comdat(@table::@selector)] ...
    llvm.mlir.global [linkage] [visibility] [thread_local] [unnamed_addr] [constant] @name(...)
              [comdat(@table::@selector)] ...
    llvm.call [cconv] [tailcallkind] (@callee | %ptr)(...) ...

``visibility_`` and ``unnamed_addr`` are ``i64`` properties holding the enum's value; ``CConv`` is
``#llvm.cconv<...>``; ``vscale_range`` is ``#llvm.vscale_range<minRange = a : i32, maxRange = b : i32>``.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from .llvm_common import CCONVS, LINKAGES, VScaleRangeAttr, keyword_of

VISIBILITIES = ("", "hidden", "protected")      # LLVM::Visibility: Default, Hidden, Protected
UNNAMED_ADDRS = ("", "local_unnamed_addr", "unnamed_addr")   # LLVM::UnnamedAddr: None, Local, Global


# llvm.func's properties beyond the ones llvm.py lists (upstream prints them in `<{...}>`, generic form)
FUNC_MORE_PROPS = ("no_infs_fp_math", "no_nans_fp_math", "no_signed_zeros_fp_math", "denormal_fp_math",
                   "denormal_fp_math_f32", "fp_contract", "instrument_function_entry", "instrument_function_exit",
                   "vec_type_hint", "work_group_size_hint", "reqd_work_group_size", "intel_reqd_sub_group_size",
                   "uwtable_kind", "function_entry_count", "reciprocal_estimates", "prefer_vector_width",
                   "arm_streaming", "arm_locally_streaming", "arm_streaming_compatible", "arm_new_za", "arm_in_za",
                   "arm_out_za", "arm_inout_za", "arm_preserves_za")
GLOBAL_ELIDED = ("thread_local_", "comdat")  # printed as keywords by llvm.mlir.global


def _i64(v: int) -> A.Attribute:
    return A.IntegerAttr(v, T.i64)


def _optional_keyword_in(p: Any, keywords: frozenset[str]) -> str | None:
    """The next bare identifier when it is one of ``keywords`` (consumed), else None (nothing read):
    one match per call, however many keywords (these sit on llvm.call's and llvm.func's path)."""
    save = p.pos, p.last_end
    word = p.parse_optional_bare_id()
    if word is not None and word in keywords:
        return word
    p.pos, p.last_end = save
    return None


_VIS_SET, _UA_SET = frozenset(VISIBILITIES[1:]), frozenset(UNNAMED_ADDRS[1:])
_CCONV_SET = frozenset(CCONVS)


def parse_linkage(p: Any, attrs: dict[str, A.Attribute]) -> None:
    for lk in LINKAGES:
        if p.parse_optional_keyword(lk):
            attrs["linkage"] = A.keyword_attr("llvm.linkage", lk)
            return


def parse_enum_keyword(p: Any, keywords: tuple[str, ...]) -> int:
    """The index of an optional keyword among ``keywords`` (0, the default, when none is there)."""
    word = _optional_keyword_in(p, _VIS_SET if keywords is VISIBILITIES else
                                _UA_SET if keywords is UNNAMED_ADDRS else frozenset(keywords[1:]))
    return keywords.index(word) if word is not None else 0


def parse_visibility_and_unnamed_addr(p: Any, attrs: dict[str, A.Attribute], thread_local: bool = False,
                                      linkage: A.Attribute | None = None) -> None:
    """``[hidden|protected] [thread_local] [local_unnamed_addr|unnamed_addr]`` into ``attrs`` (and
    ``linkage`` as the linkage when none was written)."""
    if linkage is not None:
        attrs.setdefault("linkage", linkage)
    attrs["visibility_"] = _i64(parse_enum_keyword(p, VISIBILITIES))
    if thread_local and p.parse_optional_keyword("thread_local"):
        attrs["thread_local_"] = A.UNIT
    attrs["unnamed_addr"] = _i64(parse_enum_keyword(p, UNNAMED_ADDRS))


def parse_cconv(p: Any, attrs: dict[str, A.Attribute]) -> None:
    kw = _optional_keyword_in(p, _CCONV_SET)
    if kw is not None:
        attrs["CConv"] = A.keyword_attr("llvm.cconv", kw)


TAIL_CALL_KINDS = ("none", "tail", "musttail", "notail")


_TAIL_SET = frozenset(TAIL_CALL_KINDS)


def parse_tail_call_kind(p: Any, attrs: dict[str, A.Attribute]) -> None:
    kw = _optional_keyword_in(p, _TAIL_SET)
    if kw is not None:
        attrs["TailCallKind"] = A.keyword_attr("llvm.tailcallkind", kw)


def print_tail_call_kind(op: Any) -> str:
    tk = keyword_of(op.attributes.get("TailCallKind"), "llvm.tailcallkind")
    return tk + " " if tk is not None and tk != "none" else ""


def _int_text(a: A.Attribute) -> str:
    return str(a.value) if isinstance(a, A.IntegerAttr) else str(a)


def _int_of(a: A.Attribute | None) -> int:
    return a.value if isinstance(a, A.IntegerAttr) else 0


def print_visibility_and_unnamed_addr(op: Any, thread_local: bool = False) -> str:
    """The keywords (each followed by a space) for the op's ``visibility_``/``unnamed_addr``."""
    s = ""
    vis = _int_of(op.attributes.get("visibility_"))
    if 0 < vis < len(VISIBILITIES):
        s += VISIBILITIES[vis] + " "
    if thread_local and "thread_local_" in op.attributes:
        s += "thread_local "
    ua = _int_of(op.attributes.get("unnamed_addr"))
    if 0 < ua < len(UNNAMED_ADDRS):
        s += UNNAMED_ADDRS[ua] + " "
    return s


def print_cconv(op: Any) -> str:
    cc = keyword_of(op.attributes.get("CConv"), "llvm.cconv")
    return cc + " " if cc is not None and cc != "ccc" else ""


def parse_vscale_range_and_comdat(p: Any, attrs: dict[str, A.Attribute]) -> None:
    """``[vscale_range(min, max)] [comdat(@table::@selector)]`` into ``attrs``."""
    if p.parse_optional_keyword("vscale_range"):
        p.parse_punct("(")
        lo = p.parse_integer()
        p.parse_punct(",")
        hi = p.parse_integer()
        p.parse_punct(")")
        attrs["vscale_range"] = VScaleRangeAttr(A.IntegerAttr(lo, T.i32), A.IntegerAttr(hi, T.i32))
    parse_comdat(p, attrs)


def parse_comdat(p: Any, attrs: dict[str, A.Attribute]) -> None:
    if p.parse_optional_keyword("comdat"):
        p.parse_punct("(")
        attrs["comdat"] = p.parse_attribute()
        p.parse_punct(")")


def print_vscale_range_and_comdat(pr: Any, op: Any) -> str:
    s = ""
    vr = op.attributes.get("vscale_range")
    if isinstance(vr, VScaleRangeAttr):
        s += f" vscale_range({_int_text(vr.min_range)}, {_int_text(vr.max_range)})"
    return s + print_comdat(pr, op)


def print_comdat(pr: Any, op: Any) -> str:
    c = op.attributes.get("comdat")
    return f" comdat({pr.attr_text(c)})" if c is not None else ""


def print_result(pr: Any, op: Any, result: Any) -> str:
    """`` -> type`` or, with result attributes, `` -> (type {attrs})``."""
    res_attrs = op.attributes.get("res_attrs")
    if isinstance(res_attrs, A.ArrayAttr) and res_attrs.elements and res_attrs.elements[0].entries:
        return f" -> ({pr.type_text(result)} {res_attrs.elements[0].render(pr)})"
    return " -> " + pr.type_text(result)


def verify_required(op: Any, names: tuple[str, ...]) -> None:
    """ODS's required-attribute checks, in declaration order."""
    from ..ir.opdef import VerifyError

    for req in names:
        if req not in op.attributes:
            raise VerifyError(f"requires attribute '{req}'", op)
