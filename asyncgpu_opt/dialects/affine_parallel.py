"""affine.parallel (AffineOps.td; the parser and printer of AffineOps.cpp): a parallel loop nest
whose bounds are lists of groups, each one affine expression or `max(...)` / `min(...)` of several.
Loaded with the affine dialect (``ir.registry._EXTRA_MODULES``).

    parallel ::= `(` ivs `)` `=` `(` bounds `)` `to` `(` bounds `)` (`step` `(` ints `)`)?
                 (`reduce` `(` strings `)`)? (`->` `(` types `)`)? region attr-dict
    bounds   ::= (expr | `max`/`min` `(` expr (`,` expr)* `)`) (`,` ...)*
"""

from __future__ import annotations

from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, variadic
from ._regions import ensure_terminator
from .affine import _check_symbols, _map, map_of_ssa_ids_text, parse_map_of_ssa_ids

# arith::AtomicRMWKind, in enum order
_REDUCTIONS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
               "mins", "minu", "mulf", "muli", "ori", "xori")


class ParallelOp(OpDef):
    """affine.parallel (ivs) = (lbs) to (ubs) (step (ints))? region — one expression per bound."""

    name = "affine.parallel"
    operands = (variadic("mapOperands", T.index),)
    results = (variadic("results"),)
    props = ("reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps")
    regions = ("region",)
    traits = frozenset({"AutomaticAllocationScope", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator",
                        "LoopLikeOpInterface"})
    implicit_terminator = "affine.yield"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ivs = p.parse_operand_list("()")
        p.parse_punct("=")
        lgroups: list[int] = []
        ugroups: list[int] = []
        lmap, lrefs = parse_map_of_ssa_ids(p, "()", "max", lgroups)
        p.parse_keyword("to")
        umap, urefs = parse_map_of_ssa_ids(p, "()", "min", ugroups)
        steps = [1] * len(ivs)
        if p.parse_optional_keyword("step"):
            p.parse_punct("(")
            steps = [p.parse_integer()]
            while p.parse_optional_punct(","):
                steps.append(p.parse_integer())
            p.parse_punct(")")
        reductions: list[A.Attribute] = []
        if p.parse_optional_keyword("reduce"):
            p.parse_punct("(")
            while True:
                rpos = p.skip()
                kind = p.parse_string()
                if kind not in _REDUCTIONS:
                    raise p.error(f"custom op 'affine.parallel' invalid reduction value: \"{kind}\"", rpos)
                reductions.append(A.IntegerAttr(_REDUCTIONS.index(kind)))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        from ._regions import parse_optional_arrow_types

        types = parse_optional_arrow_types(p)
        ops = [p.resolve(r, T.index) for r in lrefs + urefs]
        region = p.parse_region(entry_args=[(r, T.index, None) for r in ivs])
        ensure_terminator(region, "affine.yield")

        def groups(sizes: list[int]) -> A.Attribute:
            return A.DenseElementsAttr(T.TensorType([len(sizes)], T.i32), sizes)

        attrs: dict[str, A.Attribute] = {
            "reductions": A.ArrayAttr(reductions), "lowerBoundsMap": A.AffineMapAttr(lmap),
            "lowerBoundsGroups": groups(lgroups), "upperBoundsMap": A.AffineMapAttr(umap),
            "upperBoundsGroups": groups(ugroups), "steps": A.ArrayAttr([A.IntegerAttr(s) for s in steps])}
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, ops, types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        body = op.regions[0].blocks[0]
        lmap, umap = _map(op, "lowerBoundsMap"), _map(op, "upperBoundsMap")
        nl = lmap.num_inputs
        s = f" ({pr.values(body.args)}) = (" + _group_bound_text(pr, op, "lower", lmap, op.operands[:nl], "max")
        s += ") to (" + _group_bound_text(pr, op, "upper", umap, op.operands[nl:], "min") + ")"
        steps = [a.value for a in op.attributes["steps"]]
        if any(x != 1 for x in steps):
            s += " step (" + ", ".join(str(x) for x in steps) + ")"
        reds = [getattr(a, "value", -1) for a in op.attributes.get("reductions", ())]
        if reds:
            s += " reduce (" + ", ".join(f'"{_REDUCTIONS[r]}"' if 0 <= r < len(_REDUCTIONS) else str(r)
                                         for r in reds) + ")"
        if op.results:
            s += " -> (" + pr.types([r.type for r in op.results]) + ")"
        s += " " + pr.region_text(op.regions[0], False, bool(op.results))
        return s + pr.attr_dict_text(op.attributes, cls.props)


    @classmethod
    def verify(cls, op: Operation) -> None:
        a = op.attributes
        nargs = len(op.regions[0].blocks[0].args) if op.regions and op.regions[0].blocks else 0
        nl, nu = (getattr(getattr(a.get(k), "type", None), "shape", (0,))[0]
                  for k in ("lowerBoundsGroups", "upperBoundsGroups"))
        ns = len(a.get("steps", ()))
        if not nargs == nl == nu == ns:
            raise VerifyError(f"the number of region arguments ({nargs}) and the number of map groups for lower "
                              f"({nl}) and upper bound ({nu}), and the number of steps ({ns}) must all match", op)
        if len(a.get("reductions", ())) != len(op.results):
            raise VerifyError("a reduction must be specified for each output", op)
        lmap, umap = _map(op, "lowerBoundsMap"), _map(op, "upperBoundsMap")
        _check_symbols(op, op.operands[:lmap.num_inputs], lmap.num_dims)
        _check_symbols(op, op.operands[lmap.num_inputs:], umap.num_dims)


def _group_bound_text(pr: Any, op: Operation, which: str, amap: AF.AffineMap, operands: list[Any], kw: str) -> str:
    """printMinMaxBound: each group of the bound map, one expression bare, several as `kw(...)`."""
    g = op.attributes.get(f"{which}BoundsGroups")
    sizes = [int(v) for v in g.flat_values()] if g is not None else [1] * len(amap.results)
    parts, start = [], 0
    for n in sizes:
        sub = AF.AffineMap(amap.num_dims, amap.num_syms, amap.results[start:start + n])
        text = map_of_ssa_ids_text(pr, sub, operands)
        parts.append(text if n == 1 else f"{kw}({text})")
        start += n
    return ", ".join(parts)


