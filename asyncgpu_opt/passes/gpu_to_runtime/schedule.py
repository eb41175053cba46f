"""Stream choice and token ownership while lowering one block (``Ownership``, the base of the
per-block context): which stream an op runs on (``primary``: its chain's stream when the block has
a chain plan, ``chains.py``; else the greedy rule: a dying dependency's stream, a continued fork, an
ordered pooled or live stream, else a new one), which dependencies it waits for, and when a token's
stream or event is released."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...diagnostics import MLIRError
from ...dialects.gpu import DeallocOp, WaitOp
from ...ir.core import Block, Operation, Value
from .chains import Plan, plan_block
from .handles import Event, Stream, covered, note_waited, unique

if TYPE_CHECKING:
    from .lowering import Lowering


class Ownership:
    """The per-block lowering state: token -> handle (``env``), live uses left (``remaining``), the
    block's stream pool, the host's clock; stream choice and release."""

    def __init__(self, L: Lowering, block: Block, env: dict[int, Any], remaining: dict[int, int],
                 pool: list[Stream], graph: dict[int, list[Any]] | None = None) -> None:
        self.L = L
        self.block = block
        self.env = env
        self.remaining = remaining  # live uses left of the tokens defined in this block
        self.pool = pool
        self.host_seen: dict[int, int] = {}  # what the host has synchronized with in this block
        self.users: dict[int, list[Operation]] = {}  # id(token) -> its block-level users, in order
        self.pos: dict[int, int] = {}  # id(op of the block) -> its index
        self.cur = 0  # index of the op being lowered
        self.live: dict[int, None] = {}  # ids of tokens of this block that may be live on a stream (ordered)
        # the block's chain cover (chains.py), when the whole token graph is visible in it
        self.plan: Plan | None = plan_block(block, L.is_tok, L.plans, graph) if L.pool_enabled else None
        self.chain_stream: dict[int, Stream] = {}  # chain -> its stream
        self.stream_chain: dict[int, int] = {}  # id(stream) -> the chain it runs now

    def handle(self, v: Value, user: Operation) -> Any:
        h = self.env.get(id(v))
        if h is None:
            raise MLIRError(f"'{user.name}' op: gpu-to-runtime cannot lower this !gpu.async.token operand "
                            "(its producer is not lowered: unsupported token source)", user.loc, op=user)
        return h

    def bind(self, v: Value, h: Any) -> None:
        """Map a new token to a handle (takes one stream reference); released at once when unused."""
        self.env[id(v)] = h
        if isinstance(h, Stream):
            h.refs += 1
            self.live[id(v)] = None
        if self.remaining.get(id(v), 0) == 0:
            self.release(v)

    def release(self, v: Value) -> None:
        h = self.env.get(id(v))
        if h is None or id(v) not in self.remaining:  # borrowed from an enclosing block
            return
        if isinstance(h, Stream):
            self.L.drop_stream(h, self.pool)
        elif h.pooled:
            self.L.event_pool.append(h.ptr)
        elif h.owned:
            self.L.b.call("mgpuEventDestroy", [h.ptr])

    def consume(self, deps: list[Value]) -> list[Value]:
        """Count one use of each distinct dep; return the deps that die here."""
        dying = []
        remaining = self.remaining
        for d in deps if len(deps) < 2 else unique(deps):
            n = remaining.get(id(d))
            if n is not None:
                remaining[id(d)] = n - 1
                if n == 1:
                    dying.append(d)
        return dying

    def primary(self, op: Operation, deps: list[Value]) -> tuple[Stream, list[Value]]:
        """Pick the stream for ``op`` (holding one reference on it) and wait for the other deps."""
        L = self.L
        uniq = deps if len(deps) < 2 else unique(deps)
        hs = [self.handle(d, op) for d in uniq]
        dying = self.consume(uniq)
        chosen: Stream | None = None
        if self.plan is not None:
            chosen = self._planned(op, hs)
        dying_ids = {id(d) for d in dying} if chosen is None else set()
        n_dying: dict[int, int] = {}  # id(handle) -> deps on it that die here
        if chosen is None:
            for d2, h2 in zip(uniq, hs):
                if id(d2) in dying_ids:
                    n_dying[id(h2)] = n_dying.get(id(h2), 0) + 1
        for h in hs if chosen is None else ():
            if isinstance(h, Stream) and not h.borrowed:
                if h.refs - n_dying.get(id(h), 0) == 0:
                    # prefer a stream this block did not create (an argument's): the block's own
                    # then goes back to the pool, which a loop body creates only once
                    if chosen is None or (chosen.created is not None and h.created is None):
                        chosen = h
        if chosen is None:
            chosen = self._continue_fork(uniq, hs, dying_ids)
        if chosen is None:
            chosen = self._ordered_pool_stream(hs)
        if chosen is None:
            chosen = self._ordered_live_stream(hs, uniq)
        if chosen is None:
            chosen = L.new_stream(self.pool)
        chosen.refs += 1
        waited: set[int] = set()
        for h in hs:
            if h is chosen or id(h) in waited or covered(self.host_seen, h):
                continue  # (the host already waited for it: it is complete when the op is enqueued)
            waited.add(id(h))
            L.wait_on(chosen, h)
        chosen.version += 1  # the op goes on it now
        chosen.seen[id(chosen)] = chosen.version
        return chosen, dying

    def _planned(self, op: Operation, hs: list[Any]) -> Stream:
        """The stream of ``op``'s chain in the block's plan: the chain's stream (its live tokens that
        a later op of another chain waits for get an event recorded now, see ``_needs_snapshot``);
        for the first op of a chain, a pooled stream of a finished chain (one whose work ``op`` is
        ordered after anyway if there is one; else idle work before it costs less than a new stream,
        as in the greedy rule), else a new stream.  An op the plan did not foresee is a chain of its
        own."""
        P = self.plan
        assert P is not None
        c = P.chain.get(id(op))
        s = self.chain_stream.get(c) if c is not None else None
        if s is not None:
            for i in range(len(self.pool) - 1, -1, -1):
                if self.pool[i] is s:
                    self.pool.pop(i)
                    s.refs = 0
            self._snapshot_live(s, c)
            return s
        seen = dict(self.host_seen)
        for h in hs:
            note_waited(seen, h)
        free = [i for i, t in enumerate(self.pool)
                if self.stream_chain.get(id(t)) is None or P.finished(self.stream_chain[id(t)], self.cur)]
        if free:
            i = next((i for i in reversed(free) if covered(seen, self.pool[i])), free[-1])
            s = self.pool.pop(i)
            s.refs = 0
        else:
            s = self.L.new_stream([])
        if c is not None:
            self.chain_stream[c] = s
            self.stream_chain[id(s)] = c
        else:
            self.stream_chain.pop(id(s), None)
        return s

    def _snapshot_live(self, s: Stream, c: int) -> None:
        """Before the next op of chain ``c`` goes on its stream ``s``: each live token on ``s`` that a
        later op may wait for without being ordered after ``s``'s work by then gets an event recorded
        now (its users wait for that event, not for ``s``'s later state)."""
        L = self.L
        live, env, remaining = self.live, self.env, self.remaining
        for vid in list(live):
            if remaining.get(vid, 0) <= 0:
                # dead for good (uses left only decrease; a token is bound once): forgetting it
                # keeps this loop to the live tokens (it ran over every token of the block)
                del live[vid]
                continue
            if env.get(vid) is not s or not self._needs_snapshot(vid, c):
                continue
            if L.event_pool:
                e = L.event_pool.pop()
            else:
                e = L.b.call("mgpuEventCreate", [])
                L.block_events.append(e)  # destroyed before the block's terminator
            L.b.call("mgpuEventRecord", [e, s.ptr])
            self.env[vid] = Event(e, owned=False, pooled=True, snap=(s, s.version, dict(s.seen)))
            s.refs -= 1

    def _needs_snapshot(self, vid: int, c: int) -> bool:
        """Whether a later user of token ``vid`` (on chain ``c``'s stream) waits for it and is not
        ordered after the op of ``c`` that precedes it: waiting for the stream's state then would
        add a false dependency (frees and host waits excepted, as in ``_waited_later``)."""
        P = self.plan
        assert P is not None
        tok = self.L.tokvals.get(vid)
        if tok is None:
            return True
        for u in self.users.get(id(tok), ()):
            pu = self.pos.get(id(u), -1)
            if pu <= self.cur:
                continue
            ku = P.index.get(id(u))
            if ku is None:
                return True
            if not P.waits[ku] or P.chain.get(id(u)) == c or u.opdef is DeallocOp or (
                    u.opdef is WaitOp and not u.results):
                continue  # (a free or a host wait after the stream's later work too costs little)
            w = P.chain_before(c, pu)
            if w is None or not P.covers(w, ku):
                return True
        return False

    def _continue_fork(self, deps: list[Value], hs: list[Any], dying_ids: set[int]) -> Stream | None:
        """A fork continues on its parent's stream: a dependency that stays live but is the only
        token on its stream (nothing was enqueued there after it) lets the op run on that stream;
        the dependency's later users wait for an event recorded there now instead."""
        L = self.L
        if not L.pool_enabled:
            return None  # stream-pool=false: one stream per token, as upstream
        for d, h in zip(deps, hs):
            if isinstance(h, Stream) and not h.borrowed and h.refs == 1 and id(d) not in dying_ids \
                    and id(d) in self.remaining:
                if not self._waited_later(d):
                    return h  # nothing will wait for d alone: no snapshot (d keeps the stream)
                if L.event_pool:
                    e = L.event_pool.pop()
                else:
                    e = L.b.call("mgpuEventCreate", [])
                    L.block_events.append(e)  # destroyed before the block's terminator
                L.b.call("mgpuEventRecord", [e, h.ptr])
                self.env[id(d)] = Event(e, owned=False, pooled=True, snap=(h, h.version, dict(h.seen)))
                h.refs -= 1
                return h
        return None

    def _ordered_pool_stream(self, hs: list[Any]) -> Stream | None:
        """A stream of the pool whose work ``op`` is ordered after anyway (through the handles it
        waits for, or a host sync): running there adds no false dependency."""
        if not self.L.pool_enabled or not self.pool:
            return None
        seen = dict(self.host_seen)
        for h in hs:
            note_waited(seen, h)
        for i in range(len(self.pool) - 1, -1, -1):
            s = self.pool[i]
            if covered(seen, s):
                self.pool.pop(i)
                s.refs = 0
                return s
        return None

    def _ordered_live_stream(self, hs: list[Any], deps: list[Value]) -> Stream | None:
        """A stream holding live tokens whose work ``op`` is ordered after anyway, when none of those
        tokens will be waited for alone later (see ``_waited_later``): ``op`` joins it, the tokens
        keep it (later users wait for its later state, a superset)."""
        if not self.L.pool_enabled:
            return None
        seen = dict(self.host_seen)
        for h in hs:
            note_waited(seen, h)
        if not seen:
            return None  # ordered after nothing: no stream is covered (and the scan below is O(live))
        by_stream: dict[int, list[int]] = {}
        for vid in list(self.live):
            h = self.env.get(vid)
            if self.remaining.get(vid, 0) <= 0 or not isinstance(h, Stream):
                self.live.pop(vid, None)
                continue
            by_stream.setdefault(id(h), []).append(vid)
        dying_refs: dict[int, int] = {}  # refs still held by deps that die at this op
        for d, h in zip(deps, hs):
            if isinstance(h, Stream) and self.remaining.get(id(d), 1) == 0:
                dying_refs[id(h)] = dying_refs.get(id(h), 0) + 1
        best: Stream | None = None
        for vids in by_stream.values():
            s = self.env[vids[0]]
            if s.borrowed or not covered(seen, s) or len(vids) + dying_refs.get(id(s), 0) != s.refs:
                continue
            if any(self._waited_later_id(v) for v in vids):
                continue
            if best is None or any(h is s for h in hs):
                best = s
        return best

    def _waited_later_id(self, vid: int) -> bool:
        tok = self.L.tokvals.get(vid)
        return True if tok is None else self._waited_later(tok)

    def _waited_later(self, d: Value, depth: int = 0) -> bool:
        """Whether a later user of token ``d`` may wait for ``d`` itself, so that ``d`` needs an event
        recorded now, before its stream runs on.  Frees (usually synchronous by then, else stream
        ordered after all of the stream's work) and host waits (the host syncs the stream) do not:
        they are ordered after the stream's later work too, which costs them little."""
        for u in self.users.get(id(d), ()):
            if self.pos.get(id(u), -1) <= self.cur:
                continue
            if u.opdef is DeallocOp or (u.opdef is WaitOp and not u.results):
                continue
            if u.opdef is WaitOp and depth < 8 and not self._waited_later(u.results[0], depth + 1):
                continue  # a join only frees and host waits wait for
            return True
        return False

    def finish_op(self, op: Operation, s: Stream, dying: list[Value], sync: bool) -> None:
        L = self.L
        L.b.ip = op
        L.b.loc = op.loc
        if sync:
            L.b.call("mgpuStreamSynchronize", [s.ptr])
            note_waited(self.host_seen, s)
        for d in dying:
            self.release(d)
        tok = op.results[-1] if op.results and L.is_tok(op.results[-1]) else None
        # the held reference becomes the token's
        if tok is not None:
            self.env[id(tok)] = s
            self.live[id(tok)] = None
        if tok is None or self.remaining.get(id(tok), 0) == 0:
            L.drop_stream(s, self.pool)

    def finish_op_after(self, op: Operation, s: Stream, dying: list[Value]) -> None:
        """gpu.wait async: bind the token to ``s`` and erase the op."""
        L = self.L
        L.b.ip = op
        for d in dying:
            self.release(d)
        tok = op.results[0]
        self.env[id(tok)] = s
        self.live[id(tok)] = None
        if self.remaining.get(id(tok), 0) == 0:
            L.drop_stream(s, self.pool)
        self.detach_token(tok, s)
        self.L.b.erase(op)

    def detach_token(self, tok: Value, s: Stream) -> None:
        """The token's op is erased while its uses remain: users are lowered later and read its
        handle through ``env`` (the pass checks at the end that none is left)."""
        if tok.uses:
            self.L.detached.append(tok)

    def droppable(self, tok: Value) -> bool:
        """Whether every use of ``tok`` is a dependency of an async gpu op of this block (not yet
        lowered): a complete token can then simply be dropped."""
        from ...dialects.gpu import AsyncOp, is_async_op

        for u, _ in tok.uses:
            if u.parent is not self.block or not is_async_op(u):
                return False
            deps = AsyncOp.deps(u)
            if sum(1 for d in deps if d is tok) != sum(1 for o in u.operands if o is tok):
                return False
        return True

    def drop_complete(self, tok: Value) -> None:
        """``tok`` is complete when the host reaches its op: remove it from its users' dependencies."""
        from ...dialects.gpu import AsyncOp

        for u in {id(u): u for u, _ in tok.uses}.values():
            u.opdef.set_operand_group(u, "asyncDependencies", [d for d in AsyncOp.deps(u) if d is not tok])
        self.remaining.pop(id(tok), None)
