"""Upstream canonicalization patterns of the memref and gpu ops our programs use, by op class.

A pattern is ``pattern(op, rw) -> bool`` (True: it rewrote); ``rw`` is the driver's rewriter
(``erase``, ``replace``, ``insert_before``).  ``patterns_of(opdef)`` gives an op's, in upstream's
order.

* memref.alloc / memref.alloca, ``SimplifyAllocConst``: dynamic sizes given by non-negative
  constants become static; the new allocation is cast back to the old type (``memref.cast``);
  ``SimplifyDeadAlloc``: an allocation only stored into (as the memref) and deallocated is erased
  with those users.
* scf.if, ``RemoveStaticCondition``: with a constant condition, the region taken is inlined
  before it (its yielded values replace the results), or the op erased (false, no else region).
* scf.for, ``SimplifyTrivialLoops``: bounds the same value, or constant with no iteration: the
  loop is replaced by its initial values; one iteration (constant bounds and step): its body is
  inlined (the induction variable the lower bound); an empty body iterating at least once that
  yields values from outside: replaced by them.
* scf.forall, ``ForallOpControlOperandsFolder``: constant dynamic bounds and steps become static.
* gpu.launch, ``FoldLaunchArguments``: a block or thread id whose range (grid or block size) is
  the constant 1 is replaced by a ``0`` constant made at the start of the body.
* gpu.memcpy, ``EraseTrivialCopyOp``: a copy into an allocation used only by the copy and by
  deallocations is erased (its token replaced by its one dependency; with no dependency it must
  have no token).
* cf.br / cf.cond_br / cf.switch: ``cf_patterns``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dialects import gpu, memref, scf, scf_forall
from ..dialects._fold import constant_of, int_value, materialize
from ..ir import types as T
from ..ir.attributes import DenseArrayAttr, IntegerAttr
from ..ir.core import Operation, OpResult, Value
from .cf_patterns import PATTERNS as CF_PATTERNS

Pattern = Callable[[Operation, Any], bool]


def _single_effect(op: Operation, v: Value, kind: str) -> bool:
    """``hasSingleEffect<kind>(op, v)``: the op's declared effects on ``v`` are all ``kind``, and
    there is one."""
    d = op.opdef
    if d is None or d.effects is None:
        return False
    found = False
    for k, group in d.effects:
        vals = d.result_group(op, group) if group in d._result_index else d.operand_group(op, group)
        if any(x is v for x in vals):
            if k != kind:
                return False
            found = True
    return found


def simplify_alloc_const(op: Operation, rw: Any) -> bool:
    d = op.opdef
    assert d is not None
    sizes = d.operand_group(op, "dynamicSizes")
    consts = [int_value(constant_of(s)) for s in sizes]
    if not any(c is not None and c >= 0 for c in consts):
        return False
    mt = op.results[0].type
    shape: list[int] = []
    kept: list[Value] = []
    k = 0
    for dim in mt.shape:
        if dim != T.DYNAMIC:
            shape.append(dim)
            continue
        c = consts[k]
        if c is not None and c >= 0:
            shape.append(c)
        else:
            shape.append(T.DYNAMIC)
            kept.append(sizes[k])
        k += 1
    nt = T.MemRefType(shape, mt.element_type, mt.layout, mt.memory_space)
    symbols = d.operand_group(op, "symbolOperands")
    attrs = {n: a for n, a in op.attributes.items() if n != "operandSegmentSizes"}
    attrs["operandSegmentSizes"] = DenseArrayAttr(T.i32, (len(kept), len(symbols)))
    new = Operation.create(op.name, [*kept, *symbols], [nt], attrs, loc=op.loc, opdef=d)
    cast = Operation.create("memref.cast", [new.results[0]], [mt], loc=op.loc, opdef=memref.CastOp)
    rw.insert_before(op, [new, cast])
    rw.replace(op, [cast.results[0]])
    return True


def simplify_dead_alloc(op: Operation, rw: Any) -> bool:
    v = op.results[0]
    for u, _ in v.uses:  # (stops at the first other use)
        if u.opdef is memref.StoreOp:
            if u.operands[0] is v:
                return False
        elif u.opdef is not memref.DeallocOp:
            return False
    for u in v.users():
        rw.erase(u)
    rw.erase(op)
    return True


def erase_trivial_copy(op: Operation, rw: Any) -> bool:
    dst = gpu.MemcpyOp.operand_group(op, "dst")[0]
    if type(dst) is not OpResult or not _single_effect(dst.op, dst, "alloc"):
        return False
    if any(u is not op and not _single_effect(u, dst, "free") for u, _ in dst.uses):  # (stops at the first)
        return False
    deps = gpu.MemcpyOp.deps(op)
    tok = gpu.MemcpyOp.token(op)
    if len(deps) > 1 or (not deps and tok is not None) or (deps and tok is None):
        return False
    if tok is None:
        rw.erase(op)
    else:
        rw.replace(op, [deps[0]])
    return True


def _replace_with_region(op: Operation, region: Any, args: list[Value], rw: Any) -> None:
    """``replaceOpWithRegion``: the single block of ``region`` inlined before ``op`` (its arguments
    replaced by ``args``), its terminator's operands replacing ``op``'s results."""
    block = region.blocks[0]
    for a, v in zip(block.args, args):
        a.replace_all_uses_with(v)
    ops = block.detach_all()
    term = ops.pop()
    rw.insert_before(op, ops)
    rw.replace(op, list(term.operands))
    rw.erase(term)


def remove_static_condition(op: Operation, rw: Any) -> bool:
    c = int_value(constant_of(op.operands[0]))
    if c is None:
        return False
    then_r, else_r = op.regions
    if c:
        _replace_with_region(op, then_r, [], rw)
    elif else_r.blocks:
        _replace_with_region(op, else_r, [], rw)
    else:
        rw.erase(op)
    return True


def simplify_trivial_loops(op: Operation, rw: Any) -> bool:
    lb, ub, step = op.operands[:3]
    inits = op.operands[3:]
    if lb is ub:
        rw.replace(op, list(inits))
        return True
    lo, hi = int_value(constant_of(lb)), int_value(constant_of(ub))
    if lo is None or hi is None:
        return False
    w = 64 if isinstance(lb.type, T.IndexType) else lb.type.width
    if "unsignedCmp" in op.attributes:
        diff = (hi & ((1 << w) - 1)) - (lo & ((1 << w) - 1))
    else:
        diff = hi - lo
    if diff <= 0:
        rw.replace(op, list(inits))
        return True
    st = int_value(constant_of(step))
    if st is None:
        return False
    if st >= diff:
        _replace_with_region(op, op.regions[0], [lb, *inits], rw)
        return True
    body = op.regions[0].blocks[0]
    if len(body.ops) != 1:
        return False
    yielded = list(body.ops[0].operands)
    if any(op.is_ancestor_of(v.op) if type(v) is OpResult else _inside(op, v) for v in yielded):
        return False
    rw.replace(op, yielded)
    return True


def _inside(op: Operation, v: Value) -> bool:
    """A block argument of a block nested in ``op``."""
    b = v.owner
    p = b.parent_op if b is not None else None
    return p is not None and (p is op or op.is_ancestor_of(p))


_FORALL_LISTS = (("dynamicLowerBound", "staticLowerBound"), ("dynamicUpperBound", "staticUpperBound"),
                 ("dynamicStep", "staticStep"))


def forall_control_operands(op: Operation, rw: Any) -> bool:
    d = scf_forall.ForallOp
    lists = []
    changed = False
    for dyn, static in _FORALL_LISTS:
        it = iter(d.operand_group(op, dyn))
        new_static: list[int] = []
        new_dyn: list[Value] = []
        for s in op.attributes[static].values:
            if s != T.DYNAMIC:
                new_static.append(s)
                continue
            v = next(it)
            c = int_value(constant_of(v))
            if c is None:
                new_static.append(T.DYNAMIC)
                new_dyn.append(v)
            else:
                new_static.append(c)
                changed = True
        lists.append((static, new_static, new_dyn))
    if not changed:
        return False
    outputs = d.operand_group(op, "outputs")
    attrs = dict(op.attributes)
    for static, new_static, _ in lists:
        attrs[static] = DenseArrayAttr(T.i64, new_static)
    attrs["operandSegmentSizes"] = DenseArrayAttr(T.i32, [len(x[2]) for x in lists] + [len(outputs)])
    op.attributes = attrs
    op.set_operands([v for x in lists for v in x[2]] + list(outputs))
    rw.modified(op)
    return True


_LAUNCH_SIZES = ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ")


def fold_launch_arguments(op: Operation, rw: Any) -> bool:
    body = op.regions[0].blocks[0]
    zero: Operation | None = None
    for i, group in enumerate(_LAUNCH_SIZES):  # block ids are the body's arguments 0-2, thread ids 3-5
        size = gpu.LaunchOp.operand_group(op, group)[0]
        ident = body.args[i]
        if int_value(constant_of(size)) != 1 or not ident.uses:
            continue
        if zero is None:
            zero = materialize("arith", IntegerAttr(0, T.index), T.index)
            assert zero is not None
            rw.insert_at_start(body, zero)
        rw.replace_uses(ident, zero.results[0])
    return zero is not None


_PATTERNS: dict[type, tuple[Pattern, ...]] = {
    memref.AllocOp: (simplify_alloc_const, simplify_dead_alloc),
    memref.AllocaOp: (simplify_alloc_const, simplify_dead_alloc),
    gpu.MemcpyOp: (erase_trivial_copy,),
    gpu.LaunchOp: (fold_launch_arguments,),
    scf.IfOp: (remove_static_condition,),
    scf.ForOp: (simplify_trivial_loops,),
    scf_forall.ForallOp: (forall_control_operands,),
    **CF_PATTERNS,
}


def patterns_of(opdef: type | None) -> tuple[Pattern, ...]:
    return _PATTERNS.get(opdef, ()) if opdef is not None else ()
