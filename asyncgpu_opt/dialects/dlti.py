"""dlti dialect: data layout and target description attributes (DLTIAttrs.td); no ops.

    dl-spec   ::= `#dlti.dl_spec` `<` (entry (`,` entry)*)? `>`   (also map, target_system_spec,
                                                                      target_device_spec)
    entry     ::= key `=` attribute | `#dlti.dl_entry` `<` key `,` attribute `>`
    key       ::= string | type
    dl-entry  ::= `#dlti.dl_entry` `<` key `,` attribute `>`

Printed as upstream prints them: every entry as ``key = value`` (a ``dl_entry`` inside a spec too),
in the order written; a key given twice is an error (``repeated DLTI key: "a"``).
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T

SPECS = ("dl_spec", "map", "target_system_spec", "target_device_spec")


class EntryAttr(A.Attribute):
    """``#dlti.dl_entry<key, value>``: ``key`` a string or a type."""

    __slots__ = ("key", "value")

    def __init__(self, key: str | T.Type, value: A.Attribute) -> None:
        A.Attribute.__init__(self)
        self.key = key
        self.value = value

    def _key(self) -> Any:
        return (str(self.key), str(self.value), isinstance(self.key, str))

    def key_text(self, p: Any = None) -> str:
        if isinstance(self.key, str):
            return A.quote_string(self.key)
        return self.key.text if p is None else p.type_text(self.key)

    def render(self, p: Any = None) -> str:
        return f"#dlti.dl_entry<{self.key_text(p)}, {_attr(p, self.value)}>"


class SpecAttr(A.Attribute):
    """``#dlti.<kind><entries>`` with ``kind`` one of ``SPECS``."""

    __slots__ = ("kind", "entries")

    def __init__(self, kind: str, entries: tuple[EntryAttr, ...]) -> None:
        A.Attribute.__init__(self)
        self.kind = kind
        self.entries = entries

    def _key(self) -> Any:
        return (self.kind, tuple(e._key() for e in self.entries))

    def render(self, p: Any = None) -> str:
        body = ", ".join(f"{e.key_text(p)} = {_attr(p, e.value)}" for e in self.entries)
        return f"#dlti.{self.kind}<{body}>"


def _attr(p: Any, a: A.Attribute) -> str:
    return a.render(None) if p is None else p.attr_text(a)


def _parse_key(p: Any) -> str | T.Type:
    s = p.parse_optional_string()
    if s is not None:
        return s
    return p.parse_type()


def _parse_entry_body(p: Any) -> EntryAttr:
    p.parse_punct("<")
    key = _parse_key(p)
    p.parse_punct(",")
    value = p.parse_attribute()
    p.parse_punct(">")
    return EntryAttr(key, value)


def _parse_spec(kind: str) -> Any:
    def parse(p: Any, after_name: int) -> A.Attribute:
        p.pos = p.last_end = after_name
        p.parse_punct("<")
        entries: list[EntryAttr] = []
        seen: set[str] = set()
        if not p.parse_optional_punct(">"):
            while True:
                pos = p.skip()
                if p.text.startswith("#dlti.dl_entry", pos):
                    e = p.parse_attribute()
                    if not isinstance(e, EntryAttr):
                        raise p.error("expected a data layout entry", pos)
                else:
                    key = _parse_key(p)
                    p.parse_punct("=")
                    e = EntryAttr(key, p.parse_attribute())
                k = e.key_text()
                if k in seen:  # (reported at the mnemonic, as upstream does)
                    raise p.error(f"repeated DLTI key: {k}", after_name - len(kind))
                seen.add(k)
                entries.append(e)
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(">")
        return SpecAttr(kind, tuple(entries))

    return parse


def _parse_entry(p: Any, after_name: int) -> A.Attribute:
    p.pos = p.last_end = after_name
    return _parse_entry_body(p)


for _k in SPECS:
    A.register_attr_parser(f"dlti.{_k}", _parse_spec(_k))
A.register_attr_parser("dlti.dl_entry", _parse_entry)
