"""The reader's ground floor: the cursor over the raw text, punctuation/keyword/literal lexemes,
located errors (``error``, at MLIR's ``emitWrongTokenError`` position), SSA uses and definitions
in nested scopes.  ``Parser`` (``parser.py``) adds operations and regions on top of it, with
types (``parser_types.py``) and attributes (``parser_attrs.py``) as mixins.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..diagnostics import FileLoc, MLIRError, Source, TextLoc
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Value
from . import lexer as L

_TYPE_CACHE: dict[str, T.Type] = {}
_BUILTIN_SIMPLE = {
    "index": T.index, "f16": T.f16, "bf16": T.bf16, "f32": T.f32, "f64": T.f64, "none": T.none,
    "f80": T.FloatType("f80"), "f128": T.FloatType("f128"), "tf32": T.FloatType("tf32"),
    "f8E4M3FN": T.FloatType("f8E4M3FN"), "f8E5M2": T.FloatType("f8E5M2"),
}
_INT_TYPE = __import__("re").compile(r"(s|u)?i(\d+)\Z")
_ws_match: Callable[[str, int], Any] = L.ws_re.match
_WS_START = " \t\r\n\x00/"  # characters that can start whitespace or a `//` comment
# a character MLIR's lexer cannot start a token with (it reports "unexpected character" there)
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")
_BAD_TOKEN_START = re.compile(r"[^ \t\r\n\x00A-Za-z_0-9:,.(){}\[\]<>=+*?|\-@#%^!\"]|/(?!/)", re.ASCII)
_op_results_match = L.op_results_re.match


def lex_error_at(t: str, pos: int) -> tuple[str, int] | None:
    """The error MLIR's lexer reports for the token starting at ``pos`` (message, offset), if any:
    a character no token starts with, or a string literal that does not end (``lexString``)."""
    if t[pos] != '"':
        return ("unexpected character", pos) if _BAD_TOKEN_START.match(t, pos) else None
    i = pos + 1
    while i < len(t):
        c = t[i]
        if c == '"':
            return None
        if c in "\n\v\f":
            break
        if c == "\\":
            if t[i + 1:i + 2] in ('"', "\\", "n", "t"):
                i += 1
            elif _HEX2.match(t, i + 1):
                i += 2
            else:
                return "unknown escape in string literal", i
        i += 1
    return "expected '\"' in string literal", min(i, len(t))


class OperandRef:
    """An unresolved use ``%name#num`` at ``pos``."""

    __slots__ = ("name", "num", "pos")

    def __init__(self, name: str, num: int, pos: int) -> None:
        self.name = name
        self.num = num
        self.pos = pos

    def __repr__(self) -> str:
        return f"%{self.name}" + (f"#{self.num}" if self.num else "")


class _Scope:
    """The values a region defines; ``iso`` is the nearest isolated-from-above enclosing scope
    (``None`` when this one is isolated: a reference to itself would be a cycle, which keeps every
    value the parser defined alive while the cyclic collector is off), where forward references
    wait; ``wait_scope`` gives the scope itself."""

    __slots__ = ("values", "isolated", "forward", "iso")

    def __init__(self, isolated: bool, parent: _Scope | None = None) -> None:
        self.values: dict[str, Sequence[Value]] = {}
        self.isolated = isolated
        self.forward: dict[tuple[str, int], tuple[Value, int]] | None = {} if isolated else None
        self.iso: _Scope | None = None if isolated or parent is None else parent.wait_scope

    @property
    def wait_scope(self) -> _Scope:
        return self.iso or self


class ParserBase:
    """State and low-level lexemes shared by the parts of the reader."""

    def __init__(self, source: Source, allow_unregistered: bool = False) -> None:
        self.source = source
        self.text = source.text
        self.pos = 0
        self.last_end = 0
        self.allow_unregistered = allow_unregistered
        self.scopes: list[_Scope] = [_Scope(True)]
        self.attr_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        self.loc_aliases: dict[str, tuple] = {}  # `#name = loc(...)` (syntax.locations nodes)
        self.deferred_locs: list[TextLoc] = []  # locations using aliases defined further down
        self.default_dialects: list[str] = []
        self.forward_ids: set[int] = set()
        self._def_anchor: int | None = None  # where block arguments are reported as defined
        self.current_op: str = ""
        self.name_pos = 0
        self.op_starts: list[int] = []
        self.def_pos: dict[int, int] = {}  # id(value) -> position of its definition ("prior use here")
        self.block_scopes: list[dict[str, tuple[Block, int, bool]]] = []
        self._generic_cache: dict[str, Any] = {}  # text of a generic op's dictionary / function type
        self._props_checked: set[tuple[Any, str]] = set()  # (op definition, properties text) converted
        self._line_cache: dict[tuple, Any] = {}  # line skeleton -> build record or False (line_cache.py)
        self.use_line_cache = True  # False: every op through parse_operation (for differential tests)

    # ----- low level ------------------------------------------------------------------------------
    def skip(self) -> int:
        p = self.pos
        t = self.text
        if p < len(t) and t[p] not in _WS_START:  # already at a token: the common case
            return p
        self.pos = p = _ws_match(t, p).end()
        return p

    def loc(self, pos: int | None = None) -> FileLoc:
        return FileLoc(self.source, self.pos if pos is None else pos)

    def error(self, msg: str, pos: int | None = None) -> MLIRError:
        """A located error; when ``pos`` is None it is a wrong-token error, reported (as MLIR's
        ``emitWrongTokenError`` does) just past the previous token, skipping back over blanks,
        blank lines and ``//`` comments."""
        t = self.text
        nxt = _ws_match(t, self.last_end).end()
        if nxt < len(t) and (t[nxt] == '"' or _BAD_TOKEN_START.match(t, nxt)):
            # MLIR lexes one token ahead: a token it cannot lex right after the last one is the error
            lex_error = lex_error_at(t, nxt)
            if lex_error is not None:
                return MLIRError(lex_error[0], self.loc(lex_error[1]))
        if pos is None:
            pos = self._wrong_token_pos(self.skip())
        return MLIRError(msg, self.loc(pos))

    def _wrong_token_pos(self, p: int) -> int:
        t = self.text
        if p >= len(t) and p > 0:
            p -= 1
        original = p
        end = p
        while True:
            while end > 0 and t[end - 1] in " \t":
                end -= 1
            if end == 0:
                return original
            if t[end - 1] not in "\n\r":
                return end
            end -= 1
            line_start = max(t.rfind("\n", 0, end), t.rfind("\r", 0, end)) + 1
            c = t.find("//", line_start, end)
            if c >= 0:
                end = c

    def at_end(self) -> bool:
        return self.skip() >= len(self.text)

    def peek(self, s: str) -> bool:
        return self.text.startswith(s, self.skip())

    def parse_optional_punct(self, s: str) -> bool:
        p = self.pos
        t = self.text
        if p < len(t) and t[p] in _WS_START:
            self.pos = p = _ws_match(t, p).end()
        if t.startswith(s, p):
            if s == "-" and t.startswith("->", p):
                return False
            self.pos = self.last_end = p + len(s)
            return True
        return False

    def parse_punct(self, s: str, what: str | None = None) -> None:
        if not self.parse_optional_punct(s):
            raise self.error(f"expected '{s}'" + (f" {what}" if what else ""))

    def parse_optional_keyword(self, kw: str | None = None) -> str | None:
        p = self.skip()
        m = L.bare_id_re.match(self.text, p)
        if not m:
            return None
        word = m.group()
        if kw is not None and word != kw:
            # a keyword may be a prefix of a dotted identifier only when followed by '.'
            if word.startswith(kw + ".") or not word.startswith(kw):
                return None
            return None
        self.pos = self.last_end = m.end()
        return word

    def parse_keyword(self, kw: str, what: str = "") -> None:
        if self.parse_optional_keyword(kw) is None:
            raise self.error(f"expected '{kw}'" + (f" {what}" if what else ""))

    def parse_optional_bare_id(self) -> str | None:
        return self.parse_optional_keyword(None)

    def parse_optional_string(self) -> str | None:
        p = self.skip()
        m = L.string_re.match(self.text, p)
        if not m:
            return None
        self.pos = self.last_end = m.end()
        return L.unescape_string(m.group())

    def parse_string(self, what: str = "expected string") -> str:
        s = self.parse_optional_string()
        if s is None:
            raise self.error(what)
        return s

    def parse_optional_integer(self) -> int | None:
        p = self.skip()
        t = self.text
        m = L.hex_re.match(t, p) or L.integer_re.match(t, p)
        if not m or L.float_re.match(t, p):
            return None
        self.pos = self.last_end = m.end()
        return int(m.group(), 0) if m.group().startswith("0x") else int(m.group())

    def parse_integer(self, what: str = "expected integer value") -> int:
        v = self.parse_optional_integer()
        if v is None:
            raise self.error(what)
        return v

    def parse_optional_symbol_name(self) -> str | None:
        p = self.skip()
        m = L.at_id_re.match(self.text, p)
        if not m:
            if self.text.startswith("@", p):
                raise self.error("@ identifier expected to start with letter or '_'", p + 1)
            return None
        self.pos = self.last_end = m.end()
        s = m.group()[1:]
        return L.unescape_string(s) if s.startswith('"') else s

    def parse_symbol_name(self) -> str:
        s = self.parse_optional_symbol_name()
        if s is None:
            raise self.error("expected valid '@'-identifier for symbol name")
        return s

    def balanced_end(self, start: int) -> int:
        """Offset just past the ``<...>``/``(...)``/``[...]``/``{...}`` group opening at start."""
        t = self.text
        opener = t[start] if start < len(t) else ""
        closer = {"<": ">", "(": ")", "[": "]", "{": "}"}.get(opener)
        if closer is None:  # truncated or malformed input: a located error, never an IndexError
            self.pos = start
            raise self.error("expected '<'")
        depth = 0
        i = start
        n = len(t)
        while i < n:
            c = t[i]
            if c == '"':
                m = L.string_re.match(t, i)
                i = m.end() if m else i + 1
                continue
            if (c == "-" and t.startswith("->", i)) or (c == ">" and t.startswith(">=", i)):
                i += 2
                continue
            if c in "<([{":
                depth += 1
            elif c == "\x00":  # the end of the buffer to upstream's dialect-body lexer
                break
            elif c in ">)]}":
                depth -= 1
                if depth == 0:
                    if c != closer:
                        raise self.error(f"unbalanced '{opener}' character in pretty dialect name", start)
                    return i + 1
            i += 1
        raise self.error(f"unbalanced '{opener}' character in pretty dialect name", start)

    # ----- SSA values -----------------------------------------------------------------------------
    def parse_optional_operand(self) -> OperandRef | None:
        p = self.skip()
        m = L.ssa_use_re.match(self.text, p)
        if not m:
            return None
        self.pos = self.last_end = m.end()
        num = m.group("num")
        return OperandRef(m.group("name"), int(num) if num else 0, p)

    def parse_operand(self) -> OperandRef:
        r = self.parse_optional_operand()
        if r is None:
            raise self.error("expected SSA operand")
        return r

    def parse_operand_list(self, delim: str | None = None, allow_empty: bool = True) -> list[OperandRef]:
        """``ssa-use (`,` ssa-use)*``, optionally inside ``()``/``[]``."""
        out: list[OperandRef] = []
        if delim:
            self.parse_punct(delim[0])
            if self.parse_optional_punct(delim[1]):
                return out
        first = self.parse_optional_operand()
        if first is None:
            if delim or not allow_empty:
                raise self.error("expected SSA operand")
            return out
        out.append(first)
        while self.parse_optional_punct(","):
            out.append(self.parse_operand())
        if delim:
            self.parse_punct(delim[1], "in operand list")
        return out

    def lookup(self, ref: OperandRef, type: T.Type | None) -> Value:
        for sc in reversed(self.scopes):
            vals = sc.values.get(ref.name)
            if vals is not None:
                if ref.num >= len(vals):
                    raise self.error("result number refers to invalid result", ref.pos)
                v = vals[ref.num]
                if type is not None and v.type != type and id(v) not in self.forward_ids:
                    err = self.error(f"use of value '%{ref.name}' expects different type than prior "
                                     f"uses: '{type}' vs '{v.type}'", ref.pos)
                    dp = self.def_pos.get(id(v))
                    if dp is not None:
                        from ..diagnostics import Diagnostic

                        err.diagnostic.notes.append(Diagnostic("note", "prior use here", self.loc(dp)))
                    raise err
                return v
            if sc.isolated:
                break
        # forward reference, recorded in the nearest isolated scope
        fwd = self.scopes[-1].wait_scope.forward
        assert fwd is not None
        key = (ref.name, ref.num)
        if key in fwd:
            v = fwd[key][0]
            if type is not None and v.type != type:
                raise self.error(f"use of value '%{ref.name}' expects different type than prior uses: "
                                 f"'{type}' vs '{v.type}'", ref.pos)
            return v
        if type is None:
            raise self.error("use of undeclared SSA value name", ref.pos)
        v = Value(type)
        self.forward_ids.add(id(v))
        fwd[key] = (v, ref.pos)
        return v

    def resolve(self, ref: OperandRef, type: T.Type | None) -> Value:
        return self.lookup(ref, type)

    def define(self, name: str, values: Sequence[Any], pos: int) -> None:
        for sc in reversed(self.scopes):
            if name in sc.values:
                e = self.error(f"redefinition of SSA value '%{name}'", pos)
                dp = self.def_pos.get(id(sc.values[name][0]))
                if dp is not None:
                    from ..diagnostics import Diagnostic

                    e.diagnostic.notes.append(Diagnostic("note", "previously defined here", self.loc(dp)))
                raise e
            if sc.isolated:
                break
        self.scopes[-1].values[name] = values
        anchor = pos  # upstream notes point at the defining `%name` (block arguments included)
        for v in values:
            v.name_hint = name
            self.def_pos[id(v)] = anchor
        fwd = self.scopes[-1].wait_scope.forward
        if fwd:
            for i, v in enumerate(values):
                ent = fwd.pop((name, i), None)
                if ent is not None:
                    ph, use_pos = ent
                    if ph.type != v.type:
                        raise self.error(f"definition of SSA value '%{name}#{i}' has type '{v.type}'"
                                         if len(values) > 1 else
                                         f"use of value '%{name}' expects different type than prior uses: "
                                         f"'{ph.type}' vs '{v.type}'", use_pos)
                    self.forward_ids.discard(id(ph))
                    ph.replace_all_uses_with(v)
            for (n, i), (_, use_pos) in list(fwd.items()):
                if n == name and i >= len(values):
                    raise self.error("result number refers to invalid result", use_pos)

    def push_scope(self, isolated: bool) -> None:
        self.scopes.append(_Scope(isolated, self.scopes[-1] if self.scopes else None))

    def pop_scope(self) -> None:
        sc = self.scopes.pop()
        if sc.isolated and sc.forward:
            (name, num), (_, pos) = min(sc.forward.items(), key=lambda kv: kv[1][1])
            raise self.error("use of undeclared SSA value name", pos)

