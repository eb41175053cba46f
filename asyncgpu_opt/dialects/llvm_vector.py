"""llvm dialect, vectors: ``llvm.extractelement``, ``llvm.insertelement``, ``llvm.shufflevector``
(LLVMOps.td) and ``llvm.intr.vector.insert`` / ``llvm.intr.vector.extract`` /
``llvm.intr.vector.interleave2`` / ``llvm.intr.vector.deinterleave2`` (LLVMIntrinsicOps.td; the last
two have only the generic form).
Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``).

    extractelement  ::= ssa `[` ssa `:` type `]` attr-dict `:` vector-type
    insertelement   ::= ssa `,` ssa `[` ssa `:` type `]` attr-dict `:` vector-type
    shufflevector   ::= ssa `,` ssa `[` int (`,` int)* `]` attr-dict `:` vector-type
    vector.insert   ::= ssa `,` ssa `[` int `]` attr-dict `:` vector-type `into` vector-type
    vector.extract  ::= ssa `[` int `]` attr-dict `:` vector-type `from` vector-type
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from .llvm_common import i32_array_parser, i32_array_printer, is_llvm_compatible

_PURE = frozenset({"Pure"})
_MAX_VECTOR_BITS = 1 << 17


class _NotVector(ValueError):
    """Raised by an inference rule that needs a vector type (propagates out of the format's parse)."""

    def __init__(self, t: T.Type) -> None:
        super().__init__(str(t))
        self.type = t


class _NotCompatible(ValueError):
    """Raised by an inference rule whose vector operand fails its ODS constraint (checked by the
    generated parser before it infers from the type)."""

    def __init__(self, name: str, t: T.Type) -> None:
        super().__init__(name)
        self.name = name
        self.type = t


def _vec(t: T.Type, name: str) -> T.VectorType:
    if not isinstance(t, T.VectorType):
        raise _NotVector(t)
    if not is_llvm_compatible(t):
        raise _NotCompatible(name, t)
    return t


def _parse_with_vector(cls: Any, p: Any, results: list) -> Operation:
    """The format's parse; a trailing type that is not a vector is upstream's located error from
    ``parseType<VectorType>`` (ODS types the variable as ``VectorType``)."""
    start = p.pos
    try:
        return cls._format.parse(p, cls, results)
    except _NotVector as e:
        pos = _skip_ws(p.text, p.text.rfind(":", start, p.pos) + 1)
        raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.vector, but found "
                      f"'{e.type}'", pos) from None
    except _NotCompatible as e:
        raise p.error(f"custom op '{cls.name}' '{e.name}' must be LLVM dialect-compatible vector type, but got "
                      f"'{e.type}'", p.name_pos) from None


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _vector_operand(op: Operation, i: int) -> None:
    t = op.operands[i].type
    if not (isinstance(t, T.VectorType) and is_llvm_compatible(t)):
        raise VerifyError(f"operand #{i} must be LLVM dialect-compatible vector type, but got '{t}'", op)


def _signless_operand(op: Operation, i: int) -> None:
    t = op.operands[i].type
    if not (isinstance(t, T.IntegerType) and not t.signedness):
        raise VerifyError(f"operand #{i} must be signless integer, but got '{t}'", op)


def _i64_parser(p: Any, optional: bool) -> A.Attribute | None:
    v = p.parse_optional_integer()
    if v is None:
        if optional:
            return None
        raise p.error("expected integer value")
    return A.IntegerAttr(v, T.i64)


def _int_printer(pr: Any, a: A.Attribute) -> str:
    return str(a.value) if isinstance(a, A.IntegerAttr) else pr.attr_text(a)


class ExtractElementOp(OpDef):
    name = "llvm.extractelement"
    operands = (single("vector"), single("position"))
    results = (single("res"),)
    traits = _PURE
    effects = ()
    shape_verified = True
    assembly_format = "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"
    infer = {"res": lambda k: [_vec(k["vector"][0], "vector").element_type]}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        return _parse_with_vector(cls, p, results)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_operand(op, 0)
        _signless_operand(op, 1)
        vt = op.operands[0].type
        if op.results[0].type != vt.element_type:
            raise VerifyError("failed to verify that result type matches vector element type", op)


class InsertElementOp(OpDef):
    name = "llvm.insertelement"
    operands = (single("vector"), single("value"), single("position"))
    results = (single("res"),)
    traits = _PURE
    effects = ()
    shape_verified = True
    assembly_format = "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"
    infer = {"res": lambda k: k["vector"], "value": lambda k: [_vec(k["vector"][0], "vector").element_type]}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        return _parse_with_vector(cls, p, results)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_operand(op, 0)
        _signless_operand(op, 2)
        vt = op.operands[0].type
        if op.operands[1].type != vt.element_type:
            raise VerifyError("failed to verify that argument type matches vector element type", op)
        if op.results[0].type != vt:
            raise VerifyError("failed to verify that all of {res, vector} have same type", op)


def _shuffle_result(k: dict[str, Any]) -> list[T.Type]:
    vt = _vec(k["v1"][0], "v1")
    n = len(k["$attrs"]["mask"].values)
    return [T.VectorType([n], vt.element_type, [bool(vt.scalable and vt.scalable[0])])]


class ShuffleVectorOp(OpDef):
    name = "llvm.shufflevector"
    operands = (single("v1"), single("v2"))
    results = (single("res"),)
    props = ("mask",)
    traits = _PURE
    effects = ()
    shape_verified = True
    attr_printers = {"mask": i32_array_printer}
    attr_parsers = {"mask": i32_array_parser}
    # custom<ShuffleType> prints nothing (the result type follows from the mask): the trailing space
    assembly_format = "$v1 `,` $v2 $mask attr-dict `:` type($v1) ` `"
    infer = {"v2": lambda k: k["v1"], "res": _shuffle_result}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        op = _parse_with_vector(cls, p, results)
        if not op.attributes["mask"].values:
            raise p.error("vector types must have positive constant sizes but got 0", p.name_pos)
        return op

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_operand(op, 0)
        _vector_operand(op, 1)
        rt = op.results[0].type
        if not isinstance(rt, T.VectorType):
            raise VerifyError(f"result #0 must be LLVM dialect-compatible vector type, but got '{rt}'", op)
        if op.operands[0].type != op.operands[1].type:
            raise VerifyError("failed to verify that all of {v1, v2} have same type", op)
        vt = op.operands[0].type
        mask = op.attributes["mask"].values
        if any(vt.scalable) and any(m != 0 for m in mask):
            raise VerifyError("expected a splat operation for scalable vectors", op)


def _bits(t: T.Type) -> int:
    """Minimum size in bits of a vector (its element count times the element width)."""
    w = getattr(t.element_type, "width", None)
    return t.num_elements() * (64 if w is None else w)


def _scalable(t: T.Type) -> bool:
    return isinstance(t, T.VectorType) and any(t.scalable)


def _verify_pos(op: Operation) -> None:
    pos = op.attributes.get("pos")
    if pos is None:
        raise VerifyError("requires attribute 'pos'", op)
    if not (isinstance(pos, A.IntegerAttr) and pos.type == T.i64):
        raise VerifyError("attribute 'pos' failed to satisfy constraint: 64-bit signless integer attribute", op)


class VectorInsertOp(OpDef):
    name = "llvm.intr.vector.insert"
    operands = (single("dstvec"), single("srcvec"))
    results = (single("res"),)
    props = ("pos",)
    traits = _PURE
    effects = ()
    shape_verified = True
    attr_printers = {"pos": _int_printer}
    attr_parsers = {"pos": _i64_parser}
    assembly_format = "$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)"
    infer = {"dstvec": lambda k: k["res"]}

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_pos(op)
        _vector_operand(op, 0)
        _vector_operand(op, 1)
        dst, src, res = op.operands[0].type, op.operands[1].type, op.results[0].type
        if not isinstance(res, T.VectorType):
            raise VerifyError(f"result #0 must be LLVM dialect-compatible vector type, but got '{res}'", op)
        if dst != res:
            raise VerifyError("failed to verify that all of {dstvec, res} have same type", op)
        if _bits(src) > _MAX_VECTOR_BITS or _bits(dst) > _MAX_VECTOR_BITS:
            raise VerifyError("failed to verify that vectors are not bigger than 2^17 bits.", op)
        if _scalable(src) and not _scalable(dst):
            raise VerifyError("failed to verify that it is not inserting scalable into fixed-length vectors.", op)


class VectorExtractOp(OpDef):
    name = "llvm.intr.vector.extract"
    operands = (single("srcvec"),)
    results = (single("res"),)
    props = ("pos",)
    traits = _PURE
    effects = ()
    shape_verified = True
    attr_printers = {"pos": _int_printer}
    attr_parsers = {"pos": _i64_parser}
    assembly_format = "$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_pos(op)
        _vector_operand(op, 0)
        src, res = op.operands[0].type, op.results[0].type
        if not isinstance(res, T.VectorType):
            raise VerifyError(f"result #0 must be LLVM dialect-compatible vector type, but got '{res}'", op)
        if _bits(src) > _MAX_VECTOR_BITS or _bits(res) > _MAX_VECTOR_BITS:
            raise VerifyError("failed to verify that vectors are not bigger than 2^17 bits.", op)
        if _scalable(res) and not _scalable(src):
            raise VerifyError("failed to verify that it is not extracting scalable from fixed-length vectors.", op)


def _element_count(t: T.Type) -> tuple[int, bool] | None:
    """LLVM::getVectorNumElements: (minimum count, scalable) of a vector type, else None."""
    if not isinstance(t, T.VectorType):
        return None
    return t.num_elements(), any(t.scalable)


class VectorInterleave2Op(OpDef):
    """``llvm.intr.vector.interleave2`` (generic form only): two vectors of one type merged
    alternately into a vector of twice the elements."""

    name = "llvm.intr.vector.interleave2"
    operands = (single("vec1"), single("vec2"))
    results = (single("res"),)
    traits = _PURE
    effects = ()
    shape_verified = True

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_operand(op, 0)
        _vector_operand(op, 1)
        a, b = op.operands
        if a.type != b.type:
            raise VerifyError("failed to verify that all of {vec1, vec2} have same type", op)
        rt = op.results[0].type
        if not isinstance(rt, T.VectorType):
            raise VerifyError(f"result #0 must be LLVM dialect-compatible vector type, but got '{rt}'", op)
        n, res_n = _element_count(a.type), _element_count(rt)
        if res_n is None or n is None or res_n != (n[0] * 2, n[1]) or rt.element_type != a.type.element_type:
            raise VerifyError("failed to verify that result has twice as many elements as 'vec1'", op)


class VectorDeinterleave2Op(OpDef):
    """``llvm.intr.vector.deinterleave2`` (generic form only): a vector split into its even and odd
    elements (the result, a struct of the two, is not constrained upstream)."""

    name = "llvm.intr.vector.deinterleave2"
    operands = (single("vec"),)
    results = (single("res"),)
    traits = _PURE
    effects = ()

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_operand(op, 0)
