"""llvm dialect, memory: aggregates (extractvalue, insertvalue), getelementptr, alloca, load,
store.  Loaded with ``llvm.py``."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .llvm_common import (
    _GEP_FLAG_BITS,
    _GEP_FLAGS,
    GEP_DYNAMIC,
    _dict,
    _i,
    _int_value,
    _mk,
    _trailing,
    _types_of,
    is_llvm_compatible,
    is_loadable,
    metadata_array_error,
    parse_checked_attr_dict,
    target_ext_name,
    target_ext_supports_mem_ops,
)

# ----- aggregates ---------------------------------------------------------------------------------

def _position_type(p: Any, t: T.Type, pos: list[int], opname: str) -> T.Type:
    """getInsertExtractValueElementType while parsing: errors at the token after the type."""
    def fail(msg: str) -> Exception:
        return p.error(f"custom op '{opname}' {msg}", p.skip()) if p is not None else ValueError(msg)

    if not is_llvm_compatible(t):
        raise fail(f"expected LLVM IR Dialect type, got '{t}'")
    for i in pos:
        if isinstance(t, T.LLVMStructType):
            if i < 0 or i >= len(t.elements):
                raise fail(f"position out of bounds: {i}")
            t = t.elements[i]
        elif isinstance(t, T.LLVMArrayType):
            if i < 0 or i >= t.size:
                raise fail(f"position out of bounds: {i}")
            t = t.element_type
        else:
            raise fail(f"expected LLVM IR structure/array type, got: '{t}'")
    return t


def _parse_position(p: Any) -> list[int]:
    p.parse_punct("[")
    out = []
    while True:
        out.append(p.parse_integer())
        if not p.parse_optional_punct(","):
            break
    p.parse_punct("]")
    return out


def position_type(t: T.Type, pos: list[int]) -> T.Type:
    return _position_type(None, t, pos, "")


class ExtractValueOp(OpDef):
    name = "llvm.extractvalue"
    operands = (single("container"),)
    results = (single("res"),)
    props = ("position",)
    traits = frozenset({"Pure"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ref = p.parse_operand()
        pos = _parse_position(p)
        attrs = {"position": A.DenseArrayAttr(T.i64, pos)}
        attrs.update(_trailing(p))
        p.parse_punct(":")
        ct = p.parse_type()
        rt = _position_type(p, ct, pos, cls.name)
        return _mk(cls, [p.resolve(ref, ct)], [rt], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        pos = ", ".join(str(v) for v in op.attributes["position"].values)
        return (f" {pr.value(op.operands[0])}[{pos}]" + _dict(pr, op, ("position",)) + " : "
                + pr.type_text(op.operands[0].type) + " ")

    @classmethod
    def verify(cls, op: Operation) -> None:
        ct = op.operands[0].type
        want = _verified_position_type(op, ct)
        if op.results[0].type != want:
            raise VerifyError(f"Type mismatch: extracting from '{ct}' should produce '{want}' but this op returns "
                              f"'{op.results[0].type}'", op)


class InsertValueOp(OpDef):
    name = "llvm.insertvalue"
    operands = (single("container"), single("value"))
    results = (single("res"),)
    props = ("position",)
    traits = frozenset({"Pure"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        vref = p.parse_operand()
        p.parse_punct(",")
        cref = p.parse_operand()
        pos = _parse_position(p)
        attrs = {"position": A.DenseArrayAttr(T.i64, pos)}
        attrs.update(_trailing(p))
        p.parse_punct(":")
        ct = p.parse_type()
        vt = _position_type(p, ct, pos, cls.name)
        c = p.resolve(cref, ct)
        v = p.resolve(vref, vt)
        return _mk(cls, [c, v], [ct], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        pos = ", ".join(str(v) for v in op.attributes["position"].values)
        return (f" {pr.value(op.operands[1])}, {pr.value(op.operands[0])}[{pos}]" + _dict(pr, op, ("position",))
                + " : " + pr.type_text(op.operands[0].type) + " ")

    @classmethod
    def verify(cls, op: Operation) -> None:
        ct = op.operands[0].type
        if op.operands[1].type != _verified_position_type(op, ct):
            raise VerifyError(f"Type mismatch: cannot insert '{op.operands[1].type}' into '{ct}'", op)


def _verified_position_type(op: Operation, ct: T.Type) -> T.Type:
    """getInsertExtractValueElementType as a verifier: the element type at ``position`` of ``ct``."""
    t = ct
    for i in op.attributes["position"].values:
        if isinstance(t, T.LLVMStructType):
            if i < 0 or i >= len(t.elements):
                raise VerifyError(f"position out of bounds: {i}", op)
            t = t.elements[i]
        elif isinstance(t, T.LLVMArrayType):
            if i < 0 or i >= t.size:
                raise VerifyError(f"position out of bounds: {i}", op)
            t = t.element_type
        else:
            raise VerifyError(f"expected LLVM IR structure/array type, got: '{t}'", op)
    return t


# ----- pointers -------------------------------------------------------------------------------------

class GEPOp(OpDef):
    name = "llvm.getelementptr"
    operands = (single("base"), variadic("dynamicIndices"))
    results = (single("res"),)
    props = ("elem_type", "noWrapFlags", "rawConstantIndices")
    traits = frozenset({"Pure"})
    default_attrs = {"noWrapFlags": _i(0, T.i32)}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        flags = 0
        while True:
            kw = None
            for k in ("inbounds_flag", "inbounds", "nusw", "nuw"):
                if p.parse_optional_keyword(k):
                    kw = k
                    break
            if kw is None:
                break
            flags |= _GEP_FLAG_BITS[kw]
            if not p.parse_optional_punct("|"):
                break
        base = p.parse_operand()
        p.parse_punct("[")
        raw: list[int] = []
        dyn = []
        while True:
            i = p.parse_optional_integer()
            if i is not None:
                raw.append(i)
            else:
                dyn.append(p.parse_operand())
                raw.append(GEP_DYNAMIC)
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
        attrs: dict[str, A.Attribute] = {"noWrapFlags": _i(flags, T.i32),
                                         "rawConstantIndices": A.DenseArrayAttr(T.i32, raw)}
        attrs.update(_trailing(p))
        p.parse_punct(":")
        tpos = p.skip()
        ft = p.parse_type()
        if not isinstance(ft, T.FunctionType):
            raise p.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.function, but "
                          f"found '{ft}'", tpos)
        p.parse_punct(",")
        attrs["elem_type"] = A.TypeAttr(p.parse_type())
        if len(ft.inputs) != 1 + len(dyn):
            raise p.error(f"custom op '{cls.name}' number of operands and types do not match: got {1 + len(dyn)} "
                          f"operands and {len(ft.inputs)} types", p.name_pos)
        ops = [p.resolve(base, ft.inputs[0])] + [p.resolve(r, t) for r, t in zip(dyn, ft.inputs[1:])]
        return _mk(cls, ops, list(ft.results), attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        flags = _int_value(op.attributes.get("noWrapFlags")) or 0
        s = ""
        if flags:
            s += " " + _GEP_FLAGS.get(flags, "inbounds")
        dyn = op.operands[1:]
        idx = []
        di = 0
        for r in op.attributes["rawConstantIndices"].values:
            if r == GEP_DYNAMIC:
                idx.append(pr.value(dyn[di]))
                di += 1
            else:
                idx.append(str(r))
        s += f" {pr.value(op.operands[0])}[{', '.join(idx)}]"
        s += _dict(pr, op, ("elem_type", "noWrapFlags", "rawConstantIndices"))
        s += " : " + pr.function_type_text(_types_of(op.operands), [op.results[0].type])
        return s + ", " + pr.type_text(op.attributes["elem_type"].type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        """GEPOp::verify: the dynamic index count, no bare inbounds_flag, then verifyStructIndices
        (indices after the first: constant and in bounds into structs, only into containers)."""
        t = op.attributes["elem_type"].type
        raw = op.attributes["rawConstantIndices"].values
        if raw.count(GEP_DYNAMIC) != len(op.operands) - 1:
            raise VerifyError("expected as many dynamic indices as specified in 'rawConstantIndices'", op)
        if _int_value(op.attributes.get("noWrapFlags")) == 1:
            raise VerifyError("'inbounds_flag' cannot be used directly.", op)
        for k, r in enumerate(raw[1:], start=1):
            if isinstance(t, T.LLVMStructType):
                if r == GEP_DYNAMIC:
                    raise VerifyError(f"expected index {k} indexing a struct to be constant", op)
                if not 0 <= r < len(t.elements):
                    raise VerifyError(f"index {k} indexing a struct is out of bounds", op)
                t = t.elements[r]
            elif isinstance(t, (T.LLVMArrayType, T.VectorType)):
                t = t.element_type
            else:
                raise VerifyError(f"type '{t}' cannot be indexed (index #{k})", op)


class AllocaOp(OpDef):
    name = "llvm.alloca"
    operands = (single("arraySize"),)
    results = (single("res"),)
    props = ("alignment", "elem_type", "inalloca")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        inalloca = p.parse_optional_keyword("inalloca")
        ref = p.parse_operand()
        p.parse_keyword("x")
        et = p.parse_type()
        attrs: dict[str, A.Attribute] = {"elem_type": A.TypeAttr(et)}
        if inalloca:
            attrs["inalloca"] = A.UNIT
        attrs.update(_trailing(p))
        p.parse_punct(":")
        tpos = p.skip()
        ft = p.parse_type()
        al = attrs.get("alignment")
        if al is not None:
            if not isinstance(al, A.IntegerAttr):
                raise p.error("custom op 'llvm.alloca' expected integer alignment", p.name_pos)
            if al.value == 0:
                del attrs["alignment"]
        if not isinstance(ft, T.FunctionType) or len(ft.inputs) != 1 or len(ft.results) != 1:
            raise p.error("custom op 'llvm.alloca' expected trailing function type with one argument and one result",
                          tpos)
        return _mk(cls, [p.resolve(ref, ft.inputs[0])], list(ft.results), attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " inalloca" if "inalloca" in op.attributes else ""
        s += f" {pr.value(op.operands[0])} x {pr.type_text(op.attributes['elem_type'].type)}"
        s += _dict(pr, op, ("elem_type", "inalloca"))
        return s + " : " + pr.function_type_text([op.operands[0].type], [op.results[0].type])

    @classmethod
    def verify(cls, op: Operation) -> None:
        name = target_ext_name(op.attributes["elem_type"].type)
        if name is not None and not target_ext_supports_mem_ops(name):
            raise VerifyError("this target extension type cannot be used in alloca", op)


_ORDERING0 = _i(0)
ORDERINGS = {"not_atomic": 0, "unordered": 1, "monotonic": 2, "acquire": 4, "release": 5, "acq_rel": 6,
             "seq_cst": 7}
_ORDERING_NAMES = {v: k for k, v in ORDERINGS.items()}
_MEM_ELIDED = ("volatile_", "ordering", "syncscope", "invariant", "invariantGroup")


def _parse_atomic(p: Any, attrs: dict[str, A.Attribute], keywords: tuple[str, ...]) -> None:
    """(`atomic` (`syncscope` `(` string `)`)? ordering)? then the unit keywords (`invariant`,
    `invariant_group`) of the load/store assembly formats."""
    if p.parse_optional_keyword("atomic"):
        if p.parse_optional_keyword("syncscope"):
            p.parse_punct("(")
            attrs["syncscope"] = A.StringAttr(p.parse_string())
            p.parse_punct(")")
        pos = p.skip()
        word = p.parse_optional_bare_id()
        if word not in ORDERINGS:
            raise p.error("expected keyword for LLVM atomic ordering" if word is None else
                          f"invalid LLVM::AtomicOrdering attribute specification: \"{word}\"", pos)
        attrs["ordering"] = _i(ORDERINGS[word])
    for kw in keywords:
        if p.parse_optional_keyword(kw):
            attrs["invariantGroup" if kw == "invariant_group" else kw] = A.UNIT


def _print_atomic(op: Operation, keywords: tuple[str, ...]) -> str:
    s = ""
    o = _int_value(op.attributes.get("ordering")) or 0
    if o:
        ss = op.attributes.get("syncscope")
        s += " atomic" + (f" syncscope({ss})" if ss is not None else "") + f" {_ORDERING_NAMES.get(o, o)}"
    for kw in keywords:
        if ("invariantGroup" if kw == "invariant_group" else kw) in op.attributes:
            s += " " + kw
    return s


def _atomic_size_ok(t: T.Type) -> bool:
    """isTypeCompatibleWithAtomicOp: a pointer, integer or LLVM float of >= 8 bits, a power of two."""
    if isinstance(t, T.LLVMPointerType):
        return True
    if isinstance(t, T.IntegerType) or isinstance(t, T.FloatType) and is_llvm_compatible(t):
        w = t.width
    else:
        return False
    return w >= 8 and w & (w - 1) == 0


def _verify_atomic(op: Operation, vt: T.Type, unsupported: tuple[int, ...]) -> None:
    o = _int_value(op.attributes.get("ordering")) or 0
    if o:
        if not _atomic_size_ok(vt):
            raise VerifyError(f"unsupported type '{vt}' for atomic access", op)
        if o in unsupported:
            raise VerifyError(f"unsupported ordering '{_ORDERING_NAMES.get(o, o)}'", op)
        if "alignment" not in op.attributes:
            raise VerifyError("expected alignment for atomic access", op)
    elif "syncscope" in op.attributes:
        raise VerifyError("expected syncscope to be null for non-atomic access", op)


def _verify_metadata_arrays(op: Operation) -> None:
    msg = metadata_array_error(op.attributes)
    if msg is not None:
        raise VerifyError(msg, op)


def _verify_ptr_operand(op: Operation, i: int) -> None:
    if not isinstance(op.operands[i].type, T.LLVMPointerType):
        raise VerifyError(f"operand #{i} must be LLVM pointer type, but got '{op.operands[i].type}'", op)


class LoadOp(OpDef):
    name = "llvm.load"
    operands = (single("addr"),)
    results = (single("res"),)
    props = ("alignment", "ordering", "volatile_", "nontemporal", "invariant", "invariantGroup", "syncscope",
             "access_groups", "alias_scopes", "noalias_scopes", "tbaa", "dereferenceable")
    default_attrs = {"ordering": _ORDERING0}
    _KEYWORDS = ("invariant", "invariant_group")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("volatile"):
            attrs["volatile_"] = A.UNIT
        ref = p.parse_operand()
        _parse_atomic(p, attrs, cls._KEYWORDS)
        attrs.update(parse_checked_attr_dict(p, cls.name))
        p.parse_punct(":")
        at = p.parse_type()
        p.parse_punct("->")
        return _mk(cls, [p.resolve(ref, at)], [p.parse_type()], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " volatile" if "volatile_" in op.attributes else ""
        s += f" {pr.value(op.operands[0])}" + _print_atomic(op, cls._KEYWORDS) + _dict(pr, op, _MEM_ELIDED)
        return s + " : " + pr.type_text(op.operands[0].type) + " -> " + pr.type_text(op.results[0].type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_metadata_arrays(op)
        _verify_ptr_operand(op, 0)
        if not is_loadable(op.results[0].type):
            raise VerifyError(f"result #0 must be LLVM type with size, but got '{op.results[0].type}'", op)
        _verify_atomic(op, op.results[0].type, (5, 6))


class StoreOp(OpDef):
    name = "llvm.store"
    operands = (single("value"), single("addr"))
    props = LoadOp.props
    default_attrs = {"ordering": _ORDERING0}
    _KEYWORDS = ("invariant_group",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("volatile"):
            attrs["volatile_"] = A.UNIT
        vref = p.parse_operand()
        p.parse_punct(",")
        aref = p.parse_operand()
        _parse_atomic(p, attrs, cls._KEYWORDS)
        attrs.update(parse_checked_attr_dict(p, cls.name))
        p.parse_punct(":")
        vt = p.parse_type()
        p.parse_punct(",")
        at = p.parse_type()
        return _mk(cls, [p.resolve(vref, vt), p.resolve(aref, at)], [], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " volatile" if "volatile_" in op.attributes else ""
        s += f" {pr.value(op.operands[0])}, {pr.value(op.operands[1])}" + _print_atomic(op, cls._KEYWORDS)
        s += _dict(pr, op, _MEM_ELIDED)
        return s + " : " + pr.type_text(op.operands[0].type) + ", " + pr.type_text(op.operands[1].type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_metadata_arrays(op)
        if not is_loadable(op.operands[0].type):
            raise VerifyError(f"operand #0 must be LLVM type with size, but got '{op.operands[0].type}'", op)
        _verify_ptr_operand(op, 1)
        _verify_atomic(op, op.operands[0].type, (4, 6))


GEPOp.shape_verified = True  # its verifier reads only types and attributes
ExtractValueOp.shape_verified = InsertValueOp.shape_verified = True  # likewise
