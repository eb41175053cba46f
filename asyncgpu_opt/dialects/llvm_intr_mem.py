"""``llvm.intr.memcpy`` / ``memmove`` / ``memset`` and ``stacksave`` / ``stackrestore``
(LLVMIntrinsicOps.td), which ``finalize-memref-to-llvm`` emits for ``memref.copy``.
memcpy/memmove/memset have the generic form only upstream:

    "llvm.intr.memcpy"(%dst, %src, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    "llvm.intr.memset"(%dst, %val, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()

    stacksave    ::= attr-dict `:` type
    stackrestore ::= ssa attr-dict `:` type

Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``).
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single


class _MemIntr(OpDef):
    props = ("isVolatile", "arg_attrs", "access_groups", "alias_scopes", "noalias_scopes", "tbaa")
    _kinds: tuple[str, ...] = ("ptr", "ptr", "int")

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not isinstance(op.attributes.get("isVolatile"), A.IntegerAttr):
            raise VerifyError("requires attribute 'isVolatile'", op)
        for i, (v, kind) in enumerate(zip(op.operands, cls._kinds)):
            ok = isinstance(v.type, T.LLVMPointerType) if kind == "ptr" else isinstance(v.type, T.IntegerType)
            if not ok:
                what = "LLVM pointer type" if kind == "ptr" else "signless integer"
                raise VerifyError(f"operand #{i} must be {what}, but got '{v.type}'", op)


class MemcpyOp(_MemIntr):
    name = "llvm.intr.memcpy"
    operands = (single("dst"), single("src"), single("len"))


class MemmoveOp(_MemIntr):
    name = "llvm.intr.memmove"
    operands = (single("dst"), single("src"), single("len"))


class MemsetOp(_MemIntr):
    name = "llvm.intr.memset"
    operands = (single("dst"), single("val"), single("len"))
    _kinds = ("ptr", "int", "int")


class StackSaveOp(OpDef):
    """``llvm.intr.stacksave : !llvm.ptr`` (around ``memrefCopy``'s descriptor allocas)."""

    name = "llvm.intr.stacksave"
    results = (single("res"),)
    assembly_format = "attr-dict `:` qualified(type($res))"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not isinstance(op.results[0].type, T.LLVMPointerType):
            raise VerifyError(f"result #0 must be LLVM pointer type, but got '{op.results[0].type}'", op)


class StackRestoreOp(OpDef):
    """``llvm.intr.stackrestore %p : !llvm.ptr``."""

    name = "llvm.intr.stackrestore"
    operands = (single("ptr"),)
    assembly_format = "$ptr attr-dict `:` qualified(type($ptr))"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not isinstance(op.operands[0].type, T.LLVMPointerType):
            raise VerifyError(f"operand #0 must be LLVM pointer type, but got '{op.operands[0].type}'", op)
