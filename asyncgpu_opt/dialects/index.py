"""index dialect (IndexOps.td): integer arithmetic on ``index`` values and casts to and from it.

    index.<binop> %a, %b attr-dict                      (add sub mul divs divu ceildivs ceildivu
                                                         floordivs rems remu maxs maxu mins minu
                                                         shl shrs shru and or xor)
    index.casts / index.castu %v attr-dict : type to type
    index.cmp pred(%a, %b) attr-dict
    index.constant value attr-dict ; index.bool.constant value attr-dict ; index.sizeof attr-dict
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single

_IDX = T.index
PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
A.register_enum("index", "cmp_predicate", PREDICATES, "::mlir::index::IndexCmpPredicate")


def _binop(mnemonic: str) -> type[OpDef]:
    return type(f"{mnemonic.capitalize()}Op", (OpDef,), {
        "name": f"index.{mnemonic}", "operands": (single("lhs", _IDX), single("rhs", _IDX)),
        "results": (single("result", _IDX),), "traits": frozenset({"Pure"}), "effects": (),
        "shape_verified": True, "assembly_format": "$lhs `,` $rhs attr-dict",
        "__doc__": f"``index.{mnemonic} %a, %b``", "__module__": __name__})


BINOPS = {m: _binop(m) for m in ("add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems",
                                 "remu", "maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor")}


class _Cast(OpDef):
    operands = (single("input"),)
    results = (single("output"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = op.operands[0].type, op.results[0].type
        if not isinstance(a, T.IntegerType | T.IndexType):
            raise VerifyError(f"operand #0 must be integer or index, but got '{a}'", op)
        if not isinstance(b, T.IntegerType | T.IndexType):
            raise VerifyError(f"result #0 must be integer or index, but got '{b}'", op)
        if isinstance(a, T.IndexType) == isinstance(b, T.IndexType):
            raise VerifyError(f"operand type '{a}' and result type '{b}' are cast incompatible", op)


class CastSOp(_Cast):
    name = "index.casts"


class CastUOp(_Cast):
    name = "index.castu"


class CmpOp(OpDef):
    name = "index.cmp"
    operands = (single("lhs", _IDX), single("rhs", _IDX))
    results = (single("result", T.i1),)
    props = ("pred",)
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        pos = p.skip()
        w = p.parse_optional_bare_id()
        if w not in PREDICATES:
            raise p.error(f"expected ::mlir::index::IndexCmpPredicate to be one of: {', '.join(PREDICATES)}", pos)
        p.parse_punct("(")
        a = p.parse_operand()
        p.parse_punct(",")
        b = p.parse_operand()
        p.parse_punct(")")
        attrs = p.parse_optional_attr_dict()
        attrs["pred"] = A.EnumAttr("index", "cmp_predicate", w)
        return cls.build({"lhs": p.resolve(a, _IDX), "rhs": p.resolve(b, _IDX)}, {"result": T.i1}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {op.attributes['pred'].value}({pr.values(op.operands)})"
                f"{pr.attr_dict_text(op.attributes, ('pred',))}")


class ConstantOp(OpDef):
    name = "index.constant"
    results = (single("result", _IDX),)
    props = ("value",)
    traits = frozenset({"Pure", "ConstantLike"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        v = p.parse_integer()
        attrs = p.parse_optional_attr_dict()
        attrs["value"] = A.IntegerAttr(v, _IDX)
        return cls.build({}, {"result": _IDX}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return f" {op.attributes['value'].value}{pr.attr_dict_text(op.attributes, ('value',))}"

    asm_names = staticmethod(lambda op: [f"idx{op.attributes['value'].value}"])


class SizeOfOp(OpDef):
    name = "index.sizeof"
    results = (single("result", _IDX),)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = "attr-dict"
