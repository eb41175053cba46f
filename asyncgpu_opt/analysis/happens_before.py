"""Static happens-before over host code, async gpu ops, streams and events (``async-hazards``).

``analyze(module) -> list[Finding]`` walks every root function (one no other function of the
module calls) in program order, as ``--run``'s vector-clock checker (``run/hazards.py``) does at
run time, but over every path instead of one execution:

* *Agents*: the host thread (one more per ``async.execute`` body), the legacy default stream (the
  synchronous gpu ops), one *chain* per run of async gpu ops that continue each other's token in one
  block (before lowering: a chain is a virtual stream), and the streams ``mgpuStreamCreate`` makes
  (after lowering).  Each agent has a vector clock; an access of agent ``A`` at epoch ``e`` is
  ordered before an access whose clock ``C`` has ``C[A] >= e``.
* *Edges*: a token's clock is its op's; an async op acquires its dependencies' clocks and the host's
  (the host issues it); ``gpu.wait`` joins them into the host; lowered code: stream order,
  ``mgpuEventRecord`` captures a stream's clock, ``mgpuStreamWaitEvent`` / ``mgpuEventSynchronize``
  / ``mgpuStreamSynchronize`` acquire it.  A synchronous ``gpu.dealloc`` (``cuMemFree``) orders
  nothing, as at run time.
* *Memory*: per resource (``analysis/effects.py``'s alias classes: an allocation, ``UNKNOWN`` for
  memory of unknown origin, ``ANY`` for unknown effects), per agent, the last write and the last read.
  After lowering, a pointer's resource is its provenance (``mgpuMemAlloc`` through the descriptor
  ``insertvalue``/``extractvalue``/casts/``getelementptr``).  Kernel launches read or write each
  memref operand as the kernel body does.
* *Control flow*: the state is copied into each branch (``scf.if``, ``scf.index_switch``, ``cf``
  successors) and met where paths join: clocks component-wise minimum over the paths on which the
  agent exists, accesses and frees united.  Loops (``scf.for``/``scf.while``/``scf.parallel``,
  ``cf`` back edges) are analysed for two iterations and met with the zero-trip path.  Calls of
  functions with a body are analysed in their calling context (arguments bound to the caller's
  tokens, buffers and handles); recursive calls and calls of external functions are host accesses
  of ``ANY`` memory.  ``async.execute`` bodies run on a host thread of their own.

Messages are ``--run``'s texts for the same hazard (without the agent's name, which only a run
knows): ``data race: ...``, ``host read without synchronization: ...``, ``use after free: ...``,
``double free: ...`` (errors) and ``leak: ...`` (warnings).
"""

from __future__ import annotations

import itertools
from typing import Any

from ..dialects import arith as arith_d
from ..dialects import async_ as async_d
from ..dialects import builtin as builtin_d
from ..dialects import func as func_d
from ..dialects import gpu as gpu_d
from ..dialects import llvm_call, memref_atomic
from ..dialects import llvm_memory as llvm_mem
from ..dialects import scf as scf_d
from ..ir import types as T
from ..ir.attributes import IntegerAttr
from ..ir.core import Block, Operation, OpResult, Region, Value
from .effects import ANY, UNKNOWN, AliasInfo, is_memref, is_reading_library_call, op_effects, root_of
from .interfaces import (
    declared_effects,
    has_recursive_effects,
    is_branch,
    is_function,
    is_pure,
    is_terminator,
    region_control,
    view_source,
)
from .tokens import is_token

Clock = dict[int, int]
_FREE_WHATS = frozenset({"gpu.dealloc", "mgpuMemFree", "memref.dealloc"})
_MAX_CALL_DEPTH = 32
_RECURSION_DEPTH = 2  # a function analysed this many times in one call stack: deeper calls are cut


class Finding:
    """One hazard: ``op`` is where it is reported (the later access), ``other`` the note's op."""

    __slots__ = ("kind", "severity", "message", "op", "other", "note")

    def __init__(self, kind: str, severity: str, message: str, op: Operation, other: Operation | None = None,
                 note: str = "") -> None:
        self.kind, self.severity, self.message = kind, severity, message
        self.op, self.other, self.note = op, other, note

    def __repr__(self) -> str:
        return f"Finding({self.kind}, {self.message!r})"


class _Alloc:
    """A buffer: one run of an allocation op (``value``); ``escaped``: unknown memory may alias it."""

    __slots__ = ("value", "escaped")

    def __init__(self, value: Value, escaped: bool) -> None:
        self.value, self.escaped = value, escaped


class _Rec:
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
        self.writes: dict[Any, dict[int, _Rec]] = {}
        self.reads: dict[Any, dict[int, _Rec]] = {}
        self.owned: set[int] = set()  # ids of the inner dicts this state may change in place
        self.freed: dict[Any, _Rec] = {}
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

    def table(self, which: dict[Any, dict[int, _Rec]], key: Any) -> dict[int, _Rec]:
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


_WORK = "<device work>"  # pseudo-resource: the device work not waited for (leaks)
_COVERED = 1 << 62  # a phantom's component on paths where its records do not exist
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
        out[ph] = min(vals) if vals else _COVERED
    return out


def _phantoms(states: list[State]) -> dict[int, tuple[int, int, tuple[State, ...]]]:
    """Records that exist on some of the paths only, where the minimum over all paths of some
    agent's knowledge of their agent would not cover them but each of their paths does: they move
    to a phantom agent of their own, known on their paths as their agent is (id(record) ->
    (phantom, agent, paths)).  Without it, work one branch did on a stream both branches use would
    look unordered after the join."""
    where: dict[int, tuple[_Rec, list[State]]] = {}
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
        merged: dict[Any, dict[int, _Rec]] = {}
        for s in states:
            for key, inner in getattr(s, name).items():
                m = merged.setdefault(key, {})
                for a, r in inner.items():
                    mv = moved.get(id(r))
                    if mv is not None:
                        r = _Rec(mv[0], r.epoch, r.write, r.op, r.what, r.label, r.host, r.free, r.atomic)
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


def _callee_name(op: Operation) -> str | None:
    callee = op.attributes.get("callee")
    sym = getattr(callee, "root", None) or getattr(callee, "value", None)
    return sym if isinstance(sym, str) else None


def _loc(op: Operation | None) -> str:
    return str(op.loc) if op is not None and op.loc is not None else "?"


def _at(op: Operation | None) -> str:
    return f" at {op.loc}" if op is not None and op.loc is not None else ""


# value info carried across calls, branches and loops: (token clock, resource keys, handle)
Info = tuple[Clock | None, tuple | None, int | None]


class Analyzer:
    """One module's analysis; ``findings`` accumulate (deduplicated by kind and op pair)."""

    def __init__(self, module: Operation) -> None:
        self.module = module
        self.alias = AliasInfo()
        self.tok: dict[int, Clock] = {}  # id(token or async value) -> clock
        self.done: dict[int, Clock] = {}  # id(!async.value) -> clock of its execute's completion
        self.chain: dict[int, tuple[int, int, Block]] = {}  # id(token) -> (agent, epoch, block)
        self.keys: dict[int, tuple] = {}  # id(value) -> resource keys it is bound to
        self._derived: dict[int, tuple[int, tuple]] = {}  # id(value) -> (generation, keys)
        self._generation = 0
        self.handle: dict[int, int] = {}  # id(ptr value) -> stream/event handle
        self.kinds: dict[int, str] = {}  # agent/handle id -> "host" | "chain" | "stream" | "default" | "event"
        self.sources: dict[int, tuple[int, ...]] = {}  # merged handle -> the handles it stands for
        self.findings: list[Finding] = []
        self._seen: set[tuple] = set()
        self._epochs = itertools.count(1)
        self._stack: list[Operation] = []
        self.funcs: dict[str, Operation] = {}
        for op in module.regions[0].blocks[0].ops if module.regions else ():
            sym = op.attributes.get("sym_name")
            if sym is not None and is_function(op):
                self.funcs[getattr(sym, "value", str(sym))] = op
        self.default = self._new_agent("default")

    # ------------------------------------------------------------------ agents and clocks
    def _new_agent(self, kind: str) -> int:
        a = next(self._epochs)
        self.kinds[a] = kind
        return a

    def _start(self, s: State, agent: int, base: Clock) -> None:
        s.clocks[agent] = {**base, agent: next(self._epochs)}

    def _tick(self, s: State, agent: int) -> None:
        s.clocks[agent] = {**s.clocks[agent], agent: next(self._epochs)}

    def _acquire(self, s: State, agent: int, *clocks: Clock) -> None:
        s.clocks[agent] = join(s.clocks[agent], *clocks)

    def _enqueue(self, s: State, agent: int, *deps: Clock) -> Clock:
        """A command of ``agent`` issued by the host after ``deps``: its clock (the host ticks)."""
        host = s.clocks[s.host]
        c = join(s.clocks.get(agent, {}), host, *deps)
        c[agent] = next(self._epochs)
        s.clocks[agent] = c
        self._tick(s, s.host)
        return c

    # ------------------------------------------------------------------ findings
    def report(self, kind: str, severity: str, message: str, op: Operation, other: Operation | None = None,
               note: str = "") -> None:
        key = (kind, *sorted((id(op), id(other))))
        if key in self._seen:
            return
        self._seen.add(key)
        self.findings.append(Finding(kind, severity, message, op, other, note))

    # ------------------------------------------------------------------ resources
    def value_keys(self, v: Value) -> tuple:
        """The buffers ``v`` may point into: bound (allocations run, arguments, block arguments)
        or derived (views, casts, descriptors; memoized until the next binding)."""
        k = self.keys.get(id(v))
        if k is not None:
            return k
        m = self._derived.get(id(v))
        if m is not None and m[0] == self._generation:
            return m[1]
        r = root_of(v)
        k = self.keys.get(id(r))
        if k is None:
            k = self._provenance(r)
        self._derived[id(v)] = (self._generation, k)
        return k

    def _provenance(self, r: Value) -> tuple:
        if not isinstance(r, OpResult):
            return (self._resource(r),) if is_memref(r) else (UNKNOWN,)
        op = r.op
        d = op.opdef
        if d is llvm_call.CallOp and _callee_name(op) == "mgpuMemAlloc":
            return (_Alloc(r, _escapes_lowered(r, set())),)
        if d is builtin_d.UnrealizedConversionCastOp:
            return self.value_keys(op.operands[r.index]) if r.index < len(op.operands) else (UNKNOWN,)
        if d is llvm_mem.ExtractValueOp:
            return self.value_keys(op.operands[0]) if _position(op)[:1] in ([0], [1]) else (UNKNOWN,)
        if d is llvm_mem.InsertValueOp:
            cont = self.value_keys(op.operands[0])
            if _position(op)[:1] in ([0], [1]) and len(op.operands) > 1:
                return tuple(dict.fromkeys((*cont, *self.value_keys(op.operands[1]))))
            return cont
        if d is llvm_mem.GEPOp:
            return self.value_keys(op.operands[0])
        if is_pure(op) and not op.operands:  # llvm.mlir.zero / poison / undef: no memory
            return ()
        if is_memref(r):
            return (self._resource(r),)
        return (UNKNOWN,)

    def _resource(self, r: Value) -> Any:
        key = self.alias.resource(r)
        return _Alloc(key, id(key) in self.alias.escaped) if isinstance(key, Value) else key

    def fresh(self, v: Value, lowered: bool = False) -> None:
        """An allocation op ran: ``v`` is a new buffer (each run of the op makes another)."""
        self.keys[id(v)] = (_Alloc(v, _escapes_lowered(v, set())) if lowered else self._resource(v),)
        self._generation += 1

    @staticmethod
    def _escaped(key: Any) -> bool:
        return isinstance(key, _Alloc) and key.escaped

    def _related(self, s: State, key: Any) -> list[Any]:
        """The resource keys an access of ``key`` may touch in ``s``'s records."""
        if key is ANY:
            return [k for k in itertools.chain(s.writes, s.reads) if k is ANY or k is UNKNOWN or self._escaped(k)]
        if key is UNKNOWN:
            return [k for k in itertools.chain(s.writes, s.reads) if k is ANY or k is UNKNOWN or self._escaped(k)]
        out = [key, ANY]
        if self._escaped(key):
            out.append(UNKNOWN)
        return out

    def _label(self, key: Any, v: Value | None) -> str:
        if isinstance(key, _Alloc):
            hint = key.value.name_hint
            name = f"%{hint}" if hint else "buffer"
            op = key.value.op if isinstance(key.value, OpResult) else None
            return f"{name} (allocated{_at(op)})"
        if key is ANY:
            return "any memory"
        hint = getattr(root_of(v), "name_hint", None) if v is not None else None
        return f"%{hint}" if hint else "memory of unknown origin"

    # ------------------------------------------------------------------ accesses
    def access(self, s: State, agent: int, clock: Clock, op: Operation, what: str,
               effects: list[tuple[Any, bool, Value | None]], free: bool = False,
               atomic: frozenset[Any] = frozenset()) -> None:
        """Check and record ``agent``'s accesses ``(key, is_write, value)`` at its epoch in ``clock``;
        ``atomic``: the keys it touches only atomically (no race with other atomic accesses)."""
        epoch = clock[agent]
        host = self.kinds.get(agent) == "host"
        for key, write, v in effects:
            label = self._label(key, v)
            verb = "writes" if write else "reads"
            fr = s.freed.get(key)
            if fr is not None and isinstance(key, _Alloc):
                if free:
                    self.report("double-free", "error", f"double free: {what}{_at(op)} frees {label} already "
                                f"freed{_at(fr.op)}", op, fr.op, "first freed here")
                else:
                    self.report("use-after-free", "error", f"use after free: {what}{_at(op)} {verb} {label} "
                                f"freed{_at(fr.op)}", op, fr.op, "freed here")
                continue
            at = key in atomic
            for k in self._related(s, key):
                first: dict[int, _Rec] = {}  # per other agent its oldest unordered access, as --run
                for table in (s.writes, s.reads) if write else (s.writes,):
                    for a, r in table.get(k, {}).items():
                        if a != agent and clock.get(a, 0) < r.epoch and not (at and r.atomic) \
                                and (a not in first or r.epoch < first[a].epoch):
                            first[a] = r
                for r in first.values():
                    self._race(op, what, verb, write, host, free, r, label)
            if write and not at:  # accesses ordered before this write: a later conflict is one with it too
                for table in (s.writes, s.reads):
                    inner = table.get(key)
                    gone = _covered(inner, clock) if inner else []
                    if gone:
                        mine = s.table(table, key)
                        for a in gone:
                            del mine[a]
            rec = _Rec(agent, epoch, write, op, what, label, host, free, at)
            s.table(s.writes if write else s.reads, key)[agent] = rec
            if free:
                s.freed[key] = rec

    def _race(self, op: Operation, what: str, verb: str, write: bool, host: bool, free: bool, r: _Rec,
              label: str) -> None:
        them, rverb = r.what, ("writes" if r.write else "reads")
        if free or r.free:
            if free:
                fop, fwhat, uop, uwhat, uverb = op, what, r.op, them, rverb
            else:
                fop, fwhat, uop, uwhat, uverb = r.op, them, op, what, verb
            msg = (f"use after free: {uwhat}{_at(uop)} {uverb} {label} that {fwhat}{_at(fop)} frees with no "
                   "happens-before between them (the free may run first)")
            self.report("use-after-free", "error", msg, op, r.op, f"{them} {rverb} it here")
        elif host and not write and not r.host and r.write:
            msg = (f"host read without synchronization: {what}{_at(op)} reads {label} while {them}{_at(r.op)} "
                   "writes it (no host wait for it)")
            self.report("host-read", "error", msg, op, r.op, f"{them} writes it here")
        else:
            msg = (f"data race: {what}{_at(op)} {verb} {label} while {them}{_at(r.op)} {rverb} it "
                   "(no happens-before)")
            self.report("data-race", "error", msg, op, r.op, f"{them} {rverb} it here")

    def atomic_keys(self, op: Operation) -> frozenset[Any]:
        """The buffers a kernel launch touches only through atomic read-modify-writes."""
        if op.opdef is not gpu_d.LaunchFuncOp:
            return frozenset()
        fn = _kernel(op, self.module)
        if fn is None:
            return frozenset()
        args = fn.regions[0].blocks[0].args
        out: set[Any] = set()
        for a, v in zip(args, op.operand_group("kernelOperands")):
            if is_memref(a) and a.uses and _only_atomic(a):
                out.update(self.value_keys(v))
        return frozenset(out)

    def _footprint(self, op: Operation) -> tuple[list[tuple[Any, bool, Value | None]], bool]:
        """(accesses, frees) of ``op`` from its memory effects (allocations reset their resource)."""
        eff = op_effects(op, self.module)
        out: list[tuple[Any, bool, Value | None]] = []
        if eff is None:
            out.append((ANY, True, None))
            for v in op.operands:
                if is_memref(v):
                    out.extend((k, True, v) for k in self.value_keys(v))
            return out, False
        acc: dict[Any, tuple[Any, bool, Value | None]] = {}  # one access per resource, a write if any
        for v in eff.reads:
            for k in self.value_keys(v):
                acc.setdefault(k, (k, False, v))
        for v in (*eff.writes, *eff.frees):
            for k in self.value_keys(v):
                acc[k] = (k, True, v)
        return list(acc.values()), bool(eff.frees)

    # ------------------------------------------------------------------ values
    def info(self, v: Value) -> Info:
        return (self.tok.get(id(v)) if self._is_clocked(v) else None,
                self.value_keys(v) if _is_memory(v) else None, self.handle.get(id(v)))

    @staticmethod
    def _is_clocked(v: Value) -> bool:
        """A ``!gpu.async.token``, ``!async.token`` or ``!async.value``: it carries a clock."""
        return is_token(v) or str(v.type).startswith("!async.")

    def bind(self, values: list[Value] | tuple, infos: list[Info]) -> None:
        for v, (clock, keys, h) in zip(values, infos):
            if clock is not None:
                self.tok[id(v)] = clock
                self.chain.pop(id(v), None)
            if keys is not None:
                self.keys[id(v)] = keys
                self._generation += 1
            if h is not None:
                self.handle[id(v)] = h

    def meet_infos(self, rows: list[tuple[list[Info], State]], into: State) -> list[Info]:
        """The values reaching a join point along ``rows`` (infos, the path's state): token clocks
        met, resources united, different streams/events merged into one handle of ``into``."""
        if len(rows) == 1:
            return rows[0][0]
        out: list[Info] = []
        for i in range(min(len(r) for r, _ in rows)):
            clocks = [(r[i][0], s) for r, s in rows if r[i][0] is not None]
            keys = [r[i][1] for r, _ in rows if r[i][1] is not None]
            hs = [(r[i][2], s) for r, s in rows if r[i][2] is not None]
            out.append((meet_clocks(clocks, into=into) if clocks else None,
                        tuple(dict.fromkeys(k for ks in keys for k in ks)) if keys else None,
                        self._merge_handles(hs, into) if hs else None))
        return out

    def _merge_handles(self, hs: list[tuple[int, State]], into: State) -> int:
        """One stream (event) standing for different ones on different paths: ordered after what
        each did on its path; destroying it destroys them."""
        first = hs[0][0]
        if all(h == first for h, _ in hs):
            return first
        kind = self.kinds.get(first, "stream")
        m = self._new_agent(kind)
        self.sources[m] = tuple(dict.fromkeys(h for h, _ in hs))
        if kind == "event":
            into.events[m] = meet_clocks([(st.events.get(h, {}), st) for h, st in hs], into=into)
        else:
            into.clocks[m] = {**meet_clocks([(st.clocks.get(h, {}), st) for h, st in hs], into=into),
                              m: next(self._epochs)}
        return m

    # ------------------------------------------------------------------ functions
    def run_function(self, fn: Operation) -> None:
        """Analyse ``fn`` as an entry point: arguments are unknown tokens, memory and handles."""
        if not fn.regions or not fn.regions[0].blocks:
            return
        s = State()
        s.host = self._new_agent("host")
        self._start(s, s.host, {})
        self._start(s, self.default, {})
        self._stack.append(fn)
        exits = self.run_region(fn.regions[0], s, [(None, None, None)] * len(fn.regions[0].blocks[0].args))
        self._stack.pop()
        if not exits:
            return
        end = meet_states([st for st, _, _ in exits])
        clocks: list[Clock] = []
        for st, _, infos in exits:
            for c, _, h in infos:
                if c is not None:
                    clocks.append(c)
                if h is not None:  # a stream or event handed to the caller: not leaked here
                    clocks.append(st.events.get(h, st.clocks.get(h, {})))
                    self._release(end, h)
        self._leaks(fn, end, join(*clocks))

    def _release(self, s: State, h: int | None) -> None:
        """``h`` (and the handles it stands for) is destroyed or handed on."""
        stack = [h]
        while stack:
            x = stack.pop()
            if x is not None:
                s.live.pop(x, None)
                stack.extend(self.sources.get(x, ()))

    def _leaks(self, fn: Operation, s: State, returned: Clock) -> None:
        name = fn.attributes.get("sym_name")
        fname = f"@{getattr(name, 'value', name)}"
        for h, op in s.live.items():
            what = "stream" if self.kinds.get(h) == "stream" else "event"
            self.report("leak", "warning", f"leak: {what} created at {_loc(op)} is never destroyed", op)
        host = s.clocks[s.host]
        for a, r in s.writes.get(_WORK, {}).items():
            if host.get(a, 0) < r.epoch and returned.get(a, 0) < r.epoch:
                self.report("leak", "warning", f"leak: {r.what}{_at(r.op)} is never waited for (no host wait "
                            f"orders it before {fname} returns)", r.op)

    def work(self, s: State, agent: int, clock: Clock, op: Operation) -> None:
        """``op`` is device work of ``agent``: the latest work nothing waited for yet is kept (as a
        write of the pseudo-resource ``_WORK``: later work ordered after it stands for it)."""
        if self.kinds.get(agent) not in ("chain", "stream"):
            return
        inner = s.table(s.writes, _WORK)
        for a in _covered(inner, clock):
            del inner[a]
        inner[agent] = _Rec(agent, clock[agent], True, op, _what(op), "", False, False, False)

    def run_region(self, region: Region, s: State, entry: list[Info]) -> list[tuple[State, Operation, list[Info]]]:
        """Run ``region`` from ``s`` (consumed) with its entry block's arguments bound to ``entry``:
        the state, terminator and operand infos at each exit (terminator that is not a branch)."""
        blocks = region.blocks
        if len(blocks) == 1:
            b = blocks[0]
            self.bind(b.args, entry)
            term = self.run_block(b, s)
            if term is None:  # no terminator (a graph region)
                return [(s, b, [])]
            return [(s, term, [self.info(v) for v in term.operands])]
        return self._run_cfg(region, s, entry)

    def _run_cfg(self, region: Region, s: State, entry: list[Info]) -> list[tuple[State, Operation, list[Info]]]:
        order = _rpo(region.blocks[0])
        incoming: dict[int, dict[tuple[int, int], tuple[State, list[Info]]]] = {
            id(region.blocks[0]): {(0, 0): (s, entry)}}
        exits: dict[int, tuple[State, Operation, list[Info]]] = {}
        for _ in range(2):  # the second pass takes the back edges of the first
            for b in order:
                ins = incoming.get(id(b))
                if not ins:
                    continue
                states = [st.copy() for st, _ in ins.values()]
                st = meet_states(states)
                self.bind(b.args, self.meet_infos([(infos, x) for (_, infos), x in zip(ins.values(), states)], st))
                term = self.run_block(b, st)
                if term is None:
                    continue
                if term.successors:
                    d = term.opdef
                    for i, succ in enumerate(term.successors):
                        vals = d.successor_operands(term, i) if d is not None and is_branch(term) else []
                        incoming.setdefault(id(succ), {})[(id(term), i)] = (st.copy(), [self.info(v) for v in vals])
                else:
                    exits[id(term)] = (st, term, [self.info(v) for v in term.operands])
        return list(exits.values())

    def run_block(self, b: Block, s: State) -> Operation | None:
        """Visit the ops of ``b`` in order; returns its terminator (not visited)."""
        for op in b.ops:
            if is_terminator(op) and op is b.ops[-1]:
                return op
            self.visit(op, s, b)
        return None

    # ------------------------------------------------------------------ ops
    def visit(self, op: Operation, s: State, b: Block) -> None:
        d = op.opdef
        if d is not None and not op.regions and is_pure(op):
            return
        if d is not None and issubclass(d, gpu_d.AsyncOp):
            self._gpu(op, s, b)
        elif d is llvm_call.CallOp and _callee_name(op) in _RUNTIME:
            _RUNTIME[_callee_name(op)](self, op, s)  # type: ignore[index]
        elif d is func_d.CallOp or d is llvm_call.CallOp and _callee_name(op) in self.funcs:
            self._call(op, s)
        elif d is async_d.ExecuteOp:
            self._execute(op, s)
        elif d is async_d.AwaitOp:
            v = op.operands[0]
            self._acquire(s, s.host, self.done.get(id(v), self.tok.get(id(v), {})))
            if op.results:
                self.bind(op.results, [self.info(v)])
                self.chain.pop(id(op.results[0]), None)
        elif op.regions and region_control(op) is not None:
            self._region_op(op, s)
        elif op.regions and has_recursive_effects(op):
            self._generic_region(op, s, "one")
        else:
            self._host(op, s)

    def _host(self, op: Operation, s: State) -> None:
        eff, frees = self._footprint(op)
        e = op_effects(op, self.module) if not eff or eff[0][0] is not ANY else None
        if e is not None:
            for v in e.allocs:
                self.fresh(v)
        if eff:
            self.access(s, s.host, s.clocks[s.host], op, _what(op), eff, free=frees)

    def _gpu(self, op: Operation, s: State, b: Block) -> None:
        d = op.opdef
        deps = d.deps(op)
        tok = d.token(op)
        dep_clocks = [self.tok.get(id(t), {}) for t in deps]
        if d is gpu_d.AllocOp:
            self.fresh(op.results[0])
        if d is gpu_d.WaitOp or d is gpu_d.AllocOp or not d.device_work:
            if tok is None:
                if d is gpu_d.WaitOp and not deps:  # wait for everything
                    self._acquire(s, s.host, *[c for a, c in s.clocks.items() if self.kinds.get(a) != "host"])
                else:
                    self._acquire(s, s.host, *dep_clocks)
                return
            self.tok[id(tok)] = join(s.clocks[s.host], *dep_clocks)
            if len(deps) == 1 and id(deps[0]) in self.chain:
                self.chain[id(tok)] = self.chain[id(deps[0])]
            return
        stream = op.operand_group("asyncObject") if d is gpu_d.LaunchFuncOp else []
        eff, frees = self._footprint(op)
        if d is gpu_d.DeallocOp and tok is None:  # cuMemFree: waits for the device, orders nothing
            self._acquire(s, s.host, *dep_clocks)
            for key, _, v in eff:
                self._sync_free(s, op, key, v)
            return
        if stream:
            h = self.handle.get(id(stream[0]))
            agent = h if h is not None else self.default
            clock = self._enqueue(s, agent)
        elif tok is None:
            self._acquire(s, s.host, *dep_clocks)
            agent = self.default
            clock = self._enqueue(s, agent)
        else:
            agent = self._continued(s, deps, b)
            clock = self._enqueue(s, agent, *dep_clocks)
            self.tok[id(tok)] = clock
            self.chain[id(tok)] = (agent, clock[agent], b)
        self.work(s, agent, clock, op)
        self.access(s, agent, clock, op, _what(op), eff, free=frees, atomic=self.atomic_keys(op))
        if agent == self.default:  # the legacy default stream is synchronous with the host
            self._acquire(s, s.host, clock)

    def _continued(self, s: State, deps: list[Value], b: Block) -> int:
        """The chain an async op continues (a dependency that is its chain's last op, in this
        block), else a new one."""
        for t in deps:
            c = self.chain.get(id(t))
            if c is not None and c[2] is b and s.clocks.get(c[0], {}).get(c[0]) == c[1]:
                return c[0]
        a = self._new_agent("chain")
        return a

    def _sync_free(self, s: State, op: Operation, key: Any, v: Value | None) -> None:
        label = self._label(key, v)
        fr = s.freed.get(key)
        what = _what(op)
        if fr is not None and isinstance(key, _Alloc):
            self.report("double-free", "error", f"double free: {what}{_at(op)} frees {label} already freed"
                        f"{_at(fr.op)}", op, fr.op, "first freed here")
            return
        s.freed[key] = _Rec(s.host, s.clocks[s.host][s.host], True, op, what, label, True, True, False)

    # ------------------------------------------------------------------ calls and regions
    def _call(self, op: Operation, s: State) -> None:
        name = _callee_name(op)
        fn = self.funcs.get(name) if name else None
        if fn is not None and fn.regions and fn.regions[0].blocks and (
                self._stack.count(fn) >= _RECURSION_DEPTH or len(self._stack) > _MAX_CALL_DEPTH):
            self._cut_call(op, s)
            return
        if fn is None or not fn.regions or not fn.regions[0].blocks:
            self._host(op, s)
            for r in op.results:  # unknown work behind a returned token
                if self._is_clocked(r):
                    self.tok[id(r)] = {}
            return
        saved = self._save(fn) if fn in self._stack else None  # a recursive call: keep the caller's values
        self._stack.append(fn)
        exits = self.run_region(fn.regions[0], s, [self.info(v) for v in op.operands])
        self._stack.pop()
        if saved is not None:
            self._restore(saved)
        if not exits:
            return
        _replace(s, meet_states([st for st, _, _ in exits]))
        self.bind(op.results, self.meet_infos([(infos, st) for st, _, infos in exits], s))

    def _save(self, fn: Operation) -> list[tuple[dict, int, Any]]:
        """What the value tables hold for the values ``fn`` defines."""
        out: list[tuple[dict, int, Any]] = []
        tables = (self.tok, self.chain, self.keys, self.handle, self.done)
        for o in fn.walk():
            for b in (blk for r in o.regions for blk in r.blocks):
                for v in b.args:
                    out.extend((t, id(v), t.get(id(v))) for t in tables)
            for v in o.results:
                out.extend((t, id(v), t.get(id(v))) for t in tables)
        return out

    def _restore(self, saved: list[tuple[dict, int, Any]]) -> None:
        for t, k, v in saved:
            if v is None:
                t.pop(k, None)
            else:
                t[k] = v
        self._generation += 1

    def _cut_call(self, op: Operation, s: State) -> None:
        """A call past the recursion depth: work on a chain of its own after its token arguments
        (and the host), writing any memory its arguments reach; its tokens are that work's."""
        deps = [self.tok.get(id(v), {}) for v in op.operands if self._is_clocked(v)]
        for v in op.operands:  # lowered code: the streams and events it is given
            h = self.handle.get(id(v))
            if h is not None:
                deps.append(s.events.get(h, {}) if self.kinds.get(h) == "event" else s.clocks.get(h, {}))
        agent = self._new_agent("chain")
        clock = self._enqueue(s, agent, *deps)
        eff: list[tuple[Any, bool, Value | None]] = [(ANY, True, None)]
        for v in op.operands:
            if is_memref(v):
                eff.extend((k, True, v) for k in self.value_keys(v))
        self.access(s, agent, clock, op, _what(op), eff)
        for r in op.results:
            if self._is_clocked(r):
                self.tok[id(r)] = clock
                self.chain.pop(id(r), None)
            elif isinstance(r.type, T.LLVMType):  # a stream or event it returns: after that work
                h = self._new_agent("stream")
                self.handle[id(r)] = h
                s.clocks[h] = {**clock, h: next(self._epochs)}
                s.events[h] = clock

    def _execute(self, op: Operation, s: State) -> None:
        d = op.opdef
        deps = d.operand_group(op, "dependencies")
        args = d.operand_group(op, "bodyOperands")
        t = self._new_agent("host")
        self._start(s, t, join(s.clocks[s.host], *[self.tok.get(id(v), {}) for v in deps],
                               *[self.done.get(id(v), {}) for v in args]))
        self._tick(s, s.host)
        main = s.host
        s.host = t
        exits = self.run_region(op.regions[0], s, [self.info(v) for v in args])
        s.host = main
        done = s.clocks[t]
        results = op.results
        self.tok[id(results[0])] = done
        if exits:
            infos = exits[0][2]
            for v, (c, keys, h) in zip(results[1:], infos):
                self.bind([v], [(c if c is not None else done, keys, h)])
                self.done[id(v)] = done
                self.chain.pop(id(v), None)

    def _region_op(self, op: Operation, s: State) -> None:
        d = op.opdef
        if d is scf_d.ForOp:
            self._loop(op, s, d.operand_group(op, "initArgs"), lead=1)
        elif d is scf_d.WhileOp:
            self._while(op, s)
        elif d is scf_d.IfOp or d is scf_d.IndexSwitchOp or region_control(op) == "at-most-one" \
                or len(op.regions) > 1 and region_control(op) == "one":  # one region of several runs
            self._branches(op, s)
        else:
            self._generic_region(op, s, region_control(op) or "one")

    def _branches(self, op: Operation, s: State) -> None:
        rows: list[tuple[State, list[Info]]] = []
        regions = list(op.regions)
        if op.opdef is scf_d.IfOp:
            if len(regions) < 2:
                regions.append(Region([]))
            cond = _const_int(op.operands[0])
            if cond is not None:  # a constant condition: the one path
                regions = [regions[0] if cond else regions[1]]
        for r in regions:
            if not r.blocks:
                rows.append((s.copy(), []))
                continue
            for st, _, infos in self.run_region(r, s.copy(), []):
                rows.append((st, infos))
        if not rows:
            return
        _replace(s, meet_states([st for st, _ in rows]))
        with_vals = [(infos, st) for st, infos in rows if len(infos) >= len(op.results)]
        if with_vals:
            self.bind(op.results, self.meet_infos(with_vals, s))

    def _loop(self, op: Operation, s: State, inits: list[Value], lead: int) -> None:
        body = op.regions[0]
        carried = [self.info(v) for v in inits]
        trips = _trip_count(op)
        rows: list[tuple[list[Info], State]] = [(carried, s.copy())] if trips in (None, 0) else []
        cur = s
        n = 2 if trips is None else min(trips, 2)
        for i in range(n):
            entry = [(None, None, None)] * lead + carried
            exits = self.run_region(body, cur, entry)
            if not exits:
                break
            cur = meet_states([st for st, _, _ in exits])
            carried = self.meet_infos([(infos, st) for st, _, infos in exits], cur)
            if trips is None or i == n - 1:  # the loop may end here
                rows.append((carried, cur.copy()))
        if not rows:
            return
        _replace(s, meet_states([st for _, st in rows]))
        self.bind(op.results, self.meet_infos(rows, s))

    def _while(self, op: Operation, s: State) -> None:
        before, after = op.regions[0], op.regions[1]
        carried = [self.info(v) for v in op.operands]
        rows: list[tuple[list[Info], State]] = []
        cur = s
        for _ in range(2):
            exits = self.run_region(before, cur, carried)
            if not exits:
                break
            cur = meet_states([st for st, _, _ in exits])
            cond = self.meet_infos([(infos[1:], st) for st, _, infos in exits], cur)
            rows.append((cond, cur.copy()))
            exits = self.run_region(after, cur, cond)
            if not exits:
                break
            cur = meet_states([st for st, _, _ in exits])
            carried = self.meet_infos([(infos, st) for st, _, infos in exits], cur)
        if rows:
            _replace(s, meet_states([st for _, st in rows]))
            self.bind(op.results, self.meet_infos(rows, s))

    def _generic_region(self, op: Operation, s: State, runs: str) -> None:
        """Region ops without values to carry (``scf.parallel``, ``scf.forall``, ...): each region
        once, or twice for a loop; results of unknown origin."""
        exits: list[tuple[State, Operation, list[Info]]] = []
        for _ in range(2 if runs == "loop" else 1):
            for r in op.regions:
                if r.blocks:
                    exits = self.run_region(r, s, [(None, None, None)] * len(r.blocks[0].args))
                    if exits:
                        _replace(s, meet_states([st for st, _, _ in exits]))
        for v in op.results:
            if self._is_clocked(v):
                self.tok[id(v)] = {}
        if runs == "one" and len(op.regions) == 1 and exits:  # scf.execute_region: its yield
            self.bind(op.results, self.meet_infos([(infos, st) for st, _, infos in exits], s))


def _replace(dst: State, src: State) -> None:
    if dst is not src:
        for name in State.__slots__:
            setattr(dst, name, getattr(src, name))


def _const_int(v: Value) -> int | None:
    """The value of an integer (or ``i1``) ``arith.constant``."""
    if not isinstance(v, OpResult) or v.op.opdef is not arith_d.ConstantOp:
        return None
    a = v.op.attributes.get("value")
    return a.value if isinstance(a, IntegerAttr) and isinstance(a.value, int) else None


def _trip_count(op: Operation) -> int | None:
    """An ``scf.for``'s trip count when its bounds and step are constants."""
    lb, ub, step = (_const_int(v) for v in op.operands[:3])
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return max(0, -(-(ub - lb) // step))


def _covered(recs: dict[int, _Rec], clock: Clock) -> list[int]:
    """The agents whose record in ``recs`` ``clock`` is ordered after (walking the smaller)."""
    if len(clock) < len(recs):
        return [a for a, e in clock.items() if (r := recs.get(a)) is not None and e >= r.epoch]
    return [a for a, r in recs.items() if clock.get(a, 0) >= r.epoch]


def _kernel(op: Operation, module: Operation) -> Operation | None:
    """The ``gpu.func`` a ``gpu.launch_func`` launches, when the module holds its body."""
    from ..ir.symbols import lookup_in

    kernel = op.attributes.get("kernel")
    root, leaf = getattr(kernel, "root", None), getattr(kernel, "leaf", None)
    kmod = lookup_in(module, root) if root else None
    fn = lookup_in(kmod, leaf) if kmod is not None and leaf else None
    return fn if fn is not None and fn.opdef is gpu_d.FuncOp and fn.regions and fn.regions[0].blocks else None


def _only_atomic(v: Value) -> bool:
    """Every use of the memref ``v`` (through views) is an atomic read-modify-write."""
    for user, _ in v.uses:
        if view_source(user) is v:
            if not all(_only_atomic(r) for r in user.results if is_memref(r)):
                return False
        elif user.opdef is not memref_atomic.AtomicRMWOp and user.opdef is not memref_atomic.GenericAtomicRMWOp:
            return False
    return True


_DESCRIPTOR_OPS = (llvm_mem.InsertValueOp, llvm_mem.ExtractValueOp, llvm_mem.GEPOp,
                   builtin_d.UnrealizedConversionCastOp)


def _escapes_lowered(v: Value, seen: set[int]) -> bool:
    """Whether the pointer ``v`` (an ``mgpuMemAlloc`` result, lowered code) reaches anything but
    memref descriptors, views, kernel launches, the runtime calls and ops with modelled effects:
    unknown memory (an argument, a loaded pointer) may alias it then."""
    if id(v) in seen:
        return False
    seen.add(id(v))
    for user, _ in v.uses:
        d = user.opdef
        if d in _DESCRIPTOR_OPS or view_source(user) is v:
            if any(_escapes_lowered(r, seen) for r in user.results):
                return True
            continue
        if d is gpu_d.LaunchFuncOp or d is llvm_call.CallOp and _callee_name(user) in _RUNTIME \
                or is_reading_library_call(user):
            continue
        decl = declared_effects(user)
        if decl is None or user.is_terminator() or any(k == "expose" for k, x in decl if x is v) \
                or any(is_memref(r) for r in user.results):
            return True
    return False


def _position(op: Operation) -> list[int]:
    pos = op.attributes.get("position")
    vals = getattr(pos, "values", None)
    return list(vals) if vals is not None else []


def _is_memory(v: Value) -> bool:
    return is_memref(v) or isinstance(v.type, T.LLVMType)


def _rpo(entry: Block) -> list[Block]:
    seen: set[int] = set()
    post: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    seen.add(id(entry))
    while stack:
        b, i = stack.pop()
        succ = b.ops[-1].successors if b.ops else ()
        if i < len(succ):
            stack.append((b, i + 1))
            n = succ[i]
            if id(n) not in seen:
                seen.add(id(n))
                stack.append((n, 0))
        else:
            post.append(b)
    return post[::-1]


def _what(op: Operation) -> str:
    """How ``--run`` names the op's work (``kernel @k::@f``, ``memset``, ``host load``, ...)."""
    d = op.opdef
    if d is gpu_d.LaunchFuncOp:
        return f"kernel {op.attributes.get('kernel')}"
    if d is gpu_d.MemsetOp:
        return "memset"
    if d is gpu_d.MemcpyOp:
        return "memcpy"
    if d is llvm_call.CallOp:
        name = _callee_name(op) or "?"
        return {"mgpuMemcpy": "memcpy", "mgpuMemset32": "memset", "mgpuMemset16": "memset"}.get(name, name)
    eff = op_effects(op) if d is not None else None
    if eff is not None and not eff.frees and (eff.reads or eff.writes) and not op.regions and d is not func_d.CallOp:
        return "host store" if eff.writes else "host load"
    return op.name


# ----- lowered code: the mgpu* runtime calls ------------------------------------------------------
def _stream_of(an: Analyzer, v: Value) -> int:
    h = an.handle.get(id(v))
    return h if h is not None else an.default


def _on_stream(an: Analyzer, op: Operation, s: State, stream: Value,
               eff: list[tuple[Any, bool, Value | None]], free: bool = False) -> None:
    agent = _stream_of(an, stream)
    clock = an._enqueue(s, agent)
    an.work(s, agent, clock, op)
    an.access(s, agent, clock, op, _what(op), eff, free=free)
    if agent == an.default:
        an._acquire(s, s.host, clock)


def _rt_stream_create(an: Analyzer, op: Operation, s: State) -> None:
    a = an._new_agent("stream")
    an.handle[id(op.results[0])] = a
    an._start(s, a, s.clocks[s.host])
    an._tick(s, s.host)
    s.live[a] = op


def _rt_event_create(an: Analyzer, op: Operation, s: State) -> None:
    e = an._new_agent("event")
    an.handle[id(op.results[0])] = e
    s.events[e] = {}
    s.live[e] = op


def _rt_destroy(an: Analyzer, op: Operation, s: State) -> None:
    an._release(s, an.handle.get(id(op.operands[0])))


def _rt_stream_sync(an: Analyzer, op: Operation, s: State) -> None:
    a = _stream_of(an, op.operands[0])
    if a in s.clocks:
        an._acquire(s, s.host, s.clocks[a])
        an._tick(s, a)


def _rt_event_record(an: Analyzer, op: Operation, s: State) -> None:
    e = an.handle.get(id(op.operands[0]))
    a = _stream_of(an, op.operands[1])
    if e is None:
        return
    c = join(s.clocks.get(a, {}), s.clocks[s.host])
    s.clocks[a] = c
    s.events[e] = c
    an._tick(s, a)
    an._tick(s, s.host)


def _rt_stream_wait_event(an: Analyzer, op: Operation, s: State) -> None:
    a = _stream_of(an, op.operands[0])
    e = an.handle.get(id(op.operands[1]))
    s.clocks[a] = join(s.clocks.get(a, {}), s.clocks[s.host], s.events.get(e, {}) if e is not None else {})
    an._tick(s, s.host)


def _rt_event_sync(an: Analyzer, op: Operation, s: State) -> None:
    e = an.handle.get(id(op.operands[0]))
    if e is not None:
        an._acquire(s, s.host, s.events.get(e, {}))


def _rt_alloc(an: Analyzer, op: Operation, s: State) -> None:
    an.fresh(op.results[0], lowered=True)


def _rt_free(an: Analyzer, op: Operation, s: State) -> None:
    ptr, stream = op.operands[0], op.operands[1] if len(op.operands) > 1 else None
    keys = an.value_keys(ptr)
    if stream is None or not an.value_keys(stream) and an.handle.get(id(stream)) is None:
        for k in keys:
            an._sync_free(s, op, k, ptr)
        return
    _on_stream(an, op, s, stream, [(k, True, ptr) for k in keys], free=True)


def _rt_memcpy(an: Analyzer, op: Operation, s: State) -> None:
    dst, src, stream = op.operands[0], op.operands[1], op.operands[3]
    eff = [(k, False, src) for k in an.value_keys(src)] + [(k, True, dst) for k in an.value_keys(dst)]
    _on_stream(an, op, s, stream, eff)


def _rt_memset(an: Analyzer, op: Operation, s: State) -> None:
    dst, stream = op.operands[0], op.operands[-1]
    _on_stream(an, op, s, stream, [(k, True, dst) for k in an.value_keys(dst)])


def _rt_nothing(an: Analyzer, op: Operation, s: State) -> None:
    return


_RUNTIME = {
    "mgpuStreamCreate": _rt_stream_create, "mgpuEventCreate": _rt_event_create,
    "mgpuStreamDestroy": _rt_destroy, "mgpuEventDestroy": _rt_destroy,
    "mgpuStreamSynchronize": _rt_stream_sync, "mgpuEventRecord": _rt_event_record,
    "mgpuStreamWaitEvent": _rt_stream_wait_event, "mgpuEventSynchronize": _rt_event_sync,
    "mgpuMemAlloc": _rt_alloc, "mgpuMemFree": _rt_free, "mgpuMemcpy": _rt_memcpy,
    "mgpuMemset32": _rt_memset, "mgpuMemset16": _rt_memset,
    "mgpuMemHostRegisterMemRef": _rt_nothing, "mgpuMemHostUnregisterMemRef": _rt_nothing,
    "mgpuSetDefaultDevice": _rt_nothing,
}


def root_functions(module: Operation) -> list[Operation]:
    """Functions with a body that no other function of the module calls (a cycle of calls that
    nothing else calls is not analysed)."""
    fns = [op for op in (module.regions[0].blocks[0].ops if module.regions else ()) if is_function(op)
           and op.regions and op.regions[0].blocks]
    called: set[str] = set()
    for fn in fns:
        for o in fn.walk():
            if o.opdef is func_d.CallOp or o.opdef is llvm_call.CallOp:
                n = _callee_name(o)
                own = getattr(fn.attributes.get("sym_name"), "value", None)
                if n is not None and n != own:
                    called.add(n)
    return [fn for fn in fns if getattr(fn.attributes.get("sym_name"), "value", None) not in called]


def analyze(module: Operation) -> list[Finding]:
    """Every hazard of ``module``'s root functions, in the order found."""
    an = Analyzer(module)
    for fn in root_functions(module):
        an.run_function(fn)
    return an.findings
