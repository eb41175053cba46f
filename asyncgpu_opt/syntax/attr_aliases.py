"""Aliases of dialect attributes (``#loop_annotation = #llvm.loop_annotation<...>``), as
AsmPrinter's AliasInitializer makes them, and ``distinct[N]`` numbering.

An attribute class registered with ``register_aliased_attr`` (it has an ``alias_prefix``: the name
its dialect's ``getAlias`` gives) prints as a placeholder ``\\x03<index>\\x03``; its body is rendered
once, on first use, nested aliases first.  An alias's depth is one more than the deepest alias its
body uses (attributes without an alias are transparent).  At the end (``Printer.print_top``) the
aliases are ordered by depth, then name, then first visit, numbered per name (``#loc``, ``#loc1``),
and the placeholders replaced.  Under ``--mlir-print-local-scope`` bodies print inline.
"""

from __future__ import annotations

import re
from typing import Any

ALIASED_ATTRS: set[type] = set()  # attribute classes printed through an alias named by ``alias_prefix``
_PLACEHOLDER = re.compile("\x03(\\d+)\x03")
_DISTINCT = re.compile(r"distinct\[(\d+)\]<")


def register_aliased_attr(cls: type) -> None:
    """Print instances of ``cls`` (an Attribute with an ``alias_prefix``) through aliases."""
    ALIASED_ATTRS.add(cls)


def dialect_alias(pr: Any, a: Any) -> str:
    """The text standing for ``a`` in printer ``pr``'s output (``pr._dattrs``: full text ->
    (index, depth, prefix, body); ``pr._dmax``: the deepest alias the body being rendered uses)."""
    if pr.local_scope:
        return a.render(pr)
    key = str(a)
    ent = pr._dattrs.get(key)
    if ent is None:
        outer = pr._dmax
        pr._dmax = -1
        body = a.render(pr)
        ent = (len(pr._dattrs), pr._dmax + 1, a.alias_prefix, body)
        pr._dattrs[key] = ent
        pr._dmax = outer
    if ent[1] > pr._dmax:
        pr._dmax = ent[1]
    return f"\x03{ent[0]}\x03"


def named_alias_defs(dattrs: dict[str, tuple[int, int, str, str]]) -> tuple[list[tuple[int, str, str]], Any]:
    """``(depth, name, text)`` of each alias, in upstream's order, and the function that replaces
    the placeholders in a text by the aliases' names."""
    order = sorted(dattrs.values(), key=lambda e: (e[1], e[2], e[0]))
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for idx, _depth, prefix, _body in order:
        n = counts.get(prefix, 0)
        counts[prefix] = n + 1
        names[str(idx)] = prefix if n == 0 else f"{prefix}{n}"

    def sub(text: str) -> str:
        return _PLACEHOLDER.sub(lambda m: "#" + names[m.group(1)], text) if "\x03" in text else text

    return [(e[1], names[str(e[0])], sub(e[3])) for e in order], sub


def renumber_distinct(text: str, ids: dict[str, str] | None = None) -> str:
    """``distinct[N]<...>`` ids as upstream prints them: numbered from 0 in print order (one parsed
    id keeps one number); ``ids`` (parsed id -> printed) carries the numbering across texts."""
    if "distinct[" not in text:
        return text
    if ids is None:
        ids = {}

    def sub(m: Any) -> str:
        n = ids.get(m.group(1))
        if n is None:
            n = ids[m.group(1)] = str(len(ids))
        return f"distinct[{n}]<"

    return _DISTINCT.sub(sub, text)
