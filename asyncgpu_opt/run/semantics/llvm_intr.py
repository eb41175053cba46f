"""``llvm.intr.*`` semantics: the math intrinsics as numpy functions (host and kernels) and as the
CUDA C functions (or intrinsics) the emitter calls."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...dialects import llvm_intr as intr_d
from .. import float_minmax
from ..cuda_c import bit_width, ctype, unsigned_ctype
from ..registry import CUDA, SIM, CudaCodegenError
from ..values import odd_width, sign_extend
from .arith import as_unsigned, like, zero_extend


def _round_away(x: Any) -> Any:
    return np.copysign(np.floor(np.abs(x) + x.dtype.type(0.5)), x)


def _fma(a: Any, b: Any, c: Any) -> Any:
    """``a * b + c`` rounded once (exact for f32 through f64; f64 rounds twice)."""
    if np.asarray(a).dtype == np.float32:
        return (np.float64(a) * np.float64(b) + np.float64(c)).astype(np.float32)
    return a * b + c


def _umax(a: Any, b: Any) -> Any:
    return like(np.maximum(as_unsigned(a), as_unsigned(b)), a)


def _umin(a: Any, b: Any) -> Any:
    return like(np.minimum(as_unsigned(a), as_unsigned(b)), a)


def _bits(x: Any) -> int:
    return np.asarray(x).dtype.itemsize * 8


def count_ones(x: Any, *, width: int | None = None) -> Any:
    """``ctpop``: the number of set bits of each element (any integer width; an odd ``width``'s
    value zero-extended)."""
    u = as_unsigned(x)
    n = np.zeros(np.shape(u), np.int64)
    for i in range(width or _bits(x)):
        n += ((u >> np.asarray(i, u.dtype)) & 1).astype(np.int64)
    return like(n, x)


def count_leading_zeros(x: Any, *, width: int | None = None) -> Any:
    """``ctlz``: leading zero bits of each element; the width for 0 (an odd ``width``'s value
    zero-extended)."""
    w = width or _bits(x)
    u = as_unsigned(x)
    n = np.full(np.shape(u), w, np.int64)
    for i in range(w):
        n = np.where((u >> np.asarray(i, u.dtype)) & 1, w - 1 - i, n)
    return like(n, x)


def count_trailing_zeros(x: Any, *, width: int | None = None) -> Any:
    """``cttz``: trailing zero bits of each element; the width for 0 (an odd ``width``'s value
    zero-extended)."""
    w = width or _bits(x)
    u = as_unsigned(x)
    n = np.full(np.shape(u), w, np.int64)
    for i in reversed(range(w)):
        n = np.where((u >> np.asarray(i, u.dtype)) & 1, i, n)
    return like(n, x)


def _bitreverse(x: Any, *, width: int | None = None) -> Any:
    """``bitreverse`` of each element (an odd ``width``'s value zero-extended)."""
    w = width or _bits(x)
    u = as_unsigned(x)
    r = np.zeros_like(u)
    for i in range(w):
        r |= ((u >> np.asarray(i, u.dtype)) & 1) << np.asarray(w - 1 - i, u.dtype)
    return like(r, x)


#: the functions of an integer's bits, which read an odd-width value zero-extended from its width
BY_BITS = frozenset({count_ones, count_leading_zeros, count_trailing_zeros, _bitreverse})


def _bswap(x: Any) -> Any:
    return like(np.asarray(x).byteswap(), x)


#: name -> (numpy function, CUDA C function or None: emitted specially / refused)
FUNCS: dict[str, tuple[Any, str | None]] = {
    "fabs": (np.abs, "fabs"), "ceil": (np.ceil, "ceil"), "cos": (np.cos, "cos"), "exp": (np.exp, "exp"),
    "exp2": (np.exp2, "exp2"), "exp10": (lambda x: np.power(x.dtype.type(10), x), "exp10"),
    "floor": (np.floor, "floor"), "log": (np.log, "log"), "log10": (np.log10, "log10"), "log2": (np.log2, "log2"),
    "rint": (np.rint, "rint"), "nearbyint": (np.rint, "nearbyint"), "round": (_round_away, "round"),
    "roundeven": (np.rint, "rint"), "sin": (np.sin, "sin"), "sqrt": (np.sqrt, "sqrt"), "trunc": (np.trunc, "trunc"),
    "tan": (np.tan, "tan"), "tanh": (np.tanh, "tanh"), "sinh": (np.sinh, "sinh"), "cosh": (np.cosh, "cosh"),
    "asin": (np.arcsin, "asin"), "acos": (np.arccos, "acos"), "atan": (np.arctan, "atan"),
    "copysign": (np.copysign, "copysign"), "pow": (np.power, "pow"),
    "maxnum": (float_minmax.maxnum, "fmax"), "minnum": (float_minmax.minnum, "fmin"),
    "maximum": (float_minmax.maximum, None), "minimum": (float_minmax.minimum, None),
    "atan2": (np.arctan2, "atan2"), "fma": (_fma, "fma"), "fmuladd": (_fma, "fma"),
    "powi": (lambda x, n: np.power(x, np.asarray(n).astype(x.dtype)), None),
    "ctpop": (count_ones, None), "bitreverse": (_bitreverse, None), "bswap": (_bswap, None),
    "smax": (np.maximum, "max"), "smin": (np.minimum, "min"), "umax": (_umax, None), "umin": (_umin, None),
    "ctlz": (count_leading_zeros, None), "cttz": (count_trailing_zeros, None),
    "abs": (lambda x: like(np.abs(x), x), None),
}


def elementwise(fn: Any) -> Any:
    """An executor function applying ``fn`` to the op's operands, the result in the first operand's
    dtype.  On an odd-width integer result (``i3``, ``i12``) the result wraps to that width, and the
    bit functions (``BY_BITS``) get the operand zero-extended and the width."""

    def run(it: Any, op: Any) -> Any:
        args = [it.get(v) for v in op.operands]
        w = odd_width(op.results[0].type)
        if w is not None and fn in BY_BITS:
            r = fn(zero_extend(args[0], w), *args[1:], width=w)
        else:
            r = fn(*args)
        a = args[0]
        r = like(r, a) if getattr(r, "dtype", None) != a.dtype else r
        return r if w is None else sign_extend(r, w)

    return run


def _c_call(fn: str) -> Any:
    def emit(em: Any, op: Any, ind: str, results: Any) -> None:
        em.decl(op.results[0], f"{fn}({', '.join(em.name(v) for v in op.operands)})", ind)

    return emit


def _emit_special(em: Any, op: Any, ind: str, results: Any) -> None:
    mn = op.name.removeprefix("llvm.intr.")
    t = op.results[0].type
    a = [em.name(v) for v in op.operands]
    if mn in ("maximum", "minimum"):  # NaN-propagating, unlike fmax/fmin
        f = "fmax" if mn == "maximum" else "fmin"
        expr = f"(isnan({a[0]}) || isnan({a[1]}) ? {a[0]} + {a[1]} : {f}({a[0]}, {a[1]}))"
    elif mn == "powi":
        expr = f"pow({a[0]}, ({ctype(t)}){a[1]})"
    elif mn in ("umax", "umin"):
        u = unsigned_ctype(t)
        cmp = ">" if mn == "umax" else "<"
        expr = f"(({u}){a[0]} {cmp} ({u}){a[1]} ? {a[0]} : {a[1]})"
    elif mn == "abs":
        expr = f"({a[0]} < 0 ? -{a[0]} : {a[0]})"
    else:
        expr = bit_op_c(mn, t, a[0], op)
    em.decl(op.results[0], expr, ind)


def bit_op_c(kind: str, t: Any, a: str, op: Any) -> str:
    """The CUDA C expression of a bit operation (``ctpop``, ``ctlz``, ``cttz``, ``bitreverse``,
    ``bswap``) on the value named ``a`` of integer type ``t`` (32 or 64 bits)."""
    w = bit_width(t)
    expr = None
    if w in (32, 64):
        ll = "ll" if w == 64 else ""
        u = f"({unsigned_ctype(t)}){a}"
        expr = {"ctpop": f"__popc{ll}({u})", "bitreverse": f"__brev{ll}({u})", "ctlz": f"__clz{ll}({a})",
                "cttz": f"({a} == 0 ? {w} : __ffs{ll}({a}) - 1)",
                "bswap": f"__byte_perm({u}, 0, 0x0123)" if w == 32 else None}[kind]
    if expr is None:
        raise CudaCodegenError(f"{op.name} of {t} is not supported by the CUDA emitter", op.loc)
    return f"({ctype(t)}){expr}"


for _name, (_fn, _c) in FUNCS.items():
    _cls = getattr(intr_d, f"Intr_{_name}")
    SIM.impl(_cls)(elementwise(_fn))
    CUDA.impl(_cls)(_c_call(_c) if _c is not None else _emit_special)
