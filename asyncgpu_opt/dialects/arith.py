"""arith dialect."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from ._common import keyword_enum, stripped_dialect_attr

_OVF_P, _OVF_R = stripped_dialect_attr("#arith.overflow")
_FM_P, _FM_R = stripped_dialect_attr("#arith.fastmath", ",")
OVERFLOW_NONE = A.OpaqueAttr("#arith.overflow<none>")
FASTMATH_NONE = A.OpaqueAttr("#arith.fastmath<none>")

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
                   "ule", "une", "uno", "true")
_CMPI = keyword_enum("i64", CMPI_PREDICATES, attr_name="predicate")
_CMPF = keyword_enum("i64", CMPF_PREDICATES, attr_name="predicate")


def _same_as(name: str):
    return lambda k: k[name]


def _i1_like(t: T.Type) -> T.Type:
    if isinstance(t, T.VectorType):
        return T.VectorType(t.shape, T.i1, t.scalable)
    if isinstance(t, T.TensorType):
        return T.TensorType(t.shape, T.i1)
    return T.i1


def _scalar(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.VectorType | T.TensorType) else t


def is_signless_int_like(t: T.Type) -> bool:
    s = _scalar(t)
    return isinstance(s, T.IndexType) or (isinstance(s, T.IntegerType) and s.signedness == "")


def is_float_like(t: T.Type) -> bool:
    return isinstance(_scalar(t), T.FloatType)


class _Binary(OpDef):
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    traits = frozenset({"Pure", "SameOperandsAndResultType"})
    infer = {"lhs": _same_as("result"), "rhs": _same_as("result")}
    float_op = False

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            if cls.float_op and not is_float_like(v.type):
                raise VerifyError(f"operand #{i} must be floating-point-like, but got '{v.type}'", op)
            if not cls.float_op and not is_signless_int_like(v.type):
                raise VerifyError(f"operand #{i} must be signless-integer-like, but got '{v.type}'", op)
        t = op.results[0].type
        if any(v.type != t for v in op.operands):
            raise VerifyError("requires the same type for all operands and results", op)


def _int_binop(mn: str, overflow: bool = False) -> type[OpDef]:
    attrs: dict[str, Any] = {}
    if overflow:
        fmt = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"
        attrs = dict(props=("overflowFlags",), default_attrs={"overflowFlags": OVERFLOW_NONE},
                     attr_printers={"overflowFlags": _OVF_P}, attr_parsers={"overflowFlags": _OVF_R})
    else:
        fmt = "$lhs `,` $rhs attr-dict `:` type($result)"
    return type(f"{mn}Op", (_Binary,), dict(name=f"arith.{mn}", assembly_format=fmt, **attrs))


def _float_binop(mn: str) -> type[OpDef]:
    fmt = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    return type(f"{mn}Op", (_Binary,), dict(
        name=f"arith.{mn}", assembly_format=fmt, props=("fastmath",), float_op=True,
        default_attrs={"fastmath": FASTMATH_NONE},
        attr_printers={"fastmath": _FM_P}, attr_parsers={"fastmath": _FM_R}))


for _mn in ("addi", "subi", "muli", "shli"):
    globals()[_mn] = _int_binop(_mn, True)
for _mn in ("divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shrsi", "shrui", "maxsi", "maxui",
            "minsi", "minui", "ceildivsi", "ceildivui", "floordivsi"):
    globals()[_mn] = _int_binop(_mn)
for _mn in ("addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"):
    globals()[_mn] = _float_binop(_mn)


class NegFOp(OpDef):
    name = "arith.negf"
    operands = (single("operand"),)
    results = (single("result"),)
    props = ("fastmath",)
    traits = frozenset({"Pure", "SameOperandsAndResultType"})
    default_attrs = {"fastmath": FASTMATH_NONE}
    attr_printers = {"fastmath": _FM_P}
    attr_parsers = {"fastmath": _FM_R}
    infer = {"operand": _same_as("result")}
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"


def _width(t: T.Type) -> int:
    s = _scalar(t)
    return T.bit_width(s) if isinstance(s, T.IntegerType | T.FloatType | T.IndexType) else -1


def _cast_ok(mn: str, a: T.Type, b: T.Type) -> bool:
    sa, sb = _scalar(a), _scalar(b)
    ints = (T.IntegerType,)
    if mn in ("extsi", "extui"):
        return isinstance(sa, ints) and isinstance(sb, ints) and sb.width > sa.width
    if mn == "trunci":
        return isinstance(sa, ints) and isinstance(sb, ints) and sb.width < sa.width
    if mn == "extf":
        return isinstance(sa, T.FloatType) and isinstance(sb, T.FloatType) and sb.width > sa.width
    if mn == "truncf":
        return isinstance(sa, T.FloatType) and isinstance(sb, T.FloatType) and sb.width < sa.width
    if mn == "bitcast":
        return _width(a) == _width(b) and _width(a) > 0
    if mn in ("index_cast", "index_castui"):
        return isinstance(sa, T.IndexType) != isinstance(sb, T.IndexType)
    if mn in ("sitofp", "uitofp"):
        return isinstance(sa, ints) and isinstance(sb, T.FloatType)
    if mn in ("fptosi", "fptoui"):
        return isinstance(sa, T.FloatType) and isinstance(sb, ints)
    return True


def _verify_cast(cls: Any, op: Operation) -> None:
    a, b = op.operands[0].type, op.results[0].type
    if cls.name in ("arith.index_cast", "arith.index_castui"):
        for i, t in enumerate((a,)):
            if not is_signless_int_like(t):
                raise VerifyError(f"operand #{i} must be signless-integer-like or memref of signless-integer, "
                                  f"but got '{t}'", op)
    if not _cast_ok(cls.name.split(".")[1], a, b):
        raise VerifyError(f"operand type '{a}' and result type '{b}' are cast incompatible", op)


def _cast(mn: str, overflow: bool = False) -> type[OpDef]:
    d: dict[str, Any] = dict(name=f"arith.{mn}", operands=(single("in"),), results=(single("out"),),
                             traits=frozenset({"Pure"}), verify=classmethod(_verify_cast))
    if overflow:
        d.update(props=("overflowFlags",), default_attrs={"overflowFlags": OVERFLOW_NONE},
                 attr_printers={"overflowFlags": _OVF_P}, attr_parsers={"overflowFlags": _OVF_R},
                 assembly_format="$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)")
    else:
        d["assembly_format"] = "$in attr-dict `:` type($in) `to` type($out)"
    return type(f"{mn}Op", (OpDef,), d)


for _mn in ("index_cast", "index_castui", "sitofp", "uitofp", "fptosi", "fptoui", "extf", "truncf", "extsi",
            "extui", "bitcast"):
    globals()[_mn] = _cast(_mn)
globals()["trunci"] = _cast("trunci", True)


def _constant_names(op: Operation) -> list[str | None]:
    v = op.attributes.get("value")
    t = op.results[0].type
    if isinstance(v, A.IntegerAttr):
        if isinstance(t, T.IntegerType) and t.width == 1:
            return ["true" if v.value else "false"]
        return [f"c{v.value}" + (f"_{t}" if isinstance(t, T.IntegerType) else "")]
    return ["cst"]


class ConstantOp(OpDef):
    """constant ::= `arith.constant` attr-dict attribute"""

    name = "arith.constant"
    print_by_shape = True  # print_custom reads only types and attributes
    results = (single("result"),)
    props = ("value",)
    traits = frozenset({"Pure", "ConstantLike"})
    asm_names = staticmethod(_constant_names)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs = p.parse_optional_attr_dict()
        pos = p.skip()
        v = p.parse_attribute()
        t = getattr(v, "type", None)
        if not isinstance(t, T.Type):
            raise p.error("'arith.constant' op failed to verify that all of {value, result} have same type",
                          pos)
        attrs["value"] = v
        return Operation.create(cls.name, (), [t], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return pr.attr_dict_text(op.attributes, ("value",)) + " " + pr.attr_text(op.attributes["value"])

    @classmethod
    def verify(cls, op: Operation) -> None:
        v = op.attributes.get("value")
        if v is None:
            raise VerifyError("requires attribute 'value'", op)
        t = op.results[0].type
        if getattr(v, "type", None) != t:
            raise VerifyError("failed to verify that all of {value, result} have same type", op)
        if isinstance(t, T.IntegerType) and t.signedness:
            raise VerifyError("integer return type must be signless", op)


class CmpIOp(OpDef):
    name = "arith.cmpi"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    props = ("predicate",)
    traits = frozenset({"Pure"})
    attr_printers = {"predicate": _CMPI[0]}
    attr_parsers = {"predicate": _CMPI[1]}
    infer = {"rhs": _same_as("lhs"), "result": lambda k: _i1_like(k["lhs"][0])}
    assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.operands[0].type != op.operands[1].type:
            raise VerifyError("failed to verify that all of {lhs, rhs} have same type", op)


class CmpFOp(OpDef):
    name = "arith.cmpf"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    props = ("predicate", "fastmath")
    traits = frozenset({"Pure"})
    default_attrs = {"fastmath": FASTMATH_NONE}
    attr_printers = {"predicate": _CMPF[0], "fastmath": _FM_P}
    attr_parsers = {"predicate": _CMPF[1], "fastmath": _FM_R}
    infer = {"rhs": _same_as("lhs"), "result": lambda k: _i1_like(k["lhs"][0])}
    assembly_format = "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)"


class SelectOp(OpDef):
    """select ::= `arith.select` ssa `,` ssa `,` ssa attr-dict `:` (type `,`)? type"""

    name = "arith.select"
    print_by_shape = True  # print_custom reads only types and attributes
    operands = (single("condition"), single("true_value"), single("false_value"))
    results = (single("result"),)
    traits = frozenset({"Pure"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        c = p.parse_operand()
        p.parse_punct(",")
        a = p.parse_operand()
        p.parse_punct(",")
        b = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        t = p.parse_type()
        ct = T.i1
        if p.parse_optional_punct(","):
            ct, t = t, p.parse_type()
        return Operation.create(cls.name, [p.resolve(c, ct), p.resolve(a, t), p.resolve(b, t)], [t], attrs,
                                opdef=cls)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not (op.operands[1].type == op.operands[2].type == op.results[0].type):
            raise VerifyError("failed to verify that all of {true_value, false_value, result} have same type", op)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.values(op.operands) + pr.attr_dict_text(op.attributes) + " : "
        ct = op.operands[0].type
        if ct != T.i1:
            s += pr.type_text(ct) + ", "
        return s + pr.type_text(op.results[0].type)


# Every arith verifier reads only the op's types and attributes.
for _od in list(globals().values()):
    if isinstance(_od, type) and issubclass(_od, OpDef) and _od.name.startswith("arith."):
        _od.shape_verified = True
