"""memref dialect: atomics (MemRefOps.td: AtomicRMWOp, GenericAtomicRMWOp, AtomicYieldOp; loaded with
the memref dialect)."""

from __future__ import annotations

from typing import Any

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .memref import _IDX

# ----- atomics (MemRefOps.td: AtomicRMWOp, GenericAtomicRMWOp, AtomicYieldOp) ----------------------
# arith's AtomicRMWKind, in its enum order (the integer stored in `kind`)
ATOMIC_RMW_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf",
                    "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")
_FLOAT_RMW = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})
_INT_RMW = frozenset({"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "andi"})


def _rmw_kind_hooks() -> tuple[Any, ...]:
    from ._common import keyword_enum

    return keyword_enum("i64", ATOMIC_RMW_KINDS, attr_name="kind")


_RMW = _rmw_kind_hooks()


def atomic_rmw_kind(op: Operation) -> str:
    """The keyword of a ``memref.atomic_rmw``'s ``kind``."""
    return _RMW[2](op.attributes["kind"])


def _signless_int_or_float(t: T.Type) -> bool:
    return (isinstance(t, T.IntegerType) and not t.signedness) or isinstance(t, T.FloatType)


class AtomicRMWOp(OpDef):
    """memref.atomic_rmw kind %value, %memref[%i...] : (T, memref<...xT>) -> T — reads the element,
    combines it with the value, stores the result atomically and returns the old element."""

    name = "memref.atomic_rmw"
    effects = (("read", "memref"), ("write", "memref"))
    shape_verified = True
    operands = (single("value"), single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    props = ("kind",)
    attr_printers = {"kind": _RMW[0]}
    attr_parsers = {"kind": _RMW[1]}
    assembly_format = ("$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` "
                       "type($memref) `)` `->` type($result)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        v, m = op.operands[0], op.operands[1]
        if not _signless_int_or_float(v.type):
            raise VerifyError(f"operand #0 must be signless integer or floating-point, but got '{v.type}'", op)
        if not isinstance(m.type, T.MemRefType) or not _signless_int_or_float(m.type.element_type):
            raise VerifyError("operand #1 must be memref of signless integer or floating-point values, but got "
                              f"'{m.type}'", op)
        if not _signless_int_or_float(op.results[0].type):
            raise VerifyError("result #0 must be signless integer or floating-point, but got "
                              f"'{op.results[0].type}'", op)
        if m.type.element_type != v.type:
            raise VerifyError("failed to verify that value type matches element type of memref", op)
        if op.results[0].type != v.type:
            raise VerifyError("failed to verify that all of {value, result} have same type", op)
        if m.type.rank != len(op.operands) - 2:
            raise VerifyError("expects the number of subscripts to be equal to memref rank", op)
        kind = atomic_rmw_kind(op)
        if kind in _FLOAT_RMW and not isinstance(v.type, T.FloatType):
            raise VerifyError(f"with kind '{kind}' expects a floating-point type", op)
        if kind in _INT_RMW and not isinstance(v.type, T.IntegerType):
            raise VerifyError(f"with kind '{kind}' expects an integer type", op)


class GenericAtomicRMWOp(OpDef):
    """memref.generic_atomic_rmw %memref[%i...] : memref<...xT> region attr-dict? — the region maps the
    current element (its one argument) to the value stored (memref.atomic_yield), atomically."""

    name = "memref.generic_atomic_rmw"
    effects = (("read", "memref"), ("write", "memref"))
    operands = (single("memref"), variadic("indices", _IDX))
    results = (single("result"),)
    regions = ("atomic_body",)
    traits = frozenset({"SingleBlockImplicitTerminator", "RecursiveMemoryEffects"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        mref = p.parse_operand()
        idx = p.parse_operand_list("[]")
        p.parse_punct(":")
        pos = p.skip()
        mt = p.parse_type()
        if not isinstance(mt, T.MemRefType):
            raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.memref, "
                          f"but found '{mt}'", pos)
        operands = [p.resolve(mref, mt)] + [p.resolve(r, _IDX) for r in idx]
        region = p.parse_region()
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, operands, [mt.element_type], attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[0]
        return (f" {pr.value(m)}[{pr.values(op.operands[1:])}] : {pr.type_text(m.type)} "
                + pr.region_text(op.regions[0]) + pr.attr_dict_text(op.attributes))

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.operands[0].type
        if isinstance(mt, T.MemRefType) and op.results[0].type != mt.element_type:  # ODS TypesMatchWith
            raise VerifyError("failed to verify that result type matches element type of memref", op)
        body = op.regions[0]
        args = body.blocks[0].args if body.blocks else []
        if len(args) != 1:
            raise VerifyError("expected single number of entry block arguments", op)
        if op.results[0].type != args[0].type:
            raise VerifyError("expected block argument of the same type result type", op)
        for o in op.walk():
            traits = o.opdef.traits if o.opdef is not None else frozenset()
            if o is not op and "Pure" not in traits and "NoMemoryEffect" not in traits:
                raise VerifyError("body of 'memref.generic_atomic_rmw' should contain only operations with no "
                                  "side effects", o, raw=True)


class AtomicYieldOp(OpDef):
    name = "memref.atomic_yield"
    operands = (single("result"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike"})
    effects = ()
    assembly_format = "$result attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is None or parent.name != "memref.generic_atomic_rmw":
            raise VerifyError("expects parent op 'memref.generic_atomic_rmw'", op)
        pt, rt = parent.results[0].type, op.operands[0].type
        if pt != rt:
            raise VerifyError(f"types mismatch between yield op: '{rt}' and its parent: '{pt}'", op)
