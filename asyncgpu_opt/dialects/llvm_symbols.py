"""llvm dialect, module-level symbols: ``llvm.mlir.global_ctors`` / ``global_dtors``,
``llvm.mlir.alias``, ``llvm.mlir.ifunc`` and ``llvm.module_flags`` (LLVMOps.td; the verifiers of
LLVMDialect.cpp).  Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``).

    global_ctors ::= `ctors` `=` array `,` `priorities` `=` array `,` `data` `=` array attr-dict
    alias        ::= linkage? visibility? unnamed-addr? `thread_local`? symbol attr-dict `:` type region
    ifunc        ::= linkage visibility? unnamed-addr? symbol `:` type `,` type symbol-ref attr-dict
    module_flags ::= array attr-dict
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError
from ..ir.symbols import lookup_symbol
from ._common import keyword_enum
from .llvm_common import EXTERNAL, LINKAGES, _i, _mk, keyword_of

# ----- global_ctors / global_dtors ----------------------------------------------------------------


def _zero_or_symbol(a: A.Attribute) -> bool:
    return isinstance(a, A.SymbolRefAttr) and not a.nested or str(a) == "#llvm.zero"


def _xtors(kind: str) -> type[OpDef]:
    """``llvm.mlir.global_<kind>s``: the functions run at load (ctors) or unload (dtors) time."""
    names = f"{kind}s"

    def verify(cls: Any, op: Operation) -> None:
        fns, prios, data = (op.attributes.get(n) for n in (names, "priorities", "data"))
        for n, a in ((names, fns), ("priorities", prios), ("data", data)):
            if a is None:
                raise VerifyError(f"requires attribute '{n}'", op)
        if not (isinstance(fns, A.ArrayAttr) and all(isinstance(e, A.SymbolRefAttr) and not e.nested
                                                     for e in fns.elements)):
            raise VerifyError(f"attribute '{names}' failed to satisfy constraint: flat symbol ref array attribute",
                              op)
        if not (isinstance(prios, A.ArrayAttr) and all(isinstance(e, A.IntegerAttr) and e.type == T.i32
                                                       for e in prios.elements)):
            raise VerifyError("attribute 'priorities' failed to satisfy constraint: 32-bit integer array attribute",
                              op)
        if not isinstance(data, A.ArrayAttr):
            raise VerifyError("attribute 'data' failed to satisfy constraint: array attribute", op)
        if not all(_zero_or_symbol(e) for e in data.elements):
            raise VerifyError("data element must be symbol or #llvm.zero", op, raw=True)
        if not len(fns.elements) == len(prios.elements) == len(data.elements):
            raise VerifyError(f"{names}, priorities, and data must have the same number of elements", op, raw=True)
        for ref in fns.elements:  # verifySymbolUses
            fn = lookup_symbol(op, ref)
            if fn is None or fn.name != "llvm.func":
                raise VerifyError(f"'{ref.root}' does not reference a valid LLVM function", op)
            if not fn.regions or not fn.regions[0].blocks:
                raise VerifyError(f"'{ref.root}' does not have a definition", op)

    return type(f"Global{kind.capitalize()}sOp", (OpDef,), dict(
        name=f"llvm.mlir.global_{names}", props=(names, "priorities", "data"),
        assembly_format=f"`{names}` `=` ${names} `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict",
        verify=classmethod(verify)))


GlobalCtorsOp = _xtors("ctor")
GlobalDtorsOp = _xtors("dtor")

# ----- alias and ifunc -------------------------------------------------------------------------------

VISIBILITIES = {"hidden": 1, "protected": 2}
UNNAMED_ADDRS = {"local_unnamed_addr": 1, "unnamed_addr": 2}
_VISIBILITY_NAMES = {v: k for k, v in VISIBILITIES.items()}
_UNNAMED_NAMES = {v: k for k, v in UNNAMED_ADDRS.items()}
_ALIAS_LINKAGES = ("external", "internal", "private", "weak", "weak_odr", "linkonce", "linkonce_odr",
                   "available_externally")


def _linkage_name(op: Operation) -> str:
    return keyword_of(op.attributes.get("linkage", EXTERNAL), "llvm.linkage") or ""


def _parse_global_keywords(p: Any, attrs: dict[str, A.Attribute]) -> None:
    """linkage? visibility? `thread_local`? unnamed-addr? (upstream's order)"""
    attrs["linkage"] = EXTERNAL
    for lk in LINKAGES:
        if p.parse_optional_keyword(lk):
            attrs["linkage"] = A.keyword_attr("llvm.linkage", lk)
            break
    attrs["visibility_"] = _i(0)
    for kw, v in VISIBILITIES.items():
        if p.parse_optional_keyword(kw):
            attrs["visibility_"] = _i(v)
            break
    if p.parse_optional_keyword("thread_local"):
        attrs["thread_local_"] = A.UNIT
    attrs["unnamed_addr"] = _i(0)
    for kw, v in UNNAMED_ADDRS.items():
        if p.parse_optional_keyword(kw):
            attrs["unnamed_addr"] = _i(v)
            break


def _keywords_text(op: Operation) -> str:
    s = " " + _linkage_name(op) + " "
    vis = op.attributes.get("visibility_")
    if isinstance(vis, A.IntegerAttr) and vis.value in _VISIBILITY_NAMES:
        s += _VISIBILITY_NAMES[vis.value] + " "
    if "thread_local_" in op.attributes:
        s += "thread_local "
    ua = op.attributes.get("unnamed_addr")
    if isinstance(ua, A.IntegerAttr) and ua.value in _UNNAMED_NAMES:
        s += _UNNAMED_NAMES[ua.value] + " "
    return s


def _returned(op: Operation) -> Any:
    """The value the alias initializer's ``llvm.return`` returns (None when there is none)."""
    region = op.regions[0] if op.regions else None
    if region is None or not region.blocks or not region.blocks[0].ops:
        return None
    term = region.blocks[0].ops[-1]
    return term.operands[0] if term.name == "llvm.return" and term.operands else None


class AliasOp(OpDef):
    name = "llvm.mlir.alias"
    props = ("alias_type", "sym_name", "linkage", "dso_local", "thread_local_", "unnamed_addr", "visibility_")
    regions = ("initializer",)
    traits = frozenset({"Symbol", "IsolatedFromAbove"})
    default_attrs = {"linkage": EXTERNAL, "unnamed_addr": _i(0), "visibility_": _i(0)}
    _ELIDED = ("sym_name", "alias_type", "linkage", "unnamed_addr", "thread_local_", "visibility_")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        _parse_global_keywords(p, attrs)
        attrs["sym_name"] = A.StringAttr(p.parse_symbol_name())
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        attrs["alias_type"] = A.TypeAttr(p.parse_type())
        region = p.parse_region(isolated=True)
        return _mk(cls, [], [], attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = _keywords_text(op)
        s += A.symbol_text(op.attributes["sym_name"].value)
        s += pr.attr_dict_text(op.attributes, cls._ELIDED)
        s += " : " + pr.type_text(op.attributes["alias_type"].type) + " "
        return s + pr.region_text(op.regions[0], False, True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.attributes["alias_type"].type
        if isinstance(t, (T.LLVMVoidType, T.FunctionType)) or str(t) in ("!llvm.label", "!llvm.token",
                                                                          "!llvm.metadata"):
            raise VerifyError("expects type to be a valid element type for an LLVM global alias", op)
        lk = _linkage_name(op)
        if lk not in _ALIAS_LINKAGES:
            raise VerifyError(f"'{lk}' linkage not supported in aliases, available options: private, internal, "
                              "linkonce, weak, linkonce_odr, weak_odr, external or available_externally", op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        v = _returned(op)
        if v is None or not isinstance(v.type, T.LLVMPointerType):
            raise VerifyError("initializer region must always return a pointer", op)
        for inner in op.regions[0].blocks[0].ops:
            if not inner.has_trait("Pure") and inner.name != "llvm.return":
                raise VerifyError("ops with side effects are not allowed in alias initializers", inner, raw=True)


_IFUNC_LINKAGES = ("external", "internal", "private", "weak", "weak_odr", "linkonce", "linkonce_odr")


class IFuncOp(OpDef):
    name = "llvm.mlir.ifunc"
    props = ("sym_name", "i_func_type", "resolver", "resolver_type", "linkage", "dso_local", "address_space",
             "unnamed_addr", "visibility_")
    traits = frozenset({"Symbol"})
    default_attrs = {"address_space": _i(0, T.i32), "unnamed_addr": _i(0), "visibility_": _i(0)}
    _ELIDED = ("sym_name", "i_func_type", "resolver", "resolver_type", "linkage", "unnamed_addr", "visibility_")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        _parse_global_keywords(p, attrs)
        attrs.pop("thread_local_", None)
        attrs["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.parse_punct(":")
        attrs["i_func_type"] = A.TypeAttr(p.parse_type())
        p.parse_punct(",")
        attrs["resolver_type"] = A.TypeAttr(p.parse_type())
        attrs["resolver"] = A.SymbolRefAttr(p.parse_symbol_name())
        attrs.update(p.parse_optional_attr_dict())
        return _mk(cls, [], [], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = _keywords_text(op) + A.symbol_text(op.attributes["sym_name"].value)
        s += " : " + pr.type_text(op.attributes["i_func_type"].type) + ", "
        s += pr.type_text(op.attributes["resolver_type"].type) + " " + str(op.attributes["resolver"])
        return s + pr.attr_dict_text(op.attributes, cls._ELIDED + ("address_space",)
                                     if str(op.attributes.get("address_space")) == "0 : i32" else cls._ELIDED)

    @classmethod
    def verify(cls, op: Operation) -> None:
        lk = _linkage_name(op)
        if lk not in _IFUNC_LINKAGES:
            raise VerifyError(f"'{lk}' linkage not supported in ifuncs, available options: private, internal, "
                              "linkonce, weak, linkonce_odr, weak_odr, or external linkage", op)
        cls._verify_resolver(op)

    @classmethod
    def _verify_resolver(cls, op: Operation) -> None:
        """verifySymbolUses: the resolver, through aliases of ``llvm.mlir.addressof``, is a defined
        function returning a pointer of the ifunc's address space."""
        target = lookup_symbol(op, op.attributes["resolver"])
        seen = 0
        while target is not None and target.name == "llvm.mlir.alias" and seen < 64:
            v = _returned(target)
            d = getattr(v, "op", None) if v is not None else None
            if d is None or d.name != "llvm.mlir.addressof":
                return  # upstream's best effort: a complex initializer is accepted
            target = lookup_symbol(d, d.attributes["global_name"])
            seen += 1
        if target is None or target.name != "llvm.func":
            raise VerifyError("must have a function resolver", op)
        lk = _linkage_name(target)
        if not target.regions or not target.regions[0].blocks or lk == "available_externally":
            raise VerifyError("resolver must be a definition", op)
        if not isinstance(target.attributes["function_type"].type.result, T.LLVMPointerType):
            raise VerifyError("resolver must return a pointer", op)
        rt = op.attributes["resolver_type"].type
        space = op.attributes.get("address_space")
        if not isinstance(rt, T.LLVMPointerType) or rt.address_space != (space.value if space is not None else 0):
            raise VerifyError("resolver has incorrect type", op)


# ----- module flags ---------------------------------------------------------------------------------

_FLAG = "#llvm.mlir.module_flag<"


def _flag_parts(a: A.Attribute) -> tuple[str, str, str] | None:
    """(behavior, key, value text) of an opaque ``#llvm.mlir.module_flag<behavior, "key", value>``."""
    t = str(a)
    if not t.startswith(_FLAG) or not t.endswith(">"):
        return None
    body = t[len(_FLAG):-1]
    behavior, _, rest = body.partition(",")
    rest = rest.strip()
    if not rest.startswith('"'):
        return None
    end = rest.find('"', 1)
    while end > 0 and rest[end - 1] == "\\":
        end = rest.find('"', end + 1)
    if end < 0:
        return None
    return behavior.strip(), rest[1:end], rest[end + 1:].lstrip(", ").strip()


def _check_flag_value(op: Operation, key: str, value: str) -> None:
    """ModuleFlagAttr::verify's checks of the keys with a structured value."""
    if key == "CG Profile":
        items = value[1:-1].strip() if value.startswith("[") and value.endswith("]") else None
        if items is None or items and not all(e.strip().startswith("#llvm.cgprofile_entry")
                                              for e in _split_top(items)):
            raise VerifyError("'CG Profile' key expects an array of '#llvm.cgprofile_entry'", op, raw=True,
                              parse_time=True)
    elif key == "ProfileSummary" and not value.startswith("#llvm.profile_summary"):
        raise VerifyError("'ProfileSummary' key expects a '#llvm.profile_summary' attribute", op, raw=True,
                          parse_time=True)


def _split_top(text: str) -> list[str]:
    """``text`` split at the commas outside brackets and strings."""
    out, depth, start, in_str = [], 0, 0, False
    for i, c in enumerate(text):
        if in_str:
            in_str = c != '"' or text[i - 1] == "\\"
        elif c == '"':
            in_str = True
        elif c in "<[({":
            depth += 1
        elif c in ">])}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


class ModuleFlagsOp(OpDef):
    name = "llvm.module_flags"
    props = ("flags",)
    assembly_format = "$flags attr-dict"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        """The format, then ModuleFlagAttr::verify of each flag, located (as upstream's attribute
        parser reports it) at the flag's ``<``."""
        start = p.pos
        op = cls._format.parse(p, cls, results)
        flags = op.attributes.get("flags")
        at = start
        for f in flags.elements if isinstance(flags, A.ArrayAttr) else ():
            parts = _flag_parts(f)
            found = p.text.find(_FLAG, at, p.pos)
            at = found + len(_FLAG) if found >= 0 else at
            if parts is not None:
                try:
                    _check_flag_value(op, parts[1], parts[2])
                except VerifyError as e:
                    raise p.error(e.message, at - 1 if found >= 0 else p.name_pos) from None
        return op

    @classmethod
    def verify(cls, op: Operation) -> None:
        flags = op.attributes.get("flags")
        if flags is None:
            raise VerifyError("requires attribute 'flags'", op)
        if not isinstance(flags, A.ArrayAttr):
            raise VerifyError("attribute 'flags' failed to satisfy constraint: array attribute", op)
        for f in flags.elements:
            parts = _flag_parts(f)
            if parts is not None:
                _check_flag_value(op, parts[1], parts[2])
        parent = op.parent_op
        if parent is not None and parent.name != "builtin.module":
            raise VerifyError("must appear at the module level", op)
        if any(_flag_parts(f) is None for f in flags.elements):
            raise VerifyError("expected a module flag attribute", op)




# ----- comdat ---------------------------------------------------------------------------------------

def _sym_printer(pr: Any, a: A.Attribute) -> str:
    return A.symbol_text(a.value) if isinstance(a, A.StringAttr) else pr.attr_text(a)


def _sym_parser(p: Any, optional: bool) -> A.Attribute | None:
    n = p.parse_optional_symbol_name()
    if n is None:
        if optional:
            return None
        raise p.error("expected valid '@'-identifier for symbol name")
    return A.StringAttr(n)


COMDAT_KINDS = ("any", "exactmatch", "largest", "nodeduplicate", "samesize")
_COMDAT_HOOKS = keyword_enum("i64", COMDAT_KINDS, attr_name="comdat")


class ComdatOp(OpDef):
    """``llvm.comdat @name { llvm.comdat_selector ... }``: a table of COMDAT selectors."""

    name = "llvm.comdat"
    props = ("sym_name",)
    regions = ("body",)
    traits = frozenset({"NoTerminator", "SymbolTable", "Symbol"})
    attr_printers = {"sym_name": _sym_printer}
    attr_parsers = {"sym_name": _sym_parser}
    assembly_format = "$sym_name $body attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.regions[0].blocks) != 1:
            raise VerifyError("region #0 ('body') failed to verify constraint: region with 1 blocks", op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        for inner in op.regions[0].blocks[0].ops:
            if inner.name != "llvm.comdat_selector":
                raise VerifyError("only comdat selector symbols can appear in a comdat region", inner, raw=True)


class ComdatSelectorOp(OpDef):
    name = "llvm.comdat_selector"
    props = ("sym_name", "comdat")
    traits = frozenset({"Symbol"})
    attr_printers = {"sym_name": _sym_printer, "comdat": _COMDAT_HOOKS[0]}
    attr_parsers = {"sym_name": _sym_parser, "comdat": _COMDAT_HOOKS[1]}
    assembly_format = "$sym_name $comdat attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        c = op.attributes.get("comdat")
        if c is None:
            raise VerifyError("requires attribute 'comdat'", op)
        if not (isinstance(c, A.IntegerAttr) and c.type == T.i64 and 0 <= c.value < len(COMDAT_KINDS)):
            raise VerifyError("attribute 'comdat' failed to satisfy constraint: LLVM Comdat Types", op)
