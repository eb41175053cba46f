"""SIMT collectives on launch-shaped numpy arrays: workgroup and subgroup reductions, shuffles.

A kernel value is a numpy array broadcastable to the launch shape ``(gz, gy, gx, bz, by, bx)``
(or a numpy scalar when uniform); its C order is block-major, so ``reshape(G, NB)`` gives one row
per block with the threads in linear-id order (``x`` fastest), and a subgroup is 32 consecutive
threads of a row (CUDA's warps).  These functions take and return such arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import float_minmax

SUBGROUP_SIZE = 32

_FLOAT_KINDS = {"minnumf": float_minmax.minnum, "maxnumf": float_minmax.maxnum, "minimumf": float_minmax.minimum,
                "maximumf": float_minmax.maximum}
_INT_KINDS = {"minsi": np.minimum, "maxsi": np.maximum, "minui": np.minimum, "maxui": np.maximum,
              "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}


def _unsigned(dt: np.dtype) -> np.dtype:
    return np.dtype(f"u{dt.itemsize}")


def combine(kind: str, a: Any, b: Any) -> Any:
    """``a <kind> b`` elementwise (the ``#gpu<all_reduce_op>`` kinds)."""
    if kind == "add":
        return a + b
    if kind == "mul":
        return a * b
    if kind in _FLOAT_KINDS:
        return _FLOAT_KINDS[kind](a, b)
    if kind in ("minui", "maxui"):
        a, b = np.asarray(a), np.asarray(b)
        u = _unsigned(a.dtype)
        return _INT_KINDS[kind](a.view(u), b.view(u)).view(a.dtype)
    return _INT_KINDS[kind](a, b)


def identity(kind: str, dt: np.dtype) -> Any:
    """The neutral element of ``kind`` for dtype ``dt`` (padding of partial subgroups)."""
    if kind in ("add", "or", "xor", "maxui"):
        return dt.type(0)
    if kind == "mul":
        return dt.type(1)
    if kind == "and" or kind == "minui":
        return np.array(-1).astype(dt) if dt.kind in "iu" else dt.type(1)
    if dt.kind == "f":
        return dt.type(np.inf) if kind.startswith("min") else dt.type(-np.inf)
    info = np.iinfo(dt)
    return dt.type(info.max if kind.startswith("min") else info.min)


def _reduce(kind: str, a: np.ndarray, axis: int) -> np.ndarray:
    if kind == "add":
        return np.add.reduce(a, axis=axis, dtype=a.dtype, keepdims=True)
    if kind == "mul":
        return np.multiply.reduce(a, axis=axis, dtype=a.dtype, keepdims=True)
    if kind in _FLOAT_KINDS:
        return float_minmax.reduce(_FLOAT_KINDS[kind], a, axis)
    if kind in ("minui", "maxui"):
        return _INT_KINDS[kind].reduce(a.view(_unsigned(a.dtype)), axis=axis, keepdims=True).view(a.dtype)
    return _INT_KINDS[kind].reduce(a, axis=axis, keepdims=True)


def rows(v: Any, shape: tuple[int, ...]) -> np.ndarray:
    """``v`` as a (blocks, threads per block) array (a copy-free view when possible)."""
    g = shape[0] * shape[1] * shape[2]
    return np.broadcast_to(np.asarray(v), shape).reshape(g, -1)


def all_reduce(kind: str, v: Any, shape: tuple[int, ...]) -> np.ndarray:
    """The ``kind`` reduction of ``v`` over each block, broadcast back (shape ``(gz, gy, gx, 1, 1, 1)``)."""
    r = _reduce(kind, rows(v, shape), 1)
    return r.reshape(shape[:3] + (1, 1, 1))


def all_reduce_with(fn: Any, v: Any, shape: tuple[int, ...]) -> np.ndarray:
    """The reduction of ``v`` over each block by ``fn(lhs, rhs)`` (vectorized over blocks), as a
    balanced tree of combinations (the region form of ``gpu.all_reduce``)."""
    a = rows(v, shape)
    while a.shape[1] > 1:
        h = a.shape[1] // 2
        c = np.asarray(fn(a[:, :h], a[:, h: 2 * h]), dtype=a.dtype)
        a = np.concatenate([c, a[:, 2 * h:]], axis=1) if a.shape[1] % 2 else c
    return a.reshape(shape[:3] + (1, 1, 1))


def _subgroups(v: Any, shape: tuple[int, ...], pad: Any) -> tuple[np.ndarray, int]:
    a = rows(v, shape)
    nb = a.shape[1]
    n = -(-nb // SUBGROUP_SIZE) * SUBGROUP_SIZE
    if n != nb:
        a = np.concatenate([a, np.full((a.shape[0], n - nb), pad, dtype=a.dtype)], axis=1)
    return a.reshape(a.shape[0], n // SUBGROUP_SIZE, SUBGROUP_SIZE), nb


def subgroup_reduce(kind: str, v: Any, shape: tuple[int, ...], size: int | None = None, stride: int = 1) -> np.ndarray:
    """The ``kind`` reduction over each cluster of a subgroup: ``size`` lanes ``stride`` apart
    (one cluster of the whole subgroup when ``size`` is None), broadcast to the cluster's lanes."""
    dt = np.asarray(v).dtype
    a, nb = _subgroups(v, shape, identity(kind, dt))
    size = size or SUBGROUP_SIZE
    span = size * stride
    g, s, _ = a.shape
    if span > SUBGROUP_SIZE:
        raise ValueError(f"cluster of {size} lanes with stride {stride} does not fit a subgroup of "
                         f"{SUBGROUP_SIZE}")
    c = a.reshape(g, s, SUBGROUP_SIZE // span, size, stride)
    r = np.broadcast_to(_reduce(kind, c, 3), c.shape).reshape(g, s * SUBGROUP_SIZE)[:, :nb]
    return r.reshape(shape)


def shuffle(mode: str, v: Any, offset: Any, width: int, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``gpu.shuffle``: (the value of the source lane, whether that lane is valid) per thread.  The
    source of lane ``l`` is ``l ^ off`` (xor), ``l + off`` (down), ``l - off`` (up) or ``off``
    (idx), valid when it lies in ``[0, width)`` and exists; an invalid lane keeps its own value."""
    a = rows(v, shape)
    nb = a.shape[1]
    t = np.arange(nb, dtype=np.int64)
    lane = t % SUBGROUP_SIZE
    off = rows(offset, shape).astype(np.int64) if isinstance(offset, np.ndarray) else np.int64(offset)
    if mode == "xor":
        src = lane ^ off
    elif mode == "down":
        src = lane + off
    elif mode == "up":
        src = lane - off
    else:
        src = np.broadcast_to(off, (a.shape[0], nb)) if isinstance(off, np.ndarray) else np.full(nb, off)
    src = np.broadcast_to(src, a.shape)
    st = t - lane + src
    valid = (src >= 0) & (src < width) & (st < nb)
    got = np.take_along_axis(a, np.where(valid, st, t), axis=1)
    return got.reshape(shape), valid.reshape(shape)


# ----- printf ---------------------------------------------------------------------------------
_SPEC: Any = None


def c_printf(fmt: str, args: list[Any]) -> str:
    """C ``printf(fmt, args...)`` of numpy scalars (length modifiers accepted and ignored, ``%u`` /
    ``%x`` / ``%o`` of a negative integer print its two's complement at the argument's width)."""
    import re

    global _SPEC
    if _SPEC is None:
        _SPEC = re.compile(r"%([-+ #0]*)(\d+|\*)?(?:\.(\d+|\*))?(?:hh|h|ll|l|L|z|j|t|q)?([diouxXeEfFgGaAcsp%])")
    it = iter(args)
    out: list[str] = []
    pos = 0
    for m in _SPEC.finditer(fmt):
        out.append(fmt[pos: m.start()])
        pos = m.end()
        flags, width, prec, conv = m.groups()
        if conv == "%":
            out.append("%")
            continue
        if width == "*":
            width = str(int(next(it, 0)))
        if prec == "*":
            prec = str(int(next(it, 0)))
        spec = "%" + flags + (width or "") + ("." + prec if prec is not None else "")
        x = next(it, None)
        if x is None:
            out.append(m.group(0))
            continue
        a = np.asarray(x)
        if conv in "diouxXc":
            n = int(a)
            if conv in "ouxX" and n < 0:
                n &= (1 << (8 * a.dtype.itemsize)) - 1
            out.append((spec + ("d" if conv in "iu" else conv)) % n)
        elif conv in "eEfFgGaA":
            f = float(a)
            if conv in "aA":
                out.append(f.hex())
            else:
                s = (spec + conv) % f
                out.append(s.replace("nan", "-nan") if f != f and np.signbit(f) else s)
        elif conv == "p":
            out.append(hex(int(a)))
        else:
            out.append(str(x))
    out.append(fmt[pos:])
    return "".join(out)


def reduce_leading(kind: str, a: np.ndarray) -> Any:
    """The ``kind`` reduction of ``a`` over its first axis (a kernel vector's lanes)."""
    return _reduce(kind, np.asarray(a), 0)[0]


def combine_all(kind: str, a: np.ndarray) -> Any:
    """The ``kind`` reduction of a 1-D array (``vector.reduction``)."""
    return _reduce(kind, np.asarray(a), 0)[0]
