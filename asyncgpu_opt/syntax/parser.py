"""The MLIR reader: text -> IR, with located errors.

A recursive-descent reader over the raw text with an explicit offset; each lexeme is one pyparsing
``Regex`` (see ``lexer.py``) matched raw.  Naming: ``parse_x`` succeeds or raises ``MLIRError``;
``parse_optional_x`` returns ``None`` (or ``False``) and consumes nothing.  Types and attributes are
cached by their text.

    toplevel        ::= (operation | attribute-alias-def | type-alias-def)*
    operation       ::= op-result-list? (generic-operation | custom-operation) trailing-location?
    op-result-list  ::= op-result (`,` op-result)* `=`          op-result ::= value-id (`:` integer)?
    generic-operation ::= string-literal `(` value-use-list? `)` successor-list?
                          dictionary-properties? region-list? dictionary-attribute? `:` function-type
    custom-operation  ::= bare-id custom-operation-format
    region          ::= `{` entry-block? block* `}`
    block           ::= block-label operation*     block-label ::= caret-id (`(` arg-list `)`)? `:`
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..diagnostics import FileLoc, MLIRError, Source, TextLoc
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region, Value
from ..ir.opdef import OpDef, is_known_dialect, lookup_opdef
from . import lexer as L
from .line_cache import parse_block_body

_TYPE_CACHE: dict[str, T.Type] = {}
_BUILTIN_SIMPLE = {
    "index": T.index, "f16": T.f16, "bf16": T.bf16, "f32": T.f32, "f64": T.f64, "none": T.none,
    "f80": T.FloatType("f80"), "f128": T.FloatType("f128"), "tf32": T.FloatType("tf32"),
    "f8E4M3FN": T.FloatType("f8E4M3FN"), "f8E5M2": T.FloatType("f8E5M2"),
}
_INT_TYPE = __import__("re").compile(r"(s|u)?i(\d+)\Z")
_generic_op_match: Callable[..., Any] | None = None  # lexer.GENERIC_OP, compiled on first use
_ws_match = L.ws_re.match
_WS_START = " \t\r\n\f\v/"  # characters that can start whitespace or a `//` comment
# a character MLIR's lexer cannot start a token with (it reports "unexpected character" there)
_BAD_TOKEN_START = re.compile(r"[^\sA-Za-z_0-9:,.(){}\[\]<>=+*?|\-@#%^!\"]|/(?!/)")
_op_results_match = L.op_results_re.match


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
    __slots__ = ("values", "isolated", "forward")

    def __init__(self, isolated: bool) -> None:
        self.values: dict[str, list[Value]] = {}
        self.isolated = isolated
        self.forward: dict[tuple[str, int], tuple[Value, int]] | None = {} if isolated else None


class Parser:
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
        if nxt < len(t) and _BAD_TOKEN_START.match(t, nxt) and (pos is None or pos >= nxt):
            # MLIR lexes one token ahead: a bad character right after the last token is the error
            return MLIRError("unexpected character", self.loc(nxt))
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
                    raise self.error(f"operand #{ref.num} does not refer to a valid result number "
                                     f"(the value has {len(vals)} results)" if False else
                                     "result number refers to invalid result", ref.pos)
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
        iso = next(s for s in reversed(self.scopes) if s.isolated)
        fwd = iso.forward
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

    def define(self, name: str, values: list[Value], pos: int) -> None:
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
        iso = next(s for s in reversed(self.scopes) if s.isolated)
        fwd = iso.forward
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
        self.scopes.append(_Scope(isolated))

    def pop_scope(self) -> None:
        sc = self.scopes.pop()
        if sc.isolated and sc.forward:
            (name, num), (_, pos) = min(sc.forward.items(), key=lambda kv: kv[1][1])
            raise self.error("use of undeclared SSA value name", pos)

    # ----- top level ------------------------------------------------------------------------------
    def parse_top_level(self) -> list[Operation]:
        """Parse a whole buffer: alias definitions and top-level operations."""
        ops: list[Operation] = []
        holder = Block()
        self.block_scopes.append({})  # successors named at top level (never defined there)
        while not self.at_end():
            p = self.pos
            t = self.text
            if t[p] == "#" or (t[p] == "!" and L.excl_id_re.match(t, p)):
                m = (L.hash_id_re if t[p] == "#" else L.excl_id_re).match(t, p)
                if m:
                    q = L.ws_re.match(t, m.end()).end()
                    if t.startswith("=", q) and not t.startswith("==", q):
                        self.pos = self.last_end = q + 1
                        name = m.group()[1:]
                        if t[p] == "#":
                            if name in self.attr_aliases or name in self.loc_aliases:
                                raise self.error(f"redefinition of attribute alias id '{name}'", p)
                            if self.peek("loc("):
                                self.loc_aliases[name] = self._parse_loc_spec(False).node
                            else:
                                self.attr_aliases[name] = self.parse_attribute()
                        else:
                            if name in self.type_aliases:
                                raise self.error(f"redefinition of type alias id '{name}'", p)
                            self.type_aliases[name] = self.parse_type()
                        continue
            if t.startswith("{-#", p):
                e = t.find("#-}", p)
                if e < 0:
                    raise self.error("expected '#-}' to end the file metadata dictionary", p)
                self.pos = e + 3
                continue
            op = self.parse_operation()
            holder.append(op)
            ops.append(op)
        for _b, pos, defined in self.block_scopes.pop().values():
            if not defined:
                raise self.error("reference to an undefined block", pos)
        self.pop_scope()
        self._resolve_deferred_locs()
        for op in ops:
            holder.remove(op)
        return ops

    def _parse_loc_spec(self, allow_deferred: bool = True) -> TextLoc:
        """`loc` `(` location `)` (the parser is at `loc(`)."""
        from .locations import has_alias_refs, parse_location, render

        self.pos = self.last_end = self.skip() + 4
        node = parse_location(self, allow_deferred)
        self.parse_punct(")", "in location")
        tl = TextLoc(render(node), None, node)
        if has_alias_refs(node):
            self.deferred_locs.append(tl)
        return tl

    def _resolve_deferred_locs(self) -> None:
        from .locations import render, resolve

        for tl in self.deferred_locs:
            try:
                tl.node = resolve(tl.node, self.loc_aliases)
            except KeyError as e:
                raise self.error("operation location alias was never defined", e.args[0]) from None
            tl.text = render(tl.node)
        self.deferred_locs = []

    # ----- operations -----------------------------------------------------------------------------
    def parse_operation(self) -> Operation:
        start = self.skip()
        t = self.text
        results: list[tuple[str, int, int]] = []  # (name, count, pos)
        m = _op_results_match(t, start) if t.startswith("%", start) else None
        if m is not None:
            results.append((m.group("a"), 1, start))
            b = m.group("b")
            if b is not None:
                results.append((b, 1, m.start("b") - 1))
            self.pos = self.last_end = m.end()
        elif t.startswith("%", start):
            while True:
                p = self.skip()
                m = L.ssa_def_re.match(t, p)
                if not m:
                    raise self.error("expected valid ssa identifier")
                cnt = m.group("count")
                if cnt is not None and int(cnt) < 1:
                    raise self.error("expected named operation to have at least 1 result", p)
                results.append((m.group("name"), int(cnt) if cnt else 1, p))
                self.pos = self.last_end = m.end()
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("=", "after SSA name")
        op_pos = self.skip()
        self.op_starts.append(start)
        try:
            if t.startswith('"', op_pos):
                op = self.parse_generic_operation()
            else:
                op = self.parse_custom_operation(results)
        finally:
            self.op_starts.pop()
        n_expected = 0
        for r in results:
            n_expected += r[1]
        if results and n_expected != len(op.results):
            raise self.error(f"operation defines {len(op.results)} results but was provided "
                             f"{n_expected} to bind", start)
        if op.regions:
            # terminators the custom parser added implicitly carry the op's (name) location
            for r in op.regions:
                for b in r.blocks:
                    if b.ops and b.ops[-1].loc is None:
                        b.ops[-1].loc = FileLoc(self.source, op_pos)
        q = self.pos
        if q < len(t) and t[q] in _WS_START:
            q = self.skip()
        op.loc = self.parse_trailing_location(op_pos) if t.startswith("loc(", q) else FileLoc(self.source, op_pos)
        i = 0
        for name, cnt, pos in results:
            self.define(name, op.results[i: i + cnt], pos)
            i += cnt
        return op

    def parse_trailing_location(self, op_pos: int) -> Any:
        fl = FileLoc(self.source, op_pos)
        p = self.skip()
        if self.text.startswith("loc(", p):
            tl = self._parse_loc_spec()
            tl.fallback = fl
            return tl
        return fl

    def _parse_generic_fast(self) -> Operation | None:
        """A region-less, successor-less generic op matched by one regex (``lexer.GENERIC_OP``);
        its dictionaries and function type are parsed once per distinct text.  Returns None, with
        nothing consumed, when the op needs the general path (which then reports any error)."""
        global _generic_op_match
        if _generic_op_match is None:
            _generic_op_match = L.GENERIC_OP.re.match
        t = self.text
        start = self.skip()
        m = _generic_op_match(t, start)
        if m is None:
            return None
        opdef = lookup_opdef(m.group("name"))
        if opdef is None:
            return None
        cache = self._generic_cache
        props = attrs = None
        for key in ("props", "attrs"):
            txt = m.group(key)
            if txt is not None:
                d = cache.get(txt)
                if d is None:
                    self.pos = m.start(key)
                    d = self.parse_attr_dict_body()
                    if self.skip() != L.ws_re.match(t, m.end(key)).end():
                        self.pos = start
                        return None
                    cache[txt] = d
                if key == "props":
                    props = d
                else:
                    attrs = d
        txt = m.group("ftype")
        ftype = cache.get(txt)
        if ftype is None:
            self.pos = m.start("ftype")
            ftype = self.parse_type()
            if not isinstance(ftype, T.FunctionType) or self.skip() != L.ws_re.match(t, m.end("ftype")).end():
                self.pos = start
                return None
            cache[txt] = ftype
        ins = ftype.inputs
        o0, o1 = m.span("opnds")
        if t.count("%", o0, o1) != len(ins):
            self.pos = start
            return None
        operands: list[Value] = []
        if ins:
            resolve = self.lookup
            for om, ty in zip(L.ssa_use_re.finditer(t, o0, o1), ins):
                num = om.group("num")
                operands.append(resolve(OperandRef(om.group("name"), int(num) if num else 0, om.start()), ty))
        if props:
            attrs = {**attrs, **props} if attrs else props
        if opdef.default_attrs:
            attrs = _generic_defaults(opdef, attrs)
        self.pos = self.last_end = m.end()
        return Operation.create(opdef.name, operands, ftype.results, attrs, (), (), None, None, opdef=opdef)

    def parse_generic_operation(self) -> Operation:
        """generic-operation (see module docstring)."""
        op = self._parse_generic_fast()
        if op is not None:
            return op
        self.skip()
        name = self.parse_string()
        name_pos = self.skip()
        opdef = lookup_opdef(name)
        if opdef is None:
            dialect = name.split(".", 1)[0]
            if not self.allow_unregistered:
                if "." not in name:
                    raise self.error("operation name must be namespaced (e.g. 'dialect.op')"
                                     if False else
                                     "operation being parsed with an unregistered dialect. If this is "
                                     "intended, please use -allow-unregistered-dialect with the MLIR tool used",
                                     name_pos)
                if is_known_dialect(dialect):
                    raise self.error(f"Dialect `{dialect}' not found for custom op '{name}' "
                                     if False else f"unregistered operation '{name}' found in dialect "
                                     f"('{dialect}') that does not allow unknown operations", name_pos)
                raise self.error("operation being parsed with an unregistered dialect. If this is intended, "
                                 "please use -allow-unregistered-dialect with the MLIR tool used", name_pos)
        self.parse_punct("(", "to start operand list")
        operand_refs = self.parse_operand_list() if not self.parse_optional_punct(")") else None
        if operand_refs is not None:
            self.parse_punct(")", "in operand list")
        else:
            operand_refs = []
        successors: list[Block] = []
        if self.parse_optional_punct("["):
            while True:
                successors.append(self.parse_successor())
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("]", "in successor list")
        props: dict[str, A.Attribute] | None = None
        if self.peek("<{"):
            self.pos += 1
            props = self.parse_attr_dict_body()
            self.parse_punct(">", "to end properties")
        regions: list[Region] = []
        if self.peek("(") and not self.peek("()"):
            q = self.pos + 1
            q = L.ws_re.match(self.text, q).end()
            if self.text.startswith("{", q):
                self.parse_punct("(")
                isolated = opdef is not None and "IsolatedFromAbove" in opdef.traits
                while True:
                    regions.append(self.parse_region(isolated=isolated))
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct(")", "to end of region list")
        attrs: dict[str, A.Attribute] = {}
        if self.peek("{"):
            attrs = self.parse_attr_dict_body()
        self.parse_punct(":", "followed by operation type")
        tpos = self.skip()
        ftype = self.parse_type()
        if not isinstance(ftype, T.FunctionType):
            raise self.error("expected function type", tpos)
        if len(ftype.inputs) != len(operand_refs):
            raise self.error(f"expected {len(operand_refs)} operand type{'s' if len(operand_refs) != 1 else ''} "
                             f"but had {len(ftype.inputs)}", tpos)
        operands = [self.resolve(r, ty) for r, ty in zip(operand_refs, ftype.inputs)]
        if opdef is not None:
            if props:
                attrs.update(props)
            if opdef.default_attrs:
                attrs = _generic_defaults(opdef, attrs)
            unreg_props = None
        else:
            unreg_props = props
        return Operation.create(name, operands, ftype.results, attrs, regions, successors,
                                None, unreg_props, opdef=opdef)

    def resolve_op_name(self, name: str, pos: int) -> type[OpDef]:
        if "." not in name:
            # only the innermost region's default dialect applies (as in MLIR's parser)
            d = self.default_dialects[-1] if self.default_dialects else "builtin"
            od = lookup_opdef(f"{d}.{name}") if d else None
            if od is None:
                od = lookup_opdef(f"builtin.{name}")
            if od is not None:
                return od
            if not d:
                raise self.error(f"Dialect `' not found for custom op '{name}'  (tried '.{name}' as well)", pos)
            raise self.error(f"custom op '{name}' is unknown (tried '{d}.{name}' as well)", pos)
        od = lookup_opdef(name)
        if od is None:
            dialect = name.split(".", 1)[0]
            if is_known_dialect(dialect):
                raise self.error(f"custom op '{name}' is unknown", pos)
            if self.allow_unregistered:
                raise self.error(f"custom op '{name}' is unknown", pos)
            raise self.error(f"Dialect `{dialect}' not found for custom op '{name}' ", pos)
        return od

    def parse_custom_operation(self, results: list[tuple[str, int, int]]) -> Operation:
        p = self.skip()
        m = L.bare_id_re.match(self.text, p)
        if not m:
            raise self.error("expected operation name in quotes")
        name = m.group()
        opdef = self.resolve_op_name(name, p)
        self.current_op = opdef.name
        self.name_pos = p  # OpAsmParser::getNameLoc()
        self.pos = self.last_end = m.end()
        custom = getattr(opdef, "parse_custom", None)
        if custom is not None:
            op = custom(self, results)
        elif opdef._format is not None:
            op = opdef._format.parse(self, opdef, results)
        else:
            raise self.error(f"custom op '{name}' has no custom assembly form", p)
        return op

    def num_results_expected(self, results: list[tuple[str, int, int]]) -> int:
        return sum(c for _, c, _ in results)

    # ----- regions and blocks ---------------------------------------------------------------------
    def parse_region(self, entry_args: list[tuple[OperandRef, T.Type, Any]] | None = None,
                     isolated: bool = False, default_dialect: str | None = None) -> Region:
        """region ::= `{` entry-block-ops block* `}`; ``entry_args`` are (ref, type, loc) defined
        as the entry block's arguments (custom syntax like ``scf.for``)."""
        self.parse_punct("{", "to begin a region")
        region = Region()
        self.push_scope(isolated)
        self.block_scopes.append({})
        self.default_dialects.append(default_dialect or "")
        try:
            if entry_args and self.peek("^"):
                raise self.error("invalid block name in region with named arguments", self.skip())
            if entry_args or not self.peek("^"):
                if self.parse_optional_punct("}"):
                    if entry_args:
                        b = Block()
                        region.add_block(b)
                        self._define_block_args(b, entry_args)
                    self._finish_region()
                    return region
                entry = Block()
                region.add_block(entry)
                if entry_args:
                    self._define_block_args(entry, entry_args)
                self.parse_block_body(entry)
            else:
                if entry_args:
                    raise self.error("invalid block name in region with named arguments")
            while not self.parse_optional_punct("}"):
                if self.at_end():
                    raise self.error("expected '}' to end region" if False else
                                     "expected operation name in quotes")
                self.parse_block(region)
            self._finish_region()
        finally:
            self.default_dialects.pop()
        return region

    def _define_block_args(self, block: Block, entry_args: list[tuple[OperandRef, T.Type, Any]]) -> None:
        self._def_anchor = self.op_starts[-1] if self.op_starts else None
        try:
            for ref, ty, loc in entry_args:
                a = block.add_arg(ty, loc if loc is not None else self.loc(ref.pos))  # default: the %name
                self.define(ref.name, [a], ref.pos)
        finally:
            self._def_anchor = None

    def _finish_region(self) -> None:
        blocks = self.block_scopes.pop()
        for _b, pos, defined in blocks.values():
            if not defined:
                raise self.error("reference to an undefined block", pos)
        self.pop_scope()

    def _block_ref(self, name: str, pos: int, define: bool) -> Block:
        scope = self.block_scopes[-1]
        ent = scope.get(name)
        if ent is None:
            b = Block()
            scope[name] = (b, pos, define)
            return b
        b, p0, defined = ent
        if define:
            if defined:
                raise self.error(f"redefinition of block '^{name}'", pos)
            scope[name] = (b, p0, True)
        return b

    def parse_successor(self) -> Block:
        p = self.skip()
        m = L.caret_id_re.match(self.text, p)
        if not m:
            raise self.error("expected block name")
        self.pos = self.last_end = m.end()
        return self._block_ref(m.group()[1:], p, False)

    def parse_block(self, region: Region) -> None:
        p = self.skip()
        m = L.caret_id_re.match(self.text, p)
        if not m:
            raise self.error("expected block name")
        self.pos = self.last_end = m.end()
        block = self._block_ref(m.group()[1:], p, True)
        region.add_block(block)
        if self.parse_optional_punct("("):
            if not self.parse_optional_punct(")"):
                while True:
                    ref = self.parse_operand()
                    self.parse_punct(":", "and type for SSA value")
                    ty = self.parse_type()
                    loc = self.parse_optional_loc()
                    if loc is None:
                        loc = self.loc(ref.pos)
                    self.define(ref.name, [block.add_arg(ty, loc)], ref.pos)
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct(")", "to end argument list")
        self.parse_punct(":", "after block name")
        self.parse_block_body(block)

    def parse_optional_loc(self) -> Any:
        p = self.skip()
        if self.text.startswith("loc(", p):
            return self._parse_loc_spec()
        return None

    def parse_block_body(self, block: Block) -> None:
        """operation* up to the `}` or `^` that ends the block (through the line cache)."""
        parse_block_body(self, block)

    # ----- attribute dictionaries ---------------------------------------------------------------
    def parse_attr_dict_body(self) -> dict[str, A.Attribute]:
        """`{` (attr-entry (`,` attr-entry)*)? `}`   attr-entry ::= (bare-id | string) (`=` attr)?"""
        self.parse_punct("{")
        out: dict[str, A.Attribute] = {}
        if self.parse_optional_punct("}"):
            return out
        while True:
            p = self.skip()
            key = self.parse_optional_string()
            if key is None:
                m = L.bare_id_re.match(self.text, p)
                if not m:
                    raise self.error("expected attribute name")
                key = m.group()
                self.pos = self.last_end = m.end()
            if key in out:
                raise self.error(f"duplicate key '{key}' in dictionary attribute", p)
            if self.parse_optional_punct("="):
                out[key] = self.parse_attribute()
            else:
                out[key] = A.UNIT
            if not self.parse_optional_punct(","):
                break
        self.parse_punct("}", "in attribute dictionary")
        return out

    def parse_optional_attr_dict(self) -> dict[str, A.Attribute]:
        if self.peek("{"):
            return self.parse_attr_dict_body()
        return {}

    def parse_optional_attr_dict_with_keyword(self) -> dict[str, A.Attribute]:
        if self.parse_optional_keyword("attributes"):
            return self.parse_attr_dict_body()
        return {}

    # ----- types ----------------------------------------------------------------------------------
    def parse_optional_type(self) -> T.Type | None:
        p = self.skip()
        if p >= len(self.text):
            return None
        c = self.text[p]
        if c == "(" or c == "!":
            return self.parse_type()
        m = L.bare_id_re.match(self.text, p)
        if m and self._is_type_keyword(m.group()):
            return self.parse_type()
        return None

    @staticmethod
    def _is_type_keyword(w: str) -> bool:
        return (w in _BUILTIN_SIMPLE or bool(_INT_TYPE.match(w)) or w.split("<")[0] in (
            "memref", "tensor", "vector", "tuple", "complex"))

    def parse_type(self) -> T.Type:
        """type ::= builtin-type | `!` dialect-type | type-alias | function-type"""
        p = self.skip()
        t = self.text
        if t.startswith("(", p):
            return self.parse_function_type()
        m = L.simple_type_re.match(t, p)
        if m:
            key = m.group()
            ty = _TYPE_CACHE.get(key)
            if ty is not None and not key.startswith("!"):
                self.pos = self.last_end = m.end()
                return ty
        ty = self._parse_type_uncached()
        if m and self.pos == m.end() and not m.group().startswith("!"):
            _TYPE_CACHE[m.group()] = ty
        return ty

    def parse_function_type(self) -> T.FunctionType:
        self.parse_punct("(")
        ins = self.parse_type_list_until(")")
        self.parse_punct("->", "in function type")
        outs = self.parse_function_results()
        return T.FunctionType(ins, outs)

    def parse_function_results(self) -> list[T.Type]:
        if self.peek("("):
            save = self.pos
            self.parse_punct("(")
            res = self.parse_type_list_until(")")
            if self.peek("->"):  # the result is itself a function type
                self.pos = save
                return [self.parse_function_type()]
            return res
        return [self.parse_type()]

    def parse_type_list_until(self, close: str) -> list[T.Type]:
        out: list[T.Type] = []
        if self.parse_optional_punct(close):
            return out
        while True:
            out.append(self.parse_type())
            if not self.parse_optional_punct(","):
                break
        self.parse_punct(close)
        return out

    def parse_type_list(self) -> list[T.Type]:
        """type (`,` type)*"""
        out = [self.parse_type()]
        while self.parse_optional_punct(","):
            out.append(self.parse_type())
        return out

    def parse_type_list_parens_or_single(self) -> list[T.Type]:
        if self.peek("("):
            self.parse_punct("(")
            return self.parse_type_list_until(")")
        return [self.parse_type()]

    def _parse_type_uncached(self) -> T.Type:
        p = self.skip()
        t = self.text
        if t.startswith("!", p):
            m = L.excl_id_re.match(t, p)
            if not m:
                raise self.error("expected type")
            name = m.group()[1:]
            if name in self.type_aliases:
                self.pos = self.last_end = m.end()
                return self.type_aliases[name]
            return self._parse_dialect_type(p)
        m = L.bare_id_re.match(t, p)
        if not m:
            raise self.error("expected non-function type")
        w = m.group()
        self.pos = self.last_end = m.end()
        if w in _BUILTIN_SIMPLE:
            return _BUILTIN_SIMPLE[w]
        im = _INT_TYPE.match(w)
        if im:
            width = int(im.group(2))
            if width > 16777215:
                raise self.error("integer bitwidth is limited to 16777215 bits", p)
            return T.IntegerType(width, im.group(1) or "")
        if w in ("memref", "tensor", "vector"):
            return self._parse_shaped(w, p)
        if w == "tuple":
            self.parse_punct("<")
            return T.TupleType(self.parse_type_list_until(">"))
        if w == "complex":
            self.parse_punct("<")
            et = self.parse_type()
            self.parse_punct(">")
            return T.ComplexType(et)
        self.pos = p
        raise self.error("expected non-function type")  # emitWrongTokenError

    def _parse_dims(self, allow_scalable: bool = False) -> tuple[list[int], list[bool]]:
        import re

        dims: list[int] = []
        scal: list[bool] = []
        dim_re = re.compile(r"\s*(\?|\d+|\[\d+\])x")
        while True:
            m = dim_re.match(self.text, self.pos)
            if not m:
                return dims, scal
            d = m.group(1)
            if d == "?":
                dims.append(T.DYNAMIC)
                scal.append(False)
            elif d.startswith("["):
                dims.append(int(d[1:-1]))
                scal.append(True)
            else:
                if len(d) > 18 and int(d) > 2**63 - 1:
                    raise self.error("invalid dimension", m.start(1))
                dims.append(int(d))
                scal.append(False)
            self.pos = self.last_end = m.end()

    def _parse_shaped(self, kind: str, start: int | None = None) -> T.Type:
        self.parse_punct("<")
        if self.text.startswith("*", self.skip()):
            if kind == "vector":
                raise self.error("expected dimension size in vector type")
            self.pos += 1
            if not self.text.startswith("x", self.pos):
                raise self.error("expected 'x' in unranked type")
            self.pos += 1
            et_pos = self.skip()
            et = self.parse_type()
            if kind == "memref":
                self._check_memref_element(et, et_pos)
                ms = None
                if self.parse_optional_punct(","):
                    ms = self.parse_attribute()
                self.parse_punct(">", "in memref type")
                return T.UnrankedMemRefType(et, ms)
            self.parse_punct(">")
            return T.UnrankedTensorType(et)
        dims, scal = self._parse_dims()
        et_pos = self.skip()
        et = self.parse_type()
        if kind == "memref":
            self._check_memref_element(et, et_pos)
        if kind == "vector":
            self.parse_punct(">", "in vector type")
            return T.VectorType(dims, et, scal)
        if kind == "tensor":
            enc = None
            if self.parse_optional_punct(","):
                enc = self.parse_attribute()
            self.parse_punct(">", "in tensor type")
            return T.TensorType(dims, et, enc)
        layout = None
        ms = None
        while self.parse_optional_punct(","):
            apos = self.skip()
            a = self.parse_attribute()
            if isinstance(a, A.AffineMapAttr | A.StridedLayoutAttr) and ms is None and layout is None:
                layout = a
            elif ms is None:
                ms = a
            else:
                raise self.error("expected '>' in memref type", apos)
        self.parse_punct(">", "in memref type")
        # MemRefType::getChecked reports at the start of the type
        if isinstance(layout, A.StridedLayoutAttr) and len(layout.strides) != len(dims):
            raise self.error("expected the number of strides to match the rank", start)
        if isinstance(layout, A.AffineMapAttr) and layout.map.num_dims != len(dims):
            raise self.error("memref layout mismatch between rank and affine map: "
                             f"{len(dims)} != {layout.map.num_dims}", start)
        return T.MemRefType(dims, et, layout, ms)

    _MEMREF_ELEMENT_TYPES = (T.IntegerType, T.IndexType, T.FloatType, T.ComplexType, T.VectorType, T.MemRefType,
                             T.UnrankedMemRefType)

    def _check_memref_element(self, et: T.Type, pos: int) -> None:
        """BaseMemRefType::isValidElementType (the builtin scalar, vector and memref types)."""
        if not isinstance(et, self._MEMREF_ELEMENT_TYPES):
            raise self.error("invalid memref element type", pos)

    def _parse_dialect_type(self, p: int) -> T.Type:
        t = self.text
        m = L.excl_id_re.match(t, p)
        assert m
        name = m.group()[1:]
        end = m.end()
        if t.startswith("<", end):
            end = self.balanced_end(end)
        text = t[p:end]
        if name.startswith("llvm."):
            from .llvm_types import parse_llvm_type

            ty = parse_llvm_type(self, p + 6)
            return ty
        self.pos = self.last_end = end
        if name == "async.value" and text.startswith("!async.value<"):
            sub = Parser(Source(text[13:-1], self.source.filename))
            sub.type_aliases = self.type_aliases
            return T.AsyncValueType(sub.parse_type())
        dialect = name.split(".", 1)[0] if "." in name else name.split("<", 1)[0]
        if not self.allow_unregistered and not is_known_dialect(dialect):
            raise self.error(f"dialect '{dialect}' provides no type parsing hook"
                             if False else f"!{dialect} type created with unregistered dialect. If this "
                             "is intended, please use -allow-unregistered-dialect with the MLIR opt tool "
                             "used", p)
        return T.OpaqueType(text)

    # ----- attributes -----------------------------------------------------------------------------
    def parse_optional_attribute(self, type: T.Type | None = None) -> A.Attribute | None:
        p = self.skip()
        t = self.text
        if p >= len(t):
            return None
        c = t[p]
        if c in "[{\"@#-0123456789" or c == "(" or c == "!":
            return self.parse_attribute(type)
        m = L.bare_id_re.match(t, p)
        if m:
            w = m.group()
            if w in ("true", "false", "unit", "dense", "array", "affine_map", "affine_set", "strided",
                     "loc", "dense_resource", "sparse", "distinct") or self._is_type_keyword(w):
                return self.parse_attribute(type)
        return None

    def parse_attribute(self, type: T.Type | None = None) -> A.Attribute:
        """attribute-value (see LangRef); ``type`` is the expected type where elided."""
        p = self.skip()
        t = self.text
        if p >= len(t):
            raise self.error("expected attribute value")
        c = t[p]
        if c == '"':
            s = self.parse_string()
            sty = None
            if self.parse_optional_punct(":"):
                sty = self.parse_type()
            return A.StringAttr(s, sty)
        if c == "[":
            self.pos = self.last_end = p + 1
            elems: list[A.Attribute] = []
            if not self.parse_optional_punct("]"):
                while True:
                    elems.append(self.parse_attribute())
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct("]", "in array attribute" if False else "")
            return A.ArrayAttr(elems)
        if c == "{":
            return A.DictionaryAttr(self.parse_attr_dict_body())
        if c == "@":
            root = self.parse_symbol_name()
            nested: list[str] = []
            while self.text.startswith("::", self.pos):
                self.pos += 2
                nested.append(self.parse_symbol_name())
            return A.SymbolRefAttr(root, nested)
        if c == "#":
            return self._parse_hash_attr(p)
        if c == "-" or c.isdigit():
            return self._parse_number_attr(type)
        m = L.bare_id_re.match(t, p)
        if m:
            w = m.group()
            if w in ("true", "false"):
                self.pos = self.last_end = m.end()
                return A.bool_attr(w == "true")
            if w == "unit":
                self.pos = self.last_end = m.end()
                return A.UNIT
            if w == "array" and t.startswith("<", m.end()):
                return self._parse_dense_array(m.end())
            if w == "dense" and t.startswith("<", m.end()):
                return self._parse_dense(m.end(), type)
            if w in ("affine_map", "affine_set") and t.startswith("<", m.end()):
                from ..ir.affine import AffineParseError, parse_affine_map, parse_integer_set

                e = self.balanced_end(m.end())
                body = t[m.end() + 1: e - 1]
                try:
                    if w == "affine_map":
                        r: A.Attribute = A.AffineMapAttr(parse_affine_map(body))
                    else:
                        r = A.IntegerSetAttr(parse_integer_set(body))
                except AffineParseError as ex:
                    raise self.error(ex.message, m.end() + 1 + ex.offset) from None
                self.pos = self.last_end = e
                return r
            if w == "strided" and t.startswith("<", m.end()):
                return self._parse_strided(m.end())
            if w in ("dense_resource", "sparse", "distinct", "loc"):
                q = m.end()
                if w == "distinct":
                    q = self.balanced_end(q)
                if w == "loc":
                    if not t.startswith("(", q):
                        self.pos = q
                        raise self.error("expected '(' in location")
                    e = self.balanced_end(q)
                    self.pos = self.last_end = e
                    return A.LocationAttr(t[q + 1: e - 1])
                e = self.balanced_end(q)
                if w == "distinct" and t.startswith("<", e):
                    e = self.balanced_end(e)
                self.pos = self.last_end = e
                txt = t[p:e]
                if w in ("dense_resource", "sparse") and self.parse_optional_punct(":"):
                    txt += " : " + str(self.parse_type())
                return A.OpaqueAttr(txt)
        ty = self.parse_optional_type()
        if ty is not None:
            return A.TypeAttr(ty)
        raise self.error("expected attribute value")

    def _parse_hash_attr(self, p: int) -> A.Attribute:
        t = self.text
        m = L.hash_id_re.match(t, p)
        if not m:
            raise self.error("expected attribute value")
        name = m.group()[1:]
        if name in self.attr_aliases:
            self.pos = self.last_end = m.end()
            return self.attr_aliases[name]
        end = m.end()
        if t.startswith("<", end):
            end = self.balanced_end(end)
        elif "." not in name and not t.startswith("<", end):
            raise self.error(f"undefined symbol alias id '{name}'", p + 1)
        dialect = name.split(".", 1)[0]
        if not self.allow_unregistered and not is_known_dialect(dialect) and dialect not in (
                "nvvm", "rocdl", "spirv", "xevm"):
            raise self.error(f"#{dialect} attribute created with unregistered dialect. If this is intended, "
                             "please use -allow-unregistered-dialect with the MLIR opt tool used", p)
        if name == "gpu.select_object" and end > m.end():
            # SelectObjectAttr's parameter is a generic attribute: `<0>` prints back as `<0 : i64>`
            self.pos = self.last_end = m.end() + 1
            inner = self.parse_attribute()
            self.parse_punct(">")
            return A.OpaqueAttr(f"#gpu.select_object<{inner}>")
        self.pos = self.last_end = end
        return A.OpaqueAttr(t[p:end])

    def _parse_number_attr(self, type: T.Type | None) -> A.Attribute:
        p = self.skip()
        t = self.text
        fm = L.float_re.match(t, p)
        if fm:
            self.pos = self.last_end = fm.end()
            val = float(fm.group())
            ty = type
            if self.parse_optional_punct(":"):
                ty = self.parse_type()
            ty = ty or T.f64
            if not isinstance(ty, T.FloatType):
                raise self.error("floating point value not valid for specified type", self.skip())
            return A.FloatAttr(val, ty)
        neg = t.startswith("-", p)
        hm = L.hex_re.match(t, p + (1 if neg else 0))
        im = hm or L.integer_re.match(t, p)
        if not im:
            raise self.error("expected attribute value")
        self.pos = self.last_end = im.end()
        text = im.group()
        ty = type
        if self.parse_optional_punct(":"):
            ty = self.parse_type()
        ty = ty or T.i64
        if isinstance(ty, T.FloatType):
            if hm:
                if neg:
                    raise self.error("hexadecimal float literal should not have a leading minus", p)
                return A.FloatAttr(A.float_from_bits(int(text, 16), ty), ty)
            return A.FloatAttr(float(text), ty)
        val = int(text, 16) if hm else int(text)
        if hm and neg:
            val = -val
        if isinstance(ty, T.IntegerType):
            w = ty.width
            if ty.signedness == "u" and val < 0:
                raise self.error("negative integer literal not valid for unsigned integer type", p)
            lo = -(1 << (w - 1)) if ty.signedness != "u" else 0
            hi = (1 << w) - 1 if ty.signedness == "" else ((1 << (w - 1)) - 1 if ty.signedness == "s"
                                                            else (1 << w) - 1)
            if w == 1 and ty.signedness == "" and val not in (0, 1, -1):
                raise self.error("integer constant out of range for attribute", p)
            if not (lo <= val <= hi) and w > 0:
                raise self.error("integer constant out of range for attribute", p)
            if ty.signedness == "" and val > (1 << (w - 1)) - 1 and w > 1:
                val -= 1 << w  # signless values print as signed
        elif isinstance(ty, T.IndexType):
            if not (-(1 << 63) <= val < (1 << 64)):
                raise self.error("integer constant out of range for attribute", p)
            if val >= 1 << 63:
                val -= 1 << 64
        else:
            raise self.error("integer literal not valid for specified type", p)
        return A.IntegerAttr(val, ty)

    def _parse_dense_array(self, lt: int) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        et = self.parse_type()
        vals: list[Any] = []
        if self.parse_optional_punct(":"):
            while True:
                a = self._parse_number_attr(et) if not self.peek("true") and not self.peek("false") \
                    else self.parse_attribute()
                vals.append(a.value)  # type: ignore[attr-defined]
                if not self.parse_optional_punct(","):
                    break
        self.parse_punct(">", "to end dense array")
        return A.DenseArrayAttr(et, vals)

    def _parse_strided(self, lt: int) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        self.parse_punct("[")
        strides: list[int] = []
        if not self.parse_optional_punct("]"):
            while True:
                if self.parse_optional_punct("?"):
                    strides.append(T.DYNAMIC)
                else:
                    strides.append(self.parse_integer())
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("]")
        offset = 0
        if self.parse_optional_punct(","):
            self.parse_keyword("offset")
            self.parse_punct(":")
            offset = T.DYNAMIC if self.parse_optional_punct("?") else self.parse_integer()
        self.parse_punct(">")
        return A.StridedLayoutAttr(strides, offset)

    def _parse_dense(self, lt: int, elided: T.Type | None = None) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        lit_pos = self.skip()
        values: list[Any] = []
        shape: list[int] = []
        if self.parse_optional_punct(">"):
            pass
        else:
            if self.peek('"'):
                raw_pos = self.skip()
                m = L.string_re.match(self.text, raw_pos)
                raw = m.group()[1:-1] if m else ""
                self.parse_string()
                self.parse_punct(">")
                self.parse_punct(":")
                ty = self.parse_type()
                vals = _decode_hex_dense(raw, ty)
                if vals is None:
                    return A.OpaqueAttr(f"dense<\"{raw}\"> : {ty}")
                return A.DenseElementsAttr(ty, vals)
            shape = self._parse_dense_literal(values, 0, [])
            self.parse_punct(">")
        tpos = self.skip()
        if elided is not None and not self.peek(":"):
            ty = elided  # type elided by the op's syntax (memref.global)
        else:
            self.parse_punct(":", "after dense literal" if False else "")
            tpos = self.skip()
            ty = self.parse_type()
        if not isinstance(ty, T.ShapedType):
            raise self.error("elements literal must be a shaped type", tpos)
        et = ty.element_type
        conv: list[Any] = []
        for v in values:
            if isinstance(et, T.FloatType):
                conv.append(A._round_to(float(v), et) if not isinstance(v, tuple) else v)
            elif isinstance(et, T.IntegerType) and et.width == 1:
                conv.append(bool(v))
            elif isinstance(v, float):
                raise self.error("expected integer elements, but parsed floating-point", lit_pos)
            else:
                conv.append(int(v))
        n = ty.num_elements() if ty.has_static_shape() else -1
        if len(conv) > 1 and len(conv) != n:
            raise self.error(f"inferred shape of elements literal ([{', '.join(map(str, shape))}]) does not "
                             f"match type ([{', '.join(str(d) for d in ty.shape)}])", lit_pos)
        return A.DenseElementsAttr(ty, conv)

    def _parse_dense_literal(self, out: list[Any], depth: int, shape: list[int]) -> list[int]:
        if self.parse_optional_punct("["):
            n = 0
            sub: list[int] | None = None
            if not self.parse_optional_punct("]"):
                while True:
                    s = self._parse_dense_literal(out, depth + 1, shape)
                    sub = s if sub is None else sub
                    n += 1
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct("]")
            return [n] + (sub or [])
        if self.parse_optional_punct("("):
            re_ = self._dense_scalar()
            self.parse_punct(",")
            im = self._dense_scalar()
            self.parse_punct(")")
            out.append((re_, im))
            return []
        out.append(self._dense_scalar())
        return []

    def _dense_scalar(self) -> Any:
        p = self.skip()
        if self.parse_optional_keyword("true"):
            return 1
        if self.parse_optional_keyword("false"):
            return 0
        fm = L.float_re.match(self.text, p)
        if fm:
            self.pos = self.last_end = fm.end()
            return float(fm.group())
        hm = L.hex_re.match(self.text, p)
        if hm:
            self.pos = self.last_end = hm.end()
            return int(hm.group(), 16)
        return self.parse_integer("expected element literal of primitive type")


def _decode_hex_dense(raw: str, ty: T.Type) -> list[Any] | None:
    """``dense<"0x...">``: little-endian element bytes (a splat when one element is given)."""
    import numpy as np

    if not raw.startswith("0x") or not isinstance(ty, T.ShapedType):
        return None
    et = ty.element_type
    dt = {"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(et.text)
    if dt is None and isinstance(et, T.IntegerType) and et.width in (8, 16, 32, 64):
        dt = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[et.width]
    if dt is None:
        return None
    try:
        arr = np.frombuffer(bytes.fromhex(raw[2:]), dtype=np.dtype(dt).newbyteorder("<"))
    except ValueError:
        return None
    return [float(x) if et.text.startswith("f") else int(x) for x in arr]


def _generic_defaults(opdef: Any, attrs: dict[str, A.Attribute] | None) -> dict[str, A.Attribute]:
    """Operation::create populates default-valued properties a generic op left out; some
    properties also store a different form than their attribute (``convert_generic_props``).
    Returns a new dict (``attrs`` may be a shared cached one)."""
    out = dict(attrs) if attrs else {}
    for k, v in opdef.default_attrs.items():
        if k in opdef.props and k not in out:
            out[k] = v
    conv = getattr(opdef, "convert_generic_props", None)
    if conv is not None:
        conv(out)
    return out


def parse_source(source: Source, allow_unregistered: bool = False,
                 hook: Callable[[Parser], None] | None = None) -> tuple[list[Operation], Parser]:
    p = Parser(source, allow_unregistered)
    if hook:
        hook(p)
    ops = p.parse_top_level()
    return ops, p
