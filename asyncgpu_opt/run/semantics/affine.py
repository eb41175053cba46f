"""``affine`` semantics: maps evaluated on index values (host and kernels), loops and guards,
affine loads/stores (host: checked element access; kernels: gathered/scattered over threads)."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ...dialects import affine as affine_d
from ...ir import attributes as A
from ...ir.affine import print_expr
from ..registry import CUDA, HOST, KERNEL, SIM, CudaCodegenError
from ..values import first_map, int_attr, segments
from .memref import scatter


@SIM.impl(affine_d.ApplyOp)
def _apply(it: Any, op: Any) -> Any:
    m = op.attributes["map"].map
    return np.int64(0) + it.affine_eval(m, [it.get(v) for v in op.operands])[0]


@SIM.impl(affine_d.MinOp, affine_d.MaxOp)
def _minmax(it: Any, op: Any) -> Any:
    m = op.attributes["map"].map
    vals = it.affine_eval(m, [it.get(v) for v in op.operands])
    fn = np.minimum if op.opdef is affine_d.MinOp else np.maximum
    r = vals[0]
    for v in vals[1:]:
        r = fn(r, v)
    return np.int64(0) + r


def bounds(it: Any, op: Any) -> tuple[int, int, int, list[Any]]:
    """(lower, upper, step, initial iter values) of an ``affine.for`` (uniform bounds)."""
    lbm = first_map(op, "lowerBoundMap", "lower_bound")
    ubm = first_map(op, "upperBoundMap", "upper_bound")
    seg = op.attributes.get("operandSegmentSizes")
    if isinstance(seg, A.DenseArrayAttr):
        g = segments(op, 3)
        lo_ops, up_ops, inits = g[0], g[1], g[2]
    else:
        nl, nu = lbm.num_inputs, ubm.num_inputs
        lo_ops, up_ops, inits = op.operands[:nl], op.operands[nl : nl + nu], op.operands[nl + nu :]
    lo = max(int(x) for x in it.affine_eval(lbm, [it.get(v) for v in lo_ops]))
    up = min(int(x) for x in it.affine_eval(ubm, [it.get(v) for v in up_ops]))
    step = int_attr(op, "step", 1)
    return lo, up, step, [it.get(v) for v in inits]


@SIM.impl(affine_d.ForOp)
def _for(it: Any, op: Any) -> Any:
    lo, up, step, vals = bounds(it, op)
    for i in range(lo, up, step):
        _, vals = it.run_region(op.regions[0], [np.int64(i), *vals])
    return vals


@SIM.impl(affine_d.IfOp)
def _if(it: Any, op: Any) -> Any:
    s = op.attributes["condition"].set
    ok = s.contains([int(it.get(v)) for v in op.operands])
    r = op.regions[0] if ok else (op.regions[1] if len(op.regions) > 1 else None)
    if r is None or not r.blocks:
        return []
    _, vals = it.run_region(r, [])
    return vals


# --------------------------------------------------------------------------- loads / stores
@HOST.impl(affine_d.LoadOp)
def _load(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    idx = it.affine_eval(op.attributes["map"].map, [it.get(v) for v in op.operands[1:]])
    flat, e = it.element(op, m, idx, False)
    return flat[e]


@HOST.impl(affine_d.StoreOp)
def _store(it: Any, op: Any) -> Any:
    val, m = it.get(op.operands[0]), it.get(op.operands[1])
    idx = it.affine_eval(op.attributes["map"].map, [it.get(v) for v in op.operands[2:]])
    flat, e = it.element(op, m, idx, True)
    flat[e] = val


@KERNEL.impl(affine_d.LoadOp)
def _kload(ex: Any, op: Any) -> Any:
    m = ex.get(op.operands[0])
    idx = ex.affine_eval(op.attributes["map"].map, [ex.get(v) for v in op.operands[1:]])
    off, mask = ex.check(op, m, ex.offsets(op, m, idx), False)
    if isinstance(off, tuple):
        off = off[0] + off[1]
    if off is None:
        return m.dtype.type(0)
    flat = m.flat()
    return flat.take(off) if isinstance(off, np.ndarray) else flat[off]


@KERNEL.impl(affine_d.StoreOp)
def _kstore(ex: Any, op: Any) -> Any:
    val, m = ex.get(op.operands[0]), ex.get(op.operands[1])
    idx = ex.affine_eval(op.attributes["map"].map, [ex.get(v) for v in op.operands[2:]])
    off, mask = ex.check(op, m, ex.offsets(op, m, idx), True)
    if isinstance(off, tuple):
        off = off[0] + off[1]
    if off is None:
        return None
    scatter(m.flat(), off, val, mask)
    return None


# --------------------------------------------------------------------------- CUDA C
@CUDA.impl(affine_d.ApplyOp)
def _apply_c(em: Any, op: Any, ind: str, results: Any) -> None:
    o = [em.name(v) for v in op.operands]
    m = op.attributes["map"].map
    ex = print_expr(m.results[0])

    def sub(mt: Any) -> str:
        k, i = mt.group(1), int(mt.group(2))
        return o[i if k == "d" else m.num_dims + i]

    ex = re.sub(r"\b([ds])(\d+)\b", sub, ex)
    if "floordiv" in ex or "mod" in ex or "ceildiv" in ex:
        raise CudaCodegenError("affine floordiv/mod is not supported by the CUDA emitter", op.loc)
    em.decl(op.results[0], f"({ex})", ind)


@CUDA.impl(affine_d.YieldOp)
def _yield_c(em: Any, op: Any, ind: str, results: Any) -> None:
    for dst, v in zip(results or [], op.operands):
        em.lines.append(f"{ind}{dst} = {em.name(v)};")


CUDA.refuse(affine_d.MinOp, affine_d.MaxOp, affine_d.ForOp, affine_d.IfOp, affine_d.LoadOp, affine_d.StoreOp)
