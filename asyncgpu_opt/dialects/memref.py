"""memref dialect: allocation, access, casts, views and globals."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic

PURE = frozenset({"Pure"})
_IDX = T.IndexType() if not hasattr(T, "index") else T.index


def _names(name: str):
    return staticmethod(lambda op: [name])


def _elem_of(k: dict[str, Any], name: str) -> T.Type:
    return k[name][0].element_type


def _num_layout_symbols(mt: Any) -> int:
    if isinstance(mt, T.MemRefType) and isinstance(mt.layout, A.AffineMapAttr):
        return mt.layout.map.num_syms
    return 0


class _AllocLike(OpDef):
    operands = (variadic("dynamicSizes", _IDX), variadic("symbolOperands", _IDX))
    results = (single("memref"),)
    props = ("alignment", "operandSegmentSizes")
    assembly_format = "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)"
    print_by_shape = True  # print_custom reads only types and attributes
    shape_verified = True  # verify reads only types and attributes

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        op = cls._format.parse(p, cls, results)
        t = op.results[0].type
        if not isinstance(t, T.MemRefType):
            raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.memref, "
                          f"but found '{t}'", getattr(p, "type_dir_pos", p.last_end))
        return op

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return cls._format.print(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.results[0].type
        if not isinstance(mt, T.MemRefType):
            raise VerifyError(f"result #0 must be memref of any type values, but got '{mt}'", op)
        n = len(cls.operand_group(op, "dynamicSizes"))
        if n != mt.num_dynamic_dims():
            raise VerifyError(f"incorrect number of dynamic sizes, has {n}, expected {mt.num_dynamic_dims()}", op)
        ns = len(cls.operand_group(op, "symbolOperands"))
        if ns != _num_layout_symbols(mt):
            raise VerifyError(f"symbol operand count does not equal memref symbol count: expected "
                              f"{_num_layout_symbols(mt)}, got {ns}", op)


class AllocOp(_AllocLike):
    name = "memref.alloc"
    effects = (("alloc", "memref"),)
    asm_names = _names("alloc")


class AllocaOp(_AllocLike):
    name = "memref.alloca"
    effects = (("alloc", "memref"),)
    asm_names = _names("alloca")
    traits = frozenset({"AutomaticAllocationScopeResource"})


class DeallocOp(OpDef):
    name = "memref.dealloc"
    effects = (("free", "memref"),)
    operands = (single("memref"),)
    assembly_format = "$memref attr-dict `:` type($memref)"


def _check_indices(op: Operation, memref: Any, indices: list, what: str) -> None:
    mt = memref.type
    if not isinstance(mt, T.MemRefType):
        return
    if len(indices) != mt.rank:
        raise VerifyError(f"incorrect number of indices for {what}, expected {mt.rank} but got {len(indices)}", op)


class LoadOp(OpDef):
    name = "memref.load"
    effects = (("read", "memref"),)
    shape_verified = True  # verify reads only types and attributes
    operands = (single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    props = ("nontemporal", "alignment")
    infer = {"result": lambda k: _elem_of(k, "memref")}
    assembly_format = "$memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_indices(op, op.operands[0], op.operands[1:], "load")
        mt = op.operands[0].type
        if isinstance(mt, T.MemRefType) and op.results[0].type != mt.element_type:
            raise VerifyError("failed to verify that result type matches element type of 'memref'", op)


class StoreOp(OpDef):
    name = "memref.store"
    effects = (("write", "memref"),)
    shape_verified = True  # verify reads only types and attributes
    operands = (single("value"), single("memref"), variadic("indices", _IDX))
    props = ("nontemporal", "alignment")
    infer = {"value": lambda k: _elem_of(k, "memref")}
    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_indices(op, op.operands[1], op.operands[2:], "store")
        mt = op.operands[1].type
        if isinstance(mt, T.MemRefType) and op.operands[0].type != mt.element_type:
            raise VerifyError("failed to verify that type of 'value' matches element type of 'memref'", op)


def _memspace(t: Any) -> Any:
    return getattr(t, "memory_space", None)


def cast_compatible(a: T.Type, b: T.Type) -> bool:
    ua, ub = isinstance(a, T.UnrankedMemRefType), isinstance(b, T.UnrankedMemRefType)
    if ua and ub:
        return False
    if not isinstance(a, T.MemRefType | T.UnrankedMemRefType) or not isinstance(b, T.MemRefType |
                                                                               T.UnrankedMemRefType):
        return False
    if a.element_type != b.element_type or str(_memspace(a)) != str(_memspace(b)):
        return False
    if ua or ub:
        return True
    if a.rank != b.rank:
        return False
    for x, y in zip(a.shape, b.shape):
        if x != y and T.DYNAMIC not in (x, y):
            return False
    la, lb = a.layout, b.layout
    if la == lb or (la is None and lb is None):
        return True
    sa, sb = _strides(a), _strides(b)
    if sa is None or sb is None:
        return False
    (oa, ta), (ob, tb) = sa, sb
    if oa != ob and T.DYNAMIC not in (oa, ob):
        return False
    return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(ta, tb))


def _strides(t: T.MemRefType) -> tuple[int, list[int]] | None:
    lay = t.layout
    if lay is None:
        strides, acc = [], 1
        for d in reversed(t.shape):
            strides.append(acc)
            acc = T.DYNAMIC if (d == T.DYNAMIC or acc == T.DYNAMIC) else acc * d
        return 0, list(reversed(strides))
    if isinstance(lay, A.StridedLayoutAttr):
        return lay.offset, list(lay.strides)
    return None


class CastOp(OpDef):
    name = "memref.cast"
    effects = ()
    view_source = "source"
    shape_verified = True  # verify reads only types and attributes
    operands = (single("source"),)
    results = (single("dest"),)
    traits = PURE
    asm_names = _names("cast")
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = op.operands[0].type, op.results[0].type
        if not cast_compatible(a, b):
            raise VerifyError(f"operand type '{a}' and result type '{b}' are cast incompatible", op)


class CopyOp(OpDef):
    name = "memref.copy"
    effects = (("read", "source"), ("write", "target"))
    shape_verified = True  # verify reads only types and attributes
    operands = (single("source"), single("target"))
    assembly_format = "$source `,` $target attr-dict `:` type($source) `to` type($target)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.operands[0].type.element_type != op.operands[1].type.element_type:
            raise VerifyError("requires the same element type for all operands", op)


class DimOp(OpDef):
    name = "memref.dim"
    effects = ()
    operands = (single("source"), single("index", _IDX))
    results = (single("result", _IDX),)
    traits = PURE
    asm_names = _names("dim")
    assembly_format = "attr-dict $source `,` $index `:` type($source)"


_OFFSET_SEG = ("offsets", "sizes", "strides")


class SubViewOp(OpDef):
    name = "memref.subview"
    effects = ()
    view_source = "source"
    operands = (single("source"), variadic("offsets", _IDX), variadic("sizes", _IDX), variadic("strides", _IDX))
    results = (single("result"),)
    props = ("static_offsets", "static_sizes", "static_strides", "operandSegmentSizes")
    traits = PURE
    asm_names = _names("subview")
    assembly_format = ("$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
                       "custom<DynamicIndexList>($sizes, $static_sizes) "
                       "custom<DynamicIndexList>($strides, $static_strides) "
                       "attr-dict `:` type($source) `to` type($result)")


class ReinterpretCastOp(OpDef):
    name = "memref.reinterpret_cast"
    effects = ()
    view_source = "source"
    operands = (single("source"), variadic("offsets", _IDX), variadic("sizes", _IDX), variadic("strides", _IDX))
    results = (single("result"),)
    props = ("static_offsets", "static_sizes", "static_strides", "operandSegmentSizes")
    traits = PURE
    asm_names = _names("reinterpret_cast")
    assembly_format = ("$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` "
                       "`sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` "
                       "`strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) "
                       "attr-dict `:` type($source) `to` type($result)")


class ViewOp(OpDef):
    name = "memref.view"
    effects = ()
    view_source = "source"
    operands = (single("source"), single("byte_shift", _IDX), variadic("sizes", _IDX))
    results = (single("result"),)
    traits = PURE
    asm_names = _names("view")
    infer = {}
    assembly_format = "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)"


class ExtractAlignedPointerAsIndexOp(OpDef):
    name = "memref.extract_aligned_pointer_as_index"
    effects = (("expose", "source"),)
    operands = (single("source"),)
    results = (single("aligned_pointer", _IDX),)
    traits = PURE
    asm_names = _names("intptr")
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"


def _meta_names(op: Operation) -> list[str | None]:
    r = len(op.results)
    rank = (r - 2) // 2
    return ["base_buffer", "offset"] + ["sizes"] + [None] * (rank - 1) + ["strides"] + [None] * (rank - 1) \
        if rank else ["base_buffer", "offset"]


class ExtractStridedMetadataOp(OpDef):
    name = "memref.extract_strided_metadata"
    effects = ()
    view_source = "source"
    operands = (single("source"),)
    results = (single("base_buffer"), single("offset", _IDX), variadic("sizes", _IDX), variadic("strides", _IDX))
    traits = PURE
    asm_names = staticmethod(_meta_names)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        p.parse_punct(":")
        st = p.parse_type()
        p.parse_punct("->")
        ts = p.parse_type_list()
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, [p.resolve(src, st)], ts, attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {pr.value(op.operands[0])} : {pr.type_text(op.operands[0].type)} -> "
                f"{pr.types([r.type for r in op.results])}" + pr.attr_dict_text(op.attributes))

    @classmethod
    def result_segments(cls, op: Operation) -> list[int]:
        rank = (len(op.results) - 2) // 2
        return [1, 1, rank, rank]

    @classmethod
    def needs_result_segments(cls) -> bool:
        return False


_GLOBAL_PROPS = ("sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment")


def _tensor_of(mt: T.Type) -> T.Type:
    if isinstance(mt, T.MemRefType):
        return T.TensorType(mt.shape, mt.element_type)
    return mt


class GlobalOp(OpDef):
    """($sym_visibility^)? (`constant` $constant^)? $sym_name `:`
    custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict"""

    name = "memref.global"
    props = _GLOBAL_PROPS
    traits = frozenset({"Symbol"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        vis = p.parse_optional_string()
        if vis is not None:
            attrs["sym_visibility"] = A.StringAttr(vis)
        if p.parse_optional_keyword("constant"):
            attrs["constant"] = A.UNIT
        attrs["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.parse_punct(":")
        tpos = p.skip()
        t = p.parse_type()
        if not isinstance(t, T.MemRefType):
            raise p.error("type should be static shaped memref, but got " + str(t), tpos)
        attrs["type"] = A.TypeAttr(t)
        if p.parse_optional_punct("="):
            if p.parse_optional_keyword("uninitialized"):
                attrs["initial_value"] = A.UNIT
            else:
                attrs["initial_value"] = p.parse_attribute(_tensor_of(t))
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = ""
        if "sym_visibility" in a:
            s += " " + A.quote_string(a["sym_visibility"].value)
        if "constant" in a:
            s += " constant"
        s += " " + A.symbol_text(a["sym_name"].value) + " : " + pr.type_text(a["type"].type)
        iv = a.get("initial_value")
        if isinstance(iv, A.UnitAttr):
            s += " = uninitialized"
        elif iv is not None:
            txt = pr.attr_text(iv)
            suffix = " : " + pr.type_text(_tensor_of(a["type"].type))
            if txt.endswith(suffix):
                txt = txt[: -len(suffix)]
            s += " = " + txt
        return s + pr.attr_dict_text(a, _GLOBAL_PROPS[:5] + ("constant",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.attributes.get("type")
        if not isinstance(t, A.TypeAttr) or not isinstance(t.type, T.MemRefType):
            raise VerifyError("type should be static shaped memref, but got " + str(t), op)


class GetGlobalOp(OpDef):
    name = "memref.get_global"
    results = (single("result"),)
    props = ("name",)
    traits = PURE
    assembly_format = "$name `:` type($result) attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        from ..ir.symbols import lookup_symbol

        name = op.attributes.get("name")
        g = lookup_symbol(op, name) if isinstance(name, A.SymbolRefAttr) else None
        if g is None or g.name != "memref.global":
            raise VerifyError(f"'{name.root if name is not None else ''}' does not reference a valid global "
                              "memref", op)
        gt = g.attributes["type"].type
        if op.results[0].type != gt:
            raise VerifyError(f"result type '{op.results[0].type}' does not match type '{gt}' of the global "
                              f"memref @{name.root}", op)


# ----- atomics (MemRefOps.td: AtomicRMWOp, GenericAtomicRMWOp, AtomicYieldOp) ----------------------
# arith's AtomicRMWKind, in its enum order (the integer stored in `kind`)
ATOMIC_RMW_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf",
                    "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")
_FLOAT_RMW = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})
_INT_RMW = frozenset({"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "andi"})


def _rmw_kind_hooks() -> tuple[Any, ...]:
    from ._common import keyword_enum

    return keyword_enum("i64", ATOMIC_RMW_KINDS, attr_name="kind")


_RMW = _rmw_kind_hooks()


def atomic_rmw_kind(op: Operation) -> str:
    """The keyword of a ``memref.atomic_rmw``'s ``kind``."""
    return _RMW[2](op.attributes["kind"])


def _signless_int_or_float(t: T.Type) -> bool:
    return (isinstance(t, T.IntegerType) and not t.signedness) or isinstance(t, T.FloatType)


class AtomicRMWOp(OpDef):
    """memref.atomic_rmw kind %value, %memref[%i...] : (T, memref<...xT>) -> T — reads the element,
    combines it with the value, stores the result atomically and returns the old element."""

    name = "memref.atomic_rmw"
    effects = (("read", "memref"), ("write", "memref"))
    shape_verified = True
    operands = (single("value"), single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    props = ("kind",)
    attr_printers = {"kind": _RMW[0]}
    attr_parsers = {"kind": _RMW[1]}
    assembly_format = ("$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` "
                       "type($memref) `)` `->` type($result)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        v, m = op.operands[0], op.operands[1]
        if not _signless_int_or_float(v.type):
            raise VerifyError(f"operand #0 must be signless integer or floating-point, but got '{v.type}'", op)
        if not isinstance(m.type, T.MemRefType) or not _signless_int_or_float(m.type.element_type):
            raise VerifyError("operand #1 must be memref of signless integer or floating-point values, but got "
                              f"'{m.type}'", op)
        if not _signless_int_or_float(op.results[0].type):
            raise VerifyError("result #0 must be signless integer or floating-point, but got "
                              f"'{op.results[0].type}'", op)
        if m.type.element_type != v.type:
            raise VerifyError("failed to verify that value type matches element type of memref", op)
        if op.results[0].type != v.type:
            raise VerifyError("failed to verify that all of {value, result} have same type", op)
        if m.type.rank != len(op.operands) - 2:
            raise VerifyError("expects the number of subscripts to be equal to memref rank", op)
        kind = atomic_rmw_kind(op)
        if kind in _FLOAT_RMW and not isinstance(v.type, T.FloatType):
            raise VerifyError(f"with kind '{kind}' expects a floating-point type", op)
        if kind in _INT_RMW and not isinstance(v.type, T.IntegerType):
            raise VerifyError(f"with kind '{kind}' expects an integer type", op)


class GenericAtomicRMWOp(OpDef):
    """memref.generic_atomic_rmw %memref[%i...] : memref<...xT> region attr-dict? — the region maps the
    current element (its one argument) to the value stored (memref.atomic_yield), atomically."""

    name = "memref.generic_atomic_rmw"
    effects = (("read", "memref"), ("write", "memref"))
    operands = (single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    regions = ("atomic_body",)
    traits = frozenset({"SingleBlockImplicitTerminator", "RecursiveMemoryEffects"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        mref = p.parse_operand()
        idx = p.parse_operand_list("[]")
        p.parse_punct(":")
        pos = p.skip()
        mt = p.parse_type()
        if not isinstance(mt, T.MemRefType):
            raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.memref, "
                          f"but found '{mt}'", pos)
        operands = [p.resolve(mref, mt)] + [p.resolve(r, _IDX) for r in idx]
        region = p.parse_region()
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, operands, [mt.element_type], attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[0]
        return (f" {pr.value(m)}[{pr.values(op.operands[1:])}] : {pr.type_text(m.type)} "
                + pr.region_text(op.regions[0]) + pr.attr_dict_text(op.attributes))

    @classmethod
    def verify(cls, op: Operation) -> None:
        body = op.regions[0]
        args = body.blocks[0].args if body.blocks else []
        if len(args) != 1:
            raise VerifyError("expected single number of entry block arguments", op)
        if op.results[0].type != args[0].type:
            raise VerifyError("expected block argument of the same type result type", op)
        for o in op.walk():
            traits = o.opdef.traits if o.opdef is not None else frozenset()
            if o is not op and "Pure" not in traits and "NoMemoryEffect" not in traits:
                raise VerifyError("body of 'memref.generic_atomic_rmw' should contain only operations with no "
                                  "side effects", o, raw=True)


class AtomicYieldOp(OpDef):
    name = "memref.atomic_yield"
    operands = (single("result"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike"})
    effects = ()
    assembly_format = "$result attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is None or parent.name != "memref.generic_atomic_rmw":
            raise VerifyError("expects parent op 'memref.generic_atomic_rmw'", op)
        pt, rt = parent.results[0].type, op.operands[0].type
        if pt != rt:
            raise VerifyError(f"types mismatch between yield op: '{rt}' and its parent: '{pt}'", op)
