"""tensor dialect: the ops memref code carries next to its memrefs (``tensor.dim``,
``tensor.expand_shape``, ``tensor.collapse_shape``; TensorOps.td), printed and verified.  Tensors are
values: the ops have no memory effects."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .memref import _IDX, PURE, _names
from .memref_reshape import _reassociation


def _ranked(t: T.Type) -> bool:
    return isinstance(t, T.TensorType)


def _verify_reshape(op: Operation, expanded: T.TensorType, collapsed: T.TensorType) -> None:
    """verifyTensorReshapeOp: ranks, one reassociation group per collapsed dim, and each collapsed
    dim the product of its (static) group, dynamic if any of the group is."""
    if len(expanded.shape) < len(collapsed.shape):
        raise VerifyError(f"expected the expanded type, '{expanded}' to have a higher (or same) rank than the "
                          f"collapsed type, '{collapsed}'.", op)
    groups = _reassociation(op)
    if len(collapsed.shape) != len(groups):
        raise VerifyError(f"expected collapsed rank ({len(collapsed.shape)}) to equal the number of reassociation "
                          f"maps ({len(groups)}).", op)
    start = 0
    for i, g in enumerate(groups):
        dims = expanded.shape[start:start + len(g)]
        start += len(g)
        if any(d == T.DYNAMIC for d in dims):
            if collapsed.shape[i] != T.DYNAMIC:
                raise VerifyError(f"expected dimension {i} of collapsed type to be dynamic since one or more of the "
                                  "corresponding dimensions in the expanded type is dynamic", op)
            continue
        size = 1
        for d in dims:
            size *= d
        if collapsed.shape[i] != size:
            raise VerifyError(f"expected dimension {i} of collapsed type to be static value of {size}", op)


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
            raise VerifyError(f"operand #0 must be non-0-ranked or unranked tensor, but got '{t}'", op)


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
        _reassociation(op)  # its attribute constraint first
        src, res = op.operands[0].type, op.results[0].type
        if _ranked(src) and _ranked(res):
            _verify_reshape(op, res, src)


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
        _reassociation(op)  # its attribute constraint first
        src, res = op.operands[0].type, op.results[0].type
        if _ranked(src) and _ranked(res):
            _verify_reshape(op, src, res)
