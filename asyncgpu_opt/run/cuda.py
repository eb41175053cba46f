"""A real CUDA device behind the runtime's :class:`~.runtime.Device` protocol.

Mirrors upstream ``CudaRuntimeWrappers.cpp``: primary context of the default device, streams
created ``CU_STREAM_NON_BLOCKING``, events ``CU_EVENT_DISABLE_TIMING``, ``cuMemAlloc`` /
``cuMemAllocManaged(CU_MEM_ATTACH_GLOBAL)``, ``cuMemcpyAsync``, ``cuMemsetD32Async`` /
``cuMemsetD16Async``, ``cuModuleLoadData``, ``cuModuleGetFunction``, ``cuLaunchKernel``.
``cuda.bindings`` is imported lazily; :func:`is_cuda_available` is False (never raises) when
there is no driver or no device.

Buffers: ``host`` memory is the numpy array itself (pageable, addressed through UVA);
``host_shared`` memory is managed memory exposed to numpy without a copy; ``device`` memory
has a device pointer in ``Buffer.device_handle`` (its ``data`` array is an unused host shadow).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .memory import Buffer, Ptr

#: Kernel-argument kinds → the numpy scalar type they are passed as.
ARG_TYPES: dict[str, type] = {
    "ptr": np.uint64,
    "u64": np.uint64,
    "index": np.int64,
    "i64": np.int64,
    "i32": np.int32,
    "f32": np.float32,
    "f64": np.float64,
}


class CudaError(RuntimeError):
    """A CUDA driver call failed (or no driver/device is present)."""


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
        return np.frombuffer(raw, dtype=ty)[0].item()


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
        if np.dtype(ty).kind in "iu":
            bits = np.dtype(ty).itemsize * 8
            v = int(value) & ((1 << bits) - 1)
            arr = np.array([v], dtype=np.uint64 if bits == 64 else np.uint32).view(ty)
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


def _check(result: Any, what: str) -> Any:
    """Unpack a ``(err, value...)`` tuple from ``cuda.bindings.driver``; raise on error."""
    driver = _driver()
    if not isinstance(result, tuple):
        result = (result,)
    err, rest = result[0], result[1:]
    if err != driver.CUresult.CUDA_SUCCESS:
        raise CudaError(f"'{what}' failed with '{getattr(err, 'name', err)}'")
    if not rest:
        return None
    return rest[0] if len(rest) == 1 else rest


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


def _as_handle(h: object) -> int:
    return int(h) if h is not None else 0


class CudaDevice:
    """The ``cuda`` backend (one device, its primary context)."""

    name = "cuda"

    def __init__(self, ordinal: int = 0) -> None:
        d = _driver()
        self._d = d
        try:
            _check(d.cuInit(0), "cuInit(0)")
        except CudaError:
            raise
        except Exception as exc:  # the driver library itself is missing
            raise CudaError(f"no CUDA driver: {exc}") from exc
        self.device_count = int(_check(d.cuDeviceGetCount(), "cuDeviceGetCount"))
        if not 0 <= ordinal < self.device_count:
            raise CudaError(f"CUDA device {ordinal} does not exist ({self.device_count} device(s))")
        self.device = _check(d.cuDeviceGet(ordinal), "cuDeviceGet")
        self.context = _check(d.cuDevicePrimaryCtxRetain(self.device), "cuDevicePrimaryCtxRetain")
        _check(d.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")

    # ----------------------------------------------------------------- memory
    def address(self, ptr: Ptr) -> int:
        """The device-usable (UVA) address of ``ptr``."""
        buf = ptr.buffer
        if buf is None:
            return ptr.offset
        base = buf.device_handle if buf.device_handle is not None else buf.data.ctypes.data
        return int(base) + ptr.offset

    def alloc(self, nbytes: int, kind: str) -> tuple[np.ndarray | None, object]:
        d = self._d
        if kind == "device":
            return None, int(_check(d.cuMemAlloc(nbytes), "cuMemAlloc"))
        if kind == "host_shared":
            dptr = int(
                _check(
                    d.cuMemAllocManaged(nbytes, d.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged"
                )
            )
            data = np.ctypeslib.as_array((ctypes.c_uint8 * nbytes).from_address(dptr))
            return data, dptr
        return None, None

    def free(self, buf: Buffer) -> None:
        if buf.device_handle is not None:
            _check(self._d.cuMemFree(buf.device_handle), "cuMemFree")

    def host_register(self, buf: Buffer) -> None:
        _check(self._d.cuMemHostRegister(buf.data.ctypes.data, buf.nbytes, 0), "cuMemHostRegister")

    def host_unregister(self, buf: Buffer) -> None:
        _check(self._d.cuMemHostUnregister(buf.data.ctypes.data), "cuMemHostUnregister")

    # ---------------------------------------------------------- streams/events
    def _stream(self, s: object) -> Any:
        return self._d.CUstream(_as_handle(s))

    def _event(self, e: object) -> Any:
        return self._d.CUevent(_as_handle(e))

    def stream_create(self) -> object:
        s = _check(self._d.cuStreamCreate(self._d.CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate")
        return int(s)

    def stream_destroy(self, stream: object) -> None:
        _check(self._d.cuStreamDestroy(self._stream(stream)), "cuStreamDestroy")

    def stream_synchronize(self, stream: object) -> None:
        _check(self._d.cuStreamSynchronize(self._stream(stream)), "cuStreamSynchronize")

    def stream_wait_event(self, stream: object, event: object) -> None:
        _check(self._d.cuStreamWaitEvent(self._stream(stream), self._event(event), 0), "cuStreamWaitEvent")

    def event_create(self) -> object:
        e = _check(self._d.cuEventCreate(self._d.CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate")
        return int(e)

    def event_destroy(self, event: object) -> None:
        _check(self._d.cuEventDestroy(self._event(event)), "cuEventDestroy")

    def event_record(self, event: object, stream: object) -> None:
        _check(self._d.cuEventRecord(self._event(event), self._stream(stream)), "cuEventRecord")

    def event_synchronize(self, event: object) -> None:
        _check(self._d.cuEventSynchronize(self._event(event)), "cuEventSynchronize")

    def synchronize(self) -> None:
        _check(self._d.cuCtxSynchronize(), "cuCtxSynchronize")

    # -------------------------------------------------------------- commands
    def memcpy(self, dst: Ptr, src: Ptr, nbytes: int, stream: object) -> None:
        d = self._d
        _check(
            d.cuMemcpyAsync(
                d.CUdeviceptr(self.address(dst)),
                d.CUdeviceptr(self.address(src)),
                nbytes,
                self._stream(stream),
            ),
            "cuMemcpyAsync",
        )

    def memset(self, dst: Ptr, value: int, count: int, width: int, stream: object) -> None:
        d = self._d
        ptr = d.CUdeviceptr(self.address(dst))
        if width == 4:
            _check(
                d.cuMemsetD32Async(ptr, int(value) & 0xFFFFFFFF, count, self._stream(stream)),
                "cuMemsetD32Async",
            )
        else:
            _check(
                d.cuMemsetD16Async(ptr, int(value) & 0xFFFF, count, self._stream(stream)), "cuMemsetD16Async"
            )

    def load_module(self, image: bytes) -> Any:
        """``cuModuleLoadData`` of PTX (NUL-terminated here) or a cubin/fatbin image."""
        if image.lstrip()[:1] in (b"/", b".") and not image.endswith(b"\0"):
            image += b"\0"
        return _check(self._d.cuModuleLoadData(image), "cuModuleLoadData")

    def get_function(self, module: Any, name: str) -> Any:
        return _check(self._d.cuModuleGetFunction(module, name.encode()), "cuModuleGetFunction")

    def unload_module(self, module: Any) -> None:
        _check(self._d.cuModuleUnload(module), "cuModuleUnload")

    def launch(
        self,
        function: Any,
        grid: Sequence[int],
        block: Sequence[int],
        args: PackedArgs,
        stream: object = None,
        shared_mem: int = 0,
    ) -> None:
        """``cuLaunchKernel(f, grid, block, smem, stream, params, 0)``."""
        g = [int(x) for x in (*grid, 1, 1, 1)[:3]]
        b = [int(x) for x in (*block, 1, 1, 1)[:3]]
        _check(
            self._d.cuLaunchKernel(function, *g, *b, int(shared_mem), self._stream(stream), args.address, 0),
            "cuLaunchKernel",
        )

    def pack_args(self, args: Sequence[tuple[str, Any]]) -> PackedArgs:
        """:func:`pack_kernel_args`, turning :class:`Ptr` values into device addresses."""
        return pack_kernel_args([(k, self.address(v) if isinstance(v, Ptr) else v) for k, v in args])
