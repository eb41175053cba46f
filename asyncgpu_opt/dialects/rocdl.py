"""rocdl dialect (ROCDLOps.td): ``rocdl.load.to.lds``, the asynchronous global-to-LDS load AMD GPU
code carries; printed and verified, it does not run.

    load.to.lds ::= ssa `,` ssa `,` int `,` int `,` int attr-dict `:` pointer-type
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from .llvm_common import _mk, parse_pointer_type, pointer_type_text

_LDS = T.LLVMPointerType(3)
_INT_PROPS = ("size", "offset", "aux")


class LoadToLDSOp(OpDef):
    """``$globalPtr , $ldsPtr , $size , $offset , $aux attr-dict : type($globalPtr)``: ``ldsPtr`` is
    always ``!llvm.ptr<3>``; the three I32Attr properties print as bare integers."""

    name = "rocdl.load.to.lds"
    operands = (single("globalPtr"), single("ldsPtr"))
    props = ("aux", "offset", "size", "alias_scopes", "noalias_scopes", "tbaa")
    effects = None

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        g = p.parse_operand()
        p.parse_punct(",")
        lds = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        for name in _INT_PROPS:
            p.parse_punct(",")
            v = p.parse_integer()
            attrs[name] = A.IntegerAttr((v + 2**31) % 2**32 - 2**31, T.i32)  # an I32Attr keeps the low bits
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        gt = parse_pointer_type(p)
        return _mk(cls, [p.resolve(g, gt), p.resolve(lds, _LDS)], [], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g, lds = op.operands
        ints = ", ".join(str(op.attributes[n].value) for n in _INT_PROPS)
        return (f" {pr.value(g)}, {pr.value(lds)}, {ints}" + pr.attr_dict_text(op.attributes, _INT_PROPS)
                + f" : {pointer_type_text(pr, g.type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        for name in ("aux", "offset", "size"):
            a = op.attributes.get(name)
            if a is None:
                raise VerifyError(f"requires attribute '{name}'", op)
            if not (isinstance(a, A.IntegerAttr) and a.type == T.i32):
                raise VerifyError(f"attribute '{name}' failed to satisfy constraint: 32-bit signless integer "
                                  "attribute", op)
        g, lds = op.operands
        if not isinstance(g.type, T.LLVMPointerType):
            raise VerifyError(f"operand #0 must be LLVM pointer type, but got '{g.type}'", op)
        if lds.type != _LDS:
            raise VerifyError(f"operand #1 must be LLVM pointer in address space 3, but got '{lds.type}'", op)
