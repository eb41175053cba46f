"""llvm dialect, constants: ``llvm.mlir.constant`` (ConstantOp::verify against the result type)
and ``llvm.mlir.{zero,undef,poison}``.  Loaded with ``llvm.py``."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from .llvm_common import (
    LLVMValueAttr,
    is_llvm_compatible,
    target_ext_has_zero_init,
    target_ext_name,
)


class ConstantOp(OpDef):
    name = "llvm.mlir.constant"
    results = (single("res"),)
    fold = staticmethod(lambda op, consts: [op.attributes["value"]])  # (ConstantLike: its value)
    props = ("value",)
    traits = frozenset({"Pure", "ConstantLike"})
    assembly_format = "`(` $value `)` attr-dict `:` type($res)"
    shape_verified = True  # the verifier reads only the value attribute and the result type

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_constant(op, op.attributes.get("value"), op.results[0].type)


def _const_num_elements(t: T.Type) -> int:
    if isinstance(t, T.VectorType):
        return t.num_elements()
    if isinstance(t, T.LLVMArrayType):
        return t.size * _const_num_elements(t.element_type)
    return 1


def _const_element_type(t: T.Type) -> T.Type:
    while isinstance(t, T.LLVMArrayType):
        t = t.element_type
    return t.element_type if isinstance(t, T.VectorType) else t


def _is_scalable(t: T.Type) -> bool:
    while isinstance(t, T.LLVMArrayType):
        t = t.element_type
    return isinstance(t, T.VectorType) and any(t.scalable)


def _verify_constant(op: Operation, v: Any, t: T.Type) -> None:
    """LLVM::ConstantOp::verify: the value attribute against the result type."""
    if isinstance(v, A.StringAttr):
        n = len(v.value.encode("utf-8", "surrogateescape"))
        # the reader keeps an invalid UTF-8 byte as U+FFFD: one byte or three, either length is accepted
        lossy = n - 2 * v.value.count("\ufffd")
        if not (isinstance(t, T.LLVMArrayType) and t.size in (n, lossy) and t.element_type == T.i8):
            n = lossy
            raise VerifyError(f"expected array type of {n} i8 elements for the string constant", op)
        return
    if isinstance(t, T.LLVMStructType):
        if not isinstance(v, A.ArrayAttr):
            raise VerifyError("expected array attribute for struct type", op)
        if len(v.elements) != len(t.elements):
            raise VerifyError(f"expected array attribute of size {len(t.elements)}", op)
        for i, (a, et) in enumerate(zip(v.elements, t.elements)):
            if not (isinstance(et, (T.FloatType, T.IndexType)) or isinstance(et, T.IntegerType) and not et.signedness):
                raise VerifyError("expected struct element types to be floating point type or integer type", op)
            if not isinstance(a, (A.FloatAttr, A.IntegerAttr)):
                raise VerifyError("expected element of array attribute to be floating point or integer", op)
            if a.type != et:
                raise VerifyError(f"struct element at index {i} is of wrong type", op)
        return
    if target_ext_name(t) is not None:
        raise VerifyError("does not support target extension type.", op)
    if isinstance(v, A.IntegerAttr):
        if not isinstance(t, T.IntegerType):
            raise VerifyError("expected integer type", op)
    elif isinstance(v, A.FloatAttr):
        _verify_float_semantics(op, v.type, t)
    elif isinstance(v, A.DenseElementsAttr):
        if _is_scalable(t):
            if not v.splat:
                raise VerifyError("scalable vector type requires a splat attribute", op)
            return
        if not isinstance(t, (T.VectorType, T.LLVMArrayType)):
            raise VerifyError("expected vector or array type", op)
        n, an = _const_num_elements(t), v.type.num_elements()
        if n != an:
            raise VerifyError(f"type and attribute have a different number of elements: {n} vs. {an}", op)
        ae, re_ = v.type.element_type, _const_element_type(t)
        if isinstance(ae, T.FloatType):
            _verify_float_semantics(op, ae, re_)
        elif isinstance(ae, T.IntegerType) and not isinstance(re_, T.IntegerType):
            raise VerifyError("expected integer element type for integer elements attribute", op)
    elif isinstance(v, A.ArrayAttr):
        if not isinstance(t, T.LLVMArrayType):
            raise VerifyError("expected array or struct type for array attribute", op)
        _verify_struct_array(op, t, v, 0)
    elif v is not None and not (isinstance(v, A.OpaqueAttr) and v.text.startswith("dense_resource<")):
        raise VerifyError("only supports integer, float, string or elements attributes", op)


def _verify_float_semantics(op: Operation, at: T.Type, t: T.Type) -> None:
    if isinstance(t, T.FloatType):
        if t != at:
            raise VerifyError("attribute and type have different float semantics", op)
    elif isinstance(t, T.IntegerType) and t.width != getattr(at, "width", 0):
        raise VerifyError(f"expected integer type of width {at.width}", op)


def _is_zero_or_undef(a: Any) -> bool:
    return isinstance(a, LLVMValueAttr) and a.kind in ("zero", "undef")


def _verify_struct_array(op: Operation, t: Any, v: Any, dim: int) -> None:
    """verifyStructArrayConstant: an ArrayAttr nests like the array type and ends in struct values."""
    if t.size != len(v.elements):
        raise VerifyError(f"array attribute size does not match array type size in dimension {dim}: "
                          f"{len(v.elements)} vs. {t.size}", op)
    if isinstance(t.element_type, T.LLVMArrayType):
        for i, a in enumerate(v.elements):
            if _is_zero_or_undef(a):
                continue
            if not isinstance(a, A.ArrayAttr):
                raise VerifyError(f"nested attribute for sub-array in dimension {dim} at index {i} must be a zero, "
                                  "or undef, or array attribute", op)
            _verify_struct_array(op, t.element_type, a, dim + 1)
        return
    st = t.element_type
    if not isinstance(st, T.LLVMStructType):
        raise VerifyError("for array with an array attribute must have a struct element type", op)
    for i, a in enumerate(v.elements):
        if _is_zero_or_undef(a):
            continue
        if not isinstance(a, A.ArrayAttr):
            raise VerifyError(f"nested attribute for struct element at index {i} must be a zero, or undef, or "
                              "array attribute", op)
        if len(a.elements) != len(st.elements):
            raise VerifyError(f"nested array attribute size for struct element at index {i} must match struct "
                              f"size: {len(a.elements)} vs. {len(st.elements)}", op)


def _nullary(mn: str) -> type[OpDef]:
    """``llvm.mlir.{zero,undef,poison}``: an LLVM-compatible result; a zero of a target extension
    type needs its HasZeroInit property."""
    def verify(cls: Any, op: Operation) -> None:
        t = op.results[0].type
        if not is_llvm_compatible(t):
            raise VerifyError(f"result #0 must be LLVM dialect-compatible type, but got '{t}'", op)
        name = target_ext_name(t) if mn == "zero" else None
        if name is not None and not target_ext_has_zero_init(name):
            raise VerifyError("target extension type does not support zero-initializer", op)

    return type(f"{mn}Op", (OpDef,), dict(
        name=f"llvm.mlir.{mn}", results=(single("res"),), traits=frozenset({"Pure"}), shape_verified=True,
        assembly_format="attr-dict `:` type($res)", verify=classmethod(verify)))


ZeroOp = _nullary("zero")
UndefOp = _nullary("undef")
PoisonOp = _nullary("poison")
