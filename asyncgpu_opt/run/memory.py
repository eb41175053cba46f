"""Buffers and pointers of the runtime's memory model.

A :class:`Buffer` is one allocation (host ``memref.alloc``, ``gpu.alloc``, managed memory...);
its bytes live in a flat ``numpy.uint8`` array.  A :class:`Ptr` is a (buffer, byte offset)
pair with a fake but stable integer address, so ``ptrtoint``/``inttoptr`` round-trip through
:meth:`Memory.ptr_from_int`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

BufferKind = str  # "host" | "device" | "host_shared" | "registered"
BUFFER_KINDS = ("host", "device", "host_shared", "registered")

#: Address stride between buffers in the fake address space.
ADDRESS_STRIDE = 0x1000_0000


@dataclass(eq=False)
class Buffer:
    """One allocation.  ``data`` holds its bytes; ``alive`` turns False when freed."""

    id: int
    nbytes: int
    kind: BufferKind
    data: np.ndarray
    alive: bool = True
    loc: str | None = None
    free_loc: str | None = None
    #: The SSA value the program allocated it as (``%m``), when the source named it.
    name: str | None = None
    #: Device-side handle (e.g. a ``CUdeviceptr``) when a real device backs this buffer.
    device_handle: object = None
    #: Which bytes something wrote (``cuMemAlloc`` memory starts uninitialized); ``None``: not
    #: tracked (initialized memory, or an uninitialized read of it was already reported).
    written: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.kind not in BUFFER_KINDS:
            raise ValueError(f"unknown buffer kind {self.kind!r}")

    @property
    def label(self) -> str:
        """How diagnostics name it: ``%m (allocated at f.mlir:4:10)``, else ``buffer #N``."""
        if self.name is None:
            return f"buffer #{self.id}"
        return f"{self.name} (allocated at {self.loc})" if self.loc else self.name

    @property
    def host_visible(self) -> bool:
        """True if host code may load/store this memory directly."""
        return self.kind != "device"

    @property
    def device_visible(self) -> bool:
        """True if kernels may load/store this memory directly."""
        return self.kind != "host"

    @property
    def base_address(self) -> int:
        return ADDRESS_STRIDE * (self.id + 1)

    def view(
        self, dtype: np.dtype | type | str, offset_bytes: int = 0, count: int | None = None
    ) -> np.ndarray:
        """A typed, writable numpy view (no copy) of ``count`` elements at ``offset_bytes``."""
        dt = np.dtype(dtype)
        avail = (self.nbytes - offset_bytes) // dt.itemsize
        n = avail if count is None else count
        if offset_bytes < 0 or n < 0 or offset_bytes + n * dt.itemsize > self.nbytes:
            raise IndexError(
                f"view of {n} x {dt} at byte {offset_bytes} is outside buffer #{self.id} "
                f"({self.nbytes} bytes)"
            )
        return self.data[offset_bytes : offset_bytes + n * dt.itemsize].view(dt)

    def mark_written(self, lo: int, hi: int) -> None:
        """Bytes ``[lo, hi)`` now hold data (all of them: nothing more to track)."""
        if self.written is not None:
            if lo <= 0 and hi >= self.nbytes:
                self.written = None
            else:
                self.written[max(lo, 0):max(hi, 0)] = True

    def settle_written(self) -> None:
        """Stop tracking once every byte was written (one pass over the mask: call it per launch,
        not per access)."""
        if self.written is not None and self.written.all():
            self.written = None

    def unwritten_read(self, lo: int, hi: int) -> bool:
        """True if a read of bytes ``[lo, hi)`` meets a byte nothing wrote."""
        w = self.written
        return w is not None and hi > lo and not w[max(lo, 0):max(hi, 0)].all()

    def _elements(self, itemsize: int) -> np.ndarray | None:
        """The ``written`` mask seen as one unsigned integer per ``itemsize``-byte element (all
        bytes written <=> the value :func:`_all_written` gives), or None for odd sizes."""
        w = self.written
        if w is None or itemsize not in (1, 2, 4, 8):
            return None
        n = self.nbytes // itemsize
        return w[: n * itemsize].view(np.uint8).view(f"<u{itemsize}")

    def mark_elements_written(self, offs: object, itemsize: int) -> None:
        """Elements ``offs`` (element indices, int or int array) of size ``itemsize`` now hold data."""
        if self.written is None:
            return
        ev = self._elements(itemsize)
        if ev is not None:
            ev[offs] = _all_written(itemsize)
        else:
            o = np.asarray(offs, dtype=np.int64).reshape(-1, 1) * itemsize
            self.written[(o + np.arange(itemsize)).ravel()] = True

    def unwritten_elements_read(self, offs: object, itemsize: int) -> bool:
        """True if a read of elements ``offs`` meets a byte nothing wrote."""
        if self.written is None:
            return False
        ev = self._elements(itemsize)
        if ev is not None:
            return bool(np.any(ev[offs] != _all_written(itemsize)))
        o = np.asarray(offs, dtype=np.int64).reshape(-1, 1) * itemsize
        return not bool(self.written[(o + np.arange(itemsize)).ravel()].all())

    def __repr__(self) -> str:
        state = "" if self.alive else ", freed"
        return f"Buffer(#{self.id}, {self.nbytes}B, {self.kind}{state})"


def _all_written(itemsize: int) -> int:
    """An element's bytes of the ``written`` mask (numpy bools are bytes 0/1) read as one
    unsigned integer when all of them are True: ``0x01...01``."""
    return int.from_bytes(b"\x01" * itemsize, "little")


@dataclass(frozen=True)
class Ptr:
    """A pointer: a buffer (or None for null/integer pointers) plus a byte offset."""

    buffer: Buffer | None
    offset: int = 0

    @staticmethod
    def null() -> Ptr:
        return Ptr(None, 0)

    @property
    def is_null(self) -> bool:
        return self.buffer is None and self.offset == 0

    def __add__(self, nbytes: int) -> Ptr:
        return Ptr(self.buffer, self.offset + int(nbytes))

    def __sub__(self, nbytes: int) -> Ptr:
        return Ptr(self.buffer, self.offset - int(nbytes))

    def as_int(self) -> int:
        """Fake stable address: ``0x1000_0000 * (id + 1) + offset``; null-based → offset."""
        if self.buffer is None:
            return self.offset
        return self.buffer.base_address + self.offset

    def view(self, dtype: np.dtype | type | str, count: int | None = None) -> np.ndarray:
        """Typed view starting at this pointer (see :meth:`Buffer.view`)."""
        if self.buffer is None:
            raise ValueError("dereference of a null pointer")
        return self.buffer.view(dtype, self.offset, count)

    def __repr__(self) -> str:
        if self.buffer is None:
            return f"Ptr(null+{self.offset})"
        return f"Ptr(#{self.buffer.id}+{self.offset})"


@dataclass
class Memory:
    """The table of all buffers ever allocated (freed ones stay, marked not alive)."""

    buffers: dict[int, Buffer] = field(default_factory=dict)
    _ids: itertools.count = field(default_factory=itertools.count)

    def allocate(
        self,
        nbytes: int,
        kind: BufferKind,
        loc: str | None = None,
        *,
        data: np.ndarray | None = None,
        device_handle: object = None,
        uninitialized: bool = False,
    ) -> Buffer:
        """A new buffer of ``nbytes`` bytes (zero-filled unless ``data`` is given); with
        ``uninitialized`` its bytes count as never written (``Buffer.written``)."""
        if nbytes < 0:
            raise ValueError(f"negative allocation size {nbytes}")
        if data is None:
            data = np.zeros(int(nbytes), dtype=np.uint8)
        buf = Buffer(next(self._ids), int(nbytes), kind, data, loc=loc, device_handle=device_handle)
        if uninitialized:
            buf.written = np.zeros(int(nbytes), dtype=np.bool_)
        self.buffers[buf.id] = buf
        return buf

    def ptr_from_int(self, addr: int) -> Ptr:
        """Inverse of :meth:`Ptr.as_int` (addresses below the first buffer are null-based)."""
        bid = addr // ADDRESS_STRIDE - 1
        buf = self.buffers.get(bid)
        if buf is None:
            return Ptr(None, addr)
        return Ptr(buf, addr - buf.base_address)
