"""memref dialect: allocation, access, casts, views and globals."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ..syntax.format import check_parsed_attr_dict
from ..syntax.prop_kinds import is_bool
from . import memref_fold
from . import memref_layout as L

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


_ALIGN64 = ("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value "
            "is positive and whose value is a power of two > 0")


def alignment_error(attrs: Any) -> str | None:
    """``ConfinedAttr<OptionalAttr<I64Attr>, [IntPositive, IntPowerOf2]>``: the failure text or None."""
    a = attrs.get("alignment")
    if a is not None and (not isinstance(a, A.IntegerAttr) or a.value <= 0 or a.value & (a.value - 1)):
        return _ALIGN64
    return None


_BOOL_NONTEMPORAL = {"nontemporal": is_bool}


class _Aligned:
    """Ops with an ``alignment`` property in a declarative format: its constraint is checked as the
    attr-dict is parsed (``syntax.format.check_parsed_attr_dict``)."""

    @classmethod
    def check_attr_dict(cls, attrs: dict[str, A.Attribute]) -> str | None:
        return alignment_error(attrs)


class _AllocLike(_Aligned, OpDef):
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
        check_alignment(op)
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
    shape_verified = False  # reads its ancestors

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        if not any("AutomaticAllocationScope" in getattr(a.opdef, "traits", ()) or a.name in _SCOPE_OPS
                   for a in op.ancestors()):
            raise VerifyError("requires an ancestor op with AutomaticAllocationScope trait", op)


# ops with upstream's AutomaticAllocationScope trait whose definitions here do not declare it
_SCOPE_OPS = frozenset({"gpu.launch", "scf.parallel", "scf.forall", "async.execute", "affine.parallel"})


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


class LoadOp(_Aligned, OpDef):
    name = "memref.load"
    effects = (("read", "memref"),)
    shape_verified = True  # verify reads only types and attributes
    operands = (single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    props = ("nontemporal", "alignment")
    prop_kinds = _BOOL_NONTEMPORAL
    optional_defaults = {"nontemporal": A.bool_attr(False)}
    infer = {"result": lambda k: _elem_of(k, "memref")}
    assembly_format = "$memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_alignment(op)
        _check_indices(op, op.operands[0], op.operands[1:], "load")
        mt = op.operands[0].type
        if isinstance(mt, T.MemRefType) and op.results[0].type != mt.element_type:
            raise VerifyError("failed to verify that result type matches element type of 'memref'", op)


class StoreOp(_Aligned, OpDef):
    name = "memref.store"
    effects = (("write", "memref"),)
    shape_verified = True  # verify reads only types and attributes
    operands = (single("value"), single("memref"), variadic("indices", _IDX))
    props = ("nontemporal", "alignment")
    prop_kinds = _BOOL_NONTEMPORAL
    optional_defaults = {"nontemporal": A.bool_attr(False)}
    infer = {"value": lambda k: _elem_of(k, "memref")}
    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_alignment(op)
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
        a, b = op.operands[0].type, op.operands[1].type
        if a.element_type != b.element_type:
            raise VerifyError("requires the same element type for all operands", op)
        if isinstance(a, T.MemRefType) and isinstance(b, T.MemRefType) and a.shape != b.shape:
            raise VerifyError("requires the same shape for all operands", op)


class DimOp(OpDef):
    name = "memref.dim"
    effects = ()
    operands = (single("source"), single("index", _IDX))
    results = (single("result", _IDX),)
    traits = PURE
    asm_names = _names("dim")
    assembly_format = "attr-dict $source `,` $index `:` type($source)"
    shape_verified = True  # verify reads only types and attributes

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not _is_memref(t) or (isinstance(t, T.MemRefType) and t.rank == 0):
            raise VerifyError("operand #0 must be unranked.memref of any type values or non-0-ranked.memref of "
                              f"any type values, but got '{t}'", op)


_OFFSET_SEG = ("offsets", "sizes", "strides")


def _static(op: Operation, name: str) -> list[int]:
    a = op.attributes.get(name)
    return list(a.values) if isinstance(a, A.DenseArrayAttr) else []


def verify_offsets_sizes_strides(op: Operation, max_ranks: tuple[int, int, int]) -> tuple[list, list, list]:
    """OffsetSizeAndStrideOpInterface's verifier; returns the static offsets, sizes, strides."""
    offs, sizes, strides = (_static(op, "static_" + n) for n in _OFFSET_SEG)
    if not (len(offs) == 1 and max_ranks[0] == 1) and len(offs) != len(sizes):
        raise VerifyError(f"expected mixed offsets rank to match mixed sizes rank ({len(offs)} vs {len(sizes)}) "
                          "so the rank of the result type is well-formed.", op, raw=True)
    if len(sizes) != len(strides):
        raise VerifyError(f"expected mixed sizes rank to match mixed strides rank ({len(sizes)} vs "
                          f"{len(strides)}) so the rank of the result type is well-formed.", op, raw=True)
    for name, n, vals in zip(("offset", "size", "stride"), max_ranks, (offs, sizes, strides)):
        if len(vals) != n:
            raise VerifyError(f"expected {n} {name} values, got {len(vals)}", op, raw=True)
        ndyn = sum(1 for v in vals if v == T.DYNAMIC)
        have = len(op.opdef.operand_group(op, name + "s"))
        if have != ndyn:
            raise VerifyError(f"expected the number of '{name}s' to match the number of dynamic entries in "
                              f"'static_{name}s' ({have} vs {ndyn})", op, raw=True)
    for name, vals in (("offsets", offs), ("sizes", sizes)):
        for v in vals:
            if v < 0 and v != T.DYNAMIC:
                raise VerifyError(f"expected {name} to be non-negative, but got {v}", op, raw=True)
    return offs, sizes, strides


def _check_in_bounds(op: Operation, shape: tuple, offs: list, sizes: list, strides: list) -> None:
    """MLIR's ``verifyInBoundsSlice`` on the static entries."""
    for i, (d, o, n, s) in enumerate(zip(shape, offs, sizes, strides)):
        if T.DYNAMIC in (d, o):
            continue
        if o >= d:
            raise VerifyError(f"offset {i} is out-of-bounds: {o} >= {d}", op, raw=True)
        if T.DYNAMIC in (n, s):
            continue
        last = o + (n - 1) * s
        if last >= d:
            raise VerifyError(f"slice along dimension {i} runs out-of-bounds: {last} >= {d}", op, raw=True)


def _check_subview_type(op: Operation, expected: T.MemRefType, res: T.MemRefType, sizes: list[int]) -> None:
    """The rank-reduction, element type, offset and stride checks of SubViewOp::verify."""
    layout_msg = (f"expected result type to be '{expected}' or a rank-reduced version. (mismatch of result "
                  f"layout), but got '{res}'")
    if expected != res:
        if res.rank > expected.rank:
            raise VerifyError(f"expected result rank to be smaller or equal to the source rank, but got '{res}'",
                              op, raw=True)
        if L.rank_reduction_mask(expected.shape, res.shape) is None:
            raise VerifyError(f"expected result type to be '{expected}' or a rank-reduced version. (mismatch of "
                              f"result sizes), but got '{res}'", op, raw=True)
        if expected.element_type != res.element_type:
            raise VerifyError(f"expected result element type to be '{expected.element_type}', but got '{res}'",
                              op, raw=True)
    a, b = L.strides_and_offset(expected), L.strides_and_offset(res)
    if a is None or b is None or a[1] != b[1]:
        raise VerifyError(layout_msg, op, raw=True)
    unused = L.memref_rank_reduction_mask(expected, res, sizes)
    if unused is None:
        raise VerifyError(layout_msg, op, raw=True)
    kept = [s for i, s in enumerate(a[0]) if i not in unused]
    if kept != b[0]:
        raise VerifyError(layout_msg, op, raw=True)


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

    @classmethod
    def verify(cls, op: Operation) -> None:
        base, res = op.operands[0].type, op.results[0].type
        if not isinstance(base, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        offs, sizes, strides = verify_offsets_sizes_strides(op, (base.rank, base.rank, base.rank))
        if str(_memspace(base)) != str(_memspace(res)):
            raise VerifyError(f"different memory spaces specified for base memref type '{base}' and subview "
                              f"memref type '{res}'", op, raw=True)
        so = L.strides_and_offset(base)
        if so is None:
            raise VerifyError(f"base type '{base}' is not strided", op, raw=True)
        off = so[1]
        for o, s in zip(offs, so[0]):
            off = L.sat_add(off, L.sat_mul(o, s))
        expected = L.strided_type(sizes, base, [L.sat_mul(a, b) for a, b in zip(so[0], strides)], off)
        _check_subview_type(op, expected, res, sizes)
        _check_in_bounds(op, base.shape, offs, sizes, strides)


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

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(res, T.MemRefType) or not _is_memref(src):
            return
        offs, sizes, strides = verify_offsets_sizes_strides(op, (1, res.rank, res.rank))
        if str(_memspace(src)) != str(_memspace(res)):
            raise VerifyError(f"different memory spaces specified for source type '{src}' and result memref "
                              f"type '{res}'", op, raw=True)
        if src.element_type != res.element_type:
            raise VerifyError(f"different element types specified for source type '{src}' and result memref "
                              f"type '{res}'", op, raw=True)

        def d(x: int) -> str:
            return "dynamic" if x == T.DYNAMIC else str(x)

        for i, (r, e) in enumerate(zip(res.shape, sizes)):
            if r != T.DYNAMIC and r != e:
                raise VerifyError(f"expected result type with size = {d(e)} instead of {r} in dim = {i}", op,
                                  raw=True)
        so = L.strides_and_offset(res)
        if so is None:
            raise VerifyError(f"expected result type to have strided layout but found '{res}'", op, raw=True)
        if so[1] != T.DYNAMIC and offs and so[1] != offs[0]:
            raise VerifyError(f"expected result type with offset = {d(offs[0])} instead of {so[1]}", op, raw=True)
        for i, (r, e) in enumerate(zip(so[0], strides)):
            if r != T.DYNAMIC and r != e:
                raise VerifyError(f"expected result type with stride = {d(e)} instead of {r} in dim = {i}", op,
                                  raw=True)


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

    @classmethod
    def verify(cls, op: Operation) -> None:
        base, view = op.operands[0].type, op.results[0].type
        if not (isinstance(base, T.MemRefType) and base.rank == 1 and base.element_type == T.i8):
            raise VerifyError(f"operand #0 must be 1D memref of 8-bit signless integer values, but got '{base}'", op)
        if not isinstance(view, T.MemRefType):
            raise VerifyError(f"result #0 must be memref of any type values, but got '{view}'", op)
        if base.layout is not None:
            raise VerifyError(f"unsupported map for base memref type '{base}'", op, raw=True)
        if view.layout is not None:
            raise VerifyError(f"unsupported map for result memref type '{view}'", op, raw=True)
        if str(_memspace(base)) != str(_memspace(view)):
            raise VerifyError(f"different memory spaces specified for base memref type '{base}' and view memref "
                              f"type '{view}'", op, raw=True)
        _check_dynamic_count(op, view, len(op.operands) - 2)


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


def _check_dynamic_count(op: Operation, t: T.MemRefType, n: int) -> None:
    if n != t.num_dynamic_dims():
        raise VerifyError(f"incorrect number of dynamic sizes, has {n}, expected {t.num_dynamic_dims()}", op)


def check_alignment(op: Operation) -> None:
    msg = alignment_error(op.attributes)
    if msg is not None:
        raise VerifyError(msg, op)


def _is_memref(t: Any) -> bool:
    return isinstance(t, T.MemRefType | T.UnrankedMemRefType)


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
    prop_kinds = {"type": A.TypeAttr, "constant": A.UnitAttr}
    traits = frozenset({"Symbol"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        vis = p.parse_optional_string()
        if vis is not None:
            attrs["sym_visibility"] = A.StringAttr(vis)
        if p.parse_optional_keyword("constant"):
            attrs["constant"] = A.UNIT
        if not p.peek("@"):
            raise p.error(f"custom op '{cls.name}' expected valid '@'-identifier for symbol name", p.skip())
        attrs["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.parse_punct(":")
        t = p.parse_type()
        if not isinstance(t, T.MemRefType) or not t.has_static_shape():
            raise p.error(f"custom op '{cls.name}' type should be static shaped memref, but got '{t}'", p.name_pos)
        attrs["type"] = A.TypeAttr(t)
        if p.parse_optional_punct("="):
            if p.parse_optional_keyword("uninitialized"):
                attrs["initial_value"] = A.UNIT
            else:
                attrs["initial_value"] = iv = p.parse_attribute(_tensor_of(t))
                if not isinstance(iv, A.DenseElementsAttr):
                    raise p.error(f"custom op '{cls.name}' initial value should be a unit or elements attribute",
                                  p.name_pos)
        pos = p.skip()
        d = p.parse_optional_attr_dict()
        if d:
            check_parsed_attr_dict(p, cls, d, pos)
        attrs.update(d)
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def check_attr_dict(cls, attrs: dict[str, A.Attribute]) -> str | None:
        return alignment_error(attrs)

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
        a = op.attributes
        t = a.get("type")
        if isinstance(t, A.TypeAttr) and not isinstance(t.type, T.MemRefType):
            raise VerifyError("attribute 'type' failed to satisfy constraint: memref type attribute", op)
        if not isinstance(t, A.TypeAttr) or not isinstance(t.type, T.MemRefType) or not t.type.has_static_shape():
            raise VerifyError(f"type should be static shaped memref, but got '{getattr(t, 'type', t)}'", op)
        check_alignment(op)
        vis = a.get("sym_visibility")
        if isinstance(vis, A.StringAttr) and vis.value not in ("public", "private", "nested"):
            raise VerifyError('visibility expected to be one of ["public", "private", "nested"], but got '
                              f'"{vis.value}"', op)
        iv = a.get("initial_value")
        if iv is None or isinstance(iv, A.UnitAttr):
            return
        if not isinstance(iv, A.DenseElementsAttr):
            raise VerifyError(f"initial value should be a unit or elements attribute, but got {iv}", op)
        mt = t.type
        if iv.type.element_type != mt.element_type:
            raise VerifyError(f"initial value element expected to be of type '{mt.element_type}', but was of type "
                              f"'{iv.type.element_type}'", op)
        if tuple(iv.type.shape) != tuple(mt.shape):
            raise VerifyError(f"initial value shape expected to be {', '.join(map(str, mt.shape))} but was "
                              f"{', '.join(map(str, iv.type.shape))}", op)


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


memref_fold.install(globals())
