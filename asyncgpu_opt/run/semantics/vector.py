"""``vector`` semantics on the host: a vector value is a numpy array of the vector's shape.
``vector.print`` prints as upstream's lowering does (through the runner utils' ``printF32`` /
``printI64`` / ``printU64`` / ``printOpen`` / ``printComma`` / ``printClose`` / ``printNewline``).
Kernels hold one value per thread, so vector ops there are refused (located) by the executor."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import vector as vector_d
from ...ir import affine as AF
from ...ir import types as T
from .. import runner_utils as RU
from .. import simt
from ..registry import HOST
from ..values import dtype_of, odd_width, sign_extend

_OPEN = {"open": "( ", "close": " )", "comma": ", ", "newline": "\n", "no_punctuation": ""}


def _scalar_text(x: Any, t: T.Type) -> str:
    if isinstance(t, T.FloatType):
        return RU.format_float(float(np.float32(x)) if t.width == 32 else float(x))
    if isinstance(t, T.IndexType):
        return str(int(x) & 0xFFFF_FFFF_FFFF_FFFF)
    if isinstance(t, T.IntegerType) and (t.signedness == "u" or t.width == 1):  # zero-extended to 64 bits
        return str(int(x) & ((1 << min(t.width, 64)) - 1))
    v = int(x) & 0xFFFF_FFFF_FFFF_FFFF
    return str(v - (1 << 64) if v >> 63 else v)


def _vector_text(a: np.ndarray, t: T.Type) -> str:
    if a.ndim == 0:
        return _scalar_text(a[()], t)
    return "( " + ", ".join(_vector_text(x, t) for x in a) + " )"


@HOST.impl(vector_d.PrintOp)
def _print(it: Any, op: Any) -> Any:
    out = it.out
    lit = op.attributes.get("stringLiteral")
    if lit is not None:
        out.write(lit.value)
        return None
    if op.operands:
        v, t = it.get(op.operands[0]), op.operands[0].type
        if isinstance(t, T.VectorType):
            out.write(_vector_text(np.asarray(v), t.element_type))
        else:
            out.write(_scalar_text(v, t))
    out.write(_OPEN[vector_d.punctuation(op)])
    return None


@HOST.impl(vector_d.BroadcastOp)
def _broadcast(it: Any, op: Any) -> Any:
    t = op.results[0].type
    return np.broadcast_to(np.asarray(it.get(op.operands[0]), dtype=dtype_of(t.element_type)), t.shape).copy()


@HOST.impl(vector_d.BitCastOp)
def _bitcast(it: Any, op: Any) -> Any:
    """The same bits, the minor dimension regrouped (``i1`` elements are single bits, little-endian
    within a byte as LLVM's ``<8 x i1>`` to ``i8``)."""
    v = np.ascontiguousarray(it.get(op.operands[0]))
    t = op.results[0].type
    dt = dtype_of(t.element_type)
    if v.dtype.kind == "b" and dt.kind != "b":
        v = np.packbits(v, axis=-1, bitorder="little")
    if dt.kind == "b":
        bits = np.unpackbits(v.view(np.uint8), axis=-1, bitorder="little") if v.dtype.kind != "b" else v
        return bits.astype(np.bool_).reshape(t.shape)
    return v.view(dt).reshape(t.shape)


def _position(it: Any, op: Any) -> tuple[int, ...]:
    dyn = iter(it.get(v) for v in op.opdef.operand_group(op, "dynamic_position"))
    return tuple(int(next(dyn)) if p == T.DYNAMIC else int(p) for p in op.attributes["static_position"].values)


@HOST.impl(vector_d.ExtractOp)
def _extract(it: Any, op: Any) -> Any:
    v = np.asarray(it.get(op.operands[0]))
    pos = _position(it, op)
    if any(not 0 <= p < n for p, n in zip(pos, v.shape)):
        raise MLIRError(f"--run: vector.extract position {list(pos)} out of bounds of {op.operands[0].type}", op.loc)
    r = v[pos]
    return r.copy() if isinstance(r, np.ndarray) else r


@HOST.impl(vector_d.InsertOp)
def _insert(it: Any, op: Any) -> Any:
    s, v = it.get(op.operands[0]), np.array(it.get(op.operands[1]))
    pos = _position(it, op)
    if any(not 0 <= p < n for p, n in zip(pos, v.shape)):
        raise MLIRError(f"--run: vector.insert position {list(pos)} out of bounds of {op.operands[1].type}", op.loc)
    v[pos] = s
    return v


@HOST.impl(vector_d.FromElementsOp)
def _from_elements(it: Any, op: Any) -> Any:
    t = op.results[0].type
    return np.array([it.get(v) for v in op.operands], dtype=dtype_of(t.element_type)).reshape(t.shape)


@HOST.impl(vector_d.ReductionOp)
def _reduction(it: Any, op: Any) -> Any:
    v = np.asarray(it.get(op.operands[0]))
    kind = vector_d.reduction_kind(op)
    r = simt.combine_all(kind, v.ravel())
    if len(op.operands) > 1:
        r = simt.combine(kind, np.asarray(it.get(op.operands[1])), r)
    w = odd_width(op.results[0].type)
    return v.dtype.type(r if w is None else sign_extend(r, w))


def _vector_dims(op: Any, mrank: int, vrank: int) -> list[int | None]:
    """For each vector dimension, the memref dimension it walks (the permutation map's result
    ``d<j>``), None for a broadcast dimension (result ``0``)."""
    pm = op.attributes.get("permutation_map")
    if pm is None:
        return list(range(mrank - vrank, mrank))
    out: list[int | None] = []
    for e in pm.map.results:
        if isinstance(e, AF.Dim):
            out.append(e.pos)
        elif isinstance(e, AF.Const) and e.value == 0:
            out.append(None)
        else:
            raise MLIRError(f"--run: {op.name} with permutation map result '{AF.print_expr(e)}' is not supported",
                            op.loc)
    return out


def _transfer_indices(it: Any, op: Any, base: Any, vt: T.VectorType) -> list[tuple[int, ...] | None]:
    """The memref index of each vector element (row-major), None where it is out of bounds or masked
    off.  Vector dimension ``k`` walks the memref dimension of the permutation map's result ``k`` (a
    transposing map like ``(d0, d1, d2) -> (d2, d0, d1)`` too); a broadcast dimension (result ``0``)
    reads one element for all its positions.  The mask is indexed as the memref is read, before the
    permutation and without the broadcast dimensions (``(d1, d0)`` on ``vector<9x4xf32>``: a
    ``vector<4x9xi1>`` mask)."""
    idx = [int(it.get(v)) for v in op.opdef.operand_group(op, "indices")]
    dims = _vector_dims(op, len(idx), len(vt.shape))
    mask = op.opdef.operand_group(op, "mask")
    mk = np.asarray(it.get(mask[0])) if mask else None
    order = sorted((k for k, d in enumerate(dims) if d is not None), key=lambda k: dims[k])
    out: list[tuple[int, ...] | None] = []
    for vi in itertools.product(*(range(d) for d in vt.shape)):
        if mk is not None and not mk[tuple(vi[k] for k in order)]:
            out.append(None)
            continue
        full = list(idx)
        for k, d in enumerate(vi):
            if dims[k] is not None:
                full[dims[k]] += d
        ok = all(0 <= i < n for i, n in zip(full, base.sizes))
        out.append(tuple(full) if ok else None)
    return out


@HOST.impl(vector_d.TransferReadOp)
def _transfer_read(it: Any, op: Any) -> Any:
    base = it.get(op.opdef.operand_group(op, "base")[0])
    pad = it.get(op.opdef.operand_group(op, "padding")[0])
    vt = op.results[0].type
    vals = []
    for ix in _transfer_indices(it, op, base, vt):
        if ix is None:
            vals.append(pad)
            continue
        flat, e = it.element(op, base, list(ix), False)
        vals.append(flat[e])
    return np.array(vals, dtype=dtype_of(vt.element_type)).reshape(vt.shape)


@HOST.impl(vector_d.TransferWriteOp)
def _transfer_write(it: Any, op: Any) -> Any:
    v = np.asarray(it.get(op.opdef.operand_group(op, "valueToStore")[0])).ravel()
    base = it.get(op.opdef.operand_group(op, "base")[0])
    vt = op.opdef.operand_group(op, "valueToStore")[0].type
    for k, ix in enumerate(_transfer_indices(it, op, base, vt)):
        if ix is not None:
            flat, e = it.element(op, base, list(ix), True)
            flat[e] = v[k]
    return None


def _contiguous(it: Any, op: Any, base: Any, idx: list[Any], n: int, write: bool) -> list[tuple[Any, int]]:
    out = []
    for k in range(n):
        ix = [int(i) for i in idx]
        ix[-1] += k
        out.append(it.element(op, base, ix, write))
    return out


@HOST.impl(vector_d.LoadOp)
def _load(it: Any, op: Any) -> Any:
    base, vt = it.get(op.operands[0]), op.results[0].type
    if len(vt.shape) != 1:
        raise MLIRError("--run: vector.load of a vector of rank other than 1 is not supported", op.loc)
    els = _contiguous(it, op, base, [it.get(v) for v in op.operands[1:]], vt.shape[0], False)
    return np.array([f[e] for f, e in els], dtype=dtype_of(vt.element_type))


@HOST.impl(vector_d.StoreOp)
def _store(it: Any, op: Any) -> Any:
    v, base = np.asarray(it.get(op.operands[0])), it.get(op.operands[1])
    if v.ndim != 1:
        raise MLIRError("--run: vector.store of a vector of rank other than 1 is not supported", op.loc)
    for k, (f, e) in enumerate(_contiguous(it, op, base, [it.get(x) for x in op.operands[2:]], v.shape[0], True)):
        f[e] = v[k]
    return None
