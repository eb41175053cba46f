"""memref dialect: reshapes, transposes, prefetch, realloc, alloca scopes, DMA and the other ops of
MemRefOps.td beyond allocation, access and views (loaded with the memref dialect:
``ir.registry._EXTRA_MODULES``)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from . import memref_layout as L
from .memref import _IDX, PURE, _Aligned, _is_memref, _memspace, _names, check_alignment

# ----- reshapes, views and the remaining MemRefOps.td ops (issue 10) ----------------------------

_MEMREF_ANY = "ranked or unranked memref of any type values"


def _identity_layout(t: Any) -> bool:
    return not isinstance(t, T.MemRefType) or t.layout is None


def _layout_map_is_identity(t: T.MemRefType) -> bool:
    """MemRefLayoutAttrInterface::isIdentity: no layout, or a layout whose affine map is the
    identity (a strided one only for rank 1, stride 1, offset 0)."""
    lay = t.layout
    if lay is None:
        return True
    return isinstance(lay, A.StridedLayoutAttr) and lay.strides == (1,) and lay.offset == 0


def _space_text(t: Any) -> str:
    return str(_memspace(t))


def _reassociation(op: Operation) -> list[list[int]]:
    """The ``reassociation`` groups; the ODS constraint (an array of i64 arrays) checked first."""
    r = op.attributes.get("reassociation")
    if not isinstance(r, A.ArrayAttr):
        return []
    if not all(isinstance(g, A.ArrayAttr) and all(isinstance(e, A.IntegerAttr) and e.type == T.i64 for e in g)
               for g in r):
        raise VerifyError("attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array "
                          "attributes", op)
    return [[e.value for e in g] for g in r]




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
        reassoc = _reassociation(op)
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(src, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        if src.rank > res.rank:
            raise VerifyError(f"has source rank {src.rank} and result rank {res.rank}. This is not an expansion "
                              f"({src.rank} > {res.rank}).", op)
        verify_collapsed_shape(op, src.shape, res.shape, reassoc)
        if _layout_map_is_identity(src):
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
        reassoc = _reassociation(op)
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(src, T.MemRefType) or not isinstance(res, T.MemRefType):
            return
        if src.rank < res.rank:
            raise VerifyError(f"has source rank {src.rank} and result rank {res.rank}. This is not a collapse "
                              f"({src.rank} < {res.rank}).", op)
        verify_collapsed_shape(op, res.shape, src.shape, reassoc)
        if _layout_map_is_identity(src):
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
        res = op.results[0].type
        so = L.strides_and_offset(src)
        if not isinstance(res, T.MemRefType) or so is None:
            return
        perm = [r.pos for r in m.results]
        expected = L.canonicalize_strided_layout(T.MemRefType(
            [src.shape[i] for i in perm], src.element_type,
            A.StridedLayoutAttr([so[0][i] for i in perm], so[1]), src.memory_space))
        if not L.same_layout_type(L.canonicalize_strided_layout(res), expected):
            raise VerifyError(f"result type '{res}' is not equivalent to the canonical transposed input type "
                              f"'{expected}'", op)


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
        t = op.operands[0].type
        if isinstance(t, T.MemRefType) and len(op.operands) != 1 + t.rank:
            raise VerifyError("too few indices", op)


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






class ReallocOp(_Aligned, OpDef):
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
