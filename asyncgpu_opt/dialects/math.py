"""math dialect (elementwise float/integer ops with ``fastmath`` flags)."""

from __future__ import annotations

from typing import Any

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from .arith import _FM_P, _FM_R, FASTMATH_NONE


def _elem(t: T.Type) -> T.Type:
    if isinstance(t, T.VectorType | T.TensorType):
        return t.element_type
    return getattr(t, "element_type", t) if isinstance(t, T.ShapedType) else t


def _float_like(t: T.Type) -> bool:
    return isinstance(_elem(t), T.FloatType)


def _int_like(t: T.Type) -> bool:
    e = _elem(t)
    return isinstance(e, T.IntegerType) and not e.signedness


class _MathOp(OpDef):
    results = (single("result"),)
    traits = frozenset({"Pure", "SameOperandsAndResultType", "Elementwise"})
    _kind = "float"
    shape_verified = True  # verify reads only types and attributes

    @classmethod
    def verify(cls, op: Operation) -> None:
        ok, what = (_float_like, "floating-point-like") if cls._kind == "float" else (
            _int_like, "signless-integer-like")
        for i, v in enumerate(op.operands):
            if not ok(v.type):
                raise VerifyError(f"operand #{i} must be {what}, but got '{v.type}'", op)
        if not ok(op.results[0].type):
            raise VerifyError(f"result #0 must be {what}, but got '{op.results[0].type}'", op)
        t = op.results[0].type
        if any(v.type != t for v in op.operands):
            raise VerifyError("requires the same type for all operands and results", op)


_SAME = lambda k: k["result"]  # noqa: E731
_FM = dict(props=("fastmath",), default_attrs={"fastmath": FASTMATH_NONE}, attr_printers={"fastmath": _FM_P},
           attr_parsers={"fastmath": _FM_R})


def _unary(mn: str, fastmath: bool = True, kind: str = "float") -> type[OpDef]:
    d: dict[str, Any] = dict(name=f"math.{mn}", operands=(single("operand"),), _kind=kind,
                             infer={"operand": _SAME})
    if fastmath:
        d.update(_FM, assembly_format="$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
    else:
        d["assembly_format"] = "$operand attr-dict `:` type($result)"
    return type(f"{mn}Op", (_MathOp,), d)


def _binary(mn: str) -> type[OpDef]:
    return type(f"{mn}Op", (_MathOp,), dict(
        name=f"math.{mn}", operands=(single("lhs"), single("rhs")), infer={"lhs": _SAME, "rhs": _SAME},
        assembly_format="$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", **_FM))


for _mn in ("sqrt", "rsqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
            "tan", "tanh", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "absf", "floor",
            "ceil", "erf", "erfc", "round", "roundeven", "trunc"):
    globals()[_mn] = _unary(_mn)
for _mn in ("absi", "ctlz", "cttz", "ctpop"):
    globals()[_mn] = _unary(_mn, False, "int")
for _mn in ("powf", "atan2", "copysign"):
    globals()[_mn] = _binary(_mn)


class FmaOp(_MathOp):
    name = "math.fma"
    operands = (single("a"), single("b"), single("c"))
    infer = {"a": _SAME, "b": _SAME, "c": _SAME}
    assembly_format = "$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    props = _FM["props"]
    default_attrs = _FM["default_attrs"]
    attr_printers = _FM["attr_printers"]
    attr_parsers = _FM["attr_parsers"]


class IPowIOp(_MathOp):
    name = "math.ipowi"
    operands = (single("lhs"), single("rhs"))
    infer = {"lhs": _SAME, "rhs": _SAME}
    _kind = "int"
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"
