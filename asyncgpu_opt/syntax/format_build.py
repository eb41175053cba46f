"""Building an op from what its format parsed: operands resolved with explicit, fixed or inferred
types, segment sizes, default attributes, implicit terminators."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region


class State:
    async_kw_pos: int | None = None  # set by custom<AsyncDependencies> when `async` is present
    operands_pos: int = 0  # where the `operands` directive's list starts

    def __init__(self) -> None:
        self.operands: dict[str, list[Any]] = {}
        self.operand_types: dict[str, list[T.Type]] = {}
        self.result_types: dict[str, list[T.Type]] = {}
        self.attrs: dict[str, A.Attribute] = {}
        self.regions: dict[str, Any] = {}
        self.successors: dict[str, list[Any]] = {}
        self.all_operand_types: list[T.Type] | None = None
        self.all_result_types: list[T.Type] | None = None



def _build_plan(opdef: Any) -> tuple[Any, ...]:
    """What ``build_from_state`` needs of an op definition, computed once per class."""
    plan = opdef.__dict__.get("_build_plan")
    if plan is None or plan[-1] is not opdef.operands or plan[-2] is not opdef.results:
        plan = (tuple((a.name, a.type) for a in opdef.operands if a.type is not None),
                tuple((a.name, a.type) for a in opdef.results if a.type is not None and a.kind == "single"),
                opdef.results, opdef.operands)
        opdef._build_plan = plan
    return plan


def build_from_state(p: Any, opdef: Any, st: State, start: int, _n_results_named: int = 0) -> Operation:
    """Resolve operands (types explicit, fixed, or inferred) and create the op (the last argument
    is unused, kept for callers)."""
    known = _known_types(opdef, st)
    operands, seg = _resolve_operands(p, opdef, st, known, start)
    result_types: list[T.Type] = []
    rseg: list[int] = []
    for a in opdef.results:
        ts = known.get(a.name)
        if ts is None:
            if a.kind == "single":
                raise p.error(f"cannot infer the result type of '{opdef.name}'", start)
            ts = []
        result_types.extend(ts)
        rseg.append(len(ts))
    attrs = st.attrs
    if opdef.needs_operand_segments():
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, seg)
    if opdef.needs_result_segments():
        attrs["resultSegmentSizes"] = A.DenseArrayAttr(T.i32, rseg)
    if opdef.default_attrs:
        for k, v in opdef.default_attrs.items():
            attrs.setdefault(k, v)
    if opdef.regions:
        st_regions = st.regions
        regions = [st_regions.get(r) or Region() for r in opdef.regions]
    else:
        regions = []
    succ: list[Any] = []
    for v in st.successors.values():
        succ.extend(v)
    op = Operation.create(opdef.name, operands, result_types, attrs, regions, succ, opdef=opdef)
    if opdef.implicit_terminator is not None:
        for r in op.regions:
            ensure_terminator(r, opdef.implicit_terminator)
    return op


def _known_types(opdef: Any, st: State) -> dict[str, Any]:
    """Group name -> types: parsed, fixed by the definition, distributed from ``type(operands)``
    / ``type(results)``, or inferred (``opdef.infer``, iterated to a fixpoint)."""
    fixed_operands, fixed_results = _build_plan(opdef)[:2]
    known: dict[str, Any] = {**st.operand_types, **st.result_types}
    known["$attrs"] = st.attrs
    # fixed types
    for name, ty in fixed_operands:
        if name not in known:
            known[name] = [ty] * len(st.operands.get(name, ()))
    for name, ty in fixed_results:
        if name not in known:
            known[name] = [ty]
    if st.all_operand_types is not None and "$all" not in st.operands:
        # type(operands) with named operand groups: distribute in order
        ts = list(st.all_operand_types)
        for a in opdef.operands:
            n = len(st.operands.get(a.name, []))
            known[a.name] = ts[:n]
            ts = ts[n:]
    if st.all_result_types is not None:
        ts = list(st.all_result_types)
        var = [a for a in opdef.results if a.kind != "single"]
        for a in opdef.results:
            if a.kind == "single":
                known[a.name] = ts[:1]
                ts = ts[1:]
            else:
                known[a.name] = ts if a is var[-1] else []
    # inference rules, iterated to a fixpoint
    infer = opdef.infer
    for _ in range(3 if infer else 0):
        if not [n for n in infer if n not in known]:
            break
        for name, fn in infer.items():
            if name not in known:
                try:
                    r = fn(known)
                except (KeyError, IndexError, AttributeError, TypeError):
                    continue
                if r is None:
                    continue
                if isinstance(r, T.Type):
                    n = len(st.operands.get(name, [])) if name in opdef._operand_index else 1
                    if name in opdef._result_index and opdef.results[opdef._result_index[name]].kind != "single":
                        r = [r]
                    else:
                        optional_group = name in opdef._operand_index and \
                            opdef.operands[opdef._operand_index[name]].kind == "optional"
                        r = [r] * (n if optional_group else max(n, 1)) if name in opdef._operand_index else [r]
                known[name] = list(r)
    return known


def _resolve_operands(p: Any, opdef: Any, st: State, known: dict[str, Any], start: int
                      ) -> tuple[list[Any], list[int]]:
    """The operand values in definition order, and the size of each group."""
    infer = opdef.infer
    operands: list[Any] = []
    seg: list[int] = []
    if "$all" in st.operands:
        refs = st.operands["$all"]
        all_ts = st.all_operand_types
        if all_ts is None:  # `operands` typed group by group (`type($a)`, fixed or inferred)
            all_ts = [t for a in opdef.operands for t in (known.get(a.name) or ())]
            if len(all_ts) != len(refs):
                raise p.error(f"custom op '{opdef.name}' number of operands and types do not match: got "
                              f"{len(refs)} operands and {len(all_ts)} types", st.operands_pos)
        if len(all_ts) != len(refs):
            raise p.error(f"{len(refs)} operands present, but expected {len(all_ts)}", start)
        operands = [p.resolve(r, t) for r, t in zip(refs, all_ts)]
    else:
        st_operands = st.operands
        lookup = p.lookup
        for a in opdef.operands:
            refs = st_operands.get(a.name) or []
            ts: list[T.Type] | None = known.get(a.name)
            if len(refs) == 1 and ts is not None and len(ts) == 1:  # the common case
                operands.append(lookup(refs[0], ts[0]))
                seg.append(1)
                continue
            if ts is None:
                if refs:
                    raise p.error(f"cannot infer the type of operand group '{a.name}' of '{opdef.name}'", start)
                ts = []
            if len(ts) != len(refs):
                if len(ts) == 1 and a.kind != "single" and len(refs) > 1 and a.name in infer:
                    ts = ts * len(refs)
                else:
                    raise p.error(f"{len(refs)} operands present, but expected {len(ts)}", start)
            for r, t in zip(refs, ts):
                operands.append(p.resolve(r, t))
            seg.append(len(refs))
    return operands, seg


def ensure_terminator(region: Any, name: str) -> None:
    """Append ``name`` (an op without operands) to the last block of ``region`` unless it ends in a
    terminator; an empty region gets an empty block first."""
    if not region.blocks:
        region.add_block(Block())
    b = region.blocks[-1]
    if not b.ops or not b.ops[-1].is_terminator():
        b.append(Operation.create(name))
