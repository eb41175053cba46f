"""``gpu`` semantics: host ops (before lowering: tokens are sets of recorded events on implicit
streams, see ``interpreter.py``), kernel ops over the SIMT thread arrays, and their CUDA C."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import gpu as gpu_d
from ..memory import Ptr
from ..registry import CUDA, HOST, KERNEL
from ..values import MemRef, Token, group, loc_str


# --------------------------------------------------------------------------- host
def _memref_ptr(m: MemRef) -> Ptr:
    return m.aligned + m.offset * m.itemsize


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
    m = it.new_memref(mt, dyn, lambda n: it.rt.mgpuMemAlloc(n, None, shared, loc=loc_str(op), agent=it.agent))
    if len(op.results) > 1:
        return [m, Token(tuple(e for t in deps for e in t.events))]
    return m


@HOST.impl(gpu_d.DeallocOp)
def _dealloc(it: Any, op: Any) -> Any:
    m = it.get(group(op, "memref")[0])
    if not op.results:  # synchronous: cuMemFree waits for the device
        it.rt.mgpuMemFree(m.allocated, None, loc=loc_str(op), agent=it.agent, api="gpu.dealloc")
        return None
    # async: a stream-ordered free after its dependencies, so a free that is not ordered after
    # every use of the buffer is reported (use-after-free race), as the token semantics demand
    s, _, is_async = it.gpu_async_begin(op)
    it.rt.mgpuMemFree(m.allocated, s, loc=loc_str(op), agent=it.agent, api="gpu.dealloc")
    return it.finish_gpu(op, s, is_async)


@HOST.impl(gpu_d.MemcpyOp)
def _memcpy(it: Any, op: Any) -> Any:
    s, _, is_async = it.gpu_async_begin(op)
    dst, src = it.get(group(op, "dst")[0]), it.get(group(op, "src")[0])
    n = src.numel() * src.itemsize
    it.rt.mgpuMemcpy(_memref_ptr(dst), _memref_ptr(src), n, s, loc=loc_str(op), agent=it.agent)
    return it.finish_gpu(op, s, is_async)


@HOST.impl(gpu_d.MemsetOp)
def _memset(it: Any, op: Any) -> Any:
    s, _, is_async = it.gpu_async_begin(op)
    dst, val = it.get(group(op, "dst")[0]), it.get(group(op, "value")[0])
    w = dst.itemsize
    if w not in (2, 4):
        raise MLIRError(f"--run: gpu.memset of {w}-byte elements is not supported", op.loc)
    bits = int(np.asarray(val).view(np.uint32 if w == 4 else np.uint16))
    fn = it.rt.mgpuMemset32 if w == 4 else it.rt.mgpuMemset16
    fn(_memref_ptr(dst), bits, dst.numel(), s, loc=loc_str(op), agent=it.agent)
    return it.finish_gpu(op, s, is_async)


@HOST.impl(gpu_d.HostRegisterOp)
def _host_register(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.mgpuMemHostRegisterMemRef(m.aligned, loc=loc_str(op), agent=it.agent)


@HOST.impl(gpu_d.HostUnregisterOp)
def _host_unregister(it: Any, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.mgpuMemHostUnregisterMemRef(m.aligned, loc=loc_str(op), agent=it.agent)


@HOST.impl(gpu_d.SetDefaultDeviceOp)
def _set_device(it: Any, op: Any) -> Any:
    it.rt.mgpuSetDefaultDevice(int(it.get(op.operands[0])), loc=loc_str(op), agent=it.agent)


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
    if obj:  # lowered form: an explicit stream
        s = it.get(obj[0])
        it.launch(op, func, name, grid, block, args, s)
        return None
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
    s = str(op.attributes.get("dimension"))
    for ch in reversed(s):
        if ch in "xyz":
            return "xyz".index(ch)
    return 0


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


@KERNEL.impl("gpu.subgroup_size")
def _subgroup_size(ex: Any, op: Any) -> Any:
    return np.int64(32)


@KERNEL.impl(gpu_d.BarrierOp)
def _barrier(ex: Any, op: Any) -> Any:
    ex.races.barrier()  # lock step: every thread is here; only the race tracker sees the barrier
    return None


@KERNEL.impl(gpu_d.PrintfOp)
def _printf(ex: Any, op: Any) -> Any:
    return None


# --------------------------------------------------------------------------- CUDA C
_ID_BASE = {"gpu.thread_id": "threadIdx", "gpu.block_id": "blockIdx", "gpu.block_dim": "blockDim",
            "gpu.grid_dim": "gridDim"}


@CUDA.impl(gpu_d.thread_id, gpu_d.block_id, gpu_d.block_dim, gpu_d.grid_dim, gpu_d.global_id)
def _id_c(em: Any, op: Any, ind: str, results: Any) -> None:
    d = "xyz"[dim_index(op)]
    if op.name == "gpu.global_id":
        em.decl(op.results[0], f"(long long)blockIdx.{d} * blockDim.{d} + threadIdx.{d}", ind)
    else:
        em.decl(op.results[0], f"(long long){_ID_BASE[op.name]}.{d}", ind)


@CUDA.impl(gpu_d.LaneIdOp)
def _lane_id_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], "(long long)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))"
                           " % warpSize)", ind)


@CUDA.impl("gpu.subgroup_size")
def _subgroup_size_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], "(long long)warpSize", ind)


@CUDA.impl(gpu_d.BarrierOp)
def _barrier_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.lines.append(f"{ind}__syncthreads();")


@CUDA.impl(gpu_d.ReturnOp, gpu_d.TerminatorOp)
def _return_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.lines.append(f"{ind}return;")


CUDA.refuse(gpu_d.PrintfOp, reason="gpu.printf is not supported by the CUDA emitter")
