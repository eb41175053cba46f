"""``walk_list(op)``: the ops nested in ``op`` (and ``op``), as ``Operation.walk`` gives them, as a list.

``Operation.walk`` nests one generator per region level, so each op passes up through every level
above it: quadratic in the nesting depth.  This walk keeps a stack of its own (linear); the list is
taken before the caller changes anything, as ``walk``'s per-block snapshots are.
"""

from __future__ import annotations

from ..ir.core import Operation


def walk_list(op: Operation, pre_order: bool = True) -> list[Operation]:
    out: list[Operation] = []
    stack: list[tuple[Operation, bool]] = [(op, False)]
    while stack:
        o, done = stack.pop()
        if done:
            out.append(o)
            continue
        if pre_order:
            out.append(o)
        else:
            stack.append((o, True))
        for r in reversed(o.regions):
            for b in reversed(r.blocks):
                stack.extend((x, False) for x in reversed(b.ops))
    return out
