"""``memref`` semantics: allocation, views and element access on the host (every access reported
to the hazard checker) and in kernels (loads gather, stores scatter over the active threads;
``memref.alloca`` is per-thread memory), and the CUDA emitter's indexing."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import arith as arith_d
from ...dialects import memref as memref_d
from ...dialects import memref_atomic as memref_at
from ...dialects import memref_reshape as memref_rs
from ...ir import attributes as A
from ...ir import types as T
from .. import float_minmax
from ..cuda_c import ctype, is_dynamic
from ..elements import VectorElements, alloc_size
from ..registry import CUDA, HOST, KERNEL, SIM, CudaCodegenError
from ..values import MemRef, dtype_of, element_storage, loc_str, named, row_major, segments


# --------------------------------------------------------------------------- host
@HOST.impl(memref_d.AllocOp, memref_d.AllocaOp)
def _alloc(it: Any, op: Any) -> Any:
    mt = op.results[0].type
    dyn = [it.get(v) for v in op.operands][: mt.num_dynamic_dims()]
    return it.new_memref(mt, dyn, lambda n: named(it.rt.host_alloc(n, loc_str(op), it.agent), op.results[0]))


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


@SIM.impl(memref_d.CastOp, memref_rs.MemorySpaceCastOp, memref_rs.AssumeAlignmentOp)
def _cast(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    return m if op.results else None


@SIM.impl(memref_d.DimOp)
def _dim(it: Any, op: Any) -> Any:
    m, i = it.get(op.operands[0]), int(it.get(op.operands[1]))
    return np.int64(m.sizes[i])


@SIM.impl(memref_rs.RankOp)
def _rank(it: Any, op: Any) -> Any:
    return np.int64(len(it.get(op.operands[0]).sizes))


@HOST.impl(memref_d.CopyOp)
def _copy(it: Any, op: Any) -> Any:
    src, dst = it.get(op.operands[0]), it.get(op.operands[1])
    it.host_read(src, op.loc)
    it.host_read(dst, op.loc, write=True)
    if src.buffer is None or dst.buffer is None or not src.buffer.alive or not dst.buffer.alive:
        return
    dst.raw_array()[...] = src.raw_array()  # memcpy: the elements' bytes


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
    return MemRef(m.allocated, m.aligned, off, tuple(sizes), tuple(nst), m.dtype, codec=m.codec)


@SIM.impl(memref_d.ViewOp)
def _view(it: Any, op: Any) -> Any:
    """A row-major memref of the result type over the source's bytes from ``byte_shift`` (workgroup
    memory keeps one copy per block: its block stride is rescaled to the new element size)."""
    m = it.get(op.operands[0])
    shift = int(it.get(op.operands[1]))
    rt = op.results[0].type
    dyn = iter(int(it.get(v)) for v in op.operands[2:])
    sizes = tuple(next(dyn) if d == T.DYNAMIC else int(d) for d in rt.shape)
    dt, codec = element_storage(rt.element_type)
    size = alloc_size(rt.element_type)
    p = m.aligned + (m.offset * m.itemsize + shift)
    if p.offset % size or (m.block_stride * m.itemsize) % size:
        raise ValueError(f"memref.view at byte {shift} is not aligned to its {size}-byte elements")
    return MemRef(m.allocated, p, 0, sizes, row_major(sizes), dt,
                  block_stride=m.block_stride * m.itemsize // size, codec=codec)


@CUDA.impl(memref_d.ViewOp)
def _view_c(em: Any, op: Any, ind: str, results: Any) -> None:
    src, shift = op.operands[0], op.operands[1]
    r = op.results[0]
    rt = r.type
    em.decl(r, f"({ctype(rt)})((unsigned char*){em.name(src)} + {em.name(shift)})", ind)
    if is_dynamic(rt):
        dyn = iter(op.operands[2:])
        sizes = [em.name(next(dyn)) if d == T.DYNAMIC else f"{d}LL" for d in rt.shape]
        strides, acc = [], "1LL"
        for s in reversed(sizes):
            strides.insert(0, acc)
            acc = f"({acc} * {s})"
        em.desc[r] = (sizes, strides)


@SIM.impl(memref_d.ReinterpretCastOp)
def _reinterpret(it: Any, op: Any) -> Any:
    g = segments(op, 4)
    m = it.get(g[0][0])
    offs = _mixed(op, g[1], "static_offsets", it)
    sizes = _mixed(op, g[2], "static_sizes", it)
    strides = _mixed(op, g[3], "static_strides", it)
    return MemRef(m.allocated, m.aligned, offs[0] if offs else 0, tuple(sizes), tuple(strides), m.dtype,
                  codec=m.codec)


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


def _no_vector_elements(m: Any) -> None:
    if isinstance(m.codec, VectorElements):
        raise ValueError(f"a memref of '{m.codec.name}' elements in a kernel is not supported by --run")


@KERNEL.impl(memref_d.LoadOp)
def _kload(ex: Any, op: Any) -> Any:
    env = ex.env
    m = env[op.operands[0]]
    _no_vector_elements(m)
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


def _block_uniform(x: Any) -> bool:
    """Whether ``x`` is the same for every thread of a block (a scalar, or an array over blocks)."""
    sh = np.shape(x)
    return len(sh) < 4 or all(d == 1 for d in sh[-3:])


@KERNEL.impl(memref_d.StoreOp)
def _kstore(ex: Any, op: Any) -> Any:
    env = ex.env
    val, m = env[op.operands[0]], env[op.operands[1]]
    idx = [env[v] for v in op.operands[2:]]
    if ex.mask is None and ex.ids.n > 1 and _block_uniform(val) and all(_block_uniform(i) for i in idx) \
            and id(m.buffer) not in ex.local:
        # every thread of a block stores the same value to the same element (e.g. the result of a
        # gpu.all_reduce): that is one store per block, not a race between its threads
        ex.mask = ex.ids.thread_linear == 0
        if all(np.ndim(x) == 0 for x in (val, *idx)):
            ex.mask = ex.ids.t == 0  # and the same for every block: one store
        try:
            return _kstore_at(ex, op, val, m, idx)
        finally:
            ex.mask = None
    return _kstore_at(ex, op, val, m, idx)


def _kstore_at(ex: Any, op: Any, val: Any, m: Any, idx: list[Any]) -> Any:
    _no_vector_elements(m)
    off = ex.offsets(op, m, idx)
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
    return ex.local_memref(op.results[0].type, ex.ids.t, ex.ids.n, op.loc)


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
    if c is None or c.opdef is not arith_d.ConstantOp:
        raise CudaCodegenError("memref.dim needs a constant index in the CUDA emitter", op.loc)
    em.decl(op.results[0], em.size(op.operands[0], int(c.attributes["value"].value)), ind)


CUDA.refuse(memref_d.AllocaOp, memref_d.CastOp, memref_d.SubViewOp, memref_d.ReinterpretCastOp,
            memref_rs.MemorySpaceCastOp, memref_rs.AssumeAlignmentOp, memref_rs.RankOp)


# --------------------------------------------------------------------------- atomics (kernels)
def _atomic_lanes(ex: Any, op: Any, m: Any, idx: list[Any]) -> tuple[np.ndarray, np.ndarray] | None:
    """(linear ids of the active threads, in order; the element each one updates).  The access is
    recorded as a read and a write for the hazard checker, not for the race tracker."""
    if m.codec is not None:
        raise ValueError(f"atomic update of '{m.codec.name}' elements is not supported by --run")
    vu = ex.offsets(op, m, idx)
    ex.check(op, m, vu, False, atomic=True)
    off, mask = ex.check(op, m, vu, True, atomic=True)
    if off is None:
        return None
    if isinstance(off, tuple):
        off = off[0] + off[1]
    shape = ex.ids.shape
    act = np.ones(shape, np.bool_) if mask is None else np.broadcast_to(mask, shape)
    lanes = np.flatnonzero(act.ravel())
    return lanes, np.broadcast_to(np.asarray(off, dtype=np.int64), shape).ravel()[lanes]


def _rounds(addrs: np.ndarray) -> np.ndarray:
    """For each lane, how many earlier lanes (in thread order) update the same element."""
    order = np.argsort(addrs, kind="stable")
    sa = addrs[order]
    n = len(sa)
    start = np.ones(n, np.bool_)
    start[1:] = sa[1:] != sa[:-1]
    first = np.maximum.accumulate(np.where(start, np.arange(n), 0))
    rank = np.empty(n, np.int64)
    rank[order] = np.arange(n) - first
    return rank


def _rmw(kind: str, cur: np.ndarray, val: np.ndarray) -> np.ndarray:
    if kind in ("addf", "addi"):
        return cur + val
    if kind in ("mulf", "muli"):
        return cur * val
    if kind == "assign":
        return val
    if kind in ("maxu", "minu"):
        u = np.dtype(f"u{cur.dtype.itemsize}")
        f = np.maximum if kind == "maxu" else np.minimum
        return f(cur.view(u), val.astype(cur.dtype).view(u)).view(cur.dtype)
    fn = {"maximumf": float_minmax.maximum, "maxnumf": float_minmax.maxnum, "maxs": np.maximum,
          "minimumf": float_minmax.minimum, "minnumf": float_minmax.minnum, "mins": np.minimum,
          "ori": np.bitwise_or, "xori": np.bitwise_xor, "andi": np.bitwise_and}[kind]
    return fn(cur, val)


def _lane_result(ex: Any, lanes: np.ndarray, old: np.ndarray, dt: np.dtype) -> np.ndarray:
    res = np.zeros(ex.ids.n, dt)
    res[lanes] = old
    return res.reshape(ex.ids.shape)


@KERNEL.impl(memref_at.AtomicRMWOp)
def _katomic_rmw(ex: Any, op: Any) -> Any:
    """Each active thread, in linear order, combines its value into the element and gets the
    element's previous value (the order of a GPU's atomics is unspecified; this is one of them)."""
    env = ex.env
    val, m = env[op.operands[0]], env[op.operands[1]]
    got = _atomic_lanes(ex, op, m, [env[v] for v in op.operands[2:]])
    dt = m.dtype
    if got is None:
        return np.zeros(ex.ids.shape, dt)
    lanes, addrs = got
    kind = memref_at.atomic_rmw_kind(op)
    vals = np.broadcast_to(np.asarray(val, dtype=dt), ex.ids.shape).ravel()[lanes]
    flat = m.flat()
    old = np.empty(len(lanes), dt)
    rank = _rounds(addrs)
    if kind == "addi" and rank.max(initial=0) > 16:  # integer sums: exact (wrapping) prefix sums
        order = np.argsort(addrs, kind="stable")
        sv = vals[order]
        cs = np.cumsum(sv, dtype=dt)
        excl = cs - sv
        first = np.ones(len(sv), np.bool_)
        first[1:] = addrs[order][1:] != addrs[order][:-1]
        base = np.maximum.accumulate(np.where(first, np.arange(len(sv)), 0))
        excl = excl - excl[base]
        a = addrs[order]
        old[order] = flat[a] + excl
        np.add.at(flat, addrs, vals)
    else:
        for r in range(int(rank.max(initial=-1)) + 1):
            sel = rank == r
            a = addrs[sel]
            cur = flat[a]
            old[sel] = cur
            flat[a] = _rmw(kind, cur, vals[sel])
    return _lane_result(ex, lanes, old, dt)


@KERNEL.impl(memref_at.GenericAtomicRMWOp)
def _kgeneric_atomic_rmw(ex: Any, op: Any) -> Any:
    """The region runs once per thread and element, atomically: threads updating the same element
    take turns in linear order (each round runs the region for one update of every element)."""
    env = ex.env
    m = env[op.operands[0]]
    got = _atomic_lanes(ex, op, m, [env[v] for v in op.operands[1:]])
    dt = m.dtype
    if got is None:
        return np.zeros(ex.ids.shape, dt)
    lanes, addrs = got
    block = op.regions[0].blocks[0]
    body, term = block.ops[:-1], block.ops[-1]
    flat = m.flat()
    old = np.empty(len(lanes), dt)
    rank = _rounds(addrs)
    saved = ex.mask
    try:
        for r in range(int(rank.max(initial=-1)) + 1):
            sel = rank == r
            a = addrs[sel]
            cur = flat[a]
            old[sel] = cur
            arg = np.zeros(ex.ids.n, dt)
            arg[lanes[sel]] = cur
            mask = np.zeros(ex.ids.n, np.bool_)
            mask[lanes[sel]] = True
            ex.mask = mask.reshape(ex.ids.shape)
            env[block.args[0]] = arg.reshape(ex.ids.shape)
            for o in body:
                ex.exec_op(o)
            new = np.broadcast_to(np.asarray(env[term.operands[0]], dtype=dt), ex.ids.shape).ravel()
            flat[a] = new[lanes[sel]]
    finally:
        ex.mask = saved
    return _lane_result(ex, lanes, old, dt)


_ATOMIC_C = {"addf": "atomicAdd", "addi": "atomicAdd", "assign": "atomicExch", "maxs": "atomicMax",
             "maxu": "atomicMax", "mins": "atomicMin", "minu": "atomicMin", "ori": "atomicOr", "xori": "atomicXor",
             "andi": "atomicAnd"}


@CUDA.impl(memref_at.AtomicRMWOp)
def _atomic_rmw_c(em: Any, op: Any, ind: str, results: Any) -> None:
    kind = memref_at.atomic_rmw_kind(op)
    fn = _ATOMIC_C.get(kind)
    t = op.results[0].type
    w = getattr(t, "width", 0)
    if fn is None or (kind not in ("addf", "assign") and w not in (32, 64)) or (kind == "addf" and w not in (32, 64)):
        raise CudaCodegenError(f"memref.atomic_rmw {kind} on {t} is not supported by the CUDA emitter", op.loc)
    m = op.operands[1]
    addr = f"&{em.name(m)}[{em.index(m, op.operands[2:])}]"
    val = em.name(op.operands[0])
    if kind in ("maxu", "minu") or (isinstance(t, T.IntegerType) and w == 64):
        u = {32: "unsigned int", 64: "unsigned long long"}[w]
        if kind in ("maxs", "mins") and w == 64:
            u = "long long"
        em.decl(op.results[0], f"({ctype(t)}){fn}(({u}*){addr}, ({u}){val})", ind)
        return
    em.decl(op.results[0], f"{fn}({addr}, {val})", ind)


@CUDA.impl(memref_at.GenericAtomicRMWOp)
def _generic_atomic_rmw_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """An ``atomicCAS`` loop on the element's bits: run the region on the value read, swap in its
    result if the element still holds that value, else retry with what it holds now; the op's
    result is the value the update replaced."""
    t = op.results[0].type
    u = {4: "unsigned int", 8: "unsigned long long"}.get(dtype_of(t).itemsize)
    if u is None:
        raise CudaCodegenError(f"memref.generic_atomic_rmw on {t} (not 4 or 8 bytes) is not supported by the CUDA "
                               "emitter", op.loc)
    m = op.operands[0]
    r = em.name(op.results[0])
    c = ctype(t)
    body = op.regions[0].blocks[0]
    em.lines.append(f"{ind}{c}* {r}_p = &{em.name(m)}[{em.index(m, op.operands[1:])}];")
    em.lines.append(f"{ind}{c} {r}_seen = *{r}_p;")
    em.lines.append(f"{ind}{c} {r};")
    em.lines.append(f"{ind}while (1) {{")
    em.lines.append(f"{ind}  {c} {r}_new;")
    em.decl(body.args[0], f"{r}_seen", ind + "  ")
    em.block(body, ind + "  ", [f"{r}_new"])
    em.lines.append(f"{ind}  {u} {r}_got = atomicCAS(({u}*){r}_p, *({u}*)&{r}_seen, *({u}*)&{r}_new);")
    em.lines.append(f"{ind}  if ({r}_got == *({u}*)&{r}_seen) {{ {r} = {r}_seen; break; }}")
    em.lines.append(f"{ind}  {r}_seen = *({c}*)&{r}_got;")
    em.lines.append(f"{ind}}}")


@CUDA.impl(memref_at.AtomicYieldOp)
def _atomic_yield_c(em: Any, op: Any, ind: str, results: Any) -> None:
    for dst, v in zip(results or [], op.operands):
        em.lines.append(f"{ind}{dst} = {em.name(v)};")
