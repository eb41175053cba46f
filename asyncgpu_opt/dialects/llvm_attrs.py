"""llvm dialect attributes with parameters (LLVMAttrDefs.td): loop metadata, access groups and the
debug-info attributes loop locations carry (di_file, di_compile_unit, di_subprogram).

    struct-attr ::= `#llvm.` mnemonic `<` (param `=` value (`,` param `=` value)*)? `>`   (struct(params))
    di-file     ::= `#llvm.di_file` `<` string `in` string `>`

Each attribute class lists its parameters in declaration order as ``(name, kind, optional)``; the
reader accepts them in any order, the printer writes the present ones in declaration order.  Kinds:

- ``bool``: a ``BoolAttr`` (``true``/``false``); ``int``: an ``IntegerAttr`` (``16 : i32``);
- ``attr``: any attribute (``distinct[0]<>``); ``llvm.<mnemonic>``: that llvm attribute;
- ``[llvm.<mnemonic>]``: a comma-separated list of them (an ``ArrayRefParameter``, so it is last);
- ``str``: a ``StringAttr``; ``uint``: a bare unsigned integer; ``cbool``: a bare ``true``/``false``;
  ``kw``: an enum keyword (or a string, e.g. ``"Definition|Optimized"``), kept as written;
- ``loc``: a location (``#alias`` or ``loc(...)``): ``#loc`` aliases too, as are the locations and
  the fused-location metadata nested in it (inline under ``--mlir-print-debuginfo``, whose op
  locations number the ``#loc`` aliases on their own).

These attributes ask for an alias (``LLVMOpAsmDialectInterface::getAlias``: the mnemonic), so the
printer defines ``#loop_annotation = #llvm.loop_annotation<...>`` at the top (``syntax.printer``).
Loaded with the llvm dialect (``ir.registry._EXTRA_MODULES``); the reader finds the classes through
``ir.attributes.register_attr_parser``.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..syntax.attr_aliases import register_aliased_attr

Param = tuple[str, str, bool]  # name, kind, optional

_CPP_OF_KIND = {"bool": "BoolAttr", "int": "IntegerAttr", "attr": "Attribute", "str": "StringAttr",
                "float": "FloatAttr"}


class LLVMStructAttr(A.Attribute):
    """``#llvm.<mnemonic><struct(params)>``: ``values`` holds one entry per parameter (None: absent)."""

    __slots__ = ("values",)
    mnemonic = ""
    cpp_name = ""
    params: tuple[Param, ...] = ()

    def __init__(self, values: tuple[Any, ...]) -> None:
        A.Attribute.__init__(self)
        self.values = values

    @property
    def alias_prefix(self) -> str:
        return self.mnemonic

    def get(self, name: str) -> Any:
        """The value of parameter ``name`` (None when absent)."""
        for (n, _k, _o), v in zip(self.params, self.values):
            if n == name:
                return v
        raise KeyError(name)

    def render(self, p: Any = None) -> str:
        parts = []
        for (name, kind, _opt), v in zip(self.params, self.values):
            if v is None:
                continue
            if kind.startswith("["):
                parts.append(f"{name} = " + ", ".join(_text(p, x, kind) for x in v))
            else:
                parts.append(f"{name} = {_text(p, v, kind)}")
        return f"#llvm.{self.mnemonic}<" + ", ".join(parts) + ">"

    @classmethod
    def parse(cls, p: Any) -> A.Attribute:
        """The body after the mnemonic: ``<`` struct(params) ``>``."""
        p.parse_punct("<")
        index = {n: i for i, (n, _k, _o) in enumerate(cls.params)}
        values: list[Any] = [None] * len(cls.params)
        seen: set[str] = set()
        if p.peek(">") and all(o for _n, _k, o in cls.params):
            p.parse_punct(">")
            return cls(tuple(values))
        if p.peek(">"):  # upstream parses a keyword first: both errors are reported
            first = p.error("expected valid keyword", p.skip())
            err = p.error("expected a parameter name in struct", p.skip())
            err.preceding.append(first.diagnostic)
            raise err
        while True:
            name = p.parse_optional_bare_id()
            if name is None:
                first = p.error("expected valid keyword", p.skip())
                err = p.error("expected a parameter name in struct", p.skip())
                err.preceding.append(first.diagnostic)
                raise err
            p.parse_punct("=")
            i = index.get(name)
            if i is None or name in seen:
                raise p.error(f"duplicate or unknown struct parameter name: {name}", p.skip())
            seen.add(name)
            values[i] = cls._parse_value(p, cls.params[i])
            if not p.parse_optional_punct(","):
                break
        close = p.skip()
        p.parse_punct(">")
        for (n, _k, opt), v in zip(cls.params, values):
            if v is None and not opt:  # reported at the `>`
                raise p.error(f"struct is missing required parameter: {n}", close)
        return cls(tuple(values))

    @classmethod
    def _parse_value(cls, p: Any, param: Param) -> Any:
        name, kind, _opt = param
        if kind.startswith("["):
            elem = kind[1:-1]
            out = [cls._parse_one(p, name, elem)]
            while p.parse_optional_punct(","):
                out.append(cls._parse_one(p, name, elem))
            return tuple(out)
        return cls._parse_one(p, name, kind)

    @classmethod
    def _parse_one(cls, p: Any, name: str, kind: str) -> A.Attribute:
        start = p.skip()
        if kind == "loc":
            return _parse_loc(p)
        if kind in ("uint", "u64", "cbool", "kw"):
            return _parse_plain(p, kind)
        a = p.parse_attribute()
        if not _fits(a, kind):
            first = p.error("invalid kind of attribute specified", start)
            what = _CPP_OF_KIND.get(kind) or _CLASSES[kind].cpp_name
            err = p.error(f"failed to parse {cls.cpp_name} parameter '{name}' which is to be a `{what}`", p.skip())
            err.preceding.append(first.diagnostic)
            raise err
        return a


class _Plain(A.Attribute):
    """A parameter that is not an attribute upstream (an unsigned, a C++ bool, an enum keyword)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        A.Attribute.__init__(self)
        self.text = text

    def render(self, p: Any = None) -> str:
        return self.text


def _parse_plain(p: Any, kind: str) -> _Plain:
    start = p.skip()
    if kind in ("uint", "u64"):  # u64: a uint64_t parameter, which wraps a negative value
        v = p.parse_optional_integer()
        if v is None or v < 0 and kind == "uint":
            raise p.error("expected integer value", start)
        return _Plain(str(v % (1 << 64)))
    word = p.parse_optional_bare_id()
    if kind == "cbool":
        if word not in ("true", "false"):
            raise p.error("expected 'true' or 'false'", start)
        return _Plain(word)
    if word is None:
        s = p.parse_optional_string()
        if s is None:
            raise p.error("expected valid keyword or string", start)
        return _Plain(p.text[start:p.last_end])
    return _Plain(word)


class LocParamAttr(A.Attribute):
    """A location held by an attribute (``startLoc``), and each location nested in it: printed as a
    ``#loc`` alias whose body refers to the nested ones' aliases (and the fused metadata's)."""

    __slots__ = ("node",)
    alias_prefix = "loc"

    def __init__(self, node: tuple) -> None:
        A.Attribute.__init__(self)
        self.node = node

    def render(self, p: Any = None) -> str:
        from ..syntax.locations import render

        if p is None or p.debuginfo:
            return "loc(" + render(self.node) + ")"
        return "loc(" + _loc_body(p, self.node) + ")"


def _loc_body(p: Any, node: tuple) -> str:
    from ..syntax.locations import render

    def sub(c: tuple) -> str:
        return _loc_body(p, c) if p.local_scope else p.attr_text(LocParamAttr(c))

    if node[0] == "fused" and node[1] is not None:
        meta = node[1]
        meta_text = p.attr_text(meta) if isinstance(meta, A.Attribute) else str(meta)
        return f"fused<{meta_text}>[" + ", ".join(sub(c) for c in node[2]) + "]"
    return render(node, sub)


def _parse_loc(p: Any) -> LocParamAttr:
    """A location parameter: ``#alias`` of a location or ``loc(...)``."""
    from ..syntax.locations import parse_location

    if p.peek("loc("):
        p.parse_keyword("loc")
        p.parse_punct("(")
        node = parse_location(p)
        p.parse_punct(")", "in location")
    else:
        node = parse_location(p)
    return LocParamAttr(node)


def _text(p: Any, a: A.Attribute, kind: str) -> str:
    """A parameter's text; one of a known llvm attribute class without an alias (local scope)
    drops its ``#llvm.<mnemonic>`` prefix (``printStrippedAttrOrType``)."""
    if p is None:
        return str(a)
    if p.local_scope and isinstance(a, LLVMStructAttr) and "llvm." in kind:
        return a.render(p)[len(a.mnemonic) + 6:]
    return p.attr_text(a)


def _fits(a: A.Attribute, kind: str) -> bool:
    if kind == "attr":
        return True
    if kind == "bool":
        return isinstance(a, A.IntegerAttr) and a.type == T.i1
    if kind == "int":
        return isinstance(a, A.IntegerAttr)
    if kind == "str":
        return isinstance(a, A.StringAttr)
    if kind == "float":
        return isinstance(a, A.FloatAttr)
    cls = _CLASSES.get(kind)
    return cls is not None and isinstance(a, cls)


_CLASSES: dict[str, type[LLVMStructAttr]] = {}


def _from_name_end(parse: Any) -> Any:
    """``parse(parser)`` of the body as an ``A.register_attr_parser`` hook (called at the name's end)."""
    def hook(p: Any, pos: int) -> A.Attribute:
        p.pos = p.last_end = pos
        return parse(p)
    return hook


def _define(cpp: str, mnemonic: str, params: tuple[Param, ...]) -> type[LLVMStructAttr]:
    cls = type(cpp, (LLVMStructAttr,), {"__slots__": (), "mnemonic": mnemonic, "cpp_name": cpp, "params": params})
    _CLASSES[f"llvm.{mnemonic}"] = cls
    A.register_attr_parser(f"llvm.{mnemonic}", _from_name_end(cls.parse))
    register_aliased_attr(cls)
    return cls


def _opt(*pairs: tuple[str, str]) -> tuple[Param, ...]:
    return tuple((n, k, True) for n, k in pairs)


_ANNOT = "llvm.loop_annotation"
LoopVectorizeAttr = _define("LoopVectorizeAttr", "loop_vectorize", _opt(
    ("disable", "bool"), ("predicateEnable", "bool"), ("scalableEnable", "bool"), ("width", "int"),
    ("followupVectorized", _ANNOT), ("followupEpilogue", _ANNOT), ("followupAll", _ANNOT)))
LoopInterleaveAttr = _define("LoopInterleaveAttr", "loop_interleave", (("count", "int", False),))
LoopUnrollAttr = _define("LoopUnrollAttr", "loop_unroll", _opt(
    ("disable", "bool"), ("count", "int"), ("runtimeDisable", "bool"), ("full", "bool"),
    ("followupUnrolled", _ANNOT), ("followupRemainder", _ANNOT), ("followupAll", _ANNOT)))
LoopUnrollAndJamAttr = _define("LoopUnrollAndJamAttr", "loop_unroll_and_jam", _opt(
    ("disable", "bool"), ("count", "int"), ("followupOuter", _ANNOT), ("followupInner", _ANNOT),
    ("followupRemainderOuter", _ANNOT), ("followupRemainderInner", _ANNOT), ("followupAll", _ANNOT)))
LoopLICMAttr = _define("LoopLICMAttr", "loop_licm", _opt(("disable", "bool"), ("versioningDisable", "bool")))
LoopDistributeAttr = _define("LoopDistributeAttr", "loop_distribute", _opt(
    ("disable", "bool"), ("followupCoincident", _ANNOT), ("followupSequential", _ANNOT),
    ("followupFallback", _ANNOT), ("followupAll", _ANNOT)))
LoopPipelineAttr = _define("LoopPipelineAttr", "loop_pipeline", _opt(
    ("disable", "bool"), ("initiationinterval", "int")))
LoopPeeledAttr = _define("LoopPeeledAttr", "loop_peeled", _opt(("count", "int"),))
LoopUnswitchAttr = _define("LoopUnswitchAttr", "loop_unswitch", _opt(("partialDisable", "bool"),))
AccessGroupAttr = _define("AccessGroupAttr", "access_group", (("id", "attr", False),))
LoopAnnotationAttr = _define("LoopAnnotationAttr", "loop_annotation", _opt(
    ("disableNonforced", "bool"), ("vectorize", "llvm.loop_vectorize"), ("interleave", "llvm.loop_interleave"),
    ("unroll", "llvm.loop_unroll"), ("unrollAndJam", "llvm.loop_unroll_and_jam"), ("licm", "llvm.loop_licm"),
    ("distribute", "llvm.loop_distribute"), ("pipeline", "llvm.loop_pipeline"), ("peeled", "llvm.loop_peeled"),
    ("unswitch", "llvm.loop_unswitch"), ("mustProgress", "bool"), ("isVectorized", "bool"),
    ("startLoc", "loc"), ("endLoc", "loc"))
    + (("parallelAccesses", "[llvm.access_group]", True),))


class DIFileAttr(LLVMStructAttr):
    """``#llvm.di_file<"name" in "directory">``."""

    __slots__ = ()
    mnemonic = "di_file"
    cpp_name = "DIFileAttr"
    params = (("name", "str", False), ("directory", "str", False))

    def render(self, p: Any = None) -> str:
        name, directory = self.values
        return f"#llvm.di_file<{name} in {directory}>"

    @classmethod
    def parse(cls, p: Any) -> A.Attribute:
        p.parse_punct("<")
        name = cls._parse_one(p, "name", "str")
        p.parse_keyword("in")
        directory = cls._parse_one(p, "directory", "str")
        p.parse_punct(">")
        return cls((name, directory))


_CLASSES["llvm.di_file"] = DIFileAttr
A.register_attr_parser("llvm.di_file", _from_name_end(DIFileAttr.parse))
register_aliased_attr(DIFileAttr)
register_aliased_attr(LocParamAttr)
DICompileUnitAttr = _define("DICompileUnitAttr", "di_compile_unit", (
    ("id", "attr", False), ("sourceLanguage", "kw", False), ("file", "llvm.di_file", False),
    ("producer", "str", True), ("isOptimized", "cbool", False), ("emissionKind", "kw", False),
    ("nameTableKind", "kw", True)))
DISubprogramAttr = _define("DISubprogramAttr", "di_subprogram", _opt(
    ("recId", "attr"), ("isRecSelf", "cbool"), ("id", "attr"), ("compileUnit", "llvm.di_compile_unit"),
    ("scope", "attr"), ("name", "str"), ("linkageName", "str"), ("file", "llvm.di_file"), ("line", "uint"),
    ("scopeLine", "uint"), ("subprogramFlags", "kw"), ("type", "attr"), ("retainedNodes", "[attr]"),
    ("annotations", "[attr]")))


# ----- module flags: #llvm.profile_summary --------------------------------------------------------

PROFILE_FORMATS = ("SampleProfile", "InstrProf", "CSInstrProf")


class ProfileSummaryDetailedAttr(LLVMStructAttr):
    """``#llvm.profile_summary_detailed<cut_off = N, min_count = N, num_counts = N>`` (a fixed
    order, not a struct); written without its name inside ``detailed_summary``."""

    __slots__ = ()
    mnemonic = "profile_summary_detailed"
    cpp_name = "ModuleFlagProfileSummaryDetailedAttr"
    params = (("cut_off", "u64", False), ("min_count", "u64", False), ("num_counts", "u64", False))

    def render(self, p: Any = None) -> str:
        return "#llvm." + self.mnemonic + self.stripped()

    def stripped(self) -> str:
        return "<" + ", ".join(f"{n} = {v.text}" for (n, _k, _o), v in zip(self.params, self.values)) + ">"

    @classmethod
    def parse(cls, p: Any) -> A.Attribute:
        p.parse_punct("<")
        values = []
        for i, (name, _k, _o) in enumerate(cls.params):
            if i:
                p.parse_punct(",")
            p.parse_keyword(name)
            p.parse_punct("=")
            values.append(_parse_plain(p, "u64"))
        p.parse_punct(">")
        return cls(tuple(values))


class ProfileSummaryAttr(LLVMStructAttr):
    """``#llvm.profile_summary<struct(params)>``: ``format`` a ProfileSummaryFormatKind keyword (or
    string), the counts unsigned, ``partial_profile_ratio`` a float attribute, ``detailed_summary``
    a list of ``<cut_off = N, min_count = N, num_counts = N>`` (printed so)."""

    __slots__ = ()
    mnemonic = "profile_summary"
    cpp_name = "ModuleFlagProfileSummaryAttr"
    params = (("format", "format", False), ("total_count", "u64", False), ("max_count", "u64", False),
              ("max_internal_count", "u64", False), ("max_function_count", "u64", False),
              ("num_counts", "u64", False), ("num_functions", "u64", False), ("is_partial_profile", "u64", True),
              ("partial_profile_ratio", "float", True), ("detailed_summary", "[llvm.profile_summary_detailed]", False))

    def render(self, p: Any = None) -> str:
        parts = []
        for (name, kind, _o), v in zip(self.params, self.values):
            if v is None:
                continue
            if kind.startswith("["):
                text = ", ".join(d.stripped() for d in v)
            else:
                text = v.text if isinstance(v, _Plain) else (p.attr_text(v) if p is not None else str(v))
            parts.append(f"{name} = {text}")
        return "#llvm.profile_summary<" + ", ".join(parts) + ">"

    @classmethod
    def _parse_one(cls, p: Any, name: str, kind: str) -> A.Attribute:
        if kind == "format":
            start = p.skip()
            word = p.parse_optional_bare_id()
            if word is None:
                word = p.parse_optional_string()
            fail = f"failed to parse {cls.cpp_name} parameter 'format' which is to be a `ProfileSummaryFormatKind`"
            if word is None or word not in PROFILE_FORMATS:
                first = p.error("expected keyword for LLVM ProfileSummary format kinds" if word is None else
                                f"expected one of [{', '.join(PROFILE_FORMATS)}] for LLVM ProfileSummary format "
                                f"kinds, got: {word}", start)
                err = p.error(fail, p.skip())
                err.preceding.append(first.diagnostic)
                raise err
            return _Plain(word)
        if kind == "llvm.profile_summary_detailed":
            try:
                if not p.peek("#"):  # the stripped form
                    return ProfileSummaryDetailedAttr.parse(p)
                a = p.parse_attribute()
                if not isinstance(a, ProfileSummaryDetailedAttr):
                    raise p.error("invalid kind of attribute specified", p.last_end)
                return a
            except MLIRError as nested:
                err = p.error(f"failed to parse {cls.cpp_name} parameter '{name}' which is to be a "
                              f"`::llvm::ArrayRef<{ProfileSummaryDetailedAttr.cpp_name}>`", p.skip())
                err.preceding = [*nested.preceding, nested.diagnostic]
                raise err from None
        return super()._parse_one(p, name, kind)


_CLASSES["llvm.profile_summary"] = ProfileSummaryAttr
_CLASSES["llvm.profile_summary_detailed"] = ProfileSummaryDetailedAttr
A.register_attr_parser("llvm.profile_summary", _from_name_end(ProfileSummaryAttr.parse))
A.register_attr_parser("llvm.profile_summary_detailed", _from_name_end(ProfileSummaryDetailedAttr.parse))

_MODULE_FLAG = "#llvm.mlir.module_flag"


def _parse_module_flag(p: Any, pos: int) -> A.Attribute:
    """``#llvm.mlir.module_flag<behavior, "key", value>``: kept as text; a ``#llvm.profile_summary``
    value is read (and printed canonically), its errors followed by the flag's own."""
    t = p.text
    end = p.balanced_end(pos)
    opaque = A.OpaqueAttr(_MODULE_FLAG + t[pos:end])
    p.pos = pos + 1
    behavior = p.parse_optional_bare_id()
    key_start = p.skip() if behavior is not None and p.parse_optional_punct(",") else -1
    if key_start < 0 or p.parse_optional_string() is None:
        p.pos = p.last_end = end
        return opaque
    key = t[key_start:p.last_end]
    if not p.parse_optional_punct(","):
        p.pos = p.last_end = end
        return opaque
    vstart = p.skip()
    if not t.startswith("#llvm.profile_summary<", vstart):
        p.pos = p.last_end = end
        return opaque
    try:
        value = p.parse_attribute()
    except MLIRError as nested:
        p.pos = p.last_end = p.balanced_end(vstart + len("#llvm.profile_summary"))
        err = p.error("failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`", p.skip())
        err.preceding = [*nested.preceding, nested.diagnostic]
        raise err from None
    p.parse_punct(">")
    return A.OpaqueAttr(f"{_MODULE_FLAG}<{behavior}, {key}, {value}>")


A.register_attr_parser("llvm.mlir.module_flag", _parse_module_flag)
