"""Host interpreter for ``--run``: executes the IR op by op over a :class:`~.runtime.Runtime`.

Values: integers and floats are numpy scalars of the op's type (``index`` is ``int64``, ``i1`` is
``bool``), so the same arith/math implementations serve the host and the SIMT kernel executor
(:mod:`.kernels`), where values are numpy arrays over all threads.  Memrefs are
:class:`MemRef` descriptors over :mod:`.memory` buffers; every host load/store is reported to the
hazard checker through ``Runtime.host_access``.  LLVM structs are Python tuples, pointers are
:class:`~.memory.Ptr` (or runtime handles: streams and events).

GPU async tokens *before* lowering are sets of recorded events: every async gpu op runs on its own
implicit stream ordered only by its dependencies (a stream is reused when its last command is the
single dependency), so the token graph's maximal concurrency is what the hazard checker sees.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from . import runner_utils as RU
from .memory import Buffer, Ptr
from .runtime import Event, HostThread, Runtime, Stream

Impl = Callable[["Interpreter", Any], Any]
HOST: dict[str, Impl] = {}
COMMON: dict[str, Impl] = {}  # shared by the host interpreter and the SIMT kernel executor


def impl(*names: str, common: bool = False) -> Callable[[Impl], Impl]:
    def deco(fn: Impl) -> Impl:
        for n in names:
            (COMMON if common else HOST)[n] = fn
        return fn

    return deco


class RunError(MLIRError):
    """A runtime error; ``output`` keeps what the program printed so far."""

    def __init__(self, message: str, loc: Any = None, output: str | None = None) -> None:
        super().__init__(message, loc)
        self.output = output


# --------------------------------------------------------------------------- values
_INT_DTYPES = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
_UINT = {np.dtype(np.int8): np.uint8, np.dtype(np.int16): np.uint16, np.dtype(np.int32): np.uint32,
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
        return np.dtype({"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(t.text, np.float32))
    if isinstance(t, T.LLVMPointerType):
        return np.dtype(np.uint64)
    raise ValueError(f"no numpy type for '{t}'")


def scalar(t: T.Type, v: Any) -> Any:
    """A Python number as a numpy scalar of type ``t`` (ints wrap)."""
    dt = dtype_of(t)
    if dt.kind in "iu":
        bits = dt.itemsize * 8
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

    @property
    def buffer(self) -> Buffer | None:
        return self.aligned.buffer

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def base_elem(self) -> int:
        """Element index of the aligned pointer in the buffer viewed as ``dtype``."""
        return self.aligned.offset // self.dtype.itemsize

    def numel(self) -> int:
        n = 1
        for s in self.sizes:
            n *= s
        return n

    def flat(self) -> np.ndarray:
        """The whole buffer as a flat ``dtype`` array (the aligned pointer's buffer)."""
        buf = self.aligned.buffer
        if buf is None:
            raise ValueError("dereference of a null memref")
        n = buf.nbytes // self.dtype.itemsize
        return buf.data[: n * self.dtype.itemsize].view(self.dtype)

    def array(self) -> np.ndarray:
        """A strided numpy view of the memref's elements."""
        flat = self.flat()
        it = self.dtype.itemsize
        start = self.base_elem + self.offset
        if not self.sizes:
            return flat[start : start + 1].reshape(())
        return np.lib.stride_tricks.as_strided(
            flat[start:], shape=self.sizes, strides=[s * it for s in self.strides]
        )

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


class _Return(Exception):
    pass


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
        return dtype_of(t).type(attr.value)
    if isinstance(attr, A.DenseElementsAttr):
        vals = attr.flat_values()
        return np.array(vals, dtype=dtype_of(attr.type.element_type)).reshape(attr.type.shape)
    if isinstance(attr, A.StringAttr):
        return attr.value
    raise ValueError(f"unsupported constant {attr}")


def loc_str(op: Any) -> str | None:
    return str(op.loc) if op.loc is not None else None


# --------------------------------------------------------------------------- arith (common)
def _binop(fn: Callable[[Any, Any], Any]) -> Impl:
    def run(it: Interpreter, op: Any) -> Any:
        a, b = it.get(op.operands[0]), it.get(op.operands[1])
        return fn(a, b)

    return run


def _u(x: Any) -> Any:
    return x.astype(_UINT[x.dtype]) if isinstance(x, np.ndarray) else x.dtype.type(x).view(_UINT[x.dtype])


def _back(x: Any, like: Any) -> Any:
    dt = like.dtype
    return x.astype(dt) if isinstance(x, np.ndarray) else np.asarray(x).astype(dt)[()]


def _ibool(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Bitwise ops that also work on i1 (bool)."""
    return fn


def _divsi(a: Any, b: Any) -> Any:
    q = np.abs(a) // np.where(b == 0, 1, np.abs(b))
    return _back(np.where((a < 0) != (b < 0), -q, q), a)


def _remsi(a: Any, b: Any) -> Any:
    r = np.abs(a) % np.where(b == 0, 1, np.abs(b))
    return _back(np.where(a < 0, -r, r), a)


def _ceildivsi(a: Any, b: Any) -> Any:
    return _back(-np.floor_divide(-a, np.where(b == 0, 1, b)), a)


def _shift_mask(b: Any, a: Any) -> Any:
    return b & (a.dtype.itemsize * 8 - 1) if a.dtype.kind != "b" else b


COMMON.update({
    "arith.addi": _binop(lambda a, b: a + b if a.dtype.kind != "b" else a ^ b),
    "arith.subi": _binop(lambda a, b: a - b if a.dtype.kind != "b" else a ^ b),
    "arith.muli": _binop(lambda a, b: a * b if a.dtype.kind != "b" else a & b),
    "arith.divsi": _binop(_divsi),
    "arith.divui": _binop(lambda a, b: _back(_u(a) // np.where(_u(b) == 0, 1, _u(b)), a)),
    "arith.remsi": _binop(_remsi),
    "arith.remui": _binop(lambda a, b: _back(_u(a) % np.where(_u(b) == 0, 1, _u(b)), a)),
    "arith.ceildivsi": _binop(_ceildivsi),
    "arith.ceildivui": _binop(lambda a, b: _back(-(-_u(a) // _u(b)), a)),
    "arith.floordivsi": _binop(lambda a, b: _back(np.floor_divide(a, np.where(b == 0, 1, b)), a)),
    "arith.andi": _binop(lambda a, b: a & b),
    "arith.ori": _binop(lambda a, b: a | b),
    "arith.xori": _binop(lambda a, b: a ^ b),
    "arith.shli": _binop(lambda a, b: _back(np.left_shift(a, _shift_mask(b, a)), a)),
    "arith.shrsi": _binop(lambda a, b: _back(np.right_shift(a, _shift_mask(b, a)), a)),
    "arith.shrui": _binop(lambda a, b: _back(np.right_shift(_u(a), _u(_shift_mask(b, a))), a)),
    "arith.maxsi": _binop(np.maximum),
    "arith.minsi": _binop(np.minimum),
    "arith.maxui": _binop(lambda a, b: _back(np.maximum(_u(a), _u(b)), a)),
    "arith.minui": _binop(lambda a, b: _back(np.minimum(_u(a), _u(b)), a)),
    "arith.addf": _binop(np.add),
    "arith.subf": _binop(np.subtract),
    "arith.mulf": _binop(np.multiply),
    "arith.divf": _binop(np.divide),
    "arith.remf": _binop(np.fmod),
    "arith.maximumf": _binop(np.maximum),
    "arith.minimumf": _binop(np.minimum),
    "arith.maxnumf": _binop(np.fmax),
    "arith.minnumf": _binop(np.fmin),
    "math.powf": _binop(np.power),
    "math.atan2": _binop(np.arctan2),
    "math.copysign": _binop(np.copysign),
})

_UNARY = {
    "arith.negf": np.negative, "math.sqrt": np.sqrt, "math.exp": np.exp, "math.exp2": np.exp2,
    "math.log": np.log, "math.log2": np.log2, "math.log10": np.log10, "math.log1p": np.log1p,
    "math.expm1": np.expm1, "math.sin": np.sin, "math.cos": np.cos, "math.tan": np.tan,
    "math.tanh": np.tanh, "math.sinh": np.sinh, "math.cosh": np.cosh, "math.atan": np.arctan,
    "math.asin": np.arcsin, "math.acos": np.arccos, "math.absf": np.abs, "math.absi": np.abs,
    "math.floor": np.floor, "math.ceil": np.ceil, "math.trunc": np.trunc,
    "math.roundeven": np.rint, "math.round": lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),
    "math.rsqrt": lambda x: x.dtype.type(1) / np.sqrt(x),
    "math.ctpop": lambda x: _back(np.bitwise_count(_u(x)), x) if hasattr(np, "bitwise_count") else x,
}


def _unary(fn: Callable[[Any], Any]) -> Impl:
    def run(it: Interpreter, op: Any) -> Any:
        a = it.get(op.operands[0])
        r = fn(a)
        return _back(r, a) if a.dtype != getattr(r, "dtype", a.dtype) else r

    return run


for _n, _f in _UNARY.items():
    COMMON[_n] = _unary(_f)


@impl("math.fma", common=True)
def _fma(it: Interpreter, op: Any) -> Any:
    a, b, c = (it.get(v) for v in op.operands)
    return a * b + c


@impl("math.erf", common=True)
def _erf(it: Interpreter, op: Any) -> Any:
    a = it.get(op.operands[0])
    if isinstance(a, np.ndarray):
        return np.vectorize(math.erf, otypes=[a.dtype])(a)
    return a.dtype.type(math.erf(float(a)))


@impl("arith.constant", "llvm.mlir.constant", common=True)
def _constant(it: Interpreter, op: Any) -> Any:
    return const_value(op.attributes["value"], op.results[0].type)


_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
         "une", "uno", "true"]


def _pred(op: Any, names: list[str]) -> str:
    p = op.attributes["predicate"]
    if isinstance(p, A.IntegerAttr):
        return names[p.value]
    if isinstance(p, A.StringAttr):
        return p.value
    s = str(p)
    for n in sorted(names, key=len, reverse=True):
        if n in s.split() or s.endswith(n) or s == n:
            return n
    return s


def _as_bool(x: Any) -> Any:
    return np.asarray(x, dtype=np.bool_) if isinstance(x, np.ndarray) else np.bool_(x)


@impl("arith.cmpi", "llvm.icmp", common=True)
def _cmpi(it: Interpreter, op: Any) -> Any:
    p = _pred(op, _CMPI)
    a, b = it.get(op.operands[0]), it.get(op.operands[1])
    if p[0] == "u":
        a, b, p = _u(a), _u(b), "s" + p[1:]
    r = {"eq": np.equal, "ne": np.not_equal, "slt": np.less, "sle": np.less_equal, "sgt": np.greater,
         "sge": np.greater_equal}[p](a, b)
    return _as_bool(r)


@impl("arith.cmpf", "llvm.fcmp", common=True)
def _cmpf(it: Interpreter, op: Any) -> Any:
    p = _pred(op, _CMPF)
    a, b = it.get(op.operands[0]), it.get(op.operands[1])
    with np.errstate(invalid="ignore"):
        unordered = np.isnan(a) | np.isnan(b)
        if p == "false":
            r = np.zeros_like(unordered)
        elif p == "true":
            r = np.ones_like(unordered)
        elif p == "ord":
            r = ~unordered
        elif p == "uno":
            r = unordered
        else:
            base = {"eq": np.equal, "gt": np.greater, "ge": np.greater_equal, "lt": np.less,
                    "le": np.less_equal, "ne": np.not_equal}[p[1:]](a, b)
            r = (base & ~unordered) if p[0] == "o" else (base | unordered)
    return _as_bool(r)


@impl("arith.select", "llvm.select", common=True)
def _select(it: Interpreter, op: Any) -> Any:
    c, a, b = (it.get(v) for v in op.operands)
    if not isinstance(c, np.ndarray):
        return a if c else b
    if isinstance(a, MemRef) or isinstance(b, MemRef):
        raise MLIRError("--run: divergent select of memrefs is not supported", op.loc)
    return np.where(c, a, b)


def _cast_to(t: T.Type) -> Callable[[Any], Any]:
    dt = dtype_of(t)

    def conv(x: Any) -> Any:
        if isinstance(x, np.ndarray):
            return x.astype(dt)
        return np.asarray(x).astype(dt)[()]

    return conv


@impl("arith.extsi", "arith.trunci", "arith.index_cast", "arith.extf", "arith.truncf", "arith.sitofp",
      "llvm.sext", "llvm.trunc", "llvm.sitofp", "llvm.fpext", "llvm.fptrunc", common=True)
def _convert(it: Interpreter, op: Any) -> Any:
    x = it.get(op.operands[0])
    t = op.results[0].type
    if isinstance(x, np.ndarray) and x.dtype.kind == "b" and dtype_of(t).kind in "iu" and op.name != "arith.extsi":
        return x.astype(dtype_of(t))
    if x.dtype.kind == "b" and op.name in ("arith.extsi", "llvm.sext"):
        x = -(x.astype(np.int64)) if isinstance(x, np.ndarray) else np.int64(-int(x))
    dt = dtype_of(t)
    with np.errstate(all="ignore"):
        if dt.kind == "b":
            r = (x.astype(np.int64) & 1) if isinstance(x, np.ndarray) else np.int64(int(x) & 1)
            return _cast_to(t)(r)
        return _cast_to(t)(x)


@impl("arith.extui", "arith.index_castui", "arith.uitofp", "llvm.zext", "llvm.uitofp", common=True)
def _convert_u(it: Interpreter, op: Any) -> Any:
    x = it.get(op.operands[0])
    if x.dtype.kind != "b":
        x = _u(x)
    return _cast_to(op.results[0].type)(x)


@impl("arith.fptosi", "arith.fptoui", "llvm.fptosi", "llvm.fptoui", common=True)
def _fptoi(it: Interpreter, op: Any) -> Any:
    x = it.get(op.operands[0])
    with np.errstate(all="ignore"):
        return _cast_to(op.results[0].type)(np.trunc(x))


@impl("arith.bitcast", "llvm.bitcast", common=True)
def _bitcast(it: Interpreter, op: Any) -> Any:
    x = it.get(op.operands[0])
    t = op.results[0].type
    if not isinstance(x, np.ndarray | np.generic):
        return x
    dt = dtype_of(t)
    return x.view(dt) if isinstance(x, np.ndarray) else np.asarray(x).view(dt)[()]


@impl("affine.apply", common=True)
def _affine_apply(it: Interpreter, op: Any) -> Any:
    m = op.attributes["map"].map
    return np.int64(0) + it.affine_eval(m, [it.get(v) for v in op.operands])[0]


@impl("affine.min", "affine.max", common=True)
def _affine_minmax(it: Interpreter, op: Any) -> Any:
    m = op.attributes["map"].map
    vals = it.affine_eval(m, [it.get(v) for v in op.operands])
    fn = np.minimum if op.name == "affine.min" else np.maximum
    r = vals[0]
    for v in vals[1:]:
        r = fn(r, v)
    return np.int64(0) + r


# --------------------------------------------------------------------------- interpreter
class Frame:
    __slots__ = ("env",)

    def __init__(self) -> None:
        self.env: dict[Any, Any] = {}


class Interpreter:
    """Executes host code of a module against a runtime."""

    TERMINATORS = frozenset(("func.return", "scf.yield", "scf.condition", "affine.yield", "async.yield",
                             "gpu.return", "gpu.terminator", "llvm.return", "scf.reduce", "cf.br",
                             "cf.cond_br", "cf.switch", "llvm.br", "llvm.cond_br", "memref.alloca_scope.return",
                             "gpu.yield", "scf.forall.in_parallel", "affine.parallel"))

    def __init__(self, module: Any, rt: Runtime, backend: str = "sim") -> None:
        self.module = module
        self.rt = rt
        self.backend = backend
        self.out = io.StringIO()
        self.env: dict[Any, Any] = {}
        self.agent: HostThread | None = None
        self.impls = {**COMMON, **HOST}
        self.symbols: dict[str, Any] = {}
        self.gpu_modules: dict[str, Any] = {}
        self.globals: dict[str, MemRef] = {}
        self.stream_tail: dict[Stream, Token] = {}
        self.implicit_streams: list[Stream] = []
        self.implicit_events: list[Event] = []
        self.kernel_cache: dict[Any, Any] = {}
        self.depth = 0
        for op in module.regions[0].blocks[0].ops:
            name = op.attributes.get("sym_name")
            if isinstance(name, A.StringAttr):
                self.symbols[name.value] = op
                if op.name == "gpu.module":
                    self.gpu_modules[name.value] = op

    # ------------------------------------------------------------------ values
    def get(self, v: Any) -> Any:
        try:
            return self.env[v]
        except KeyError:
            raise MLIRError("--run: use of a value that was not computed", getattr(v, "loc", None)) from None

    def affine_eval(self, m: Any, operands: list[Any]) -> list[Any]:
        from ..ir.affine import evaluate

        dims, syms = operands[: m.num_dims], operands[m.num_dims :]
        if all(not isinstance(o, np.ndarray) for o in operands):
            return [np.int64(evaluate(r, [int(d) for d in dims], [int(s) for s in syms])) for r in m.results]
        # numpy operands: `//`, `%` are floor division/modulo on arrays too, as in the scalar case
        return [np.asarray(evaluate(r, dims, syms), dtype=np.int64) for r in m.results]

    # ------------------------------------------------------------------ execution
    def exec_op(self, op: Any) -> None:
        fn = self.impls.get(op.name)
        if fn is None:
            raise self.unsupported(op)
        try:
            r = fn(self, op)
        except (ValueError, MemoryError, OverflowError, IndexError, ZeroDivisionError) as e:
            # the program asked for something impossible (a negative or huge size, an address out of
            # range): a located runtime error, never an internal error
            raise MLIRError(f"--run: '{op.name}' failed: {e}", op.loc) from e
        res = op.results
        if not res:
            return
        if len(res) == 1:
            self.env[res[0]] = r[0] if isinstance(r, list) else r
        else:
            for v, x in zip(res, r):
                self.env[v] = x

    def unsupported(self, op: Any) -> Exception:
        return MLIRError(f"--run: operation '{op.name}' is not supported by the interpreter", op.loc)

    def run_region(self, region: Any, args: list[Any]) -> tuple[Any, list[Any]]:
        """Run a region from its entry block; returns (terminator, its operand values)."""
        block = region.blocks[0]
        env = self.env
        exec_op = self.exec_op
        terms = self.TERMINATORS
        while True:
            for a, v in zip(block.args, args):
                env[a] = v
            ops = block.ops
            term = ops[-1] if ops else None
            if term is not None and term.name not in terms:
                term = None
            body = ops[:-1] if term is not None else ops
            for op in body:
                exec_op(op)
            if term is None:
                return None, []
            name = term.name
            if name in ("cf.br", "llvm.br"):
                block = term.successors[0]
                args = [env[v] for v in term.operands]
                continue
            if name in ("cf.cond_br", "llvm.cond_br"):
                seg = segments(term, 3)
                c = env[seg[0][0]]
                if c:
                    block, args = term.successors[0], [env[v] for v in seg[1]]
                else:
                    block, args = term.successors[1], [env[v] for v in seg[2]]
                continue
            if name == "cf.switch":  # the case whose value equals the flag, else the default
                flag = int(env[term.operands[0]])
                cv = term.attributes.get("case_values")
                cases = [] if cv is None else (list(cv.values) * len(term.successors[1:]) if cv.splat
                                               else list(cv.values))
                k = next((i + 1 for i, c in enumerate(cases) if int(c) == flag), 0)
                block = term.successors[k]
                args = [env[v] for v in term.opdef.successor_operands(term, k)]
                continue
            return term, [env[v] for v in term.operands]

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
            if isinstance(m, tuple):  # unranked LLVM descriptor (rank, ptr to descriptor)
                m = self.memref_from_llvm(m, None)
            self.host_read(m, loc)
            dt = np.dtype(RU.PRINT_MEMREF_DTYPES[name])
            flat = m.flat().view(m.dtype)
            arr = flat.astype(dt, copy=False) if dt != m.dtype else flat
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
            flat = m.base_elem + m.offset + _all_offsets(m.sizes, m.strides)
            from .hazards import intervals_from_offsets

            for a, b in intervals_from_offsets(flat * it + m.aligned.offset % it, it):
                self.rt.host_access(buf, a, b, write, loc_str_any(loc), self.agent)

    def element(self, op: Any, m: MemRef, idx: list[Any], write: bool) -> tuple[np.ndarray, int]:
        if not isinstance(m, MemRef):
            raise MLIRError("--run: expected a memref", op.loc)
        e = m.offset
        for i, s, n in zip(idx, m.strides, m.sizes):
            i = int(i)
            if not 0 <= i < n:
                buf = m.buffer
                lo = m.aligned.offset + (e + i * s) * m.itemsize
                if buf is not None:
                    self.rt.host_access(buf, lo, lo + m.itemsize, write, loc_str(op), self.agent)
                raise MLIRError(f"--run: out-of-bounds {'store' if write else 'load'}: index {i} "
                                f"not in [0, {n})", op.loc)
            e += i * s
        buf = m.buffer
        if buf is None:
            raise MLIRError("--run: load/store through a null memref", op.loc)
        if buf.kind == "device" and self.backend == "sim":
            pass  # reported by the checker (host access of device memory)
        lo = m.aligned.offset + e * m.itemsize
        self.rt.host_access(buf, lo, lo + m.itemsize, write, loc_str(op), self.agent)
        if not buf.alive:
            raise MLIRError(f"--run: host {'store' if write else 'load'} of freed memory", op.loc)
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
        dt = dtype_of(mt.element_type)
        n = 1 + sum((s - 1) * st for s, st in zip(sizes_t, strides)) + off if all(sizes_t) else off
        p = ptr_fn(max(n, 0) * dt.itemsize)
        return MemRef(p, p, off, sizes_t, strides, dt)

    def memref_from_llvm(self, d: Any, mt: Any) -> MemRef:
        if isinstance(d, MemRef):
            return d
        if isinstance(d, tuple) and len(d) == 2 and not isinstance(d[0], Ptr):  # unranked
            inner = d[1].value if isinstance(d[1], Cell) else d[1]
            return self.memref_from_llvm(inner, mt)
        alloc, aligned, off = d[0], d[1], int(d[2])
        sizes = tuple(int(x) for x in d[3]) if len(d) > 3 else ()
        strides = tuple(int(x) for x in d[4]) if len(d) > 4 else ()
        et = getattr(mt, "element_type", None)
        dt = dtype_of(et) if et is not None else np.dtype(np.float32)
        return MemRef(alloc, aligned, off, sizes, strides, dt)

    # ------------------------------------------------------------------ gpu (before lowering)
    def _tokens(self, values: list[Any]) -> list[Token]:
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
        deps = self._tokens(group(op, "asyncDependencies"))
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
        if mod is None:
            raise MLIRError(f"--run: kernel module '@{ref.root}' not found", op.loc)
        if mod.regions:
            for f in mod.regions[0].blocks[0].ops:
                sn = f.attributes.get("sym_name")
                if isinstance(sn, A.StringAttr) and sn.value == ref.leaf:
                    return f
        raise MLIRError(f"--run: kernel '{ref}' not found", op.loc)

    def launch(self, op: Any, func: Any, name: str, grid: list[int], block: list[int], args: list[Any],
               stream: Stream | None, region: Any = None, captured: dict | None = None) -> None:
        from . import kernels

        loc = loc_str(op)
        if self.backend == "cuda" and func is not None:
            run = kernels.cuda_launcher(self, op, func, grid, block, args, stream)
        else:
            def run() -> list:
                try:
                    return kernels.run_kernel(func, grid, block, args, region=region, captured=captured,
                                              cache=self.kernel_cache)
                except kernels.KernelError as e:
                    raise MLIRError(f"--run: in kernel {name}: {e}", e.loc or op.loc) from None
        self.rt.launch_kernel(stream, name, grid, block, run, loc=loc, agent=self.agent)

    def kernel_args(self, op: Any, func: Any, vals: list[Any]) -> list[Any]:
        ft = func.attributes["function_type"].type
        if len(vals) == len(ft.inputs):
            return [self.memref_from_llvm(v, t) if isinstance(t, T.MemRefType) and not isinstance(v, MemRef)
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
                out.append(self.memref_from_llvm(tuple(d), t))
            else:
                out.append(vals[i])
                i += 1
        return out

    # ------------------------------------------------------------------ lowered runtime calls
    def call_mgpu(self, name: str, args: list[Any], loc: Any) -> Any:
        fn = getattr(self.rt, name, None)
        if fn is None:
            raise MLIRError(f"--run: unknown runtime function '@{name}'", loc)
        conv = [int(a) if isinstance(a, np.integer | np.bool_) else a for a in args]
        if name in ("mgpuMemHostRegisterMemRef", "mgpuMemHostUnregisterMemRef"):
            m = next((a for a in conv if isinstance(a, MemRef | Cell | tuple)), None)
            if isinstance(m, Cell):
                m = m.value
            if isinstance(m, tuple):
                m = self.memref_from_llvm(m, None)
            ptr = m.aligned if isinstance(m, MemRef) else next(a for a in conv if isinstance(a, Ptr))
            conv = [ptr]
        if name == "mgpuMemAlloc" and len(conv) >= 3:
            conv[2] = bool(conv[2])
        return fn(*conv, loc=loc_str_any(loc), agent=self.agent)

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
        self.call(fn, [], fn.loc)

    def cleanup_implicit(self) -> None:
        for e in self.implicit_events:
            if not e.destroyed:
                self.rt.mgpuEventDestroy(e)
        for s in self.implicit_streams:
            if not s.destroyed:
                self.rt.mgpuStreamDestroy(s)


def loc_str_any(loc: Any) -> str | None:
    if loc is None or isinstance(loc, str):
        return loc
    return str(loc)


def _all_offsets(sizes: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    off = np.zeros((), dtype=np.int64)
    for s, st in zip(sizes, strides):
        off = off[..., None] + np.arange(s, dtype=np.int64) * st
    return off.ravel()


# --------------------------------------------------------------------------- func / cf / scf
@impl("func.call", "llvm.call")
def _call(it: Interpreter, op: Any) -> Any:
    callee = op.attributes.get("callee")
    if callee is None:
        raise MLIRError("--run: indirect calls are not supported", op.loc)
    name = callee.leaf if isinstance(callee, A.SymbolRefAttr) else str(callee).lstrip("@")
    args = [it.get(v) for v in op.operands]
    fn = it.symbols.get(name)
    if fn is None or not fn.regions or not fn.regions[0].blocks:
        r = it.call_external(name, args, op.loc, fn)
    else:
        r = it.call(fn, args, op.loc)
    return list(r) if len(op.results) != 1 else (r[0] if r else None)


@impl("cf.assert")
def _assert(it: Interpreter, op: Any) -> Any:
    if not it.get(op.operands[0]):
        msg = op.attributes.get("msg")
        raise MLIRError(f"--run: assertion failed: {attr_value(msg) if msg else ''}", op.loc)


def _scf_for(it: Interpreter, op: Any) -> Any:
    lb, ub, step = (it.get(v) for v in op.operands[:3])
    vals = [it.get(v) for v in op.operands[3:]]
    region = op.regions[0]
    i, u, s = int(lb), int(ub), int(step)
    if s <= 0:
        raise MLIRError("--run: scf.for with a non-positive step", op.loc)
    ity = lb.dtype.type
    while i < u:
        _, vals = it.run_region(region, [ity(i), *vals])
        i += s
    return vals


HOST["scf.for"] = _scf_for


@impl("scf.if")
def _scf_if(it: Interpreter, op: Any) -> Any:
    c = it.get(op.operands[0])
    r = op.regions[0] if c else (op.regions[1] if len(op.regions) > 1 else None)
    if r is None or not r.blocks:
        return []
    _, vals = it.run_region(r, [])
    return vals


@impl("scf.execute_region")
def _exec_region(it: Interpreter, op: Any) -> Any:
    _, vals = it.run_region(op.regions[0], [])
    return vals


@impl("scf.while")
def _scf_while(it: Interpreter, op: Any) -> Any:
    vals = [it.get(v) for v in op.operands]
    while True:
        _, cv = it.run_region(op.regions[0], vals)
        if not cv[0]:
            return cv[1:]
        _, vals = it.run_region(op.regions[1], cv[1:])


@impl("scf.parallel")
def _scf_parallel(it: Interpreter, op: Any) -> Any:
    seg = segments(op, 4)
    lbs, ubs, steps = ([int(it.get(v)) for v in g] for g in seg[:3])
    inits = [it.get(v) for v in seg[3]] if len(seg) > 3 else []
    if inits:
        raise MLIRError("--run: scf.parallel with reductions is not supported", op.loc)
    import itertools

    for ivs in itertools.product(*(range(a, b, s) for a, b, s in zip(lbs, ubs, steps))):
        it.run_region(op.regions[0], [np.int64(x) for x in ivs])
    return []


@impl("scf.index_switch")
def _index_switch(it: Interpreter, op: Any) -> Any:
    v = int(it.get(op.operands[0]))
    cases = list(op.attributes["cases"].values)
    r = op.regions[0]
    if v in cases:
        r = op.regions[1 + cases.index(v)]
    _, vals = it.run_region(r, [])
    return vals


# --------------------------------------------------------------------------- affine
def _affine_bounds(it: Interpreter, op: Any) -> tuple[int, int, int, list[Any]]:
    lbm = first_map(op, "lowerBoundMap", "lower_bound")
    ubm = first_map(op, "upperBoundMap", "upper_bound")
    seg = op.attributes.get("operandSegmentSizes")
    if isinstance(seg, A.DenseArrayAttr):
        g = segments(op, 3)
        lo_ops, up_ops, inits = g[0], g[1], g[2]
    else:
        nl, nu = lbm.num_inputs, ubm.num_inputs
        lo_ops, up_ops, inits = op.operands[:nl], op.operands[nl : nl + nu], op.operands[nl + nu :]
    lo = max(int(x) for x in it.affine_eval(lbm, [it.get(v) for v in lo_ops]))
    up = min(int(x) for x in it.affine_eval(ubm, [it.get(v) for v in up_ops]))
    step = int_attr(op, "step", 1)
    return lo, up, step, [it.get(v) for v in inits]


@impl("affine.for")
def _affine_for(it: Interpreter, op: Any) -> Any:
    lo, up, step, vals = _affine_bounds(it, op)
    for i in range(lo, up, step):
        _, vals = it.run_region(op.regions[0], [np.int64(i), *vals])
    return vals


@impl("affine.if")
def _affine_if(it: Interpreter, op: Any) -> Any:
    s = op.attributes["condition"].set
    ok = s.contains([int(it.get(v)) for v in op.operands])
    r = op.regions[0] if ok else (op.regions[1] if len(op.regions) > 1 else None)
    if r is None or not r.blocks:
        return []
    _, vals = it.run_region(r, [])
    return vals


@impl("affine.load")
def _affine_load(it: Interpreter, op: Any) -> Any:
    m = it.get(op.operands[0])
    idx = it.affine_eval(op.attributes["map"].map, [it.get(v) for v in op.operands[1:]])
    flat, e = it.element(op, m, idx, False)
    return flat[e]


@impl("affine.store")
def _affine_store(it: Interpreter, op: Any) -> Any:
    val, m = it.get(op.operands[0]), it.get(op.operands[1])
    idx = it.affine_eval(op.attributes["map"].map, [it.get(v) for v in op.operands[2:]])
    flat, e = it.element(op, m, idx, True)
    flat[e] = val


# --------------------------------------------------------------------------- memref
@impl("memref.alloc", "memref.alloca")
def _alloc(it: Interpreter, op: Any) -> Any:
    mt = op.results[0].type
    dyn = [it.get(v) for v in op.operands][: mt.num_dynamic_dims()]
    return it.new_memref(mt, dyn, lambda n: it.rt.host_alloc(n, loc_str(op), it.agent))


@impl("memref.dealloc")
def _dealloc(it: Interpreter, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.host_free(m.allocated, loc_str(op), it.agent)


@impl("memref.load")
def _load(it: Interpreter, op: Any) -> Any:
    env = it.env
    flat, e = it.element(op, env[op.operands[0]], [env[v] for v in op.operands[1:]], False)
    return flat[e]


@impl("memref.store")
def _store(it: Interpreter, op: Any) -> Any:
    env = it.env
    flat, e = it.element(op, env[op.operands[1]], [env[v] for v in op.operands[2:]], True)
    flat[e] = env[op.operands[0]]


@impl("memref.cast", "memref.memory_space_cast", "memref.assume_alignment")
def _mcast(it: Interpreter, op: Any) -> Any:
    m = it.get(op.operands[0])
    return m if op.results else None


@impl("memref.dim")
def _dim(it: Interpreter, op: Any) -> Any:
    m, i = it.get(op.operands[0]), int(it.get(op.operands[1]))
    return np.int64(m.sizes[i])


@impl("memref.rank")
def _rank(it: Interpreter, op: Any) -> Any:
    return np.int64(len(it.get(op.operands[0]).sizes))


@impl("memref.copy")
def _copy(it: Interpreter, op: Any) -> Any:
    src, dst = it.get(op.operands[0]), it.get(op.operands[1])
    it.host_read(src, op.loc)
    it.host_read(dst, op.loc, write=True)
    if src.buffer is None or dst.buffer is None or not src.buffer.alive or not dst.buffer.alive:
        return
    dst.array()[...] = src.array()


def _mixed(op: Any, dyn: list[Any], static_name: str, it: Interpreter) -> list[int]:
    st = op.attributes.get(static_name)
    vals = list(st.values) if isinstance(st, A.DenseArrayAttr) else []
    out, k = [], 0
    for v in vals:
        if v == T.DYNAMIC:
            out.append(int(it.get(dyn[k])))
            k += 1
        else:
            out.append(int(v))
    return out


@impl("memref.subview")
def _subview(it: Interpreter, op: Any) -> Any:
    g = segments(op, 4)
    m = it.get(g[0][0])
    offs = _mixed(op, g[1], "static_offsets", it)
    sizes = _mixed(op, g[2], "static_sizes", it)
    strides = _mixed(op, g[3], "static_strides", it)
    off = m.offset + sum(o * s for o, s in zip(offs, m.strides))
    nst = [s * t for s, t in zip(m.strides, strides)]
    rt = op.results[0].type
    if len(rt.shape) < len(sizes):  # rank reduction: drop unit dims not in the result
        keep, j = [], 0
        for i, s in enumerate(sizes):
            if j < len(rt.shape) and (rt.shape[j] == s or rt.shape[j] == T.DYNAMIC) and \
                    (s != 1 or len(sizes) - i <= len(rt.shape) - j):
                keep.append(i)
                j += 1
        sizes = [sizes[i] for i in keep]
        nst = [nst[i] for i in keep]
    return MemRef(m.allocated, m.aligned, off, tuple(sizes), tuple(nst), m.dtype)


@impl("memref.reinterpret_cast")
def _reinterpret(it: Interpreter, op: Any) -> Any:
    g = segments(op, 4)
    m = it.get(g[0][0])
    offs = _mixed(op, g[1], "static_offsets", it)
    sizes = _mixed(op, g[2], "static_sizes", it)
    strides = _mixed(op, g[3], "static_strides", it)
    return MemRef(m.allocated, m.aligned, offs[0] if offs else 0, tuple(sizes), tuple(strides), m.dtype)


@impl("memref.get_global")
def _get_global(it: Interpreter, op: Any) -> Any:
    name = op.attributes["name"].leaf
    if name in it.globals:
        return it.globals[name]
    g = it.symbols.get(name)
    if g is None:
        raise MLIRError(f"--run: memref.global '@{name}' not found", op.loc)
    mt = g.attributes["type"].type if isinstance(g.attributes.get("type"), A.TypeAttr) else op.results[0].type
    m = it.new_memref(mt, [], lambda n: it.rt.host_alloc(n, loc_str(g), None))
    init = g.attributes.get("initial_value")
    if isinstance(init, A.DenseElementsAttr):
        m.array()[...] = np.array(init.flat_values(), dtype=m.dtype).reshape(m.sizes) if not init.splat \
            else init.flat_values()[0]
    it.globals[name] = m
    return m


@impl("memref.extract_aligned_pointer_as_index")
def _extract_ptr(it: Interpreter, op: Any) -> Any:
    return np.int64(it.get(op.operands[0]).aligned.as_int())


# --------------------------------------------------------------------------- llvm subset
@impl("llvm.mlir.zero", "llvm.mlir.null")
def _zero(it: Interpreter, op: Any) -> Any:
    t = op.results[0].type
    if isinstance(t, T.LLVMPointerType):
        return Ptr.null()
    try:
        return scalar(t, 0)
    except ValueError:
        return _undef_of(t)


def _undef_of(t: Any) -> Any:
    if isinstance(t, T.LLVMStructType):
        return tuple(_undef_of(e) for e in (t.elements or ()))
    if isinstance(t, T.LLVMArrayType):
        return tuple(_undef_of(t.element_type) for _ in range(t.size))
    if isinstance(t, T.LLVMPointerType):
        return Ptr.null()
    try:
        return scalar(t, 0)
    except ValueError:
        return None


@impl("llvm.mlir.undef", "llvm.mlir.poison")
def _undef(it: Interpreter, op: Any) -> Any:
    return _undef_of(op.results[0].type)


def _position(op: Any) -> list[int]:
    p = op.attributes["position"]
    return [int(x) for x in (p.values if isinstance(p, A.DenseArrayAttr) else [attr_value(e) for e in p])]


@impl("llvm.extractvalue")
def _extractvalue(it: Interpreter, op: Any) -> Any:
    v = it.get(op.operands[0])
    if isinstance(v, MemRef):
        v = v.descriptor()
    for i in _position(op):
        v = v[i]
    return v


def _insert(agg: Any, pos: list[int], val: Any) -> Any:
    lst = list(agg)
    lst[pos[0]] = val if len(pos) == 1 else _insert(lst[pos[0]], pos[1:], val)
    return tuple(lst)


@impl("llvm.insertvalue")
def _insertvalue(it: Interpreter, op: Any) -> Any:
    agg, val = it.get(op.operands[0]), it.get(op.operands[1])
    if isinstance(agg, MemRef):
        agg = agg.descriptor()
    return _insert(agg, _position(op), val)


_LLVM_SIZES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2, "bf16": 2, "f32": 4, "f64": 8,
               "index": 8}


def _llvm_sizeof(t: Any) -> int:
    if isinstance(t, A.TypeAttr):
        t = t.type
    if isinstance(t, T.LLVMPointerType):
        return 8
    if isinstance(t, T.LLVMArrayType):
        return t.size * _llvm_sizeof(t.element_type)
    if isinstance(t, T.LLVMStructType):
        return sum(_llvm_sizeof(e) for e in (t.elements or ()))
    return _LLVM_SIZES.get(str(t), 8)


@impl("llvm.getelementptr")
def _gep(it: Interpreter, op: Any) -> Any:
    base = it.get(op.operands[0])
    dyn = [it.get(v) for v in op.operands[1:]]
    raw = op.attributes.get("rawConstantIndices")
    idx = []
    k = 0
    for r in (raw.values if isinstance(raw, A.DenseArrayAttr) else [T.DYNAMIC] * len(dyn)):
        if r in (T.DYNAMIC, -2147483648):
            idx.append(int(dyn[k]))
            k += 1
        else:
            idx.append(int(r))
    et = op.attributes.get("elem_type")
    size = _llvm_sizeof(et) if et is not None else 1
    if len(idx) > 1:
        raise MLIRError("--run: multi-index getelementptr is not supported", op.loc)
    if isinstance(base, Cell):
        return base
    return base + idx[0] * size


@impl("llvm.ptrtoint")
def _ptrtoint(it: Interpreter, op: Any) -> Any:
    p = it.get(op.operands[0])
    return scalar(op.results[0].type, p.as_int() if isinstance(p, Ptr) else 0)


@impl("llvm.inttoptr")
def _inttoptr(it: Interpreter, op: Any) -> Any:
    return it.rt.memory.ptr_from_int(int(it.get(op.operands[0])))


@impl("llvm.addrspacecast", "builtin.unrealized_conversion_cast")
def _ucast(it: Interpreter, op: Any) -> Any:
    vals = [it.get(v) for v in op.operands]
    outs = []
    for i, r in enumerate(op.results):
        v = vals[i] if i < len(vals) else None
        rt = r.type
        if isinstance(rt, T.MemRefType | T.UnrankedMemRefType) and not isinstance(v, MemRef):
            v = it.memref_from_llvm(v, rt)
        elif isinstance(rt, T.LLVMStructType) and isinstance(v, MemRef):
            v = v.descriptor() if len(rt.elements or ()) != 2 else (np.int64(len(v.sizes)), Cell(v.descriptor()))
        elif isinstance(v, np.generic | int) and not isinstance(rt, T.LLVMType):
            try:
                v = scalar(rt, v)
            except ValueError:
                pass
        outs.append(v)
    return outs if len(outs) != 1 else outs[0]


@impl("llvm.alloca")
def _lalloca(it: Interpreter, op: Any) -> Any:
    """Stack memory: scalar element types get host memory (upstream lowers ``memref.alloca`` to
    this); aggregates and pointers get a one-slot ``Cell``."""
    et = op.attributes.get("elem_type")
    t = getattr(et, "type", None)
    if isinstance(t, T.IntegerType | T.FloatType | T.IndexType):
        n = int(it.get(op.operands[0])) if op.operands else 1
        return it.rt.host_alloc(n * dtype_of(t).itemsize, loc_str(op), it.agent)
    return Cell()


@impl("llvm.load")
def _lload(it: Interpreter, op: Any) -> Any:
    p = it.get(op.operands[0])
    if isinstance(p, Cell):
        return p.value
    t = op.results[0].type
    dt = dtype_of(t)
    it.rt.host_access(p.buffer, p.offset, p.offset + dt.itemsize, False, loc_str(op), it.agent)
    return p.view(dt, 1)[0]


@impl("llvm.store")
def _lstore(it: Interpreter, op: Any) -> Any:
    v, p = it.get(op.operands[0]), it.get(op.operands[1])
    if isinstance(p, Cell):
        p.value = v
        return
    it.rt.host_access(p.buffer, p.offset, p.offset + v.dtype.itemsize, True, loc_str(op), it.agent)
    p.view(v.dtype, 1)[0] = v


for _n in ("llvm.add", "llvm.sub", "llvm.mul", "llvm.and", "llvm.or", "llvm.xor"):
    COMMON[_n] = COMMON["arith." + {"add": "addi", "sub": "subi", "mul": "muli", "and": "andi", "or": "ori",
                                    "xor": "xori"}[_n[5:]]]


# --------------------------------------------------------------------------- async
def _handles(it: Interpreter, vals: list[Any]) -> list[HostThread]:
    hosts = []
    for v in vals:
        h = it.get(v)
        if isinstance(h, AsyncHandle):
            hosts.extend(h.hosts)
    return hosts


@impl("async.execute")
def _async_execute(it: Interpreter, op: Any) -> Any:
    g = segments(op, 2)
    deps, body_ops = g[0], g[1]
    child = it.rt.fork_host(it.agent)
    for h in _handles(it, deps):
        it.rt.join_host(child, h)
    args = []
    for v in body_ops:
        h = it.get(v)
        if isinstance(h, AsyncHandle):
            for hh in h.hosts:
                it.rt.join_host(child, hh)
            args.append(h.value)
        else:
            args.append(h)
    saved = it.agent
    it.agent = child
    try:
        _, vals = it.run_region(op.regions[0], args)
    finally:
        it.agent = saved
    return [AsyncHandle([child])] + [AsyncHandle([child], v) for v in vals]


@impl("async.await")
def _async_await(it: Interpreter, op: Any) -> Any:
    h = it.get(op.operands[0])
    if isinstance(h, AsyncHandle):
        for hh in h.hosts:
            it.rt.join_host(it.agent, hh)
        return h.value if op.results else None
    return None


@impl("async.create_group")
def _create_group(it: Interpreter, op: Any) -> Any:
    return AsyncHandle([], None, True)


@impl("async.add_to_group")
def _add_to_group(it: Interpreter, op: Any) -> Any:
    t, g = it.get(op.operands[0]), it.get(op.operands[1])
    g.hosts.extend(t.hosts)
    return np.int64(len(g.hosts) - 1)


@impl("async.await_all")
def _await_all(it: Interpreter, op: Any) -> Any:
    g = it.get(op.operands[0])
    for hh in g.hosts:
        it.rt.join_host(it.agent, hh)


# --------------------------------------------------------------------------- gpu host ops
def _memref_ptr(m: MemRef) -> Ptr:
    return m.aligned + m.offset * m.itemsize


@impl("gpu.wait")
def _gpu_wait(it: Interpreter, op: Any) -> Any:
    deps = it._tokens(op.operands)
    if op.results:  # async: a token that is the union of the dependencies
        return Token(tuple(e for t in deps for e in t.events))
    loc = loc_str(op)
    if not op.operands:  # wait for everything
        for s in it.implicit_streams:
            it.rt.mgpuStreamSynchronize(s, loc=loc, agent=it.agent)
        return None
    for t in deps:
        for e in t.events:
            it.rt.mgpuEventSynchronize(e, loc=loc, agent=it.agent)
    return None


@impl("gpu.alloc")
def _gpu_alloc(it: Interpreter, op: Any) -> Any:
    deps = it._tokens(group(op, "asyncDependencies"))
    mt = op.results[0].type
    dyn = [it.get(v) for v in group(op, "dynamicSizes")]
    shared = "hostShared" in op.attributes
    m = it.new_memref(mt, dyn, lambda n: it.rt.mgpuMemAlloc(n, None, shared, loc=loc_str(op), agent=it.agent))
    if len(op.results) > 1:
        return [m, Token(tuple(e for t in deps for e in t.events))]
    return m


@impl("gpu.dealloc")
def _gpu_dealloc(it: Interpreter, op: Any) -> Any:
    m = it.get(group(op, "memref")[0])
    if not op.results:  # synchronous: cuMemFree waits for the device
        it.rt.mgpuMemFree(m.allocated, None, loc=loc_str(op), agent=it.agent)
        return None
    # async: a stream-ordered free after its dependencies, so a free that is not ordered after
    # every use of the buffer is reported (use-after-free race), as the token semantics demand
    s, _, is_async = it.gpu_async_begin(op)
    it.rt.mgpuMemFree(m.allocated, s, loc=loc_str(op), agent=it.agent)
    return it.finish_gpu(op, s, is_async)


@impl("gpu.memcpy")
def _gpu_memcpy(it: Interpreter, op: Any) -> Any:
    s, _, is_async = it.gpu_async_begin(op)
    dst, src = it.get(group(op, "dst")[0]), it.get(group(op, "src")[0])
    n = src.numel() * src.itemsize
    it.rt.mgpuMemcpy(_memref_ptr(dst), _memref_ptr(src), n, s, loc=loc_str(op), agent=it.agent)
    return it.finish_gpu(op, s, is_async)


@impl("gpu.memset")
def _gpu_memset(it: Interpreter, op: Any) -> Any:
    s, _, is_async = it.gpu_async_begin(op)
    dst, val = it.get(group(op, "dst")[0]), it.get(group(op, "value")[0])
    w = dst.itemsize
    if w not in (2, 4):
        raise MLIRError(f"--run: gpu.memset of {w}-byte elements is not supported", op.loc)
    bits = int(np.asarray(val).view(np.uint32 if w == 4 else np.uint16))
    fn = it.rt.mgpuMemset32 if w == 4 else it.rt.mgpuMemset16
    fn(_memref_ptr(dst), bits, dst.numel(), s, loc=loc_str(op), agent=it.agent)
    return it.finish_gpu(op, s, is_async)


@impl("gpu.host_register")
def _gpu_host_register(it: Interpreter, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.mgpuMemHostRegisterMemRef(m.aligned, loc=loc_str(op), agent=it.agent)


@impl("gpu.host_unregister")
def _gpu_host_unregister(it: Interpreter, op: Any) -> Any:
    m = it.get(op.operands[0])
    it.rt.mgpuMemHostUnregisterMemRef(m.aligned, loc=loc_str(op), agent=it.agent)


@impl("gpu.set_default_device")
def _gpu_set_device(it: Interpreter, op: Any) -> Any:
    it.rt.mgpuSetDefaultDevice(int(it.get(op.operands[0])), loc=loc_str(op), agent=it.agent)


def _dims3(it: Interpreter, op: Any, names: tuple[str, str, str]) -> list[int]:
    return [int(it.get(group(op, n)[0])) for n in names]


@impl("gpu.launch_func")
def _gpu_launch_func(it: Interpreter, op: Any) -> Any:
    ref = op.attributes["kernel"]
    func = it.kernel_func(op, ref)
    grid = _dims3(it, op, ("gridSizeX", "gridSizeY", "gridSizeZ"))
    block = _dims3(it, op, ("blockSizeX", "blockSizeY", "blockSizeZ"))
    obj = group(op, "asyncObject")
    args = it.kernel_args(op, func, [it.get(v) for v in group(op, "kernelOperands")])
    name = str(ref)
    if obj:  # lowered form: an explicit stream
        s = it.get(obj[0])
        it.launch(op, func, name, grid, block, args, s)
        return None
    s, _, is_async = it.gpu_async_begin(op)
    it.launch(op, func, name, grid, block, args, s)
    return it.finish_gpu(op, s, is_async)


@impl("gpu.launch")
def _gpu_launch(it: Interpreter, op: Any) -> Any:
    grid = _dims3(it, op, ("gridSizeX", "gridSizeY", "gridSizeZ"))
    block = _dims3(it, op, ("blockSizeX", "blockSizeY", "blockSizeZ"))
    s, _, is_async = it.gpu_async_begin(op)
    it.launch(op, None, f"gpu.launch at {loc_str(op)}", grid, block, [], s, region=op.regions[0],
              captured=it.env)
    return it.finish_gpu(op, s, is_async)


# --------------------------------------------------------------------------- entry point
def make_runtime(backend: str, loc: Any = None, cost_model: str | None = None) -> tuple[Runtime, str]:
    cost = None
    if cost_model:
        from .runtime import CostModel

        try:
            cost = CostModel.from_json(cost_model)
        except ValueError as ex:
            e = MLIRError(f"--run-cost-model: {ex}", loc)
            e.diagnostic.show_source = False
            raise e from None
    b = backend or "auto"
    if b in ("auto", "cuda"):
        from .cuda import is_cuda_available

        if is_cuda_available():
            from .cuda import CudaDevice

            return Runtime(CudaDevice(), cost), "cuda"
        if b == "cuda":  # one line: the module's location, no source excerpt
            e = MLIRError("--backend cuda: no CUDA device or driver is available "
                          "(use --backend sim to simulate)", loc)
            e.diagnostic.show_source = False
            raise e
    if b not in ("auto", "sim", "cuda"):
        raise MLIRError(f"unknown --backend '{b}' (expected auto, sim or cuda)", loc)
    return Runtime(cost=cost), "sim"


def run_summary(st: dict[str, Any]) -> str:
    """``--run-summary``: one human line about the run (virtual times, docs/run.md)."""
    errors = st["hazards"]
    return (f"asyncgpu-opt: run summary: {st['streams_created']} streams, {st['events_created']} events, "
            f"{st['host_syncs']} host syncs, {st['kernels']} kernels, {st['memcpys']} copies, "
            f"{errors} hazard{'s' if errors != 1 else ''}; makespan {st['makespan_us']:.1f} us "
            f"(virtual), {st['makespan_over_critical_path']:.2f}x the data-dependence critical path "
            f"{st['data_critical_path_us']:.1f} us\n")


def run_module(module: Any, config: Any, stderr_lines: list[str]) -> str:
    """Execute ``config.entry`` of ``module``; returns the program's stdout text."""
    rt, backend = make_runtime(getattr(config, "backend", "auto"), module.loc, getattr(config, "run_cost_model", None))
    it = Interpreter(module, rt, backend)
    err: MLIRError | None = None
    with np.errstate(all="ignore"):
        try:
            it.run_main(getattr(config, "entry", "main") or "main", getattr(config, "entry_result", None))
        except MLIRError as e:
            err = e
        except _Return:
            pass
        it.cleanup_implicit()
        hazards = rt.finish(memory_leaks=getattr(config, "run_leaks", "warning") or "warning")
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
    for h in hazards:
        stderr_lines.append(str(h) + "\n")
    if getattr(config, "run_summary", False):
        stderr_lines.append(run_summary(rt.run_stats()))
    if err is not None:
        raise RunError(err.diagnostic.message, err.diagnostic.loc, out)
    errors = [h for h in hazards if h.severity == "error"]
    if errors:
        n = len(errors)
        e = RunError(f"{n} hazard{'s' if n != 1 else ''} detected", None, out)
        e.diagnostic.summary = True
        raise e
    return out
