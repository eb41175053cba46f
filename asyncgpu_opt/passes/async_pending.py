"""async-region's pending device work of one block, indexed by the resources it touches.

A *chain* is one pending async op (or join): its token ``head``, its footprint ``fp`` (resource ->
'r'/'w', ``analysis/effects.py``), ``sfp`` (the footprint user async ops and host ops respect: its
own ``fp`` when the pass made the op async, else empty) and ``ours``.  ``Pending`` keeps them in
program order and indexed by resource, readers and writers apart, so that the chains an op may
conflict with are found without looking at the others:

    candidates(fp) = writers of each key of fp, readers of each key fp writes,
                     + (fp may reach shared memory: ANY, UNKNOWN or an escaped allocation)
                       the chains with unknown effects (ANY),
                     + (ANY in fp) every chain touching UNKNOWN or an escaped allocation,
                     + (UNKNOWN in fp) the chains writing an escaped allocation (reading one too
                       when fp writes UNKNOWN),
                     + (an escaped allocation in fp) the chains writing UNKNOWN (reading it too
                       when fp writes one)

a superset of the chains ``AliasInfo.conflicts`` accepts, which then decides (``conflicting``).
Adding and removing a chain costs the size of its footprint; a query the sizes of the index
entries it reads, which are the chains it conflicts with but for read/read pairs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..analysis.effects import ANY, UNKNOWN, AliasInfo
from ..ir.core import Value


@dataclass(eq=False)
class Chain:
    """One pending async op (or join) of the block (see the module docstring); ``seq`` its place
    in program order."""

    head: Value
    fp: dict[Any, str] = field(default_factory=dict)
    sfp: dict[Any, str] = field(default_factory=dict)
    ours: bool = False
    seq: int = 0


class Pending:
    """The pending chains of a block, in program order, indexed by head and by resource."""

    def __init__(self, alias: AliasInfo) -> None:
        self.alias = alias
        self.order: dict[int, Chain] = {}  # seq -> chain, in program order
        self.ours: dict[int, Chain] = {}  # the chains made async here (seq -> chain)
        self.by_head: dict[int, list[Chain]] = {}  # id(head) -> chains
        self._next = 0
        # resource key -> {seq: chain} of the chains reading (only) / writing it
        self._readers: dict[Any, dict[int, Chain]] = {}
        self._writers: dict[Any, dict[int, Chain]] = {}
        self._esc_r: dict[int, Chain] = {}  # chains reading an escaped allocation (none written)
        self._esc_w: dict[int, Chain] = {}  # chains writing an escaped allocation
        self.checks = 0  # footprint comparisons made (AsyncRegionPass's num-footprint-checks)

    def __bool__(self) -> bool:
        return bool(self.order)

    def __len__(self) -> int:
        return len(self.order)

    def chains(self) -> list[Chain]:
        return list(self.order.values())

    def first(self) -> Chain | None:
        return next(iter(self.order.values()), None)

    # ----- edits ----------------------------------------------------------------------------------
    def add(self, c: Chain) -> Chain:
        c.seq = self._next
        self._next += 1
        self.order[c.seq] = c
        if c.ours:
            self.ours[c.seq] = c
        self.by_head.setdefault(id(c.head), []).append(c)
        esc = self.alias.escaped
        esc_mode = ""
        for k, m in c.fp.items():
            (self._writers if m == "w" else self._readers).setdefault(k, {})[c.seq] = c
            if id(k) in esc and esc_mode != "w":
                esc_mode = m
        if esc_mode:
            (self._esc_w if esc_mode == "w" else self._esc_r)[c.seq] = c
        return c

    def remove(self, c: Chain) -> None:
        if self.order.pop(c.seq, None) is None:
            return
        self.ours.pop(c.seq, None)
        heads = self.by_head[id(c.head)]
        heads.remove(c)
        if not heads:
            del self.by_head[id(c.head)]
        for k, m in c.fp.items():
            idx = self._writers if m == "w" else self._readers
            ent = idx[k]
            del ent[c.seq]
            if not ent:
                del idx[k]
        self._esc_r.pop(c.seq, None)
        self._esc_w.pop(c.seq, None)

    def remove_all(self, chains: Iterable[Chain]) -> None:
        for c in list(chains):
            self.remove(c)

    def clear(self) -> None:
        self.remove_all(self.order.values())

    def with_heads(self, tokens: Iterable[Value]) -> list[Chain]:
        """The chains whose head is one of ``tokens``, in program order."""
        found: dict[int, Chain] = {}
        for t in tokens:
            for c in self.by_head.get(id(t), ()):
                found[c.seq] = c
        return [found[s] for s in sorted(found)]

    # ----- queries --------------------------------------------------------------------------------
    def _candidates(self, fp: dict[Any, str]) -> dict[int, Chain]:
        out: dict[int, Chain] = {}
        esc = self.alias.escaped
        rd, wr = self._readers, self._writers
        esc_in_fp = ""  # "w" when fp writes an escaped allocation, "r" when it only reads some
        for k, m in fp.items():
            if k is ANY:
                continue
            out.update(wr.get(k, ()))
            if m == "w":
                out.update(rd.get(k, ()))
            if id(k) in esc and esc_in_fp != "w":
                esc_in_fp = m
        has_any = ANY in fp
        unknown = fp.get(UNKNOWN)
        if has_any or unknown or esc_in_fp:
            out.update(wr.get(ANY, ()))
            out.update(rd.get(ANY, ()))
        if has_any:
            out.update(wr.get(UNKNOWN, ()))
            out.update(rd.get(UNKNOWN, ()))
            out.update(self._esc_w)
            out.update(self._esc_r)
        if unknown:
            out.update(self._esc_w)
            if unknown == "w":
                out.update(self._esc_r)
        if esc_in_fp:
            out.update(wr.get(UNKNOWN, ()))
            if esc_in_fp == "w":
                out.update(rd.get(UNKNOWN, ()))
        return out

    def conflicting(self, fp: dict[Any, str], user: bool) -> list[Chain]:
        """The chains ``fp`` conflicts with, in program order; ``user``: compared with their
        ``sfp`` and only the chains made async here (the op is user async work or a host op)."""
        if not fp:
            return []
        cands = self._candidates(fp)
        out = []
        conflicts = self.alias.conflicts
        for s in sorted(cands):
            c = cands[s]
            if user and not c.ours:
                continue
            self.checks += 1
            if conflicts(c.sfp if user else c.fp, fp):
                out.append(c)
        return out
