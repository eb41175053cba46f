"""arith dialect."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from ..syntax.format import format_of
from . import arith_fold
from ._common import keyword_enum, stripped_dialect_attr

# bit enums (ArithBase.td): stored canonically as upstream prints them (flags in bit order, `fast`
# when all are set, `none` when none is); the op syntax prints them without the `#arith.` prefix
A.register_keyword_attr("arith.fastmath", A.KeywordSpec(
    ("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"), "::mlir::arith::FastMathFlags",
    bits=(0, 1, 2, 4, 8, 16, 32, 64, 127), sep=","))
A.register_keyword_attr("arith.overflow", A.KeywordSpec(("none", "nsw", "nuw"), "::mlir::arith::IntegerOverflowFlags",
                                                        bits=(0, 1, 2)))
_OVF_P, _OVF_R = stripped_dialect_attr("#arith.overflow")
_FM_P, _FM_R = stripped_dialect_attr("#arith.fastmath", ",")
OVERFLOW_NONE = A.keyword_attr("arith.overflow", "none")
FASTMATH_NONE = A.keyword_attr("arith.fastmath", "none")

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


# ODS type constraints: (description, predicate on the element type, memrefs allowed)
def _signless_int(s: T.Type) -> bool:
    return isinstance(s, T.IntegerType) and s.signedness == ""


_SIGNLESS_INT_LIKE = ("signless-integer-like", lambda s: isinstance(s, T.IndexType) or _signless_int(s), False)
_FIXED_INT_LIKE = ("signless-fixed-width-integer-like", _signless_int, False)
_FLOAT_LIKE = ("floating-point-like", lambda s: isinstance(s, T.FloatType), False)
_BOOL_LIKE = ("bool-like", lambda s: s == T.i1, False)
_INDEX_CASTABLE = ("signless-integer-like or memref of signless-integer",
                   lambda s: isinstance(s, T.IndexType) or _signless_int(s), True)
_BITCASTABLE = ("signless-integer-or-float-like or memref of signless-integer or float",
                lambda s: _signless_int(s) or isinstance(s, T.FloatType), True)
_SHAPED = (T.VectorType, T.TensorType, T.UnrankedTensorType)
_MEMREFS = (T.MemRefType, T.UnrankedMemRefType)


def _satisfies(t: T.Type, c: tuple) -> bool:
    _, pred, memref = c
    if isinstance(t, _SHAPED) or (memref and isinstance(t, _MEMREFS)):
        t = t.element_type
    return pred(t)


def check_types(op: Operation, operands: tuple, results: tuple) -> None:
    """ODS operand then result type constraints, in order (``operand #N must be ..., but got ...``)."""
    for kind, vals, cs in (("operand", op.operands, operands), ("result", op.results, results)):
        for i, (v, c) in enumerate(zip(vals, cs)):
            if not _satisfies(v.type, c):
                raise VerifyError(f"{kind} #{i} must be {c[0]}, but got '{v.type}'", op)


def _shape_key(t: T.Type) -> tuple | None:
    """The shape part of verifyCompatibleShape: None for non-shaped (and unranked) types."""
    if isinstance(t, T.VectorType):
        return ("v", t.shape, t.scalable)
    if isinstance(t, T.TensorType | T.MemRefType):
        return ("t", t.shape, ())
    return None


def _compatible_shapes(a: T.Type, b: T.Type) -> bool:
    sa = isinstance(a, T.ShapedType | T.UnrankedTensorType | T.UnrankedMemRefType)
    sb = isinstance(b, T.ShapedType | T.UnrankedTensorType | T.UnrankedMemRefType)
    if sa != sb:
        return False
    ka, kb = _shape_key(a), _shape_key(b)
    if ka is None or kb is None:
        return True
    if len(ka[1]) != len(kb[1]) or (ka[0] == "v") != (kb[0] == "v") or ka[2] != kb[2]:
        return False
    return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(ka[1], kb[1]))


def _tensor_dims(t: T.Type) -> tuple:
    return t.shape if isinstance(t, T.TensorType) else ()


def _container(t: T.Type) -> tuple:
    """The type without its element type (``areSameShapedTypeIgnoringElementType``)."""
    if isinstance(t, T.VectorType):
        return ("vector", t.shape, t.scalable)
    if isinstance(t, T.TensorType):
        return ("tensor", t.shape, str(t.encoding))
    if isinstance(t, T.UnrankedTensorType):
        return ("tensor*",)
    if isinstance(t, T.MemRefType):
        return ("memref", t.shape, str(t.layout), str(t.memory_space))
    if isinstance(t, T.UnrankedMemRefType):
        return ("memref*", str(t.memory_space))
    return ("scalar",)


class _Binary(OpDef):
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    traits = frozenset({"Pure", "SameOperandsAndResultType"})
    infer = {"lhs": _same_as("result"), "rhs": _same_as("result")}
    float_op = False

    @classmethod
    def verify(cls, op: Operation) -> None:
        c = _FLOAT_LIKE if cls.float_op else _SIGNLESS_INT_LIKE
        check_types(op, (c, c), (c,))
        t = op.results[0].type
        if any(v.type != t for v in op.operands):
            raise VerifyError("requires the same type for all operands and results", op)


# ArithOps.td: the binary ops whose operands commute (their constants are moved to the right)
_COMMUTATIVE = frozenset({"addi", "muli", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui", "addf",
                          "mulf", "maximumf", "minimumf", "maxnumf", "minnumf"})


def _traits(mn: str) -> frozenset[str]:
    return _Binary.traits | {"Commutative"} if mn in _COMMUTATIVE else _Binary.traits


def _int_binop(mn: str, overflow: bool = False) -> type[OpDef]:
    attrs: dict[str, Any] = {"traits": _traits(mn)}
    if overflow:
        fmt = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"
        attrs.update(props=("overflowFlags",), default_attrs={"overflowFlags": OVERFLOW_NONE},
                     attr_printers={"overflowFlags": _OVF_P}, attr_parsers={"overflowFlags": _OVF_R})
    else:
        fmt = "$lhs `,` $rhs attr-dict `:` type($result)"
    return type(f"{mn}Op", (_Binary,), dict(name=f"arith.{mn}", assembly_format=fmt, **attrs))


def _float_binop(mn: str) -> type[OpDef]:
    fmt = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    return type(f"{mn}Op", (_Binary,), dict(
        name=f"arith.{mn}", assembly_format=fmt, props=("fastmath",), float_op=True, traits=_traits(mn),
        default_attrs={"fastmath": FASTMATH_NONE},
        attr_printers={"fastmath": _FM_P}, attr_parsers={"fastmath": _FM_R}))


for _mn in ("addi", "subi", "muli", "shli"):
    globals()[_mn] = _int_binop(_mn, True)


def _muli_names(op: Operation) -> list[str | None]:
    """MulIOp::getAsmResultNames: an index `constant * vector.vscale` (either order) is `%c<N>_vscale`."""
    if op.results[0].type != T.index:
        return [None]
    for a, b in ((op.operands[0], op.operands[1]), (op.operands[1], op.operands[0])):
        da, db = a.defining_op(), b.defining_op()
        if da is not None and db is not None and db.name == "vector.vscale" and da.name == "arith.constant":
            v = da.attributes.get("value")
            if isinstance(v, A.IntegerAttr):
                return [f"c{v.value}_vscale"]
    return [None]


globals()["muli"].asm_names = staticmethod(_muli_names)
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
    if isinstance(s, T.MemRefType | T.UnrankedMemRefType):
        s = s.element_type
    return T.bit_width(s) if isinstance(s, T.IntegerType | T.FloatType | T.IndexType) else -1


def _elem(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, _SHAPED + _MEMREFS) else t


def _cast_ok(mn: str, a: T.Type, b: T.Type) -> bool:
    """``areCastCompatible``: same container (shape, scalability, encoding), then the element rule."""
    if _container(a) != _container(b):
        return False
    sa, sb = _elem(a), _elem(b)
    if mn in ("extsi", "extui", "extf"):
        return _width(sa) < _width(sb)
    if mn in ("trunci", "truncf"):
        return _width(sa) > _width(sb)
    if mn == "bitcast":
        return _width(a) == _width(b) and _width(a) > 0
    if mn in ("index_cast", "index_castui"):
        return isinstance(sa, T.IndexType) != isinstance(sb, T.IndexType)
    return True


# mnemonic -> (operand constraint, result constraint), ArithOps.td
_CASTS = {
    "extui": (_FIXED_INT_LIKE, _FIXED_INT_LIKE), "extsi": (_FIXED_INT_LIKE, _FIXED_INT_LIKE),
    "trunci": (_FIXED_INT_LIKE, _FIXED_INT_LIKE), "extf": (_FLOAT_LIKE, _FLOAT_LIKE),
    "truncf": (_FLOAT_LIKE, _FLOAT_LIKE), "uitofp": (_FIXED_INT_LIKE, _FLOAT_LIKE),
    "sitofp": (_FIXED_INT_LIKE, _FLOAT_LIKE), "fptoui": (_FLOAT_LIKE, _FIXED_INT_LIKE),
    "fptosi": (_FLOAT_LIKE, _FIXED_INT_LIKE), "index_cast": (_INDEX_CASTABLE, _INDEX_CASTABLE),
    "index_castui": (_INDEX_CASTABLE, _INDEX_CASTABLE), "bitcast": (_BITCASTABLE, _BITCASTABLE),
}
ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")
_ROUNDING = keyword_enum("i32", ROUNDING_MODES, attr_name="roundingmode")


def _verify_cast(cls: Any, op: Operation) -> None:
    """ODS order: type constraints, SameInputOutputTensorDims, SameOperandsAndResultShape, then
    the CastOpInterface check."""
    mn = cls.name.split(".")[1]
    a, b = op.operands[0].type, op.results[0].type
    ca, cb = _CASTS[mn]
    check_types(op, (ca,), (cb,))
    if _tensor_dims(a) != _tensor_dims(b):
        raise VerifyError("failed to verify that input and output have the same tensor dimensions", op)
    if not _compatible_shapes(a, b):
        raise VerifyError("requires the same shape for all operands and results", op)
    if not _cast_ok(mn, a, b):
        raise VerifyError(f"operand type '{a}' and result type '{b}' are cast incompatible", op)


_CAST_FMT = "attr-dict `:` type($in) `to` type($out)"


def _cast(mn: str, overflow: bool = False) -> type[OpDef]:
    d: dict[str, Any] = dict(name=f"arith.{mn}", operands=(single("in"),), results=(single("out"),),
                             traits=frozenset({"Pure"}), verify=classmethod(_verify_cast))
    if overflow:
        d.update(props=("overflowFlags",), default_attrs={"overflowFlags": OVERFLOW_NONE},
                 attr_printers={"overflowFlags": _OVF_P}, attr_parsers={"overflowFlags": _OVF_R},
                 assembly_format="$in (`overflow` `` $overflowFlags^)? " + _CAST_FMT)
    elif mn == "extf":
        d.update(props=("fastmath",), attr_printers={"fastmath": _FM_P}, attr_parsers={"fastmath": _FM_R},
                 assembly_format="$in (`fastmath` `` $fastmath^)? " + _CAST_FMT)
    elif mn == "truncf":
        d.update(props=("roundingmode", "fastmath"),
                 attr_printers={"fastmath": _FM_P, "roundingmode": _ROUNDING[0]},
                 attr_parsers={"fastmath": _FM_R, "roundingmode": _ROUNDING[1]},
                 assembly_format="$in ($roundingmode^)? (`fastmath` `` $fastmath^)? " + _CAST_FMT)
    else:
        d["assembly_format"] = "$in " + _CAST_FMT
    return type(f"{mn}Op", (OpDef,), d)


for _mn in ("index_cast", "index_castui", "sitofp", "uitofp", "fptosi", "fptoui", "extf", "truncf", "extsi",
            "extui", "bitcast"):
    globals()[_mn] = _cast(_mn)
globals()["trunci"] = _cast("trunci", True)


class AddUIExtendedOp(OpDef):
    name = "arith.addui_extended"
    operands = (single("lhs"), single("rhs"))
    results = (single("sum"), single("overflow"))
    traits = frozenset({"Pure"})
    asm_names = staticmethod(lambda op: ["sum", "overflow"])
    infer = {"lhs": _same_as("sum"), "rhs": _same_as("sum")}
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_types(op, (_SIGNLESS_INT_LIKE,) * 2, (_SIGNLESS_INT_LIKE, _BOOL_LIKE))
        ts = [v.type for v in (*op.operands, *op.results)]
        shaped = [t for t in ts if isinstance(t, _SHAPED)]
        if shaped and len(shaped) != len(ts):
            raise VerifyError("if an operand is non-scalar, then all results must be non-scalar", op)
        if shaped and len({(_container(t), type(t)) for t in shaped}) != 1:
            raise VerifyError("all non-scalar operands/results must have the same shape and base type", op)
        if not (op.operands[0].type == op.operands[1].type == op.results[0].type):
            raise VerifyError("failed to verify that all of {lhs, rhs, sum} have same type", op)


def _mul_extended(mn: str) -> type[OpDef]:
    def verify(cls: Any, op: Operation) -> None:
        check_types(op, (_SIGNLESS_INT_LIKE,) * 2, (_SIGNLESS_INT_LIKE,) * 2)
        if len({v.type for v in (*op.operands, *op.results)}) != 1:
            raise VerifyError("requires the same type for all operands and results", op)

    return type(f"{mn}Op", (OpDef,), dict(
        name=f"arith.{mn}", operands=(single("lhs"), single("rhs")), results=(single("low"), single("high")),
        traits=frozenset({"Pure", "SameOperandsAndResultType"}), verify=classmethod(verify),
        asm_names=staticmethod(lambda op: ["low", "high"]),
        infer={"rhs": _same_as("lhs"), "low": _same_as("lhs"), "high": _same_as("lhs")},
        assembly_format="$lhs `,` $rhs attr-dict `:` type($lhs)"))


for _mn in ("mulsi_extended", "mului_extended"):
    globals()[_mn] = _mul_extended(_mn)


def _scaling(mn: str) -> type[OpDef]:
    def verify(cls: Any, op: Operation) -> None:
        check_types(op, (_FLOAT_LIKE,) * 2, (_FLOAT_LIKE,))
        if not _compatible_shapes(op.operands[0].type, op.results[0].type):
            raise VerifyError("requires the same shape for all operands and results", op)

    return type(f"{mn}Op", (OpDef,), dict(
        name=f"arith.{mn}", operands=(single("in"), single("scale")), results=(single("out"),),
        props=("fastmath",) if mn == "scaling_extf" else ("roundingmode", "fastmath"),
        traits=frozenset({"Pure"}), verify=classmethod(verify),
        attr_printers={"fastmath": _FM_P, "roundingmode": _ROUNDING[0]},
        attr_parsers={"fastmath": _FM_R, "roundingmode": _ROUNDING[1]},
        assembly_format="$in `,` $scale " + ("($roundingmode^)? " if mn == "scaling_truncf" else "")
        + "(`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)"))


for _mn in ("scaling_extf", "scaling_truncf"):
    globals()[_mn] = _scaling(_mn)


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
        if isinstance(t, T.VectorType) and any(t.scalable) and isinstance(v, A.DenseElementsAttr) \
                and not v.splat:
            raise VerifyError("intializing scalable vectors with elements attribute is not supported unless "
                              "it's a vector splat", op)


def _i1_same_shape(t: T.Type) -> T.Type:
    if isinstance(t, T.TensorType):
        return T.TensorType(t.shape, T.i1, t.encoding)
    if isinstance(t, T.UnrankedTensorType):
        return T.UnrankedTensorType(T.i1)
    return _i1_like(t)


def _verify_cmp(cls: Any, op: Operation) -> None:
    """ODS order: the predicate attribute, type constraints, the i1-same-shape predicate, then
    SameTypeOperands."""
    pred = op.attributes.get("predicate")
    if pred is None:
        raise VerifyError("requires attribute 'predicate'", op)
    n = len(cls.predicates)
    if not (isinstance(pred, A.IntegerAttr) and pred.type == T.i64 and 0 <= pred.value < n):
        cases = ", ".join(map(str, range(n)))
        raise VerifyError("attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer "
                          f"cases: {cases}", op, parse_time=True)
    c = cls.operand_constraint
    check_types(op, (c, c), (_BOOL_LIKE,))
    if op.results[0].type != _i1_same_shape(op.operands[0].type):
        raise VerifyError("failed to verify that result type has i1 element type and same shape as operands", op)
    if op.operands[0].type != op.operands[1].type:
        raise VerifyError("requires all operands to have the same type", op)


def _parse_cmp(cls: Any, p: Any, results: list) -> Operation:
    """The format, then the type check of the result-type inference (``custom op ... 'lhs' must be``)."""
    op = format_of(cls).parse(p, cls, results)
    t = op.operands[0].type
    if not _satisfies(t, cls.operand_constraint):
        raise p.error(f"custom op '{cls.name}' 'lhs' must be {cls.operand_constraint[0]}, but got '{t}'",
                      p.name_pos)
    return op


class CmpIOp(OpDef):
    name = "arith.cmpi"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    props = ("predicate",)
    traits = frozenset({"Pure"})
    predicates = CMPI_PREDICATES
    operand_constraint = _SIGNLESS_INT_LIKE
    attr_printers = {"predicate": _CMPI[0]}
    attr_parsers = {"predicate": _CMPI[1]}
    infer = {"rhs": _same_as("lhs"), "result": lambda k: _i1_same_shape(k["lhs"][0])}
    assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"
    verify = classmethod(_verify_cmp)
    parse_custom = classmethod(_parse_cmp)


class CmpFOp(OpDef):
    name = "arith.cmpf"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    props = ("predicate", "fastmath")
    traits = frozenset({"Pure"})
    predicates = CMPF_PREDICATES
    operand_constraint = _FLOAT_LIKE
    default_attrs = {"fastmath": FASTMATH_NONE}
    attr_printers = {"predicate": _CMPF[0], "fastmath": _FM_P}
    attr_parsers = {"predicate": _CMPF[1], "fastmath": _FM_R}
    infer = {"rhs": _same_as("lhs"), "result": lambda k: _i1_same_shape(k["lhs"][0])}
    assembly_format = "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)"
    verify = classmethod(_verify_cmp)
    parse_custom = classmethod(_parse_cmp)


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
        check_types(op, (_BOOL_LIKE,), ())
        if not (op.operands[1].type == op.operands[2].type == op.results[0].type):
            raise VerifyError("failed to verify that all of {true_value, false_value, result} have same type", op)
        ct, rt = op.operands[0].type, op.results[0].type
        if ct != T.i1 and not (_shape_key(ct) is not None and _shape_key(rt) is not None
                               and _compatible_shapes(ct, rt)):
            raise VerifyError("failed to verify that condition is signless i1 or has matching shape", op)
        if ct == T.i1:
            return
        if not isinstance(rt, _SHAPED):
            raise VerifyError(f"expected condition to be a signless i1, but got {ct}", op)
        want = _i1_same_shape(rt)
        if ct != want:
            raise VerifyError("expected condition type to have the same shape as the result type, expected "
                              f"{want}, but got {ct}", op)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.values(op.operands) + pr.attr_dict_text(op.attributes) + " : "
        ct = op.operands[0].type
        if ct != T.i1:
            s += pr.type_text(ct) + ", "
        return s + pr.type_text(op.results[0].type)


arith_fold.install(globals())

# Every arith verifier reads only the op's types and attributes.
for _od in list(globals().values()):
    if isinstance(_od, type) and issubclass(_od, OpDef) and _od.name.startswith("arith."):
        _od.shape_verified = True
