"""``llvm.intr.matrix.*`` and ``llvm.intr.masked.*`` (LLVMIntrinsicOps.td).  Loaded with the llvm
dialect (``ir.registry._EXTRA_MODULES``).

    matrix.column.major.load  ::= ssa `,` `<` `stride` `=` ssa `>` attr-dict `:` type `from` type `stride` type
    matrix.column.major.store ::= ssa `,` ssa `,` `<` `stride` `=` ssa `>` attr-dict `:` type `to` type `stride` type
    matrix.multiply           ::= ssa `,` ssa attr-dict `:` `(` type `,` type `)` `->` type
    matrix.transpose          ::= ssa attr-dict `:` type `into` type
    masked.load / gather      ::= operands attr-dict `:` functional-type(operands, results)
    masked.store / scatter    ::= ssa `,` ssa `,` ssa attr-dict `:` type `,` type `into` type
    masked.expandload / compressstore: generic form only

Verification follows ODS: required attributes, attribute constraints, operand and result type
constraints (in declaration order), then the ops' own verifiers (gather/scatter: the pointer vector
matches the data vector's length).
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from .llvm_common import is_llvm_compatible

_ATTR_WHAT = {"i1": "1-bit signless integer attribute", "i32": "32-bit signless integer attribute"}
_TYPE_WHAT = {
    "ptr": "LLVM pointer type",
    "int": "signless integer",
    "vec": "LLVM dialect-compatible vector type",
    "mask": "LLVM dialect-compatible vector of 1-bit signless integer",
    "ptrs": "LLVM dialect-compatible vector of LLVM pointer type",
}


def _vec_of(t: T.Type, pred: Any) -> bool:
    return isinstance(t, T.VectorType) and is_llvm_compatible(t) and pred(t.element_type)


def _type_ok(t: T.Type, kind: str) -> bool:
    kind = kind.removeprefix("variadic ")
    if kind == "ptr":
        return isinstance(t, T.LLVMPointerType)
    if kind == "int":
        return isinstance(t, T.IntegerType) and not t.signedness
    if kind == "vec":
        return isinstance(t, T.VectorType) and is_llvm_compatible(t)
    if kind == "mask":
        return _vec_of(t, lambda e: e == T.i1)
    if kind == "ptrs":
        return _vec_of(t, lambda e: isinstance(e, T.LLVMPointerType))
    return True


class _MatrixMasked(OpDef):
    """ODS checks from ``_attr_kinds`` (attribute -> "i1"/"i32"), ``_operand_kinds`` and
    ``_result_kind`` (see ``_TYPE_WHAT``); ``_verify_more`` adds an op's own verifier."""

    _attr_kinds: tuple[tuple[str, str], ...] = ()
    _operand_kinds: tuple[str, ...] = ()
    _result_kind: str = ""
    _unit: tuple[str, ...] = ()

    _vector_types: tuple[str, ...] = ()  # `type($x)` directives of the custom form, in order: "x" or "-x"
    # ("-": not a vector), upstream parses a vector-typed one with parseType<VectorType>

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        """The format, then the attribute checks upstream's parser makes on the attribute dictionary
        (properties), then the types it parsed as ``VectorType``."""
        start = p.pos
        op = cls._format.parse(p, cls, results)
        try:
            cls._check_attrs(op)
        except VerifyError as e:
            pos = p.text.find("{", p.name_pos, p.pos)
            raise p.error(f"custom op '{cls.name}' '{cls.name}' op {e.message}", pos if pos >= 0 else p.name_pos) \
                from None
        if cls._vector_types:
            cls._check_vector_types(p, op, start)
        return op

    @classmethod
    def _check_vector_types(cls, p: Any, op: Operation, start: int) -> None:
        text = p.text
        cursor = text.rfind(":", start, p.pos)
        for var in cls._vector_types:
            name = var.lstrip("-")
            i = cls._operand_index.get(name)
            t = op.operands[i].type if i is not None else op.results[0].type
            found = text.find(t.text, cursor, p.pos)
            at = found if found >= 0 else cursor
            if found >= 0:
                cursor = found + len(t.text)
            if not var.startswith("-") and not isinstance(t, T.VectorType):
                raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.vector, "
                              f"but found '{t}'", at)

    @classmethod
    def _check_attrs(cls, op: Operation) -> None:
        attrs = op.attributes
        for name, kind in cls._attr_kinds:
            a = attrs.get(name)
            if a is not None and not (isinstance(a, A.IntegerAttr) and a.type == (T.i1 if kind == "i1" else T.i32)):
                raise VerifyError(f"attribute '{name}' failed to satisfy constraint: {_ATTR_WHAT[kind]}", op,
                                  parse_time=True)
        for name in cls._unit:
            a = attrs.get(name)
            if a is not None and not isinstance(a, A.UnitAttr):
                raise VerifyError(f"attribute '{name}' failed to satisfy constraint: unit attribute", op,
                                  parse_time=True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        attrs = op.attributes
        for name, _kind in cls._attr_kinds:
            if name not in attrs:
                raise VerifyError(f"requires attribute '{name}'", op)
        cls._check_attrs(op)
        for i, (v, kind) in enumerate(zip(op.operands, cls._operand_kinds_of(op))):
            if not _type_ok(v.type, kind):
                raise VerifyError(f"operand #{i} must be {cls._what(kind)}, but got '{v.type}'", op)
        if cls._result_kind and op.results and not _type_ok(op.results[0].type, cls._result_kind):
            raise VerifyError(f"result #0 must be {cls._what(cls._result_kind)}, but got '{op.results[0].type}'", op)
        cls._verify_more(op)

    @classmethod
    def _operand_kinds_of(cls, op: Operation) -> tuple[str, ...]:
        kinds = cls._operand_kinds
        return kinds + (kinds[-1],) * (len(op.operands) - len(kinds))

    @staticmethod
    def _what(kind: str) -> str:
        if kind.startswith("variadic "):
            return "variadic of " + _TYPE_WHAT[kind[9:]]
        return _TYPE_WHAT[kind]

    @classmethod
    def _verify_more(cls, op: Operation) -> None:
        pass


class MatrixColumnMajorLoadOp(_MatrixMasked):
    name = "llvm.intr.matrix.column.major.load"
    operands = (single("data"), single("stride"))
    results = (single("res"),)
    props = ("isVolatile", "rows", "columns")
    assembly_format = ("$data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($res) `from` "
                       "qualified(type($data)) `stride` type($stride)")
    _attr_kinds = (("isVolatile", "i1"), ("rows", "i32"), ("columns", "i32"))
    _vector_types = ("res",)
    _operand_kinds = ("ptr", "int")
    _result_kind = "vec"


class MatrixColumnMajorStoreOp(_MatrixMasked):
    name = "llvm.intr.matrix.column.major.store"
    operands = (single("matrix"), single("data"), single("stride"))
    props = ("isVolatile", "rows", "columns")
    assembly_format = ("$matrix `,` $data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($matrix) `to` "
                       "qualified(type($data)) `stride` type($stride)")
    _attr_kinds = (("isVolatile", "i1"), ("rows", "i32"), ("columns", "i32"))
    _vector_types = ("matrix",)
    _operand_kinds = ("vec", "ptr", "int")


class MatrixMultiplyOp(_MatrixMasked):
    name = "llvm.intr.matrix.multiply"
    operands = (single("lhs"), single("rhs"))
    results = (single("res"),)
    props = ("lhs_rows", "lhs_columns", "rhs_columns")
    assembly_format = "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)"
    _attr_kinds = (("lhs_rows", "i32"), ("lhs_columns", "i32"), ("rhs_columns", "i32"))
    _vector_types = ("lhs", "rhs", "res")
    _operand_kinds = ("vec", "vec")
    _result_kind = "vec"


class MatrixTransposeOp(_MatrixMasked):
    name = "llvm.intr.matrix.transpose"
    operands = (single("matrix"),)
    results = (single("res"),)
    props = ("rows", "columns")
    assembly_format = "$matrix attr-dict `:` type($matrix) `into` type($res)"
    _attr_kinds = (("rows", "i32"), ("columns", "i32"))
    _vector_types = ("matrix", "res")
    _operand_kinds = ("vec",)
    _result_kind = "vec"


class MaskedLoadOp(_MatrixMasked):
    name = "llvm.intr.masked.load"
    operands = (single("data"), single("mask"), optional("pass_thru"))
    results = (single("res"),)
    props = ("alignment", "nontemporal")
    unit_attrs = ("nontemporal",)
    assembly_format = "operands attr-dict `:` functional-type(operands, results)"
    _attr_kinds = (("alignment", "i32"),)
    _unit = ("nontemporal",)
    _operand_kinds = ("ptr", "mask", "vec")
    _result_kind = "vec"


class MaskedStoreOp(_MatrixMasked):
    name = "llvm.intr.masked.store"
    operands = (single("value"), single("data"), single("mask"))
    props = ("alignment",)
    assembly_format = ("$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` "
                       "qualified(type($data))")
    _attr_kinds = (("alignment", "i32"),)
    _vector_types = ("value",)
    _operand_kinds = ("vec", "ptr", "mask")


def _check_ptrs(op: Operation, ptrs: T.Type, data: T.Type, index: int) -> None:
    """masked_gather/scatter::verify: the pointer vector has the data vector's length."""
    if not (isinstance(ptrs, T.VectorType) and isinstance(data, T.VectorType)):
        return
    expected = T.VectorType(list(data.shape), ptrs.element_type, list(data.scalable))
    if ptrs != expected:
        raise VerifyError(f"expected operand #{index} type to be '{expected}'", op)


class MaskedGatherOp(_MatrixMasked):
    name = "llvm.intr.masked.gather"
    operands = (single("ptrs"), single("mask"), variadic("pass_thru"))
    results = (single("res"),)
    props = ("alignment",)
    assembly_format = "operands attr-dict `:` functional-type(operands, results)"
    _attr_kinds = (("alignment", "i32"),)
    _operand_kinds = ("ptrs", "mask", "variadic vec")
    _result_kind = "vec"

    @classmethod
    def _verify_more(cls, op: Operation) -> None:
        _check_ptrs(op, op.operands[0].type, op.results[0].type, 1)


class MaskedScatterOp(_MatrixMasked):
    name = "llvm.intr.masked.scatter"
    operands = (single("value"), single("ptrs"), single("mask"))
    props = ("alignment",)
    assembly_format = "$value `,` $ptrs `,` $mask attr-dict `:` type($value) `,` type($mask) `into` type($ptrs)"
    _attr_kinds = (("alignment", "i32"),)
    _vector_types = ("value",)
    _operand_kinds = ("vec", "ptrs", "mask")

    @classmethod
    def _verify_more(cls, op: Operation) -> None:
        _check_ptrs(op, op.operands[1].type, op.operands[0].type, 2)


class MaskedExpandLoadOp(_MatrixMasked):
    name = "llvm.intr.masked.expandload"
    operands = (single("ptr"), single("mask"), single("passthru"))
    results = (single("res"),)
    props = ("arg_attrs", "res_attrs")
    parse_custom = None  # no custom form upstream
    _operand_kinds = ("ptr", "mask", "vec")
    _result_kind = "vec"


class MaskedCompressStoreOp(_MatrixMasked):
    name = "llvm.intr.masked.compressstore"
    operands = (single("value"), single("ptr"), single("mask"))
    props = ("arg_attrs",)
    parse_custom = None
    _operand_kinds = ("vec", "ptr", "mask")
