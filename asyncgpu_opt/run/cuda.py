"""A real CUDA device behind the runtime's :class:`~.runtime.Device` protocol.

Mirrors upstream ``CudaRuntimeWrappers.cpp``: primary context of the default device, streams
created ``CU_STREAM_NON_BLOCKING``, events ``CU_EVENT_DISABLE_TIMING``, ``cuMemAlloc`` /
``cuMemAllocManaged(CU_MEM_ATTACH_GLOBAL)``, ``cuMemcpyAsync``, ``cuMemsetD32Async`` /
``cuMemsetD16Async``, ``cuModuleLoadData``, ``cuModuleGetFunction``, ``cuLaunchKernel``.
``cuda.bindings`` is imported lazily; :func:`is_cuda_available` is False (never raises) when
there is no driver or no device.

Buffers: ``host`` memory is the numpy array itself (pageable, addressed through UVA);
``host_shared`` memory is managed memory exposed to numpy without a copy (copied out before
``cuMemFree``, so a read after the free sees the last values, as in the simulator, and not unmapped
memory); ``device`` memory has a device pointer in ``Buffer.device_handle`` (its ``data`` array is
an unused host shadow).  New allocations are zeroed, as the simulator's are.

Streams and events are :class:`Handle` objects; one the program already destroyed is never passed
to the driver again (the runtime reports the use; the command runs on the legacy default stream
after a device synchronization, the order the simulator gives it).  A sticky error
(``CUDA_ERROR_ASSERT`` after a failing ``cf.assert``, an illegal address...) is recorded in
:attr:`CudaDevice.failure` and every later call is skipped, as the simulator's runtime does;
:meth:`CudaDevice.close` then resets the primary context so the next ``--split-input-file`` chunk
starts clean.  Kernel ``printf`` goes to the process's C ``stdout``; :meth:`CudaDevice.capture_printf`
redirects it into the program's output at every synchronization.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ir import types as T
from .elements import codec_of
from .memory import Buffer, Ptr

#: Kernel-argument kinds → the numpy scalar type they are passed as.
ARG_TYPES: dict[str, type] = {
    "ptr": np.uint64,
    "u64": np.uint64,
    "index": np.int64,
    "i64": np.int64,
    "i32": np.int32,
    "i16": np.int16,
    "i8": np.int8,
    "i1": np.uint8,
    "f16": np.float16,
    "bf16": np.uint16,  # the value's bf16 bits (rounded to nearest even)
    "f32": np.float32,
    "f64": np.float64,
}


class CudaError(RuntimeError):
    """A CUDA driver call failed (or no driver/device is present)."""


#: errors after which the context is unusable: every later call fails with the same error
STICKY_ERRORS = frozenset({
    "CUDA_ERROR_ASSERT", "CUDA_ERROR_ILLEGAL_ADDRESS", "CUDA_ERROR_LAUNCH_FAILED", "CUDA_ERROR_ILLEGAL_INSTRUCTION",
    "CUDA_ERROR_MISALIGNED_ADDRESS", "CUDA_ERROR_INVALID_ADDRESS_SPACE", "CUDA_ERROR_INVALID_PC",
    "CUDA_ERROR_HARDWARE_STACK_ERROR", "CUDA_ERROR_LAUNCH_TIMEOUT", "CUDA_ERROR_CONTEXT_IS_DESTROYED",
})

#: dynamic shared memory a launch may use without opting in (``cuFuncSetAttribute``)
DEFAULT_SHARED_BYTES = 48 * 1024


class Handle:
    """A driver stream or event (``value``); ``alive`` turns False once destroyed."""

    __slots__ = ("alive", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.alive = True

    def __int__(self) -> int:
        return int(self.value)


class DeviceStdout:
    """Captures what the process writes to its C ``stdout`` (file descriptor 1): the driver prints a
    kernel's ``printf`` there when it flushes its device buffer (at synchronizations, launches, module
    loads and context teardown).  :meth:`drain` returns what arrived since the last drain."""

    def __init__(self) -> None:
        self._libc = ctypes.CDLL(None)
        sys.stdout.flush()
        self._libc.fflush(None)
        self._tmp = tempfile.TemporaryFile()  # noqa: SIM115 - open until close()
        self._saved = os.dup(1)
        os.dup2(self._tmp.fileno(), 1)
        self._pos = 0

    def drain(self) -> str:
        self._libc.fflush(None)
        self._tmp.seek(self._pos)
        data = self._tmp.read()
        self._pos += len(data)
        return data.decode("utf-8", errors="replace")

    def close(self) -> str:
        """Restore file descriptor 1; returns what was still undrained."""
        text = self.drain()
        os.dup2(self._saved, 1)
        os.close(self._saved)
        self._tmp.close()
        return text


@dataclass
class PackedArgs:
    """Kernel parameters laid out for ``cuLaunchKernel``'s ``kernelParams`` (``void**``).

    ``values`` holds one 1-element array per argument (kept alive here), ``pointers`` the
    ``uint64`` array of their addresses; :attr:`address` is what the driver receives.
    """

    kinds: list[str]
    values: list[np.ndarray]
    pointers: np.ndarray

    @property
    def address(self) -> int:
        return int(self.pointers.ctypes.data)

    def __len__(self) -> int:
        return len(self.values)

    def read_back(self, i: int) -> int | float:
        """Argument ``i`` read through the pointer array, as the driver would."""
        addr = ctypes.c_uint64.from_address(self.address + 8 * i).value
        ty = ARG_TYPES[self.kinds[i]]
        raw = ctypes.string_at(addr, np.dtype(ty).itemsize)
        value = np.frombuffer(raw, dtype=ty)
        if self.kinds[i] == "bf16":
            value = codec_of(T.bf16).decode(value)
        return value[0].item()


def pack_kernel_args(args: Sequence[tuple[str, Any]]) -> PackedArgs:
    """Pack ``[(kind, value), ...]`` (kinds of :data:`ARG_TYPES`) for ``cuLaunchKernel``.

    Integers wrap to the argument width; pointers must already be integer addresses.
    """
    kinds: list[str] = []
    values: list[np.ndarray] = []
    for kind, value in args:
        ty = ARG_TYPES.get(kind)
        if ty is None:
            raise ValueError(f"unknown kernel argument kind {kind!r} (expected one of {sorted(ARG_TYPES)})")
        if kind == "bf16":
            arr = np.asarray(codec_of(T.bf16).encode([value]), dtype=np.uint16)
        elif np.dtype(ty).kind in "iu":
            size = np.dtype(ty).itemsize
            v = int(value) & ((1 << (8 * size)) - 1)
            arr = np.array([v], dtype=f"u{size}").view(ty)
        else:
            arr = np.array([value], dtype=ty)
        kinds.append(kind)
        values.append(arr)
    pointers = np.array([a.ctypes.data for a in values], dtype=np.uint64)
    return PackedArgs(kinds, values, pointers)


# --------------------------------------------------------------------------- driver access


def _driver() -> Any:
    try:
        from cuda.bindings import driver
    except ImportError as exc:
        raise CudaError("cuda-python (cuda.bindings) is not installed") from exc
    return driver


def _versions(d: Any) -> str:
    """"driver X.Y, cuda-bindings A.B.C" as far as they can be read (for errors where they do not fit)."""
    parts = []
    try:
        err, v = d.cuDriverGetVersion()
        if err == d.CUresult.CUDA_SUCCESS:
            parts.append(f"CUDA driver {int(v) // 1000}.{int(v) % 1000 // 10}")
    except Exception:
        parts.append("no CUDA driver library")
    try:
        from importlib.metadata import version

        parts.append(f"cuda-bindings {version('cuda-bindings')}")
    except Exception:
        pass
    return ", ".join(parts)


def is_cuda_available() -> bool:
    """True when a CUDA driver loads and reports at least one device."""
    try:
        driver = _driver()
        (err,) = driver.cuInit(0)
        if err != driver.CUresult.CUDA_SUCCESS:
            return False
        err, count = driver.cuDeviceGetCount()
        return err == driver.CUresult.CUDA_SUCCESS and count > 0
    except Exception:
        return False


class CudaDevice:
    """The ``cuda`` backend (one device, its primary context).  ``driver``: the
    ``cuda.bindings.driver`` module (a stand-in in unit tests of the call order)."""

    name = "cuda"

    def __init__(self, ordinal: int = 0, driver: Any = None) -> None:
        d = driver if driver is not None else _driver()
        self._d = d
        self.failure: str | None = None  # the sticky error that ended device work
        #: told the sticky error's name once (the runtime then reports it as the simulator does)
        self.on_failure: Callable[[str], Any] | None = None
        self.printf_sink: Callable[[str], Any] | None = None
        self._stdout: DeviceStdout | None = None
        self._modules: list[Any] = []
        self._closed = False
        #: with :meth:`enable_timing`: (stream, start event, end event) of every command
        self._timed: list[tuple[object, Any, Any]] | None = None
        #: after :meth:`close` with timing: (stream, start µs, end µs) of every command, from the first start
        self.command_times: list[tuple[object, float, float]] = []
        try:
            self._check(d.cuInit(0), "cuInit(0)")
        except CudaError as exc:
            raise CudaError(f"{exc} ({_versions(d)})") from None
        except Exception as exc:  # the driver library itself is missing, or older than the binding
            raise CudaError(f"no usable CUDA driver: {exc} ({_versions(d)})") from exc
        self.device_count = int(self._check(d.cuDeviceGetCount(), "cuDeviceGetCount"))
        if not 0 <= ordinal < self.device_count:
            raise CudaError(f"CUDA device {ordinal} does not exist ({self.device_count} device(s))")
        self.device = self._check(d.cuDeviceGet(ordinal), "cuDeviceGet")
        attr = d.CUdevice_attribute
        self.capability = (
            int(self._check(d.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, self.device),
                            "cuDeviceGetAttribute")),
            int(self._check(d.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, self.device),
                            "cuDeviceGetAttribute")),
        )
        self.max_shared_optin = int(self._check(
            d.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, self.device),
            "cuDeviceGetAttribute"))
        self.driver_version = int(self._check(d.cuDriverGetVersion(), "cuDriverGetVersion"))
        self.context = self._check(d.cuDevicePrimaryCtxRetain(self.device), "cuDevicePrimaryCtxRetain")
        self._check(d.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")

    # ----------------------------------------------------------------- driver calls
    def _check(self, result: Any, what: str) -> Any:
        """Unpack a ``(err, value...)`` tuple; raise :class:`CudaError` on an error, except a sticky
        one, which is recorded in :attr:`failure` (the call returns None)."""
        if not isinstance(result, tuple):
            result = (result,)
        err, rest = result[0], result[1:]
        if err != self._d.CUresult.CUDA_SUCCESS:
            name = str(getattr(err, "name", err))
            if name in STICKY_ERRORS:
                if self.failure is None:
                    self.failure = name
                    if self.on_failure is not None:
                        self.on_failure(name)
                return None
            raise CudaError(f"'{what}' failed with '{name}'")
        if not rest:
            return None
        return rest[0] if len(rest) == 1 else rest

    @property
    def usable(self) -> bool:
        """False after a sticky error or :meth:`close`: no more driver calls."""
        return self.failure is None and not self._closed

    def driver_version_text(self) -> str:
        v = self.driver_version
        return f"{v // 1000}.{v % 1000 // 10}"

    # ----------------------------------------------------------------- memory
    def address(self, ptr: Ptr) -> int:
        """The device-usable (UVA) address of ``ptr``."""
        buf = ptr.buffer
        if buf is None:
            return ptr.offset
        base = buf.device_handle if buf.device_handle is not None else buf.data.ctypes.data
        return int(base) + ptr.offset

    def alloc(self, nbytes: int, kind: str) -> tuple[np.ndarray | None, object]:
        """``cuMemAlloc``/``cuMemAllocManaged``, zeroed (``cuMemsetD8`` then a device sync) as the
        simulator's memory is."""
        d = self._d
        if kind not in ("device", "host_shared") or not self.usable:
            return None, None
        if kind == "device":
            dptr = self._check(d.cuMemAlloc(nbytes), "cuMemAlloc")
        else:
            dptr = self._check(d.cuMemAllocManaged(nbytes, d.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL),
                               "cuMemAllocManaged")
        if dptr is None:  # a sticky error
            return None, None
        self._check(d.cuMemsetD8(dptr, 0, nbytes), "cuMemsetD8")
        self.synchronize()
        if kind == "device":
            return None, int(dptr)
        data = np.ctypeslib.as_array((ctypes.c_uint8 * nbytes).from_address(int(dptr)))
        return data, int(dptr)

    def free(self, buf: Buffer) -> None:
        """``cuMemFree`` (after a device sync); managed memory is first copied out to numpy."""
        if buf.device_handle is None:
            return
        if buf.kind == "host_shared":
            if self.usable:
                self.synchronize()
            buf.data = np.array(buf.data, copy=True)  # the numpy view must not outlive the mapping
        if self.usable:
            self._check(self._d.cuMemFree(buf.device_handle), "cuMemFree")

    def refresh_shadow(self, buf: Buffer) -> None:
        """Copy device memory into its host shadow (``buf.data``) after a device sync: a host read of
        device memory (a hazard the runtime reports) then sees what the simulator's would."""
        if self.usable and buf.device_handle is not None and buf.kind == "device":
            self.synchronize()
            self._check(self._d.cuMemcpyDtoH(buf.data.ctypes.data, buf.device_handle, buf.nbytes), "cuMemcpyDtoH")

    def host_register(self, buf: Buffer) -> None:
        if self.usable:
            self._check(self._d.cuMemHostRegister(buf.data.ctypes.data, buf.nbytes, 0), "cuMemHostRegister")

    def host_unregister(self, buf: Buffer) -> None:
        if self.usable:
            self.synchronize()
            self._check(self._d.cuMemHostUnregister(buf.data.ctypes.data), "cuMemHostUnregister")

    # ---------------------------------------------------------- streams/events
    def _stream(self, s: object) -> Any:
        """The driver stream of a live handle (None, or a destroyed one: the legacy default stream)."""
        if isinstance(s, Handle) and s.alive:
            return s.value
        return self._d.CUstream(0)

    @staticmethod
    def _dead(h: object) -> bool:
        return isinstance(h, Handle) and not h.alive

    def _on_stream(self, stream: object, call: Callable[[Any], None]) -> None:
        """Enqueue ``call(driver stream)``.  On the legacy default stream (None) the command is
        synchronous for the host, as the runtime models it: it is waited for.  On a destroyed stream:
        after a device sync, on the legacy stream, waited for (never the destroyed handle)."""
        if not self.usable:
            return
        if self._dead(stream):
            self.synchronize()
        s = self._stream(stream)
        if self._timed is None:
            call(s)
        else:
            e0, e1 = (self._check(self._d.cuEventCreate(0), "cuEventCreate") for _ in range(2))
            self._check(self._d.cuEventRecord(e0, s), "cuEventRecord")
            call(s)
            self._check(self._d.cuEventRecord(e1, s), "cuEventRecord")
            self._timed.append((stream if isinstance(stream, Handle) and stream.alive else None, e0, e1))
        if not isinstance(stream, Handle) or not stream.alive:
            self.stream_synchronize(None)

    def stream_create(self) -> object:
        if not self.usable:
            return Handle(None)
        return Handle(self._check(self._d.cuStreamCreate(self._d.CUstream_flags.CU_STREAM_NON_BLOCKING),
                                  "cuStreamCreate"))

    def stream_destroy(self, stream: object) -> None:
        if isinstance(stream, Handle) and stream.alive:
            stream.alive = False
            if self.usable and stream.value is not None:
                self._check(self._d.cuStreamDestroy(stream.value), "cuStreamDestroy")

    def stream_synchronize(self, stream: object) -> None:
        if not self.usable:
            return
        if self._dead(stream):
            self.synchronize()
            return
        self._check(self._d.cuStreamSynchronize(self._stream(stream)), "cuStreamSynchronize")
        self.flush_printf()

    def stream_wait_event(self, stream: object, event: object) -> None:
        if not self.usable:
            return
        if self._dead(stream) or self._dead(event):
            self.synchronize()  # whatever the dead handle ordered is complete
            return
        assert isinstance(event, Handle)
        self._check(self._d.cuStreamWaitEvent(self._stream(stream), event.value, 0), "cuStreamWaitEvent")

    def event_create(self) -> object:
        if not self.usable:
            return Handle(None)
        return Handle(self._check(self._d.cuEventCreate(self._d.CUevent_flags.CU_EVENT_DISABLE_TIMING),
                                  "cuEventCreate"))

    def event_destroy(self, event: object) -> None:
        if isinstance(event, Handle) and event.alive:
            event.alive = False
            if self.usable and event.value is not None:
                self._check(self._d.cuEventDestroy(event.value), "cuEventDestroy")

    def event_record(self, event: object, stream: object) -> None:
        if not self.usable or self._dead(event) or not isinstance(event, Handle):
            return
        if self._dead(stream):
            self.synchronize()
        self._check(self._d.cuEventRecord(event.value, self._stream(stream)), "cuEventRecord")

    def event_synchronize(self, event: object) -> None:
        if not self.usable:
            return
        if self._dead(event) or not isinstance(event, Handle):
            self.synchronize()
            return
        self._check(self._d.cuEventSynchronize(event.value), "cuEventSynchronize")
        self.flush_printf()

    def synchronize(self) -> None:
        if self.usable:
            self._check(self._d.cuCtxSynchronize(), "cuCtxSynchronize")
            self.flush_printf()

    # -------------------------------------------------------------- commands
    def memcpy(self, dst: Ptr, src: Ptr, nbytes: int, stream: object) -> None:
        d = self._d
        a, b = d.CUdeviceptr(self.address(dst)), d.CUdeviceptr(self.address(src))
        self._on_stream(stream, lambda s: self._check(d.cuMemcpyAsync(a, b, nbytes, s), "cuMemcpyAsync"))

    def memset(self, dst: Ptr, value: int, count: int, width: int, stream: object) -> None:
        d = self._d
        ptr = d.CUdeviceptr(self.address(dst))
        if width == 4:
            self._on_stream(stream, lambda s: self._check(
                d.cuMemsetD32Async(ptr, int(value) & 0xFFFFFFFF, count, s), "cuMemsetD32Async"))
        else:
            self._on_stream(stream, lambda s: self._check(
                d.cuMemsetD16Async(ptr, int(value) & 0xFFFF, count, s), "cuMemsetD16Async"))

    def load_module(self, image: bytes) -> Any:
        """``cuModuleLoadData`` of PTX (NUL-terminated here) or a cubin/fatbin image.  A PTX newer than
        the driver is a :class:`CudaError` naming both versions."""
        if not self.usable:
            return None
        if image.lstrip()[:1] in (b"/", b".") and not image.endswith(b"\0"):
            image += b"\0"
        err, *rest = self._d.cuModuleLoadData(image)
        if getattr(err, "name", "") in ("CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "CUDA_ERROR_INVALID_PTX",
                                        "CUDA_ERROR_NO_BINARY_FOR_GPU"):
            from .nvrtc import nvrtc_version

            raise CudaError(f"the CUDA driver {self.driver_version_text()} cannot load this kernel ({err.name}), "
                            f"compiled for sm_{self.capability[0]}{self.capability[1]} by NVRTC "
                            f"{'.'.join(map(str, nvrtc_version()))}: install a driver at least as new as NVRTC, "
                            "or NVRTC of the driver's CUDA version (docs/run.md)")
        module = self._check((err, *rest), "cuModuleLoadData")
        if module is not None:
            self._modules.append(module)
        return module

    def get_function(self, module: Any, name: str) -> Any:
        if module is None:
            return None
        return self._check(self._d.cuModuleGetFunction(module, name.encode()), "cuModuleGetFunction")

    def unload_module(self, module: Any) -> None:
        if module in self._modules:
            self._modules.remove(module)
        if self.usable:
            self._check(self._d.cuModuleUnload(module), "cuModuleUnload")

    def launch(
        self,
        function: Any,
        grid: Sequence[int],
        block: Sequence[int],
        args: PackedArgs,
        stream: object = None,
        shared_mem: int = 0,
    ) -> None:
        """``cuLaunchKernel(f, grid, block, smem, stream, params, 0)``; an empty grid or block launches
        nothing (as in the simulator); more than 48 KiB of dynamic shared memory is opted into
        (``cuFuncSetAttribute``) up to the device's limit."""
        g = [int(x) for x in (*grid, 1, 1, 1)[:3]]
        b = [int(x) for x in (*block, 1, 1, 1)[:3]]
        if min(g + b) <= 0 or function is None:
            return
        d = self._d
        if shared_mem > DEFAULT_SHARED_BYTES:
            if shared_mem > self.max_shared_optin:
                raise CudaError(f"{shared_mem} bytes of dynamic shared memory exceed the {self.max_shared_optin} "
                                f"a block may use on this device (sm_{self.capability[0]}{self.capability[1]})")
            if self.usable:
                self._check(d.cuFuncSetAttribute(
                    function, d.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(shared_mem)),
                    "cuFuncSetAttribute")
        self._on_stream(stream, lambda s: self._check(
            d.cuLaunchKernel(function, *g, *b, int(shared_mem), s, args.address, 0), "cuLaunchKernel"))

    def pack_args(self, args: Sequence[tuple[str, Any]]) -> PackedArgs:
        """:func:`pack_kernel_args`, turning :class:`Ptr` values into device addresses."""
        return pack_kernel_args([(k, self.address(v) if isinstance(v, Ptr) else v) for k, v in args])

    # -------------------------------------------------------------- timing (make gpu-check)
    def enable_timing(self) -> None:
        """Time every command with a pair of CUDA events on its stream (read at :meth:`close` into
        :attr:`command_times`)."""
        self._timed = []

    def _read_timing(self) -> None:
        d, timed = self._d, self._timed or []
        self._timed = None
        if timed and self.usable:
            ref = timed[0][1]
            for stream, e0, e1 in timed:
                t0 = float(self._check(d.cuEventElapsedTime(ref, e0), "cuEventElapsedTime")) * 1000.0
                t1 = float(self._check(d.cuEventElapsedTime(ref, e1), "cuEventElapsedTime")) * 1000.0
                self.command_times.append((stream, t0, t1))
        for _, e0, e1 in timed:
            if self.usable:
                d.cuEventDestroy(e0)
                d.cuEventDestroy(e1)

    # -------------------------------------------------------------- printf and teardown
    def capture_printf(self, sink: Callable[[str], Any]) -> None:
        """Send kernel ``printf`` output to ``sink`` at every synchronization (and at :meth:`close`)."""
        self.printf_sink = sink
        if self._stdout is None:
            self._stdout = DeviceStdout()

    def flush_printf(self) -> None:
        if self._stdout is not None and self.printf_sink is not None:
            text = self._stdout.drain()
            if text:
                self.printf_sink(text)

    def close(self) -> None:
        """End of the run: wait for the device, unload modules, release the primary context (reset
        after a sticky error, so the next run gets a fresh one), restore stdout."""
        if self._closed:
            return
        try:
            if self.usable:
                self.synchronize()
                self._read_timing()
                for m in list(self._modules):
                    self.unload_module(m)
            d = self._d
            if self.failure is not None:
                d.cuDevicePrimaryCtxReset(self.device)
            else:
                d.cuDevicePrimaryCtxRelease(self.device)
        finally:
            self._closed = True
            if self._stdout is not None:
                text = self._stdout.close()
                self._stdout = None
                if text and self.printf_sink is not None:
                    self.printf_sink(text)
