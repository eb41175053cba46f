"""Byte-exact reimplementation of MLIR's runner-utils printers.

Mirrors ``mlir/include/mlir/ExecutionEngine/RunnerUtils.h`` (``printMemRef``,
``MemRefDataPrinter``, ``printMemRefMetaData``) and the ``printF32``/``printI64``/... helpers of
``CRunnerUtils.cpp``, so upstream integration-test CHECK lines apply unchanged.  Elements are
formatted as a default-configured C++ ``std::ostream`` does: floats like ``%g`` (6 significant
digits, ``1e+06``, ``nan``/``-nan``, ``inf``/``-inf``), ``int8_t`` as a *character*, complex as
``(re,im)``.  The ``base@`` pointer is a stable fake address (tests never check it).

``format_*`` functions return text; ``print*`` functions write it to ``out`` (default stdout).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

import numpy as np

#: Address printed after ``base@ = `` unless the caller passes one.
DEFAULT_BASE_ADDRESS = 0x1000_0000


def format_float(x: float) -> str:
    """``std::ostream << double`` / ``printf("%g")``: 6 significant digits."""
    x = float(x)
    if math.isnan(x):
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    return format(x, "g")


def _complex(v: complex) -> str:
    return f"({format_float(v.real)},{format_float(v.imag)})"


def element_formatter(dtype: np.dtype | type | str) -> Callable[[object], str]:
    """How ``std::ostream << T`` prints one element of numpy dtype ``dtype``."""
    dt = np.dtype(dtype)
    if dt.kind == "f":
        return lambda v: format_float(float(v))  # type: ignore[arg-type]
    if dt.kind == "c":
        return lambda v: _complex(complex(v))  # type: ignore[arg-type]
    if dt == np.int8:
        # int8_t is signed char: the stream writes the raw character.
        return lambda v: chr(int(v) & 0xFF)  # type: ignore[call-overload]
    if dt.kind in "iub":
        return lambda v: str(int(v))  # type: ignore[call-overload]
    raise TypeError(f"unsupported element type {dt}")


def _metadata(base_address: int, rank: int, offset: int, sizes: Sequence[int], strides: Sequence[int]) -> str:
    ptr = f"{base_address:#x}" if base_address else "0"
    sz = ", ".join(str(int(s)) for s in sizes)
    st = ", ".join(str(int(s)) for s in strides)
    return f"base@ = {ptr} rank = {rank} offset = {offset} sizes = [{sz}] strides = [{st}]"


def _print_data(
    out: list[str],
    get: Callable[[int], str],
    dim: int,
    rank: int,
    offset: int,
    sizes: Sequence[int],
    strides: Sequence[int],
) -> None:
    """``MemRefDataPrinter<T>::print`` (with ``printFirst``/``printLast`` inlined)."""
    if dim == 0:
        out.append(get(offset))
        return
    n = int(sizes[0])
    # printFirst
    out.append("[")
    _print_data(out, get, dim - 1, rank, offset, sizes[1:], strides[1:])
    if n <= 1:
        out.append("]")
        return
    out.append(", ")
    if dim > 1:
        out.append("\n")
    for i in range(1, n - 1):
        out.append(" " * (rank - dim + 1))
        _print_data(out, get, dim - 1, rank, offset + i * int(strides[0]), sizes[1:], strides[1:])
        out.append(", ")
        if dim > 1:
            out.append("\n")
    # printLast
    out.append(" " * (rank - dim + 1))
    _print_data(out, get, dim - 1, rank, offset + (n - 1) * int(strides[0]), sizes[1:], strides[1:])
    out.append("]")


def format_memref(
    base: np.ndarray,
    offset: int,
    sizes: Sequence[int],
    strides: Sequence[int],
    *,
    ranked: bool = False,
    base_address: int = DEFAULT_BASE_ADDRESS,
) -> str:
    """Output of ``printMemref*`` for a descriptor: flat element array ``base`` (the aligned
    pointer), element ``offset``, ``sizes`` and element ``strides``.  ``ranked`` selects the
    ``Memref`` prefix of the ``_mlir_ciface_printMemrefNd*`` entry points instead of
    ``Unranked Memref``.  Ends with a newline, as ``std::endl`` does."""
    flat = np.asarray(base).reshape(-1)
    fmt = element_formatter(flat.dtype)
    zero = fmt(flat.dtype.type(0))

    def get(i: int) -> str:
        return fmt(flat[i]) if 0 <= i < flat.size else zero  # upstream reads garbage there

    rank = len(sizes)
    out = [
        "Memref " if ranked else "Unranked Memref ",
        _metadata(base_address, rank, offset, sizes, strides),
        " data = \n",
    ]
    if rank == 0:
        out.append("[")
    _print_data(out, get, rank, rank, int(offset), list(sizes), list(strides))
    if rank == 0:
        out.append("]")
    out.append("\n")
    return "".join(out)


def _descriptor(arr: np.ndarray) -> tuple[np.ndarray, list[int], list[int]]:
    """(flat base, sizes, element strides) of a numpy array with non-negative strides."""
    a = np.asarray(arr)
    item = a.itemsize
    if any(s < 0 or s % item for s in a.strides):
        a = np.ascontiguousarray(a)
    strides = [s // item for s in a.strides]
    span = 1 + sum((n - 1) * s for n, s in zip(a.shape, strides)) if a.size else 0
    flat = np.lib.stride_tricks.as_strided(a, shape=(span,), strides=(item,), writeable=False)
    return flat, list(a.shape), strides


def format_memref_array(
    arr: np.ndarray, *, ranked: bool = False, base_address: int = DEFAULT_BASE_ADDRESS
) -> str:
    """:func:`format_memref` for a numpy array (its shape and strides, offset 0)."""
    flat, sizes, strides = _descriptor(arr)
    return format_memref(flat, 0, sizes, strides, ranked=ranked, base_address=base_address)


def format_memref_shape(
    rank: int,
    offset: int,
    sizes: Sequence[int],
    strides: Sequence[int],
    *,
    base_address: int = DEFAULT_BASE_ADDRESS,
) -> str:
    """Output of ``printMemrefShape*``."""
    return "Unranked Memref " + _metadata(base_address, rank, offset, sizes, strides) + "\n"


# --------------------------------------------------------------------------- print entry points


def _emit(text: str, out: TextIO | None) -> None:
    (out or sys.stdout).write(text)


def _printer(dtype: str) -> Callable[..., None]:
    def printer(
        arr: np.ndarray, out: TextIO | None = None, *, base_address: int = DEFAULT_BASE_ADDRESS
    ) -> None:
        _emit(format_memref_array(np.asarray(arr).astype(dtype, copy=False), base_address=base_address), out)

    printer.__doc__ = f"``printMemref`` for element type {dtype} (unranked form)."
    return printer


printMemrefF16 = _printer("float16")
printMemrefF32 = _printer("float32")
printMemrefF64 = _printer("float64")
printMemrefI8 = _printer("int8")
printMemrefI16 = _printer("int16")
printMemrefI32 = _printer("int32")
printMemrefI64 = _printer("int64")
printMemrefInd = _printer("uint64")
printMemrefC32 = _printer("complex64")
printMemrefC64 = _printer("complex128")

#: Runtime function name → numpy element type of the ``printMemref*`` family.
PRINT_MEMREF_DTYPES: dict[str, str] = {
    "printMemrefF16": "float16",
    "printMemrefBF16": "float32",  # ``os << bf16`` prints the value as a float
    "printMemrefF32": "float32",
    "printMemrefF64": "float64",
    "printMemrefI8": "int8",
    "printMemrefI16": "int16",
    "printMemrefI32": "int32",
    "printMemrefI64": "int64",
    "printMemrefInd": "uint64",
    "printMemrefC32": "complex64",
    "printMemrefC64": "complex128",
}


#: Runtime function name → MLIR element type (spelling) the ``printMemref*`` function reads.
PRINT_MEMREF_ELEMENT: dict[str, str] = {
    "printMemrefF16": "f16", "printMemrefBF16": "bf16", "printMemrefF32": "f32", "printMemrefF64": "f64",
    "printMemrefI8": "i8", "printMemrefI16": "i16", "printMemrefI32": "i32", "printMemrefI64": "i64",
    "printMemrefInd": "index", "printMemrefC32": "complex<f32>", "printMemrefC64": "complex<f64>",
}


def printF32(x: float, out: TextIO | None = None) -> None:
    """``fprintf(stdout, "%g", f)`` of a float (promoted to double)."""
    _emit(format_float(float(np.float32(x))), out)


def printF64(x: float, out: TextIO | None = None) -> None:
    _emit(format_float(x), out)


def printI64(x: int, out: TextIO | None = None) -> None:
    v = int(x) & 0xFFFF_FFFF_FFFF_FFFF
    _emit(str(v - (1 << 64) if v >> 63 else v), out)


def printU64(x: int, out: TextIO | None = None) -> None:
    _emit(str(int(x) & 0xFFFF_FFFF_FFFF_FFFF), out)


def printString(s: str, out: TextIO | None = None) -> None:
    _emit(s, out)


printCString = printString


def printOpen(out: TextIO | None = None) -> None:
    _emit("( ", out)


def printClose(out: TextIO | None = None) -> None:
    _emit(" )", out)


def printComma(out: TextIO | None = None) -> None:
    _emit(", ", out)


def printNewline(out: TextIO | None = None) -> None:
    _emit("\n", out)
