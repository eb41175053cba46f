"""Runtime values of ``--run`` and the op-reading helpers every executor uses.

Integers and floats are numpy scalars of the op's type (``index`` is ``int64``, ``i1`` is
``bool``), so one set of arith/math semantics serves the host interpreter and the SIMT kernel
executor, where values are numpy arrays over all threads.  Memrefs are :class:`MemRef` descriptors
over :mod:`.memory` buffers; LLVM structs are Python tuples, pointers :class:`~.memory.Ptr` (or
runtime handles: streams and events); ``!gpu.async.token`` before lowering is a :class:`Token`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from .elements import Codec, Coded, alloc_size, codec_of
from .memory import Buffer, Ptr
from .model import Event, HostThread, Stream


class RunError(MLIRError):
    """A runtime error; ``output`` keeps what the program printed so far."""

    def __init__(self, message: str, loc: Any = None, output: str | None = None) -> None:
        super().__init__(message, loc)
        self.output = output


class StoppedByHazard(MLIRError):
    """The run cannot go on past an access already reported as a hazard (outside its buffer)."""


# --------------------------------------------------------------------------- values
_INT_DTYPES = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
#: the unsigned numpy type of each signless integer dtype (unsigned arith ops view through it)
UNSIGNED_OF = {np.dtype(np.int8): np.uint8, np.dtype(np.int16): np.uint16, np.dtype(np.int32): np.uint32,
               np.dtype(np.int64): np.uint64, np.dtype(np.bool_): np.bool_}


def dtype_of(t: T.Type) -> np.dtype:
    """numpy dtype of a scalar MLIR type."""
    if isinstance(t, T.IndexType):
        return np.dtype(np.int64)
    if isinstance(t, T.IntegerType):
        dt = _INT_DTYPES.get(t.width)
        if dt is None:
            return np.dtype(np.int64)
        return np.dtype(dt)
    if isinstance(t, T.FloatType):
        if t.text == "f80" and np.dtype(np.longdouble).itemsize == 16:
            return np.dtype(np.longdouble)
        return np.dtype({"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(t.text, np.float32))
    if isinstance(t, T.LLVMPointerType):
        return np.dtype(np.uint64)
    if isinstance(t, T.ComplexType) and t.element_type.text in ("f32", "f64"):
        return np.dtype(np.complex64 if t.element_type.text == "f32" else np.complex128)
    raise ValueError(f"no numpy type for '{t}'")


#: float types computed in a wider numpy type (``float32``) and rounded to their own format
NARROW_FLOATS = frozenset(("bf16", "f8E4M3FN", "f8E5M2"))


def round_float(t: T.Type, x: Any) -> Any:
    """``x`` (computed in ``float32``) rounded to float type ``t`` (or a vector of it) where that
    is narrower (``bf16``, ``f8``: nearest, ties to even); other types unchanged."""
    et = getattr(t, "element_type", t)
    if et.text not in NARROW_FLOATS:
        return x
    c = codec_of(et)
    assert c is not None
    r = c.decode(c.encode(x))
    return r if isinstance(x, np.ndarray) else r[()]


def element_storage(t: T.Type) -> tuple[np.dtype, Codec | None]:
    """(compute dtype, codec) of memref element type ``t``: the codec converts to the bytes the
    element takes in memory where the compute dtype's size is not its size (``run/elements.py``)."""
    c = codec_of(t)
    dt = c.compute if isinstance(t, T.VectorType) and c is not None else dtype_of(t)
    if c is None and dt.itemsize != alloc_size(t):
        raise ValueError(f"element type '{t}' in memory is not supported by --run")
    return dt, c


def odd_width(t: T.Type) -> int | None:
    """The width of an integer type (or of a shaped type's integer elements) narrower than the numpy
    integer that holds it (``i3``, ``i12``, ``i48``: held sign-extended in an ``int64``), else None."""
    et = getattr(t, "element_type", t)
    if isinstance(et, T.IntegerType) and et.width < 64 and et.width not in _INT_DTYPES:
        return et.width
    return None


def sign_extend(x: Any, width: int) -> Any:
    """``x`` (numpy ints) wrapped to ``width`` bits, held sign-extended: how an ``iN`` value is kept."""
    half = 1 << (width - 1)
    return ((x + half) & ((1 << width) - 1)) - half


def scalar(t: T.Type, v: Any) -> Any:
    """A Python number as a numpy scalar of type ``t`` (ints wrap, to the type's own width)."""
    dt = dtype_of(t)
    if dt.kind in "iu":
        bits = odd_width(t) or dt.itemsize * 8
        iv = int(v) & ((1 << bits) - 1)
        if iv >> (bits - 1):
            iv -= 1 << bits
        return dt.type(iv)
    if dt.kind == "b":
        return np.bool_(int(v) & 1)
    return dt.type(v)


@dataclass(eq=False)
class MemRef:
    """A strided memref descriptor (elements, not bytes, for offset and strides)."""

    allocated: Ptr
    aligned: Ptr
    offset: int
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    dtype: np.dtype
    #: For workgroup memory in kernels: element stride between the copies of different blocks.
    block_stride: int = 0
    #: How elements whose size in memory is not ``dtype``'s are stored (None: as ``dtype``).
    codec: Codec | None = None

    @property
    def buffer(self) -> Buffer | None:
        return self.aligned.buffer

    @property
    def storage(self) -> np.dtype:
        """The numpy type of the elements' bytes in memory."""
        return self.dtype if self.codec is None else self.codec.storage

    @property
    def itemsize(self) -> int:
        return self.storage.itemsize

    @property
    def base_elem(self) -> int:
        """Element index of the aligned pointer in the buffer viewed as the storage type."""
        return self.aligned.offset // self.itemsize

    def numel(self) -> int:
        n = 1
        for s in self.sizes:
            n *= s
        return n

    def raw_flat(self) -> np.ndarray:
        """The whole buffer as a flat array of the storage type (the aligned pointer's buffer)."""
        buf = self.aligned.buffer
        if buf is None:
            raise ValueError("dereference of a null memref")
        st = self.storage
        n = buf.nbytes // st.itemsize
        return buf.data[: n * st.itemsize].view(st)

    def flat(self) -> Any:
        """The whole buffer as a flat ``dtype`` array: a numpy view, or a :class:`Coded` one that
        converts on access for an element type with a codec."""
        raw = self.raw_flat()
        return raw if self.codec is None else Coded(raw, self.codec)

    def raw_array(self) -> np.ndarray:
        """A strided numpy view of the memref's elements' storage."""
        flat = self.raw_flat()
        it = self.itemsize
        start = self.base_elem + self.offset
        if not self.sizes:
            return flat[start : start + 1].reshape(())
        return np.lib.stride_tricks.as_strided(
            flat[start:], shape=self.sizes, strides=[s * it for s in self.strides]
        )

    def array(self) -> Any:
        """A strided view of the memref's elements (:class:`Coded` for a type with a codec)."""
        raw = self.raw_array()
        return raw if self.codec is None else Coded(raw, self.codec)

    def is_contiguous(self) -> bool:
        return self.strides == row_major(self.sizes)

    def byte_range(self) -> tuple[int, int]:
        lo = self.aligned.offset + self.offset * self.itemsize
        span = sum((s - 1) * st for s, st in zip(self.sizes, self.strides) if s > 0)
        n = 0 if any(s == 0 for s in self.sizes) else span + 1
        return lo, lo + n * self.itemsize

    def descriptor(self) -> tuple:
        """The LLVM memref descriptor struct as a tuple."""
        base = (self.allocated, self.aligned, np.int64(self.offset))
        if not self.sizes:
            return base
        return base + (tuple(np.int64(s) for s in self.sizes), tuple(np.int64(s) for s in self.strides))


def row_major(sizes: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    st = []
    acc = 1
    for s in reversed(sizes):
        st.append(acc)
        acc *= max(int(s), 1)
    return tuple(reversed(st))


def memref_layout(mt: T.MemRefType, sizes: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(offset, strides) of a freshly allocated memref of type ``mt``."""
    lay = mt.layout
    if isinstance(lay, A.StridedLayoutAttr):
        strides = tuple(row_major(sizes)[i] if s == T.DYNAMIC else s for i, s in enumerate(lay.strides))
        return (0 if lay.offset == T.DYNAMIC else lay.offset), strides
    return 0, row_major(sizes)


@dataclass(eq=False)
class Token:
    """A ``!gpu.async.token`` before lowering: events to wait for; ``stream`` when produced by a
    stream command (that stream may be reused by one dependent op)."""

    events: tuple[Event, ...] = ()
    stream: Stream | None = None


@dataclass(eq=False)
class AsyncHandle:
    """An ``!async.token`` / ``!async.value`` / group: the host task(s) and the value."""

    hosts: list[HostThread] = field(default_factory=list)
    value: Any = None
    is_group: bool = False


@dataclass(eq=False)
class Cell:
    """``llvm.alloca`` storage (one slot)."""

    value: Any = None


# --------------------------------------------------------------------------- helpers
def segments(op: Any, n: int) -> list[list[Any]]:
    """Operand groups by ``operandSegmentSizes`` (falls back to the opdef)."""
    seg = op.attributes.get("operandSegmentSizes")
    if isinstance(seg, A.DenseArrayAttr):
        out, i = [], 0
        for s in seg.values:
            out.append(op.operands[i : i + int(s)])
            i += int(s)
        return out
    raise MLIRError(f"'{op.name}' without operandSegmentSizes", op.loc)


def group(op: Any, name: str) -> list[Any]:
    if op.opdef is not None:
        try:
            return list(op.opdef.operand_group(op, name))
        except KeyError:
            pass
    raise MLIRError(f"--run: '{op.name}' has no operand group '{name}'", op.loc)


def attr_value(a: Any) -> Any:
    if isinstance(a, A.IntegerAttr | A.FloatAttr):
        return a.value
    if isinstance(a, A.StringAttr):
        return a.value
    return a


def int_attr(op: Any, name: str, default: int | None = None) -> int:
    a = op.attributes.get(name)
    if a is None:
        if default is None:
            raise MLIRError(f"--run: '{op.name}' needs attribute '{name}'", op.loc)
        return default
    return int(attr_value(a))


def first_map(op: Any, *names: str) -> Any:
    for n in names:
        a = op.attributes.get(n)
        if isinstance(a, A.AffineMapAttr):
            return a.map
    return None


def const_value(attr: Any, t: T.Type) -> Any:
    if isinstance(attr, A.IntegerAttr):
        return scalar(t, attr.value)
    if isinstance(attr, A.FloatAttr):
        return round_float(t, dtype_of(t).type(attr.value))
    if isinstance(attr, A.DenseElementsAttr):
        et = attr.type.element_type
        if isinstance(et, T.IntegerType | T.IndexType):  # wrap: dense<[255]> : vector<1xi8> is -1
            vals = [scalar(et, v) for v in attr.values]
            if attr.splat:
                return np.full(attr.type.shape, vals[0], dtype=dtype_of(et))
            return np.array(vals, dtype=dtype_of(et)).reshape(attr.type.shape)
        return round_float(et, np.array(attr.flat_values(), dtype=dtype_of(et)).reshape(attr.type.shape))
    if isinstance(attr, A.StringAttr):
        return attr.value
    raise ValueError(f"unsupported constant {attr}")


def loc_str(op: Any) -> str | None:
    """The op's location as ``file:line:col`` text (None without a location)."""
    return str(op.loc) if op.loc is not None else None


def apply_impl(engine: Any, fn: Any, op: Any) -> None:
    """Run ``fn(engine, op)`` (an op's semantics) and bind its results in ``engine.env``.  What the
    program asked for that cannot be (a negative or huge size, an address out of range) is a
    located runtime error, never an internal error."""
    try:
        r = fn(engine, op)
    except (ValueError, MemoryError, OverflowError, IndexError, ZeroDivisionError) as e:
        raise MLIRError(f"--run: '{op.name}' failed: {e}", op.loc) from e
    res = op.results
    if not res:
        return
    if len(res) == 1:
        engine.env[res[0]] = r[0] if isinstance(r, list) else r
    else:
        for v, x in zip(res, r):
            engine.env[v] = x


def named(ptr: Any, value: Any) -> Any:
    """Name the allocation behind ``ptr`` after the SSA value it is allocated as (``%m``, from the
    source's name; diagnostics then say ``%m (allocated at ...)``); returns ``ptr``."""
    hint = getattr(value, "name_hint", None)
    buf = getattr(ptr, "buffer", None)
    if hint and buf is not None:
        buf.name = f"%{hint}"
    return ptr


def loc_str_any(loc: Any) -> str | None:
    if loc is None or isinstance(loc, str):
        return loc
    return str(loc)


def all_offsets(sizes: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """Element offsets of every element of a strided view (row-major order)."""
    off = np.zeros((), dtype=np.int64)
    for s, st in zip(sizes, strides):
        off = off[..., None] + np.arange(s, dtype=np.int64) * st
    return off.ravel()



def memref_from_llvm(d: Any, mt: Any) -> MemRef:
    """A :class:`MemRef` from an LLVM memref descriptor tuple (ranked, or unranked ``(rank, ptr)``);
    ``mt`` is the memref type, its element type (``printMemrefI32`` reads i32), or ``None`` (f32)."""
    if isinstance(d, MemRef):
        return d
    if isinstance(d, tuple) and len(d) == 2 and not isinstance(d[0], Ptr):  # unranked
        inner = d[1].value if isinstance(d[1], Cell) else d[1]
        return memref_from_llvm(inner, mt)
    alloc, aligned, off = d[0], d[1], int(d[2])
    sizes = tuple(int(x) for x in d[3]) if len(d) > 3 else ()
    strides = tuple(int(x) for x in d[4]) if len(d) > 4 else ()
    et = mt.element_type if isinstance(mt, T.MemRefType | T.UnrankedMemRefType) else mt
    dt, codec = element_storage(et) if et is not None else (np.dtype(np.float32), None)
    return MemRef(alloc, aligned, off, sizes, strides, dt, codec=codec)
