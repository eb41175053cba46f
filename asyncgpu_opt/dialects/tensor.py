"""tensor dialect: the ops memref code carries next to its memrefs (``tensor.dim``,
``tensor.expand_shape``, ``tensor.collapse_shape``; TensorOps.td), printed and verified.  Tensors are
values: the ops have no memory effects."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .memref import _IDX, PURE, _names
from .memref_reshape import _reassociation, verify_collapsed_shape


def _ranked(t: T.Type) -> bool:
    return isinstance(t, T.TensorType)


class DimOp(OpDef):
    name = "tensor.dim"
    effects = ()
    operands = (single("source"), single("index", _IDX))
    results = (single("result", _IDX),)
    traits = PURE
    asm_names = _names("dim")
    assembly_format = "attr-dict $source `,` $index `:` type($source)"
    shape_verified = True

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not isinstance(t, T.TensorType | T.UnrankedTensorType) or (_ranked(t) and not t.shape):
            raise VerifyError("operand #0 must be non-0-ranked or unranked tensor of any type values, but got "
                              f"'{t}'", op)


class ExpandShapeOp(OpDef):
    name = "tensor.expand_shape"
    effects = ()
    operands = (single("src"), variadic("output_shape", _IDX))
    results = (single("result"),)
    props = ("reassociation", "static_output_shape")
    traits = PURE
    asm_names = _names("expanded")
    assembly_format = ("$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
                       "$static_output_shape) attr-dict `:` type($src) `into` type($result)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if not _ranked(src) or not _ranked(res):
            return
        if len(src.shape) > len(res.shape):
            raise VerifyError(f"has source rank {len(src.shape)} and result rank {len(res.shape)}. This is not "
                              f"an expansion ({len(src.shape)} > {len(res.shape)}).", op)
        verify_collapsed_shape(op, src.shape, res.shape, _reassociation(op))


class CollapseShapeOp(OpDef):
    name = "tensor.collapse_shape"
    effects = ()
    operands = (single("src"),)
    results = (single("result"),)
    props = ("reassociation",)
    traits = PURE
    asm_names = _names("collapsed")
    assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if not _ranked(src) or not _ranked(res):
            return
        if len(src.shape) < len(res.shape):
            raise VerifyError(f"has source rank {len(src.shape)} and result rank {len(res.shape)}. This is not "
                              f"a collapse ({len(src.shape)} < {len(res.shape)}).", op)
        verify_collapsed_shape(op, res.shape, src.shape, _reassociation(op))
