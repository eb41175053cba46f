"""The libc calls upstream-lowered host code makes, for ``--run``.

``finalize-memref-to-llvm`` lowers ``memref.alloc``/``memref.dealloc`` to ``llvm.call @malloc`` /
``@aligned_alloc`` / ``@free``, and copies to ``memcpy``-like calls.  Here they act on the
runtime's host memory, with every byte range reported to the hazard checker like any host
load/store (so a ``free`` or ``memcpy`` racing with device work is caught):

* ``malloc(n)``, ``calloc(k, n)``, ``aligned_alloc(align, n)``: a fresh, zero-filled host buffer;
* ``free(p)``: frees the buffer ``p`` points to the start of (``free(null)`` does nothing; a
  pointer into the middle of a buffer is an invalid free);
* ``memcpy(dst, src, n)`` / ``memmove(dst, src, n)`` / ``memset(p, byte, n)``: bytes, returning
  ``dst`` / ``p``.

``memrefCopy(elem_size, src, dst)`` (the runner utils' copy of strided memrefs, which
``finalize-memref-to-llvm`` calls for a non-contiguous ``memref.copy``) takes pointers to unranked
descriptors ``{rank, ptr to ranked descriptor}``.

``LIBC`` maps each name to ``fn(interpreter, args, loc) -> results``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from .memory import Ptr
from .values import loc_str_any


def _ptr(v: Any, what: str, loc: Any) -> Ptr:
    if not isinstance(v, Ptr):
        raise MLIRError(f"--run: {what} expects a pointer to memory", loc)
    return v


def _alloc(it: Any, nbytes: int, loc: Any) -> list[Any]:
    if nbytes < 0:
        raise MLIRError(f"--run: allocation of a negative size ({nbytes} bytes)", loc)
    return [it.rt.host_alloc(nbytes, loc_str_any(loc), it.agent)]


def malloc(it: Any, args: list[Any], loc: Any) -> list[Any]:
    return _alloc(it, int(args[0]), loc)


def calloc(it: Any, args: list[Any], loc: Any) -> list[Any]:
    return _alloc(it, int(args[0]) * int(args[1]), loc)


def aligned_alloc(it: Any, args: list[Any], loc: Any) -> list[Any]:
    align = int(args[0])
    if align <= 0 or align & (align - 1):
        raise MLIRError(f"--run: aligned_alloc: alignment {align} is not a power of two", loc)
    return _alloc(it, int(args[1]), loc)


def free(it: Any, args: list[Any], loc: Any) -> list[Any]:
    p = _ptr(args[0], "free", loc)
    if p.is_null:
        return []
    if p.buffer is None or p.offset != 0:
        raise MLIRError(f"--run: free of a pointer that malloc did not return ({p.as_int():#x})", loc)
    it.rt.host_free(p, loc_str_any(loc), it.agent)
    return []


def _span(it: Any, p: Ptr, n: int, write: bool, what: str, loc: Any) -> np.ndarray:
    """The ``n`` bytes at ``p``, reported as a host access."""
    buf = p.buffer
    if n == 0:
        return np.zeros(0, np.uint8)
    if buf is None:
        raise MLIRError(f"--run: {what} through a null or dangling pointer", loc)
    if p.offset < 0 or p.offset + n > buf.nbytes:
        raise MLIRError(f"--run: {what} of {n} bytes at offset {p.offset} is out of bounds of a "
                        f"{buf.nbytes}-byte buffer", loc)
    it.rt.host_access(buf, p.offset, p.offset + n, write, loc_str_any(loc), it.agent, what)
    if not buf.alive:
        raise MLIRError(f"--run: {what} of freed memory", loc)
    return p.view(np.uint8, n)


def copy_bytes(it: Any, dst: Any, src: Any, n: int, loc: Any, what: str = "memcpy") -> None:
    """``n`` bytes from ``src`` to ``dst`` (both pointers), as host accesses."""
    d, s = _ptr(dst, what, loc), _ptr(src, what, loc)
    data = _span(it, s, n, False, what, loc).copy()
    _span(it, d, n, True, what, loc)[:] = data


def set_bytes(it: Any, dst: Any, byte: int, n: int, loc: Any, what: str = "memset") -> None:
    """``n`` bytes at ``dst`` set to ``byte``, as a host write."""
    _span(it, _ptr(dst, what, loc), n, True, what, loc)[:] = np.uint8(int(byte) & 0xFF)


def memcpy(it: Any, args: list[Any], loc: Any) -> list[Any]:
    copy_bytes(it, args[0], args[1], int(args[2]), loc)
    return [args[0]]


def memmove(it: Any, args: list[Any], loc: Any) -> list[Any]:
    copy_bytes(it, args[0], args[1], int(args[2]), loc, "memmove")
    return [args[0]]


def memset(it: Any, args: list[Any], loc: Any) -> list[Any]:
    set_bytes(it, args[0], int(args[1]), int(args[2]), loc)
    return [args[0]]


def _unranked(it: Any, p: Any, dtype: np.dtype, loc: Any) -> Any:
    from .values import Cell, memref_from_llvm

    d = p.value if isinstance(p, Cell) else p
    if not isinstance(d, tuple):
        raise MLIRError("--run: memrefCopy expects pointers to unranked memref descriptors", loc)
    return dataclasses.replace(memref_from_llvm(d, None), dtype=dtype)


def memref_copy(it: Any, args: list[Any], loc: Any) -> list[Any]:
    size = int(args[0])
    if size not in (1, 2, 4, 8, 16):
        raise MLIRError(f"--run: memrefCopy of {size}-byte elements is not supported", loc)
    dt = np.dtype(f"V{size}")
    src, dst = _unranked(it, args[1], dt, loc), _unranked(it, args[2], dt, loc)
    if tuple(src.sizes) != tuple(dst.sizes):
        raise MLIRError(f"--run: memrefCopy between shapes {list(src.sizes)} and {list(dst.sizes)}", loc)
    it.host_read(src, loc)
    it.host_read(dst, loc, write=True)
    dst.array()[...] = src.array()
    return []


LIBC: dict[str, Callable[[Any, list[Any], Any], list[Any]]] = {
    "malloc": malloc, "calloc": calloc, "aligned_alloc": aligned_alloc, "free": free,
    "memcpy": memcpy, "memmove": memmove, "memset": memset, "memrefCopy": memref_copy,
}
