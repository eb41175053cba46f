"""The ODS ``assemblyFormat`` language: its elements and the reader of format strings.

    format    ::= element*
    element   ::= literal | `$`var | directive | `(` element* anchor... `)` (`:` `(` element* `)`)? `?`
    literal   ::= `` `keyword` `` | `` `,` `` | `` ` ` `` (space) | ``` `` ``` (no space) | `` `\\n` ``
    directive ::= `attr-dict` | `attr-dict-with-keyword` | `type(` var `)` | `functional-type(` a `,` b `)`
                | `custom<Name>(` arg (`,` arg)* `)` | `operands` | `results` | `regions` | `successors`
                | `qualified(` ... `)` | `ref(` ... `)`

``read_format(opdef, text)`` gives the element list ``syntax/format.py`` compiles into parse and
print programs; a malformed format raises ``FormatError``.
"""

from __future__ import annotations

import re
from typing import Any

from ..records import Record

# ----- elements ---------------------------------------------------------------------------------
# records, not dataclasses: start-up cost (``asyncgpu_opt/records.py``)


class Lit(Record):
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class Space(Record):
    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        self.value = value  # " ", "" or "\\n"


class Var(Record):
    __slots__ = ("name", "kind")

    def __init__(self, name: str, kind: str) -> None:
        self.name = name
        self.kind = kind  # operand | result | attr | region | successor


class TypeDir(Record):
    __slots__ = ("arg",)

    def __init__(self, arg: Var | str) -> None:
        self.arg = arg  # Var, or "operands"/"results"


class FuncTypeDir(Record):
    __slots__ = ("ins", "outs")

    def __init__(self, ins: Var | str, outs: Var | str) -> None:
        self.ins = ins
        self.outs = outs


class AttrDict(Record):
    __slots__ = ("with_keyword",)

    def __init__(self, with_keyword: bool) -> None:
        self.with_keyword = with_keyword


class Optional_(Record):
    __slots__ = ("then", "anchor", "else_", "_then")

    def __init__(self, then: list[Any], anchor: Any, else_: list[Any] | None = None) -> None:
        self.then = then
        self.anchor = anchor
        self.else_: list[Any] = [] if else_ is None else else_
        self._then: list[Any] | None = None  # ``then`` without its spaces (the parser's, on first use)


class Custom(Record):
    __slots__ = ("name", "args")

    def __init__(self, name: str, args: list[Any]) -> None:
        self.name = name
        self.args = args


class Ref(Record):
    __slots__ = ("inner",)

    def __init__(self, inner: Any) -> None:
        self.inner = inner


class FormatError(Exception):
    pass


_TOK = re.compile(r"\s*(?:(?P<lit>`(?:[^`\\]|\\.)*`)|(?P<var>\$[A-Za-z_]\w*)|(?P<kw>[A-Za-z_][\w-]*)"
                  r"|(?P<punct>[()?^:,<>]))")


class _FormatParser:
    """Recursive descent over the format's tokens, resolving ``$names`` against the op definition."""

    def __init__(self, opdef: Any, text: str) -> None:
        self.opdef = opdef
        self.toks: list[tuple[str, str]] = []
        pos = 0
        while pos < len(text):
            if not text[pos:].strip():
                break
            m = _TOK.match(text, pos)
            if not m:
                raise FormatError(f"{opdef.name}: bad format near {text[pos:pos + 20]!r}")
            k = m.lastgroup or ""
            self.toks.append((k, m.group(k)))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str]:
        """The next token; ``("", "")`` at the end."""
        return self.toks[self.i] if self.i < len(self.toks) else ("", "")

    def take(self, v: str | None = None) -> tuple[str, str]:
        t = self.toks[self.i]
        if v is not None and t[1] != v:
            raise FormatError(f"{self.opdef.name}: expected {v!r}, got {t[1]!r}")
        self.i += 1
        return t

    def var(self, name: str) -> Var:
        od = self.opdef
        if name in od._operand_index:
            return Var(name, "operand")
        if name in od._result_index:
            return Var(name, "result")
        if name in od.regions:
            return Var(name, "region")
        if name in getattr(od, "successor_names", ()):
            return Var(name, "successor")
        return Var(name, "attr")

    def elements(self, stop: tuple[str, ...] = ()) -> list[Any]:
        out: list[Any] = []
        while True:
            t = self.peek()
            if not t[0] or t[1] in stop:
                return out
            out.append(self.element())

    def element(self) -> Any:
        k, v = self.take()
        if k == "lit":
            body = v[1:-1]
            if body in ("", " ", "\\n"):
                return Space(body)
            return Lit(body)
        if k == "var":
            return self.var(v[1:])
        if v == "(":
            then: list[Any] = []
            anchor = None
            while True:
                t = self.peek()
                if not t[0]:
                    raise FormatError("unterminated optional group")
                if t[1] == ")":
                    self.take()
                    break
                e = self.element()
                if self.peek()[1] == "^":
                    self.take()
                    anchor = e
                then.append(e)
            else_: list[Any] = []
            if self.peek()[1] == ":":
                self.take()
                self.take("(")
                else_ = self.elements((")",))
                self.take(")")
            self.take("?")
            return Optional_(then, anchor, else_)
        if k == "kw":
            if v == "attr-dict":
                return AttrDict(False)
            if v == "attr-dict-with-keyword":
                return AttrDict(True)
            if v in ("type", "qualified", "ref"):
                self.take("(")
                inner = self._arg()
                self.take(")")
                if v == "type":
                    return TypeDir(inner)
                return Ref(inner) if v == "ref" else inner
            if v == "functional-type":
                self.take("(")
                a = self._arg()
                self.take(",")
                b = self._arg()
                self.take(")")
                return FuncTypeDir(a, b)
            if v == "custom":
                self.take("<")
                name = self.take()[1]
                self.take(">")
                self.take("(")
                args = []
                while True:
                    args.append(self.element())
                    if self.peek()[1] == ",":
                        self.take()
                        continue
                    self.take(")")
                    break
                return Custom(name, args)
            if v in ("operands", "results", "regions", "successors"):
                return v
        raise FormatError(f"{self.opdef.name}: unexpected {v!r} in format")

    def _arg(self) -> Any:
        k, v = self.peek()
        if k == "var":
            self.take()
            return self.var(v[1:])
        if v in ("operands", "results"):
            self.take()
            return v
        if v in ("type", "ref", "qualified"):
            return self.element()
        raise FormatError(f"{self.opdef.name}: bad directive argument {v!r}")




def read_format(opdef: Any, text: str) -> list[Any]:
    """The elements of ``text``, a format of op definition ``opdef``."""
    return _FormatParser(opdef, text).elements()
