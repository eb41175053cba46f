"""async-region (alias gpu-async-region): make synchronous gpu ops async and thread tokens.

Scheme (per block, like upstream's ThreadTokenCallback, tokens never cross blocks):

* The block's pending device work is a list of *entries*, one per async op (or join) not yet waited
  for, each with its token and its footprint (resource -> 'r'/'w', see ``analysis/effects.py``:
  every allocation is its own resource, escaped or not; unknown effects reach escaped, argument and
  unknown memory, never a private allocation).  With ``single-chain=true`` there is one entry and
  every op follows it (upstream's behaviour).
* A synchronous ``gpu.launch_func/alloc/dealloc/memcpy/memset`` becomes async.  Its dependencies
  are exactly the pending entries it conflicts with (RAW, WAR, WAW), without those another one
  already waits for (transitive reduction).  None: it starts with ``gpu.wait async``; several: they
  are joined by an explicit ``gpu.wait async [...]``, so no op ever gets a second dependency.  An
  entry whose every resource a later op writes is retired (any later conflict is with that op).
  ``gpu.alloc host_shared`` stays synchronous (upstream's lowering refuses it async).
* Ops that already carry a token keep it; if they conflict with pending entries made async here
  (they started after those sync ops completed) they get those tokens as dependencies, joined when
  >1.  A token-less async op (``async`` with no dependency) gets a ``gpu.wait async`` so it stays
  lowerable.
* Loops and conditionals (``carry-tokens=true``, the default, and not with ``single-chain``): an
  ``scf.for`` or ``scf.if`` whose blocks hold synchronous gpu ops and nothing else with side
  effects carries a token instead of syncing the host before it and in every iteration: the chains
  it conflicts with are joined into one token (an extra ``iter_args`` of a loop; used directly by
  the branches of an ``scf.if``), each block is threaded from it and yields the join of its chains,
  and the op's token result heads the chain after it.  Nested device-only loops and conditionals
  thread the same token.  Our ``gpu-to-runtime`` keeps such a loop on
  one stream; upstream's ``gpu-to-llvm`` cannot lower tokens through ``scf.for`` (it leaves
  unrealized casts), so use ``carry-tokens=false`` (or ``gpu-async-region``) before it.
* Host side: before a terminator the host waits for the work made async here; before an op with
  side effects, only for the entries it conflicts with (``memref.load/store``, a call: what it can
  reach; the print/verify functions of upstream's runner utils only read their memref operands);
  memory-effect-free ops sync nothing.  The effects of an ``scf``/``affine`` loop or conditional
  are those of the ops it holds.
* Launches whose effects are unknown (kernel in a ``gpu.binary`` or not found, kernel reaching
  memory other than through its memref arguments: ``memref.get_global``, ``gpu.printf``, calls, ...)
  reach their operands and all escaped, argument and unknown memory, and follow each other.
* Tokens across ``async.execute`` (upstream's DeferWaitCallback): when the execute's token is only
  used by ``async.await`` or as an ``async.execute`` dependency, and the region's last
  side-effecting op is a host ``gpu.wait [...]``, that wait is removed and its tokens are yielded as
  extra ``!async.value<!gpu.async.token>`` results.  Each user gets them: after an ``async.await``,
  ``async.await`` of each value; a dependent ``async.execute`` takes them as body operands.  In the
  user, every chain that starts before the first host side effect depends on them (a
  ``gpu.wait async`` root gets them appended; another op is joined through a new
  ``gpu.wait async [...]`` — never a second dependency) and the first host side effect (or the
  terminator) gets a host ``gpu.wait [tokens]`` unless the host already waited on a chain that
  follows them.  A wait that lands at the end of another qualifying execute is deferred in turn, so
  tokens pass through chains of executes.
* Single use (upstream's SingleTokenUseCallback): an ``!async.value<!gpu.async.token>`` result with
  N uses is yielded N times, one result per use (each use lowers to its own event).

``gpu.launch`` is an error: run ``--gpu-kernel-outlining`` first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..analysis.effects import ANY, AliasInfo, EffectsMemo, has_side_effects, is_memref, op_effects
from ..analysis.interfaces import asyncable, dialect_of, stays_sync
from ..analysis.tokens import reachable_since
from ..diagnostics import MLIRError
from ..dialects.async_ import AwaitOp, ExecuteOp
from ..dialects.builtin import ModuleOp
from ..dialects.gpu import TOKEN, AllocOp, DeallocOp, LaunchOp, WaitOp
from ..dialects.scf import ForOp, IfOp
from ..ir.core import Block, Operation, OpResult, Value
from .async_pending import Chain, Pending
from .registry import Pass
from .walk import walk_list


def _union(dst: dict[Any, str], src: dict[Any, str] | None) -> None:
    for k, m in (src or {}).items():
        if dst.get(k) != "w":
            dst[k] = m


def _deps(op: Operation) -> list[Value]:
    return list(op.operand_group("asyncDependencies"))


def _token(op: Operation) -> Value | None:
    g = op.result_group("asyncToken")
    return g[0] if g else None


def _set_deps(op: Operation, deps: list[Value]) -> None:
    op.opdef.set_operand_group(op, "asyncDependencies", deps)


def _insert_before(op: Operation, new: Operation) -> Operation:
    blk = op.parent
    assert blk is not None
    blk.insert(blk.index_of(op), new)
    return new


def _build_wait(before: Operation, deps: list[Value], is_async: bool) -> Operation:
    return WaitOp.build(operands={"asyncDependencies": list(deps)},
                        results={"asyncToken": TOKEN if is_async else None}, loc=before.loc)


def _wait(before: Operation, deps: list[Value], is_async: bool) -> Operation:
    return _insert_before(before, _build_wait(before, deps, is_async))


def _add_token_result(op: Operation) -> Operation:
    """Give ``op`` an extra ``!gpu.async.token`` result, in place (upstream's rewriteAsyncOp
    re-creates the op; the results, uses and position are the same)."""
    op.results = (*op.results, OpResult(TOKEN, op, len(op.results)))
    return op


def _add_token_carrier(op: Operation, init: Value) -> Operation:
    """Give the ``scf.for``/``scf.if`` ``op`` one more ``!gpu.async.token`` result, in place; a loop
    also gets an ``iter_args`` token initialized to ``init`` (and its block argument), an ``scf.if``
    without an else gets one that yields nothing yet.  The yields are left for the caller to extend."""
    is_for = op.opdef is ForOp
    op.set_operands(list(op.operands) + ([init] if is_for else []))
    _add_token_result(op)
    if is_for:
        op.regions[0].blocks[0].add_arg(TOKEN, op.loc)
    elif not op.regions[1].blocks:
        blk = Block()
        op.regions[1].add_block(blk)
        blk.append(Operation.create("scf.yield", [], [], {}, loc=op.loc))
    return op


_CARRIERS = (ForOp, IfOp)  # region ops that can carry a token through their blocks


def _dedupe(vals: list[Value]) -> list[Value]:
    return list({id(v): v for v in vals}.values())


class _Shared:
    """What the threaders of one function share: the alias analysis, the blocks threaded through
    a carrier, the statistics, and per-op memos (an op's answers do not change before the pass
    has visited it, and it is asked only before)."""

    def __init__(self, alias: AliasInfo, module: Operation | None) -> None:
        self.alias = alias
        self.module = module
        self.done: set[int] = set()  # ids of blocks threaded through a loop
        self.stats: dict[str, int] = {}  # AsyncRegionPass.statistics
        self.device_only: dict[int, bool] = {}  # id(carrier) -> _Threader._device_only
        self.carrier_fp: dict[int, dict[Any, str]] = {}  # id(carrier) -> footprint of its gpu ops
        self.effects = EffectsMemo()  # region ops: side effects, memref effects

    def count(self, stat: str, n: int = 1) -> None:
        self.stats[stat] = self.stats.get(stat, 0) + n


class _Threader:
    """Threads the tokens of one block (and, through carriers, of their blocks).  Ops it inserts
    go in before their anchor op when the block is done (``Block.insert_batch``: one rebuild of
    the block, never an index per insertion)."""

    def __init__(self, single_chain: bool, shared: _Shared, carry_tokens: bool = True) -> None:
        self.single = single_chain
        self.carry_tokens = carry_tokens and not single_chain
        self.sh = shared
        self.alias = shared.alias
        self.module = shared.module
        self.pending = Pending(shared.alias)  # pending entries, in program order
        self.preds: dict[int, list[Value]] = {}  # id(token) -> its dependencies (reachability)
        self.tseq: dict[int, int] = {}  # id(token) -> when its preds were recorded (they are older)
        self.changed = False
        self.loop_body = False  # a block of an scf.for/scf.if carrying a token: yield it, no sync
        self.block: Block | None = None
        self.inserts: dict[int, list[Operation]] = {}  # id(anchor op) -> ops to insert before it

    # ----- helpers --------------------------------------------------------------------------------
    def _insert(self, before: Operation, new: Operation) -> Operation:
        if before.parent is not self.block:  # not deferred: another block's op
            return _insert_before(before, new)
        self.inserts.setdefault(id(before), []).append(new)
        return new

    def _wait(self, before: Operation, deps: list[Value], is_async: bool) -> Operation:
        return self._insert(before, _build_wait(before, deps, is_async))

    def _record(self, tok: Value, deps: list[Value]) -> None:
        self.preds[id(tok)] = deps
        self.tseq[id(tok)] = len(self.tseq)

    def _floor(self, tokens: list[Value]) -> int:
        """The oldest of ``tokens`` (-1: one is from outside the block's history)."""
        seq = self.tseq
        return min((seq.get(id(t), -1) for t in tokens), default=-1)

    def _footprint(self, op: Operation) -> dict[Any, str]:
        """Resources the op touches; ``ANY`` (and its memref operands) when its effects are unknown."""
        eff = op_effects(op, self.module, self.alias.kernels, self.sh.effects)
        if eff is not None:
            return self.alias.footprint(eff)
        # unknown effects: whatever it can reach (its memref operands, escaped and unknown memory)
        fp = {ANY: "w"}
        for v in op.operands:
            if is_memref(v):
                fp[self.alias.resource(v)] = "w"
        return fp

    def _conflicting(self, fp: dict[Any, str] | None, user: bool = False) -> list[Chain]:
        """Entries an op with footprint ``fp`` must follow; ``user``: the op is user async work or
        a host op, which only has to follow the formerly-synchronous work."""
        if self.single:
            return self.pending.chains()
        if fp is None:
            return list(self.pending.ours.values()) if user else self.pending.chains()
        return self.pending.conflicting(fp, user)

    def _sinks(self, tokens: list[Value]) -> list[Value]:
        """``tokens`` without duplicates and without those another one already waits for."""
        uniq = _dedupe(tokens)
        if len(uniq) < 2:
            return uniq
        implied: set[int] = set()
        floor = self._floor(uniq)
        for t in uniq:
            if id(t) not in implied:
                self.sh.count("num-token-visits", reachable_since(t, self.preds, implied, self.tseq, floor))
        return [t for t in uniq if id(t) not in implied]

    def _completed(self, tokens: list[Value]) -> None:
        """The host waited for ``tokens``: they and everything they wait for are done."""
        first = self.pending.first()
        if first is None:
            return
        done: set[int] = {id(t) for t in tokens}
        floor = self.tseq.get(id(first.head), -1)  # no pending chain is older
        for t in tokens:
            self.sh.count("num-token-visits", reachable_since(t, self.preds, done, self.tseq, floor))
        for key in done:
            self.pending.remove_all(self.pending.by_head.get(key, ()))

    def _sync(self, before: Operation, chains: list[Chain]) -> None:
        if not chains:
            return
        heads = self._sinks([c.head for c in chains])
        self._wait(before, heads, False)
        self.sh.count("num-host-waits")
        self._completed(heads)
        self.changed = True

    def _join(self, before: Operation, tokens: list[Value]) -> Value:
        """One token for ``tokens`` (reduced): itself, or a ``gpu.wait async`` joining them."""
        heads = self._sinks(tokens)
        if len(heads) == 1:
            return heads[0]
        w = self._wait(before, heads, True)
        self.sh.count("num-joins")
        self._record(w.results[0], list(heads))
        return w.results[0]

    def _merge(self, merged: list[Chain], head: Value, fp: dict[Any, str] | None, ours: bool) -> None:
        """A new entry ``head`` that follows ``merged``; merged entries whose every resource the new
        one writes are covered by it (any later conflict with them conflicts with it)."""
        fp = dict(fp or {})
        new = Chain(head, fp, dict(fp) if ours else {}, ours or self.single)
        if self.single:
            for c in merged:
                _union(new.fp, c.fp)
                _union(new.sfp, c.sfp)
                new.ours |= c.ours
            self.pending.clear()
            self.pending.add(new)
            return
        # work that follows ours is synced with it (bare waits, the block's end), as one chain was
        new.ours = new.ours or any(c.ours for c in merged)
        if ANY not in fp:
            self.pending.remove_all([c for c in merged if c.fp and all(fp.get(k) == "w" for k in c.fp)
                                     and (c.ours <= new.ours)])
        self.pending.add(new)

    # ----- visitors -------------------------------------------------------------------------------
    def run(self, block: Block) -> bool:
        self.block = block
        ops = list(block.ops)  # kept alive until the inserts are committed (their keys are ids)
        for op in ops:
            if op.opdef is LaunchOp:
                raise MLIRError("'gpu.launch' op replace with gpu.launch_func first", op.loc, op=op)
            if op.opdef is WaitOp:
                self._visit_wait(op)
            elif asyncable(op) and not stays_sync(op):
                self._visit_async(op)
            elif op.opdef in _CARRIERS and self.carry_tokens and self._device_only(op):
                self._visit_carrier(op)
            else:
                self._visit_host(op)
        if self.inserts:
            block.insert_batch(self.inserts)
            self.inserts = {}
        self.sh.count("num-footprint-checks", self.pending.checks)
        return self.changed

    def _device_only(self, op: Operation) -> bool:
        """An ``scf.for``/``scf.if`` whose blocks do device work and nothing else the host could
        observe: synchronous gpu ops that become async, and ops without side effects."""
        memo = self.sh.device_only
        got = memo.get(id(op))
        if got is None:
            got = memo[id(op)] = self._device_only_uncached(op)
        return got

    def _device_only_uncached(self, op: Operation) -> bool:
        device = False
        for r in op.regions:
            for b in r.blocks:
                for o in b.ops:
                    if o.is_terminator():
                        continue
                    if asyncable(o):
                        if _token(o) is not None or _deps(o) or stays_sync(o):
                            return False  # tokens the user manages, or work that stays synchronous
                        device = True
                    elif o.opdef in _CARRIERS and self._device_only(o):
                        device = True  # nested: carries its own token, threaded from ours
                    elif dialect_of(o) == "gpu" or has_side_effects(o, self.sh.effects.side_effects):
                        return False
        return device

    def _carrier_footprint(self, op: Operation) -> dict[Any, str]:
        """The union of the footprints of the gpu ops a device-only carrier holds (in walk order;
        nested carriers' own unions are kept for their visit)."""
        memo = self.sh.carrier_fp
        fp = memo.get(id(op))
        if fp is None:
            fp = {}
            for r in op.regions:
                for b in r.blocks:
                    for o in b.ops:
                        if asyncable(o):
                            _union(fp, self._footprint(o))
                        if o.regions:
                            _union(fp, self._carrier_footprint(o))
            memo[id(op)] = fp
        return fp

    def _visit_carrier(self, op: Operation) -> None:
        """Carry a token through the loop or conditional instead of syncing the host around and
        inside it: the entries its blocks conflict with are joined into one token (an extra
        ``iter_args`` of a loop, used directly by the branches of an ``scf.if``), every block is
        threaded starting from it and yields the join of its pending work, and the op's extra
        result is the entry after it."""
        fp = dict(self._carrier_footprint(op))
        conf = self._conflicting(fp)
        if conf:
            init = self._join(op, [c.head for c in conf])
        else:
            init = self._wait(op, [], True).results[0]
        new = _add_token_carrier(op, init)
        for r in new.regions:
            for b in r.blocks:
                inner = _Threader(False, self.sh, self.carry_tokens)
                inner.loop_body = True
                start = b.args[-1] if new.opdef is ForOp else init
                inner.pending.add(Chain(start, dict(fp), dict(fp), True))
                inner.run(b)
                self.sh.done.add(id(b))
        self.changed = True
        self.sh.count("num-tokens-carried")
        self._record(new.results[-1], [init])
        self._merge(conf, new.results[-1], fp, True)

    def _visit_wait(self, op: Operation) -> None:
        deps = _deps(op)
        tok = _token(op)
        if tok is not None:
            self._record(tok, list(deps))
        if self.single:
            first = self.pending.first()
            if first is not None:
                _set_deps(op, _dedupe([first.head] + deps))
                self.changed = True
            self.pending.clear()
            if tok is not None:
                self.pending.add(Chain(tok, ours=True))
            return
        if tok is None:
            if not deps:
                # a bare host wait: wait for the work made async here (as upstream does)
                ours = list(self.pending.ours.values())
                if ours:
                    heads = self._sinks([c.head for c in ours])
                    _set_deps(op, heads)
                    self._completed(heads)
                    self.pending.remove_all(self.pending.ours.values())
                    self.changed = True
                return
            self._completed(deps)
            return
        merged = self.pending.with_heads(deps)
        if merged:
            self._merge(merged, tok, None, False)

    def _visit_async(self, op: Operation) -> None:
        fp = self._footprint(op)
        user_deps = _deps(op)
        had_token = _token(op) is not None
        conf = self._conflicting(fp, user=had_token)
        if user_deps:
            seen = {c.seq for c in conf}
            conf += [c for c in self.pending.with_heads(user_deps) if c.seq not in seen]
        deps = self._sinks([c.head for c in conf] + user_deps)
        if not had_token and not user_deps and not self.pending and not self.single and not self.loop_body \
                and op.opdef is DeallocOp:
            # nothing is pending on the device: a synchronous free costs one call, where an async one
            # costs a chain (a stream) and a host wait before the block ends
            return
        if had_token and len(deps) == 1 and deps[0] is (user_deps[0] if user_deps else None):
            self._record(_token(op), list(user_deps))  # type: ignore[arg-type]
            self._merge(conf, _token(op), fp, False)  # type: ignore[arg-type]
            return
        if not deps:
            deps = [self._wait(op, [], True).results[0]]
        elif len(deps) > 1:
            deps = [self._join(op, deps)]
        _set_deps(op, deps)
        if not had_token:
            _add_token_result(op)
            self.sh.count("num-ops-made-async")
        self.changed = True
        self._record(_token(op), list(deps))  # type: ignore[arg-type]
        self._merge(conf, _token(op), fp, not had_token)  # type: ignore[arg-type]

    def _visit_host(self, op: Operation) -> None:
        if self.loop_body and op.is_terminator():  # yield the join of the body's pending work
            tok = self._join(op, [c.head for c in self.pending.chains()])
            op.set_operands(list(op.operands) + [tok])
            self.pending.clear()
            return
        if not self.pending.ours:
            return
        if op.is_terminator():
            self._sync(op, list(self.pending.ours.values()))
            return
        if not has_side_effects(op, self.sh.effects.side_effects) and op.opdef is not AllocOp:
            return
        if self.single:
            if op.opdef is AllocOp:  # host_shared stays sync and independent
                return
            self._sync(op, list(self.pending.ours.values()))
            return
        self._sync(op, self._conflicting(self._footprint(op), user=True))


@dataclass(frozen=True)
class AsyncRegionPass(Pass):
    """Make GPU ops async."""

    name: ClassVar[str] = "async-region"
    anchor: ClassVar[str] = "func.func"
    summary: ClassVar[str] = "Make GPU ops async"
    cpp_name: ClassVar[str] = "GpuAsyncRegionPass"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-ops-made-async", "Number of synchronous gpu ops made async"),
        ("num-joins", "Number of gpu.wait async joining several chains inserted"),
        ("num-host-waits", "Number of host gpu.waits inserted"),
        ("num-tokens-carried", "Number of scf.for/scf.if carrying a token through their blocks"),
        ("num-footprint-checks", "Number of pending chains compared with an op's footprint"),
        ("num-token-visits", "Number of tokens visited finding the dependencies implied by others"),
    )

    single_chain: bool = False
    carry_tokens: bool = True

    def apply(self, op: Operation) -> bool:
        module = next((a for a in op.ancestors() if a.opdef is ModuleOp), None)
        shared = _Shared(AliasInfo(), module)
        blocks = [b for o in walk_list(op) for r in o.regions for b in r.blocks]
        changed = False
        for b in blocks:
            if id(b) not in shared.done:  # loop bodies are threaded by their enclosing block
                changed |= _Threader(self.single_chain, shared, self.carry_tokens).run(b)
        for name, n in shared.stats.items():
            self.count(name, n)
        changed |= _defer_waits(op)
        changed |= _single_token_use(op)
        return changed


# ----- tokens across async.execute ------------------------------------------------------------------
# Upstream's DeferWaitCallback / SingleTokenUseCallback, with two changes: an op never gets a second
# dependency (a join becomes an explicit ``gpu.wait async [...]``), and with several chains in the
# consumer every chain that starts before the first host side effect waits for the tokens (upstream
# only adds them to the first gpu op, which orders everything only when there is a single chain).



def _is_execute_dependency(user: Operation, token: Value) -> bool:
    return user.opdef is ExecuteOp and any(d is token for d in user.operand_group("dependencies"))


def _users_execute_or_await(execute: Operation) -> bool:
    """All users of the execute's ``!async.token`` are ``async.await`` or depend on it through an
    ``async.execute`` dependency list (no terminator: the execute may be inside control flow)."""
    tok = execute.results[0]
    users = [u for u, _ in tok.uses]
    return bool(users) and all(u.opdef is AwaitOp or _is_execute_dependency(u, tok) for u in users)


def _body(execute: Operation) -> Block:
    return execute.regions[0].blocks[0]


def _trailing_wait(execute: Operation) -> Operation | None:
    """The body's last side-effecting op, if it is a synchronous ``gpu.wait``."""
    for op in reversed(_body(execute).ops):
        if op.is_terminator():
            continue
        if op.opdef is WaitOp:
            return op if _token(op) is None else None
        if has_side_effects(op):
            return None
    return None


def _add_execute_results(execute: Operation, values: list[Value]) -> list[Value]:
    """Yield ``values`` from ``execute`` as extra ``!async.value`` results (in place)."""
    from ..ir.core import OpResult
    from ..ir.types import AsyncValueType

    yld = _body(execute).terminator
    assert yld is not None
    yld.set_operands(list(yld.operands) + list(values))
    new = []
    for v in values:
        r = OpResult(AsyncValueType(v.type), execute, len(execute.results))
        execute.results = (*execute.results, r)
        new.append(r)
    return new


def _make_ordered(op: Operation, tokens: list[Value]) -> None:
    """Make the async gpu ``op`` also depend on ``tokens`` without a second dependency."""
    deps = _deps(op)
    if op.opdef is WaitOp:
        _set_deps(op, _dedupe(deps + tokens))
    elif not deps and len(tokens) == 1:
        _set_deps(op, list(tokens))
    else:
        _set_deps(op, [_wait(op, _dedupe(deps + tokens), True).results[0]])


def _order_after(block: Block, start: int, tokens: list[Value]) -> Operation | None:
    """Make everything in ``block`` from ``ops[start]`` on that has effects happen after ``tokens``.

    Device chains met before the first host side effect get the tokens as dependency; the host
    side effect (or the terminator) gets a ``gpu.wait [tokens]`` unless the host already waits for
    a chain that follows them.  When several places need them, the tokens (events) are used once,
    by a ``gpu.wait async [tokens]`` whose token the places share.  Returns a ``gpu.wait``
    inserted right before the terminator."""
    sites: list[tuple[Operation, bool]] = []  # (op, host): host ops get a wait before them
    ordered: set[int] = set()
    for op in block.ops[start:]:
        if asyncable(op) or op.opdef is WaitOp:
            deps, tok = _deps(op), _token(op)
            follows = any(id(d) in ordered for d in deps)
            if tok is not None:
                if not follows:
                    sites.append((op, False))
                ordered.add(id(tok))
                continue
            if op.opdef is WaitOp:
                if not follows:
                    sites.append((op, False))
                break
        elif not (op.is_terminator() or has_side_effects(op)):
            continue
        # a host op with effects (or a synchronous gpu op, or the terminator)
        sites.append((op, True))
        break
    if len(sites) > 1:
        tokens = [_wait(sites[0][0], tokens, True).results[0]]
    for op, host in sites:
        if not host:
            _make_ordered(op, tokens)
            continue
        w = _wait(op, tokens, False)
        return w if op.is_terminator() else None
    return None


def _add_dependency_after(values: list[Value], user: Operation) -> Operation | None:
    """Upstream's addAsyncDependencyAfter for one user of a deferring execute's token."""
    if user.opdef is AwaitOp:
        blk = user.parent
        assert blk is not None
        at = blk.index_of(user) + 1
        tokens = []
        for k, v in enumerate(values):
            aw = Operation.create("async.await", [v], [TOKEN], loc=user.loc, opdef=AwaitOp)
            blk.insert(at + k, aw)
            tokens.append(aw.results[0])
        return _order_after(blk, at + len(values), tokens)
    body = _body(user)
    user.opdef.set_operand_group(user, "bodyOperands", list(user.operand_group("bodyOperands")) + values)
    tokens = [body.add_arg(TOKEN, user.loc) for _ in values]
    return _order_after(body, 0, tokens)


def _defer_waits(func: Operation) -> bool:
    worklist = [w for ex in walk_list(func, pre_order=False) if ex.opdef is ExecuteOp
                and _users_execute_or_await(ex) for w in [_trailing_wait(ex)] if w is not None]
    changed = False
    i = 0
    while i < len(worklist):
        wait = worklist[i]
        i += 1
        execute = wait.parent_op
        assert execute is not None and execute.opdef is ExecuteOp
        deps = _deps(wait)
        wait.erase()
        changed = True
        if not deps:
            continue
        values = _add_execute_results(execute, deps)
        tok = execute.results[0]
        users = _dedupe([u for u, _ in tok.uses])  # type: ignore[arg-type]
        for user in users:
            new = _add_dependency_after(values, user)  # type: ignore[arg-type]
            if new is not None:
                parent = new.parent_op
                if parent is not None and parent.opdef is ExecuteOp and _users_execute_or_await(parent):
                    worklist.append(new)
    return changed


def _single_token_use(func: Operation) -> bool:
    """Each ``!async.value<!gpu.async.token>`` result of an ``async.execute`` gets one use: the yield
    operand is repeated once per extra use (each use lowers to its own event)."""
    from ..ir.types import AsyncValueType

    changed = False
    for ex in [o for o in walk_list(func, pre_order=False) if o.opdef is ExecuteOp]:
        yld = _body(ex).terminator
        assert yld is not None
        for idx, r in enumerate(list(ex.results[1:])):
            if not (isinstance(r.type, AsyncValueType) and r.type.value_type == TOKEN) or len(r.uses) < 2:
                continue
            extra = list(r.uses[1:])
            news = _add_execute_results(ex, [yld.operands[idx]] * len(extra))
            for (user, pos), nv in zip(extra, news):
                user.set_operand(pos, nv)
            changed = True
    return changed
