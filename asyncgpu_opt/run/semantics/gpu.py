"""``gpu`` semantics: host ops (before lowering: tokens are sets of recorded events on implicit
streams, see ``interpreter.py``), kernel ops over the SIMT thread arrays, and their CUDA C."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import gpu as gpu_d
from ...dialects import gpu_kernel as gpu_k
from ...ir import types as T
from .. import simt
from ..cuda_c import ctype, unsigned_ctype
from ..registry import CUDA, HOST, KERNEL, CudaCodegenError
from ..values import Token, group, loc_str, named


# --------------------------------------------------------------------------- host
@HOST.impl(gpu_d.WaitOp)
def _wait(it: Any, op: Any) -> Any:
    deps = it.tokens(op.operands)
    if op.results:  # async: a token that is the union of the dependencies
        return Token(tuple(e for t in deps for e in t.events))
    loc = loc_str(op)
    if not op.operands:  # wait for everything
        for s in it.implicit_streams:
            it.rt.mgpuStreamSynchronize(s, loc=loc, agent=it.agent)
        return None
    for t in deps:
        for e in t.events:
            it.rt.mgpuEventSynchronize(e, loc=loc, agent=it.agent)
    return None


@HOST.impl(gpu_d.AllocOp)
def _alloc(it: Any, op: Any) -> Any:
    deps = it.tokens(group(op, "asyncDependencies"))
    mt = op.results[0].type
    dyn = [it.get(v) for v in group(op, "dynamicSizes")]
    shared = "hostShared" in op.attributes
    m = it.new_memref(mt, dyn, lambda n: named(it.rt.mgpuMemAlloc(n, None, shared, loc=loc_str(op), agent=it.agent),
                                               op.results[0]))
    if len(op.results) > 1:
        return [m, Token(tuple(e for t in deps for e in t.events))]
    return m


# gpu.dealloc, gpu.memcpy, gpu.memset, gpu.host_(un)register, gpu.set_default_device: their runtime
# binding (dialects/gpu.py), executed by semantics/gpu_runtime.py


def _dims3(it: Any, op: Any, names: tuple[str, str, str]) -> list[int]:
    return [int(it.get(group(op, n)[0])) for n in names]


@HOST.impl(gpu_d.LaunchFuncOp)
def _launch_func(it: Any, op: Any) -> Any:
    ref = op.attributes["kernel"]
    func = it.kernel_func(op, ref)
    grid = _dims3(it, op, ("gridSizeX", "gridSizeY", "gridSizeZ"))
    block = _dims3(it, op, ("blockSizeX", "blockSizeY", "blockSizeZ"))
    obj = group(op, "asyncObject")
    args = it.kernel_args(op, func, [it.get(v) for v in group(op, "kernelOperands")])
    name = str(ref)
    if obj:  # an explicit stream: it waits for the dependencies; the token is its launch's event
        s = it.get(obj[0])
        for t in it.tokens(group(op, "asyncDependencies")):
            for e in t.events:
                it.rt.mgpuStreamWaitEvent(s, e, loc=loc_str(op), agent=it.agent)
        it.launch(op, func, name, grid, block, args, s)
        return it.gpu_done(op, s) if op.opdef.result_group(op, "asyncToken") else None
    s, _, is_async = it.gpu_async_begin(op)
    it.launch(op, func, name, grid, block, args, s)
    return it.finish_gpu(op, s, is_async)


@HOST.impl(gpu_d.LaunchOp)
def _launch(it: Any, op: Any) -> Any:
    grid = _dims3(it, op, ("gridSizeX", "gridSizeY", "gridSizeZ"))
    block = _dims3(it, op, ("blockSizeX", "blockSizeY", "blockSizeZ"))
    s, _, is_async = it.gpu_async_begin(op)
    it.launch(op, None, f"gpu.launch at {loc_str(op)}", grid, block, [], s, region=op.regions[0],
              captured=it.env)
    return it.finish_gpu(op, s, is_async)


# --------------------------------------------------------------------------- kernels (SIMT)
def dim_index(op: Any) -> int:
    """0, 1, 2 for the ``#gpu<dim x|y|z>`` attribute of an id op."""
    return "xyz".index(gpu_d.dimension(op))


@KERNEL.impl(gpu_d.thread_id)
def _thread_id(ex: Any, op: Any) -> Any:
    return ex.ids.tid[dim_index(op)]


@KERNEL.impl(gpu_d.block_id)
def _block_id(ex: Any, op: Any) -> Any:
    return ex.ids.bid[dim_index(op)]


@KERNEL.impl(gpu_d.block_dim)
def _block_dim(ex: Any, op: Any) -> Any:
    return ex.ids.block[dim_index(op)]


@KERNEL.impl(gpu_d.grid_dim)
def _grid_dim(ex: Any, op: Any) -> Any:
    return ex.ids.grid[dim_index(op)]


@KERNEL.impl(gpu_d.global_id)
def _global_id(ex: Any, op: Any) -> Any:
    return ex.ids.gid[dim_index(op)]


@KERNEL.impl(gpu_d.LaneIdOp)
def _lane_id(ex: Any, op: Any) -> Any:
    return ex.ids.thread_linear % 32




def whole_blocks(ex: Any, op: Any, why: str) -> None:
    """A located error unless each block reaches ``op`` with all its threads or none (a block-wide op:
    ``gpu.barrier``, ``gpu.all_reduce``)."""
    if ex.mask is not None:
        act = simt.rows(ex.mask, ex.ids.shape)
        partial = act.any(axis=1) & ~act.all(axis=1)
        if partial.any():
            b = int(np.flatnonzero(partial)[0])
            t = int(np.flatnonzero(~act[b])[0])
            gz, gy, gx, bz, by, bx = ex.ids.shape
            raise MLIRError(f"{op.name} reached by only some threads of block ({b % gx}, {b // gx % gy}, "
                            f"{b // (gx * gy)}): thread ({t % bx}, {t // bx % by}, {t // (bx * by)}) does not "
                            f"reach it ({why})", op.loc)


@KERNEL.impl(gpu_d.BarrierOp)
def _barrier(ex: Any, op: Any) -> Any:
    """Threads run in lock step, so every active thread is here together: what each did before is
    done (divergent code included).  A block must reach the barrier with all its threads or none;
    a barrier some threads of a block do not reach (divergent code, threads that returned) is a
    located error, where a GPU hangs or lets the threads wait at different barriers."""
    whole_blocks(ex, op, "a barrier in divergent code: the block would hang")
    ex.races.barrier()  # a new interval for the race tracker
    return None




# --------------------------------------------------------------------------- CUDA C
_ID_BASE = {"gpu.thread_id": "threadIdx", "gpu.block_id": "blockIdx", "gpu.block_dim": "blockDim",
            "gpu.grid_dim": "gridDim"}


@CUDA.impl(gpu_d.thread_id, gpu_d.block_id, gpu_d.block_dim, gpu_d.grid_dim, gpu_d.global_id)
def _id_c(em: Any, op: Any, ind: str, results: Any) -> None:
    d = "xyz"[dim_index(op)]
    if op.opdef is gpu_d.global_id:
        em.decl(op.results[0], f"(long long)blockIdx.{d} * blockDim.{d} + threadIdx.{d}", ind)
    else:
        em.decl(op.results[0], f"(long long){_ID_BASE[op.name]}.{d}", ind)


@CUDA.impl(gpu_d.LaneIdOp)
def _lane_id_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], "(long long)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))"
                           " % warpSize)", ind)




@CUDA.impl(gpu_d.BarrierOp)
def _barrier_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.lines.append(f"{ind}__syncthreads();")


@CUDA.impl(gpu_d.ReturnOp, gpu_d.TerminatorOp)
def _return_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.lines.append(f"{ind}return;")




# --------------------------------------------------------------------------- kernel-side collectives
# (all_reduce, subgroup_reduce, shuffle, subgroup ids, printf: run/simt.py does the array work)


def _no_vectors(op: Any, v: Any) -> None:
    if isinstance(op.operands[0].type, T.VectorType):
        raise MLIRError(f"'{op.name}' of a vector is not supported in kernels", op.loc)


def _active(ex: Any, v: Any, kind: str) -> Any:
    """``v`` with the lanes outside the active mask replaced by the neutral element of ``kind``."""
    if ex.mask is None:
        return v
    return np.where(ex.mask, v, simt.identity(kind, np.asarray(v).dtype))


@KERNEL.impl(gpu_k.AllReduceOp)
def _all_reduce(ex: Any, op: Any) -> Any:
    v = ex.get(op.operands[0])
    kind = gpu_k.reduce_kind(op)
    shape = ex.ids.shape
    if kind is not None:
        whole_blocks(ex, op, "divergent code: on a GPU its barriers are undefined there")
        return simt.all_reduce(kind, _active(ex, v, kind), shape)
    if ex.mask is not None and not np.all(ex.mask):
        raise MLIRError("gpu.all_reduce with a region reached by only some threads of a block "
                        "(divergent code)", op.loc)
    region, saved = op.regions[0], ex.mask

    def combine(a: Any, b: Any) -> Any:
        _, vals = ex.run_region(region, [a, b])
        return vals[0]

    ex.mask = None  # the region combines two partial results, not threads
    try:
        return simt.all_reduce_with(combine, v, shape)
    finally:
        ex.mask = saved


@KERNEL.impl(gpu_k.SubgroupReduceOp)
def _subgroup_reduce(ex: Any, op: Any) -> Any:
    v = ex.get(op.operands[0])
    _no_vectors(op, v)
    kind = gpu_k.reduce_kind(op)
    size = op.attributes.get("cluster_size")
    stride = op.attributes.get("cluster_stride")
    try:
        return simt.subgroup_reduce(kind, _active(ex, v, kind), ex.ids.shape, size.value if size else None,
                                    stride.value if stride is not None else 1)
    except ValueError as e:
        raise MLIRError(f"gpu.subgroup_reduce: {e}", op.loc) from None


@KERNEL.impl(gpu_k.ShuffleOp)
def _shuffle(ex: Any, op: Any) -> Any:
    v, off, w = (ex.get(x) for x in op.operands)
    _no_vectors(op, v)
    wa = np.asarray(w)
    if wa.ndim and wa.size and not np.all(wa == wa.flat[0]):
        raise MLIRError("gpu.shuffle width differs between the threads of a subgroup", op.loc)
    width = int(wa.flat[0]) if wa.size else 0
    if not 1 <= width <= simt.SUBGROUP_SIZE:
        raise MLIRError(f"gpu.shuffle width {width} is not in [1, {simt.SUBGROUP_SIZE}]", op.loc)
    oa = np.asarray(off)
    if ex.mask is not None and oa.ndim:
        oa = np.broadcast_to(oa, ex.ids.shape)[np.broadcast_to(ex.mask, ex.ids.shape)]
    bad = (oa < 0) | (oa >= simt.SUBGROUP_SIZE)
    if np.any(bad):
        o = int(np.asarray(oa)[bad].flat[0]) if oa.ndim else int(oa)
        raise MLIRError(f"gpu.shuffle offset {o} is not in [0, {simt.SUBGROUP_SIZE}) (no lane of a subgroup of "
                        f"{simt.SUBGROUP_SIZE})", op.loc)
    return list(simt.shuffle(gpu_k.shuffle_mode(op), v, off, width, ex.ids.shape))


@KERNEL.impl(gpu_k.subgroup_size)
def _subgroup_size(ex: Any, op: Any) -> Any:
    return np.int64(simt.SUBGROUP_SIZE)


@KERNEL.impl(gpu_k.subgroup_id)
def _subgroup_id(ex: Any, op: Any) -> Any:
    return ex.ids.thread_linear // simt.SUBGROUP_SIZE


@KERNEL.impl(gpu_k.num_subgroups)
def _num_subgroups(ex: Any, op: Any) -> Any:
    nb = int(np.prod([int(x) for x in ex.ids.block]))
    return np.int64(-(-nb // simt.SUBGROUP_SIZE))


@KERNEL.impl(gpu_d.PrintfOp)
def _printf(ex: Any, op: Any) -> Any:
    """Formats the line of every active thread, in linear thread order (block-major); the launch
    writes them to stdout after the kernel (as CUDA flushes its printf buffer)."""
    shape = ex.ids.shape
    mask = np.ones(shape, np.bool_) if ex.mask is None else np.broadcast_to(ex.mask, shape)
    idx = np.flatnonzero(mask.ravel())
    args = [np.broadcast_to(np.asarray(ex.get(v)), shape).ravel() for v in op.operands]
    fmt = op.attributes["format"].value
    out = ex.printed
    for t in idx:
        out.append(simt.c_printf(fmt, [a[t] for a in args]))
    return None


# --------------------------------------------------------------------------- CUDA C of the kernel-side ops
_TL = "(int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))"
_NT = "(int)(blockDim.x * blockDim.y * blockDim.z)"


def combine_c(kind: str, t: T.Type, a: str, b: str) -> str:
    """C for ``a <kind> b`` (the ``#gpu<all_reduce_op>`` kinds)."""
    if kind == "add":
        return f"({a} + {b})"
    if kind == "mul":
        return f"({a} * {b})"
    if kind in ("and", "or", "xor"):
        return f"({a} {dict(zip(('and', 'or', 'xor'), '&|^'))[kind]} {b})"
    if kind in ("minnumf", "maxnumf"):
        return f"{'fmin' if kind == 'minnumf' else 'fmax'}({a}, {b})"
    if kind in ("minimumf", "maximumf"):
        f = "fmin" if kind == "minimumf" else "fmax"
        return f"(isnan({a}) || isnan({b}) ? {a} + {b} : {f}({a}, {b}))"
    cmp = "<" if kind.startswith("min") else ">"
    if kind.endswith("ui"):
        u = unsigned_ctype(t)
        return f"(({u}){a} {cmp} ({u}){b} ? {a} : {b})"
    return f"({a} {cmp} {b} ? {a} : {b})"


@CUDA.impl(gpu_k.AllReduceOp)
def _all_reduce_c(em: Any, op: Any, ind: str, results: Any) -> None:
    kind = gpu_k.reduce_kind(op)
    t = op.results[0].type
    v, r = em.name(op.operands[0]), em.name(op.results[0])
    buf = f"{r}_s"
    # one block-wide scratch for every all_reduce of the kernel (each ends with a barrier), so a
    # kernel of many reductions stays within the 48 KiB of static shared memory
    em.prelude.add("__shared__ __align__(8) unsigned char all_reduce_scratch[8 * 1024];")
    em.lines += [
        f"{ind}{ctype(t)} *{buf} = ({ctype(t)} *)all_reduce_scratch;",
        f"{ind}{buf}[{_TL}] = {v};",
        f"{ind}__syncthreads();",
        f"{ind}for (int s = 1; s < {_NT}; s <<= 1) {{",
    ]
    if kind is not None:
        em.lines.append(f"{ind}  if ({_TL} % (2 * s) == 0 && {_TL} + s < {_NT}) "
                        f"{buf}[{_TL}] = {combine_c(kind, t, f'{buf}[{_TL}]', f'{buf}[{_TL} + s]')};")
    else:  # the region combines two partial results: its block, once, inside the tree loop
        body = op.regions[0].blocks[0]
        lhs, rhs = body.args
        em.lines.append(f"{ind}  if ({_TL} % (2 * s) == 0 && {_TL} + s < {_NT}) {{")
        em.lines.append(f"{ind}    {ctype(t)} {r}_c;")
        em.decl(lhs, f"{buf}[{_TL}]", ind + "    ")
        em.decl(rhs, f"{buf}[{_TL} + s]", ind + "    ")
        em.block(body, ind + "    ", [f"{r}_c"])
        em.lines.append(f"{ind}    {buf}[{_TL}] = {r}_c;")
        em.lines.append(f"{ind}  }}")
    em.lines += [
        f"{ind}  __syncthreads();",
        f"{ind}}}",
    ]
    em.decl(op.results[0], f"{buf}[0]", ind)
    em.lines.append(f"{ind}__syncthreads();")


@CUDA.impl(gpu_k.YieldOp)
def _gpu_yield_c(em: Any, op: Any, ind: str, results: Any) -> None:
    for dst, v in zip(results or [], op.operands):
        em.lines.append(f"{ind}{dst} = {em.name(v)};")


@CUDA.impl(gpu_k.SubgroupReduceOp)
def _subgroup_reduce_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """Each lane combines the active lanes of its cluster in lane order (``__activemask``: a partial
    warp or divergent code reads no missing lane), as the simulator pads them with the neutral element."""
    if isinstance(op.operands[0].type, T.VectorType):
        raise CudaCodegenError("gpu.subgroup_reduce of a vector is not supported by the CUDA emitter", op.loc)
    kind = gpu_k.reduce_kind(op)
    t = op.results[0].type
    size = op.attributes.get("cluster_size")
    stride = op.attributes.get("cluster_stride")
    c = size.value if size is not None else simt.SUBGROUP_SIZE
    s = stride.value if stride is not None else 1
    v, r = em.name(op.operands[0]), em.name(op.results[0])
    em.decl(op.results[0], v, ind)
    em.lines += [f"{ind}{{",
                 f"{ind}  unsigned m = __activemask();",
                 f"{ind}  int lane = {_TL} % 32, base = lane / {c * s} * {c * s} + lane % {s};",
                 f"{ind}  bool have = false;",
                 f"{ind}  for (int j = 0; j < {c}; ++j) {{",
                 f"{ind}    int src = base + j * {s};",
                 f"{ind}    {ctype(t)} o = __shfl_sync(m, {v}, src);",
                 f"{ind}    if ((m >> src) & 1u) {{ {r} = have ? {combine_c(kind, t, r, 'o')} : o; have = true; }}",
                 f"{ind}  }}",
                 f"{ind}}}"]


@CUDA.impl(gpu_k.ShuffleOp)
def _shuffle_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """``__shfl_sync`` over the active lanes (``__activemask``); a source lane outside ``[0, width)``
    or past the block's last thread is invalid (the lane keeps its own value)."""
    if isinstance(op.operands[0].type, T.VectorType):
        raise CudaCodegenError("gpu.shuffle of a vector is not supported by the CUDA emitter", op.loc)
    v, off, w = (em.name(x) for x in op.operands)
    mode = gpu_k.shuffle_mode(op)
    lane = f"({_TL} % 32)"
    src = {"xor": f"({lane} ^ {off})", "down": f"({lane} + {off})", "up": f"({lane} - {off})", "idx": off}[mode]
    valid = em.name(op.results[1])
    em.lines.append(f"{ind}int {valid}_src = {src};")
    em.decl(op.results[1], f"{valid}_src >= 0 && {valid}_src < {w} && {_TL} - {lane} + {valid}_src < {_NT}", ind)
    em.decl(op.results[0], f"__shfl_sync(__activemask(), {v}, {valid} ? {valid}_src : {lane})", ind)


@CUDA.impl(gpu_k.subgroup_size)
def _subgroup_size_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], "(long long)warpSize", ind)


@CUDA.impl(gpu_k.subgroup_id)
def _subgroup_id_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], f"(long long)({_TL} / warpSize)", ind)


@CUDA.impl(gpu_k.num_subgroups)
def _num_subgroups_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], f"(long long)(({_NT} + warpSize - 1) / warpSize)", ind)


def c_string(s: str) -> str:
    """A C string literal of ``s`` (octal escapes, so no following character is swallowed)."""
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c in '"\\':
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return '"' + "".join(out) + '"'


@CUDA.impl(gpu_d.PrintfOp)
def _printf_c(em: Any, op: Any, ind: str, results: Any) -> None:
    args = "".join(", " + (f"(double){em.name(v)}" if isinstance(v.type, T.FloatType) else em.name(v))
                   for v in op.operands)
    em.lines.append(f"{ind}printf({c_string(op.attributes['format'].value)}{args});")


@KERNEL.impl(gpu_k.DynamicSharedMemoryOp)
def _dynamic_shared_memory(ex: Any, op: Any) -> Any:
    return ex.dynamic_shared(op)


@CUDA.impl(gpu_k.DynamicSharedMemoryOp)
def _dynamic_shared_memory_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """``extern __shared__`` bytes (sized by the launch); its size is unknown inside the kernel."""
    r = op.results[0]
    raw = f"{em.name(r)}_raw"
    em.lines.append(f"{ind}extern __shared__ __align__(16) unsigned char {raw}[];")
    em.decl(r, f"({ctype(r.type)}){raw}", ind)
    em.desc[r] = (["0LL"], ["1LL"])
