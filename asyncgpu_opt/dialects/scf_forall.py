"""scf.forall and its terminator scf.forall.in_parallel (SCFOps.td).

Grammar (custom form)::

    scf.forall `(` ivs `)` `in` `(` ub-list `)` shared-outs? region attr-dict
    scf.forall `(` ivs `)` `=` `(` lb-list `)` `to` `(` ub-list `)` `step` `(` step-list `)`
               shared-outs? region attr-dict
    shared-outs ::= `shared_outs` `(` %arg `=` %init (`,` ...)* `)` (`->` types)?
    scf.forall.in_parallel region attr-dict

Each bound list mixes SSA values and integers (``custom<DynamicIndexList>`` in parentheses): the
integers go to ``staticLowerBound`` / ``staticUpperBound`` / ``staticStep``, the values to the
dynamic operand groups.  The ``in`` form is the normalized loop (lower bounds 0, steps 1); the
printer uses it whenever every lower bound is a constant 0 and every step a constant 1, static or
defined by a constant op, as upstream's ``isNormalized``.  The region's arguments are the
induction variables (index) then one per shared output; the terminator is implied in the custom
form and printed only when the loop has results."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region
from ..ir.opdef import OpDef, VerifyError, variadic
from ..syntax.custom_directives import parse_dynamic_index_list
from ._regions import init_list_text, parse_init_list, parse_optional_arrow_types
from .gpu_mapping import is_mapping, is_masking

_BOUNDS = (("dynamicLowerBound", "staticLowerBound", "lower bound"),
           ("dynamicUpperBound", "staticUpperBound", "upper bound"),
           ("dynamicStep", "staticStep", "step"))


def _bound_list(p: Any) -> tuple[list[Any], list[int]]:
    refs, static = parse_dynamic_index_list(p, "()")
    return [p.resolve(r, T.index) for r in refs], static


def _constant_of(v: Any) -> int | None:
    """The integer a ConstantLike op defines for ``v`` (getConstantIntValue), else None."""
    d = getattr(v, "op", None)
    if d is None or d.opdef is None or "ConstantLike" not in d.opdef.traits:
        return None
    c = d.attributes.get("value")
    return c.value if isinstance(c, A.IntegerAttr) else None


def _static(op: Operation, name: str) -> list[int]:
    a = op.attributes.get(name)
    return list(a.values) if isinstance(a, A.DenseArrayAttr) else []


def mixed_bounds(op: Operation, which: int) -> list[Any]:
    """Lower bounds (0), upper bounds (1) or steps (2): ints where static, Values where dynamic."""
    dyn_name, static_name, _ = _BOUNDS[which]
    it = iter(ForallOp.operand_group(op, dyn_name))
    return [next(it) if s == T.DYNAMIC else s for s in _static(op, static_name)]


def _all_equal(vals: list[Any], n: int) -> bool:
    return all((v if isinstance(v, int) else _constant_of(v)) == n for v in vals)


def _ensure_terminator(region: Region) -> None:
    """ForallOp::ensureTerminator: an ``scf.forall.in_parallel`` with an empty body unless the
    block already ends with a terminator."""
    if not region.blocks:
        region.add_block(Block())
    b = region.blocks[-1]
    if not b.ops or not b.ops[-1].is_terminator():
        b.append(Operation.create(InParallelOp.name, regions=[Region([Block()])]))


def rank(op: Operation) -> int:
    return len(_static(op, "staticLowerBound"))


class ForallOp(OpDef):
    name = "scf.forall"
    operands = (variadic("dynamicLowerBound", T.index), variadic("dynamicUpperBound", T.index),
                variadic("dynamicStep", T.index), variadic("outputs"))
    results = (variadic("results"),)
    props = ("staticLowerBound", "staticUpperBound", "staticStep", "mapping", "operandSegmentSizes")
    regions = ("region",)
    traits = frozenset({"AutomaticAllocationScope", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator",
                        "LoopLikeOpInterface", "RegionBranchOpInterface", "DestinationStyleOpInterface",
                        "HasParallelRegion"})
    region_runs = "loop"
    implicit_terminator = "scf.forall.in_parallel"
    prop_kinds = {"staticLowerBound": A.DenseArrayAttr, "staticUpperBound": A.DenseArrayAttr,
                  "staticStep": A.DenseArrayAttr, "mapping": A.ArrayAttr}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ivs = p.parse_operand_list("()")
        groups: list[tuple[list[Any], list[int]]]
        if p.parse_optional_keyword("in"):
            ubs = _bound_list(p)
            n = len(ivs)
            groups = [([], [0] * n), ubs, ([], [1] * n)]
        else:
            p.parse_punct("=")
            lbs = _bound_list(p)
            p.parse_keyword("to")
            ubs = _bound_list(p)
            p.parse_keyword("step")
            groups = [lbs, ubs, _bound_list(p)]
        out_args: list[Any] = []
        outs: list[Any] = []
        types: list[T.Type] = []
        if p.peek("shared_outs"):
            pos = p.skip()
            p.parse_keyword("shared_outs")
            out_args, refs = parse_init_list(p)
            types = parse_optional_arrow_types(p)
            if len(refs) != len(types):
                raise p.error(f"custom op 'scf.forall' number of operands and types do not match: got {len(refs)} "
                              f"operands and {len(types)} types", pos)
            outs = [p.resolve(r, t) for r, t in zip(refs, types)]
        entry = [(iv, T.index, None) for iv in ivs] + [(a, t, None) for a, t in zip(out_args, types)]
        region = p.parse_region(entry_args=entry)
        _ensure_terminator(region)
        attrs = p.parse_optional_attr_dict()
        if not isinstance(attrs.get("mapping", A.ArrayAttr([])), A.ArrayAttr):
            del attrs["mapping"]  # (upstream drops an inherent attribute its property cannot hold)
        for (_, static), (_, name, _) in zip(groups, _BOUNDS):
            attrs[name] = A.DenseArrayAttr(T.i64, static)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(g[0]) for g in groups] + [len(outs)])
        operands = groups[0][0] + groups[1][0] + groups[2][0] + outs
        return Operation.create(cls.name, operands, types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        body = op.regions[0].blocks[0]
        n = rank(op)

        def bounds(which: int) -> str:
            return "(" + ", ".join(str(b) if isinstance(b, int) else pr.value(b)
                                   for b in mixed_bounds(op, which)) + ")"

        s = f" ({pr.values(body.args[:n])})"
        if _all_equal(mixed_bounds(op, 0), 0) and _all_equal(mixed_bounds(op, 2), 1):
            s += " in " + bounds(1)
        else:
            s += f" = {bounds(0)} to {bounds(1)} step {bounds(2)}"
        s += init_list_text(pr, body.args[n:], cls.operand_group(op, "outputs"), " shared_outs")
        s += " "
        if body.args[n:]:
            s += "-> (" + pr.types([r.type for r in op.results]) + ") "
        s += pr.region_text(op.regions[0], False, bool(op.results))
        return s + pr.attr_dict_text(op.attributes, ("operandSegmentSizes", "staticLowerBound",
                                                     "staticUpperBound", "staticStep"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        """The ODS attribute constraints, then ForallOp::verify (in upstream's order)."""
        for _, name, _ in _BOUNDS:
            a = op.attributes.get(name)
            if a is None:
                raise VerifyError(f"requires attribute '{name}'", op)
            if not (isinstance(a, A.DenseArrayAttr) and a.element_type == T.i64):
                raise VerifyError(f"attribute '{name}' failed to satisfy constraint: i64 dense array attribute", op)
        mapping = op.attributes.get("mapping")
        if mapping is not None and not (isinstance(mapping, A.ArrayAttr) and all(
                is_mapping(e) or is_masking(e) for e in mapping.elements)):
            raise VerifyError("attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute", op)
        outs = cls.operand_group(op, "outputs")
        for v in outs:
            if not isinstance(v.type, T.TensorType):
                raise VerifyError(f"operand #{op.operands.index(v)} must be variadic of ranked tensor of any type "
                                  f"values, but got '{v.type}'", op)
        r = op.regions[0]
        if len(r.blocks) != 1:
            raise VerifyError("region #0 ('region') failed to verify constraint: region with 1 blocks", op)
        n = rank(op)
        if len(op.results) != len(outs):
            raise VerifyError(f"produces {len(op.results)} results, but has only {len(outs)} outputs", op)
        args = r.blocks[0].args
        if len(args) != n + len(outs):
            raise VerifyError(f"region expects {n} arguments", op)
        for i in range(n):
            if args[i].type != T.index:
                raise VerifyError(f"expects {i}-th block argument to be an index", op)
        for i, v in enumerate(outs):
            if args[n + i].type != v.type:
                raise VerifyError(f"type mismatch between {i}-th output and corresponding block argument", op)
        if isinstance(mapping, A.ArrayAttr) and mapping.elements:
            if sum(1 for e in mapping.elements if is_mapping(e)) != n:
                raise VerifyError("mapping attribute size must match op rank", op)
            if sum(1 for e in mapping.elements if is_masking(e)) > 1:
                raise VerifyError("\"mapping\" supports at most one device masking attribute", op)
        for dyn_name, static_name, what in _BOUNDS:
            static = _static(op, static_name)
            if len(static) != n:
                raise VerifyError(f"expected {n} {what} values, got {len(static)}", op, raw=True)
            ndyn = sum(1 for s in static if s == T.DYNAMIC)
            have = len(cls.operand_group(op, dyn_name))
            if have != ndyn:
                raise VerifyError(f"expected {ndyn} dynamic {what} values", op, raw=True)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        """SingleBlockImplicitTerminator (a region trait: after the nested ops)."""
        b = op.regions[0].blocks[0]
        if not b.ops:
            raise VerifyError("expects a non-empty block", op)
        last = b.ops[-1]
        if last.name != cls.implicit_terminator:
            raise VerifyError(f"expects regions to end with '{cls.implicit_terminator}', found '{last.name}'", op,
                              [(op.loc, f"in custom textual format, the absence of terminator implies "
                                        f"'{cls.implicit_terminator}'")])


class InParallelOp(OpDef):
    """scf.forall.in_parallel region attr-dict: a graph region of parallel-combining ops."""

    name = "scf.forall.in_parallel"
    regions = ("region",)
    traits = frozenset({"Pure", "Terminator", "HasParent", "NoTerminator", "SingleBlock", "HasOnlyGraphRegion"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        region = p.parse_region(entry_args=[])
        if not region.blocks:
            region.add_block(Block())
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, (), (), attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return " " + pr.region_text(op.regions[0], False, False) + pr.attr_dict_text(op.attributes)

    @classmethod
    def verify_parent(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is not None and parent.name != ForallOp.name:
            raise VerifyError(f"expects parent op '{ForallOp.name}'", op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        cls.verify_parent(op)
        r = op.regions[0]
        if len(r.blocks) != 1:
            raise VerifyError("region #0 ('region') failed to verify constraint: region with 1 blocks", op)
        if r.blocks[0].ops:
            # ParallelCombiningOpInterface: tensor.parallel_insert_slice, which we do not define
            raise VerifyError("expected only ParallelCombiningOpInterface ops", op)
