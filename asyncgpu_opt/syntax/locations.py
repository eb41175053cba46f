"""Location attributes: ``loc(...)`` parsing, canonical printing and alias structure.

A location is a hashable tuple node::

    ("unknown",)
    ("file", filename, line, col, end)      end: None | (end_line, end_col)
    ("name", name, child)                   child is ("unknown",) for a bare "name"
    ("callsite", callee, caller)
    ("fused", metadata | None, (children...))    metadata: an Attribute (its text is its spelling)
    ("alias", name, pos)                    a ``#alias`` not yet defined (resolved after parsing)

Nodes are canonical as upstream's uniquer makes them: ``fused`` flattens nested metadata-less
fused locations, drops duplicates and unknowns, and collapses to its only element (or unknown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

UNKNOWN = ("unknown",)


def file_node(filename: str, line: int, col: int) -> tuple:
    return ("file", filename, line, col, None)


def fused(meta: Any, children: list[tuple]) -> tuple:
    out: list[tuple] = []
    for c in children:
        subs = c[2] if c[0] == "fused" and c[1] is None else (c,)
        for s in subs:
            if s != UNKNOWN and s not in out:
                out.append(s)
    if meta is None:
        if not out:
            return UNKNOWN
        if len(out) == 1:
            return out[0]
    return ("fused", meta, tuple(out))


def children(node: tuple) -> list[tuple]:
    """Nested locations the alias initializer visits (a name's unknown child is not one)."""
    k = node[0]
    if k == "name":
        return [] if node[2] == UNKNOWN else [node[2]]
    if k == "callsite":
        return [node[1], node[2]]
    if k == "fused":
        return list(node[2])
    return []


def render(node: tuple, sub: Callable[[tuple], str] | None = None) -> str:
    """The text inside ``loc(...)``; nested locations go through ``sub`` (aliases) if given."""
    from ..diagnostics import quote_string

    def inner(n: tuple) -> str:
        return sub(n) if sub is not None else render(n)

    k = node[0]
    if k == "unknown":
        return "unknown"
    if k == "file":
        s = f"{quote_string(node[1])}:{node[2]}:{node[3]}"
        end = node[4]
        if end is not None:
            el, ec = end
            s += f" to :{ec}" if el == node[2] else f" to {el}:{ec}"
        return s
    if k == "name":
        s = quote_string(node[1])
        if node[2] != UNKNOWN:
            s += "(" + inner(node[2]) + ")"
        return s
    if k == "callsite":
        return f"callsite({inner(node[1])} at {inner(node[2])})"
    if k == "fused":
        meta = f"<{node[1]}>" if node[1] is not None else ""
        return f"fused{meta}[" + ", ".join(inner(c) for c in node[2]) + "]"
    if k == "alias":
        return "#" + node[1]
    if k == "raw":
        return node[1]
    return str(node)


def resolve(node: tuple, aliases: dict[str, Any], seen: frozenset = frozenset()) -> tuple:
    """Replace ``("alias", ...)`` nodes by their definitions; raises KeyError(pos) when undefined."""
    k = node[0]
    if k == "alias":
        target = aliases.get(node[1])
        if target is None or node[1] in seen:
            raise KeyError(node[2])
        return resolve(target, aliases, seen | {node[1]})
    if k == "name":
        return ("name", node[1], resolve(node[2], aliases, seen))
    if k == "callsite":
        return ("callsite", resolve(node[1], aliases, seen), resolve(node[2], aliases, seen))
    if k == "fused":
        return fused(node[1], [resolve(c, aliases, seen) for c in node[2]])
    return node


def has_alias_refs(node: tuple) -> bool:
    return node[0] == "alias" or any(has_alias_refs(c) for c in children(node))


def parse_location(p: Any, allow_deferred: bool = False) -> tuple:
    """location ::= `unknown` | string (`:` int (`:` int)? (`to` ...)?)? | string `(` location `)`
    | `callsite` `(` location `at` location `)` | `fused` (`<` attr `>`)? `[` locations `]`
    | `#alias`.  ``p`` is the parser, positioned after ``loc(``.  Only an op's or argument's
    ``loc(#alias)`` itself may name an alias defined further down (``allow_deferred``)."""
    from . import lexer as L

    pos = p.skip()
    t = p.text
    if t.startswith("#", pos):
        m = L.hash_id_re.match(t, pos)
        if not m:
            raise p.error("invalid attribute name", pos)
        p.pos = p.last_end = m.end()
        name = m.group()[1:]
        node = p.loc_aliases.get(name)
        if node is not None:
            return node
        if not allow_deferred:
            raise p.error(f"undefined symbol alias id '{name}'", m.end())
        return ("alias", name, pos)
    if t.startswith('"', pos):
        s = p.parse_string()
        if p.parse_optional_punct("("):
            child = parse_location(p)
            p.parse_punct(")", "after child location of NameLoc")
            return ("name", s, child)
        if not p.parse_optional_punct(":"):
            return ("name", s, UNKNOWN)
        line = _unsigned(p, "expected integer line number in FileLineColRange")
        col = 0
        if p.parse_optional_punct(":"):
            col = _unsigned(p, "expected integer column number in FileLineColRange")
        end = None
        if p.parse_optional_keyword("to"):
            if p.parse_optional_punct(":"):
                end = (line, _unsigned(p, "expected integer column number in FileLineColRange"))
            else:
                el = p.parse_optional_integer()
                if el is None or not p.parse_optional_punct(":"):
                    raise p.error("expected either integer or `:` post `to` in FileLineColRange")
                end = (el, _unsigned(p, "expected integer column number in FileLineColRange"))
        return ("file", s, line, col, end)
    kw = p.parse_optional_keyword()
    if kw == "unknown":
        return UNKNOWN
    if kw == "callsite":
        p.parse_punct("(", "in callsite location")
        callee = parse_location(p)
        p.parse_keyword("at", "in callsite location")
        caller = parse_location(p)
        p.parse_punct(")", "in callsite location")
        return ("callsite", callee, caller)
    if kw == "fused":
        meta = None
        if p.parse_optional_punct("<"):
            meta = p.parse_attribute()
            p.parse_punct(">", "after fused location metadata")
        p.parse_punct("[", "in fused location")
        locs: list[tuple] = []
        if not p.parse_optional_punct("]"):
            while True:
                locs.append(parse_location(p))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct("]", "in fused location")
        if any(c[0] == "alias" for c in locs):
            return ("fused", meta, tuple(locs))  # canonicalized once the aliases are resolved
        return fused(meta, locs)
    p.pos = pos
    raise p.error("expected location instance")  # emitWrongTokenError


def _unsigned(p: Any, msg: str) -> int:
    pos = p.skip()
    v = p.parse_optional_integer()
    if v is None or v < 0 or v > 0xFFFFFFFF:
        raise p.error(msg, pos if v is not None else None)
    return v


def node_of(loc: Any) -> tuple:
    """The node of an IR location (FileLoc, TextLoc, the implicit module's file:0:0, None)."""
    if loc is None:
        return UNKNOWN
    n = getattr(loc, "node", None)
    if n is not None:
        return n
    src = getattr(loc, "source", None)
    if src is not None:
        ln, col = loc.line_col
        return file_node(src.filename, ln, col)
    if hasattr(loc, "filename") and hasattr(loc, "line"):
        return file_node(loc.filename, loc.line, 0)
    return ("raw", loc.mlir_text())


def name_of_loc(loc: Any) -> str | None:
    """The first name location in an IR location (pre-order, as ``findInstanceOf<NameLoc>``), else
    None: ``--mlir-use-nameloc-as-prefix``."""
    node = getattr(loc, "node", None)
    return _first_name(node) if node is not None else None


def _first_name(node: tuple) -> str | None:
    if node[0] == "name":
        return node[1]
    for c in children(node):
        n = _first_name(c)
        if n is not None:
            return n
    return None
