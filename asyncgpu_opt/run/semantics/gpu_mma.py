"""Kernel semantics of the warp-level matrix ops (``gpu.subgroup_mma_*``).

A ``!gpu.mma_matrix<MxNxT, "AOp"|"BOp"|"COp">`` is one subgroup's whole M x N matrix; the
simulator keeps it as a numpy array of shape ``(M, N)`` when every thread has the same one (the
indices it was loaded at are uniform), else ``ids.shape + (M, N)``: one per thread, and the threads
of a subgroup agree.  ``subgroup_mma_load_matrix`` reads element ``(r, c)`` at the element offset
of ``indices`` plus ``r * leadDimension + c`` (``c * leadDimension + r`` with ``transpose``), and
``subgroup_mma_store_matrix`` writes it there; both are done once per subgroup (by its first
active thread) for the hazard and race checkers.  ``subgroup_mma_compute`` is ``A x B + C`` (with
``a_transpose``/``b_transpose`` the operand's transpose), accumulated in the result's type (``f32``
for ``f16`` inputs, as the tensor cores do: products of ``f16`` are exact in ``f32``).  The thread
local ops (``extract``/``insert_thread_local``) depend on the hardware's fragment layout and are
refused with a located error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...dialects import gpu_mma as mma_d
from ..registry import CUDA, KERNEL
from ..simt import SUBGROUP_SIZE
from ..values import dtype_of, int_attr
from .memref import scatter


def _subgroup_leaders(ex: Any) -> Any:
    """The mask of the threads that do a subgroup's memory access: its first active thread."""
    lane0 = (ex.ids.thread_linear % SUBGROUP_SIZE) == 0
    return lane0 if ex.mask is None else (ex.mask & lane0)


def _element_offsets(op: Any, m: Any, rows: int, cols: int) -> np.ndarray:
    """Element offsets of a matrix's ``(r, c)`` relative to the indexed element: ``(M, N)``."""
    ld = int_attr(op, "leadDimension")
    r = np.arange(rows, dtype=np.int64)[:, None]
    c = np.arange(cols, dtype=np.int64)[None, :]
    return c * ld + r if "transpose" in op.attributes else r * ld + c


def _each_element(ex: Any, op: Any, m: Any, idx: list[Any], rel: np.ndarray, write: bool) -> list[Any]:
    """Bounds-check and record the access of every element (by the subgroup leaders); returns the
    checked (offsets, mask) of each, in row-major order."""
    base = ex.offsets(op, m, idx)
    saved = ex.mask
    ex.mask = _subgroup_leaders(ex)
    try:
        ent, u = base
        return [ex.check(op, m, (ent, u + int(d)), write) for d in rel.ravel()]
    finally:
        ex.mask = saved


@KERNEL.impl(mma_d.SubgroupMmaLoadMatrixOp)
def _load_matrix(ex: Any, op: Any) -> Any:
    m = ex.get(op.operands[0])
    idx = [ex.get(v) for v in op.operands[1:]]
    rows, cols = op.results[0].type.shape
    rel = _element_offsets(op, m, rows, cols)
    _each_element(ex, op, m, idx, rel, False)
    flat = m.flat()
    n = len(flat)
    ent, u = ex.offsets(op, m, idx)
    start = u if ent is None else np.asarray(ent[0]) + u
    offs = np.clip(np.asarray(start)[..., None, None] + rel, 0, max(n - 1, 0))
    return np.asarray(flat.take(offs)).astype(dtype_of(op.results[0].type.element_type), copy=False)


@KERNEL.impl(mma_d.SubgroupMmaStoreMatrixOp)
def _store_matrix(ex: Any, op: Any) -> Any:
    val = np.asarray(ex.get(op.operands[0]))
    m = ex.get(op.operands[1])
    idx = [ex.get(v) for v in op.operands[2:]]
    rows, cols = op.operands[0].type.shape
    rel = _element_offsets(op, m, rows, cols)
    flat = m.flat()
    for k, (off, mask) in enumerate(_each_element(ex, op, m, idx, rel, True)):
        if off is None:
            continue
        if isinstance(off, tuple):
            v, u = off
            off = v + u
        scatter(flat, off, val[..., k // cols, k % cols].astype(m.dtype, copy=False), mask)
    return None


@KERNEL.impl(mma_d.SubgroupMmaComputeOp)
def _compute(ex: Any, op: Any) -> Any:
    a, b, c = (np.asarray(ex.get(v)) for v in op.operands)
    dt = dtype_of(op.results[0].type.element_type)
    if "a_transpose" in op.attributes:
        a = np.swapaxes(a, -1, -2)
    if "b_transpose" in op.attributes:
        b = np.swapaxes(b, -1, -2)
    acc = np.float64 if dt == np.float64 else (np.float32 if dt.kind == "f" else np.int64)
    r = np.matmul(a.astype(acc), b.astype(acc)) + c.astype(acc)
    return r.astype(dt)


@KERNEL.impl(mma_d.SubgroupMmaConstantMatrixOp)
def _constant_matrix(ex: Any, op: Any) -> Any:
    t = op.results[0].type
    v = np.asarray(ex.get(op.operands[0]), dtype=dtype_of(t.element_type))
    return np.broadcast_to(v[..., None, None], v.shape + tuple(t.shape)).copy()


def _unsigned_div(x: Any, y: Any) -> Any:
    u = np.dtype(f"u{x.dtype.itemsize}")
    with np.errstate(all="ignore"):
        return (x.view(u) // np.where(y == 0, 1, y).view(u)).view(x.dtype)


_ELEMENTWISE = {
    "addf": np.add, "mulf": np.multiply, "subf": np.subtract, "divf": np.divide,
    "maxf": np.fmax, "minf": np.fmin, "addi": np.add, "muli": np.multiply, "subi": np.subtract,
    "divs": lambda x, y: np.trunc(x / np.where(y == 0, 1, y)).astype(x.dtype), "divu": _unsigned_div,
    "negatef": np.negative, "negates": np.negative,
}


@KERNEL.impl(mma_d.SubgroupMmaElementwiseOp)
def _elementwise(ex: Any, op: Any) -> Any:
    kind = str(op.attributes["opType"]).rstrip(">").split()[-1]
    args = [np.asarray(ex.get(v)) for v in op.operands]
    dt = dtype_of(op.results[0].type.element_type)
    if kind == "extf":
        return args[0].astype(dt)
    with np.errstate(all="ignore"):
        return np.asarray(_ELEMENTWISE[kind](*args)).astype(dt)


@KERNEL.impl(mma_d.SubgroupMmaExtractThreadLocalOp, mma_d.SubgroupMmaInsertThreadLocalOp)
def _thread_local(ex: Any, op: Any) -> Any:
    raise ValueError(f"'{op.name}' depends on the hardware's fragment layout: not simulated")


CUDA.refuse(mma_d.SubgroupMmaLoadMatrixOp, mma_d.SubgroupMmaStoreMatrixOp, mma_d.SubgroupMmaComputeOp,
            mma_d.SubgroupMmaConstantMatrixOp, mma_d.SubgroupMmaElementwiseOp,
            mma_d.SubgroupMmaExtractThreadLocalOp, mma_d.SubgroupMmaInsertThreadLocalOp)
