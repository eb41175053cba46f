"""Lowering-time handles of gpu-to-runtime: a token maps to a ``Stream`` (shared by a chain,
reference counted) or an ``Event`` (owned or borrowed).  Each carries a vector clock (``seen``:
id(stream or event) -> version) saying what it is already ordered after when lowered; the host has
one too.  ``covered``/``note_waited`` read and advance these clocks."""

from __future__ import annotations

from typing import Any

from ...ir.core import Operation, Value


class Stream:
    __slots__ = ("ptr", "refs", "borrowed", "created", "version", "seen")

    def __init__(self, ptr: Value, borrowed: bool = False) -> None:
        self.ptr = ptr
        self.refs = 0
        self.borrowed = borrowed
        self.created: tuple[Operation, Operation] | None = None  # (mgpuStreamCreate call, its anchor)
        # what this stream is already ordered after, at lowering time (a vector clock): its own
        # ``version`` counts the ops enqueued on it; ``seen`` maps id(stream or event) -> version
        self.version = 0
        self.seen: dict[int, int] = {}


def _merge_seen(into: dict[int, int], other: dict[int, int]) -> None:
    for k, v in other.items():
        if into.get(k, -1) < v:
            into[k] = v


def covered(seen: dict[int, int], h: Any) -> bool:
    """Whether an agent that has ``seen`` is already ordered after handle ``h``."""
    if isinstance(h, Stream):
        return seen.get(id(h), -1) >= h.version
    if h.snap is not None:
        return seen.get(id(h.snap[0]), -1) >= h.snap[1]
    return id(h) in seen


def note_waited(seen: dict[int, int], h: Any) -> None:
    """An agent with ``seen`` waited for handle ``h``: it is now ordered after all ``h`` was."""
    if isinstance(h, Stream):
        _merge_seen(seen, h.seen)
        seen[id(h)] = max(seen.get(id(h), -1), h.version)
    elif h.snap is not None:
        st, v, sn = h.snap
        _merge_seen(seen, sn)
        seen[id(st)] = max(seen.get(id(st), -1), v)
    else:
        seen[id(h)] = 0


class Event:
    __slots__ = ("ptr", "owned", "pooled", "snap")

    def __init__(self, ptr: Value, owned: bool, pooled: bool = False, snap: Any = None) -> None:
        self.ptr = ptr
        self.owned = owned
        self.pooled = pooled  # from the block's event pool: back to it when its token dies
        self.snap = snap  # (stream, its version, its seen) when recorded here, else None


def unique(vals: list[Value]) -> list[Value]:
    out: list[Value] = []
    seen: set[int] = set()
    for v in vals:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out
