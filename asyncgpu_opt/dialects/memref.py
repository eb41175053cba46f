"""memref dialect: allocation, access, casts, views and globals."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
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
        check_alignment(op)
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
        if not isinstance(base, T.MemRefType) or not isinstance(view, T.MemRefType):
            return
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


# ----- reshapes, views and the remaining MemRefOps.td ops (issue 10) ----------------------------

_MEMREF_ANY = "ranked or unranked memref of any type values"


def _identity_layout(t: Any) -> bool:
    return not isinstance(t, T.MemRefType) or t.layout is None


def _space_text(t: Any) -> str:
    return str(_memspace(t))


def _reassociation(op: Operation) -> list[list[int]]:
    r = op.attributes.get("reassociation")
    if not isinstance(r, A.ArrayAttr):
        return []
    return [[e.value for e in g] if isinstance(g, A.ArrayAttr) else [] for g in r]


def _check_dynamic_count(op: Operation, t: T.MemRefType, n: int) -> None:
    if n != t.num_dynamic_dims():
        raise VerifyError(f"incorrect number of dynamic sizes, has {n}, expected {t.num_dynamic_dims()}", op)


def verify_collapsed_shape(op: Operation, collapsed: tuple, expanded: tuple, reassociation: list) -> None:
    """MLIR's ``verifyCollapsedShape`` (several dynamic dims per group allowed)."""
    if len(collapsed) != len(reassociation):
        raise VerifyError(f"invalid number of reassociation groups: found {len(reassociation)}, expected "
                          f"{len(collapsed)}", op)
    nxt = 0
    for cdim, group in enumerate(reassociation):
        dynamic = False
        for edim in group:
            if edim != nxt:
                raise VerifyError("reassociation indices must be contiguous", op)
            nxt += 1
            if edim >= len(expanded):
                raise VerifyError(f"reassociation index {edim} is out of bounds", op)
            dynamic = dynamic or expanded[edim] == T.DYNAMIC
        if (collapsed[cdim] == T.DYNAMIC) != dynamic:
            raise VerifyError(f"collapsed dim ({cdim}) must be dynamic if and only if reassociation group is "
                              "dynamic", op)
        if not dynamic:
            size = 1
            for edim in group:
                size *= expanded[edim]
            if size != collapsed[cdim]:
                raise VerifyError(f"collapsed dim size ({collapsed[cdim]}) must equal reassociation group size "
                                  f"({size})", op)
    if not collapsed:
        if any(d != 1 for d in expanded):
            raise VerifyError("rank 0 memrefs can only be extended/collapsed with/from ones", op)
    elif nxt != len(expanded):
        raise VerifyError(f"expanded rank ({len(expanded)}) inconsistent with number of reassociation indices "
                          f"({nxt})", op)


class ExpandShapeOp(OpDef):
    name = "memref.expand_shape"
    effects = ()
    view_source = "src"
    operands = (single("src"), variadic("output_shape", _IDX))
    results = (single("result"),)
    props = ("reassociation", "static_output_shape")
    traits = PURE
    asm_names = _names("expand_shape")
    assembly_format = ("$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
                       "$static_output_shape) attr-dict `:` type($src) `into` type($result)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(src, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        if src.rank > res.rank:
            raise VerifyError(f"has source rank {src.rank} and result rank {res.rank}. This is not an expansion "
                              f"({src.rank} > {res.rank}).", op)
        reassoc = _reassociation(op)
        verify_collapsed_shape(op, src.shape, res.shape, reassoc)
        if src.layout is None:
            expected = L.strided_type(res.shape, src, None)
        else:
            lay = L.expanded_layout(src, res.shape, reassoc)
            if lay is None:
                raise VerifyError("invalid source layout map", op)
            expected = L.strided_type(res.shape, src, *lay)
        if expected != res:
            raise VerifyError(f"expected expanded type to be '{expected}' but found '{res}'", op)
        static = op.attributes.get("static_output_shape")
        vals = list(static.values) if isinstance(static, A.DenseArrayAttr) else []
        if len(vals) != res.rank:
            raise VerifyError("expected number of static shape bounds to be equal to the output rank "
                              f"({res.rank}) but found {len(vals)} inputs instead", op)
        ndyn = sum(1 for v in vals if v == T.DYNAMIC)
        if len(op.operands) - 1 != ndyn:
            raise VerifyError(f"mismatch in dynamic dims in output_shape and static_output_shape: "
                              f"static_output_shape has {ndyn} dynamic dims while output_shape has "
                              f"{len(op.operands) - 1} values", op)
        for pos, (d, s) in enumerate(zip(res.shape, vals)):
            if d != T.DYNAMIC and d != s:
                raise VerifyError(f"invalid output shape provided at pos {pos}", op)


class CollapseShapeOp(OpDef):
    name = "memref.collapse_shape"
    effects = ()
    view_source = "src"
    operands = (single("src"),)
    results = (single("result"),)
    props = ("reassociation",)
    traits = PURE
    asm_names = _names("collapse_shape")
    assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(src, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        if src.rank < res.rank:
            raise VerifyError(f"has source rank {src.rank} and result rank {res.rank}. This is not a collapse "
                              f"({src.rank} < {res.rank}).", op)
        reassoc = _reassociation(op)
        verify_collapsed_shape(op, res.shape, src.shape, reassoc)
        if src.layout is None:
            expected = L.strided_type(res.shape, src, None)
        else:
            lay = L.collapsed_layout(src, reassoc)
            if lay is None:
                raise VerifyError("invalid source layout map or collapsing non-contiguous dims", op)
            expected = L.strided_type(res.shape, src, *lay)
        if expected != res:
            raise VerifyError(f"expected collapsed type to be '{expected}' but found '{res}'", op)


class ReshapeOp(OpDef):
    name = "memref.reshape"
    effects = (("read", "shape"),)
    view_source = "source"
    operands = (single("source"), single("shape"))
    results = (single("result"),)
    traits = PURE
    asm_names = _names("reshape")
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, shape, res = op.operands[0].type, op.operands[1].type, op.results[0].type
        if getattr(src, "element_type", None) != getattr(res, "element_type", None):
            raise VerifyError("element types of source and destination memref types should be the same", op)
        if not _identity_layout(src):
            raise VerifyError("source memref type should have identity affine map", op)
        if isinstance(res, T.MemRefType) and isinstance(shape, T.MemRefType) and shape.rank == 1:
            if res.layout is not None:
                raise VerifyError("result memref type should have identity affine map", op)
            if shape.shape[0] == T.DYNAMIC:
                raise VerifyError("cannot use shape operand with dynamic length to reshape to statically-ranked "
                                  "memref type", op)
            if shape.shape[0] != res.rank:
                raise VerifyError("length of shape operand differs from the result's memref rank", op)


def _parse_bare_affine_map(p: Any) -> A.AffineMapAttr:
    """``(d0, d1)[s0] -> (...)`` without the ``affine_map<>`` wrapper."""
    from ..ir.affine import AffineParseError, parse_affine_map

    start = p.skip()
    end = p.balanced_end(start)
    t = p.text
    while end < len(t) and t[end] in " \t\n":
        end += 1
    if t.startswith("[", end):
        end = p.balanced_end(end)
    p.pos = end
    p.parse_punct("->")
    end = p.balanced_end(p.skip())
    try:
        m = parse_affine_map(t[start:end])
    except AffineParseError as e:
        raise p.error(str(e), start) from None
    p.pos = p.last_end = end
    return A.AffineMapAttr(m)


class TransposeOp(OpDef):
    """$in $permutation attr-dict `:` type($in) `to` type(results)  (permutation without affine_map<>)"""

    name = "memref.transpose"
    effects = ()
    view_source = "in"
    operands = (single("in"),)
    results = (single("result"),)
    props = ("permutation",)
    traits = PURE
    asm_names = _names("transpose")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        perm = _parse_bare_affine_map(p)
        attrs = p.parse_optional_attr_dict()
        attrs["permutation"] = perm
        p.parse_punct(":")
        st = p.parse_type()
        p.parse_keyword("to")
        rt = p.parse_type()
        return Operation.create(cls.name, [p.resolve(src, st)], [rt], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        perm = op.attributes.get("permutation")
        return (f" {pr.value(op.operands[0])} {perm.map if isinstance(perm, A.AffineMapAttr) else perm}"
                + pr.attr_dict_text(op.attributes, ("permutation",))
                + f" : {pr.type_text(op.operands[0].type)} to {pr.type_text(op.results[0].type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        perm = op.attributes.get("permutation")
        m = perm.map if isinstance(perm, A.AffineMapAttr) else None
        if m is None or m.num_syms or len(m.results) != m.num_dims or \
                sorted(getattr(r, "pos", -1) for r in m.results if type(r).__name__ == "Dim") != \
                list(range(m.num_dims)):
            raise VerifyError("expected a permutation map", op)
        src = op.operands[0].type
        if isinstance(src, T.MemRefType) and m.num_dims != src.rank:
            raise VerifyError("expected a permutation map of same rank as the input", op)


_LOCALITY = ("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose "
             "minimum value is 0 whose maximum value is 3")


class PrefetchOp(OpDef):
    """$memref `[` $indices `]` `,` (read|write) `,` `locality<` $localityHint `>` `,` (data|instr)
    attr-dict `:` type($memref)"""

    name = "memref.prefetch"
    effects = ()
    operands = (single("memref"), variadic("indices", _IDX))
    props = ("isWrite", "localityHint", "isDataCache")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        m = p.parse_operand()
        idx = p.parse_operand_list("[]")
        p.parse_punct(",")
        rw = p.parse_optional_keyword()
        if rw not in ("read", "write"):
            raise p.error(f"custom op '{cls.name}' rw specifier has to be 'read' or 'write'", p.name_pos)
        p.parse_punct(",")
        p.parse_keyword("locality")
        p.parse_punct("<")
        hint = A.IntegerAttr(p.parse_integer(), T.i32)
        p.parse_punct(">")
        p.parse_punct(",")
        cache = p.parse_optional_keyword()
        if cache not in ("data", "instr"):
            raise p.error(f"custom op '{cls.name}' cache type has to be 'data' or 'instr'", p.name_pos)
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        t = p.parse_type()
        attrs.update(isWrite=A.bool_attr(rw == "write"), localityHint=hint, isDataCache=A.bool_attr(cache == "data"))
        ops = [p.resolve(m, t)] + [p.resolve(i, _IDX) for i in idx]
        return Operation.create(cls.name, ops, [], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        rw = "write" if getattr(a.get("isWrite"), "value", 0) else "read"
        cache = "data" if getattr(a.get("isDataCache"), "value", 0) else "instr"
        hint = getattr(a.get("localityHint"), "value", 0)
        return (f" {pr.value(op.operands[0])}[{pr.values(op.operands[1:])}], {rw}, locality<{hint}>, {cache}"
                + pr.attr_dict_text(a, cls.props) + f" : {pr.type_text(op.operands[0].type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        h = op.attributes.get("localityHint")
        if not isinstance(h, A.IntegerAttr) or not 0 <= h.value <= 3:
            raise VerifyError(_LOCALITY, op)


class AssumeAlignmentOp(OpDef):
    name = "memref.assume_alignment"
    effects = ()
    view_source = "memref"
    operands = (single("memref"),)
    results = (single("result"),)
    props = ("alignment",)
    traits = PURE
    asm_names = _names("assume_align")
    infer = {"result": lambda k: k["memref"][0]}
    attr_printers = {"alignment": lambda pr, a: str(a.value)}
    attr_parsers = {"alignment": lambda p, opt: A.IntegerAttr(p.parse_integer(), T.i32)}
    assembly_format = "$memref `,` $alignment attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        a = op.attributes.get("alignment")
        v = a.value if isinstance(a, A.IntegerAttr) else 0
        if v <= 0:
            raise VerifyError("attribute 'alignment' failed to satisfy constraint: 32-bit signless integer "
                              "attribute whose value is positive", op)
        if v & (v - 1):
            raise VerifyError("alignment must be power of 2", op)


_ALIGN64 = ("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value "
            "is positive and whose value is a power of two > 0")


def check_alignment(op: Operation) -> None:
    """``ConfinedAttr<OptionalAttr<I64Attr>, [IntPositive, IntPowerOf2]>``."""
    a = op.attributes.get("alignment")
    if a is not None and (not isinstance(a, A.IntegerAttr) or a.value <= 0 or a.value & (a.value - 1)):
        raise VerifyError(_ALIGN64, op)


class ReallocOp(OpDef):
    name = "memref.realloc"
    effects = (("free", "source"), ("alloc", "result"))
    operands = (single("source"), optional("dynamicResultSize", _IDX))
    results = (single("result"),)
    props = ("alignment",)
    assembly_format = ("$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` "
                       "type(results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_alignment(op)
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(src, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        if src.layout is not None:
            raise VerifyError(f"unsupported layout for source memref type '{src}'", op, raw=True)
        if res.layout is not None:
            raise VerifyError(f"unsupported layout for result memref type '{res}'", op, raw=True)
        if _space_text(src) != _space_text(res):
            raise VerifyError(f"different memory spaces specified for source memref type '{src}' and result "
                              f"memref type '{res}'", op, raw=True)
        if src.element_type != res.element_type:
            raise VerifyError(f"different element types specified for source memref type '{src}' and result "
                              f"memref type '{res}'", op, raw=True)
        has = len(op.operands) > 1
        if res.num_dynamic_dims() and not has:
            raise VerifyError(f"missing dimension operand for result type '{res}'", op, raw=True)
        if not res.num_dynamic_dims() and has:
            raise VerifyError(f"unnecessary dimension operand for result type '{res}'", op, raw=True)


def _is_memref(t: Any) -> bool:
    return isinstance(t, T.MemRefType | T.UnrankedMemRefType)


class RankOp(OpDef):
    name = "memref.rank"
    effects = ()
    operands = (single("memref"),)
    results = (single("result", _IDX),)
    traits = PURE
    assembly_format = "$memref attr-dict `:` type($memref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not _is_memref(t):
            raise VerifyError(f"operand #0 must be {_MEMREF_ANY}, but got '{t}'", op)


class MemorySpaceCastOp(OpDef):
    name = "memref.memory_space_cast"
    effects = ()
    view_source = "source"
    operands = (single("source"),)
    results = (single("dest"),)
    traits = PURE
    asm_names = _names("memspacecast")
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"


class DistinctObjectsOp(OpDef):
    name = "memref.distinct_objects"
    effects = ()
    operands = (variadic("operands"),)
    results = (variadic("results"),)
    traits = PURE
    infer = {"results": lambda k: list(k["operands"])}
    assembly_format = "$operands attr-dict `:` type($operands)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if [v.type for v in op.operands] != [r.type for r in op.results]:
            raise VerifyError("operand types and result types must match", op)
        if not op.operands:
            raise VerifyError("expected at least one operand", op)


class AllocaScopeOp(OpDef):
    """`memref.alloca_scope` (`->` `(` types `)`)? region attr-dict"""

    name = "memref.alloca_scope"
    results = (variadic("results"),)
    regions = ("bodyRegion",)
    traits = frozenset({"AutomaticAllocationScope", "RecursiveMemoryEffects", "RegionBranchOpInterface",
                        "SingleBlockImplicitTerminator", "NoRegionArguments"})
    implicit_terminator = "memref.alloca_scope.return"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from ._regions import ensure_terminator, parse_optional_arrow_types

        types = parse_optional_arrow_types(p)
        body = p.parse_region(entry_args=[])
        ensure_terminator(body, cls.implicit_terminator)
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, [], types, attrs, [body], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " "
        if op.results:
            s += " -> (" + pr.types([r.type for r in op.results]) + ")"
        return s + " " + pr.region_text(op.regions[0], False, bool(op.results)) + pr.attr_dict_text(op.attributes)


class AllocaScopeReturnOp(OpDef):
    name = "memref.alloca_scope.return"
    effects = ()
    operands = (variadic("results"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike"})
    assembly_format = "attr-dict ($results^ `:` type($results))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is not None and parent.name != "memref.alloca_scope":
            raise VerifyError("expects parent op 'memref.alloca_scope'", op)


class DmaStartOp(OpDef):
    """$src[$srcIndices], $dst[$dstIndices], $numElements, $tag[$tagIndices] (, $stride, $perStride)?
    `:` type($src), type($dst), type($tag)"""

    name = "memref.dma_start"
    effects = None
    operands = (variadic("operands"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        si = p.parse_operand_list("[]")
        p.parse_punct(",")
        dst = p.parse_operand()
        di = p.parse_operand_list("[]")
        p.parse_punct(",")
        num = p.parse_operand()
        p.parse_punct(",")
        tag = p.parse_operand()
        ti = p.parse_operand_list("[]")
        stride = []
        while p.parse_optional_punct(","):
            stride.append(p.parse_operand())
        if stride and len(stride) != 2:
            raise p.error(f"custom op '{cls.name}' expected two stride related operands", p.name_pos)
        p.parse_punct(":")
        ts = p.parse_type_list()
        if len(ts) != 3:
            raise p.error(f"custom op '{cls.name}' fewer/more types expected", p.name_pos)
        ops = [p.resolve(src, ts[0])] + [p.resolve(i, _IDX) for i in si] + [p.resolve(dst, ts[1])]
        ops += [p.resolve(i, _IDX) for i in di] + [p.resolve(num, _IDX), p.resolve(tag, ts[2])]
        ops += [p.resolve(i, _IDX) for i in ti] + [p.resolve(s, _IDX) for s in stride]
        return Operation.create(cls.name, ops, [], {}, opdef=cls)

    @staticmethod
    def _split(op: Operation) -> tuple[int, int, int]:
        """(source rank, destination rank, tag rank) of a verified op."""
        o = op.operands
        rs = o[0].type.rank
        rd = o[1 + rs].type.rank
        return rs, rd, o[3 + rs + rd].type.rank

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        o = op.operands
        rs, rd, rt = cls._split(op)
        d, t = 1 + rs, 3 + rs + rd
        s = (f" {pr.value(o[0])}[{pr.values(o[1:d])}], {pr.value(o[d])}[{pr.values(o[d + 1:d + 1 + rd])}], "
             f"{pr.value(o[d + 1 + rd])}, {pr.value(o[t])}[{pr.values(o[t + 1:t + 1 + rt])}]")
        if len(o) > t + 1 + rt:
            s += f", {pr.values(o[t + 1 + rt:])}"
        return s + pr.attr_dict_text(op.attributes) + (
            f" : {pr.type_text(o[0].type)}, {pr.type_text(o[d].type)}, {pr.type_text(o[t].type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        o, n = op.operands, len(op.operands)
        if n < 4:
            raise VerifyError("expected at least 4 operands", op)
        pos, expected = 0, 4
        for what, idx_what in (("source", "source indices"), ("destination", "destination indices")):
            t = o[pos].type
            if not isinstance(t, T.MemRefType):
                raise VerifyError(f"expected {what} to be of memref type", op)
            expected += t.rank
            if n < expected:
                raise VerifyError(f"expected at least {expected} operands", op)
            if any(v.type != _IDX for v in o[pos + 1:pos + 1 + t.rank]):
                raise VerifyError(f"expected {idx_what} to be of index type", op)
            pos += 1 + t.rank
        if o[pos].type != _IDX:
            raise VerifyError("expected num elements to be of index type", op)
        tag = o[pos + 1].type
        if not isinstance(tag, T.MemRefType):
            raise VerifyError("expected tag to be of memref type", op)
        expected += tag.rank
        if n < expected:
            raise VerifyError(f"expected at least {expected} operands", op)
        if any(v.type != _IDX for v in o[pos + 2:pos + 2 + tag.rank]):
            raise VerifyError("expected tag indices to be of index type", op)
        if n not in (expected, expected + 2):
            raise VerifyError("incorrect number of operands", op)
        if n == expected + 2 and (o[-2].type != _IDX or o[-1].type != _IDX):
            raise VerifyError("expected stride and num elements per stride to be of type index", op)


class DmaWaitOp(OpDef):
    name = "memref.dma_wait"
    effects = (("read", "tagMemRef"),)
    operands = (single("tagMemRef"), variadic("tagIndices", _IDX), single("numElements", _IDX))
    assembly_format = "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        n = len(op.operands) - 2
        if isinstance(t, T.MemRefType) and n != t.rank:
            raise VerifyError("expected tagIndices to have the same number of elements as the tagMemRef rank, "
                              f"expected {t.rank}, but got {n}", op)


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
        if not isinstance(t, T.MemRefType) or not t.has_static_shape():
            raise p.error(f"custom op '{cls.name}' type should be static shaped memref, but got '{t}'", tpos)
        attrs["type"] = A.TypeAttr(t)
        if p.parse_optional_punct("="):
            if p.parse_optional_keyword("uninitialized"):
                attrs["initial_value"] = A.UNIT
            else:
                attrs["initial_value"] = iv = p.parse_attribute(_tensor_of(t))
                if not isinstance(iv, A.DenseElementsAttr):
                    raise p.error(f"custom op '{cls.name}' initial value should be a unit or elements attribute",
                                  p.name_pos)
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
        a = op.attributes
        t = a.get("type")
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
