"""vector dialect, shape and mask ops (VectorOps.td) seen next to gpu code.

    vector.step attr-dict : vector-type
    vector.shape_cast %v attr-dict : type to type
    vector.transpose %v, [perm] attr-dict : type to type
    vector.extract_strided_slice %v {offsets, sizes, strides} : type to type
    vector.insert_strided_slice %v, %dst {offsets, strides} : type into type
    vector.shuffle %a, %b [mask] attr-dict : type, type
    vector.create_mask %i... attr-dict : vector-type
    vector.constant_mask [sizes] attr-dict : vector-type
    vector.interleave %a, %b attr-dict : type -> type ; vector.deinterleave %v attr-dict : type -> type
    vector.type_cast %m attr-dict : memref-type to memref-type
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic

_IDX = T.index


def _print_dense(pr: Any, a: A.Attribute) -> str:
    """A ``DenseI64ArrayAttr`` operand of a format: ``[1, 0]``."""
    vals = a.values if isinstance(a, A.DenseArrayAttr) else ()
    return "[" + ", ".join(str(v) for v in vals) + "]"


def _parse_dense(p: Any, optional: bool) -> A.Attribute | None:
    if optional and not p.peek("["):
        return None
    p.parse_punct("[")
    vals: list[int] = []
    if not p.parse_optional_punct("]"):
        while True:
            vals.append(p.parse_integer())
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
    return A.DenseArrayAttr(T.i64, vals)


def _num(t: T.Type) -> int:
    n = 1
    for d in getattr(t, "shape", ()):
        n *= d
    return n


def _vector(op: Operation, t: T.Type, what: str, i: int = 0) -> T.VectorType:
    if not isinstance(t, T.VectorType):
        raise VerifyError(f"{what} #{i} must be vector of any type values, but got '{t}'", op)
    return t


def int_list(a: A.Attribute | None) -> list[int]:
    """The integers of an ``I64ArrayAttr`` (``[0, 2]``)."""
    if isinstance(a, A.ArrayAttr):
        return [e.value for e in a.elements if isinstance(e, A.IntegerAttr)]
    return []


class StepOp(OpDef):
    name = "vector.step"
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.results[0].type
        if not (isinstance(t, T.VectorType) and len(t.shape) == 1 and t.element_type == _IDX):
            raise VerifyError(f"result #0 must be vector of index values of ranks 1, but got '{t}'", op)


class ShapeCastOp(OpDef):
    name = "vector.shape_cast"
    operands = (single("source"),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        s = _vector(op, op.operands[0].type, "operand")
        r = _vector(op, op.results[0].type, "result")
        if s.element_type != r.element_type:
            raise VerifyError("has different source and result element types", op)
        if _num(s) != _num(r):
            raise VerifyError(f"has different number of elements at source ({_num(s)}) and result ({_num(r)})", op)


class TransposeOp(OpDef):
    name = "vector.transpose"
    operands = (single("vector"),)
    results = (single("result"),)
    props = ("permutation",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    attr_printers = {"permutation": _print_dense}
    attr_parsers = {"permutation": _parse_dense}
    assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        s = _vector(op, op.operands[0].type, "operand")
        r = _vector(op, op.results[0].type, "result")
        perm = list(op.attributes["permutation"].values)
        if len(r.shape) != len(s.shape):
            raise VerifyError(f"vector result rank mismatch: {len(r.shape)}", op)
        if len(perm) != len(s.shape):
            raise VerifyError(f"transposition length mismatch: {len(perm)}", op)
        seen: set[int] = set()
        for i, p in enumerate(perm):  # (each entry checked in turn, as upstream does)
            if not 0 <= p < len(perm):
                raise VerifyError(f"transposition index out of range: {p}", op)
            if p in seen:
                raise VerifyError(f"duplicate position index: {p}", op)
            seen.add(p)
            if r.shape[i] != s.shape[p]:
                raise VerifyError(f"dimension size mismatch at: {p}", op)


class ExtractStridedSliceOp(OpDef):
    name = "vector.extract_strided_slice"
    operands = (single("source"),)
    results = (single("result"),)
    props = ("offsets", "sizes", "strides")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        s = _vector(op, op.operands[0].type, "operand")
        r = _vector(op, op.results[0].type, "result")
        offs, sizes, strides = (int_list(op.attributes.get(k)) for k in cls.props)
        rank = len(s.shape)
        for k, v in (("offsets", offs), ("sizes", sizes), ("strides", strides)):
            if len(v) > rank:
                raise VerifyError(f"expected {k} attribute of rank no greater than vector rank", op)
        if not (len(offs) == len(sizes) == len(strides)):
            raise VerifyError("expected offsets, sizes and strides attributes of same size", op)
        for i, (o, z, d) in enumerate(zip(offs, sizes, strides)):
            if not 0 <= o < s.shape[i]:
                raise VerifyError(f"expected offsets dimension {i} to be confined to [0, {s.shape[i]})", op)
            if d != 1:
                raise VerifyError("expected strides to be confined to [1, 2)", op)
            if not 0 < z <= s.shape[i] or o + z > s.shape[i]:
                raise VerifyError(f"expected sum(offsets, sizes) dimension {i} to be confined to "
                                  f"[1, {s.shape[i] + 1})", op)
        want = tuple(sizes) + s.shape[len(sizes):]
        if r.shape != want or r.element_type != s.element_type:
            raise VerifyError(f"expected result type to be '{T.VectorType(want, s.element_type)}'", op)


class InsertStridedSliceOp(OpDef):
    name = "vector.insert_strided_slice"
    operands = (single("valueToStore"), single("dest"))
    results = (single("result"),)
    props = ("offsets", "strides")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    infer = {"result": lambda k: k["dest"][0]}
    assembly_format = "$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        s = _vector(op, op.operands[0].type, "operand")
        d = _vector(op, op.operands[1].type, "operand", 1)
        offs, strides = int_list(op.attributes.get("offsets")), int_list(op.attributes.get("strides"))
        if len(offs) != len(d.shape):
            raise VerifyError("expected offsets of same size as destination vector rank", op)
        if len(strides) != len(s.shape):
            raise VerifyError("expected strides of same size as source vector rank", op)
        if len(s.shape) > len(d.shape):
            raise VerifyError("expected source rank to be no greater than destination rank", op)


class ShuffleOp(OpDef):
    name = "vector.shuffle"
    operands = (single("v1"), single("v2"))
    results = (single("vector"),)
    props = ("mask",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    attr_printers = {"mask": _print_dense}
    attr_parsers = {"mask": _parse_dense}
    assembly_format = "operands $mask attr-dict `:` type(operands)"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        a = p.parse_operand()
        p.parse_punct(",")
        b = p.parse_operand()
        mask = _parse_dense(p, False)
        attrs = p.parse_optional_attr_dict()
        attrs["mask"] = mask
        p.parse_punct(":")
        ta = p.parse_type()
        p.parse_punct(",")
        tb = p.parse_type()
        n = len(mask.values)
        rt = T.VectorType((n,) + ta.shape[1:], ta.element_type) if isinstance(ta, T.VectorType) \
            else T.VectorType((n,), ta)
        return cls.build({"v1": p.resolve(a, ta), "v2": p.resolve(b, tb)}, {"vector": rt}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {pr.values(op.operands)} {_print_dense(pr, op.attributes['mask'])}"
                f"{pr.attr_dict_text(op.attributes, ('mask',))} : {pr.types([v.type for v in op.operands])}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = op.operands[0].type, op.operands[1].type
        ra = a.shape if isinstance(a, T.VectorType) else ()
        rb = b.shape if isinstance(b, T.VectorType) else ()
        if len(ra) != len(rb):
            raise VerifyError("rank mismatch", op)
        if ra[1:] != rb[1:]:
            raise VerifyError("dimension mismatch", op)
        total = (ra[0] if ra else 1) + (rb[0] if rb else 1)
        for i, m in enumerate(op.attributes["mask"].values):
            if m != -1 and not 0 <= m < total:
                raise VerifyError(f"mask index #{i + 1} out of range", op)


class CreateMaskOp(OpDef):
    name = "vector.create_mask"
    operands = (variadic("operands", _IDX),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$operands attr-dict `:` type(results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = _vector(op, op.results[0].type, "result")
        if len(op.operands) != len(r.shape):
            raise VerifyError("must specify an operand for each result vector dimension", op)


class ConstantMaskOp(OpDef):
    name = "vector.constant_mask"
    results = (single("result"),)
    props = ("mask_dim_sizes",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    attr_printers = {"mask_dim_sizes": _print_dense}
    attr_parsers = {"mask_dim_sizes": _parse_dense}
    assembly_format = "$mask_dim_sizes attr-dict `:` type(results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = _vector(op, op.results[0].type, "result")
        sizes = list(op.attributes["mask_dim_sizes"].values)
        if len(sizes) != len(r.shape):
            raise VerifyError("must specify array attr of size equal vector result rank", op)
        for s, d in zip(sizes, r.shape):
            if not 0 <= s <= d:
                raise VerifyError("array attr of size out of bounds of vector result dimension size", op)
        if 0 in sizes and any(sizes):
            raise VerifyError("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask "
                              "dim", op)


class InterleaveOp(OpDef):
    name = "vector.interleave"
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    infer = {"rhs": lambda k: k["lhs"][0]}
    assembly_format = "$lhs `,` $rhs  attr-dict `:` type($lhs) `->` type($result)"


class DeinterleaveOp(OpDef):
    name = "vector.deinterleave"
    operands = (single("source"),)
    results = (single("res1"), single("res2"))
    traits = frozenset({"Pure"})
    effects = ()
    infer = {"res2": lambda k: k["res1"][0]}
    asm_names = staticmethod(lambda op: ["res1", "res2"])
    assembly_format = "$source attr-dict `:` type($source) `->` type($res1)"


class TypeCastOp(OpDef):
    name = "vector.type_cast"
    operands = (single("memref"),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    view_source = "memref"
    assembly_format = "$memref attr-dict `:` type($memref) `to` type($result)"
