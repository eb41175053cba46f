"""Element types in memory: their size (LLVM's data layout, one place) and how ``--run`` stores them.

Every memref and every ``llvm.getelementptr`` sizes an element by :func:`alloc_size`: what LLVM's
``DataLayout::getTypeAllocSize`` gives on x86-64 for the type upstream's type converter makes of it
(``i3`` -> 1 byte, ``i24`` -> 4, ``i128`` -> 16, ``bf16`` -> 2, ``f8E4M3FN`` -> ``i8`` -> 1,
``complex<f32>`` -> ``struct<(f32, f32)>`` -> 8, ``vector<3xf32>`` -> 16).  A lowered program
computes its buffer sizes with ``getelementptr`` on the element type, the program before lowering
with the memref's element count: both agree only if the bytes the interpreter keeps per element
are exactly this size.

Values are computed in a numpy type (``values.dtype_of``: ``bf16`` and ``f8`` in ``float32``, odd
integer widths sign-extended in ``int64``); where that type's size is not the element's, memory
holds the element's own bits in a :class:`Codec`'s storage type and converts on every load and
store (``bf16``: the high half of an ``f32`` rounded to nearest even; ``f8``: the nearest of its 256
values, ties to even, overflow to inf, or to NaN for the ``FN`` types that have no inf).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..ir import types as T

_FLOAT_SIZES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "tf32": 4, "f80": 16, "f128": 16}


def _pow2_ceil(n: int) -> int:
    return 1 << max(n - 1, 0).bit_length()


def int_alloc_size(width: int) -> int:
    """Bytes of an ``iN`` in memory: its store size rounded up to its alignment (the next power of
    two up to ``i64``; 16-byte aligned beyond, as x86-64 aligns ``i128``)."""
    nbytes = (width + 7) // 8
    if width <= 64:
        return _pow2_ceil(nbytes)
    return -(-nbytes // 16) * 16


def alloc_size(t: Any) -> int:
    """Bytes one element of MLIR type ``t`` takes in memory (LLVM's alloc size, x86-64 layout)."""
    if isinstance(t, T.IndexType | T.LLVMPointerType):
        return 8
    if isinstance(t, T.IntegerType):
        return int_alloc_size(t.width)
    if isinstance(t, T.FloatType):
        n = _FLOAT_SIZES.get(t.text)
        return n if n is not None else int_alloc_size(t.width or 8)
    if isinstance(t, T.ComplexType):
        return 2 * alloc_size(t.element_type)
    if isinstance(t, T.VectorType):
        inner = t.shape[-1] if t.shape else 1
        et = t.element_type
        bits = inner * (et.width if isinstance(et, T.IntegerType | T.FloatType) else 8 * alloc_size(et))
        one = _pow2_ceil((bits + 7) // 8)
        outer = 1
        for d in t.shape[:-1]:
            outer *= d
        return outer * one
    raise ValueError(f"no size in memory for element type '{t}'")


# --------------------------------------------------------------------------- small floats
def _small_float_table(ebits: int, mbits: int, has_inf: bool, nan_codes: tuple[int, ...]) -> np.ndarray:
    """The float32 value of each of the 2**(1+ebits+mbits) codes of an IEEE-like small float."""
    bias = (1 << (ebits - 1)) - 1
    n = 1 << (1 + ebits + mbits)
    out = np.empty(n, dtype=np.float64)
    emax = (1 << ebits) - 1
    for code in range(n):
        s = -1.0 if code >> (ebits + mbits) else 1.0
        e = (code >> mbits) & emax
        m = code & ((1 << mbits) - 1)
        if e == 0:
            v = m / (1 << mbits) * 2.0 ** (1 - bias)
        elif has_inf and e == emax:
            v = np.inf if m == 0 else np.nan
        else:
            v = (1 + m / (1 << mbits)) * 2.0 ** (e - bias)
        out[code] = s * v
    for c in nan_codes:
        out[c] = np.nan
    return out.astype(np.float32)


class Codec:
    """How values of a compute dtype are kept in memory in a storage dtype of another size."""

    def __init__(self, name: str, compute: np.dtype, storage: np.dtype) -> None:
        self.name = name
        self.compute = compute
        self.storage = storage

    def decode(self, raw: Any) -> Any:
        return np.asarray(raw).astype(self.compute)

    def encode(self, values: Any) -> Any:
        return np.asarray(values).astype(self.storage)


class _BF16(Codec):
    def decode(self, raw: Any) -> Any:
        return (np.asarray(raw, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)

    def encode(self, values: Any) -> Any:
        bits = np.asarray(values, dtype=np.float32).view(np.uint32)
        rounded = (bits + np.uint32(0x7FFF) + ((bits >> 16) & 1)) >> 16
        nan = (bits & 0x7FFFFFFF) > 0x7F800000
        return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


class _SmallFloat(Codec):
    """An 8-bit float: decode by table; encode to the nearest value, ties to the even code."""

    def __init__(self, name: str, ebits: int, mbits: int, has_inf: bool, nan_codes: tuple[int, ...]) -> None:
        super().__init__(name, np.dtype(np.float32), np.dtype(np.uint8))
        self.table = _small_float_table(ebits, mbits, has_inf, nan_codes)
        pos = np.arange(1 << (ebits + mbits))
        finite = np.isfinite(self.table[pos])
        self.pos_codes = pos[finite]
        self.pos_values = self.table[self.pos_codes].astype(np.float64)
        self.sign = 1 << (ebits + mbits)
        self.inf_code = int(np.flatnonzero(np.isinf(self.table[pos]))[0]) if has_inf else None
        emax = (1 << ebits) - 1
        self.nan_code = nan_codes[0] if nan_codes else (emax << mbits) | (1 << (mbits - 1))  # quiet NaN
        top = self.pos_values[-1]
        #: half an ulp past the largest value: beyond it (at it too when the largest code is odd, as
        #: ties go to even) rounding leaves the range
        self.overflow = top + (top - self.pos_values[-2]) / 2
        self.tie_overflows = bool(self.pos_codes[-1] % 2)

    def decode(self, raw: Any) -> Any:
        return self.table[np.asarray(raw, dtype=np.uint8)]

    def encode(self, values: Any) -> Any:
        x = np.asarray(values, dtype=np.float64)
        a = np.abs(x)
        pv = self.pos_values
        hi = np.clip(np.searchsorted(pv, a), 1, len(pv) - 1)
        lo = hi - 1
        dlo, dhi = a - pv[lo], pv[hi] - a
        take_hi = (dhi < dlo) | ((dhi == dlo) & (self.pos_codes[hi] % 2 == 0))
        code = np.where(take_hi, self.pos_codes[hi], self.pos_codes[lo])
        code = np.where(a <= pv[-1], code, self.pos_codes[-1])
        big = (a > self.overflow) | ((a == self.overflow) & self.tie_overflows)
        code = np.where(big, self.inf_code if self.inf_code is not None else self.nan_code, code)
        code = np.where(np.signbit(x), code | self.sign, code)
        return np.where(np.isnan(x), self.nan_code, code).astype(np.uint8)


class VectorElements(Codec):
    """Vectors as memref elements (``memref<4xvector<3xf32>>``): each element's bytes are the
    vector's (row-major) padded to its alloc size; a load gives the host's vector (an array of the
    vector's shape).  Vectors of ``i1`` (bit-packed in LLVM), odd widths or ``bf16``/``f8`` are
    refused."""

    def __init__(self, t: Any, compute: np.dtype) -> None:
        super().__init__(t.text, compute, np.dtype((np.void, alloc_size(t))))
        self.vshape = tuple(t.shape)
        self.nbytes = int(np.prod(self.vshape)) * compute.itemsize

    def decode(self, raw: Any) -> Any:
        a = np.asarray(raw)
        b = a.reshape(-1).view(np.uint8).reshape(a.shape + (self.storage.itemsize,))[..., : self.nbytes]
        return np.ascontiguousarray(b).view(self.compute).reshape(a.shape + self.vshape)

    def encode(self, values: Any) -> Any:
        v = np.ascontiguousarray(np.asarray(values, dtype=self.compute))
        lead = v.shape[: v.ndim - len(self.vshape)]
        out = np.zeros(lead + (self.storage.itemsize,), np.uint8)
        out[..., : self.nbytes] = v.reshape(lead + (-1,)).view(np.uint8)
        return out.reshape(-1).view(self.storage).reshape(lead)


_INT_STORAGE = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}
_CODECS: dict[str, Codec | None] = {}


def codec_of(t: Any) -> Codec | None:
    """The :class:`Codec` of element type ``t``, or None where memory holds the compute dtype."""
    key = t.text
    if key in _CODECS:
        return _CODECS[key]
    c: Codec | None = None
    if t.text == "bf16":
        c = _BF16("bf16", np.dtype(np.float32), np.dtype(np.uint16))
    elif t.text == "f8E5M2":
        c = _SmallFloat("f8E5M2", 5, 2, True, ())
    elif t.text == "f8E4M3FN":
        c = _SmallFloat("f8E4M3FN", 4, 3, False, (0x7F, 0xFF))
    elif isinstance(t, T.VectorType):
        et = t.element_type
        native = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "index": np.int64, "i8": np.int8,
                  "i16": np.int16, "i32": np.int32, "i64": np.int64}.get(et.text)
        if native is None or any(t.scalable):
            raise ValueError(f"element type '{t}' in memory is not supported by --run")
        c = VectorElements(t, np.dtype(native))
    elif t.text == "f128":
        raise ValueError("element type 'f128' in memory is not supported by --run")
    elif isinstance(t, T.IntegerType) and t.width not in (1, 8, 16, 32, 64):
        size = alloc_size(t)
        if size > 8:
            raise ValueError(f"element type '{t}' in memory is not supported by --run (wider than 64 bits)")
        c = Codec(t.text, np.dtype(np.int64), np.dtype(_INT_STORAGE[size]))
    _CODECS[key] = c
    return c


class Coded:
    """A flat array of coded elements that reads and writes as its compute dtype (what
    ``MemRef.flat``/``array`` return for a type with a :class:`Codec`): indexing decodes, item
    assignment encodes."""

    __slots__ = ("raw", "codec")

    def __init__(self, raw: np.ndarray, codec: Codec) -> None:
        self.raw = raw
        self.codec = codec

    @property
    def dtype(self) -> np.dtype:
        return self.codec.compute

    @property
    def shape(self) -> tuple[int, ...]:
        return self.raw.shape

    def __len__(self) -> int:
        return len(self.raw)

    def __getitem__(self, idx: Any) -> Any:
        r = self.raw[idx]
        if isinstance(idx, slice):
            return Coded(r, self.codec)
        d = self.codec.decode(r)
        return d[()] if np.ndim(d) == 0 else d

    def __setitem__(self, idx: Any, value: Any) -> None:
        self.raw[idx] = self.codec.encode(value)

    def take(self, idx: Any) -> Any:
        return self.codec.decode(self.raw.take(idx))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        d = self.codec.decode(self.raw)
        return d if dtype is None else d.astype(dtype)
