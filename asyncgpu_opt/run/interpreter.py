"""Host interpreter for ``--run``: executes the IR op by op over a :class:`~.runtime.Runtime`.

The semantics of each op are registered by op class in ``run/registry.py`` (``HOST``) by the
modules of ``run/semantics/``; this engine walks regions (``control.py``), keeps the SSA
environment, calls functions (defined ones, the runtime library and the ``mgpu*`` ABI), checks
host memory accesses (every load/store is reported to the hazard checker through
``Runtime.host_access``) and launches kernels on the SIMT executor (``kernels.py``).

GPU async tokens *before* lowering are sets of recorded events: every async gpu op runs on its own
implicit stream ordered only by its dependencies (a stream is reused when its last command is the
single dependency), so the token graph's maximal concurrency is what the hazard checker sees.
``run_module`` is the entry point of ``--run``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import numpy as np

from ..diagnostics import Diagnostic, MLIRError
from ..dialects.gpu import BinaryOp as GpuBinaryOp
from ..dialects.gpu import ModuleOp as GpuModuleOp
from ..dialects.llvm import FuncOp as LLVMFuncOp
from ..ir import attributes as A
from ..ir import types as T
from . import control, semantics
from . import runner_utils as RU
from .elements import alloc_size
from .memory import Ptr
from .registry import HOST
from .runtime import Event, HostThread, Runtime, Stream
from .semantics.gpu_runtime import run_runtime_call
from .values import (
    AsyncHandle,
    Cell,
    MemRef,
    RunError,
    StoppedByHazard,
    Token,
    all_offsets,
    apply_impl,
    element_storage,
    group,
    loc_str,
    loc_str_any,
    memref_from_llvm,
    memref_layout,
)

__all__ = ["Interpreter", "MemRef", "RunError", "make_runtime", "run_module", "run_summary"]



def _print_element_type(name: str) -> T.Type:
    """The element type a ``printMemref*`` runtime function reads (for an LLVM descriptor)."""
    text = RU.PRINT_MEMREF_ELEMENT[name]
    if text.startswith("complex"):
        return T.ComplexType(T.f32 if "f32" in text else T.f64)
    simple = {"f16": T.f16, "bf16": T.bf16, "f32": T.f32, "f64": T.f64, "index": T.index}
    return simple.get(text) or T.IntegerType(int(text[1:]))

class Interpreter:
    """Executes host code of a module against a runtime."""

    run_region = control.run_region
    affine_eval = control.affine_eval

    def __init__(self, module: Any, rt: Runtime, backend: str = "sim") -> None:
        self.module = module
        self.rt = rt
        self.backend = backend
        self.out = io.StringIO()
        self.kernel_steps = 1 << 16  # --run-kernel-steps
        self.env: dict[Any, Any] = {}
        self.agent: HostThread | None = None
        semantics.load()
        self.impls = HOST.table
        self.symbols: dict[str, Any] = {}
        self.gpu_modules: dict[str, Any] = {}
        self.globals: dict[str, MemRef] = {}
        self.stream_tail: dict[Stream, Token] = {}
        self.implicit_streams: list[Stream] = []
        self.implicit_events: list[Event] = []
        self.kernel_cache: dict[Any, Any] = {}
        self.depth = 0
        if backend == "cuda":  # driver/NVRTC/emitter failures become errors located at the op
            self.exec_op = self._exec_op_cuda  # type: ignore[method-assign]
        for op in module.regions[0].blocks[0].ops:
            name = op.attributes.get("sym_name")
            if isinstance(name, A.StringAttr):
                self.symbols[name.value] = op
                if op.opdef is GpuModuleOp:
                    self.gpu_modules[name.value] = op

    # ------------------------------------------------------------------ values
    def get(self, v: Any) -> Any:
        try:
            return self.env[v]
        except KeyError:
            raise MLIRError("--run: use of a value that was not computed", getattr(v, "loc", None)) from None

    # ------------------------------------------------------------------ execution
    def exec_op(self, op: Any) -> None:
        fn = self.impls.get(op.name)
        if fn is None:
            if getattr(op.opdef, "runtime_call", None) is None:
                raise self.unsupported(op)
            fn = run_runtime_call  # an op that is one runtime call, declared on its class
        apply_impl(self, fn, op)

    def _exec_op_cuda(self, op: Any) -> None:
        from .cuda_launch import cuda_errors, located

        try:
            Interpreter.exec_op(self, op)
        except cuda_errors() as e:
            raise located(e, op.loc) from None

    def unsupported(self, op: Any) -> Exception:
        return MLIRError(f"--run: operation '{op.name}' is not supported by the interpreter", op.loc)

    def call(self, fn: Any, args: list[Any], loc: Any = None) -> list[Any]:
        name = fn.attributes["sym_name"].value
        if not fn.regions or not fn.regions[0].blocks:
            return self.call_external(name, args, loc, fn)
        self.depth += 1
        if self.depth > 2000:
            raise MLIRError("--run: call stack overflow (recursion deeper than 2000)", loc)
        saved = self.env
        self.env = {}
        try:
            _, vals = self.run_region(fn.regions[0], args)
        finally:
            self.env = saved
            self.depth -= 1
        return vals

    def call_external(self, name: str, args: list[Any], loc: Any, fn: Any = None) -> list[Any]:
        out = self.out
        if name.startswith("_mlir_ciface_"):
            name = name[len("_mlir_ciface_") :]
        if name in RU.PRINT_MEMREF_DTYPES:
            m = args[0]
            if len(args) == 2:  # convert-func-to-llvm passes the unranked descriptor's two fields
                m = tuple(args)
            if isinstance(m, tuple):  # unranked LLVM descriptor (rank, ptr to descriptor)
                m = memref_from_llvm(m, _print_element_type(name))
            self.host_read(m, loc)
            dt = np.dtype(RU.PRINT_MEMREF_DTYPES[name])
            flat = m.flat()
            arr = np.asarray(flat).astype(dt, copy=False)
            out.write(RU.format_memref(arr, m.base_elem + m.offset, list(m.sizes), list(m.strides),
                                       base_address=m.aligned.as_int() if m.aligned.buffer else 0))
            return []
        simple = {"printF32": RU.printF32, "printF64": RU.printF64, "printI64": RU.printI64,
                  "printU64": RU.printU64}
        if name in simple:
            simple[name](args[0], out)
            return []
        if name in ("printNewline", "printComma", "printOpen", "printClose"):
            getattr(RU, name)(out)
            return []
        if name.startswith("mgpu"):
            return [self.call_mgpu(name, args, loc)]
        from .libc import LIBC

        if name in LIBC:
            return LIBC[name](self, args, loc)
        raise MLIRError(f"--run: call to unknown external function '@{name}'", loc)

    # ------------------------------------------------------------------ memory
    def host_read(self, m: MemRef, loc: Any, write: bool = False) -> None:
        buf = m.buffer
        if buf is None:
            raise MLIRError("--run: access through a null memref", loc)
        lo, hi = m.byte_range()
        if m.is_contiguous() or hi - lo <= 0:
            self.rt.host_access(buf, lo, hi, write, loc_str_any(loc), self.agent)
        else:
            it = m.itemsize
            flat = m.base_elem + m.offset + all_offsets(m.sizes, m.strides)
            from .hazards import intervals_from_offsets

            for a, b in intervals_from_offsets(flat * it + m.aligned.offset % it, it):
                self.rt.host_access(buf, a, b, write, loc_str_any(loc), self.agent)
        if buf.kind == "device" and self.backend == "cuda" and not write and buf.alive:
            # a host read of device memory (the checker reports it): what the device holds, as on the sim
            self.rt.device.refresh_shadow(buf)  # type: ignore[attr-defined]

    def element(self, op: Any, m: MemRef, idx: list[Any], write: bool) -> tuple[np.ndarray, int]:
        if not isinstance(m, MemRef):
            raise MLIRError("--run: expected a memref", op.loc)
        e = m.offset
        for i, s, n in zip(idx, m.strides, m.sizes):
            i = int(i)
            if not 0 <= i < n:
                buf = m.buffer
                lo = m.aligned.offset + (e + i * s) * m.itemsize
                if buf is not None and any(h.kind == "out-of-bounds" for h in self.rt.host_access(
                        buf, lo, lo + m.itemsize, write, loc_str(op), self.agent)):
                    raise StoppedByHazard("the run stopped at this out-of-bounds access", op.loc)
                raise MLIRError(f"--run: out-of-bounds {'store' if write else 'load'}: index {i} "
                                f"not in [0, {n})", op.loc)
            e += i * s
        buf = m.buffer
        if buf is None:
            raise MLIRError("--run: load/store through a null memref", op.loc)
        lo = m.aligned.offset + e * m.itemsize
        self.rt.host_access(buf, lo, lo + m.itemsize, write, loc_str(op), self.agent)
        if not buf.alive:
            raise MLIRError(f"--run: host {'store' if write else 'load'} of freed memory", op.loc)
        if buf.kind == "device" and self.backend == "cuda" and not write:
            self.rt.device.refresh_shadow(buf)  # type: ignore[attr-defined]
        return m.flat(), m.base_elem + e

    def new_memref(self, mt: T.MemRefType, dyn: list[Any], ptr_fn: Callable[[int], Ptr]) -> MemRef:
        sizes, k = [], 0
        for d in mt.shape:
            if d == T.DYNAMIC:
                sizes.append(int(dyn[k]))
                k += 1
            else:
                sizes.append(int(d))
        sizes_t = tuple(sizes)
        if any(s < 0 for s in sizes_t):
            raise ValueError(f"negative dimension size in {list(sizes_t)}")
        off, strides = memref_layout(mt, sizes_t)
        dt, codec = element_storage(mt.element_type)
        n = 1 + sum((s - 1) * st for s, st in zip(sizes_t, strides)) + off if all(sizes_t) else off
        p = ptr_fn(max(n, 0) * alloc_size(mt.element_type))
        return MemRef(p, p, off, sizes_t, strides, dt, codec=codec)

    # ------------------------------------------------------------------ gpu (before lowering)
    def tokens(self, values: list[Any]) -> list[Token]:
        out = []
        for v in values:
            t = self.get(v)
            if isinstance(t, AsyncHandle):
                t = t.value
            if isinstance(t, Token):
                out.append(t)
        return out

    def gpu_stream(self, op: Any, deps: list[Token]) -> Stream:
        """An implicit stream for an async op ordered after ``deps`` only."""
        rt, loc, ag = self.rt, loc_str(op), self.agent
        chosen: Stream | None = None
        for t in deps:
            s = t.stream
            if s is not None and self.stream_tail.get(s) is t:
                chosen = s
                break
        if chosen is None:
            chosen = rt.mgpuStreamCreate(loc=loc, agent=ag)
            self.implicit_streams.append(chosen)
        for t in deps:
            if t.stream is chosen and self.stream_tail.get(chosen) is t:
                continue
            for e in t.events:
                rt.mgpuStreamWaitEvent(chosen, e, loc=loc, agent=ag)
        return chosen

    def gpu_done(self, op: Any, s: Stream | None) -> Token:
        if s is None:
            return Token()
        e = self.rt.mgpuEventCreate(loc=loc_str(op), agent=self.agent)
        self.implicit_events.append(e)
        self.rt.mgpuEventRecord(e, s, loc=loc_str(op), agent=self.agent)
        t = Token((e,), s)
        self.stream_tail[s] = t
        return t

    def gpu_async_begin(self, op: Any) -> tuple[Stream | None, list[Token], bool]:
        """(stream or None for the default stream, dependency tokens, is_async)."""
        deps = self.tokens(group(op, "asyncDependencies"))
        is_async = bool(op.opdef.result_group(op, "asyncToken"))
        if is_async:
            return self.gpu_stream(op, deps), deps, True
        for t in deps:
            for e in t.events:
                self.rt.mgpuEventSynchronize(e, loc=loc_str(op), agent=self.agent)
        return None, deps, False

    def finish_gpu(self, op: Any, s: Stream | None, is_async: bool) -> Any:
        if is_async:
            return self.gpu_done(op, s)
        return None

    def kernel_func(self, op: Any, ref: A.SymbolRefAttr) -> Any:
        mod = self.gpu_modules.get(ref.root)
        if mod is None and getattr(self.symbols.get(ref.root), "opdef", None) is GpuBinaryOp:
            if self.backend == "cuda":  # machine code: loaded as it is (run/binaries.py)
                return self.symbols[ref.root]
            raise MLIRError(f"--run: kernel '{ref}' exists only as machine code (gpu.binary "
                            f"'@{ref.root}'): the simulator runs kernels from their gpu.module source; "
                            "--backend cuda can run it", op.loc)
        if mod is None:
            raise MLIRError(f"--run: kernel module '@{ref.root}' not found", op.loc)
        if mod.regions:
            for f in mod.regions[0].blocks[0].ops:
                sn = f.attributes.get("sym_name")
                if isinstance(sn, A.StringAttr) and sn.value == ref.leaf:
                    if f.opdef is LLVMFuncOp:
                        raise MLIRError(f"--run: kernel '{ref}' is already lowered to LLVM (llvm.func): the "
                                        "simulator runs kernels from their gpu.func source", op.loc)
                    return f
        raise MLIRError(f"--run: kernel '{ref}' not found", op.loc)

    def launch(self, op: Any, func: Any, name: str, grid: list[int], block: list[int], args: list[Any],
               stream: Stream | None, region: Any = None, captured: dict | None = None) -> None:
        from . import kernels

        loc = loc_str(op)
        dsm = group(op, "dynamicSharedMemorySize")
        shared = int(self.get(dsm[0])) if dsm else 0
        if shared < 0:
            raise MLIRError(f"--run: negative dynamic_shared_memory_size {shared}", op.loc)
        _check_launch_limits(op, grid, block, shared)
        if self.backend == "cuda" and func is not None and func.opdef is GpuBinaryOp:
            from .binaries import cuda_binary_launcher

            run = cuda_binary_launcher(self, op, func, grid, block, args, stream, shared)
        elif self.backend == "cuda":
            from .cuda_launch import launcher

            if func is None:  # prepare_module outlines every gpu.launch under --backend cuda
                raise MLIRError("--run --backend cuda: a 'gpu.launch' that is not outlined", op.loc)
            run = launcher(self, op, func, name, grid, block, args, stream, shared)
        else:
            def run() -> list:
                try:
                    return kernels.run_kernel(func, grid, block, args, region=region, captured=captured,
                                              cache=self.kernel_cache, printf=self.out.write,
                                              steps=self.kernel_steps, dyn_shared=shared)
                except kernels.KernelError as e:
                    raise MLIRError(f"--run: in kernel {name}: {e}", e.loc or op.loc) from None
        loops = self.backend != "cuda" and kernels.may_loop(func if region is None else region, self.kernel_cache)
        self.rt.launch_kernel(stream, name, grid, block, run, loc=loc, agent=self.agent, may_loop=loops)

    def kernel_args(self, op: Any, func: Any, vals: list[Any]) -> list[Any]:
        if func.opdef is GpuBinaryOp:  # no signature: the operands as they are (run/binaries.py)
            return vals
        ft = func.attributes["function_type"].type
        if len(vals) == len(ft.inputs):
            return [memref_from_llvm(v, t) if isinstance(t, T.MemRefType) and not isinstance(v, MemRef)
                    else v for v, t in zip(vals, ft.inputs)]
        out, i = [], 0  # exploded memref descriptors
        for t in ft.inputs:
            if isinstance(t, T.MemRefType):
                r = len(t.shape)
                d = vals[i : i + 3]
                i += 3
                if r:
                    d = (*d, tuple(vals[i : i + r]), tuple(vals[i + r : i + 2 * r]))
                    i += 2 * r
                out.append(memref_from_llvm(tuple(d), t))
            else:
                out.append(vals[i])
                i += 1
        return out

    # ------------------------------------------------------------------ lowered runtime calls
    def call_mgpu(self, name: str, args: list[Any], loc: Any, **kw: Any) -> Any:
        """The runtime's ``name`` on the values a lowered ``llvm.call`` passes (``kw``: extra
        keywords of the runtime method, e.g. ``api``)."""
        fn = getattr(self.rt, name, None)
        if fn is None:
            raise MLIRError(f"--run: unknown runtime function '@{name}'", loc)
        conv = [int(a) if isinstance(a, np.integer | np.bool_) else a for a in args]
        if name in ("mgpuMemHostRegisterMemRef", "mgpuMemHostUnregisterMemRef"):
            m = next((a for a in conv if isinstance(a, MemRef | Cell | tuple)), None)
            if isinstance(m, Cell):
                m = m.value
            if isinstance(m, tuple):
                m = memref_from_llvm(m, None)
            ptr = m.aligned if isinstance(m, MemRef) else next(a for a in conv if isinstance(a, Ptr))
            conv = [ptr]
        if name == "mgpuMemAlloc" and len(conv) >= 3:
            conv[2] = bool(conv[2])
        return fn(*conv, loc=loc_str_any(loc), agent=self.agent, **kw)

    # ------------------------------------------------------------------ entry
    def run_main(self, entry: str, entry_result: str | None = None) -> None:
        fn = self.symbols.get(entry)
        if fn is None or fn.name not in ("func.func", "llvm.func"):
            raise MLIRError(f"--run: entry point '@{entry}' not found", self.module.loc)
        ft = fn.attributes["function_type"].type
        n_in = len(getattr(ft, "inputs", getattr(ft, "params", ())))
        if n_in:
            raise MLIRError(f"--run: entry point '@{entry}' must take no arguments", fn.loc)
        results = getattr(ft, "results", None)
        if results is None:  # llvm.func: a void return type
            ret = getattr(ft, "result", None)
            results = [] if ret is None or isinstance(ret, T.LLVMVoidType) else [ret]
        if entry_result == "void" and results:
            raise MLIRError(f"--run: entry point '@{entry}' returns a value but --entry-point-result=void",
                            fn.loc)
        want = {"i32": T.i32, "i64": T.i64, "f32": T.f32}.get(entry_result or "")
        if want is not None and list(results) != [want]:
            raise MLIRError(f"--run: entry point '@{entry}' must return a single {entry_result} for "
                            f"--entry-point-result={entry_result}", fn.loc)
        vals = self.call(fn, [], fn.loc)
        if want is not None:  # mlir-runner prints the result: an integer, or a float as "%e"
            v = vals[0]
            self.out.write(f"{float(v):e}\n" if want == T.f32 else f"{int(v)}\n")

    def cleanup_implicit(self) -> None:
        for e in self.implicit_events:
            if not e.destroyed:
                self.rt.mgpuEventDestroy(e)
        for s in self.implicit_streams:
            if not s.destroyed:
                self.rt.mgpuStreamDestroy(s)


# --------------------------------------------------------------------------- entry point
def make_runtime(backend: str, loc: Any = None, cost_model: str | None = None) -> tuple[Runtime, str]:
    """The runtime of ``--backend`` (``sim``, the default; ``cuda``: a GPU, or an error without one;
    ``auto``: cuda where a GPU is present, else sim) and the backend's name."""
    cost = None
    if cost_model:
        from .runtime import CostModel

        try:
            cost = CostModel.from_json(cost_model)
        except ValueError as ex:
            e = MLIRError(f"--run-cost-model: {ex}", loc)
            e.diagnostic.show_source = False
            raise e from None
    b = backend or "sim"
    if b in ("auto", "cuda"):
        from .cuda import _driver, is_cuda_available

        # cuda: the driver's own reason when it is there but unusable (versions that do not fit)
        if is_cuda_available() or (b == "cuda" and _driver_loads(_driver)):
            from .cuda import CudaDevice, CudaError

            try:
                dev = CudaDevice()
            except CudaError as ex:
                e = MLIRError(f"--backend {b}: {ex}", loc)
                e.diagnostic.show_source = False
                raise e from None
            rt = Runtime(dev, cost)
            dev.on_failure = lambda name: _device_failed(rt, name)
            return rt, "cuda"
        if b == "cuda":  # one line: the module's location, no source excerpt
            e = MLIRError("--backend cuda: no CUDA device or driver is available "
                          "(use --backend sim to simulate)", loc)
            e.diagnostic.show_source = False
            raise e
    if b not in ("auto", "sim", "cuda"):
        raise MLIRError(f"unknown --backend '{b}' (expected auto, sim or cuda)", loc)
    return Runtime(cost=cost), "sim"


def _driver_loads(driver: Callable[[], Any]) -> bool:
    """True when ``cuda.bindings`` imports and the driver library answers ``cuDriverGetVersion``."""
    try:
        d = driver()
        return d.cuDriverGetVersion()[0] == d.CUresult.CUDA_SUCCESS
    except Exception:
        return False


def _device_failed(rt: Runtime, error: str) -> None:
    """The GPU hit a sticky error (a failed ``cf.assert``, an illegal address): from now on the
    runtime behaves as after the simulator's failed ``cf.assert`` (no more device work; a warning at
    the first call that observes it)."""
    from .model import StickyError

    if rt.sticky is None:
        rt.sticky = StickyError(f"a kernel on the GPU ({error})", None)


def run_summary(st: dict[str, Any]) -> str:
    """``--run-summary``: one human line about the run (virtual times, docs/run.md)."""
    errors = st["hazards"]
    return (f"asyncgpu-opt: run summary: {st['streams_created']} streams, {st['events_created']} events, "
            f"{st['host_syncs']} host syncs, {st['kernels']} kernels, {st['memcpys']} copies, "
            f"{errors} hazard{'s' if errors != 1 else ''}; makespan {st['makespan_us']:.1f} us "
            f"(virtual), {st['makespan_over_critical_path']:.2f}x the data-dependence critical path "
            f"{st['data_critical_path_us']:.1f} us\n")


def hazard_diagnostics(module: Any, hazards: list[Any]) -> list[Diagnostic]:
    """Hazards as diagnostics located at their ops (for ``--verify-diagnostics``): a hazard's
    location text is resolved to the location of the op it names."""
    locs = {str(op.loc): op.loc for op in module.walk() if op.loc is not None}
    return [Diagnostic(h.severity, h.message, locs.get(h.loc) if h.loc else None) for h in hazards]


def run_module(module: Any, config: Any, stderr_lines: list[str],
               diagnostics: list[Diagnostic] | None = None) -> str:
    """Execute ``config.entry`` of ``module``; returns the program's stdout text.  Hazards go to
    ``stderr_lines`` as text, or, when ``diagnostics`` is given (``--verify-diagnostics``), into it
    as located diagnostics to match against ``expected-error``/``expected-warning`` lines (then
    hazards do not end the run with an error of their own)."""
    rt, backend = make_runtime(getattr(config, "backend", "sim"), module.loc, getattr(config, "run_cost_model", None))
    if backend == "cuda":
        from .cuda_launch import prepare_module

        prepare_module(module)  # inline gpu.launch bodies become kernels the GPU runs
    it = Interpreter(module, rt, backend)
    it.kernel_steps = getattr(config, "run_kernel_steps", it.kernel_steps) or it.kernel_steps
    err: MLIRError | None = None
    close = getattr(rt.device, "close", None)  # the cuda device: sync, unload, release the context
    if backend == "cuda":
        rt.device.capture_printf(it.out.write)  # type: ignore[attr-defined]
    with np.errstate(all="ignore"):
        try:
            try:
                it.run_main(getattr(config, "entry", "main") or "main", getattr(config, "entry_result", None))
                rt.running.settle()  # kernels still running at exit finish (or fail) now
            except MLIRError as e:
                err = e
                rt.running.cancel()
            it.cleanup_implicit()
            hazards = rt.finish(memory_leaks=getattr(config, "run_leaks", "warning") or "warning",
                                aborted=err is not None)
        finally:
            if close is not None:
                close()
    trace = getattr(config, "trace", None)
    if trace:
        from .trace import write_trace

        write_trace(rt, trace)
    timeline = getattr(config, "timeline", None)
    if timeline:
        from .timeline import write_timeline

        write_timeline(rt, timeline, stderr_lines, module, getattr(config, "pipeline", None))
    stats = getattr(config, "run_stats", None)
    if stats:
        from .trace import write_run_stats

        write_run_stats(rt, stats)
    out = it.out.getvalue()
    stderr_lines.extend(rt.device_log)  # CUDA's device-side assertion messages
    if diagnostics is None:
        stderr_lines.extend(str(h) + "\n" for h in hazards)
    else:
        diagnostics.extend(hazard_diagnostics(module, hazards))
    if getattr(config, "run_summary", False):
        stderr_lines.append(run_summary(rt.run_stats()))
    stopped = isinstance(err, StoppedByHazard)  # its hazard is reported above: no second error
    if err is not None and not stopped:
        raise RunError(err.diagnostic.message, err.diagnostic.loc, out)
    errors = [h for h in hazards if h.severity == "error"]
    if errors and diagnostics is None:
        n = len(errors)
        e = RunError(f"{n} hazard{'s' if n != 1 else ''} detected"
                     + ("; the run stopped at the out-of-bounds access" if stopped else ""), None, out)
        e.diagnostic.summary = True
        raise e
    return out


# CUDA's launch limits (cudaErrorInvalidConfiguration beyond them)
_MAX_BLOCK = (1024, 1024, 64)
_MAX_GRID = (2**31 - 1, 65535, 65535)
_MAX_THREADS_PER_BLOCK = 1024


#: dynamic shared memory a block may use at most on any current GPU (sm_90/sm_100 opt-in: 227 KiB)
_MAX_DYNAMIC_SHARED = 227 * 1024


def _check_launch_limits(op: Any, grid: list[int], block: list[int], shared: int = 0) -> None:
    """A launch CUDA would refuse is a located error (and no attempt to simulate 2^31 threads)."""
    g = [int(x) for x in (*grid, 1, 1, 1)[:3]]
    b = [int(x) for x in (*block, 1, 1, 1)[:3]]
    if min(g + b) <= 0:
        return  # an empty launch runs nothing
    if shared > _MAX_DYNAMIC_SHARED:
        raise MLIRError(f"--run: dynamic_shared_memory_size {shared} exceeds the {_MAX_DYNAMIC_SHARED} bytes "
                        "(227 KiB) a block may use on any current GPU", op.loc)
    if any(x > m for x, m in zip(b, _MAX_BLOCK)) or b[0] * b[1] * b[2] > _MAX_THREADS_PER_BLOCK \
            or any(x > m for x, m in zip(g, _MAX_GRID)):
        raise MLIRError(f"--run: invalid launch configuration: grid {g[0]}x{g[1]}x{g[2]}, block {b[0]}x{b[1]}x{b[2]} "
                        f"(CUDA allows at most {_MAX_THREADS_PER_BLOCK} threads per block, a block of "
                        "1024x1024x64 and a grid of 2147483647x65535x65535)", op.loc)
