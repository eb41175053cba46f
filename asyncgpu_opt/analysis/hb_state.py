"""The state of the happens-before analysis (``analysis/happens_before.py``) on one path, and how
paths meet: vector clocks per agent, the last accesses per buffer and agent, freed buffers, event
clocks, live streams/events; ``meet_states`` joins paths (clocks: the minimum over the paths an
agent exists on; records of one path only move to a phantom agent)."""

from __future__ import annotations

import itertools
from typing import Any

from ..ir.core import Operation, Value

Clock = dict[int, int]
class Alloc:
    """A buffer: one run of an allocation op (``value``); ``escaped``: unknown memory may alias it."""

    __slots__ = ("value", "escaped")

    def __init__(self, value: Value, escaped: bool) -> None:
        self.value, self.escaped = value, escaped


class Rec:
    __slots__ = ("agent", "epoch", "write", "op", "what", "label", "host", "free", "atomic")

    def __init__(self, agent: int, epoch: int, write: bool, op: Operation, what: str, label: str, host: bool,
                 free: bool, atomic: bool) -> None:
        self.agent, self.epoch, self.write, self.op, self.what = agent, epoch, write, op, what
        self.label, self.host, self.free, self.atomic = label, host, free, atomic


class State:
    """What holds on one path: the agents' clocks (``clocks``: the agents that exist on it), the
    host agent now running, accesses per resource and agent, freed resources, event clocks and
    the streams/events not yet destroyed."""

    __slots__ = ("clocks", "host", "writes", "reads", "owned", "freed", "events", "live", "phantoms")

    def __init__(self) -> None:
        self.clocks: dict[int, Clock] = {}  # clocks are never changed in place
        self.host = 0
        self.writes: dict[Any, dict[int, Rec]] = {}
        self.reads: dict[Any, dict[int, Rec]] = {}
        self.owned: set[int] = set()  # ids of the inner dicts this state may change in place
        self.freed: dict[Any, Rec] = {}
        self.events: dict[int, Clock] = {}
        self.live: dict[int, Operation] = {}
        self.phantoms: list[tuple[int, int, tuple[State, ...]]] = []  # of the last meet (meet_states)

    def copy(self) -> State:
        s = State()
        s.clocks, s.host = dict(self.clocks), self.host
        s.writes, s.reads = dict(self.writes), dict(self.reads)
        self.owned = set()  # the inner dicts are shared now
        s.freed, s.events, s.live = dict(self.freed), dict(self.events), dict(self.live)
        return s

    def table(self, which: dict[Any, dict[int, Rec]], key: Any) -> dict[int, Rec]:
        inner = which.get(key)
        if inner is None or id(inner) not in self.owned:
            inner = dict(inner) if inner else {}
            which[key] = inner
            self.owned.add(id(inner))
        return inner


def join(*clocks: Clock) -> Clock:
    out: Clock = {}
    for c in clocks:
        if not out:
            out = dict(c)
            continue
        for k, v in c.items():
            if out.get(k, 0) < v:
                out[k] = v
    return out


WORK = "<device work>"  # pseudo-resource: the device work not waited for (leaks)
COVERED = 1 << 62  # a phantom's component on paths where its records do not exist
_PHANTOM_IDS = itertools.count(1 << 40)


def meet_clocks(pairs: list[tuple[Clock, State]], own: int | None = None, into: State | None = None) -> Clock:
    """The clock every path guarantees: per agent the minimum over the paths on which the agent
    exists (an agent made on another path orders nothing here); ``own``: that agent's own
    component is the maximum (an agent is ordered after all its own work).  ``into``: the met
    state, whose phantoms (``meet_states``) get their components here too."""
    if len(pairs) == 1:
        return pairs[0][0]
    keys: set[int] = set()
    for c, _ in pairs:
        keys.update(c)
    out: Clock = {}
    for k in keys:
        vals = [c.get(k, 0) for c, s in pairs if k in s.clocks]
        v = (max(vals) if k == own else min(vals)) if vals else max(c.get(k, 0) for c, _ in pairs)
        if v:
            out[k] = v
    for ph, a, paths in into.phantoms if into is not None else ():
        vals = [c.get(a, 0) for c, s in pairs if any(s is p for p in paths)]
        out[ph] = min(vals) if vals else COVERED
    return out


def _phantoms(states: list[State]) -> dict[int, tuple[int, int, tuple[State, ...]]]:
    """Records that exist on some of the paths only, where the minimum over all paths of some
    agent's knowledge of their agent would not cover them but each of their paths does: they move
    to a phantom agent of their own, known on their paths as their agent is (id(record) ->
    (phantom, agent, paths)).  Without it, work one branch did on a stream both branches use would
    look unordered after the join."""
    where: dict[int, tuple[Rec, list[State]]] = {}
    for s in states:
        for table in (s.writes, s.reads):
            for inner in table.values():
                for r in inner.values():
                    where.setdefault(id(r), (r, []))[1].append(s)
    out: dict[int, tuple[int, int, tuple[State, ...]]] = {}
    groups: dict[tuple[int, frozenset[int]], int] = {}
    for rid, (r, paths) in where.items():
        a = r.agent
        exist = [s for s in states if a in s.clocks]
        if len(paths) >= len(exist):
            continue
        key = (a, frozenset(id(p) for p in paths))
        ph = groups.get(key)
        if ph is None:
            if not any(min(s.clocks[x].get(a, 0) for s in states if x in s.clocks) < r.epoch
                       <= min(p.clocks[x].get(a, 0) for p in paths if x in p.clocks)
                       for x in {x for p in paths for x in p.clocks}
                       if all(x in p.clocks for p in paths)):
                continue
            ph = groups[key] = next(_PHANTOM_IDS)
        out[rid] = (ph, a, tuple(paths))
    return out


def meet_states(states: list[State]) -> State:
    if len(states) == 1:
        return states[0]
    out = State()
    out.host = states[0].host
    moved = _phantoms(states)
    out.phantoms = list({ph: (ph, a, paths) for ph, a, paths in moved.values()}.values())
    agents: dict[int, None] = {}
    for s in states:
        agents.update(dict.fromkeys(s.clocks))
    for a in agents:
        out.clocks[a] = meet_clocks([(s.clocks[a], s) for s in states if a in s.clocks], own=a, into=out)
    for name in ("writes", "reads"):
        merged: dict[Any, dict[int, Rec]] = {}
        for s in states:
            for key, inner in getattr(s, name).items():
                m = merged.setdefault(key, {})
                for a, r in inner.items():
                    mv = moved.get(id(r))
                    if mv is not None:
                        r = Rec(mv[0], r.epoch, r.write, r.op, r.what, r.label, r.host, r.free, r.atomic)
                        a = mv[0]
                    o = m.get(a)
                    if o is None or o.epoch < r.epoch:
                        m[a] = r
        setattr(out, name, merged)
        out.owned.update(id(m) for m in merged.values())
    for s in states:
        for k, r in s.freed.items():
            out.freed.setdefault(k, r)
        out.live.update(s.live)
    evs: set[int] = set()
    for s in states:
        evs.update(s.events)
    for e in evs:
        out.events[e] = meet_clocks([(s.events.get(e, {}), s) for s in states], into=out)
    return out



def replace_state(dst: State, src: State) -> None:
    if dst is not src:
        for name in State.__slots__:
            setattr(dst, name, getattr(src, name))


def covered(recs: dict[int, Rec], clock: Clock) -> list[int]:
    """The agents whose record in ``recs`` ``clock`` is ordered after (walking the smaller)."""
    if len(clock) < len(recs):
        return [a for a, e in clock.items() if (r := recs.get(a)) is not None and e >= r.epoch]
    return [a for a, r in recs.items() if clock.get(a, 0) >= r.epoch]


