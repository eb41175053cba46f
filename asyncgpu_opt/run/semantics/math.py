"""``math`` semantics: numpy functions for the simulator (host and kernels) and the CUDA C
functions the emitter calls for the same ops (CUDA's float/double overloads)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...dialects import math as math_d
from ...ir import types as T
from ..cuda_c import ctype
from ..registry import CUDA, SIM
from ..values import dtype_of, scalar
from .arith import binop, like, unop
from .llvm_intr import bit_op_c, count_leading_zeros, count_ones, count_trailing_zeros, elementwise

#: unary ops: op class -> (numpy function, CUDA C function or None)
UNARY: dict[Any, tuple[Any, str | None]] = {
    math_d.sqrt: (np.sqrt, "sqrt"), math_d.exp: (np.exp, "exp"), math_d.exp2: (np.exp2, "exp2"),
    math_d.log: (np.log, "log"), math_d.log2: (np.log2, "log2"), math_d.log10: (np.log10, "log10"),
    math_d.log1p: (np.log1p, "log1p"), math_d.expm1: (np.expm1, "expm1"), math_d.sin: (np.sin, "sin"),
    math_d.cos: (np.cos, "cos"), math_d.tan: (np.tan, "tan"), math_d.tanh: (np.tanh, "tanh"),
    math_d.sinh: (np.sinh, "sinh"), math_d.cosh: (np.cosh, "cosh"), math_d.atan: (np.arctan, "atan"),
    math_d.asin: (np.arcsin, "asin"), math_d.acos: (np.arccos, "acos"), math_d.absf: (np.abs, "fabs"),
    math_d.floor: (np.floor, "floor"), math_d.ceil: (np.ceil, "ceil"), math_d.trunc: (np.trunc, "trunc"),
    math_d.roundeven: (np.rint, "rint"),
    math_d.round: (lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x), "round"),
    math_d.rsqrt: (lambda x: x.dtype.type(1) / np.sqrt(x), "rsqrt"),
    math_d.absi: (np.abs, None),
    math_d.ctpop: (count_ones, None),
    math_d.ctlz: (count_leading_zeros, None),
    math_d.cttz: (count_trailing_zeros, None),
}
#: binary ops: op class -> (numpy function, CUDA C function)
BINARY: dict[Any, tuple[Any, str]] = {
    math_d.powf: (np.power, "pow"), math_d.atan2: (np.arctan2, "atan2"), math_d.copysign: (np.copysign, "copysign"),
}

#: the integer ops: odd widths (i3, i12) wrap, and the bit counts count only the type's bits
_INTEGER = frozenset({math_d.absi, math_d.ctpop, math_d.ctlz, math_d.cttz})
for _cls, (_fn, _c) in UNARY.items():
    SIM.impl(_cls)(elementwise(_fn) if _cls in _INTEGER else unop(_fn))
for _cls, (_fn, _c) in BINARY.items():
    SIM.impl(_cls)(binop(_fn))


@SIM.impl(math_d.FmaOp)
def fma(it: Any, op: Any) -> Any:
    a, b, c = (it.get(v) for v in op.operands)
    return a * b + c


def ipowi(b: int, p: int, width: int) -> int:
    """``math.ipowi``: ``b ** p`` wrapping at ``width`` bits.  A negative exponent gives what the
    integer reciprocal truncates to: 1 for base 1, +-1 for base -1 (by the exponent's parity), else 0
    (0 too for base 0, which upstream's expansion once divided by zero for)."""
    if p < 0:
        return 1 if b == 1 else ((-1 if p & 1 else 1) if b == -1 else 0)
    return pow(b, p, 1 << width)


@SIM.impl(math_d.IPowIOp)
def _ipowi(it: Any, op: Any) -> Any:
    a, e = it.get(op.operands[0]), it.get(op.operands[1])
    t = getattr(op.results[0].type, "element_type", op.results[0].type)
    w = 64 if isinstance(t, T.IndexType) else t.width
    if a.dtype.kind == "b":  # i1: true is -1
        vals = [ipowi(-int(x), -int(y), 1) for x, y in zip(np.ravel(a), np.ravel(e))]
    else:
        vals = [ipowi(int(x), int(y), w) for x, y in zip(np.ravel(a), np.ravel(e))]
    out = [scalar(t, v) for v in vals]
    return np.array(out, dtype=dtype_of(t)).reshape(np.shape(a)) if isinstance(a, np.ndarray) else out[0]


CUDA.refuse(math_d.IPowIOp)


@SIM.impl(math_d.erf)
def erf(it: Any, op: Any) -> Any:
    a = it.get(op.operands[0])
    if isinstance(a, np.ndarray):
        return np.vectorize(math.erf, otypes=[a.dtype])(a)
    return a.dtype.type(math.erf(float(a)))


# --------------------------------------------------------------------------- CUDA C
def _call_c(fn: str) -> Any:
    def emit(em: Any, op: Any, ind: str, results: Any) -> None:
        em.decl(op.results[0], f"{fn}({', '.join(em.name(v) for v in op.operands)})", ind)

    return emit


for _cls, (_fn, _c) in UNARY.items():
    if _c is not None:
        CUDA.impl(_cls)(_call_c(_c))
for _cls, (_fn, _c) in BINARY.items():
    CUDA.impl(_cls)(_call_c(_c))
CUDA.impl(math_d.FmaOp)(_call_c("fma"))
CUDA.impl(math_d.erf)(_call_c("erf"))


@CUDA.impl(math_d.absi)
def _absi_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a = em.name(op.operands[0])
    em.decl(op.results[0], f"({a} < 0 ? -{a} : {a})", ind)


_BIT_COUNTS = {math_d.ctpop: "ctpop", math_d.ctlz: "ctlz", math_d.cttz: "cttz"}


@CUDA.impl(*_BIT_COUNTS)
def _bit_count_c(em: Any, op: Any, ind: str, results: Any) -> None:
    kind = _BIT_COUNTS[op.opdef]
    em.decl(op.results[0], bit_op_c(kind, op.operands[0].type, em.name(op.operands[0]), op), ind)


# --------------------------------------------------------------------------- fpowi, classification, sincos, clampf
@SIM.impl(math_d.FPowIOp)
def fpowi(it: Any, op: Any) -> Any:
    x, n = it.get(op.operands[0]), it.get(op.operands[1])
    return like(np.power(x, np.asarray(n).astype(x.dtype)), x)


_CLASSIFY = {math_d.isnan: (np.isnan, "isnan"), math_d.isinf: (np.isinf, "isinf"),
             math_d.isfinite: (np.isfinite, "isfinite"),
             math_d.isnormal: (lambda x: np.isfinite(x) & (np.abs(x) >= np.finfo(x.dtype).tiny), None)}
for _cls, (_fn, _c) in _CLASSIFY.items():
    SIM.impl(_cls)(lambda it, op, _fn=_fn: np.asarray(_fn(it.get(op.operands[0])))[()])


@SIM.impl(math_d.SinCosOp)
def sincos(it: Any, op: Any) -> Any:
    x = it.get(op.operands[0])
    return [np.sin(x), np.cos(x)]


@SIM.impl(math_d.ClampFOp)
def clampf(it: Any, op: Any) -> Any:
    v, lo, hi = (it.get(x) for x in op.operands)
    return np.minimum(np.maximum(v, lo), hi)


@CUDA.impl(math_d.FPowIOp)
def _fpowi_c(em: Any, op: Any, ind: str, results: Any) -> None:
    t = op.results[0].type
    em.decl(op.results[0], f"pow({em.name(op.operands[0])}, ({ctype(t)}){em.name(op.operands[1])})", ind)


@CUDA.impl(*_CLASSIFY)
def _classify_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a = em.name(op.operands[0])
    fn = _CLASSIFY[op.opdef][1]
    tiny = "FLT_MIN" if op.operands[0].type == T.f32 else "DBL_MIN"
    expr = f"{fn}({a})" if fn else f"(isfinite({a}) && fabs({a}) >= {tiny})"
    em.decl(op.results[0], expr, ind)


@CUDA.impl(math_d.SinCosOp)
def _sincos_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a = em.name(op.operands[0])
    em.decl(op.results[0], f"sin({a})", ind)
    em.decl(op.results[1], f"cos({a})", ind)


@CUDA.impl(math_d.ClampFOp)
def _clampf_c(em: Any, op: Any, ind: str, results: Any) -> None:
    v, lo, hi = (em.name(x) for x in op.operands)
    em.decl(op.results[0], f"fmin(fmax({v}, {lo}), {hi})", ind)
