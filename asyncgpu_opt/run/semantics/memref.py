"""``memref`` semantics: allocation, views and element access on the host (every access reported
to the hazard checker) and in kernels (loads gather, stores scatter over the active threads;
``memref.alloca`` is per-thread memory), and the CUDA emitter's indexing."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import memref as memref_d
from ...ir import attributes as A
from ...ir import types as T
from ..registry import CUDA, HOST, KERNEL, SIM, CudaCodegenError
from ..values import MemRef, loc_str, segments


# --------------------------------------------------------------------------- host
@HOST.impl(memref_d.AllocOp, memref_d.AllocaOp)
def _alloc(it: Any, op: Any) -> Any:
    mt = op.results[0].type
    dyn = [it.get(v) for v in op.operands][: mt.num_dynamic_dims()]
    return it.new_memref(mt, dyn, lambda n: it.rt.host_alloc(n, loc_str(op), it.agent))


@HOST.impl(memref_d.DeallocOp)
def _dealloc(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.host_free(m.allocated, loc_str(op), it.agent)


@HOST.impl(memref_d.LoadOp)
def _load(it: Any, op: Any) -> Any:
    env = it.env
    flat, e = it.element(op, env[op.operands[0]], [env[v] for v in op.operands[1:]], False)
    return flat[e]


@HOST.impl(memref_d.StoreOp)
def _store(it: Any, op: Any) -> Any:
    env = it.env
    flat, e = it.element(op, env[op.operands[1]], [env[v] for v in op.operands[2:]], True)
    flat[e] = env[op.operands[0]]


@SIM.impl(memref_d.CastOp, "memref.memory_space_cast", "memref.assume_alignment")
def _cast(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    return m if op.results else None


@SIM.impl(memref_d.DimOp)
def _dim(it: Any, op: Any) -> Any:
    m, i = it.get(op.operands[0]), int(it.get(op.operands[1]))
    return np.int64(m.sizes[i])


@SIM.impl("memref.rank")
def _rank(it: Any, op: Any) -> Any:
    return np.int64(len(it.get(op.operands[0]).sizes))


@HOST.impl(memref_d.CopyOp)
def _copy(it: Any, op: Any) -> Any:
    src, dst = it.get(op.operands[0]), it.get(op.operands[1])
    it.host_read(src, op.loc)
    it.host_read(dst, op.loc, write=True)
    if src.buffer is None or dst.buffer is None or not src.buffer.alive or not dst.buffer.alive:
        return
    dst.array()[...] = src.array()


def _mixed(op: Any, dyn: list[Any], static_name: str, it: Any) -> list[int]:
    st = op.attributes.get(static_name)
    vals = list(st.values) if isinstance(st, A.DenseArrayAttr) else []
    out, k = [], 0
    for v in vals:
        if v == T.DYNAMIC:
            out.append(int(it.get(dyn[k])))
            k += 1
        else:
            out.append(int(v))
    return out


@SIM.impl(memref_d.SubViewOp)
def _subview(it: Any, op: Any) -> Any:
    g = segments(op, 4)
    m = it.get(g[0][0])
    offs = _mixed(op, g[1], "static_offsets", it)
    sizes = _mixed(op, g[2], "static_sizes", it)
    strides = _mixed(op, g[3], "static_strides", it)
    off = m.offset + sum(o * s for o, s in zip(offs, m.strides))
    nst = [s * t for s, t in zip(m.strides, strides)]
    rt = op.results[0].type
    if len(rt.shape) < len(sizes):  # rank reduction: drop unit dims not in the result
        keep, j = [], 0
        for i, s in enumerate(sizes):
            if j < len(rt.shape) and (rt.shape[j] == s or rt.shape[j] == T.DYNAMIC) and \
                    (s != 1 or len(sizes) - i <= len(rt.shape) - j):
                keep.append(i)
                j += 1
        sizes = [sizes[i] for i in keep]
        nst = [nst[i] for i in keep]
    return MemRef(m.allocated, m.aligned, off, tuple(sizes), tuple(nst), m.dtype)


@SIM.impl(memref_d.ReinterpretCastOp)
def _reinterpret(it: Any, op: Any) -> Any:
    g = segments(op, 4)
    m = it.get(g[0][0])
    offs = _mixed(op, g[1], "static_offsets", it)
    sizes = _mixed(op, g[2], "static_sizes", it)
    strides = _mixed(op, g[3], "static_strides", it)
    return MemRef(m.allocated, m.aligned, offs[0] if offs else 0, tuple(sizes), tuple(strides), m.dtype)


@HOST.impl(memref_d.GetGlobalOp)
def _get_global(it: Any, op: Any) -> Any:
    name = op.attributes["name"].leaf
    if name in it.globals:
        return it.globals[name]
    g = it.symbols.get(name)
    if g is None:
        raise MLIRError(f"--run: memref.global '@{name}' not found", op.loc)
    mt = g.attributes["type"].type if isinstance(g.attributes.get("type"), A.TypeAttr) else op.results[0].type
    m = it.new_memref(mt, [], lambda n: it.rt.host_alloc(n, loc_str(g), None))
    init = g.attributes.get("initial_value")
    if isinstance(init, A.DenseElementsAttr):
        m.array()[...] = np.array(init.flat_values(), dtype=m.dtype).reshape(m.sizes) if not init.splat \
            else init.flat_values()[0]
    it.globals[name] = m
    return m


@HOST.impl(memref_d.ExtractAlignedPointerAsIndexOp)
def _extract_ptr(it: Any, op: Any) -> Any:
    return np.int64(it.get(op.operands[0]).aligned.as_int())


# --------------------------------------------------------------------------- kernels (SIMT)
def scatter(flat: np.ndarray, off: Any, val: Any, mask: Any) -> None:
    """``flat[off] = val`` for the (active) threads; several threads storing to one address: the
    last one in thread order wins."""
    if mask is None:
        if isinstance(off, np.ndarray):
            if isinstance(val, np.ndarray) and val.shape != off.shape:
                off = np.broadcast_to(off, np.broadcast_shapes(off.shape, val.shape))
            flat[off] = val
        elif isinstance(val, np.ndarray):
            flat[off] = val.flat[-1]
        else:
            flat[off] = val
        return
    shape = np.broadcast_shapes(np.shape(off), mask.shape, np.shape(val))
    off = np.broadcast_to(off, shape)
    mask = np.broadcast_to(mask, shape)
    flat[off[mask]] = np.broadcast_to(val, shape)[mask] if isinstance(val, np.ndarray) else val


@KERNEL.impl(memref_d.LoadOp)
def _kload(ex: Any, op: Any) -> Any:
    env = ex.env
    m = env[op.operands[0]]
    off = ex.offsets(op, m, [env[v] for v in op.operands[1:]])
    off, mask = ex.check(op, m, off, False)
    flat = m.flat()
    if off is None:
        return np.zeros(mask.shape, dtype=m.dtype) if mask is not None else m.dtype.type(0)
    if isinstance(off, tuple):  # (varying offsets, uniform shift >= 0): gather from a shifted view
        v, u = off
        return (flat[u:] if u else flat).take(v)
    if isinstance(off, np.ndarray):
        return flat.take(off)
    return flat[off]


@KERNEL.impl(memref_d.StoreOp)
def _kstore(ex: Any, op: Any) -> Any:
    env = ex.env
    val, m = env[op.operands[0]], env[op.operands[1]]
    off = ex.offsets(op, m, [env[v] for v in op.operands[2:]])
    off, mask = ex.check(op, m, off, True)
    if off is None:
        return None
    flat = m.flat()
    if isinstance(off, tuple):
        v, u = off
        scatter(flat[u:] if u else flat, v, val, None)
        return None
    scatter(flat, off, val, mask)
    return None


@KERNEL.impl(memref_d.AllocaOp)
def _kalloca(ex: Any, op: Any) -> Any:
    return ex.local_memref(op.results[0].type, ex.ids.t, ex.ids.n)


# --------------------------------------------------------------------------- CUDA C
@CUDA.impl(memref_d.LoadOp)
def _load_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], f"{em.name(op.operands[0])}[{em.index(op.operands[0], op.operands[1:])}]", ind)


@CUDA.impl(memref_d.StoreOp)
def _store_c(em: Any, op: Any, ind: str, results: Any) -> None:
    m = op.operands[1]
    em.lines.append(f"{ind}{em.name(m)}[{em.index(m, op.operands[2:])}] = {em.name(op.operands[0])};")


@CUDA.impl(memref_d.DimOp)
def _dim_c(em: Any, op: Any, ind: str, results: Any) -> None:
    c = op.operands[1].defining_op()
    if c is None or c.name != "arith.constant":
        raise CudaCodegenError("memref.dim needs a constant index in the CUDA emitter", op.loc)
    em.decl(op.results[0], em.size(op.operands[0], int(c.attributes["value"].value)), ind)


CUDA.refuse(memref_d.AllocaOp, memref_d.CastOp, memref_d.SubViewOp, memref_d.ReinterpretCastOp,
            "memref.memory_space_cast", "memref.assume_alignment", "memref.rank")
