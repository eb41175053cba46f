"""Dialect attributes written with ODS's ``struct(params)`` assembly, declared as data.

    param-attr ::= `#` dialect `.` mnemonic `<` (positional `,`)? (name `=` value (`,` name `=` value)*)? `>`

A ``ParamSpec`` lists the parameters in declaration order as ``(name, kind, default)``: kinds are
``attr`` (any attribute: ``[8, 4]``, ``2 : i64``, ``true``; ``#alias`` references expanded), ``kw``
(a bare keyword, kept as written), ``enum`` (a keyword printed after two spaces, as xegpu's enum
parameters print: ``memory_space =  slm``), ``int`` (a bare integer printed with its ``i64`` type,
as an ``IntegerAttr`` is) and ``bare`` (a plain ``int`` parameter: ``8``); ``default`` is the
value's printed text when the parameter is default-valued (left out in print), ``REQUIRED`` when it
must be present, ``None`` when it is optional.  The reader
accepts the parameters in any order with upstream's messages (``duplicate or unknown struct
parameter name: bogus``, ``struct is missing required parameter: x``); the printer writes the
present, non-default ones in declaration order, as ODS's generated printer does.  Registered
through ``ir.attributes.register_attr_parser``.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A

REQUIRED = object()


class ParamSpec:
    """One ``#dialect.mnemonic<...>`` attribute's parameters; ``positional``: a leading unnamed one."""

    def __init__(self, name: str, params: tuple[tuple[str, str, Any], ...], positional: str | None = None,
                 drop_empty: bool = False) -> None:
        self.name = name
        self.params = params
        self.positional = positional
        self.drop_empty = drop_empty  # an attribute with nothing to print is left out where it is held


class ParamAttr(A.Attribute):
    """A parsed ``struct(params)`` attribute: ``values`` maps each given parameter to its value."""

    __slots__ = ("spec", "values")

    def __init__(self, spec: ParamSpec, values: dict[str, Any]) -> None:
        A.Attribute.__init__(self)
        self.spec = spec
        self.values = values

    def _key(self) -> Any:
        return str(self)

    def printed(self, p: Any = None) -> list[str]:
        out = []
        for name, kind, default in self.spec.params:
            v = self.values.get(name)
            if v is None:
                continue
            text = _text(p, v, kind)
            if isinstance(default, str) and text == default:
                continue
            out.append(f"{name} = {text}")
        return out

    def render(self, p: Any = None) -> str:
        parts = self.printed(p)
        if self.spec.positional is not None:
            parts.insert(0, _text(p, self.values[self.spec.positional], "attr"))
        return f"#{self.spec.name}<" + ", ".join(parts) + ">"


def _text(p: Any, v: Any, kind: str) -> str:
    if kind == "kw":
        return str(v)
    if kind == "enum":  # an enum parameter printed by its attribute's printer: a space before it
        return " " + str(v)
    if kind == "int":
        return f"{v} : i64"
    if kind == "bare":
        return str(v)
    return v.render(p) if p is None else p.attr_text(v)


def parse_params(spec: ParamSpec, p: Any) -> ParamAttr:
    """The body after the mnemonic: ``<`` (positional ``,``)? struct(params) ``>``."""
    p.parse_punct("<")
    values: dict[str, Any] = {}
    kinds = {n: k for n, k, _d in spec.params}
    if spec.positional is not None:
        values[spec.positional] = p.parse_attribute()
        if not p.parse_optional_punct(","):
            p.parse_punct(">")
            return _finish(spec, p, values)
    if not p.parse_optional_punct(">"):
        while True:
            pos = p.skip()
            key = p.parse_optional_bare_id()
            if key is None:
                raise p.error("expected a parameter name in struct", pos)
            p.parse_punct("=")
            if key not in kinds or key in values:  # (reported where the value starts, as upstream)
                raise p.error(f"duplicate or unknown struct parameter name: {key}", p.skip())
            kind = kinds[key]
            if kind in ("kw", "enum"):
                vpos = p.skip()
                w = p.parse_optional_bare_id()
                if w is None:
                    raise p.error("expected keyword", vpos)
                values[key] = w
            elif kind in ("int", "bare"):
                values[key] = p.parse_integer()
            else:
                values[key] = p.parse_attribute()
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(">")
    return _finish(spec, p, values)


def _finish(spec: ParamSpec, p: Any, values: dict[str, Any]) -> ParamAttr:
    for name, _k, default in spec.params:
        if default is REQUIRED and name not in values:
            raise p.error(f"struct is missing required parameter: {name}")
    return ParamAttr(spec, values)


def register(spec: ParamSpec) -> None:
    """Make the reader build ``spec``'s attribute wherever ``#<spec.name><...>`` appears."""

    def parse(p: Any, after_name: int) -> A.Attribute:
        p.pos = p.last_end = after_name
        return parse_params(spec, p)

    A.register_attr_parser(spec.name, parse)
