"""``vector`` ops in kernels (SIMT): a vector value of every thread at once.

In a kernel a scalar is a numpy array broadcastable to the launch's six thread dimensions
``(gz, gy, gx, bz, by, bx)`` (or a numpy scalar when every thread has the same).  A
``vector<AxBxT>`` is kept as an array of shape ``(A, B) + S`` with ``S`` six dimensions
broadcastable to the thread dimensions (all ``1`` when every thread has the same vector): the
vector dimensions lead, so elementwise ``arith`` ops, ``arith.select`` on a scalar condition and
the active-lane masks of divergent ``scf.if`` broadcast against the thread dimensions unchanged,
and ``v[i]`` is lane ``i`` of every thread's vector.  Loads and stores access each element of every
active thread's vector (bounds, hazards and races as ``memref.load``/``store``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...dialects import arith as arith_d
from ...dialects import vector as vector_d
from ...ir import types as T
from .. import simt
from ..registry import CUDA, KERNEL
from ..values import const_value, dtype_of, odd_width, sign_extend
from .memref import scatter

THREAD_DIMS = 6


def as_lanes(x: Any, vshape: tuple[int, ...]) -> np.ndarray:
    """``x`` (a vector as the host keeps it, ``vshape``, or already with thread dimensions) as a
    kernel vector ``vshape + S``."""
    a = np.asarray(x)
    if a.ndim == len(vshape):
        return a.reshape(vshape + (1,) * THREAD_DIMS)
    return a


def pack(vals: list[Any], vshape: tuple[int, ...], dt: np.dtype) -> np.ndarray:
    """A kernel vector of ``vshape`` from its elements in row-major order (each a per-thread scalar)."""
    arrs = [np.asarray(v, dtype=dt) for v in vals]
    s = np.broadcast_shapes(*(a.shape for a in arrs)) if arrs else ()
    s6 = (1,) * (THREAD_DIMS - len(s)) + tuple(s)
    return np.stack([np.broadcast_to(a, s6) for a in arrs]).reshape(vshape + s6)


@KERNEL.impl(arith_d.ConstantOp)
def _constant(ex: Any, op: Any) -> Any:
    t = op.results[0].type
    v = const_value(op.attributes["value"], t)
    return as_lanes(v, tuple(t.shape)) if isinstance(t, T.VectorType) else v


def _gather(m: Any, off: Any, mask: Any) -> Any:
    """The element at each active thread's checked offset (as ``memref.load`` in kernels)."""
    flat = m.flat()
    if off is None:
        return np.zeros(mask.shape, dtype=m.dtype) if mask is not None else m.dtype.type(0)
    if isinstance(off, tuple):
        v, u = off
        return (flat[u:] if u else flat).take(v)
    if isinstance(off, np.ndarray):
        return flat.take(off)
    return flat[off]


def _element_accesses(ex: Any, op: Any, m: Any, idx: list[Any], n: int, write: bool) -> list[Any]:
    """The checked (offsets, mask) of the ``n`` consecutive elements along the minor dimension."""
    ent, u = ex.offsets(op, m, idx)
    step = m.strides[-1] if m.strides else 1
    return [ex.check(op, m, (ent, u + k * step), write) for k in range(n)]


@KERNEL.impl(vector_d.LoadOp)
def _kload(ex: Any, op: Any) -> Any:
    m, vt = ex.get(op.operands[0]), op.results[0].type
    if len(vt.shape) != 1:
        raise ValueError("vector.load of a vector of rank other than 1 is not supported")
    idx = [ex.get(v) for v in op.operands[1:]]
    vals = [_gather(m, off, mask) for off, mask in _element_accesses(ex, op, m, idx, vt.shape[0], False)]
    return pack(vals, tuple(vt.shape), dtype_of(vt.element_type))


@KERNEL.impl(vector_d.StoreOp)
def _kstore(ex: Any, op: Any) -> Any:
    vt = op.operands[0].type
    if len(vt.shape) != 1:
        raise ValueError("vector.store of a vector of rank other than 1 is not supported")
    v = as_lanes(ex.get(op.operands[0]), tuple(vt.shape))
    m = ex.get(op.operands[1])
    idx = [ex.get(x) for x in op.operands[2:]]
    flat = m.flat()
    for k, (off, mask) in enumerate(_element_accesses(ex, op, m, idx, vt.shape[0], True)):
        if off is None:
            continue
        if isinstance(off, tuple):
            o, u = off
            scatter(flat[u:] if u else flat, o, v[k], None)
        else:
            scatter(flat, off, v[k], mask)
    return None


@KERNEL.impl(vector_d.FromElementsOp)
def _kfrom_elements(ex: Any, op: Any) -> Any:
    t = op.results[0].type
    return pack([ex.get(v) for v in op.operands], tuple(t.shape), dtype_of(t.element_type))


@KERNEL.impl(vector_d.BroadcastOp)
def _kbroadcast(ex: Any, op: Any) -> Any:
    t = op.results[0].type
    vshape = tuple(t.shape)
    src_t = op.operands[0].type
    x = ex.get(op.operands[0])
    if isinstance(src_t, T.VectorType):
        x = as_lanes(x, tuple(src_t.shape))
        lead = len(vshape) - len(src_t.shape)
        x = x.reshape((1,) * lead + x.shape)
    else:
        x = pack([x], (), dtype_of(t.element_type))
    s6 = x.shape[len(vshape):]
    return np.broadcast_to(x.astype(dtype_of(t.element_type), copy=False), vshape + s6).copy()


def _position(ex: Any, op: Any) -> tuple[int, ...]:
    dyn = iter(ex.get(v) for v in op.opdef.operand_group(op, "dynamic_position"))
    out = []
    for p in op.attributes["static_position"].values:
        if p != T.DYNAMIC:
            out.append(int(p))
            continue
        d = np.asarray(next(dyn))
        if d.size > 1 and not (d == d.flat[0]).all():
            raise ValueError(f"'{op.name}' at a position that differs between threads is not supported")
        out.append(int(d.flat[0]))
    return tuple(out)


def _check_position(pos: tuple[int, ...], vt: Any) -> None:
    if any(not 0 <= p < n for p, n in zip(pos, vt.shape)):
        raise ValueError(f"position {list(pos)} out of bounds of {vt}")


@KERNEL.impl(vector_d.ExtractOp)
def _kextract(ex: Any, op: Any) -> Any:
    vshape = tuple(op.operands[0].type.shape)
    v = as_lanes(ex.get(op.operands[0]), vshape)
    pos = _position(ex, op)
    _check_position(pos, op.operands[0].type)
    return v[pos].copy()


@KERNEL.impl(vector_d.InsertOp)
def _kinsert(ex: Any, op: Any) -> Any:
    vt = op.operands[1].type
    vshape = tuple(vt.shape)
    v = as_lanes(ex.get(op.operands[1]), vshape)
    st = op.operands[0].type
    s = ex.get(op.operands[0])
    s = as_lanes(s, tuple(st.shape)) if isinstance(st, T.VectorType) else pack([s], (), v.dtype)
    pos = _position(ex, op)
    _check_position(pos, vt)
    s6 = np.broadcast_shapes(v.shape[len(vshape):], s.shape[s.ndim - THREAD_DIMS:])
    out = np.broadcast_to(v, vshape + s6).copy()
    out[pos] = s
    return out


@KERNEL.impl(vector_d.ReductionOp)
def _kreduction(ex: Any, op: Any) -> Any:
    vshape = tuple(op.operands[0].type.shape)
    v = as_lanes(ex.get(op.operands[0]), vshape)
    kind = vector_d.reduction_kind(op)
    n = int(np.prod(vshape))
    r = simt.reduce_leading(kind, v.reshape((n,) + v.shape[len(vshape):]))
    if len(op.operands) > 1:
        r = simt.combine(kind, np.asarray(ex.get(op.operands[1])), r)
    w = odd_width(op.results[0].type)
    return np.asarray(r if w is None else sign_extend(r, w)).astype(v.dtype)


CUDA.refuse(vector_d.LoadOp, vector_d.StoreOp, vector_d.FromElementsOp, vector_d.BroadcastOp, vector_d.ExtractOp,
            vector_d.InsertOp, vector_d.ReductionOp)
