"""Helpers shared by dialect definitions: enum keyword attributes, asm-name helpers, traits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.opdef import VerifyError

PURE = frozenset({"Pure"})
TERMINATOR = frozenset({"Terminator", "Pure", "ReturnLike"})


def keyword_enum(wrap: str, keywords: Sequence[str], leading_space: bool = False, attr_name: str = ""):
    """Printer/parser hooks for an enum attribute printed as a bare keyword (``x``, ``slt``).

    ``wrap`` formats the stored attribute: ``"#gpu<dim {}>"`` is a dialect ``EnumAttr`` (registered
    so the reader builds one for the generic form too), ``"#x.y<{}>"`` an opaque dialect attribute,
    ``"i64"``/``"i32"`` store an ``IntegerAttr`` of the keyword's index (as ``arith.cmpi`` does)."""
    index = {k: i for i, k in enumerate(keywords)}
    enum = re.fullmatch(r"#(\w+)<(\w+) \{\}>", wrap)
    if enum:
        A.register_enum(enum[1], enum[2], keywords)

    def to_attr(kw: str) -> A.Attribute:
        if wrap in ("i64", "i32"):
            return A.IntegerAttr(index[kw], T.i32 if wrap == "i32" else T.i64)
        if enum:
            return A.EnumAttr(enum[1], enum[2], kw)
        return A.OpaqueAttr(wrap.format(kw))

    def from_attr(a: A.Attribute) -> str:
        if isinstance(a, A.IntegerAttr):
            return keywords[a.value]
        if isinstance(a, A.EnumAttr):
            return a.value
        t = str(a)
        pre, post = wrap.split("{}")
        return t[len(pre): len(t) - len(post)]

    def printer(pr: Any, a: A.Attribute) -> str:
        return (" " if leading_space else "") + from_attr(a)

    def parser(p: Any, optional: bool) -> A.Attribute | None:
        pos = p.skip()
        saved = p.pos, p.last_end
        kw = p.parse_optional_bare_id()
        if kw is None or kw not in index:
            if optional and (kw is None or not leading_space and wrap in ("i64", "i32")):
                p.pos, p.last_end = saved
                return None
            raise p.error(f"custom op '{p.current_op}' expected string or keyword containing one of the "
                          f"following enum values for attribute '{attr_name}' [{', '.join(keywords)}]", pos)
        return to_attr(kw)

    return printer, parser, from_attr, to_attr


def prefixed_attr_hooks(prefix: str) -> tuple[Any, Any]:
    """Printer/parser of an attribute written as its ``<...>`` body, without ``prefix`` (ODS prints
    a known attribute type's parameters only)."""

    def printer(pr: Any, a: A.Attribute) -> str:
        t = str(a)
        return t[len(prefix):] if t.startswith(prefix) else pr.attr_text(a)

    def parser(p: Any, optional: bool) -> A.Attribute | None:
        start = p.skip()
        if not p.text.startswith("<", start):
            if optional:
                return None
            raise p.error("expected '<'", start)
        end = p.balanced_end(start)
        spec = A.KEYWORD_ATTRS.get(prefix[1:])
        if spec is not None:
            return p.parse_dialect_keyword_attr(prefix[1:], spec, start)
        p.pos = p.last_end = end
        return A.OpaqueAttr(prefix + p.text[start:end])

    return printer, parser


def stripped_dialect_attr(prefix: str, sep: str = ", "):
    """Hooks for attributes printed without their ``#dialect.name`` prefix (``<nsw>``)."""

    def printer(pr: Any, a: A.Attribute) -> str:
        t = str(a)
        return t[len(prefix):] if t.startswith(prefix) else t

    def parser(p: Any, optional: bool) -> A.Attribute | None:
        pos = p.skip()
        if not p.text.startswith("<", pos):
            if optional:
                return None
            raise p.error("expected '<'")
        e = p.balanced_end(pos)
        spec = A.KEYWORD_ATTRS.get(prefix[1:])
        if spec is not None:
            return p.parse_dialect_keyword_attr(prefix[1:], spec, pos)
        body = p.text[pos + 1: e - 1]
        p.pos = p.last_end = e
        parts = [x.strip() for x in body.split(",")]
        return A.OpaqueAttr(f"{prefix}<{sep.join(parts)}>")

    return printer, parser


def verify_call(op: Any, callee_op: str, what: str, result_notes: bool = True) -> None:
    """CallOpInterface's ``verifySymbolUses`` for ``func.call`` / ``async.call``: the ``callee``
    names a ``callee_op`` (else "does not reference a valid ``what``") whose ``function_type``
    matches the call's operand and result types, with upstream's texts."""
    from ..ir.opdef import VerifyError
    from ..ir.symbols import lookup_symbol

    callee = op.attributes.get("callee")
    if not isinstance(callee, A.SymbolRefAttr):
        raise VerifyError("requires attribute 'callee'", op)
    fn = lookup_symbol(op, callee)
    if fn is None or fn.name != callee_op:
        raise VerifyError(f"'{callee.root}' does not reference a valid {what}", op)
    ft = fn.attributes["function_type"].type
    if len(ft.inputs) != len(op.operands):
        raise VerifyError("incorrect number of operands for callee", op)
    for i, (v, t) in enumerate(zip(op.operands, ft.inputs)):
        if v.type != t:
            raise VerifyError(f"operand type mismatch: expected operand type '{t}', but provided "
                              f"'{v.type}' for operand number {i}", op)
    if len(ft.results) != len(op.results):
        raise VerifyError("incorrect number of results for callee", op)
    for i, (r, t) in enumerate(zip(op.results, ft.results)):
        if r.type != t:
            notes = [(op.loc, "      op result types: " + ", ".join(f"'{x.type}'" for x in op.results)),
                     (op.loc, "function result types: " + ", ".join(f"'{x}'" for x in ft.results))]
            raise VerifyError(f"result type mismatch at index {i}", op, notes if result_notes else [])


def str_attr_parser(p: Any, optional: bool) -> A.Attribute:
    """A ``StrAttr`` element of a declarative format (ODS ``parseAttribute(attr, NoneType)``): a
    number is 'not valid for specified type', another kind of attribute 'invalid kind of attribute
    specified' (located at its start)."""
    pos = p.skip()
    a = p.parse_attribute(T.none)
    if not isinstance(a, A.StringAttr):
        raise p.error(f"custom op '{p.current_op}' invalid kind of attribute specified", pos)
    return a


def check_str_attr(op: Any, name: str) -> None:
    """The ODS constraint of a ``StrAttr`` (the generic form can give any attribute)."""
    a = op.attributes.get(name)
    if a is not None and not isinstance(a, A.StringAttr):
        raise VerifyError(f"attribute '{name}' failed to satisfy constraint: string attribute", op)
