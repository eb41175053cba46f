"""The gpu dialect's compilation attributes (CompilationAttrs.td), as structural values:

    #gpu.object<target, (`properties` = dict,)? (`kernels` = kernel-table,)? (format =)? string>
    #gpu.kernel_table<(`[` kernel-metadata (`,` kernel-metadata)* `]`)?>
    #gpu.kernel_metadata<string-attr, type (`,` struct(arg_attrs, metadata))?>

``format`` is one of ``offload``/``assembly``/``bin``/``fatbin`` (``fatbin``, the default, elided
when printed); a kernel table keeps its kernels sorted by name, uniquely named; nested parameters
print without their ``#gpu.`` prefix (``kernels = <[...]>``) and parse with or without it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..ir import attributes as A
from ..ir.types import Type
from .gpu_attrs import is_target

FORMATS = ("offload", "assembly", "bin", "fatbin")
"""``CompilationTarget`` keywords in enum order; ``fatbin`` is the default."""


def _r(p: Any, a: Any) -> str:
    """A nested attribute or type, through the printer when there is one."""
    if isinstance(a, Type):
        return p.type_text(a) if p is not None else a.text
    return p.attr_text(a) if p is not None else str(a)


class KernelMetadataAttr(A.Attribute):
    """``#gpu.kernel_metadata<name, function_type, arg_attrs = [...], metadata = {...}>``: ``name``
    a StringAttr, ``arg_attrs`` an ArrayAttr of dictionaries and ``metadata`` a DictionaryAttr, or None."""

    __slots__ = ("name", "function_type", "arg_attrs", "metadata")

    def __init__(self, name: A.StringAttr, function_type: Type, arg_attrs: A.ArrayAttr | None = None,
                 metadata: A.DictionaryAttr | None = None) -> None:
        A.Attribute.__init__(self)
        self.name = name
        self.function_type = function_type
        self.arg_attrs = arg_attrs
        self.metadata = metadata

    def body(self, p: Any = None) -> str:
        s = f"<{_r(p, self.name)}, {_r(p, self.function_type)}"
        if self.arg_attrs is not None:
            s += f", arg_attrs = {_r(p, self.arg_attrs)}"
        if self.metadata is not None:
            s += f", metadata = {_r(p, self.metadata)}"
        return s + ">"

    def render(self, p: Any = None) -> str:
        return "#gpu.kernel_metadata" + self.body(p)


class KernelTableAttr(A.Attribute):
    """``#gpu.kernel_table<[...]>``: kernel metadata sorted by name (as upstream's builder sorts)."""

    __slots__ = ("kernels",)

    def __init__(self, kernels: Iterable[KernelMetadataAttr] = ()) -> None:
        A.Attribute.__init__(self)
        self.kernels = tuple(sorted(kernels, key=lambda k: k.name.value))

    def lookup(self, name: str) -> KernelMetadataAttr | None:
        return next((k for k in self.kernels if k.name.value == name), None)

    def body(self, p: Any = None) -> str:
        return "<" + ("[" + ", ".join(_r(p, k) for k in self.kernels) + "]" if self.kernels else "") + ">"

    def render(self, p: Any = None) -> str:
        return "#gpu.kernel_table" + self.body(p)


class ObjectAttr(A.Attribute):
    """``#gpu.object<...>``: a target attribute, the ``format`` keyword, the object StringAttr, and
    optional ``properties`` (DictionaryAttr) and ``kernels`` (KernelTableAttr)."""

    __slots__ = ("target", "format", "object", "properties", "kernels")

    def __init__(self, target: A.Attribute, object: A.StringAttr, format: str = "fatbin",
                 properties: A.DictionaryAttr | None = None, kernels: KernelTableAttr | None = None) -> None:
        A.Attribute.__init__(self)
        self.target = target
        self.format = format
        self.object = object
        self.properties = properties
        self.kernels = kernels

    def render(self, p: Any = None) -> str:
        s = f"#gpu.object<{_r(p, self.target)}, "
        if self.properties is not None:
            s += f"properties = {_r(p, self.properties)}, "
        if self.kernels is not None:
            s += f"kernels = {self.kernels.body(p)}, "
        if self.format != "fatbin":
            s += f"{self.format} = "
        return s + _r(p, self.object) + ">"


# ----- parsing ------------------------------------------------------------------------------------
def _typed_attr(p: Any, cls: type) -> Any:
    """A generic attribute that must be a ``cls`` (ODS's FieldParser for a builtin attribute)."""
    pos = p.skip()
    a = p.parse_attribute()
    if not isinstance(a, cls):
        raise p.error("invalid kind of attribute specified", pos)
    return a


def _nested(p: Any, cls: type, parse_body: Any) -> Any:
    """A gpu attribute parameter of class ``cls``: in full (``#gpu.kernel_table<...>``) or in its
    stripped ``<...>`` form, read by ``parse_body``."""
    pos = p.skip()
    if p.text.startswith("#", pos):
        return _typed_attr(p, cls)
    return parse_body(p, pos)


def _parse_metadata(p: Any, pos: int) -> KernelMetadataAttr:
    p.pos = p.last_end = pos
    p.parse_punct("<")
    name = _typed_attr(p, A.StringAttr)
    p.parse_punct(",")
    ftype = p.parse_type()
    got: dict[str, Any] = {}
    first = True
    while p.parse_optional_punct(","):
        key = p.parse_optional_bare_id()
        if key is None and first:  # the struct's parameters are all optional: `, >` is an empty one
            break
        if key is None:
            raise p.error("expected valid keyword", p.skip())
        first = False
        p.parse_punct("=")
        if key not in ("arg_attrs", "metadata") or key in got:  # upstream points past the `=`
            raise p.error(f"duplicate or unknown struct parameter name: {key}", p.skip())
        got[key] = _typed_attr(p, A.ArrayAttr if key == "arg_attrs" else A.DictionaryAttr)
    p.parse_punct(">")
    if not name.value:
        raise p.error("the kernel name can't be empty", pos)
    args = got.get("arg_attrs")
    if args is not None and not all(isinstance(e, A.DictionaryAttr) for e in args.elements):
        raise p.error("all attributes in the array must be a dictionary attribute", pos)
    return KernelMetadataAttr(name, ftype, args, got.get("metadata"))


def _parse_table(p: Any, pos: int) -> KernelTableAttr:
    p.pos = p.last_end = pos
    p.parse_punct("<")
    kernels: list[KernelMetadataAttr] = []
    if p.parse_optional_punct("["):
        while True:
            kernels.append(_nested(p, KernelMetadataAttr, _parse_metadata))
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
    p.parse_punct(">")
    table = KernelTableAttr(kernels)
    names = [k.name.value for k in table.kernels]
    if len(set(names)) != len(names):
        raise p.error("expected all kernels to be uniquely named", pos)
    return table


def _parse_object(p: Any, pos: int) -> ObjectAttr:
    p.pos = p.last_end = pos
    p.parse_punct("<")
    target = p.parse_attribute()
    p.parse_punct(",")
    props = kernels = None
    if p.parse_optional_keyword("properties"):
        p.parse_punct("=")
        props = _typed_attr(p, A.DictionaryAttr)
        p.parse_punct(",")
    if p.parse_optional_keyword("kernels"):
        p.parse_punct("=")
        kernels = _nested(p, KernelTableAttr, _parse_table)
        p.parse_punct(",")
    fpos = p.skip()
    fmt = p.parse_optional_bare_id()
    if fmt is not None and fmt not in FORMATS:
        raise p.error("expected keyword for GPU object format", fpos)
    if fmt is not None:
        p.parse_punct("=")
    obj = _typed_attr(p, A.StringAttr)
    p.parse_punct(">")
    if not is_target(target):
        raise p.error("the target attribute must implement or promise the `gpu::TargetAttrInterface`", pos)
    return ObjectAttr(target, obj, fmt or "fatbin", props, kernels)


A.register_attr_parser("gpu.object", _parse_object)
A.register_attr_parser("gpu.kernel_table", _parse_table)
A.register_attr_parser("gpu.kernel_metadata", _parse_metadata)
