"""xegpu dialect: Intel GPU tensor-descriptor ops (XeGPUOps.td), as gpu-dialect files carry them.

    xegpu.create_nd_tdesc %src ([offsets])? (, shape : [..], strides : [..])? attr-dict : type -> tdesc-type
    xegpu.load_nd %tdesc ([offsets])? prop-dict attr-dict : tdesc-type -> vector-type
    xegpu.store_nd %v, %tdesc ([offsets])? prop-dict attr-dict : vector-type, tdesc-type
    xegpu.prefetch_nd %tdesc ([offsets])? prop-dict attr-dict : tdesc-type
    xegpu.update_nd_offset %tdesc, [offsets] attr-dict : tdesc-type
    xegpu.dpas %a, %b (, %acc)? attr-dict : type, type (, type)? -> type
    xegpu.load %src ([%offsets])?, %mask prop-dict attr-dict : types(operands) -> type
    xegpu.store %v, %dest ([%offsets])?, %mask prop-dict attr-dict : types(operands)
    xegpu.prefetch %src ([%offsets])? prop-dict attr-dict : types(operands)
    xegpu.convert_layout %src prop-dict attr-dict : type
    xegpu.alloc_nbarrier %n attr-dict ; xegpu.init_nbarrier %id, %n attr-dict : i8, i8 -> type
    xegpu.nbarrier_arrive %b attr-dict : type ; xegpu.nbarrier_wait %b attr-dict : type
    xegpu.fence memory_kind = kw, fence_scope = kw attr-dict

The dialect's types (``!xegpu.tensor_desc<...>``, ``!xegpu.nbarrier``) and its layout attributes
are kept as the text written (the reader has no dialect type hook): a descriptor written with a
non-canonical parameter (``array_length = 2`` for ``array_length = 2 : i64``) prints as written.
Verifiers: the structural checks (operand counts, ``index`` offsets, the ``i1`` masks); the shape
rules between descriptor, layout and vector that need the descriptor type's parameters are not
modelled (docs/dialects.md).
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from ..syntax.custom_directives import parse_dynamic_index_list, print_dynamic_index_list
from . import _param_attrs as PA

_IDX = T.index
_DIMS = re.compile(r"(?:\d+x)*")
CACHE_HINTS = ("cached", "uncached", "streaming", "read_invalidate", "write_back", "write_through")
A.register_keyword_attr("xegpu.cache_hint", A.KeywordSpec(CACHE_HINTS, "::mlir::xegpu::CachePolicy"))
A.register_keyword_attr("xegpu.memory_space", A.KeywordSpec(("global", "slm"), "::mlir::xegpu::MemorySpace"))
A.register_keyword_attr("xegpu.fence_scope", A.KeywordSpec(("workgroup", "gpu"), "::mlir::xegpu::FenceScope"))

_ARR = ("sg_layout", "sg_data", "inst_data", "lane_layout", "lane_data", "order")
LAYOUT = PA.ParamSpec("xegpu.layout", tuple((n, "attr", None) for n in _ARR))
SLICE = PA.ParamSpec("xegpu.slice", (("dims", "attr", PA.REQUIRED),), positional="parent")
BLOCK_TDESC = PA.ParamSpec("xegpu.block_tdesc_attr", (("memory_space", "enum", " global"),
                                                      ("array_length", "attr", "1 : i64"),
                                                      ("boundary_check", "attr", "true")))
SCATTER_TDESC = PA.ParamSpec("xegpu.scatter_tdesc_attr", (("memory_space", "enum", " global"),
                                                          ("chunk_size", "attr", "1 : i64")))
for _spec in (LAYOUT, SLICE, BLOCK_TDESC, SCATTER_TDESC):
    PA.register(_spec)


def parse_tensor_desc(p: Any, after_name: int) -> T.Type:
    """``!xegpu.tensor_desc<`` (dim `x`)* element-type (`,` encoding-or-layout)* ``>``, kept as its
    canonical text: aliases expanded, an all-default ``block_tdesc_attr`` left out, parameters in
    declaration order without their defaults."""
    p.pos = p.last_end = after_name
    p.parse_punct("<")
    start = p.skip()
    m = _DIMS.match(p.text, start)
    dims = m.group()
    p.pos = p.last_end = m.end()
    parts = [dims + p.parse_type().text]
    while p.parse_optional_punct(","):
        a = p.parse_attribute()
        if isinstance(a, PA.ParamAttr) and a.spec.params[0][0] == "memory_space" and not a.printed():
            continue
        parts.append(a.render())
    p.parse_punct(">")
    return T.OpaqueType("!xegpu.tensor_desc<" + ", ".join(parts) + ">")


T.register_type_parser("xegpu.tensor_desc", parse_tensor_desc)


# ----- shared pieces ----------------------------------------------------------------------------
def parse_prop_dict(p: Any) -> dict[str, A.Attribute]:
    """``prop-dict``: an optional ``<{...}>``."""
    if p.peek("<{"):
        p.parse_punct("<")
        props = p.parse_attr_dict_body()
        p.parse_punct(">")
        return props
    return {}


def print_prop_dict(pr: Any, op: Operation, elided: tuple[str, ...] = ()) -> str:
    """`` <{...}>`` of the op's inherent attributes (none: nothing) then its attr-dict."""
    props = sorted((k, v) for k, v in op.attributes.items() if k in op.opdef.props and k not in elided)
    s = " <{" + A.dict_entries_text(props, pr) + "}>" if props else ""
    return s + pr.attr_dict_text(op.attributes, tuple(op.opdef.props))


def _prop_dict_space(pr: Any, op: Operation, elided: tuple[str, ...]) -> str:
    """ODS's ``prop-dict attr-dict `:` ``: a space before the (maybe empty) dictionary."""
    text = print_prop_dict(pr, op, elided)
    return (" " + text.lstrip(" ")) if text.startswith(" <{") else " " + text


def parse_optional_offsets(p: Any) -> tuple[list[Any], A.DenseArrayAttr | None]:
    """``custom<OptionalDynamicIndexList>``: ``[`` ssa-or-int, ... ``]`` or nothing."""
    if not p.peek("["):
        return [], None
    refs, static = parse_dynamic_index_list(p)
    return [p.resolve(r, _IDX) for r in refs], A.DenseArrayAttr(T.i64, static)


def print_optional_offsets(pr: Any, op: Operation, values: list[Any]) -> str:
    st = op.attributes.get("const_offsets")
    return print_dynamic_index_list(pr, values, st) if isinstance(st, A.DenseArrayAttr) else ""


def _check_offsets(op: Operation, values: list[Any], what: str = "const_offsets") -> None:
    st = op.attributes.get(what)
    if isinstance(st, A.DenseArrayAttr):
        dyn = sum(1 for v in st.values if v == T.DYNAMIC)
        if dyn != len(values):
            raise VerifyError(f"expected {dyn} dynamic offset values", op)


_HINTS = ("l1_hint", "l2_hint", "l3_hint")


# ----- descriptors ------------------------------------------------------------------------------
class CreateNdDescOp(OpDef):
    name = "xegpu.create_nd_tdesc"
    operands = (single("source"), variadic("offsets", _IDX), variadic("shape", _IDX), variadic("strides", _IDX))
    results = (single("TensorDesc"),)
    props = ("const_offsets", "const_shape", "const_strides", "operandSegmentSizes")
    traits = frozenset({"Pure"})
    effects = ()
    prop_kinds = {"const_offsets": A.DenseArrayAttr, "const_shape": A.DenseArrayAttr,
                  "const_strides": A.DenseArrayAttr}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        offs: list[Any] = []
        shape: list[Any] = []
        strides: list[Any] = []
        if p.peek("["):
            refs, st = parse_dynamic_index_list(p)
            offs, attrs["const_offsets"] = refs, A.DenseArrayAttr(T.i64, st)
        if p.parse_optional_punct(","):
            p.parse_keyword("shape")
            p.parse_punct(":")
            shape, st = parse_dynamic_index_list(p)
            attrs["const_shape"] = A.DenseArrayAttr(T.i64, st)
            p.parse_punct(",")
            p.parse_keyword("strides")
            p.parse_punct(":")
            strides, st = parse_dynamic_index_list(p)
            attrs["const_strides"] = A.DenseArrayAttr(T.i64, st)
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        st_type = p.parse_type()
        p.parse_punct("->")
        td = p.parse_type()
        ops = {"source": p.resolve(src, st_type), "offsets": [p.resolve(r, _IDX) for r in offs],
               "shape": [p.resolve(r, _IDX) for r in shape], "strides": [p.resolve(r, _IDX) for r in strides]}
        return cls.build(ops, {"TensorDesc": td}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        s = " " + pr.value(g("source")[0]) + print_optional_offsets(pr, op, g("offsets"))
        if isinstance(op.attributes.get("const_shape"), A.DenseArrayAttr):
            s += ", shape : " + print_dynamic_index_list(pr, g("shape"), op.attributes["const_shape"])
            st = op.attributes.get("const_strides")
            s += ", strides : " + (print_dynamic_index_list(pr, g("strides"), st)
                                   if isinstance(st, A.DenseArrayAttr) else "[]")
        s += pr.attr_dict_text(op.attributes, cls.props)
        return s + f" : {pr.type_text(g('source')[0].type)} -> {pr.type_text(op.results[0].type)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_offsets(op, cls.operand_group(op, "offsets"))
        src = op.operands[0].type
        if not isinstance(src, T.MemRefType | T.IntegerType):
            raise VerifyError(f"operand #0 must be memref or 64-bit unsigned integer or 32-bit unsigned integer "
                              f"or 64-bit signless integer or 32-bit signless integer, but got '{src}'", op)
        has_shape = isinstance(op.attributes.get("const_shape"), A.DenseArrayAttr)
        if isinstance(src, T.IntegerType) and not has_shape:
            raise VerifyError("expecting strides and shape to be present for integer source.", op)


class _TDescAccess(OpDef):
    """load_nd / store_nd / prefetch_nd: a descriptor, optional offsets, cache hints."""

    value_first = False
    result_value = False

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        val = None
        if cls.value_first:
            val = p.parse_operand()
            p.parse_punct(",")
        td = p.parse_operand()
        pos = p.skip()
        refs: list[Any] = []
        attrs: dict[str, A.Attribute] = {}
        if p.peek("["):
            refs, st = parse_dynamic_index_list(p)
            attrs["const_offsets"] = A.DenseArrayAttr(T.i64, st)
        attrs.update(parse_prop_dict(p))
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        ops: dict[str, Any] = {}
        if cls.value_first:
            vt = p.parse_type()
            p.parse_punct(",")
            ops["value"] = p.resolve(val, vt)
        tdt = p.parse_type()
        ops["TensorDesc"] = p.resolve(td, tdt)
        ops["offsets"] = [p.resolve(r, _IDX) for r in refs]
        res: dict[str, Any] = {}
        if cls.result_value:
            p.parse_punct("->")
            res["value"] = p.parse_type()
        del pos
        return cls.build(ops, res, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        s = " "
        if cls.value_first:
            s += pr.value(g("value")[0]) + ", "
        s += pr.value(g("TensorDesc")[0]) + print_optional_offsets(pr, op, g("offsets"))
        s += _prop_dict_space(pr, op, ("const_offsets",)) + " : "
        if cls.value_first:
            s += pr.type_text(g("value")[0].type) + ", "
        s += pr.type_text(g("TensorDesc")[0].type)
        if cls.result_value:
            s += " -> " + pr.type_text(op.results[0].type)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_offsets(op, cls.operand_group(op, "offsets"))
        for h in _HINTS:
            a = op.attributes.get(h)
            if a is not None and not (isinstance(a, A.KeywordAttr) and a.name == "xegpu.cache_hint"):
                raise VerifyError(f"attribute '{h}' failed to satisfy constraint: Describe the cache settings for "
                                  "prefetch/load/store operators", op)


_ND_PROPS = ("const_offsets",) + _HINTS + ("layout",)


class PrefetchNdOp(_TDescAccess):
    name = "xegpu.prefetch_nd"
    operands = (single("TensorDesc"), variadic("offsets", _IDX))
    props = _ND_PROPS


class LoadNdOp(_TDescAccess):
    name = "xegpu.load_nd"
    operands = (single("TensorDesc"), variadic("offsets", _IDX))
    results = (single("value"),)
    props = ("const_offsets", "packed", "transpose") + _HINTS + ("layout",)
    effects = None
    result_value = True


class StoreNdOp(_TDescAccess):
    name = "xegpu.store_nd"
    operands = (single("value"), single("TensorDesc"), variadic("offsets", _IDX))
    props = _ND_PROPS
    value_first = True


class UpdateNdOffsetOp(OpDef):
    name = "xegpu.update_nd_offset"
    operands = (single("TensorDesc"), variadic("offsets", _IDX))
    results = (single("result"),)
    props = ("const_offsets",)
    infer = {"result": lambda k: k["TensorDesc"][0]}
    assembly_format = ("$TensorDesc `,` custom<DynamicIndexList>($offsets, $const_offsets) attr-dict "
                       "`:` type($TensorDesc)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_offsets(op, cls.operand_group(op, "offsets"))
        if op.results[0].type != op.operands[0].type:
            raise VerifyError("failed to verify that all of {TensorDesc, result} have same type", op)


# ----- compute ----------------------------------------------------------------------------------
class DpasOp(OpDef):
    name = "xegpu.dpas"
    operands = (single("lhs"), single("rhs"), optional("acc"))
    results = (single("result"),)
    props = ()
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = ("$lhs `,` $rhs (`,` $acc^)? attr-dict `:` type($lhs)`,` type($rhs) (`,` type($acc)^)? "
                       "`->` type($result)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            if not isinstance(v.type, T.VectorType):
                raise VerifyError(f"operand #{i} must be vector of 8-bit float or 16-bit float or 32-bit float or "
                                  f"64-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit "
                                  f"signless integer or 32-bit signless integer or 64-bit signless integer values "
                                  f"of ranks 1/2/3, but got '{v.type}'", op)
        if len(op.operands) == 3 and op.operands[2].type != op.results[0].type:
            raise VerifyError("Expecting the acc type to be the same as result.", op)


class ConvertLayoutOp(OpDef):
    name = "xegpu.convert_layout"
    operands = (single("source"),)
    results = (single("result"),)
    props = ("input_layout", "target_layout")
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        attrs = parse_prop_dict(p)
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        t = p.parse_type()
        return cls.build({"source": p.resolve(src, t)}, {"result": t}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (" " + pr.value(op.operands[0]) + _prop_dict_space(pr, op, ()) + " : "
                + pr.type_text(op.operands[0].type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        for k in cls.props:
            if k not in op.attributes:
                raise VerifyError(f"requires attribute '{k}'", op)


# ----- scattered ---------------------------------------------------------------------------------
class _Scattered(OpDef):
    """load / store / prefetch of scattered elements: a base, optional offsets, a mask."""

    head: tuple[str, ...] = ()  # the operands before `[offsets]`
    has_mask = True

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs = [p.parse_operand()]
        for _ in cls.head[1:]:
            p.parse_punct(",")
            refs.append(p.parse_operand())
        off = None
        if p.parse_optional_punct("["):
            off = p.parse_operand()
            p.parse_punct("]")
        mask = None
        if cls.has_mask:
            p.parse_punct(",")
            mask = p.parse_operand()
        attrs = parse_prop_dict(p)
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        types = p.parse_type_list()
        ordered = refs + ([off] if off is not None else []) + ([mask] if mask is not None else [])
        if len(types) != len(ordered):
            raise p.error(f"{len(ordered)} operands present, but expected {len(types)}")
        vals = [p.resolve(r, t) for r, t in zip(ordered, types)]
        ops: dict[str, Any] = dict(zip(cls.head, vals))
        k = len(cls.head)
        if off is not None:
            ops["offsets"] = vals[k]
            k += 1
        if mask is not None:
            ops["mask"] = vals[k]
        res: dict[str, Any] = {}
        if cls.results:
            p.parse_punct("->")
            res["value"] = p.parse_type()
        return cls.build(ops, res, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        s = " " + ", ".join(pr.value(g(h)[0]) for h in cls.head)
        if g("offsets"):
            s += "[" + pr.value(g("offsets")[0]) + "]"
        if cls.has_mask:
            s += ", " + pr.value(g("mask")[0])
        s += _prop_dict_space(pr, op, ()) + " : " + ", ".join(pr.type_text(v.type) for v in op.operands)
        if cls.results:
            s += " -> " + pr.type_text(op.results[0].type)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        if cls.has_mask:
            m = cls.operand_group(op, "mask")[0].type
            e = m.element_type if isinstance(m, T.VectorType) else m
            if e != T.i1:
                raise VerifyError(f"operand #{len(op.operands) - 1} must be 1-bit signless integer or vector of "
                                  f"1-bit signless integer values, but got '{m}'", op)


_SCATTER_PROPS = ("chunk_size",) + _HINTS + ("layout",)


class LoadGatherOp(_Scattered):
    name = "xegpu.load"
    operands = (single("source"), optional("offsets"), single("mask"))
    results = (single("value"),)
    props = _SCATTER_PROPS
    head = ("source",)


class StoreScatterOp(_Scattered):
    name = "xegpu.store"
    operands = (single("value"), single("dest"), optional("offsets"), single("mask"))
    props = _SCATTER_PROPS
    head = ("value", "dest")


class PrefetchOp(_Scattered):
    name = "xegpu.prefetch"
    operands = (single("source"), optional("offsets"))
    props = _HINTS + ("offset_align_byte", "layout")
    head = ("source",)
    has_mask = False


# ----- named barriers and fences ------------------------------------------------------------------
class AllocNbarrierOp(OpDef):
    name = "xegpu.alloc_nbarrier"
    props = ("nbarrier_num",)
    assembly_format = "$nbarrier_num attr-dict"


class InitNbarrierOp(OpDef):
    name = "xegpu.init_nbarrier"
    operands = (single("nbarrier_id", T.IntegerType(8)), single("participant_thread_num", T.IntegerType(8)))
    results = (single("result"),)
    assembly_format = "$nbarrier_id `,` $participant_thread_num attr-dict `:` type($nbarrier_id) `,` " \
                      "type($participant_thread_num) `->` qualified(type($result))"


class NbarrierArriveOp(OpDef):
    name = "xegpu.nbarrier_arrive"
    operands = (single("nbarrier"),)
    assembly_format = "$nbarrier attr-dict `:` qualified(type($nbarrier))"


class NbarrierWaitOp(OpDef):
    name = "xegpu.nbarrier_wait"
    operands = (single("nbarrier"),)
    assembly_format = "$nbarrier attr-dict `:` qualified(type($nbarrier))"
