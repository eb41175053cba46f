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


# ----- further ops kernels use: fpowi, classification (isnan/isinf/isfinite/isnormal), sincos, clampf ----


def _i1_like(t: T.Type) -> T.Type:
    return T.VectorType(t.shape, T.i1, t.scalable) if isinstance(t, T.VectorType) else T.i1


class FPowIOp(OpDef):
    name = "math.fpowi"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    traits = frozenset({"Pure", "Elementwise"})
    effects = ()
    shape_verified = True
    infer = {"result": lambda k: k["lhs"][0]}
    assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)"
    props = _FM["props"]
    default_attrs = _FM["default_attrs"]
    attr_printers = _FM["attr_printers"]
    attr_parsers = _FM["attr_parsers"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not _float_like(op.operands[0].type):
            raise VerifyError(f"operand #0 must be floating-point-like, but got '{op.operands[0].type}'", op)
        if not _int_like(op.operands[1].type):
            raise VerifyError(f"operand #1 must be signless-integer-like, but got '{op.operands[1].type}'", op)
        if op.results[0].type != op.operands[0].type:
            raise VerifyError("failed to verify that all of {lhs, result} have same type", op)


def _classification(mn: str) -> type[OpDef]:
    def verify(cls: Any, op: Operation) -> None:
        t = op.operands[0].type
        if not _float_like(t):
            raise VerifyError(f"operand #0 must be floating-point-like, but got '{t}'", op)
        if op.results[0].type != _i1_like(t):
            raise VerifyError(f"result #0 must be bool-like, but got '{op.results[0].type}'", op)

    def print_custom(cls: Any, pr: Any, op: Operation) -> str:
        # the fastmath flags print in attr-dict, and only when not the default
        el = ("fastmath",) if str(op.attributes.get("fastmath")) == str(FASTMATH_NONE) else ()
        v = op.operands[0]
        return f" {pr.value(v)}{pr.attr_dict_text(op.attributes, el)} : {pr.type_text(v.type)}"

    return type(f"{mn}Op", (OpDef,), dict(print_custom=classmethod(print_custom),
                                          parse_custom=classmethod(lambda cls, p, r: cls._format.parse(p, cls, r)),
        name=f"math.{mn}", operands=(single("operand"),), results=(single("result"),), effects=(),
        traits=frozenset({"Pure", "Elementwise"}), shape_verified=True, infer={"result": lambda k: _i1_like(
            k["operand"][0])}, assembly_format="$operand attr-dict `:` type($operand)", verify=classmethod(verify),
        props=("fastmath",), default_attrs={"fastmath": FASTMATH_NONE}))


for _mn in ("isnan", "isinf", "isfinite", "isnormal"):
    globals()[_mn] = _classification(_mn)


class SinCosOp(OpDef):
    name = "math.sincos"
    operands = (single("operand"),)
    results = (single("sin"), single("cos"))
    traits = frozenset({"Pure", "Elementwise"})
    effects = ()
    shape_verified = True
    infer = {"sin": lambda k: k["operand"][0], "cos": lambda k: k["operand"][0]}
    asm_names = staticmethod(lambda op: ["sin", "cos"])
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)"
    props = _FM["props"]
    default_attrs = _FM["default_attrs"]
    attr_printers = _FM["attr_printers"]
    attr_parsers = _FM["attr_parsers"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not _float_like(t):
            raise VerifyError(f"operand #0 must be floating-point-like, but got '{t}'", op)
        if any(r.type != t for r in op.results):
            raise VerifyError("failed to verify that all of {operand, sin, cos} have same type", op)


class ClampFOp(_MathOp):
    name = "math.clampf"
    operands = (single("value"), single("min"), single("max"))
    infer = {"value": _SAME, "min": _SAME, "max": _SAME}
    assembly_format = ("$value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` "
                       "type($result)")
    props = _FM["props"]
    default_attrs = _FM["default_attrs"]
    attr_printers = _FM["attr_printers"]
    attr_parsers = _FM["attr_parsers"]
