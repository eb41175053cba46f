"""Lowering of ops that carry tokens across region, block and function boundaries: region ops
(``scf.*``, ``async.execute``), their terminators, ``func.return``, branches of normalised CFGs,
``func.call`` and ``async.await`` (``RegionLowering``, a layer of the per-block context)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...analysis.interfaces import is_function, region_control
from ...diagnostics import MLIRError
from ...ir import types as T
from ...ir.core import Operation, Value
from .abi import PTR
from .cfg import edge_slices
from .handles import Event, Stream, unique
from .ops import is_host_op
from .prepare import is_async_token_value
from .schedule import Ownership

# Region ops whose operands, results or block arguments may carry tokens: those declaring how their
# regions run (``region_control``: RegionBranchOpInterface facts on the op definitions).  Across a
# region-branch boundary running in program order (scf) a token is a *stream* whose ownership moves
# with the value (a loop continues on its stream: no runtime call per iteration); across an "async"
# one (async.execute) it is an *event* (the body runs concurrently with the host; upstream's design,
# and never a raw stream: bug #170833).  Any other region op carrying a token is a located error.


class RegionLowering:
    """Token hand-over across region, block and function boundaries (see the package docstring), for
    one block whose tokens ``own`` (its ``Ownership``) manages."""

    def __init__(self, own: Ownership) -> None:
        self.own = own
        self.L = own.L

    def uses_tokens_inside(self, op: Operation) -> bool:
        L = self.L
        if any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results):
            return True
        return self._inside(op).uses_tokens

    def _inside(self, op: Operation) -> Inside:
        """What ``op``'s regions hold: scanned (with every region op in them) when the lowering first
        reaches an outermost region op, before anything in it is lowered; nested ones are found in
        ``L.inside`` then (a walk of each region op made deep nests cubic)."""
        inside = self.L.inside
        got = inside.get(id(op))
        if got is None or got.op is not op:
            found = scan_regions(op, self.L.is_tok)
            inside.update(found)
            got = found[id(op)]
        return got

    # ----- region ops -----------------------------------------------------------------------------------
    def take_stream(self, v: Value, user: Operation, dying_ids: set[int], moved: set[int],
                    keep: set[int]) -> Value:
        """A stream pointer, owned by the receiver, that runs after token ``v``: ``v``'s own stream
        when ``v`` dies here and is its only live token (ownership moves), else a pooled/new stream
        that waits for it.  ``moved`` collects the tokens whose stream moved."""
        L = self.L
        h = self.own.handle(v, user)
        if (isinstance(h, Stream) and not h.borrowed and id(v) in dying_ids and id(v) not in moved
                and h.refs == 1 and id(h) not in keep):
            moved.add(id(v))
            h.refs = 0
            return h.ptr
        s = L.new_stream(self.own.pool)
        L.wait_on(s, h)
        return s.ptr

    def take_event(self, v: Value, user: Operation, dying_ids: set[int], moved: set[int]) -> Value:
        """An event pointer, owned by the receiver, that completes after token ``v``."""
        h = self.own.handle(v, user)
        if isinstance(h, Event) and h.owned and id(v) in dying_ids and id(v) not in moved:
            moved.add(id(v))
            return h.ptr
        return self.L.owned_event(h, self.own.pool)

    def visit_terminator(self, op: Operation, parent: Operation) -> None:
        """scf.yield / scf.condition / async.yield / func.return: hand each token over as an owned
        stream (scf) or an owned event (async.execute, func.func: the caller owns what it receives,
        so a borrowed token argument is returned as a new event)."""
        L = self.L
        toks = [(i, v) for i, v in enumerate(op.operands) if L.is_tok(v)]
        if not toks:
            return
        dying = self.own.consume([v for _, v in toks])
        dying_ids = {id(d) for d in dying}
        moved: set[int] = set()
        new = list(op.operands)
        for i, v in toks:
            if region_control(parent) == "async":
                res = parent.results[1 + i]
                new[i] = L.b.zero() if not res.uses else self.take_event(v, op, dying_ids, moved)
            elif is_function(parent):
                new[i] = self.take_event(v, op, dying_ids, moved)
            else:
                new[i] = self.take_stream(v, op, dying_ids, moved, set())
        for d in dying:
            if id(d) not in moved:
                self.own.release(d)
        op.set_operands(new)

    def visit_branch(self, op: Operation) -> None:
        """A branch between blocks of a function: each token operand slot gets an event owned by the
        receiving block argument.  The edges of a conditional branch are exclusive, so the k-th slot
        of a token on each edge shares one event (``normalize_cfg`` made both edges carry the same
        tokens equally often); the branch is one use of each token."""
        L = self.L
        toks = unique([v for v in op.operands if L.is_tok(v)])
        if not toks:
            return
        dying = self.own.consume(toks)
        dying_ids = {id(d) for d in dying}
        moved: set[int] = set()
        events: dict[tuple[int, int], Value] = {}
        new = list(op.operands)
        for start, end in edge_slices(op):
            count: dict[int, int] = {}
            for j in range(start, end):
                v = op.operands[j]
                if not L.is_tok(v):
                    continue
                k = count.get(id(v), 0)
                count[id(v)] = k + 1
                if (id(v), k) not in events:
                    events[(id(v), k)] = self.take_event(v, op, dying_ids, moved)
                new[j] = events[(id(v), k)]
        for d in dying:
            if id(d) not in moved:
                self.own.release(d)
        op.set_operands(new)

    def visit_call(self, op: Operation) -> None:
        """``func.call`` with token operands or results.  The callee borrows an event per token
        operand (a token that is already an event passes it; a stream token gets a new event recorded
        on its stream, destroyed right after the call); the call is one use of each token.  Token
        results are events the callee created, owned by the caller."""
        L = self.L
        toks = unique([v for v in op.operands if L.is_tok(v)])
        hs = [self.own.handle(v, op) for v in toks]
        dying = self.own.consume(toks)
        events: dict[int, Value] = {}  # id(handle) -> event passed for it
        temps: list[Value] = []
        for h in hs:
            if id(h) in events:
                continue
            if isinstance(h, Event):
                events[id(h)] = h.ptr
            else:
                e = L.b.call("mgpuEventCreate", [])
                L.b.call("mgpuEventRecord", [e, h.ptr])
                events[id(h)] = e
                temps.append(e)
        by_tok = {id(v): events[id(h)] for v, h in zip(toks, hs)}
        op.set_operands([by_tok.get(id(v), v) if L.is_tok(v) else v for v in op.operands])
        L.b.ip = op.next_op()
        for e in temps:
            L.b.call("mgpuEventDestroy", [e])
        for d in dying:
            self.own.release(d)
        for r in op.results:
            if L.is_tok(r):
                r.type = PTR
                self.own.bind(r, Event(r, owned=True))

    def visit_await(self, op: Operation) -> None:
        """``async.await`` of an ``!async.value<!gpu.async.token>``: the result owns the event."""
        L = self.L
        r = op.results[0]
        r.type = PTR
        L.b.ip = op.next_op()
        self.own.bind(r, Event(r, owned=True))

    def visit_region_op(self, op: Operation) -> None:
        """Lower the nested blocks of a region op.  Tokens defined outside and used inside are
        borrowed there (never destroyed inside; an async.execute body gets its own event, destroyed at
        the end of the body).  Token operands, block arguments and results move ownership:
        streams for scf ops, events for async.execute."""
        L = self.L
        _check_supported(L, op)
        runs = region_control(op)
        is_exec = runs == "async"
        # tokens captured by the nested regions
        env = self.own.env
        captured = {vid: v for vid, v in self._inside(op).free.items() if vid in env}
        tok_operands = [(i, v) for i, v in enumerate(op.operands) if L.is_tok(v)]
        dying = self.own.consume([v for _, v in tok_operands] + list(captured.values()))
        dying_ids = {id(d) for d in dying}
        inner_env, exec_events = self._inner_env(captured, is_exec)
        moved_in = self._move_in(op, captured, dying_ids, inner_env)
        keep = {id(self.own.env[vid]) for vid in captured}
        moved: set[int] = set()
        new_operands = list(op.operands)
        for i, v in tok_operands:
            new_operands[i] = self.take_stream(v, op, dying_ids, moved, keep)
        L.b.ip = op
        for d in dying:
            if id(d) not in moved and id(d) not in captured:
                self.own.release(d)
        op.set_operands(new_operands)
        # nested blocks: token block arguments own a stream (scf) or an event (async.execute)
        for r in op.regions:
            for b in r.blocks:
                args: list[tuple[Value, Any]] = [
                    (v, Stream(h.ptr) if isinstance(h, Stream) else Event(h.ptr, owned=True)) for v, h in moved_in]
                for a in b.args:
                    if L.is_tok(a):
                        a.type = PTR
                        args.append((a, Event(a, owned=True) if is_exec else Stream(a)))
                L.lower_block(b, inner_env, args, loop=op if runs == "loop" else None)
        if exec_events:
            body = op.regions[0].blocks[-1]
            L.b.ip = body.ops[-1]
            for e in exec_events:
                L.b.call("mgpuEventDestroy", [e])
        # results
        L.b.ip = op.next_op()
        for r in op.results:
            if L.is_tok(r):
                r.type = PTR
                self.own.bind(r, Stream(r))
            elif is_async_token_value(r.type):
                r.type = T.AsyncValueType(PTR)
        for d in dying:
            if id(d) in captured and id(d) not in moved:
                self.own.release(d)

    def _inner_env(self, captured: dict[int, Value], is_exec: bool) -> tuple[dict[int, Any], list[Value]]:
        """The handles the nested blocks see: captured tokens borrowed (one wrapper per handle), or
        for an async.execute an event recorded for each (returned too: destroyed at the body's end)."""
        L = self.L
        # only the captured tokens: no other token of the enclosing blocks is used inside (a copy
        # of the whole environment per nesting level made deep nests quadratic)
        inner_env: dict[int, Any] = {}
        wrappers: dict[int, Any] = {}
        exec_events: list[Value] = []
        for vid in captured:
            h = self.own.env[vid]
            if is_exec:
                e = L.owned_event(h, self.own.pool)
                inner_env[vid] = Event(e, owned=False)
                exec_events.append(e)
            else:
                if id(h) not in wrappers:
                    wrappers[id(h)] = (Stream(h.ptr, borrowed=True) if isinstance(h, Stream)
                                       else Event(h.ptr, owned=False))
                inner_env[vid] = wrappers[id(h)]
        return inner_env, exec_events

    def _move_in(self, op: Operation, captured: dict[int, Value], dying_ids: set[int],
                 inner_env: dict[int, Any]) -> list[tuple[Value, Any]]:
        """A region op that runs exactly one of its regions once (scf.if with an else,
        execute_region, index_switch) takes over a captured token that dies here as an owned handle
        in every region: the branch that runs continues on its stream (or destroys it).  Loops and
        executes borrow.  Returns the (token, handle) pairs moved in, removed from ``captured``."""
        once = region_control(op) == "one"
        moved_in: list[tuple[Value, Any]] = []
        if once:
            for vid, v in captured.items():
                h = self.own.env[vid]
                if vid in dying_ids and ((isinstance(h, Stream) and not h.borrowed and h.refs == 1)
                                         or (isinstance(h, Event) and h.owned)):
                    moved_in.append((v, h))
        for v, h in moved_in:
            del captured[id(v)]
            inner_env.pop(id(v), None)
            if isinstance(h, Stream):
                h.refs = 0
            self.own.env.pop(id(v), None)
            self.own.remaining.pop(id(v), None)
        return moved_in


class Inside:
    """The tokens of a region op's regions: ``uses_tokens`` (a nested op has a token operand or
    result or is a host gpu op, or a nested block has a token argument) and ``free`` (id -> token
    used by a nested op and defined outside ``op``, in the order of a pre-order walk)."""

    __slots__ = ("op", "uses_tokens", "free")

    def __init__(self, op: Operation, uses_tokens: bool, free: dict[int, Value]) -> None:
        self.op = op
        self.uses_tokens = uses_tokens
        self.free = free


def scan_regions(op: Operation, is_tok: Callable[[Value], bool]) -> dict[int, Inside]:
    """``Inside`` of ``op`` and of every region op nested in it, by id: one pass over the ops,
    innermost first (each region op's walk made every nesting level cost the whole nest)."""
    out: dict[int, Inside] = {}
    _scan(op, is_tok, out)
    return out


def _scan(op: Operation, is_tok: Callable[[Value], bool], out: dict[int, Inside]) -> Inside:
    uses = False
    free: dict[int, Value] = {}
    defined: list[int] = []
    for r in op.regions:
        for b in r.blocks:
            for a in b.args:
                if is_tok(a):
                    uses = True
                    defined.append(id(a))
            for o in b.ops:
                for v in o.operands:
                    if is_tok(v):
                        uses = True
                        free.setdefault(id(v), v)
                for res in o.results:
                    if is_tok(res):
                        uses = True
                        defined.append(id(res))
                if not uses and is_host_op(o):
                    uses = True
                if o.regions:
                    inner = _scan(o, is_tok, out)
                    uses = uses or inner.uses_tokens
                    for vid, v in inner.free.items():
                        free.setdefault(vid, v)
    for vid in defined:
        free.pop(vid, None)
    got = out[id(op)] = Inside(op, uses, free)
    return got


def _check_supported(L: Any, op: Operation) -> None:
    """Tokens pass only through the region ops this pass supports (a located error otherwise)."""
    carries = (any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results)
               or any(L.is_tok(a) for r in op.regions for b in r.blocks for a in b.args)
               or any(is_async_token_value(v.type) for v in (*op.operands, *op.results)))
    if carries and region_control(op) is None:
        raise MLIRError(f"'{op.name}' op: gpu-to-runtime cannot lower !gpu.async.token values through "
                        "this op (supported: scf.for, scf.if, scf.while, scf.execute_region, scf.index_switch, "
                        "async.execute)",
                        op.loc, op=op)
