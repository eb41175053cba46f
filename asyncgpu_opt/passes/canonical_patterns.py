"""Upstream canonicalization patterns of the memref and gpu ops our programs use, by op class.

A pattern is ``pattern(op, rw) -> bool`` (True: it rewrote); ``rw`` is the driver's rewriter
(``erase``, ``replace``, ``insert_before``).  ``patterns_of(opdef)`` gives an op's, in upstream's
order.

* memref.alloc / memref.alloca, ``SimplifyAllocConst``: dynamic sizes given by non-negative
  constants become static; the new allocation is cast back to the old type (``memref.cast``);
  ``SimplifyDeadAlloc``: an allocation only stored into (as the memref) and deallocated is erased
  with those users.
* gpu.memcpy, ``EraseTrivialCopyOp``: a copy into an allocation used only by the copy and by
  deallocations is erased (its token replaced by its one dependency; with no dependency it must
  have no token).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dialects import gpu, memref
from ..dialects._fold import constant_of, int_value
from ..ir import types as T
from ..ir.attributes import DenseArrayAttr
from ..ir.core import Operation, OpResult, Value

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
    users = v.users()
    for u in users:
        if u.opdef is memref.StoreOp:
            if u.operands[0] is v:
                return False
        elif u.opdef is not memref.DeallocOp:
            return False
    for u in users:
        rw.erase(u)
    rw.erase(op)
    return True


def erase_trivial_copy(op: Operation, rw: Any) -> bool:
    dst = gpu.MemcpyOp.operand_group(op, "dst")[0]
    if type(dst) is not OpResult or not _single_effect(dst.op, dst, "alloc"):
        return False
    if any(u is not op and not _single_effect(u, dst, "free") for u in dst.users()):
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


_PATTERNS: dict[type, tuple[Pattern, ...]] = {
    memref.AllocOp: (simplify_alloc_const, simplify_dead_alloc),
    memref.AllocaOp: (simplify_alloc_const, simplify_dead_alloc),
    gpu.MemcpyOp: (erase_trivial_copy,),
}


def patterns_of(opdef: type | None) -> tuple[Pattern, ...]:
    return _PATTERNS.get(opdef, ()) if opdef is not None else ()  # type: ignore[arg-type]
