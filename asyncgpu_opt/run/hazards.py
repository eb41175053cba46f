"""Happens-before hazard checker (vector clocks over host threads and streams).

Agents are the host thread(s) and the streams.  Every agent carries a vector clock; an access
made by agent ``A`` at epoch ``e = clock_A[A]`` happens before a later access by ``B`` iff
``clock_B[A] >= e``.  Whenever an agent's clock is published (joined into another agent or
captured by an event), the agent ticks, so later work of that agent is not covered.

Per buffer, accesses are kept compactly in the FastTrack spirit: for each agent a short list of
byte-interval records; a record is dropped when a newer access of the same agent covers it (a
write covers everything, a read covers reads) or when a covering write is ordered after it.
Contiguous accesses of one agent in one epoch from the same op are merged, so a host loop over
an array stays one record.

Besides data races the checker reports use-after-free, double free, out-of-bounds accesses, host
loads/stores of ``device`` memory, direct device loads/stores of plain (unregistered) host
memory and (``uninitialized_read``) reads of GPU allocations nothing wrote.  Identical
reports (same kind, ops and locations) are emitted once.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import NamedTuple

from .memory import Buffer

VectorClock = dict[int, int]


@dataclass(frozen=True)
class Hazard:
    """One reported problem.  ``loc`` is where it was detected, ``other_loc`` the other op's."""

    kind: str
    message: str
    loc: str | None = None
    other_loc: str | None = None
    severity: str = "error"  # "warning": reported, exit status unchanged (memory never freed)

    def __str__(self) -> str:
        return f"{self.loc or '<unknown>'}: {self.severity}: {self.message}"


class UninitRead(NamedTuple):
    """A kernel's first read of bytes of ``buffer`` nothing wrote, by the load at ``loc``."""

    buffer: Buffer
    loc: str | None


@dataclass(eq=False)
class Agent:
    """A host thread (``kind == "host"``) or a stream (``kind == "stream"``)."""

    id: int
    kind: str
    name: str
    clock: VectorClock = field(default_factory=dict)

    @property
    def epoch(self) -> int:
        return self.clock[self.id]

    def __repr__(self) -> str:
        return f"Agent({self.name})"


@dataclass(slots=True)
class _Rec:
    agent: Agent
    epoch: int
    lo: int
    hi: int
    is_write: bool
    what: str
    loc: str | None
    atomic: bool = False


def _describe(agent: Agent, what: str) -> str:
    return f"{what} on {agent.name}"


def _at(loc: str | None) -> str:
    return f" at {loc}" if loc else ""


_FREES = frozenset({"mgpuMemFree", "gpu.dealloc", "memref.dealloc"})


def _race_message(agent: Agent, what: str, me: str, loc: str | None, verb: str, is_write: bool,
                  r: _Rec, them: str, rverb: str, buffer: str) -> str:
    """The text of a race, named for what it is: a free unordered with a use is a use after free
    (the free may run first), a host read unordered with a device write is a host read without
    synchronization; anything else is a data race."""
    if what in _FREES or r.what in _FREES:
        if what in _FREES:
            free, free_loc, use, use_loc, use_verb = me, loc, them, r.loc, rverb
        else:
            free, free_loc, use, use_loc, use_verb = them, r.loc, me, loc, verb
        return (f"use after free: {use}{_at(use_loc)} {use_verb} {buffer} that {free}{_at(free_loc)} "
                "frees with no happens-before between them (the free may run first)")
    if agent.kind == "host" and not is_write and r.agent.kind == "stream" and r.is_write:
        return (f"host read without synchronization: {me}{_at(loc)} reads {buffer} while {them}"
                f"{_at(r.loc)} writes it (no host wait for it)")
    return (f"data race: {me}{_at(loc)} {verb} {buffer} while {them}{_at(r.loc)} {rverb} it "
            "(no happens-before)")


class HazardChecker:
    """Vector-clock happens-before checker; hazards accumulate in :attr:`hazards`."""

    def __init__(self) -> None:
        self.agents: list[Agent] = []
        self.hazards: list[Hazard] = []
        self._seen: set[tuple] = set()
        self._ids = itertools.count()
        self._state: dict[int, dict[int, list[_Rec]]] = {}

    # ----------------------------------------------------------------- clocks
    def new_agent(self, kind: str, name: str) -> Agent:
        """A fresh agent whose clock knows only itself (epoch 1)."""
        aid = next(self._ids)
        agent = Agent(aid, kind, name, {aid: 1})
        self.agents.append(agent)
        return agent

    def tick(self, agent: Agent) -> None:
        """Start a new epoch of ``agent``."""
        agent.clock[agent.id] += 1

    def fork(self, parent: Agent, name: str | None = None, kind: str = "host") -> Agent:
        """A child agent that happens after everything ``parent`` did so far."""
        child = self.new_agent(kind, name or f"{parent.name} task {len(self.agents)}")
        self.join(child, parent)
        return child

    def join(self, into: Agent, frm: Agent) -> None:
        """``into`` now happens after everything ``frm`` did so far."""
        self.acquire(into, frm.clock)
        self.tick(frm)

    def snapshot(self, agent: Agent) -> VectorClock:
        """Capture ``agent``'s clock (e.g. an event record) and tick it."""
        snap = dict(agent.clock)
        self.tick(agent)
        return snap

    @staticmethod
    def acquire(agent: Agent, clock: VectorClock) -> None:
        """Join a captured clock into ``agent``."""
        mine = agent.clock
        for k, v in clock.items():
            if mine.get(k, 0) < v:
                mine[k] = v

    @staticmethod
    def ordered_before(rec_agent: Agent, rec_epoch: int, clock: VectorClock) -> bool:
        return clock.get(rec_agent.id, 0) >= rec_epoch

    # ---------------------------------------------------------------- reports
    def report(
        self,
        kind: str,
        message: str,
        loc: str | None = None,
        other_loc: str | None = None,
        key: tuple | None = None,
        severity: str = "error",
    ) -> Hazard | None:
        """Record a hazard unless an identical one (by ``key``) was already reported."""
        k = key if key is not None else (kind, message, loc, other_loc)
        if k in self._seen:
            return None
        self._seen.add(k)
        hz = Hazard(kind, message, loc, other_loc, severity)
        self.hazards.append(hz)
        return hz

    def init_access(self, agent: Agent, buffer: Buffer, lo: int, hi: int, is_write: bool, what: str,
                    loc: str | None) -> Hazard | None:
        """A write marks bytes ``[lo, hi)`` of ``buffer`` initialized; a read of bytes nothing wrote
        is reported (:meth:`uninitialized_read`)."""
        if is_write:
            buffer.mark_written(lo, hi)
        elif buffer.unwritten_read(lo, hi):
            return self.uninitialized_read(agent, buffer, what, loc)
        return None

    def uninitialized_read(self, agent: Agent, buffer: Buffer, what: str, loc: str | None) -> Hazard | None:
        """Report a read of bytes of ``buffer`` nothing wrote (compute-sanitizer's initcheck), once
        per buffer: its tracking stops here."""
        buffer.written = None
        label = buffer.label if buffer.name or not buffer.loc else f"buffer #{buffer.id} (allocated at {buffer.loc})"
        return self.report(
            "uninitialized-read",
            f"uninitialized read: {_describe(agent, what)}{_at(loc)} reads {label} before "
            "anything wrote it (GPU memory is not zero-filled)",
            loc,
            buffer.loc,
            key=("uninit", buffer.id),
        )

    # --------------------------------------------------------------- accesses
    def access(
        self,
        agent: Agent,
        buffer: Buffer,
        lo: int,
        hi: int,
        is_write: bool,
        what: str,
        loc: str | None = None,
        *,
        direct: bool = True,
        atomic: bool = False,
    ) -> list[Hazard]:
        """Record an access of bytes ``[lo, hi)`` of ``buffer`` and return the new hazards.

        ``direct`` means a load/store by the agent itself (host code, kernel, memset) as opposed
        to a copy-engine transfer (memcpy), which may touch any memory.  ``atomic`` accesses (a
        kernel's atomic read-modify-writes) do not race with other atomic accesses.
        """
        out: list[Hazard] = []
        verb = "writes" if is_write else "reads"
        me = _describe(agent, what)

        def rep(kind: str, msg: str, other: str | None = None, key: tuple | None = None) -> None:
            hz = self.report(kind, msg, loc, other, key)
            if hz is not None:
                out.append(hz)

        if not buffer.alive:
            rep(
                "use-after-free",
                f"use after free: {me}{_at(loc)} {verb} {buffer.label} freed{_at(buffer.free_loc)}",
                buffer.free_loc,
                key=("uaf", what, loc, buffer.id),
            )
        if lo < 0 or hi > buffer.nbytes:
            rep(
                "out-of-bounds",
                f"out-of-bounds: {me}{_at(loc)} {verb} bytes [{lo}, {hi}) of {buffer.name or f'buffer #{buffer.id}'} "
                f"({buffer.nbytes} bytes, allocated{_at(buffer.loc)})",
                buffer.loc,
                key=("oob", what, loc, buffer.id),
            )
            lo, hi = max(lo, 0), min(hi, buffer.nbytes)
        if direct and agent.kind == "host" and not buffer.host_visible:
            rep(
                "host-access-device-memory",
                f"host access to device memory: {me}{_at(loc)} {verb} {buffer.name or f'buffer #{buffer.id}'} "
                f"(device memory allocated{_at(buffer.loc)}; use host_shared memory or a memcpy)",
                buffer.loc,
                key=("h2d", what, loc, buffer.id),
            )
        if direct and agent.kind == "stream" and not buffer.device_visible:
            rep(
                "device-access-host-memory",
                f"device access to host memory: {me}{_at(loc)} {verb} {buffer.name or f'buffer #{buffer.id}'} "
                f"(plain host memory allocated{_at(buffer.loc)}; register it or copy it to the device)",
                buffer.loc,
                key=("d2h", what, loc, buffer.id),
            )
        if hi <= lo:
            return out

        per_agent = self._state.setdefault(buffer.id, {})
        clock = agent.clock
        for other_id, recs in per_agent.items():
            if other_id == agent.id:
                continue
            for r in recs:
                if r.hi <= lo or r.lo >= hi or not (is_write or r.is_write) or (atomic and r.atomic):
                    continue
                if clock.get(other_id, 0) >= r.epoch:
                    continue
                them = _describe(r.agent, r.what)
                rverb = "writes" if r.is_write else "reads"
                rep(
                    "data-race",
                    _race_message(agent, what, me, loc, verb, is_write, r, them, rverb, buffer.label),
                    r.loc,
                    key=("race", what, loc, r.what, r.loc, buffer.id),
                )
                break
        self._record(per_agent, agent, lo, hi, is_write, what, loc, atomic)
        return out

    def _record(
        self,
        per_agent: dict[int, list[_Rec]],
        agent: Agent,
        lo: int,
        hi: int,
        is_write: bool,
        what: str,
        loc: str | None,
        atomic: bool = False,
    ) -> None:
        epoch = agent.clock[agent.id]
        if atomic:  # kept apart: an atomic access neither covers nor is merged with plain ones
            per_agent.setdefault(agent.id, []).append(_Rec(agent, epoch, lo, hi, is_write, what, loc, True))
            return
        if is_write:
            # A write ordered after other agents' covered records subsumes them.
            for other_id, recs in per_agent.items():
                if other_id != agent.id and recs:
                    recs[:] = [
                        r
                        for r in recs
                        if not (lo <= r.lo and r.hi <= hi and agent.clock.get(other_id, 0) >= r.epoch)
                    ]
        mine = per_agent.setdefault(agent.id, [])
        if mine:
            last = mine[-1]
            if (
                last.epoch == epoch
                and last.is_write == is_write
                and last.what == what
                and last.loc == loc
                and not last.atomic
                and last.lo <= hi
                and lo <= last.hi
            ):
                last.lo, last.hi = min(last.lo, lo), max(last.hi, hi)
                return
            mine[:] = [r for r in mine if not (lo <= r.lo and r.hi <= hi and (is_write or not r.is_write)
                                               and (is_write or not r.atomic))]
        mine.append(_Rec(agent, epoch, lo, hi, is_write, what, loc))

    def free(
        self, agent: Agent, buffer: Buffer, what: str, loc: str | None = None, *, synchronizing: bool = False
    ) -> list[Hazard]:
        """Free ``buffer``: reports double free and (unless ``synchronizing``, i.e. the free waits
        for the device) frees racing with unordered accesses.  Returns the new hazards."""
        if not buffer.alive:
            hz = self.report(
                "double-free",
                f"double free: {_describe(agent, what)}{_at(loc)} frees {buffer.label} "
                f"already freed{_at(buffer.free_loc)}",
                loc,
                buffer.free_loc,
                key=("dfree", loc, buffer.id),
            )
            return [hz] if hz else []
        out: list[Hazard] = []
        if not synchronizing:
            out = self.access(agent, buffer, 0, buffer.nbytes, True, what, loc, direct=False)
        buffer.alive = False
        buffer.free_loc = loc
        self._state.pop(buffer.id, None)
        return out


def intervals_from_offsets(byte_offsets: object, itemsize: int) -> list[tuple[int, int]]:
    """Merge element accesses at ``byte_offsets`` (any int array-like) into sorted disjoint
    ``[lo, hi)`` byte intervals — the compact form :meth:`HazardChecker.access` wants."""
    import numpy as np

    offs = np.unique(np.asarray(byte_offsets, dtype=np.int64).ravel())
    if offs.size == 0:
        return []
    # A new interval starts where the gap to the previous element exceeds the element size.
    breaks = np.nonzero(np.diff(offs) > itemsize)[0]
    starts = np.concatenate(([offs[0]], offs[breaks + 1]))
    ends = np.concatenate((offs[breaks], [offs[-1]])) + itemsize
    return [(int(a), int(b)) for a, b in zip(starts, ends)]
