"""llvm dialect, atomics: ``llvm.atomicrmw``, ``llvm.cmpxchg``, ``llvm.fence`` (LLVMOps.td; the
verifiers of LLVMDialect.cpp).  Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``).

    atomicrmw ::= (`volatile`)? bin-op ssa `,` ssa (`syncscope` `(` string `)`)? ordering attr-dict
                  `:` type `,` type
    cmpxchg   ::= (`weak`)? (`volatile`)? ssa `,` ssa `,` ssa (`syncscope` `(` string `)`)?
                  ordering ordering attr-dict `:` type `,` type
    fence     ::= (`syncscope` `(` string `)`)? ordering attr-dict

The enums are stored as ``i64`` integers (``bin_op = 1 : i64``, ``ordering = 2 : i64``) as upstream's
``I64EnumAttr``s are.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single
from ._common import keyword_enum
from .llvm_common import is_llvm_compatible
from .llvm_memory import _ORDERING_NAMES, ORDERINGS, _atomic_size_ok

BIN_OPS = ("xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin", "fadd", "fsub",
           "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat", "fmaximum", "fminimum")
_FLOAT_BIN_OPS = frozenset({"fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"})
_ORDERING_KEYWORDS = tuple(ORDERINGS)
_MONOTONIC = ORDERINGS["monotonic"]


def _ordering_hooks(attr_name: str) -> tuple[Any, Any]:
    """Printer/parser of an ``AtomicOrdering`` attribute printed as its keyword, stored as i64."""

    def printer(pr: Any, a: A.Attribute) -> str:
        return _ORDERING_NAMES.get(a.value, str(a.value)) if isinstance(a, A.IntegerAttr) else str(a)

    def parser(p: Any, optional: bool) -> A.Attribute | None:
        pos = p.skip()
        saved = p.pos, p.last_end
        kw = p.parse_optional_bare_id()
        if kw is None and p.text.startswith('"', pos):
            kw = p.parse_string()
        if kw not in ORDERINGS:
            if optional and kw is None:
                p.pos, p.last_end = saved
                return None
            raise p.error(f"custom op '{p.current_op}' expected string or keyword containing one of the following "
                          f"enum values for attribute '{attr_name}' [{', '.join(_ORDERING_KEYWORDS)}]", pos)
        return A.IntegerAttr(ORDERINGS[kw], T.i64)

    return printer, parser


def _enum_cases(values: Any) -> str:
    return ", ".join(str(v) for v in values)


def _check_enum(op: Operation, name: str, allowed: Any, what: str) -> None:
    """The ODS constraint of an i64 enum attribute (``verifyInherentAttrs``, checked while parsing)."""
    a = op.attributes.get(name)
    if a is None:
        raise VerifyError(f"requires attribute '{name}'", op)
    if not (isinstance(a, A.IntegerAttr) and a.type == T.i64 and a.value in allowed):
        raise VerifyError(f"attribute '{name}' failed to satisfy constraint: {what}", op, parse_time=True)


_ORDERING_WHAT = "Atomic ordering for LLVM's memory model"
_ALIAS_ATTRS = (("access_groups", "#llvm.access_group<", "LLVM dialect access group metadata array"),
                ("alias_scopes", "#llvm.alias_scope<", "LLVM dialect alias scope array"),
                ("noalias_scopes", "#llvm.alias_scope<", "LLVM dialect alias scope array"),
                ("tbaa", "#llvm.tbaa_tag<", "LLVM dialect TBAA tag metadata array"))


def _check_common_attrs(op: Operation) -> None:
    """OptionalAttr constraints shared by the atomics: syncscope, alignment, the aliasing arrays."""
    ss = op.attributes.get("syncscope")
    if ss is not None and not isinstance(ss, A.StringAttr):
        raise VerifyError("attribute 'syncscope' failed to satisfy constraint: string attribute", op,
                          parse_time=True)
    al = op.attributes.get("alignment")
    if al is not None and not (isinstance(al, A.IntegerAttr) and al.type == T.i64):
        raise VerifyError("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute",
                          op, parse_time=True)
    for name, prefix, what in _ALIAS_ATTRS:
        a = op.attributes.get(name)
        if a is not None and not (isinstance(a, A.ArrayAttr) and all(str(e).startswith(prefix) for e in a.elements)):
            raise VerifyError(f"attribute '{name}' failed to satisfy constraint: {what}", op, parse_time=True)


def _parse_time_checks(p: Any, op: Operation) -> None:
    """The attribute constraints upstream's parser checks right after the attribute dictionary."""
    try:
        _check_common_attrs(op)
    except VerifyError as e:
        pos = p.text.rfind("{", p.name_pos, p.pos)
        raise p.error(f"custom op '{op.name}' '{op.name}' op {e.message}", pos if pos >= 0 else p.name_pos) from None


def _check_ptr(op: Operation, i: int) -> None:
    if not isinstance(op.operands[i].type, T.LLVMPointerType):
        raise VerifyError(f"operand #{i} must be LLVM pointer type, but got '{op.operands[i].type}'", op)


_MEM_PROPS = ("access_groups", "alias_scopes", "noalias_scopes", "tbaa", "syncscope", "alignment", "volatile_")
_RMW_WHAT = ("floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible "
             "fixed-length vector type")


def _is_llvm_float(t: T.Type) -> bool:
    return isinstance(t, T.FloatType) and is_llvm_compatible(t)


def _rmw_type_ok(t: T.Type) -> bool:
    if isinstance(t, T.VectorType):
        return len(t.shape) == 1 and not any(t.scalable or ()) and is_llvm_compatible(t)
    return (_is_llvm_float(t) or isinstance(t, T.LLVMPointerType)
            or isinstance(t, T.IntegerType) and not t.signedness)


_BIN_OP_HOOKS = keyword_enum("i64", BIN_OPS, attr_name="bin_op")
_ORD = _ordering_hooks("ordering")


class AtomicRMWOp(OpDef):
    name = "llvm.atomicrmw"
    operands = (single("ptr"), single("val"))
    results = (single("res"),)
    props = ("bin_op", "ordering") + _MEM_PROPS
    unit_attrs = ("volatile_",)
    attr_printers = {"bin_op": _BIN_OP_HOOKS[0], "ordering": _ORD[0]}
    attr_parsers = {"bin_op": _BIN_OP_HOOKS[1], "ordering": _ORD[1]}
    assembly_format = ("(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? "
                       "$ordering attr-dict `:` qualified(type($ptr)) `,` type($val)")
    infer = {"res": lambda k: k["val"]}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        """The format, then the check ODS's parser makes before inferring ``res`` from ``val``."""
        op = cls._format.parse(p, cls, results)
        _parse_time_checks(p, op)
        vt = op.operands[1].type
        if not _rmw_type_ok(vt):
            raise p.error(f"custom op '{cls.name}' 'val' must be {_RMW_WHAT}, but got '{vt}'", p.name_pos)
        return op

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_enum(op, "bin_op", range(len(BIN_OPS)), "llvm.atomicrmw binary operations")
        _check_enum(op, "ordering", ORDERINGS.values(), _ORDERING_WHAT)
        _check_common_attrs(op)
        _check_ptr(op, 0)
        vt = op.operands[1].type
        if not _rmw_type_ok(vt):
            raise VerifyError(f"operand #1 must be {_RMW_WHAT}, but got '{vt}'", op)
        if not _rmw_type_ok(op.results[0].type):
            raise VerifyError(f"result #0 must be {_RMW_WHAT}, but got '{op.results[0].type}'", op)
        if op.results[0].type != vt:
            raise VerifyError("failed to verify that result #0 and operand #1 have the same type", op)
        bin_op = BIN_OPS[op.attributes["bin_op"].value]
        if bin_op in _FLOAT_BIN_OPS:
            if isinstance(vt, T.VectorType):
                if not _is_llvm_float(vt.element_type):
                    raise VerifyError("expected LLVM IR floating point type for vector element", op)
            elif not _is_llvm_float(vt):
                raise VerifyError("expected LLVM IR floating point type", op)
        elif bin_op == "xchg":
            if not _atomic_size_ok(vt):
                raise VerifyError("unexpected LLVM IR type for 'xchg' bin_op", op)
        elif not (isinstance(vt, T.IntegerType) and vt.width in (8, 16, 32, 64)):
            raise VerifyError("expected LLVM IR integer type", op)
        if op.attributes["ordering"].value < _MONOTONIC:
            raise VerifyError("expected at least 'monotonic' ordering", op)


_SUCCESS = _ordering_hooks("success_ordering")
_FAILURE = _ordering_hooks("failure_ordering")
_CMPXCHG_WHAT = "signless integer or LLVM pointer type"


def _cmpxchg_type_ok(t: T.Type) -> bool:
    return isinstance(t, T.LLVMPointerType) or isinstance(t, T.IntegerType) and not t.signedness


def _val_and_bool(t: T.Type) -> T.Type:
    return T.LLVMStructType([t, T.i1])


class AtomicCmpXchgOp(OpDef):
    name = "llvm.cmpxchg"
    operands = (single("ptr"), single("cmp"), single("val"))
    results = (single("res"),)
    props = ("success_ordering", "failure_ordering", "weak") + _MEM_PROPS
    unit_attrs = ("volatile_", "weak")
    attr_printers = {"success_ordering": _SUCCESS[0], "failure_ordering": _FAILURE[0]}
    attr_parsers = {"success_ordering": _SUCCESS[1], "failure_ordering": _FAILURE[1]}
    assembly_format = ("(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val "
                       "(`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering "
                       "attr-dict `:` qualified(type($ptr)) `,` type($val)")
    infer = {"cmp": lambda k: k["val"], "res": lambda k: [_val_and_bool(k["val"][0])]}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        op = cls._format.parse(p, cls, results)
        _parse_time_checks(p, op)
        vt = op.operands[2].type
        if not _cmpxchg_type_ok(vt):
            raise p.error(f"custom op '{cls.name}' 'val' must be {_CMPXCHG_WHAT}, but got '{vt}'", p.name_pos)
        return op

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_enum(op, "success_ordering", ORDERINGS.values(), _ORDERING_WHAT)
        _check_enum(op, "failure_ordering", ORDERINGS.values(), _ORDERING_WHAT)
        _check_common_attrs(op)
        _check_ptr(op, 0)
        for i in (1, 2):
            t = op.operands[i].type
            if not _cmpxchg_type_ok(t):
                raise VerifyError(f"operand #{i} must be {_CMPXCHG_WHAT}, but got '{t}'", op)
        rt = op.results[0].type
        if not isinstance(rt, T.LLVMStructType):
            raise VerifyError(f"result #0 must be LLVM structure type, but got '{rt}'", op)
        vt = op.operands[2].type
        if op.operands[1].type != vt:
            raise VerifyError("failed to verify that operand #1 and operand #2 have the same type", op)
        if rt != _val_and_bool(vt):
            raise VerifyError("failed to verify that result #0 has an LLVM struct type consisting of the type of "
                              "operand #2 and a bool", op)
        if not _atomic_size_ok(vt):
            raise VerifyError("unexpected LLVM IR type", op)
        s, f = op.attributes["success_ordering"].value, op.attributes["failure_ordering"].value
        if s < _MONOTONIC or f < _MONOTONIC:
            raise VerifyError("ordering must be at least 'monotonic'", op)
        if f in (ORDERINGS["release"], ORDERINGS["acq_rel"]):
            raise VerifyError("failure ordering cannot be 'release' or 'acq_rel'", op)


class FenceOp(OpDef):
    name = "llvm.fence"
    props = ("ordering", "syncscope")
    attr_printers = {"ordering": _ORD[0]}
    attr_parsers = {"ordering": _ORD[1]}
    assembly_format = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_enum(op, "ordering", ORDERINGS.values(), _ORDERING_WHAT)
        _check_common_attrs(op)
        if op.attributes["ordering"].value < ORDERINGS["acquire"]:
            raise VerifyError("can be given only acquire, release, acq_rel, and seq_cst orderings", op)
