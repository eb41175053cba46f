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

from ..dialects import async_ as async_d
from ..dialects import builtin as builtin_d
from ..dialects import func as func_d
from ..dialects import gpu as gpu_d
from ..dialects import llvm_call
from ..dialects import llvm_memory as llvm_mem
from ..dialects import scf as scf_d
from ..ir import types as T
from ..ir.core import Block, Operation, OpResult, Region, Value
from .effects import ANY, UNKNOWN, AliasInfo, is_memref, op_effects, root_of
from .hb_ops import (
    at_loc,
    callee_name,
    const_int,
    escapes_lowered,
    is_memory,
    kernel_of,
    loc_text,
    only_atomic,
    position,
    rpo,
    trip_count,
    what_of,
)
from .hb_runtime import RUNTIME
from .hb_state import WORK, Alloc, Clock, Rec, State, covered, join, meet_clocks, meet_states, replace_state
from .interfaces import (
    has_recursive_effects,
    is_branch,
    is_function,
    is_pure,
    is_terminator,
    region_control,
)
from .tokens import is_token

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
        if d is llvm_call.CallOp and callee_name(op) == "mgpuMemAlloc":
            return (Alloc(r, escapes_lowered(r, set())),)
        if d is builtin_d.UnrealizedConversionCastOp:
            return self.value_keys(op.operands[r.index]) if r.index < len(op.operands) else (UNKNOWN,)
        if d is llvm_mem.ExtractValueOp:
            return self.value_keys(op.operands[0]) if position(op)[:1] in ([0], [1]) else (UNKNOWN,)
        if d is llvm_mem.InsertValueOp:
            cont = self.value_keys(op.operands[0])
            if position(op)[:1] in ([0], [1]) and len(op.operands) > 1:
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
        return Alloc(key, id(key) in self.alias.escaped) if isinstance(key, Value) else key

    def fresh(self, v: Value, lowered: bool = False) -> None:
        """An allocation op ran: ``v`` is a new buffer (each run of the op makes another)."""
        self.keys[id(v)] = (Alloc(v, escapes_lowered(v, set())) if lowered else self._resource(v),)
        self._generation += 1

    @staticmethod
    def _escaped(key: Any) -> bool:
        return isinstance(key, Alloc) and key.escaped

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
        if isinstance(key, Alloc):
            hint = key.value.name_hint
            name = f"%{hint}" if hint else "buffer"
            op = key.value.op if isinstance(key.value, OpResult) else None
            return f"{name} (allocated{at_loc(op)})"
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
            if fr is not None and isinstance(key, Alloc):
                if free:
                    self.report("double-free", "error", f"double free: {what}{at_loc(op)} frees {label} already "
                                f"freed{at_loc(fr.op)}", op, fr.op, "first freed here")
                else:
                    self.report("use-after-free", "error", f"use after free: {what}{at_loc(op)} {verb} {label} "
                                f"freed{at_loc(fr.op)}", op, fr.op, "freed here")
                continue
            at = key in atomic
            for k in self._related(s, key):
                first: dict[int, Rec] = {}  # per other agent its oldest unordered access, as --run
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
                    gone = covered(inner, clock) if inner else []
                    if gone:
                        mine = s.table(table, key)
                        for a in gone:
                            del mine[a]
            rec = Rec(agent, epoch, write, op, what, label, host, free, at)
            s.table(s.writes if write else s.reads, key)[agent] = rec
            if free:
                s.freed[key] = rec

    def _race(self, op: Operation, what: str, verb: str, write: bool, host: bool, free: bool, r: Rec,
              label: str) -> None:
        them, rverb = r.what, ("writes" if r.write else "reads")
        if free or r.free:
            if free:
                fop, fwhat, uop, uwhat, uverb = op, what, r.op, them, rverb
            else:
                fop, fwhat, uop, uwhat, uverb = r.op, them, op, what, verb
            msg = (f"use after free: {uwhat}{at_loc(uop)} {uverb} {label} that {fwhat}{at_loc(fop)} frees with no "
                   "happens-before between them (the free may run first)")
            self.report("use-after-free", "error", msg, op, r.op, f"{them} {rverb} it here")
        elif host and not write and not r.host and r.write:
            msg = (f"host read without synchronization: {what}{at_loc(op)} reads {label} while {them}{at_loc(r.op)} "
                   "writes it (no host wait for it)")
            self.report("host-read", "error", msg, op, r.op, f"{them} writes it here")
        else:
            msg = (f"data race: {what}{at_loc(op)} {verb} {label} while {them}{at_loc(r.op)} {rverb} it "
                   "(no happens-before)")
            self.report("data-race", "error", msg, op, r.op, f"{them} {rverb} it here")

    def atomic_keys(self, op: Operation) -> frozenset[Any]:
        """The buffers a kernel launch touches only through atomic read-modify-writes."""
        if op.opdef is not gpu_d.LaunchFuncOp:
            return frozenset()
        fn = kernel_of(op, self.module)
        if fn is None:
            return frozenset()
        args = fn.regions[0].blocks[0].args
        out: set[Any] = set()
        for a, v in zip(args, op.operand_group("kernelOperands")):
            if is_memref(a) and a.uses and only_atomic(a):
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
                self.value_keys(v) if is_memory(v) else None, self.handle.get(id(v)))

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
            self.report("leak", "warning", f"leak: {what} created at {loc_text(op)} is never destroyed", op)
        host = s.clocks[s.host]
        for a, r in s.writes.get(WORK, {}).items():
            if host.get(a, 0) < r.epoch and returned.get(a, 0) < r.epoch:
                self.report("leak", "warning", f"leak: {r.what}{at_loc(r.op)} is never waited for (no host wait "
                            f"orders it before {fname} returns)", r.op)

    def work(self, s: State, agent: int, clock: Clock, op: Operation) -> None:
        """``op`` is device work of ``agent``: the latest work nothing waited for yet is kept (as a
        write of the pseudo-resource ``WORK``: later work ordered after it stands for it)."""
        if self.kinds.get(agent) not in ("chain", "stream"):
            return
        inner = s.table(s.writes, WORK)
        for a in covered(inner, clock):
            del inner[a]
        inner[agent] = Rec(agent, clock[agent], True, op, what_of(op), "", False, False, False)

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
        order = rpo(region.blocks[0])
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
        elif d is llvm_call.CallOp and callee_name(op) in RUNTIME:
            RUNTIME[callee_name(op)](self, op, s)  # type: ignore[index]
        elif d is func_d.CallOp or d is llvm_call.CallOp and callee_name(op) in self.funcs:
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
            self.access(s, s.host, s.clocks[s.host], op, what_of(op), eff, free=frees)

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
            clock = self._enqueue(s, agent, *dep_clocks)  # the stream waits for the dependencies
            if tok is not None:  # the token is the launch's event on that stream
                self.tok[id(tok)] = clock
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
        self.access(s, agent, clock, op, what_of(op), eff, free=frees, atomic=self.atomic_keys(op))
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
        what = what_of(op)
        if fr is not None and isinstance(key, Alloc):
            self.report("double-free", "error", f"double free: {what}{at_loc(op)} frees {label} already freed"
                        f"{at_loc(fr.op)}", op, fr.op, "first freed here")
            return
        s.freed[key] = Rec(s.host, s.clocks[s.host][s.host], True, op, what, label, True, True, False)

    # ------------------------------------------------------------------ calls and regions
    def _call(self, op: Operation, s: State) -> None:
        name = callee_name(op)
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
        replace_state(s, meet_states([st for st, _, _ in exits]))
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
        self.access(s, agent, clock, op, what_of(op), eff)
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
            cond = const_int(op.operands[0])
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
        replace_state(s, meet_states([st for st, _ in rows]))
        with_vals = [(infos, st) for st, infos in rows if len(infos) >= len(op.results)]
        if with_vals:
            self.bind(op.results, self.meet_infos(with_vals, s))

    def _loop(self, op: Operation, s: State, inits: list[Value], lead: int) -> None:
        body = op.regions[0]
        carried = [self.info(v) for v in inits]
        trips = trip_count(op)
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
        replace_state(s, meet_states([st for _, st in rows]))
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
            replace_state(s, meet_states([st for _, st in rows]))
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
                        replace_state(s, meet_states([st for st, _, _ in exits]))
        for v in op.results:
            if self._is_clocked(v):
                self.tok[id(v)] = {}
        if runs == "one" and len(op.regions) == 1 and exits:  # scf.execute_region: its yield
            self.bind(op.results, self.meet_infos([(infos, st) for st, _, infos in exits], s))


def root_functions(module: Operation) -> list[Operation]:
    """Functions with a body that no other function of the module calls (a cycle of calls that
    nothing else calls is not analysed)."""
    fns = [op for op in (module.regions[0].blocks[0].ops if module.regions else ()) if is_function(op)
           and op.regions and op.regions[0].blocks]
    called: set[str] = set()
    for fn in fns:
        for o in fn.walk():
            if o.opdef is func_d.CallOp or o.opdef is llvm_call.CallOp:
                n = callee_name(o)
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

