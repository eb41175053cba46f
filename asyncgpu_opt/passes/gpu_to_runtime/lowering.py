"""The lowering state of one gpu-to-runtime run (``Lowering``): the builder plus stream and event
management (create/pool/destroy, waits between streams) and ``lower_block``, which lowers one block
through a per-block context made by ``ctx_factory`` (``dispatch.BlockLowering``; injected, so that this
module does not import the op lowerings that call back into it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...analysis.tokens import analyze_block, async_ops, is_token, reduce_dependencies
from ...diagnostics import MLIRError
from ...ir.core import Block, Operation, Value
from .abi import Builder
from .handles import Stream, covered, note_waited
from .prepare import drop_complete_tokens


class Lowering:
    """The state of one gpu-to-runtime run: the IR builder (``b``), the streams and events of the
    function being lowered, and ``lower_block``."""

    def __init__(self, module: Operation, pool: bool, ctx_factory: Callable[..., Any]) -> None:
        self.b = Builder(module)
        self.pool_enabled = pool
        self.ctx_factory = ctx_factory  # (lowering, block, env, remaining, pool, async ops) -> block context
        self.tokvals: dict[int, Value] = {}  # every token value of the input, kept alive (stable ids)
        self.detached: list[Value] = []  # tokens of erased ops, used by ops lowered later
        self.cfg_regions: set[int] = set()  # function bodies normalized by normalize_cfg
        # events the current block records to order one stream after another: created on first
        # need, re-recorded for every later edge (a wait captures the event's state when it is
        # enqueued), destroyed before the block's terminator
        self.event_pool: list[Value] = []
        self.block_events: list[Value] = []
        self.fn_streams: list[Stream] = []  # streams created in the function being lowered
        self.inside: dict[int, Any] = {}  # regions.scan_regions of the region ops reached so far
        self.plans: dict[tuple, Any] = {}  # chains.plan_block's plans by block graph

    def release(self) -> None:
        """Drop every table when the pass is done (the builder's too): with the cyclic collector
        off, the contexts and ops referring to each other would stay alive until the process ends."""
        self.b.release()
        vars(self).clear()

    # ----- streams and events -------------------------------------------------------------------------
    def new_stream(self, pool: list[Stream]) -> Stream:
        if self.pool_enabled and pool:
            s = pool.pop()
            s.refs = 0
            return s
        ip = self.b.ip
        s = Stream(self.b.call("mgpuStreamCreate", []))
        s.created = (s.ptr.defining_op(), ip)
        self.fn_streams.append(s)
        return s

    def drop_stream(self, s: Stream, pool: list[Stream]) -> None:
        s.refs -= 1
        if s.refs <= 0 and not s.borrowed:
            if self.pool_enabled:
                pool.append(s)
            else:
                self.b.call("mgpuStreamDestroy", [s.ptr])

    def owned_event(self, h: Any, pool: list[Stream]) -> Value:
        """A fresh owned event that completes after ``h``."""
        if isinstance(h, Stream):
            e = self.b.call("mgpuEventCreate", [])
            self.b.call("mgpuEventRecord", [e, h.ptr])
            return e
        s = self.new_stream(pool)
        self.b.call("mgpuStreamWaitEvent", [s.ptr, h.ptr])
        e = self.b.call("mgpuEventCreate", [])
        self.b.call("mgpuEventRecord", [e, s.ptr])
        s.refs = 1
        self.drop_stream(s, pool)
        return e

    def wait_on(self, s: Stream, h: Any) -> None:
        """Make stream ``s`` wait for handle ``h`` (a stream: through an event of the block's pool);
        nothing when ``s`` is already ordered after it."""
        if covered(s.seen, h):
            return
        note_waited(s.seen, h)
        if isinstance(h, Stream):
            if self.event_pool:
                e = self.event_pool.pop()
            else:
                e = self.b.call("mgpuEventCreate", [])
                self.block_events.append(e)
            self.b.call("mgpuEventRecord", [e, h.ptr])
            self.b.call("mgpuStreamWaitEvent", [s.ptr, e])
            self.event_pool.append(e)
        else:
            self.b.call("mgpuStreamWaitEvent", [s.ptr, h.ptr])

    def is_tok(self, v: Value) -> bool:
        """A ``!gpu.async.token`` value of the input (its type may already be ``!llvm.ptr``)."""
        return id(v) in self.tokvals or is_token(v)

    # ----- blocks ---------------------------------------------------------------------------------------
    def lower_block(self, block: Block, env: dict[int, Any], args: list[tuple[Value, Any]] = (),
                    loop: Operation | None = None) -> None:
        """Lower ``block``.  ``env`` maps token ids of enclosing blocks to borrowed handles; ``args``
        binds token block arguments to the handles they own.  Streams freed in the block go to its
        pool and are destroyed before its terminator -- or, in the body of ``loop``, a pooled stream
        the body itself created is created before the loop and destroyed after it instead of once
        per iteration (it holds no token at the end of the body; only later work on it in the
        next iteration is ordered after its earlier work)."""
        pool: list[Stream] = []
        saved_events = self.event_pool, self.block_events
        self.event_pool, self.block_events = [], []
        graph = async_ops(block)  # (kept current by the two below)
        drop_complete_tokens(graph)
        # an implied dependency costs an event and a wait for nothing
        self.b.calls["implied dependencies"] = self.b.calls.get("implied dependencies", 0) + reduce_dependencies(
            block, graph)
        is_tok = self.is_tok
        local: list[Value] = [a for a, _ in args]
        local.extend([r for op in block.ops for r in op.results if is_tok(r)])
        info = analyze_block(block, local)
        remaining = {id(v): info.num_users(v) for v in local}
        ctx = self.ctx_factory(self, block, env, remaining, pool, graph)
        own = ctx.own
        own.users = info.users
        own.pos = {id(o): i for i, o in enumerate(block.ops)}
        if args and block.ops:
            self.b.ip = block.ops[0]
            self.b.loc = block.ops[0].loc
            for a, h in args:
                own.bind(a, h)
        for i, op in enumerate(list(block.ops)):
            own.cur = i
            ctx.visit(op)
        term = block.ops[-1] if block.ops else None
        if self.block_events:
            if term is None or not term.is_terminator():
                raise MLIRError("gpu-to-runtime: block without terminator holds pooled events",
                                block.parent_op.loc if block.parent_op else None)
            self.b.ip, self.b.loc = term, term.loc
            for e in self.block_events:
                self.b.call("mgpuEventDestroy", [e])
        self.event_pool, self.block_events = saved_events
        if pool:
            if term is not None and term.is_terminator():
                self.b.ip = term
                self.b.loc = term.loc
                after = loop.next_op() if loop is not None else None
                for s in pool:
                    if after is not None and s.created is not None and s.created[1].parent is block:
                        create, anchor = s.created
                        self.b.pending[id(anchor)].remove(create)
                        self.b.insert_before(loop, create)
                        self.b.ip, self.b.loc = after, loop.loc
                        self.b.call("mgpuStreamDestroy", [s.ptr])
                        self.b.ip, self.b.loc = term, term.loc
                    else:
                        self.b.call("mgpuStreamDestroy", [s.ptr])
            else:
                raise MLIRError("gpu-to-runtime: block without terminator holds pooled streams",
                                block.parent_op.loc if block.parent_op else None)
        self.b.commit_block(block)
