"""``--mlir-pretty-debuginfo``: locations as upstream's pretty form prints them.

    unknown   -> [unknown]
    file      -> f.py:3:4            (the file name unquoted)
    name      -> "n"(child)          (as usual)
    callsite  -> callee at caller    (a line break before `at` unless callee is a name and caller a file)
    fused     -> <meta>[a, b]        (no `fused` keyword)

No ``loc(...)`` wrapper; nested locations still go through ``sub`` (their ``#loc`` aliases).
"""

from __future__ import annotations

from collections.abc import Callable

from .locations import UNKNOWN, render


def pretty(node: tuple, sub: Callable[[tuple], str] | None = None) -> str:
    def inner(n: tuple) -> str:
        return sub(n) if sub is not None else pretty(n)

    k = node[0]
    if k == "unknown":
        return "[unknown]"
    if k == "file":
        return node[1] + render(("file", "", *node[2:]))[2:]  # `"":l:c[ to ...]` without its empty name
    if k == "name":
        from ..ir.attributes import quote_string

        return quote_string(node[1]) + ("(" + inner(node[2]) + ")" if node[2] != UNKNOWN else "")
    if k == "callsite":
        same_line = node[1][0] == "name" and node[2][0] == "file"
        return inner(node[1]) + (" at " if same_line else "\n at ") + inner(node[2])
    if k == "fused":
        meta = f"<{node[1]}>" if node[1] is not None else ""
        return meta + "[" + ", ".join(inner(c) for c in node[2]) + "]"
    return render(node, sub)
