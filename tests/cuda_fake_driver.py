"""A recording stand-in for ``cuda.bindings.driver`` (tests of the CUDA backend without a GPU).

It answers each ``cu*`` call the way the driver's Python binding does (an ``(err, value...)``
tuple) and logs ``(name, args)``, so a test can check *our* logic: which driver call the runtime
makes, in which order, and before which host read.  It runs no kernel and copies no memory: a test
using it never asserts what a GPU would compute.  Managed allocations are real host memory (the
device exposes them to numpy); device allocations are fake addresses.
"""

from __future__ import annotations

import ctypes
import enum
from types import SimpleNamespace
from typing import Any

CUresult = enum.IntEnum("CUresult", {
    "CUDA_SUCCESS": 0, "CUDA_ERROR_INVALID_VALUE": 1, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION": 222,
    "CUDA_ERROR_ILLEGAL_ADDRESS": 700, "CUDA_ERROR_ASSERT": 710, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": 803,
})


class Handle(SimpleNamespace):
    """A driver object (stream, event, module, function) with a readable name."""

    def __int__(self) -> int:
        return int(self.id)

    def __hash__(self) -> int:
        return hash((self.kind, self.id))


class FakeDriver:
    """``log``: every call as ``(name, args)``; ``host``: a callback for tests to log host reads
    into the same list.  ``fail[name] = "CUDA_ERROR_..."`` makes the next call of ``name`` fail;
    a sticky error (ASSERT, ILLEGAL_ADDRESS) then fails every later call, as the driver does.
    ``on_sync``: called at each synchronizing call (e.g. to print as the driver flushes printf)."""

    CUresult = CUresult
    CUdevice_attribute = SimpleNamespace(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR="cc_major",
                                         CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR="cc_minor",
                                         CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN="smem_optin")
    CUstream_flags = SimpleNamespace(CU_STREAM_NON_BLOCKING=1)
    CUevent_flags = SimpleNamespace(CU_EVENT_DISABLE_TIMING=2)
    CUmemAttach_flags = SimpleNamespace(CU_MEM_ATTACH_GLOBAL=1)
    CUfunction_attribute = SimpleNamespace(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES="max_dyn_smem")

    SYNCS = ("cuCtxSynchronize", "cuStreamSynchronize", "cuEventSynchronize")

    def __init__(self, capability: tuple[int, int] = (9, 0), driver_version: int = 12040) -> None:
        self.log: list[tuple[str, tuple]] = []
        self.fail: dict[str, str] = {}
        self.always: dict[str, str] = {}
        self.sticky: str | None = None
        self.on_sync: Any = None
        self.capability = capability
        self.driver_version = driver_version
        self._n = 0
        self._managed: dict[int, Any] = {}
        self.images: list[bytes] = []

    # the binding's value types
    @staticmethod
    def CUstream(x: Any) -> Any:
        return Handle(kind="stream", id=int(x)) if not isinstance(x, Handle) else x

    @staticmethod
    def CUdeviceptr(x: int) -> int:
        return int(x)

    def _new(self, kind: str) -> Handle:
        self._n += 1
        return Handle(kind=kind, id=self._n)

    def names(self) -> list[str]:
        return [n for n, _ in self.log]

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("cu"):
            raise AttributeError(name)

        def call(*args: Any) -> tuple:
            self.log.append((name, args))
            if self.sticky is not None and name not in ("cuDevicePrimaryCtxReset",):
                return (CUresult[self.sticky],)
            err = self.fail.pop(name, None) or self.always.get(name)
            if err is not None:
                if err in ("CUDA_ERROR_ASSERT", "CUDA_ERROR_ILLEGAL_ADDRESS"):
                    self.sticky = err
                return (CUresult[err],)
            if name in self.SYNCS and self.on_sync is not None:
                self.on_sync()
            if name == "cuDevicePrimaryCtxReset":
                self.sticky = None
            return (CUresult.CUDA_SUCCESS, *self._value(name, args))

        return call

    def _value(self, name: str, args: tuple) -> tuple:
        if name == "cuDeviceGetCount":
            return (1,)
        if name == "cuDeviceGet":
            return (0,)
        if name == "cuDeviceGetAttribute":
            return ({"cc_major": self.capability[0], "cc_minor": self.capability[1],
                     "smem_optin": 227 * 1024}[args[0]],)
        if name == "cuDriverGetVersion":
            return (self.driver_version,)
        if name == "cuDevicePrimaryCtxRetain":
            return (self._new("context"),)
        if name == "cuMemAlloc":
            return (0x7000_0000_0000 + 0x100000 * self._new("dptr").id,)
        if name == "cuMemAllocManaged":
            mem = (ctypes.c_uint8 * max(int(args[0]), 1))()
            self._managed[ctypes.addressof(mem)] = mem
            return (ctypes.addressof(mem),)
        if name == "cuStreamCreate":
            return (self._new("stream"),)
        if name == "cuEventCreate":
            return (self._new("event"),)
        if name == "cuModuleLoadData":
            self.images.append(bytes(args[0]))
            return (self._new("module"),)
        if name == "cuEventElapsedTime":  # a made-up time: tests check that it is read, not its value
            return (0.5,)
        if name == "cuModuleGetFunction":
            return (self._new("function"),)
        return ()
