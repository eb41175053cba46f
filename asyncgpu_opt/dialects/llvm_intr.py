"""``llvm.intr.*``: the LLVM math intrinsics lowered GPU kernels contain (LLVMIntrinsicOps.td).

    op ::= `llvm.intr.`name `(` operands `)` attr-dict `:` functional-type(operands, results)

Float intrinsics carry ``fastmathFlags`` (default ``#llvm.fastmath<none>``, printed in the attribute
dictionary only when set); ``ctlz``/``cttz``/``abs`` have no custom form upstream (generic only).
Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``).
"""

from __future__ import annotations

from typing import Any

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from .llvm_common import FASTMATH_NONE

FLOAT_UNARY = ("fabs", "ceil", "cos", "exp", "exp2", "exp10", "floor", "log", "log10", "log2", "rint",
               "nearbyint", "round", "roundeven", "sin", "sqrt", "trunc", "tan", "tanh", "sinh", "cosh", "asin",
               "acos", "atan")
FLOAT_BINARY = ("copysign", "maxnum", "minnum", "maximum", "minimum", "pow", "atan2")
FLOAT_TERNARY = ("fma", "fmuladd")
INT_UNARY = ("ctpop", "bitreverse", "bswap")
INT_BINARY = ("smax", "smin", "umax", "umin")

_FLOAT_WHAT = "floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type"
_INT_WHAT = "signless integer or LLVM dialect-compatible vector of signless integer"


def _scalar(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.VectorType) else t


def _is_float(t: T.Type) -> bool:
    return isinstance(_scalar(t), T.FloatType)


def _is_int(t: T.Type) -> bool:
    s = _scalar(t)
    return isinstance(s, T.IntegerType) and not s.signedness


class _Intrinsic(OpDef):
    """Shared custom form and checks; ``_operand_kinds`` is "f" (float-like), "i" (integer-like) or
    "I" (a signless integer scalar) per operand; ``_same`` adds SameOperandsAndResultType."""

    results = (single("res"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    _operand_kinds: str = ""
    _same = True

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs = p.parse_operand_list("()")
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        pos = p.skip()
        ft = p.parse_function_type()
        if len(ft.inputs) != len(refs):
            raise p.error(f"{len(refs)} operands present, but expected {len(ft.inputs)}", pos)
        operands = [p.resolve(r, t) for r, t in zip(refs, ft.inputs)]
        for k, v in cls.default_attrs.items():
            attrs.setdefault(k, v)
        return Operation.create(cls.name, operands, list(ft.results), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        elided = tuple(k for k, v in cls.default_attrs.items() if str(op.attributes.get(k)) == str(v))
        return (f"({pr.values(op.operands)})" + pr.attr_dict_text(op.attributes, elided) + " : "
                + pr.function_type_text([v.type for v in op.operands], [r.type for r in op.results]))

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, (v, k) in enumerate(zip(op.operands, cls._operand_kinds)):
            if k == "f" and not _is_float(v.type):
                raise VerifyError(f"operand #{i} must be {_FLOAT_WHAT}, but got '{v.type}'", op)
            if k == "i" and not _is_int(v.type):
                raise VerifyError(f"operand #{i} must be {_INT_WHAT}, but got '{v.type}'", op)
            if k == "I" and not (isinstance(v.type, T.IntegerType) and not v.type.signedness):
                raise VerifyError(f"operand #{i} must be signless integer, but got '{v.type}'", op)
        if cls._same:
            t = op.results[0].type
            if any(v.type != t for v in op.operands):
                raise VerifyError("requires the same type for all operands and results", op)
        elif op.operands and op.results[0].type != op.operands[0].type:
            raise VerifyError("failed to verify that all of {val, res} have same type", op)


def _intrinsic(mn: str, kinds: str, fastmath: bool, same: bool = True, names: tuple[str, ...] = ()) -> type[OpDef]:
    names = names or (("in",) if len(kinds) == 1 else tuple("abc"[: len(kinds)]))
    d: dict[str, Any] = dict(name=f"llvm.intr.{mn}", operands=tuple(single(n) for n in names),
                             _operand_kinds=kinds, _same=same)
    if fastmath:
        d.update(props=("fastmathFlags",), default_attrs={"fastmathFlags": FASTMATH_NONE})
    return type(f"Intr_{mn}", (_Intrinsic,), d)


for _mn in FLOAT_UNARY:
    globals()[f"Intr_{_mn}"] = _intrinsic(_mn, "f", True)
for _mn in FLOAT_BINARY:
    globals()[f"Intr_{_mn}"] = _intrinsic(_mn, "ff", True)
for _mn in FLOAT_TERNARY:
    globals()[f"Intr_{_mn}"] = _intrinsic(_mn, "fff", True)
for _mn in INT_UNARY:
    globals()[f"Intr_{_mn}"] = _intrinsic(_mn, "i", False)
for _mn in INT_BINARY:
    globals()[f"Intr_{_mn}"] = _intrinsic(_mn, "ii", False)
Intr_powi = _intrinsic("powi", "fI", True, same=False, names=("val", "power"))


class _GenericOnly(OpDef):
    """Intrinsics without a custom form upstream: ``"llvm.intr.ctlz"(%x) <{is_zero_poison = ..}>``."""

    operands = (single("in"),)
    results = (single("res"),)
    traits = frozenset({"Pure"})
    effects = ()
    _flag = ""

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not _is_int(op.operands[0].type):
            raise VerifyError(f"operand #0 must be {_INT_WHAT}, but got '{op.operands[0].type}'", op)
        if cls._flag not in op.attributes:
            raise VerifyError(f"requires attribute '{cls._flag}'", op)
        if op.results[0].type != op.operands[0].type:
            raise VerifyError("requires the same type for all operands and results", op)


for _mn, _flag in (("ctlz", "is_zero_poison"), ("cttz", "is_zero_poison"), ("abs", "is_int_min_poison")):
    globals()[f"Intr_{_mn}"] = type(f"Intr_{_mn}", (_GenericOnly,), dict(
        name=f"llvm.intr.{_mn}", props=(_flag,), _flag=_flag))
