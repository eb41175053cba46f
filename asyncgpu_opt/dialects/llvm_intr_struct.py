"""``llvm.intr.*`` with an aggregate result (LLVMIntrinsicOps.td): ``llvm.intr.sincos``, whose
result is ``!llvm.struct<(T, T)>`` for an operand of type ``T``.

    op ::= `llvm.intr.sincos` `(` ssa `)` attr-dict `:` functional-type(operands, results)

Shares the custom form of ``llvm_intr._Intrinsic``.  Loaded with the llvm dialect
(``ir.registry._EXTRA_MODULES``).
"""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import VerifyError, single
from .llvm_intr import _FLOAT_WHAT, FASTMATH_NONE, _Intrinsic, _is_float


class SincosOp(_Intrinsic):
    name = "llvm.intr.sincos"
    operands = (single("val"),)
    props = ("fastmathFlags",)
    default_attrs = {"fastmathFlags": FASTMATH_NONE}

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not _is_float(t):
            raise VerifyError(f"operand #0 must be {_FLOAT_WHAT}, but got '{t}'", op)
        rt = op.results[0].type
        if not (isinstance(rt, T.LLVMStructType) and len(rt.elements) == 2 and all(e == t for e in rt.elements)):
            raise VerifyError("expected result type to be an homogeneous struct with two elements matching the "
                              f"operand type, but got '{rt}'", op)
