"""affine dialect: prefetch and DMA (``affine.prefetch``, ``affine.dma_start``, ``affine.dma_wait``),
loaded with the affine dialect (``ir.registry._EXTRA_MODULES``)."""

from __future__ import annotations

from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .affine import _map, is_valid_dim, is_valid_symbol, map_of_ssa_ids_text, parse_map_of_ssa_ids


class PrefetchOp(OpDef):
    """affine.prefetch $memref `[` affine-map-of-ssa-ids `]` `,` (read|write) `,` `locality<` int `>`
    `,` (data|instr) attr-dict `:` type($memref)"""

    name = "affine.prefetch"
    effects = ()
    operands = (single("memref"), variadic("indices", T.index))
    props = ("isWrite", "localityHint", "isDataCache", "map")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        m = p.parse_operand()
        amap, refs = parse_map_of_ssa_ids(p)
        p.parse_punct(",")
        rw = p.parse_optional_keyword()
        p.parse_punct(",")
        p.parse_keyword("locality")
        p.parse_punct("<")
        hint = A.IntegerAttr(p.parse_integer(), T.i32)
        p.parse_punct(">")
        p.parse_punct(",")
        cache = p.parse_optional_keyword()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        mt = p.parse_type()
        ops = [p.resolve(m, mt)] + [p.resolve(r, T.index) for r in refs]
        # upstream checks the two specifiers once the whole op is read
        if rw not in ("read", "write"):
            raise p.error(f"custom op '{cls.name}' rw specifier has to be 'read' or 'write'", p.name_pos)
        if cache not in ("data", "instr"):
            raise p.error(f"custom op '{cls.name}' cache type has to be 'data' or 'instr'", p.name_pos)
        attrs.update(map=A.AffineMapAttr(amap), localityHint=hint, isWrite=A.bool_attr(rw == "write"),
                     isDataCache=A.bool_attr(cache == "data"))
        return Operation.create(cls.name, ops, [], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        m = op.operands[0]
        rw = "write" if getattr(a.get("isWrite"), "value", 0) else "read"
        cache = "data" if getattr(a.get("isDataCache"), "value", 0) else "instr"
        hint = getattr(a.get("localityHint"), "value", 0)
        return (f" {pr.value(m)}[" + map_of_ssa_ids_text(pr, _map(op, "map"), op.operands[1:]) + "]"
                + f", {rw}, locality<{hint}>, {cache}" + pr.attr_dict_text(a, cls.props)
                + " : " + pr.type_text(m.type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        a = op.attributes.get("map")
        mt = op.operands[0].type
        if isinstance(a, A.AffineMapAttr):
            if isinstance(mt, T.MemRefType) and len(a.map.results) != mt.rank:
                raise VerifyError("affine.prefetch affine map num results must equal memref rank", op)
            if a.map.num_inputs + 1 != len(op.operands):
                raise VerifyError("too few operands", op)
        elif len(op.operands) != 1:
            raise VerifyError("too few operands", op)
        for v in op.operands[1:]:
            if not (is_valid_dim(v) or is_valid_symbol(v)):
                raise VerifyError("index must be a valid dimension or symbol identifier", op)


def _map_inputs(op: Operation, name: str) -> int:
    a = op.attributes.get(name)
    return a.map.num_inputs if isinstance(a, A.AffineMapAttr) else 0


class DmaStartOp(OpDef):
    """affine.dma_start $src[map] `,` $dst[map] `,` $tag[map] `,` $numElements (`,` $stride `,`
    $perStride)? `:` type($src) `,` type($dst) `,` type($tag); maps in ``src_map``/``dst_map``/
    ``tag_map`` (a hand-written op upstream: discardable attributes, no attr-dict printed)."""

    name = "affine.dma_start"
    effects = None  # operand roles depend on the maps
    operands = (variadic("operands"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs: list[Any] = []
        maps: list[AF.AffineMap] = []
        for _ in range(3):
            refs.append(p.parse_operand())
            amap, idx = parse_map_of_ssa_ids(p)
            maps.append(amap)
            refs.append(idx)
            p.parse_punct(",")
        num = p.parse_operand()
        stride = []
        while p.parse_optional_punct(","):
            stride.append(p.parse_operand())
        if stride and len(stride) != 2:
            raise p.error(f"custom op '{cls.name}' expected two stride related operands", p.name_pos)
        p.parse_punct(":")
        ts = p.parse_type_list()
        if len(ts) != 3:
            raise p.error(f"custom op '{cls.name}' expected three types", p.name_pos)
        ops: list[Any] = []
        for k in range(3):
            ops.append(p.resolve(refs[2 * k], ts[k]))
            ops += [p.resolve(r, T.index) for r in refs[2 * k + 1]]
        ops += [p.resolve(r, T.index) for r in [num, *stride]]
        if any(len(refs[2 * k + 1]) != maps[k].num_inputs for k in range(3)):
            raise p.error(f"custom op '{cls.name}' memref operand count not equal to map.numInputs", p.name_pos)
        attrs = {n: A.AffineMapAttr(m) for n, m in zip(("src_map", "dst_map", "tag_map"), maps)}
        return Operation.create(cls.name, ops, [], attrs, opdef=cls)

    @classmethod
    def _groups(cls, op: Operation) -> list[tuple[str, Any, list[Any]]]:
        """(role, memref, indices) for src, dst and tag, from the maps' input counts."""
        out, i = [], 0
        for role in ("src", "dst", "tag"):
            n = _map_inputs(op, f"{role}_map")
            out.append((role, op.operands[i] if i < len(op.operands) else None, op.operands[i + 1:i + 1 + n]))
            i += 1 + n
        return out

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        parts = []
        for role, m, idx in cls._groups(op):
            parts.append(f"{pr.value(m)}[" + map_of_ssa_ids_text(pr, _map(op, f"{role}_map"), idx) + "]")
        n = sum(1 + len(idx) for _, _, idx in cls._groups(op))
        rest = op.operands[n:]
        return (" " + ", ".join(parts) + ", " + pr.values(rest) + " : "
                + ", ".join(pr.type_text(m.type) for _, m, _ in cls._groups(op)))

    @classmethod
    def verify(cls, op: Operation) -> None:
        n_inputs = sum(_map_inputs(op, f"{r}_map") for r in ("src", "dst", "tag"))
        if len(op.operands) not in (n_inputs + 4, n_inputs + 6):
            raise VerifyError("incorrect number of operands", op)
        groups = cls._groups(op)
        for (_role, m, _), what in zip(groups, ("source", "destination", "tag")):
            if not isinstance(m.type, T.MemRefType):
                raise VerifyError(f"expected DMA {what} to be of memref type", op)
        for role, _, idx in groups:
            for v in idx:
                if v.type != T.index:
                    raise VerifyError(f"{role} index to dma_start must have 'index' type", op)
                if not (is_valid_dim(v) or is_valid_symbol(v)):
                    raise VerifyError(f"{role} index must be a valid dimension or symbol identifier", op)


class DmaWaitOp(OpDef):
    """affine.dma_wait $tag[map] `,` $numElements `:` type($tag); map in ``tag_map``."""

    name = "affine.dma_wait"
    effects = None
    operands = (variadic("operands"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        tag = p.parse_operand()
        amap, idx = parse_map_of_ssa_ids(p)
        p.parse_punct(",")
        num = p.parse_operand()
        p.parse_punct(":")
        t = p.parse_type()
        ops = [p.resolve(tag, t)] + [p.resolve(r, T.index) for r in idx] + [p.resolve(num, T.index)]
        if not isinstance(t, T.MemRefType):
            raise p.error(f"custom op '{cls.name}' expected tag to be of memref type", p.name_pos)
        if len(idx) != amap.num_inputs:
            raise p.error(f"custom op '{cls.name}' tag memref operand count != to map.numInputs", p.name_pos)
        return Operation.create(cls.name, ops, [], {"tag_map": A.AffineMapAttr(amap)}, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        tag = op.operands[0]
        return (f" {pr.value(tag)}[" + map_of_ssa_ids_text(pr, _map(op, "tag_map"), op.operands[1:-1]) + "], "
                + pr.value(op.operands[-1]) + " : " + pr.type_text(tag.type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not op.operands or not isinstance(op.operands[0].type, T.MemRefType):
            raise VerifyError("expected DMA tag to be of memref type", op)
        for v in op.operands[1:1 + _map_inputs(op, "tag_map")]:
            if v.type != T.index:
                raise VerifyError("index to dma_wait must have 'index' type", op)
            if not (is_valid_dim(v) or is_valid_symbol(v)):
                raise VerifyError("index must be a valid dimension or symbol identifier", op)
