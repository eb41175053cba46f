"""llvm dialect: the subset gpu-to-runtime emits and users write (custom forms as upstream 22.1.8).

Ops: func, return, mlir.global, mlir.addressof, casts (ptrtoint, inttoptr, bitcast, addrspacecast,
sext, zext, trunc), integer/float binaries, icmp, select, br, cond_br; call is in ``llvm_call.py``,
mlir.constant/zero/undef/poison in ``llvm_constant.py``, insertvalue, extractvalue, getelementptr,
alloca, load and store in ``llvm_memory.py``.  Ops whose upstream syntax is a plain assembly format
use it.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, Region
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from ..ir.symbols import lookup_symbol
from ..syntax.custom_directives import DIRECTIVES
from . import llvm_keywords as K
from . import llvm_memory  # registers the memory ops
from ._common import TERMINATOR
from .llvm_call import CallOp  # noqa: F401  (registers llvm.call; re-exported)
from .llvm_common import (
    CCONV,
    EXTERNAL,
    FASTMATH_NONE,
    ICMP_PREDICATES,
    _dict,
    _i,
    _int_value,
    _mk,
    _trailing,
    i32_array_parser,
    i32_array_printer,
    is_llvm_compatible,
    target_ext_has_zero_init,
    target_ext_name,
)
from .llvm_constant import ConstantOp, PoisonOp, UndefOp, ZeroOp  # noqa: F401  (registered; re-exported)

# ----- functions ------------------------------------------------------------------------------

_FUNC_ELIDED = ("CConv", "function_type", "linkage", "sym_name", "unnamed_addr", "visibility_",
                "sym_visibility", "arg_attrs", "res_attrs", "comdat", "vscale_range")


class FuncOp(OpDef):
    name = "llvm.func"
    props = ("CConv", "function_type", "linkage", "sym_name", "unnamed_addr", "visibility_", "arg_attrs",
             "res_attrs", "sym_visibility", "alignment", "always_inline", "comdat", "convergent", "dso_local",
             "frame_pointer", "garbageCollector", "inline_hint", "memory_effects", "no_inline", "no_unwind",
             "optimize_none", "passthrough", "personality", "section", "target_cpu", "target_features", "tune_cpu",
             "vscale_range", "will_return") + K.FUNC_MORE_PROPS
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "Symbol", "FunctionOpInterface", "AutomaticAllocationScope"})
    # the custom parser also sets unnamed_addr (builders and the generic form do not)
    default_attrs = {"CConv": CCONV, "linkage": EXTERNAL, "visibility_": _i(0)}
    # checks of a function with a personality, registered by llvm_control (landingpad/resume types)
    personality_checks: list[Any] = []

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from .func import parse_function_signature

        attrs: dict[str, A.Attribute] = {}
        K.parse_linkage(p, attrs)
        K.parse_visibility_and_unnamed_addr(p, attrs)
        K.parse_cconv(p, attrs)
        name_pos = p.skip()
        name = p.parse_optional_symbol_name()
        if name is None:
            raise p.error("custom op 'llvm.func' expected valid '@'-identifier for symbol name", name_pos)
        attrs["sym_name"] = A.StringAttr(name)
        # signature, with an optional trailing `...`
        vararg = False
        save = p.pos
        sig_text_has_vararg = _scan_vararg(p)
        if sig_text_has_vararg:
            entry, ins, arg_attrs, res, res_attrs, vararg = _parse_vararg_signature(p)
        else:
            p.pos = save
            entry, ins, arg_attrs, res, res_attrs = parse_function_signature(p)
        if len(res) > 1:
            raise p.error("custom op 'llvm.func' failed to construct function type: expected zero or one function "
                          "result", name_pos)
        if not all(is_llvm_compatible(t) for t in ins):
            raise p.error("custom op 'llvm.func' failed to construct function type: expected LLVM type for "
                          "function arguments", name_pos)
        if res and not is_llvm_compatible(res[0]):
            raise p.error("custom op 'llvm.func' failed to construct function type: expected LLVM type for "
                          f"function results'{res[0]}'", name_pos)
        ret = res[0] if res else T.llvm_void
        attrs["function_type"] = A.TypeAttr(T.LLVMFunctionType(ret, ins, vararg))
        if any(d.entries for d in arg_attrs):
            attrs["arg_attrs"] = A.ArrayAttr(arg_attrs)
        if any(d.entries for d in res_attrs):
            attrs["res_attrs"] = A.ArrayAttr(res_attrs)
        K.parse_vscale_range_and_comdat(p, attrs)
        attrs.update(p.parse_optional_attr_dict_with_keyword())
        region = Region()
        if p.peek("{"):
            region = p.parse_region(entry_args=entry, isolated=True)
        return _mk(cls, [], [], attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        lk = op.attributes.get("linkage")
        if lk is not None and str(lk) != str(EXTERNAL):
            s += " " + str(lk)[len("#llvm.linkage<"):-1]
        s += " " + K.print_visibility_and_unnamed_addr(op) + K.print_cconv(op)
        s += A.symbol_text(op.attributes["sym_name"].value)
        ft = op.attributes["function_type"].type
        body = op.regions[0]
        parts = []
        arg_attrs = op.attributes.get("arg_attrs")
        for i, t in enumerate(ft.params):
            a = ""
            if isinstance(arg_attrs, A.ArrayAttr) and i < len(arg_attrs) and arg_attrs.elements[i].entries:
                a = " " + arg_attrs.elements[i].render(pr)
            if body.blocks:
                arg = body.blocks[0].args[i]
                parts.append(f"{pr.value(arg)}: {pr.type_text(t)}{a}{pr.arg_loc_text(arg.loc)}")
            else:
                parts.append(pr.type_text(t) + a)
        if ft.vararg:
            parts.append("...")
        s += "(" + ", ".join(parts) + ")"
        if not isinstance(ft.result, T.LLVMVoidType):
            s += K.print_result(pr, op, ft.result)
        s += K.print_vscale_range_and_comdat(pr, op)
        extra = {k: v for k, v in op.attributes.items() if k not in _FUNC_ELIDED}
        s += pr.attr_dict_text(extra, (), with_keyword=True)
        if body.blocks:
            s += " " + pr.region_text(body, False, True)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        from .func import verify_function_like

        fta = op.attributes.get("function_type")
        if fta is not None and not (isinstance(fta, A.TypeAttr) and isinstance(fta.type, T.LLVMFunctionType)):
            raise VerifyError("attribute 'function_type' failed to satisfy constraint: type attribute of LLVM function "
                              "type", op, parse_time=True)
        ft = verify_function_like(op, T.LLVMFunctionType)
        if op.regions[0].blocks:
            for i, (arg, t) in enumerate(zip(op.regions[0].blocks[0].args, ft.params)):
                if arg.type != t:
                    raise VerifyError(f"type of entry block argument #{i}('{arg.type}') must match the type of the "
                                      f"corresponding argument in function signature('{t}')", op)
        lk = str(op.attributes.get("linkage", EXTERNAL))
        if lk == "#llvm.linkage<common>":
            raise VerifyError("functions cannot have 'common' linkage", op)
        verify_comdat(op)
        if not op.regions[0].blocks:
            if lk not in ("#llvm.linkage<external>", "#llvm.linkage<extern_weak>"):
                raise VerifyError("external functions must have 'external' or 'extern_weak' linkage", op)
        else:
            a = op.attributes
            if "no_inline" in a and "always_inline" in a:
                raise VerifyError("no_inline and always_inline attributes are incompatible", op, raw=True)
            if "optimize_none" in a and "no_inline" not in a:
                raise VerifyError("with optimize_none must also be no_inline", op)
            if "personality" in a:  # landingpads need a personality: only such functions can hold them
                for check in cls.personality_checks:
                    check(op)


def verify_comdat(op: Operation) -> None:
    """verifyComdat (llvm.func, llvm.mlir.global): a ``comdat`` names an ``llvm.comdat_selector``."""
    comdat = op.attributes.get("comdat")
    if isinstance(comdat, A.SymbolRefAttr):
        sel = lookup_symbol(op, comdat)
        if sel is None or sel.name != "llvm.comdat_selector":
            raise VerifyError("expected comdat symbol", op, raw=True)


def _scan_vararg(p: Any) -> bool:
    """Whether the parenthesized signature at the cursor has a `...`."""
    s = p.skip()
    if not p.text.startswith("(", s):
        return False
    e = p.balanced_end(s)
    return "..." in p.text[s + 1:e - 1]


def _parse_vararg_signature(p: Any) -> tuple:
    p.parse_punct("(")
    entry: list = []
    ins: list[T.Type] = []
    arg_attrs: list[Any] = []
    vararg = False
    while not p.parse_optional_punct(")"):
        if p.parse_optional_punct("..."):
            vararg = True
            if p.parse_optional_punct(","):
                raise p.error("custom op 'llvm.func' variadic arguments must be in the end of the argument list",
                              p.skip())
            p.parse_punct(")")
            break
        ref = p.parse_optional_operand()
        if ref is not None:
            p.parse_punct(":")
        t = p.parse_type()
        arg_attrs.append(A.DictionaryAttr(p.parse_optional_attr_dict()))
        loc = p.parse_optional_loc()
        ins.append(t)
        if ref is not None:
            entry.append((ref, t, loc))
        if not p.parse_optional_punct(","):
            p.parse_punct(")")
            break
    res: list[T.Type] = []
    if p.parse_optional_punct("->"):
        res.append(p.parse_type())
    return entry, ins, arg_attrs, res, [A.DictionaryAttr({}) for _ in res], vararg


class ReturnOp(OpDef):
    name = "llvm.return"
    operands = (optional("arg"),)
    traits = TERMINATOR
    assembly_format = "attr-dict ($arg^ `:` type($arg))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = op.parent_op
        while fn is not None and fn.name != "llvm.func":
            fn = fn.parent_op
        if fn is None:
            return
        ft = fn.attributes["function_type"].type
        note = [(fn.loc, "when returning from function")]
        if isinstance(ft.result, T.LLVMVoidType):
            if op.operands:
                raise VerifyError("expected no operands", op, note)
        elif not op.operands:
            raise VerifyError("expected 1 operand", op, note)
        elif op.operands[0].type != ft.result:
            raise VerifyError("mismatching result types", op, note)


# ----- constants and globals --------------------------------------------------------------------

_GLOBAL_ELIDED = ("sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr",
                  "visibility_") + K.GLOBAL_ELIDED


class GlobalOp(OpDef):
    name = "llvm.mlir.global"
    props = ("addr_space", "alignment", "comdat", "constant", "global_type", "linkage", "sym_name", "unnamed_addr",
             "value", "visibility_", "section", "thread_local_", "dso_local")
    regions = ("initializer",)
    traits = frozenset({"Symbol", "IsolatedFromAbove"})
    default_attrs = {"addr_space": _i(0, T.i32), "visibility_": _i(0)}  # linkage, unnamed_addr: custom form

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        K.parse_linkage(p, attrs)
        K.parse_visibility_and_unnamed_addr(p, attrs, thread_local=True, linkage=EXTERNAL)
        if p.parse_optional_keyword("constant"):
            attrs["constant"] = A.UNIT
        attrs["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.parse_punct("(")
        value = None
        if not p.peek(")"):
            value = p.parse_attribute()
            attrs["value"] = value
        p.parse_punct(")")
        K.parse_comdat(p, attrs)
        attrs.update(_trailing(p))
        gt = None
        if p.parse_optional_punct(":"):
            gt = p.parse_type()
            if p.peek(","):
                raise p.error(f"custom op '{cls.name}' expected zero or one type", p.name_pos)
        elif isinstance(value, A.StringAttr):
            gt = T.LLVMArrayType(len(value.value.encode("utf-8", "surrogateescape")), T.i8)
        else:
            raise p.error("type can only be omitted for string globals")
        attrs["global_type"] = A.TypeAttr(gt)
        region = Region()
        if p.peek("{"):
            region = p.parse_region()
        return _mk(cls, [], [], attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        lk = op.attributes.get("linkage")
        if lk is not None:
            s += " " + str(lk)[len("#llvm.linkage<"):-1]
        s += " " + K.print_visibility_and_unnamed_addr(op, thread_local=True)
        if "constant" in op.attributes:
            s += "constant "
        s += A.symbol_text(op.attributes["sym_name"].value) + "("
        v = op.attributes.get("value")
        if v is not None:
            s += pr.attr_text(v)
        s += ")" + K.print_comdat(pr, op) + _dict(pr, op, _GLOBAL_ELIDED)
        if not isinstance(v, A.StringAttr):
            s += " : " + pr.type_text(op.attributes["global_type"].type)
        if op.regions and op.regions[0].blocks:
            s += " " + pr.region_text(op.regions[0], False, True)
        return s


    @classmethod
    def verify(cls, op: Operation) -> None:
        K.verify_required(op, ("global_type", "sym_name"))
        asp = op.attributes.get("addr_space")
        if asp is not None and not (isinstance(asp, A.IntegerAttr) and asp.type == T.i32 and asp.value >= 0):
            raise VerifyError("attribute 'addr_space' failed to satisfy constraint: 32-bit signless integer attribute "
                              "whose value is non-negative", op, parse_time=True)
        lk = str(op.attributes.get("linkage", ""))
        v = op.attributes.get("value")
        gt = op.attributes["global_type"].type
        if isinstance(v, A.StringAttr) and not (
                isinstance(gt, T.LLVMArrayType) and gt.element_type == T.i8
                and gt.size == len(v.value.encode("utf-8", "surrogateescape"))):
            raise VerifyError("requires an i8 array type of the length equal to that of the string attribute", op)
        name = target_ext_name(gt)
        if name is not None:
            if not target_ext_has_zero_init(name):  # HasZeroInit and CanBeGlobal go together
                raise VerifyError("this target extension type cannot be used in a global", op)
            if v is not None:
                raise VerifyError("global with target extension type can only be initialized with zero-initializer",
                                  op)
        if lk == "#llvm.linkage<common>" and v is not None and not _is_zero_value(v):
            raise VerifyError("expected zero value for 'common' linkage", op)
        if lk == "#llvm.linkage<appending>" and not isinstance(op.attributes["global_type"].type, T.LLVMArrayType):
            raise VerifyError("expected array type for 'appending' linkage", op)
        al = _int_value(op.attributes.get("alignment"))
        if al is not None and (al <= 0 or al & (al - 1)):
            raise VerifyError("alignment attribute is not a power of 2", op, raw=True)
        verify_comdat(op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        """GlobalOp::verifyRegions: the initializer returns the global's type, holds only ops
        without memory effects, and excludes a value attribute."""
        if not op.regions or not op.regions[0].blocks:
            return
        b = op.regions[0].blocks[0]
        ret = b.ops[-1] if b.ops else None
        if ret is None or ret.name != "llvm.return":
            return
        if not ret.operands:
            raise VerifyError("initializer region cannot return void", op)
        gt = op.attributes["global_type"].type
        if ret.operands[0].type != gt:
            raise VerifyError(f"initializer region type '{ret.operands[0].type}' does not match global type '{gt}'",
                              op)
        for o in b.ops:
            od = o.opdef
            if od is None or not (od.traits & {"Pure", "NoMemoryEffect"}):
                raise VerifyError("ops with side effects not allowed in global initializers", o, raw=True)
        if "value" in op.attributes:
            raise VerifyError("cannot have both initializer value and region", op)


def _is_zero_value(v: A.Attribute) -> bool:
    """isZeroAttribute: integer/float zero, an all-zero elements attribute, an array of zeros."""
    if isinstance(v, (A.IntegerAttr, A.FloatAttr)):
        return not v.value
    if isinstance(v, A.DenseElementsAttr):
        return all(not x for x in v.values)
    if isinstance(v, A.ArrayAttr):
        return all(_is_zero_value(e) for e in v.elements)
    return False


def _parse_global_name(p: Any, optional: bool) -> A.Attribute | None:
    """A FlatSymbolRefAttr: any other attribute is upstream's 'invalid kind of attribute'."""
    pos = p.skip()
    a = p.parse_attribute()
    if not isinstance(a, A.SymbolRefAttr):
        raise p.error(f"custom op '{p.current_op}' invalid kind of attribute specified", pos)
    return a


class AddressOfOp(OpDef):
    name = "llvm.mlir.addressof"
    results = (single("res"),)
    props = ("global_name",)
    traits = frozenset({"Pure"})
    attr_parsers = {"global_name": _parse_global_name}
    assembly_format = "$global_name attr-dict `:` qualified(type($res))"

    @classmethod
    def verify(cls, op: Operation) -> None:
        """AddressOfOp::verifySymbolUses: a global, alias, function or ifunc; a global's (or
        alias's) address space."""
        ref = op.attributes.get("global_name")
        sym = lookup_symbol(op, ref) if isinstance(ref, A.SymbolRefAttr) else None
        if sym is None or sym.name not in ("llvm.mlir.global", "llvm.func", "llvm.mlir.alias", "llvm.mlir.ifunc"):
            raise VerifyError("must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or "
                              "'llvm.func' or 'llvm.mlir.ifunc'", op)
        t = op.results[0].type
        if sym.name in ("llvm.mlir.global", "llvm.mlir.alias") and isinstance(t, T.LLVMPointerType):
            asp = _int_value(sym.attributes.get("addr_space")) or 0
            if asp != t.address_space:
                raise VerifyError("pointer address space must match address space of the referenced global or alias",
                                  op)


def _cast(mn: str, check=None, extra_props: tuple[str, ...] = (), defaults: dict | None = None) -> type[OpDef]:
    def verify(cls: Any, op: Operation) -> None:
        if check is not None:
            check(op)

    return type(f"{mn}Op", (OpDef,), dict(
        name=f"llvm.{mn}", operands=(single("arg"),), results=(single("res"),), traits=frozenset({"Pure"}),
        props=extra_props, default_attrs=defaults or {},
        assembly_format="$arg attr-dict `:` type($arg) `to` type($res)", verify=classmethod(verify)))


def _int_result(op: Operation) -> None:
    if not isinstance(op.results[0].type, T.IntegerType):
        raise VerifyError("result #0 must be signless integer or LLVM dialect-compatible vector of signless "
                          f"integer, but got '{op.results[0].type}'", op)


def _ptr_operand(op: Operation) -> None:
    if not isinstance(op.operands[0].type, T.LLVMPointerType):
        raise VerifyError("operand #0 must be LLVM pointer type, but got " f"'{op.operands[0].type}'", op)


def _check_ptrtoint(op: Operation) -> None:
    _ptr_operand(op)
    _int_result(op)


def _check_inttoptr(op: Operation) -> None:
    if not isinstance(op.results[0].type, T.LLVMPointerType):
        raise VerifyError(f"result #0 must be LLVM pointer type, but got '{op.results[0].type}'", op)


def _is_non_aggregate(t: T.Type) -> bool:
    """LLVM_AnyNonAggregate: an LLVM-compatible type that is not a struct or an array."""
    return is_llvm_compatible(t) and not isinstance(t, (T.LLVMStructType, T.LLVMArrayType))


def _check_bitcast(op: Operation) -> None:
    """BitcastOp::verify after the operand/result constraints: pointers (or vectors of pointers)
    only to pointers of the same shape and address space."""
    src, res = op.operands[0].type, op.results[0].type
    if not _is_non_aggregate(src):
        raise VerifyError(f"operand #0 must be LLVM-compatible non-aggregate type, but got '{src}'", op)
    if not _is_non_aggregate(res):
        raise VerifyError(f"result #0 must be LLVM-compatible non-aggregate type, but got '{res}'", op)
    rp = _vector_element(res)
    sp = _vector_element(src)
    if isinstance(rp, T.LLVMPointerType) != isinstance(sp, T.LLVMPointerType):
        raise VerifyError("can only cast pointers from and to pointers", op)
    if not isinstance(rp, T.LLVMPointerType) or not isinstance(sp, T.LLVMPointerType):
        return
    if isinstance(res, T.VectorType) and not isinstance(src, T.VectorType):
        raise VerifyError("cannot cast pointer to vector of pointers", op)
    if not isinstance(res, T.VectorType) and isinstance(src, T.VectorType):
        raise VerifyError("cannot cast vector of pointers to pointer", op)
    if rp.address_space != sp.address_space:
        raise VerifyError("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead", op)


def _vector_element(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.VectorType) else t


def _check_ext(op: Operation) -> None:
    """verifyExtOp (sext, zext): matching vector-ness and shape, a strictly wider integer."""
    src, res = op.operands[0].type, op.results[0].type
    if isinstance(src, T.VectorType):
        if not isinstance(res, T.VectorType):
            raise VerifyError("input type is a vector but output type is an integer", op, raw=True)
        if src.shape != res.shape or src.scalable != res.scalable:
            raise VerifyError("input and output vectors are of incompatible shape", op, raw=True)
    elif isinstance(res, T.VectorType):
        raise VerifyError("input type is an integer but output type is a vector", op, raw=True)
    sw, rw = getattr(_vector_element(src), "width", 0), getattr(_vector_element(res), "width", 0)
    if sw >= rw:
        raise VerifyError("integer width of the output type is smaller or equal to the integer width of the input "
                          "type", op, raw=True)


PtrToIntOp = _cast("ptrtoint", _check_ptrtoint)
IntToPtrOp = _cast("inttoptr", _check_inttoptr)
BitcastOp = _cast("bitcast", _check_bitcast)
AddrSpaceCastOp = _cast("addrspacecast")
SExtOp = _cast("sext", _check_ext)
ZExtOp = _cast("zext", _check_ext, extra_props=("nonNeg",))
TruncOp = _cast("trunc", extra_props=("overflowFlags",), defaults={"overflowFlags": _i(0, T.i32)})
SIToFPOp = _cast("sitofp")
FPToSIOp = _cast("fptosi")


# ----- arithmetic -----------------------------------------------------------------------------------

_OVF_NAMES = {0: "", 1: "nsw", 2: "nuw", 3: "nsw, nuw"}


def _ovf_value(a: Any) -> int:
    if isinstance(a, A.IntegerAttr):
        return a.value
    t = str(a) if a is not None else ""
    v = 0
    if "nsw" in t:
        v |= 1
    if "nuw" in t:
        v |= 2
    return v


class _OverflowFlags:
    """``custom<OverflowFlags>``: (`overflow` `<` flag (`,` flag)* `>`)?, flags ``nsw``/``nuw``
    stored as the i32 enum property (absent: the default, none)."""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        if not p.parse_optional_keyword("overflow"):
            return False
        p.parse_punct("<")
        v = 0
        while True:
            w = p.parse_optional_bare_id()
            v |= {"nsw": 1, "nuw": 2}.get(w or "", 0)
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(">")
        st.attrs["overflowFlags"] = _i(v, T.i32)
        return True

    @staticmethod
    def print(pr: Any, op: Operation, args: list[Any], fmt: Any) -> str:
        v = _ovf_value(op.attributes.get("overflowFlags"))
        return f" overflow<{_OVF_NAMES[v]}>" if v else ""


DIRECTIVES["OverflowFlags"] = _OverflowFlags


def _same_as_res(known: dict[str, Any]) -> Any:
    return known["res"]


def _binary(mn: str, kind: str) -> type[OpDef]:
    """kind: "ovf" (overflow<...> flags), "fm" (fastmath in attr-dict), "" (none)."""
    props: tuple[str, ...] = ()
    defaults: dict[str, A.Attribute] = {}
    if kind == "ovf":
        props = ("overflowFlags",)
        defaults = {"overflowFlags": _i(0, T.i32)}
    elif kind == "fm":
        props = ("fastmathFlags",)
        defaults = {"fastmathFlags": FASTMATH_NONE}

    def convert_generic_props(cls: Any, attrs: dict[str, A.Attribute]) -> None:
        # overflowFlags is an enum property: `#llvm.overflow<...>` is stored (and printed) as i32
        a = attrs.get("overflowFlags")
        if kind == "ovf" and a is not None and not isinstance(a, A.IntegerAttr):
            attrs["overflowFlags"] = _i(_ovf_value(a), T.i32)

    return type(f"{mn}Op", (OpDef,), dict(
        name=f"llvm.{mn}", operands=(single("lhs"), single("rhs")), results=(single("res"),),
        traits=frozenset({"Pure"}), props=props, default_attrs=defaults,
        assembly_format="$lhs `,` $rhs " + ("`` custom<OverflowFlags>($overflowFlags) " if kind == "ovf" else "")
        + "attr-dict `:` type($res)", infer={"lhs": _same_as_res, "rhs": _same_as_res},
        convert_generic_props=classmethod(convert_generic_props)))


for _mn in ("add", "sub", "mul", "shl"):
    globals()[f"_{_mn}"] = _binary(_mn, "ovf")
for _mn in ("udiv", "sdiv", "urem", "srem", "and", "or", "xor", "lshr", "ashr"):
    globals()[f"_{_mn}"] = _binary(_mn, "")
for _mn in ("fadd", "fsub", "fmul", "fdiv", "frem"):
    globals()[f"_{_mn}"] = _binary(_mn, "fm")


class ICmpOp(OpDef):
    name = "llvm.icmp"
    operands = (single("lhs"), single("rhs"))
    results = (single("res"),)
    props = ("predicate",)
    traits = frozenset({"Pure"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ppos = p.skip()
        pred = p.parse_optional_string()
        if pred is None:
            raise p.error("custom op 'llvm.icmp' invalid kind of attribute specified", ppos)
        if pred not in ICMP_PREDICATES:
            raise p.error(f"custom op 'llvm.icmp' '{pred}' is an incorrect value of the 'predicate' attribute", ppos)
        a = p.parse_operand()
        p.parse_punct(",")
        b = p.parse_operand()
        attrs: dict[str, A.Attribute] = {"predicate": _i(ICMP_PREDICATES.index(pred))}
        attrs.update(_trailing(p))
        p.parse_punct(":")
        t = p.parse_type()
        rt = T.VectorType(t.shape, T.i1) if isinstance(t, T.VectorType) else T.i1
        return _mk(cls, [p.resolve(a, t), p.resolve(b, t)], [rt], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        pred = ICMP_PREDICATES[op.attributes["predicate"].value]
        return (f' "{pred}" {pr.value(op.operands[0])}, {pr.value(op.operands[1])}'
                + _dict(pr, op, ("predicate",)) + " : " + pr.type_text(op.operands[0].type))


class SelectOp(OpDef):
    name = "llvm.select"
    operands = (single("condition"), single("trueValue"), single("falseValue"))
    results = (single("res"),)
    props = ("fastmathFlags",)
    traits = frozenset({"Pure"})
    default_attrs = {"fastmathFlags": FASTMATH_NONE}
    assembly_format = "operands attr-dict `:` type($condition) `,` type($res)"
    infer = {"trueValue": _same_as_res, "falseValue": _same_as_res}


# ----- control flow -----------------------------------------------------------------------------------

class BrOp(OpDef):
    name = "llvm.br"
    operands = (variadic("destOperands"),)
    props = ("loop_annotation",)
    num_successors = 1
    successor_names = ("dest",)
    successor_groups = ("destOperands",)
    traits = frozenset({"Terminator", "Pure", "BranchOpInterface"})
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"


class CondBrOp(OpDef):
    name = "llvm.cond_br"
    operands = (single("condition"), variadic("trueDestOperands"), variadic("falseDestOperands"))
    props = ("branch_weights", "operandSegmentSizes", "loop_annotation")
    num_successors = 2
    successor_names = ("trueDest", "falseDest")
    successor_groups = ("trueDestOperands", "falseDestOperands")
    traits = frozenset({"Terminator", "Pure", "BranchOpInterface"})
    infer = {"condition": lambda known: [T.i1]}
    attr_parsers = {"branch_weights": i32_array_parser}
    attr_printers = {"branch_weights": i32_array_printer}
    assembly_format = ("$condition (`weights` `(` $branch_weights^ `)`)? `,` "
                       "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
                       "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")


# Every custom printer above reads only the op's types and attributes and prints operands through
# ``Printer.value``/``values``: region-less, successor-less llvm ops print through the printer's
# templates (as assembly-format ops do).  The verifiers of GEP and the casts read only types and
# attributes too.
for _od in [*globals().values(), *vars(llvm_memory).values()]:
    if isinstance(_od, type) and issubclass(_od, OpDef) and _od.name.startswith("llvm.") \
            and getattr(_od, "print_custom", None) is not None and not _od.regions and not _od.num_successors:
        _od.print_by_shape = True
for _od in (PtrToIntOp, IntToPtrOp, BitcastOp, AddrSpaceCastOp, SExtOp, ZExtOp, TruncOp, SIToFPOp, FPToSIOp):
    _od.shape_verified = True
