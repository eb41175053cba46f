"""memref fold hooks (upstream ``MemRefOps.cpp``) and ``fold_memref_cast``, the cast folding
other dialects' memref consumers share (``gpu.memcpy``, ``gpu.memset``).

``install(ns)`` attaches them to the op classes of ``dialects/memref.py`` and registers the memref
constant materializer (an ``arith.constant``, as upstream).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ._fold import FoldResult, defined_by, int_value, materialize, register_materializer

_C: dict[str, Any] = {}  # class name -> op class (filled by install)


def fold_memref_cast(op: Operation, consts: list, keep: int | None = None) -> FoldResult:
    """``foldMemRefCast``: every operand (but operand ``keep``) defined by a ``memref.cast`` of a
    ranked memref uses the cast's source instead (in place)."""
    cast_op = _C.get("CastOp")
    if cast_op is None:  # (no memref.cast without the memref dialect)
        return None
    folded = False
    for i, v in enumerate(op.operands):
        cast = defined_by(v, cast_op) if i != keep else None
        if cast is not None and not isinstance(cast.operands[0].type, T.UnrankedMemRefType):
            op.set_operand(i, cast.operands[0])
            folded = True
    return [] if folded else None


def _fold_store(op: Operation, consts: list) -> FoldResult:
    return fold_memref_cast(op, consts, keep=0)  # (the value stored is operand 0)


def _fold_dim(op: Operation, consts: list) -> FoldResult:
    """DimOp::fold: a static extent -> constant; a dynamic one of an alloc/alloca -> its size
    operand; else through a cast."""
    i = int_value(consts[1])
    mt = op.operands[0].type
    if i is None or not isinstance(mt, T.MemRefType) or not 0 <= i < len(mt.shape):
        return None
    if mt.shape[i] != T.DYNAMIC:
        return [A.IntegerAttr(mt.shape[i], T.index)]
    src = op.operands[0]
    alloc = defined_by(src, _C["AllocOp"]) or defined_by(src, _C["AllocaOp"])
    if alloc is not None:
        k = sum(1 for d in mt.shape[:i] if d == T.DYNAMIC)
        return [_C["AllocOp"].operand_group(alloc, "dynamicSizes")[k]]  # (alloca: the same layout)
    return fold_memref_cast(op, consts)


def _materialize(attr: A.Attribute, t: T.Type) -> Operation | None:
    return materialize("arith", attr, t)


def install(ns: dict[str, Any]) -> None:
    """Attach the fold hooks to the memref op classes in ``ns`` (``memref.py``'s globals)."""
    from . import arith  # noqa: F401  (registers the arith materializer the memref one uses)

    for name in ("CastOp", "AllocOp", "AllocaOp"):
        _C[name] = ns[name]
    hooks: dict[str, Callable[[Operation, list], FoldResult]] = {
        "CastOp": fold_memref_cast, "LoadOp": fold_memref_cast, "DeallocOp": fold_memref_cast,
        "StoreOp": _fold_store, "DimOp": _fold_dim,
    }
    for name, f in hooks.items():
        ns[name].fold = staticmethod(f)
    register_materializer("memref", _materialize)
