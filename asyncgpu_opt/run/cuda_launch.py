"""``--run --backend cuda``: kernels launched on a real GPU, and the run's set-up and teardown.

:func:`launcher` is the ``run`` callback :meth:`~.runtime.Runtime.launch_kernel` calls for a
``gpu.launch_func``: the ``gpu.func`` is emitted as CUDA C (``cuda_codegen.py``), compiled by NVRTC
for the device's own architecture (``nvrtc.compile_for_device``: a CUBIN, PTX only as a fallback),
loaded once per kernel, and launched on the command's stream.  What fails on the way (the emitter, NVRTC,
the driver) is a located error at the launch (:func:`located`), never an internal error.
:func:`prepare_module` outlines inline ``gpu.launch`` bodies first (upstream's
``gpu-kernel-outlining``), so every kernel runs on the GPU and none against the host shadow of
device memory.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import MLIRError
from .model import Access


def cuda_errors() -> tuple[type[Exception], ...]:
    """What the CUDA path raises that the user must see as a located diagnostic."""
    from .cuda import CudaError
    from .nvrtc import NvrtcError
    from .registry import CudaCodegenError

    return CudaError, NvrtcError, CudaCodegenError


def located(e: Exception, loc: Any, what: str = "") -> MLIRError:
    """A CUDA-path failure as a located ``--run --backend cuda`` error (the emitter's own location
    when it has one)."""
    where = getattr(e, "loc", None) or loc
    text = str(e).strip().replace("\n", "\n  ")
    return MLIRError(f"--run --backend cuda: {what}{text}", where)


def prepare_module(module: Any) -> None:
    """Outline ``gpu.launch`` bodies into ``gpu.func`` kernels (each then runs on the GPU)."""
    if any(op.name == "gpu.launch" for op in module.walk()):
        from ..passes.kernel_outlining import GpuKernelOutliningPass

        GpuKernelOutliningPass().apply(module)


def launcher(it: Any, op: Any, func: Any, name: str, grid: list[int], block: list[int], args: list[Any],
             stream: Any, shared: int = 0) -> Any:
    """``run`` callback for the cuda backend: compile the gpu.func (once) and launch it."""
    from .cuda_codegen import emit_cuda, pack_launch_args
    from .nvrtc import compile_for_device

    def run() -> list[Access]:
        try:
            dev = it.rt.device
            key = ("cuda", id(func))
            fn = it.kernel_cache.get(key)
            if fn is None:
                sym = func.attributes["sym_name"].value
                _kind, image = compile_for_device(emit_cuda(func), sym, dev.capability)
                fn = it.kernel_cache[key] = dev.get_function(dev.load_module(image), sym)
            handle = getattr(stream, "handle", None) if stream is not None else None
            dev.launch(fn, grid, block, dev.pack_args(pack_launch_args(func, args)), handle, shared)
        except cuda_errors() as e:
            raise located(e, op.loc, f"in kernel {name}: ") from None
        return []

    return run
