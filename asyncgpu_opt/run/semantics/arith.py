"""``arith`` semantics: one numpy table for the host interpreter and the kernel executor, and the
CUDA C emitter for the same ops (which must agree with the table: unsigned ops compare and divide
as unsigned of the operand's width, integer arithmetic wraps, ``cmpf`` honours ordered/unordered).

Values are numpy scalars (host) or arrays over threads (kernels); ``i1`` is ``bool``.  The tables
are public (``INT_BINARY``, ``FLOAT_BINARY``, ``CMPI``, ``CMPF``): ``semantics/llvm.py`` registers the
LLVM dialect's twins of these ops with the same functions.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import arith as arith_d
from ...ir import attributes as A
from ...ir import types as T
from .. import float_minmax
from ..cuda_c import bit_width, ctype, unsigned_ctype
from ..elements import codec_of
from ..registry import CUDA, HOST, SIM, CudaCodegenError
from ..values import (
    NARROW_FLOATS,
    UNSIGNED_OF,
    MemRef,
    const_value,
    dtype_of,
    odd_width,
    round_float,
    scalar,
    sign_extend,
)

Impl = Callable[[Any, Any], Any]


# --------------------------------------------------------------------------- numpy helpers
def as_unsigned(x: Any) -> Any:
    """``x`` viewed as the unsigned type of its width (bool stays bool)."""
    return x.astype(UNSIGNED_OF[x.dtype]) if isinstance(x, np.ndarray) else x.dtype.type(x).view(UNSIGNED_OF[x.dtype])


def like(x: Any, ref: Any) -> Any:
    """``x`` converted back to ``ref``'s dtype (wrapping)."""
    dt = ref.dtype
    return x.astype(dt) if isinstance(x, np.ndarray) else np.asarray(x).astype(dt)[()]


def as_bool(x: Any) -> Any:
    return np.asarray(x, dtype=np.bool_) if isinstance(x, np.ndarray) else np.bool_(x)


def binop(fn: Callable[[Any, Any], Any]) -> Impl:
    """An executor function applying ``fn`` to the op's two operands (a ``float32`` result of a
    narrower float type, ``bf16`` or ``f8``, rounded to it)."""

    def run(it: Any, op: Any) -> Any:
        r = fn(it.get(op.operands[0]), it.get(op.operands[1]))
        if getattr(r, "dtype", None) == _F32:
            return round_float(op.results[0].type, r)
        return r

    return run


_F32 = np.dtype(np.float32)


def zero_extend(x: Any, width: int) -> Any:
    """An odd-width value (held sign-extended in an ``int64``) read as unsigned: its low ``width``
    bits, non-negative, so that ``as_unsigned`` of it is the ``iN`` value's unsigned reading."""
    return x & x.dtype.type((1 << width) - 1)


def int_binop(fn: Callable[[Any, Any], Any], unsigned: bool = False) -> Impl:
    """``binop`` for integer ops: a result of an odd width (``i3``, ``i12``) wraps to that width.
    ``unsigned`` ops (``divui``, ``remui``, ``ceildivui``, ``shrui``) read odd-width operands
    zero-extended from their width (sign-extended, ``7 : i3`` would divide as 2**64 - 1)."""

    def run(it: Any, op: Any) -> Any:
        a, b = it.get(op.operands[0]), it.get(op.operands[1])
        w = odd_width(op.results[0].type)
        if w is None:
            return fn(a, b)
        if unsigned:
            a, b = zero_extend(a, w), zero_extend(b, w)
        return sign_extend(fn(a, b), w)

    return run


def unop(fn: Callable[[Any], Any]) -> Impl:
    """An executor function applying ``fn`` to the op's operand (result kept in its dtype)."""

    def run(it: Any, op: Any) -> Any:
        a = it.get(op.operands[0])
        r = fn(a)
        return like(r, a) if a.dtype != getattr(r, "dtype", a.dtype) else r

    return run


def _nz(b: Any) -> Any:
    return np.where(b == 0, 1, b)


def _divsi(a: Any, b: Any) -> Any:
    """Signed division rounding toward zero (floor division corrected; no ``abs``, which overflows
    on the most negative value)."""
    b = _nz(b)
    q = np.floor_divide(a, b)
    return like(q + ((np.remainder(a, b) != 0) & ((a < 0) != (b < 0))), a)


def _remsi(a: Any, b: Any) -> Any:
    """Remainder with the dividend's sign: ``a - divsi(a, b) * b``."""
    return like(a - _divsi(a, b) * _nz(b), a)


def _ceildivsi(a: Any, b: Any) -> Any:
    """Signed division rounding up (no negation, which overflows on the most negative value)."""
    q = _divsi(a, b)
    return like(q + (((a - q * _nz(b)) != 0) & ((a < 0) == (b < 0))), a)


def _shift_mask(b: Any, a: Any) -> Any:
    return b & (a.dtype.itemsize * 8 - 1) if a.dtype.kind != "b" else b


def _u(x: Any) -> Any:
    return as_unsigned(x)


#: integer binary ops: op class -> numpy function of (lhs, rhs)
INT_BINARY: dict[Any, Callable[[Any, Any], Any]] = {
    arith_d.addi: lambda a, b: a + b if a.dtype.kind != "b" else a ^ b,
    arith_d.subi: lambda a, b: a - b if a.dtype.kind != "b" else a ^ b,
    arith_d.muli: lambda a, b: a * b if a.dtype.kind != "b" else a & b,
    arith_d.divsi: _divsi,
    arith_d.divui: lambda a, b: like(_u(a) // _nz(_u(b)), a),
    arith_d.remsi: _remsi,
    arith_d.remui: lambda a, b: like(_u(a) % _nz(_u(b)), a),
    arith_d.ceildivsi: lambda a, b: _ceildivsi(a, b),
    arith_d.ceildivui: lambda a, b: like(_u(a) // _nz(_u(b)) + (_u(a) % _nz(_u(b)) != 0), a),
    arith_d.floordivsi: lambda a, b: like(np.floor_divide(a, _nz(b)), a),
    arith_d.andi: lambda a, b: a & b,
    arith_d.ori: lambda a, b: a | b,
    arith_d.xori: lambda a, b: a ^ b,
    arith_d.shli: lambda a, b: like(np.left_shift(a, _shift_mask(b, a)), a),
    arith_d.shrsi: lambda a, b: like(np.right_shift(a, _shift_mask(b, a)), a),
    arith_d.shrui: lambda a, b: like(np.right_shift(_u(a), _u(_shift_mask(b, a))), a),
    # on i1, true is -1 for the signed ops: the larger of two i1 is their "and"
    arith_d.maxsi: lambda a, b: np.maximum(a, b) if a.dtype.kind != "b" else a & b,
    arith_d.minsi: lambda a, b: np.minimum(a, b) if a.dtype.kind != "b" else a | b,
    arith_d.maxui: lambda a, b: like(np.maximum(_u(a), _u(b)), a),
    arith_d.minui: lambda a, b: like(np.minimum(_u(a), _u(b)), a),
}
#: floating-point binary ops: op class -> numpy function
FLOAT_BINARY: dict[Any, Callable[[Any, Any], Any]] = {
    arith_d.addf: np.add,
    arith_d.subf: np.subtract,
    arith_d.mulf: np.multiply,
    arith_d.divf: np.divide,
    arith_d.remf: np.fmod,
    arith_d.maximumf: float_minmax.maximum,
    arith_d.minimumf: float_minmax.minimum,
    arith_d.maxnumf: float_minmax.maxnum,
    arith_d.minnumf: float_minmax.minnum,
}

#: the integer ops that read their operands as unsigned values of their width (not monotone in the
#: sign-extended reading, unlike ``maxui``/``minui``/``cmpi u*``, so odd widths must zero-extend)
UNSIGNED_OPERANDS = frozenset({arith_d.divui, arith_d.remui, arith_d.ceildivui, arith_d.shrui})

for _cls, _fn in INT_BINARY.items():
    SIM.impl(_cls)(int_binop(_fn, _cls in UNSIGNED_OPERANDS))
for _cls, _fn in FLOAT_BINARY.items():
    SIM.impl(_cls)(binop(_fn))
SIM.impl(arith_d.NegFOp)(unop(np.negative))


@HOST.impl(arith_d.ConstantOp)  # in kernels: vector_kernel.py (vectors with thread dimensions)
def constant(it: Any, op: Any) -> Any:
    return const_value(op.attributes["value"], op.results[0].type)


# --------------------------------------------------------------------------- comparisons
CMPI_PREDICATES = arith_d.CMPI_PREDICATES
CMPF_PREDICATES = arith_d.CMPF_PREDICATES
_ORDER = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
          "ge": np.greater_equal}


def predicate(op: Any, names: tuple[str, ...]) -> str:
    """The predicate keyword of a compare op (integer, string or keyword attribute)."""
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


def _signed_i1(x: Any) -> Any:
    """An ``i1`` read as signed: true is -1."""
    return -(np.asarray(x).astype(np.int8)) if isinstance(x, np.ndarray) else np.int8(-int(x))


def cmpi(p: str, a: Any, b: Any) -> Any:
    """``arith.cmpi`` predicate ``p`` (``u*``: the operands compared as unsigned; ``s*`` on ``i1``:
    true is -1, so ``sgt false, true`` holds)."""
    if p[0] == "u":
        a, b, p = _u(a), _u(b), "s" + p[1:]
    elif p[0] == "s" and a.dtype.kind == "b":
        a, b = _signed_i1(a), _signed_i1(b)
    return as_bool(_ORDER[p[1:] if p[0] == "s" else p](a, b))


def cmpf(p: str, a: Any, b: Any) -> Any:
    """``arith.cmpf`` predicate ``p``: ``o*`` false and ``u*`` true when an operand is NaN."""
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
            base = _ORDER[p[1:]](a, b)
            r = (base & ~unordered) if p[0] == "o" else (base | unordered)
    return as_bool(r)


@SIM.impl(arith_d.CmpIOp)
def _cmpi(it: Any, op: Any) -> Any:
    return cmpi(predicate(op, CMPI_PREDICATES), it.get(op.operands[0]), it.get(op.operands[1]))


@SIM.impl(arith_d.CmpFOp)
def _cmpf(it: Any, op: Any) -> Any:
    return cmpf(predicate(op, CMPF_PREDICATES), it.get(op.operands[0]), it.get(op.operands[1]))


@SIM.impl(arith_d.SelectOp)
def select(it: Any, op: Any) -> Any:
    c, a, b = (it.get(v) for v in op.operands)
    if not isinstance(c, np.ndarray):
        return a if c else b
    if isinstance(a, MemRef) or isinstance(b, MemRef):
        raise MLIRError("--run: divergent select of memrefs is not supported", op.loc)
    return np.where(c, a, b)


# --------------------------------------------------------------------------- casts
def cast_to(t: T.Type) -> Callable[[Any], Any]:
    dt = dtype_of(t)
    et = getattr(t, "element_type", t)
    if et.text in NARROW_FLOATS:  # bf16, f8: rounded to their format
        return lambda x: round_float(t, np.asarray(x).astype(dt) if isinstance(x, np.ndarray)
                                     else np.asarray(x).astype(dt)[()])

    def conv(x: Any) -> Any:
        if isinstance(x, np.ndarray):
            return x.astype(dt)
        return np.asarray(x).astype(dt)[()]

    return conv


def convert(it: Any, op: Any) -> Any:
    """Signed / float conversions (``extsi``, ``trunci``, ``index_cast``, ``sitofp``, ``extf``, ...).
    The only ones that take an ``i1`` (``extsi``, ``index_cast``, ``sitofp``) read it as signed: true
    is -1."""
    x = it.get(op.operands[0])
    t = op.results[0].type
    if x.dtype.kind == "b":
        x = -(x.astype(np.int64)) if isinstance(x, np.ndarray) else np.int64(-int(x))
    dt = dtype_of(t)
    with np.errstate(all="ignore"):
        if dt.kind == "b":
            r = (x.astype(np.int64) & 1) if isinstance(x, np.ndarray) else np.int64(int(x) & 1)
            return cast_to(t)(r)
        w = odd_width(t)
        return cast_to(t)(x) if w is None else sign_extend(cast_to(t)(x), w)


def convert_unsigned(it: Any, op: Any) -> Any:
    """Zero-extending / unsigned conversions (``extui``, ``index_castui``, ``uitofp``)."""
    x = it.get(op.operands[0])
    if x.dtype.kind != "b":
        x = _u(x)
        w = odd_width(op.operands[0].type)
        if w is not None:
            x = x & np.uint64((1 << w) - 1)
    t = op.results[0].type
    w = odd_width(t)
    return cast_to(t)(x) if w is None else sign_extend(cast_to(t)(x), w)


def fp_to_int(it: Any, op: Any) -> Any:
    x = it.get(op.operands[0])
    with np.errstate(all="ignore"):
        return cast_to(op.results[0].type)(np.trunc(x))


def bitcast(it: Any, op: Any) -> Any:
    """The same bits as another type (``bf16`` and ``f8`` through their own bits, not ``float32``'s)."""
    x = it.get(op.operands[0])
    if not isinstance(x, np.ndarray | np.generic):
        return x
    src = getattr(op.operands[0].type, "element_type", op.operands[0].type)
    dst = getattr(op.results[0].type, "element_type", op.results[0].type)
    scalar_in = not isinstance(x, np.ndarray)
    a = np.asarray(x)
    if src.text in NARROW_FLOATS:
        a = codec_of(src).encode(a)  # type: ignore[union-attr]
    if dst.text in NARROW_FLOATS:
        c = codec_of(dst)
        r = c.decode(a.view(c.storage))  # type: ignore[union-attr]
    else:
        r = a.view(dtype_of(dst))
    return r[()] if scalar_in else r


def _width(t: T.Type) -> int:
    et = getattr(t, "element_type", t)
    return 64 if isinstance(et, T.IndexType) else et.width


def extended(fn: Callable[[int, int, int], tuple[int, int]]) -> Impl:
    """An executor for the two-result ops (``addui_extended``, ``mul*i_extended``): ``fn`` maps the
    operands' bits (non-negative Python ints of the operands' width ``w``) to the two results."""

    def run(it: Any, op: Any) -> Any:
        a, b = it.get(op.operands[0]), it.get(op.operands[1])
        w = _width(op.operands[0].type)
        mask = (1 << w) - 1
        t0, t1 = (getattr(r.type, "element_type", r.type) for r in op.results)
        pairs = [fn(int(x) & mask, int(y) & mask, w) for x, y in zip(np.ravel(a), np.ravel(b))]
        if not isinstance(a, np.ndarray):
            return [scalar(t0, pairs[0][0]), scalar(t1, pairs[0][1])]
        shape = np.shape(a)
        return [np.array([scalar(t, p[k]) for p in pairs], dtype=dtype_of(t)).reshape(shape)
                for k, t in ((0, t0), (1, t1))]

    return run


def _signed(x: int, w: int) -> int:
    return x - (1 << w) if x >> (w - 1) else x


SIM.impl(arith_d.AddUIExtendedOp)(extended(lambda a, b, w: (a + b, (a + b) >> w)))
CUDA.refuse(arith_d.AddUIExtendedOp, arith_d.mulsi_extended, arith_d.mului_extended)
SIM.impl(arith_d.mului_extended)(extended(lambda a, b, w: (a * b, (a * b) >> w)))
SIM.impl(arith_d.mulsi_extended)(
    extended(lambda a, b, w: (_signed(a, w) * _signed(b, w), (_signed(a, w) * _signed(b, w)) >> w)))


SIGNED_CASTS = (arith_d.extsi, arith_d.trunci, arith_d.index_cast, arith_d.extf, arith_d.truncf, arith_d.sitofp)
UNSIGNED_CASTS = (arith_d.extui, arith_d.index_castui, arith_d.uitofp)
SIM.impl(*SIGNED_CASTS)(convert)
SIM.impl(*UNSIGNED_CASTS)(convert_unsigned)
SIM.impl(arith_d.fptosi, arith_d.fptoui)(fp_to_int)
SIM.impl(arith_d.bitcast)(bitcast)


# --------------------------------------------------------------------------- CUDA C
def c_float(v: float, t: T.Type) -> str:
    """A C literal for a float constant, exact for non-finite values (bit patterns)."""
    if np.isfinite(v):
        return repr(float(v)) + ("f" if t == T.f32 else "")
    if t == T.f32:
        return f"__int_as_float({struct.unpack('<I', struct.pack('<f', v))[0]:#x})"
    return f"__longlong_as_double({struct.unpack('<Q', struct.pack('<d', v))[0]:#x}LL)"


@CUDA.impl(arith_d.ConstantOp)
def _constant_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a, r = op.attributes["value"], op.results[0]
    if isinstance(a, A.FloatAttr):
        v = c_float(float(a.value), a.type)
    elif isinstance(a, A.IntegerAttr):
        v = f"{int(a.value)}" + ("LL" if r.type in (T.index, T.i64) else "")
    else:
        raise CudaCodegenError(f"constant {a} is not supported by the CUDA emitter", op.loc)
    em.decl(r, v, ind)


def _wrap(t: T.Type, expr: str) -> str:
    """``expr`` computed in the unsigned type of ``t`` and converted back (two's complement wrap)."""
    return f"({ctype(t)})({expr})"


def int_binary_c(name: str, t: T.Type, a: str, b: str) -> str:
    """The C expression of integer binary op ``name`` (``addi``...) on C operands ``a``, ``b``."""
    u, w = unsigned_ctype(t), bit_width(t)
    ua, ub = f"({u}){a}", f"({u}){b}"
    if t == T.i1 and name in ("addi", "subi", "muli"):
        return f"{a} {'&' if name == 'muli' else '^'} {b}"
    if t == T.i1 and name in ("maxsi", "minsi"):  # true is -1: the larger is the "and"
        return f"{a} {'&' if name == 'maxsi' else '|'} {b}"
    simple = {"andi": "&", "ori": "|", "xori": "^", "divsi": "/", "remsi": "%"}
    if name in simple:
        return f"{a} {simple[name]} {b}"
    wrapping = {"addi": "+", "subi": "-", "muli": "*", "divui": "/", "remui": "%"}
    if name in wrapping:
        return _wrap(t, f"{ua} {wrapping[name]} {ub}")
    mask = f"({b} & {w - 1})"
    if name == "shli":
        return _wrap(t, f"{ua} << {mask}")
    if name == "shrsi":
        return f"{a} >> {mask}"
    if name == "shrui":
        return _wrap(t, f"{ua} >> {mask}")
    if name == "ceildivsi":
        return f"({a} / {b} + ({a} % {b} != 0 && (({a} < 0) == ({b} < 0))))"
    if name == "floordivsi":
        return f"({a} / {b} - ({a} % {b} != 0 && (({a} < 0) != ({b} < 0))))"
    if name == "ceildivui":
        return _wrap(t, f"{ua} / {ub} + ({ua} % {ub} != 0)")
    if name in ("maxsi", "minsi"):
        return f"({a} {'>' if name == 'maxsi' else '<'} {b} ? {a} : {b})"
    if name in ("maxui", "minui"):
        return f"({ua} {'>' if name == 'maxui' else '<'} {ub} ? {a} : {b})"
    raise CudaCodegenError(f"no CUDA expression for 'arith.{name}'")


def float_binary_c(name: str, a: str, b: str) -> str:
    """The C expression of float binary op ``name`` (``addf``...): NaN semantics as the table's."""
    ops = {"addf": "+", "subf": "-", "mulf": "*", "divf": "/"}
    if name in ops:
        return f"{a} {ops[name]} {b}"
    fn = {"remf": "fmod", "maxnumf": "fmax", "minnumf": "fmin"}
    if name in fn:
        return f"{fn[name]}({a}, {b})"
    if name in ("maximumf", "minimumf"):  # NaN-propagating, unlike fmax/fmin; -0.0 below +0.0
        mx = name == "maximumf"
        zero = f"(signbit({a}) ? {b if mx else a} : {a if mx else b})"
        return (f"(isnan({a}) || isnan({b}) ? {a} + {b} : {a} == {b} ? {zero} : "
                f"{'fmax' if mx else 'fmin'}({a}, {b}))")
    raise CudaCodegenError(f"no CUDA expression for 'arith.{name}'")


def _binary_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a, b = em.name(op.operands[0]), em.name(op.operands[1])
    mn = op.name.split(".", 1)[1]
    r = op.results[0]
    expr = float_binary_c(mn, a, b) if isinstance(r.type, T.FloatType) else int_binary_c(mn, r.type, a, b)
    em.decl(r, expr, ind)


CUDA.impl(*INT_BINARY, *FLOAT_BINARY)(_binary_c)


@CUDA.impl(arith_d.NegFOp)
def _negf_c(em: Any, op: Any, ind: str, results: Any) -> None:
    em.decl(op.results[0], f"-{em.name(op.operands[0])}", ind)


def cmpi_c(p: str, t: T.Type, a: str, b: str) -> str:
    """C expression of ``cmpi`` predicate ``p`` on operands of type ``t``."""
    sym = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
    if p in ("eq", "ne"):
        return f"{a} {sym[p]} {b}"
    if p[0] == "u":
        u = unsigned_ctype(t)
        return f"({u}){a} {sym[p[1:]]} ({u}){b}"
    if t == T.i1:  # an i1 read as signed: true is -1
        return f"-(int){a} {sym[p[1:]]} -(int){b}"
    return f"{a} {sym[p[1:]]} {b}"


def cmpf_c(p: str, a: str, b: str) -> str:
    """C expression of ``cmpf`` predicate ``p``: C's relational operators are false on NaN except
    ``!=``, so ordered predicates are the operator (``one`` excludes NaN), unordered ones the
    negated opposite."""
    nan = f"(isnan({a}) || isnan({b}))"
    table = {
        "false": "false", "true": "true", "ord": f"!{nan}", "uno": nan,
        "oeq": f"{a} == {b}", "ogt": f"{a} > {b}", "oge": f"{a} >= {b}", "olt": f"{a} < {b}",
        "ole": f"{a} <= {b}", "one": f"({a} != {b} && !{nan})",
        "ueq": f"({a} == {b} || {nan})", "ugt": f"!({a} <= {b})", "uge": f"!({a} < {b})",
        "ult": f"!({a} >= {b})", "ule": f"!({a} > {b})", "une": f"{a} != {b}",
    }
    if p not in table:
        raise CudaCodegenError(f"unknown cmpf predicate '{p}'")
    return table[p]


@CUDA.impl(arith_d.CmpIOp)
def _cmpi_c(em: Any, op: Any, ind: str, results: Any) -> None:
    p = predicate(op, CMPI_PREDICATES)
    em.decl(op.results[0], cmpi_c(p, op.operands[0].type, em.name(op.operands[0]), em.name(op.operands[1])), ind)


@CUDA.impl(arith_d.CmpFOp)
def _cmpf_c(em: Any, op: Any, ind: str, results: Any) -> None:
    p = predicate(op, CMPF_PREDICATES)
    em.decl(op.results[0], cmpf_c(p, em.name(op.operands[0]), em.name(op.operands[1])), ind)


@CUDA.impl(arith_d.SelectOp)
def _select_c(em: Any, op: Any, ind: str, results: Any) -> None:
    c, a, b = (em.name(v) for v in op.operands)
    em.decl(op.results[0], f"{c} ? {a} : {b}", ind)


def cast_c(kind: str, src: T.Type, dst: T.Type, a: str) -> str:
    """C expression of a conversion: ``kind`` is "signed", "unsigned" (zero-extend the source),
    "fptoi" or "bitcast"."""
    if kind == "unsigned" and not isinstance(src, T.FloatType):
        return f"({ctype(dst)})({unsigned_ctype(src)}){a}"
    if kind == "signed" and src == T.i1 and dst != T.i1:
        return f"({ctype(dst)})(-(int){a})"  # an i1 read as signed: true is -1
    if kind == "bitcast":
        if src.text == dst.text:
            return a
        pairs = {("f32", "i32"): "__float_as_int", ("i32", "f32"): "__int_as_float",
                 ("f64", "i64"): "__double_as_longlong", ("i64", "f64"): "__longlong_as_double"}
        fn = pairs.get((src.text, dst.text))
        if fn is None:
            raise CudaCodegenError(f"bitcast from '{src}' to '{dst}' is not supported by the CUDA emitter")
        return f"{fn}({a})"
    return f"({ctype(dst)}){a}"


def _cast_emitter(kind: str) -> Callable[..., None]:
    def emit(em: Any, op: Any, ind: str, results: Any) -> None:
        v = op.operands[0]
        em.decl(op.results[0], cast_c(kind, v.type, op.results[0].type, em.name(v)), ind)

    return emit


CUDA.impl(*SIGNED_CASTS)(_cast_emitter("signed"))
CUDA.impl(*UNSIGNED_CASTS)(_cast_emitter("unsigned"))
CUDA.impl(arith_d.fptosi)(_cast_emitter("fptoi"))
CUDA.impl(arith_d.fptoui)(_cast_emitter("fptoi"))
CUDA.impl(arith_d.bitcast)(_cast_emitter("bitcast"))
