"""Float min/max as LLVM defines them, on numpy scalars and arrays.

``maximum``/``minimum`` (``arith.maximumf``, ``llvm.intr.maximum``) propagate NaN; ``maxnum``/``minnum``
(``arith.maxnumf``, ``llvm.intr.maxnum``) return the other operand when one is NaN.  All four order
-0.0 below +0.0, as upstream's mlir-runner computes them (numpy's ``maximum``/``fmax`` return either
zero).
"""
from __future__ import annotations

from typing import Any

import numpy as np


def _signed_zeros(r: Any, a: Any, b: Any, negative_wins: bool) -> Any:
    """``r`` with the zero of a (-0.0, +0.0) pair chosen: -0.0 for a minimum, +0.0 for a maximum."""
    both_zero = (a == 0) & (b == 0)
    if not np.any(both_zero):
        return r
    neg = np.signbit(a) | np.signbit(b) if negative_wins else np.signbit(a) & np.signbit(b)
    zero = np.where(neg, -0.0, 0.0).astype(np.result_type(a, b))
    out = np.where(both_zero, zero, r)
    return out if isinstance(r, np.ndarray) else out[()]


def maximum(a: Any, b: Any) -> Any:
    return _signed_zeros(np.maximum(a, b), a, b, negative_wins=False)


def minimum(a: Any, b: Any) -> Any:
    return _signed_zeros(np.minimum(a, b), a, b, negative_wins=True)


def maxnum(a: Any, b: Any) -> Any:
    return _signed_zeros(np.fmax(a, b), a, b, negative_wins=False)


def minnum(a: Any, b: Any) -> Any:
    return _signed_zeros(np.fmin(a, b), a, b, negative_wins=True)


_UFUNC = {maximum: np.maximum, minimum: np.minimum, maxnum: np.fmax, minnum: np.fmin}


def reduce(fn: Any, a: np.ndarray, axis: int) -> np.ndarray:
    """``fn`` (one of the four above) folded over ``axis`` of ``a`` (kept, of length 1): a zero
    result is +0.0 for a maximum when some element is +0.0, -0.0 for a minimum when some is -0.0."""
    r = _UFUNC[fn].reduce(a, axis=axis, keepdims=True)
    zero = r == 0
    if not np.any(zero):
        return r
    is_max = fn is maximum or fn is maxnum
    wanted = (a == 0) & (np.signbit(a) != is_max)  # +0.0 elements for a maximum, -0.0 for a minimum
    hit = np.any(wanted, axis=axis, keepdims=True)
    signed = np.where(hit == is_max, 0.0, -0.0).astype(r.dtype)
    return np.where(zero, signed, r)
