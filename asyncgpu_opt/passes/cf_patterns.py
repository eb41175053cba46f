"""Upstream's canonicalization patterns of the cf ops (``cf.br``, ``cf.cond_br``, ``cf.switch``, ``cf.assert``).

Same contract as ``canonical_patterns``: ``pattern(op, rw) -> bool``; a replaced branch is a new
branch inserted just before it (queued) and the old one erased.

* cf.br: ``simplifyBrToBlockWithSinglePred`` (a successor whose only predecessor is this block is
  merged into it, its arguments replaced by the operands); ``simplifyPassThroughBr`` (a successor
  holding only a ``cf.br`` is bypassed: ``collapse_branch``).
* cf.cond_br: ``SimplifyConstCondBranchPred`` (constant condition: ``cf.br`` to the successor
  taken); ``SimplifyPassThroughCondBranch``; ``SimplifyCondBranchIdenticalSuccessors`` (the same
  successor with the same operands: ``cf.br``; different operands and this block its unique
  predecessor: ``arith.select`` of each differing pair); ``SimplifyCondBranchFromCondBranchOnSameCondition``
  (the single predecessor ends in a ``cf.cond_br`` on the same condition: ``cf.br`` to the side
  it takes); ``CondBranchTruthPropagation`` (uses of the condition in a successor reached only
  from here become the constant ``true`` / ``false``).
* cf.switch: ``simplifySwitchWithOnlyDefault``; ``dropSwitchCasesThatMatchDefault``;
  ``simplifyConstSwitchValue`` (constant flag: ``cf.br`` to the case matching, else the
  default); ``simplifyPassThroughSwitch``; ``simplifySwitchFromSwitchOnSameCondition`` and
  ``simplifySwitchFromDefaultSwitchOnSameCondition`` (the single predecessor switches on the same
  flag: the case taken is known, or the cases it took elsewhere are dropped).
* cf.assert: erased when its argument is the constant ``true``.
"""

from __future__ import annotations

from typing import Any

from ..dialects import cf
from ..dialects._fold import constant_of, int_value, materialize
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, BlockArgument, Operation, Value


def _single_pred(b: Block, rw: Any) -> Block | None:
    """``getSinglePredecessor``: one predecessor edge (two edges from one block do not count);
    from the driver's predecessor index (``rw.pred_edges``: pred -> edge count)."""
    edges = rw.pred_edges(b)
    if len(edges) != 1:
        return None
    pred, n = next(iter(edges.values()))
    return pred if n == 1 else None


def _unique_pred(b: Block, rw: Any) -> Block | None:
    """``getUniquePredecessor``: every predecessor edge comes from the same block."""
    edges = rw.pred_edges(b)
    return next(iter(edges.values()))[0] if len(edges) == 1 else None


def _same(a: list[Value], b: list[Value]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def collapse_branch(dest: Block, operands: list[Value]) -> tuple[Block, list[Value]] | None:
    """``collapseBranch``: when ``dest`` holds only a ``cf.br`` (not to itself, nor starting a
    chain of ``cf.br`` that comes back) whose block arguments are used by nothing else, its
    destination and the operands remapped; else None."""
    if len(dest.ops) != 1 or dest.ops[0].opdef is not cf.BranchOp:
        return None
    br = dest.ops[0]
    if any(u is not br for a in dest.args for u, _ in a.uses):
        return None
    target = br.successors[0]
    if target is dest:
        return None
    seen = {id(dest), id(target)}  # (nor into a cycle of branches: that would never end)
    nxt = target.terminator
    while nxt is not None and nxt.opdef is cf.BranchOp:
        b = nxt.successors[0]
        if id(b) in seen:
            return None
        seen.add(id(b))
        nxt = b.terminator
    new = [operands[v.index] if type(v) is BlockArgument and v.block is dest else v for v in br.operands]
    return target, new


def _uses_in(dest: Block, v: Value) -> list[tuple[Operation, int]]:
    """The uses of ``v`` by the ops of ``dest`` (not nested), in block order."""
    return [(o, i) for o in dest.ops for i, x in enumerate(o.operands) if x is v]


def _br(op: Operation, dest: Block, operands: list[Value]) -> Operation:
    return Operation.create("cf.br", list(operands), (), {}, (), [dest], loc=op.loc, opdef=cf.BranchOp)


def _cond_br(op: Operation, cond: Value, t: Block, tv: list[Value], f: Block, fv: list[Value]) -> Operation:
    attrs: dict[str, Any] = {}
    w = op.attributes.get("branch_weights")  # (kept, as upstream's pass-through pattern does)
    if w is not None:
        attrs["branch_weights"] = w
    attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [1, len(tv), len(fv)])
    return Operation.create("cf.cond_br", [cond, *tv, *fv], (), attrs, (), [t, f], loc=op.loc,
                            opdef=cf.CondBranchOp)


def _replace_with(op: Operation, new: Operation, rw: Any) -> bool:
    """``replaceOpWithNewOp`` for a terminator (no results)."""
    rw.insert_before(op, [new])
    rw.erase(op)
    return True


# ----- cf.br ----------------------------------------------------------------------------------------
def br_to_block_with_single_pred(op: Operation, rw: Any) -> bool:
    succ, here = op.successors[0], op.parent
    if succ is here or _single_pred(succ, rw) is None:
        return False
    for a, v in zip(succ.args, op.operands):
        rw.replace_uses(a, v)
    rw.merge_block(succ, here)
    rw.erase(op)
    return True


def pass_through_br(op: Operation, rw: Any) -> bool:
    dest = op.successors[0]
    if dest is op.parent:
        return False
    c = collapse_branch(dest, list(op.operands))
    return c is not None and _replace_with(op, _br(op, *c), rw)


# ----- cf.cond_br -----------------------------------------------------------------------------------
def _sides(op: Operation) -> tuple[Block, list[Value], Block, list[Value]]:
    d = cf.CondBranchOp
    return op.successors[0], list(d.successor_operands(op, 0)), op.successors[1], list(d.successor_operands(op, 1))


def const_cond_branch(op: Operation, rw: Any) -> bool:
    c = int_value(constant_of(op.operands[0]))
    if c is None:
        return False
    t, tv, f, fv = _sides(op)
    return _replace_with(op, _br(op, t, tv) if c != 0 else _br(op, f, fv), rw)


def pass_through_cond_branch(op: Operation, rw: Any) -> bool:
    t, tv, f, fv = _sides(op)
    ct, cf_ = collapse_branch(t, tv), collapse_branch(f, fv)
    if ct is None and cf_ is None:
        return False
    t, tv = ct or (t, tv)
    f, fv = cf_ or (f, fv)
    return _replace_with(op, _cond_br(op, op.operands[0], t, tv, f, fv), rw)


def cond_branch_identical_successors(op: Operation, rw: Any) -> bool:
    t, tv, f, fv = _sides(op)
    if t is not f:
        return False
    if _same(tv, fv):
        return _replace_with(op, _br(op, t, tv), rw)
    if _unique_pred(t, rw) is not op.parent:
        return False
    from ..dialects import arith  # (only here)
    cond = op.operands[0]
    merged: list[Value] = []
    for a, b in zip(tv, fv):
        if a is b:
            merged.append(a)
            continue
        sel = Operation.create("arith.select", [cond, a, b], [a.type], loc=op.loc, opdef=arith.SelectOp)
        rw.insert_before(op, [sel])
        merged.append(sel.results[0])
    return _replace_with(op, _br(op, t, merged), rw)


def cond_branch_from_same_condition(op: Operation, rw: Any) -> bool:
    here = op.parent
    pred = _single_pred(here, rw)
    if pred is None:
        return False
    pb = pred.terminator
    if pb is None or pb.opdef is not cf.CondBranchOp or pb.operands[0] is not op.operands[0]:
        return False
    t, tv, f, fv = _sides(op)
    return _replace_with(op, _br(op, t, tv) if here is pb.successors[0] else _br(op, f, fv), rw)


def cond_branch_truth_propagation(op: Operation, rw: Any) -> bool:
    cond = op.operands[0]
    replaced = False
    for dest, value in ((op.successors[0], 1), (op.successors[1], 0)):
        if _single_pred(dest, rw) is None:
            continue
        const: Operation | None = None
        # the uses in ``dest``, found from its ops (a scan of the condition's uses would cost the
        # whole function per branch); in use order, as upstream walks them
        mine = {id(o) for o in dest.ops}
        for user, i in [(u, i) for u, i in cond.uses if id(u) in mine] if len(cond.uses) <= len(dest.ops) \
                else _uses_in(dest, cond):
            if const is None:
                const = materialize("arith", A.IntegerAttr(value, T.i1), T.i1)
                assert const is not None
                const.loc = op.loc
                rw.insert_before(op, [const])
            user.set_operand(i, const.results[0])
            rw.modified(user)
            replaced = True
    return replaced


# ----- cf.switch ------------------------------------------------------------------------------------
def _cases(op: Operation) -> list[tuple[int, Block, list[Value]]]:
    cv = op.attributes.get("case_values")
    vals = cv.flat_values() if cv is not None else []
    return [(v, op.successors[i + 1], list(cf.SwitchOp.successor_operands(op, i + 1))) for i, v in enumerate(vals)]


def _switch(op: Operation, dest: Block, dv: list[Value], cases: list[tuple[int, Block, list[Value]]]) -> Operation:
    flag = op.operands[0]
    ops = [v for _, _, vs in cases for v in vs]
    attrs: dict[str, Any] = {}
    new = cf.SwitchOp.build(flag, dv, [v for v, _, _ in cases], flag.type, ops, [len(vs) for _, _, vs in cases],
                            [dest, *(b for _, b, _ in cases)], attrs)
    new.loc = op.loc
    return new


def _default(op: Operation) -> tuple[Block, list[Value]]:
    return op.successors[0], list(cf.SwitchOp.successor_operands(op, 0))


def switch_with_only_default(op: Operation, rw: Any) -> bool:
    if len(op.successors) != 1:
        return False
    return _replace_with(op, _br(op, *_default(op)), rw)


def drop_switch_cases_that_match_default(op: Operation, rw: Any) -> bool:
    d, dv = _default(op)
    cases = _cases(op)
    kept = [c for c in cases if not (c[1] is d and _same(c[2], dv))]
    if len(kept) == len(cases):
        return False
    return _replace_with(op, _switch(op, d, dv, kept), rw)


def _fold_switch(op: Operation, value: int, rw: Any) -> bool:
    for v, b, vs in _cases(op):
        if v == value:
            return _replace_with(op, _br(op, b, vs), rw)
    return _replace_with(op, _br(op, *_default(op)), rw)


def _flag_width(op: Operation) -> int:
    return getattr(op.operands[0].type, "width", 64)


def _norm(v: int, w: int) -> int:
    """(the APInt bits, as compared upstream)"""
    return v & ((1 << w) - 1)


def const_switch_value(op: Operation, rw: Any) -> bool:
    c = int_value(constant_of(op.operands[0]))
    if c is None:
        return False
    w = _flag_width(op)
    for v, b, vs in _cases(op):
        if _norm(v, w) == _norm(c, w):
            return _replace_with(op, _br(op, b, vs), rw)
    return _replace_with(op, _br(op, *_default(op)), rw)


def pass_through_switch(op: Operation, rw: Any) -> bool:
    changed = False
    cases = []
    for v, b, vs in _cases(op):
        c = collapse_branch(b, vs)
        if c is not None:
            changed = True
            b, vs = c
        cases.append((v, b, vs))
    d, dv = _default(op)
    c = collapse_branch(d, dv)
    if c is not None:
        changed = True
        d, dv = c
    return changed and _replace_with(op, _switch(op, d, dv, cases), rw)


def _pred_switch(op: Operation, rw: Any) -> Operation | None:
    pred = _single_pred(op.parent, rw)
    ps = pred.terminator if pred is not None else None
    if ps is None or ps.opdef is not cf.SwitchOp or ps.operands[0] is not op.operands[0]:
        return None
    return ps


def switch_from_switch_on_same_condition(op: Operation, rw: Any) -> bool:
    here = op.parent
    ps = _pred_switch(op, rw)
    if ps is None or ps.successors[0] is here:
        return False
    for v, b, _ in _cases(ps):
        if b is here:
            w = _flag_width(op)
            for v2, b2, vs2 in _cases(op):
                if _norm(v2, w) == _norm(v, w):
                    return _replace_with(op, _br(op, b2, vs2), rw)
            break
    return _replace_with(op, _br(op, *_default(op)), rw)


def switch_from_default_switch_on_same_condition(op: Operation, rw: Any) -> bool:
    here = op.parent
    ps = _pred_switch(op, rw)
    if ps is None or ps.successors[0] is not here:
        return False
    w = _flag_width(op)
    drop = {_norm(v, w) for v, b, _ in _cases(ps) if b is not here}
    cases = _cases(op)
    kept = [c for c in cases if _norm(c[0], w) not in drop]
    if len(kept) == len(cases):
        return False
    return _replace_with(op, _switch(op, *_default(op), kept), rw)


# ----- cf.assert ------------------------------------------------------------------------------------
def assert_true(op: Operation, rw: Any) -> bool:
    """``AssertOp::canonicalize``: an assertion of the constant ``true`` is erased."""
    c = int_value(constant_of(op.operands[0]))
    if c is None or c == 0:
        return False
    rw.erase(op)
    return True


PATTERNS = {
    cf.AssertOp: (assert_true,),
    cf.BranchOp: (br_to_block_with_single_pred, pass_through_br),
    cf.CondBranchOp: (const_cond_branch, pass_through_cond_branch, cond_branch_identical_successors,
                      cond_branch_from_same_condition, cond_branch_truth_propagation),
    cf.SwitchOp: (switch_with_only_default, drop_switch_cases_that_match_default, const_switch_value,
                  pass_through_switch, switch_from_switch_on_same_condition,
                  switch_from_default_switch_on_same_condition),
}
