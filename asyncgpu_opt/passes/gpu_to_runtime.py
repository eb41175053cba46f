"""gpu-to-runtime: lower host-side gpu ops to ``llvm.call @mgpu*`` (upstream's runtime ABI).

Schedule (each block, before lowering it):
  * tokens complete when the host has them need no waiting and are dropped from dependency lists:
    a ``gpu.wait async`` without dependencies, a ``gpu.alloc`` whose dependencies are complete
    (``mgpuMemAlloc`` allocates when called; the stream is ignored, as upstream's runtime does);
  * a dependency another dependency of the same op already waits for is dropped (transitive
    reduction): an implied edge costs an event and a wait for nothing;
  * ``%b = gpu.wait async [%a]`` is ``%a`` (forwarded in the whole function first: explicit forks
    cost nothing).
While lowering (lowering-time vector clocks say what each stream and the host are ordered after):
  * a ``gpu.dealloc async`` whose dependencies the host has waited for, with nothing of the function
    pending on the device, is a synchronous ``mgpuMemFree`` (null stream) and its token is complete
    (dropped from its users), as is a join whose dependencies are all complete;
  * a fork continues on its parent's stream and records an event for the parent token only when a
    later user may wait for that token alone (not when its users are frees and host waits);
  * an op with no dependency stream to continue joins a pooled or live stream whose work it is
    already ordered after (no false dependency), before a new stream is taken.

Ownership model (see docs in the module report):
  * a token maps to a *stream* (shared by every token of one chain, reference counted by the
    live tokens on it) or to an *event* (owned by exactly one token, or borrowed);
  * an op with dependencies runs on the stream of a dependency whose stream dies here (its last
    live token is consumed by this op); else, a fork continues on its parent's stream when the
    dependency is the only token there (its later users wait for an event recorded at the fork);
    otherwise on a fresh stream (from the pool or created); every other dependency is waited for
    with an event of the block's pool (created once, re-recorded per edge, destroyed before the
    terminator) or, when it is already an event, with ``mgpuStreamWaitEvent``;
  * when a stream's last live token is consumed, the stream is destroyed (or returned to the
    block's pool, destroyed before the block terminator); an owned event is destroyed at its last
    use;
  * tokens captured by nested regions are borrowed there (never destroyed inside), except that a
    region op running one of its regions once (``scf.if`` with an else, ``scf.execute_region``,
    ``scf.index_switch``) takes over a captured token that dies there; tokens crossing ``scf``
    region boundaries as values (yields, iter_args, results) are streams whose ownership moves with
    the value, across ``async.execute`` events owned by the receiver;
  * functions with several blocks (``cf.br``/``cf.cond_br``/``cf.switch``, ``llvm.br``/``llvm.cond_br``) are first
    normalized so that every token is used only in its defining block: a token live into another
    block becomes a block argument there, passed by every predecessor edge.  Across an edge a token
    is an event owned by the receiving block argument (destroyed after its last use there); the
    edges of a branch with several successors carry the same events (one per argument slot), and an
    edge that does not pass an event another edge passes goes through a new block that destroys it.
    Tokens through other branches are a located error;
  * across a function boundary a token is an event (``!llvm.ptr`` in ``function_type``, call operand
    and result types and block arguments): a token argument is an event borrowed from the caller
    (waited for, never destroyed by the callee); ``func.return`` hands the caller a new event it
    owns (an owned event whose token dies there moves); a ``func.call`` passes, for each token
    operand, its event or an event recorded on its stream (destroyed right after the call) and is
    one use of it, and the caller owns the events of token results.  Every function uses this
    convention, so recursion and private declarations need nothing more.  ``func.call_indirect``
    with tokens and ``func.constant`` of a function with tokens in its signature are located errors.

``gpu.host_register``/``gpu.host_unregister`` of a ``memref<*xT>`` become
``mgpuMemHostRegisterMemRef``/``mgpuMemHostUnregisterMemRef(rank, descriptor, sizeof(T))`` with the
unranked descriptor ``!llvm.struct<(i64, ptr)>`` cast from the memref, as upstream's ``-gpu-to-llvm``.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any, ClassVar

from ..analysis.tokens import analyze_block, is_token, reduce_dependencies
from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Value
from .registry import Pass

PTR = T.llvm_ptr
_SIGS = {
    "mgpuStreamCreate": (PTR, []), "mgpuStreamDestroy": (T.llvm_void, [PTR]),
    "mgpuStreamSynchronize": (T.llvm_void, [PTR]), "mgpuStreamWaitEvent": (T.llvm_void, [PTR, PTR]),
    "mgpuEventCreate": (PTR, []), "mgpuEventDestroy": (T.llvm_void, [PTR]),
    "mgpuEventSynchronize": (T.llvm_void, [PTR]), "mgpuEventRecord": (T.llvm_void, [PTR, PTR]),
    "mgpuMemAlloc": (PTR, [T.i64, PTR, T.i8]), "mgpuMemFree": (T.llvm_void, [PTR, PTR]),
    "mgpuMemcpy": (T.llvm_void, [PTR, PTR, T.i64, PTR]),
    "mgpuMemset32": (T.llvm_void, [PTR, T.i32, T.i64, PTR]),
    "mgpuMemset16": (T.llvm_void, [PTR, T.i16, T.i64, PTR]),
    "mgpuSetDefaultDevice": (T.llvm_void, [T.i32]),
    # (rank, pointer to the ranked descriptor, element size in bytes): upstream's unranked ABI
    "mgpuMemHostRegisterMemRef": (T.llvm_void, [T.i64, PTR, T.i64]),
    "mgpuMemHostUnregisterMemRef": (T.llvm_void, [T.i64, PTR, T.i64]),
}
_GPU_HOST_OPS = {"gpu.wait", "gpu.alloc", "gpu.dealloc", "gpu.memcpy", "gpu.memset", "gpu.launch_func",
                 "gpu.launch", "gpu.set_default_device", "gpu.host_register", "gpu.host_unregister"}
_YIELDS = {"scf.yield", "async.yield"}


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


def _covered(seen: dict[int, int], h: Any) -> bool:
    """Whether an agent that has ``seen`` is already ordered after handle ``h``."""
    if isinstance(h, Stream):
        return seen.get(id(h), -1) >= h.version
    if h.snap is not None:
        return seen.get(id(h.snap[0]), -1) >= h.snap[1]
    return id(h) in seen


def _note_waited(seen: dict[int, int], h: Any) -> None:
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


def descriptor_type(mt: T.MemRefType) -> T.Type:
    ms = mt.memory_space
    asp = 0
    if isinstance(ms, A.IntegerAttr):
        asp = ms.value
    p = T.LLVMPointerType(asp)
    r = len(mt.shape)
    if r == 0:
        return T.LLVMStructType([p, p, T.i64])
    arr = T.LLVMArrayType(r, T.i64)
    return T.LLVMStructType([p, p, T.i64, arr, arr])


def _drop_complete_tokens(block: Block) -> None:
    """Tokens that are complete when the host has them need no waiting: a ``gpu.wait async``
    without dependencies, and a ``gpu.alloc`` whose dependencies are all complete
    (``mgpuMemAlloc`` allocates when the host calls it; the stream is ignored, as upstream's
    runtime does).  Async ops of this block drop such dependencies; an op left without any starts
    a new chain, exactly as it would have on the root's fresh stream, minus the event."""
    from ..dialects.gpu import AsyncOp, is_async_op

    complete: set[int] = set()
    for op in block.ops:
        if not is_async_op(op):
            continue
        deps = AsyncOp.deps(op)
        live = [d for d in deps if id(d) not in complete]
        if len(live) != len(deps):
            op.opdef.set_operand_group(op, "asyncDependencies", live)
        tok = AsyncOp.token(op)
        if tok is not None and not live and op.name in ("gpu.wait", "gpu.alloc"):
            complete.add(id(tok))


def _forward_single_waits(fn: Operation) -> None:
    """``%b = gpu.wait async [%a]`` completes exactly when ``%a`` does: every use of ``%b`` becomes a
    use of ``%a`` and the op goes (an explicit fork, as wait-insertion writes them, costs nothing)."""
    from ..dialects.gpu import AsyncOp

    gone: dict[int, list[Operation]] = {}
    for op in fn.walk():
        if op.name != "gpu.wait" or not op.results:
            continue
        deps = AsyncOp.deps(op)
        if len(deps) != 1 and not (deps and all(d is deps[0] for d in deps)):
            continue
        op.results[0].replace_all_uses_with(deps[0])
        gone.setdefault(id(op.parent), []).append(op)
    for ops in gone.values():
        block = ops[0].parent
        ids = {id(o) for o in ops}
        for o in ops:
            o.drop_all_references()
            o.parent = None
        block.ops = [o for o in block.ops if id(o) not in ids]
        block._index_cache = None


class _Lowering:
    def __init__(self, module: Operation, pool: bool) -> None:
        self.module = module
        self.pool_enabled = pool
        self.decls: dict[str, tuple[T.Type, list[T.Type]]] = {}
        self.ip: Operation | None = None  # insert before this op
        self.loc: Any = None
        self.tokvals: dict[int, Value] = {}  # every token value of the input, kept alive (stable ids)
        self.placeholders: list[Operation] = []
        self.pending: dict[int, list[Operation]] = {}  # id(op) -> ops to insert before it
        self.erased: dict[int, Operation] = {}
        self.cfg_regions: set[int] = set()  # function bodies normalized by _normalize_cfg
        # events the current block records to order one stream after another: created on first
        # need, re-recorded for every later edge (a wait captures the event's state when it is
        # enqueued), destroyed before the block's terminator
        self.event_pool: list[Value] = []
        self.block_events: list[Value] = []
        self.fn_streams: list[Stream] = []  # streams created in the function being lowered
        self.attrs: dict[tuple, Any] = {}  # attributes shared by the ops it builds (printed/hashed once)

    # ----- building ---------------------------------------------------------------------------------
    def emit(self, name: str, operands: list[Value], result_types: list[T.Type], attrs: dict | None = None,
             loc: Any = None) -> Operation:
        op = Operation.create(name, operands, result_types, attrs or {}, loc=loc if loc is not None else self.loc)
        od = op.opdef
        if od is not None:
            for k, v in od.default_attrs.items():
                op.attributes.setdefault(k, v)
        self.insert_before(self.ip, op)
        return op

    # Block edits are deferred to the end of each block (lower_block): inserting into or erasing
    # from a block's op list invalidates its index cache, which made the pass quadratic.
    def insert_before(self, ip: Operation, op: Operation) -> None:
        op.parent = ip.parent
        self.pending.setdefault(id(ip), []).append(op)

    def erase(self, op: Operation) -> None:
        op.drop_all_references()
        self.erased[id(op)] = op

    def commit_block(self, block: Block) -> None:
        new: list[Operation] = []
        for o in block.ops:
            before = self.pending.pop(id(o), None)
            if before:
                new.extend(before)
            if id(o) in self.erased:
                o.parent = None
            else:
                new.append(o)
        block.ops = new
        block._index_cache = None

    def call(self, fn: str, args: list[Value]) -> Value | None:
        ret, params = _SIGS[fn]
        self.decls.setdefault(fn, (ret, params))
        rt = [] if isinstance(ret, T.LLVMVoidType) else [ret]
        op = self.emit("llvm.call", args, rt, {"callee": self.attr(A.SymbolRefAttr, fn),
                                                 "operandSegmentSizes": self.dense(T.i32, (len(args), 0))})
        return op.results[0] if rt else None

    def attr(self, cls: type, *args: Any) -> Any:
        """One shared instance per distinct attribute (``cls(*args)``; args hashable)."""
        key = (cls, *args)
        a = self.attrs.get(key)
        if a is None:
            a = self.attrs[key] = cls(*args)
        return a

    def dense(self, t: T.Type, values: tuple) -> Any:
        return self.attr(A.DenseArrayAttr, t, values)

    def const(self, v: int, t: T.Type, attr_t: T.Type | None = None) -> Value:
        return self.emit("llvm.mlir.constant", [], [t], {"value": self.attr(A.IntegerAttr, v, attr_t or t)}).results[0]

    def cast(self, v: Value, t: T.Type) -> Value:
        if v.type == t:
            return v
        return self.emit("builtin.unrealized_conversion_cast", [v], [t]).results[0]

    def to_i64(self, v: Value) -> Value:
        return self.cast(v, T.i64)

    def zero(self) -> Value:
        return self.emit("llvm.mlir.zero", [], [PTR]).results[0]

    def byte_size(self, elem: T.Type, count: Value) -> Value:
        z = self.zero()
        g = self.emit("llvm.getelementptr", [z, count], [PTR], {
            "elem_type": self.attr(A.TypeAttr, elem), "rawConstantIndices": self.dense(T.i32, (-2147483648,))})
        return self.emit("llvm.ptrtoint", [g.results[0]], [T.i64]).results[0]

    def desc(self, m: Value) -> Value:
        return self.cast(m, descriptor_type(m.type))

    def extract(self, d: Value, pos: list[int], t: T.Type) -> Value:
        return self.emit("llvm.extractvalue", [d], [t], {"position": self.dense(T.i64, tuple(pos))}).results[0]

    def element_count(self, m: Value, d: Value) -> Value:
        mt = m.type
        static = 1
        dyn: list[Value] = []
        for i, s in enumerate(mt.shape):
            if s == T.DYNAMIC:
                dyn.append(self.extract(d, [3, i], T.i64))
            else:
                static *= s
        total = None
        if static != 1 or not dyn:
            total = self.const(static, T.i64, T.index)
        for v in dyn:
            total = v if total is None else self.emit("llvm.mul", [total, v], [T.i64]).results[0]
        return total

    def aligned_ptr(self, d: Value, mt: T.MemRefType) -> Value:
        p = self.extract(d, [1], d.type.elements[0])
        if p.type != PTR:
            p = self.emit("llvm.addrspacecast", [p], [PTR]).results[0]
        return p

    # ----- streams and events -------------------------------------------------------------------------
    def new_stream(self, pool: list[Stream]) -> Stream:
        if self.pool_enabled and pool:
            s = pool.pop()
            s.refs = 0
            return s
        ip = self.ip
        s = Stream(self.call("mgpuStreamCreate", []))
        s.created = (s.ptr.defining_op(), ip)
        self.fn_streams.append(s)
        return s

    def drop_stream(self, s: Stream, pool: list[Stream]) -> None:
        s.refs -= 1
        if s.refs <= 0 and not s.borrowed:
            if self.pool_enabled:
                pool.append(s)
            else:
                self.call("mgpuStreamDestroy", [s.ptr])

    def owned_event(self, h: Any, pool: list[Stream]) -> Value:
        """A fresh owned event that completes after ``h``."""
        if isinstance(h, Stream):
            e = self.call("mgpuEventCreate", [])
            self.call("mgpuEventRecord", [e, h.ptr])
            return e
        s = self.new_stream(pool)
        self.call("mgpuStreamWaitEvent", [s.ptr, h.ptr])
        e = self.call("mgpuEventCreate", [])
        self.call("mgpuEventRecord", [e, s.ptr])
        s.refs = 1
        self.drop_stream(s, pool)
        return e

    def wait_on(self, s: Stream, h: Any) -> None:
        """Make stream ``s`` wait for handle ``h`` (a stream: through an event of the block's pool);
        nothing when ``s`` is already ordered after it."""
        if _covered(s.seen, h):
            return
        _note_waited(s.seen, h)
        if isinstance(h, Stream):
            if self.event_pool:
                e = self.event_pool.pop()
            else:
                e = self.call("mgpuEventCreate", [])
                self.block_events.append(e)
            self.call("mgpuEventRecord", [e, h.ptr])
            self.call("mgpuStreamWaitEvent", [s.ptr, e])
            self.event_pool.append(e)
        else:
            self.call("mgpuStreamWaitEvent", [s.ptr, h.ptr])

    def is_tok(self, v: Value) -> bool:
        """A ``!gpu.async.token`` value of the input (its type may already be ``!llvm.ptr``)."""
        return v.type == T.gpu_async_token or id(v) in self.tokvals

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
        _drop_complete_tokens(block)
        reduce_dependencies(block)  # an implied dependency costs an event and a wait for nothing
        local: list[Value] = [a for a, _ in args]
        for op in block.ops:
            local.extend(r for r in op.results if self.is_tok(r))
        info = analyze_block(block, local)
        remaining = {id(v): info.num_users(v) for v in local}
        ctx = _Ctx(self, block, env, remaining, pool)
        ctx.users = info.users
        ctx.pos = {id(o): i for i, o in enumerate(block.ops)}
        if args and block.ops:
            self.ip = block.ops[0]
            self.loc = block.ops[0].loc
            for a, h in args:
                ctx.bind(a, h)
        for i, op in enumerate(list(block.ops)):
            ctx.cur = i
            ctx.visit(op)
        term = block.ops[-1] if block.ops else None
        if self.block_events:
            if term is None or not term.is_terminator():
                raise MLIRError("gpu-to-runtime: block without terminator holds pooled events",
                                block.parent_op.loc if block.parent_op else None)
            self.ip, self.loc = term, term.loc
            for e in self.block_events:
                self.call("mgpuEventDestroy", [e])
        self.event_pool, self.block_events = saved_events
        if pool:
            if term is not None and term.is_terminator():
                self.ip = term
                self.loc = term.loc
                after = loop.next_op() if loop is not None else None
                for s in pool:
                    if after is not None and s.created is not None and s.created[1].parent is block:
                        create, anchor = s.created
                        self.pending[id(anchor)].remove(create)
                        self.insert_before(loop, create)
                        self.ip, self.loc = after, loop.loc
                        self.call("mgpuStreamDestroy", [s.ptr])
                        self.ip, self.loc = term, term.loc
                    else:
                        self.call("mgpuStreamDestroy", [s.ptr])
            else:
                raise MLIRError("gpu-to-runtime: block without terminator holds pooled streams",
                                block.parent_op.loc if block.parent_op else None)
        self.commit_block(block)

    def finish(self) -> None:
        body = self.module.regions[0].blocks[0]
        existing = {o.attributes["sym_name"].value for o in body.ops if "sym_name" in o.attributes
                    and isinstance(o.attributes["sym_name"], A.StringAttr)}
        for name, (ret, params) in self.decls.items():
            if name in existing:
                continue
            op = Operation.create("llvm.func", [], [], {"sym_name": A.StringAttr(name), "function_type": A.TypeAttr(
                T.LLVMFunctionType(ret, params))}, 1)
            for k, v in op.opdef.default_attrs.items():
                op.attributes.setdefault(k, v)
            body.append(op)


# Region ops whose operands, results or block arguments may carry tokens.  Across an scf boundary a
# token is a *stream* whose ownership moves with the value (a loop continues on its stream: no
# runtime call per iteration); across an async.execute boundary it is an *event* (the body runs
# concurrently with the host; upstream's design, and never a raw stream: bug #170833).
_SCF_REGION_OPS = {"scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch"}
_TERMINATORS = {"scf.yield", "scf.condition", "async.yield"}
# branches whose successor operands gpu-to-runtime rewrites (operand group of each successor;
# cf.switch: defaultOperands, then one caseOperands segment per case)
_BRANCHES = {"cf.br": ("destOperands",), "llvm.br": ("destOperands",),
             "cf.cond_br": ("trueDestOperands", "falseDestOperands"),
             "llvm.cond_br": ("trueDestOperands", "falseDestOperands"), "cf.switch": ()}


class _Ctx:
    def __init__(self, L: _Lowering, block: Block, env: dict[int, Any], remaining: dict[int, int],
                 pool: list[Stream]) -> None:
        self.L = L
        self.block = block
        self.env = env
        self.remaining = remaining  # live uses left of the tokens defined in this block
        self.pool = pool
        self.host_seen: dict[int, int] = {}  # what the host has synchronized with in this block
        self.users: dict[int, list[Operation]] = {}  # id(token) -> its block-level users, in order
        self.pos: dict[int, int] = {}  # id(op of the block) -> its index
        self.cur = 0  # index of the op being lowered
        self.origin: dict[int, Value] = {}  # id(placeholder) -> the token it stands for
        self.live: set[int] = set()  # ids of tokens of this block that may be live on a stream

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
            self.live.add(id(v))
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
            self.L.call("mgpuEventDestroy", [h.ptr])

    def consume(self, deps: list[Value]) -> list[Value]:
        """Count one use of each distinct dep; return the deps that die here."""
        dying = []
        seen: set[int] = set()
        for d in deps:
            if id(d) in seen:
                continue
            seen.add(id(d))
            if id(d) in self.remaining:
                self.remaining[id(d)] -= 1
                if self.remaining[id(d)] == 0:
                    dying.append(d)
        return dying

    def primary(self, op: Operation, deps: list[Value]) -> tuple[Stream, list[Value]]:
        """Pick the stream for ``op`` (holding one reference on it) and wait for the other deps."""
        L = self.L
        uniq = _unique(deps)
        hs = [self.handle(d, op) for d in uniq]
        dying = self.consume(uniq)
        dying_ids = {id(d) for d in dying}
        chosen: Stream | None = None
        for h in hs:
            if isinstance(h, Stream) and not h.borrowed:
                n_dying = sum(1 for d2, h2 in zip(uniq, hs) if h2 is h and id(d2) in dying_ids)
                if h.refs - n_dying == 0:
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
            if h is chosen or id(h) in waited or _covered(self.host_seen, h):
                continue  # (the host already waited for it: it is complete when the op is enqueued)
            waited.add(id(h))
            L.wait_on(chosen, h)
        chosen.version += 1  # the op goes on it now
        chosen.seen[id(chosen)] = chosen.version
        return chosen, dying

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
                    e = L.call("mgpuEventCreate", [])
                    L.block_events.append(e)  # destroyed before the block's terminator
                L.call("mgpuEventRecord", [e, h.ptr])
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
            _note_waited(seen, h)
        for i in range(len(self.pool) - 1, -1, -1):
            s = self.pool[i]
            if _covered(seen, s):
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
            _note_waited(seen, h)
        by_stream: dict[int, list[int]] = {}
        for vid in list(self.live):
            h = self.env.get(vid)
            if self.remaining.get(vid, 0) <= 0 or not isinstance(h, Stream):
                self.live.discard(vid)
                continue
            by_stream.setdefault(id(h), []).append(vid)
        dying_refs: dict[int, int] = {}  # refs still held by deps that die at this op
        for d, h in zip(deps, hs):
            if isinstance(h, Stream) and self.remaining.get(id(d), 1) == 0:
                dying_refs[id(h)] = dying_refs.get(id(h), 0) + 1
        best: Stream | None = None
        for vids in by_stream.values():
            s = self.env[vids[0]]
            if s.borrowed or not _covered(seen, s) or len(vids) + dying_refs.get(id(s), 0) != s.refs:
                continue
            if any(self._waited_later_id(v) for v in vids):
                continue
            if best is None or any(h is s for h in hs):
                best = s
        return best

    def _waited_later_id(self, vid: int) -> bool:
        tok = self.L.tokvals.get(vid)
        if tok is None:
            ph = self.origin.get(vid)
            if ph is None:
                return True
            tok = ph
        return self._waited_later(tok)

    def _waited_later(self, d: Value, depth: int = 0) -> bool:
        """Whether a later user of token ``d`` may wait for ``d`` itself, so that ``d`` needs an event
        recorded now, before its stream runs on.  Frees (usually synchronous by then, else stream
        ordered after all of the stream's work) and host waits (the host syncs the stream) do not:
        they are ordered after the stream's later work too, which costs them little."""
        orig = self.origin.get(id(d), d)
        for u in self.users.get(id(orig), ()):
            if self.pos.get(id(u), -1) <= self.cur:
                continue
            if u.name == "gpu.dealloc" or (u.name == "gpu.wait" and not u.results):
                continue
            if u.name == "gpu.wait" and depth < 8 and not self._waited_later(u.results[0], depth + 1):
                continue  # a join only frees and host waits wait for
            return True
        return False

    def finish_op(self, op: Operation, s: Stream, dying: list[Value], sync: bool) -> None:
        L = self.L
        L.ip = op
        L.loc = op.loc
        if sync:
            L.call("mgpuStreamSynchronize", [s.ptr])
            _note_waited(self.host_seen, s)
        for d in dying:
            self.release(d)
        tok = op.results[-1] if op.results and L.is_tok(op.results[-1]) else None
        # the held reference becomes the token's
        if tok is not None:
            self.env[id(tok)] = s
            self.live.add(id(tok))
        if tok is None or self.remaining.get(id(tok), 0) == 0:
            L.drop_stream(s, self.pool)

    # ----- ops ------------------------------------------------------------------------------------------
    def visit(self, op: Operation) -> None:
        L = self.L
        L.ip = op
        L.loc = op.loc
        name = op.name
        if name == "gpu.launch":
            raise MLIRError("'gpu.launch' op replace with gpu.launch_func first (run -gpu-kernel-outlining)",
                            op.loc, op=op)
        if name in ("gpu.host_register", "gpu.host_unregister"):
            self.lower_host_register(op)
            return
        if name == "gpu.set_default_device":
            L.call("mgpuSetDefaultDevice", [op.operands[0]])
            self.L.erase(op)
            return
        if name == "gpu.wait":
            self.visit_wait(op)
            return
        if name == "gpu.launch_func" and op.operand_group("asyncObject") and not op.operand_group(
                "asyncDependencies") and not op.result_group("asyncToken"):
            return  # already lowered: runs on the stream it names, ordered by the user (as upstream)
        if name in _GPU_HOST_OPS:
            self.visit_async(op)
            return
        if name in _BRANCHES and op.parent is not None and id(op.parent.parent) in L.cfg_regions:
            self.visit_branch(op)
            return
        parent = op.parent_op
        if name in _TERMINATORS and parent is not None and (
                parent.name in _SCF_REGION_OPS or parent.name == "async.execute"):
            self.visit_terminator(op, parent)
            return
        if name == "func.return" and parent is not None and parent.name == "func.func":
            self.visit_terminator(op, parent)
            return
        if name == "func.call" and (any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results)):
            self.visit_call(op)
            return
        if name == "async.await" and op.results and L.is_tok(op.results[0]):
            self.visit_await(op)
            return
        if op.regions and self._uses_tokens_inside(op):
            self.visit_region_op(op)
            return
        if any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results):
            raise MLIRError(f"'{name}' op: gpu-to-runtime cannot lower an op carrying !gpu.async.token values",
                            op.loc, op=op)

    def _uses_tokens_inside(self, op: Operation) -> bool:
        L = self.L
        for o in op.walk():
            if any(L.is_tok(v) for v in o.operands) or any(L.is_tok(r) for r in o.results):
                return True
            if o.name in _GPU_HOST_OPS and o is not op:
                return True
            for r in o.regions:
                for b in r.blocks:
                    if any(L.is_tok(a) for a in b.args):
                        return True
        return False

    def visit_wait(self, op: Operation) -> None:
        from ..dialects.gpu import AsyncOp

        L = self.L
        deps = list(AsyncOp.deps(op))
        tok = AsyncOp.token(op)
        if tok is not None and not deps and not tok.uses:  # a root nothing waits for
            self.L.erase(op)
            return
        if tok is not None:
            if all(_covered(self.host_seen, self.handle(d, op)) for d in _unique(deps)) and self._droppable(tok):
                # everything it joins is complete (the host waited for it): so is its token
                for d in self.consume(_unique(deps)):
                    self.release(d)
                self._drop_complete(tok)
                self.L.erase(op)
                return
            s, dying = self.primary(op, deps)
            self.finish_op_after(op, s, dying)
            return
        uniq = _unique(deps)
        hs = [self.handle(d, op) for d in uniq]
        dying = self.consume(uniq)
        # sync first the streams that have waited for the most: they may cover the others
        hs.sort(key=lambda h: -len(h.seen) if isinstance(h, Stream) else 0)
        done: set[int] = set()
        for h in hs:
            if id(h) in done or _covered(self.host_seen, h):
                continue
            done.add(id(h))
            L.call("mgpuStreamSynchronize" if isinstance(h, Stream) else "mgpuEventSynchronize", [h.ptr])
            _note_waited(self.host_seen, h)
        for d in dying:
            self.release(d)
        self.L.erase(op)

    def finish_op_after(self, op: Operation, s: Stream, dying: list[Value]) -> None:
        """gpu.wait async: bind the token to ``s`` and erase the op."""
        L = self.L
        L.ip = op
        for d in dying:
            self.release(d)
        tok = op.results[0]
        self.env[id(tok)] = s
        self.live.add(id(tok))
        if self.remaining.get(id(tok), 0) == 0:
            L.drop_stream(s, self.pool)
        self._detach_token(tok, s)
        self.L.erase(op)

    def _detach_token(self, tok: Value, s: Stream) -> None:
        """Replace the token's uses by the stream pointer cast back to a token, so the op can be
        erased; users are lowered later and read the handle through ``env``."""
        if not tok.uses:
            return
        ph = Operation.create("builtin.unrealized_conversion_cast", [s.ptr], [T.gpu_async_token])
        self.L.insert_before(self.L.ip, ph)
        self.origin[id(ph.results[0])] = self.origin.get(id(tok), tok)
        self.env[id(ph.results[0])] = self.env[id(tok)]
        self.live.add(id(ph.results[0]))
        self.live.discard(id(tok))
        self.remaining[id(ph.results[0])] = self.remaining.get(id(tok), 0)
        tok.replace_all_uses_with(ph.results[0])
        self.L.placeholders.append(ph)

    def visit_async(self, op: Operation) -> None:
        from ..dialects.gpu import AsyncOp

        L = self.L
        deps = list(AsyncOp.deps(op))
        tok = AsyncOp.token(op)
        name = op.name
        if name == "gpu.dealloc" and tok is not None and self._free_synchronously(op, deps, tok):
            return
        unused = tok is None or (self.remaining.get(id(tok), 0) == 0 and not tok.uses)
        null_stream = unused and not deps and name in ("gpu.alloc", "gpu.dealloc")
        if null_stream:
            s_ptr = L.zero()
            s = None
            dying: list[Value] = []
        else:
            s, dying = self.primary(op, deps)
            s_ptr = s.ptr
        L.ip = op
        if name == "gpu.alloc":
            self.lower_alloc(op, s_ptr)
        elif name == "gpu.dealloc":
            m = op.operand_group("memref")[0]
            d = L.desc(m)
            p = L.extract(d, [0], d.type.elements[0])
            if p.type != PTR:
                p = L.emit("llvm.addrspacecast", [p], [PTR]).results[0]
            L.call("mgpuMemFree", [p, s_ptr])
        elif name == "gpu.memcpy":
            dst, src = op.operand_group("dst")[0], op.operand_group("src")[0]
            self._check_identity(op, src)
            self._check_identity(op, dst)
            ds = L.desc(src)
            n = L.element_count(src, ds)
            size = L.byte_size(src.type.element_type, n)
            sp = L.aligned_ptr(ds, src.type)
            dd = L.desc(dst)
            dp = L.aligned_ptr(dd, dst.type)
            L.call("mgpuMemcpy", [dp, sp, size, s_ptr])
        elif name == "gpu.memset":
            dst, val = op.operand_group("dst")[0], op.operand_group("value")[0]
            self._check_identity(op, dst)
            bw = T.bit_width(val.type) if isinstance(val.type, T.IntegerType | T.FloatType) else 0
            if bw not in (16, 32):
                raise MLIRError("'gpu.memset' op value must be a 16 or 32 bit int or float", op.loc, op=op)
            it = T.IntegerType(bw)
            v = val if val.type == it else L.emit("llvm.bitcast", [val], [it]).results[0]
            dd = L.desc(dst)
            n = L.element_count(dst, dd)
            dp = L.aligned_ptr(dd, dst.type)
            L.call("mgpuMemset32" if bw == 32 else "mgpuMemset16", [dp, v, n, s_ptr])
        elif name == "gpu.launch_func":
            self.lower_launch(op, s_ptr)
        if s is None:  # synchronous, or a token nothing waits for
            self.L.erase(op)
            return
        self.finish_op(op, s, dying, sync=tok is None)
        if tok is not None:
            self._detach_token(tok, s)
        self.L.erase(op)

    def _free_synchronously(self, op: Operation, deps: list[Value], tok: Value) -> bool:
        """``gpu.dealloc async`` whose dependencies the host has already waited for, while no work
        of this function is pending on the device: ``mgpuMemFree`` with a null stream costs no
        stream, and its token is complete at once, so it is dropped from its users' dependencies
        (all of them async gpu ops of this block that have not been lowered yet).  Returns whether
        the op was lowered so."""

        L = self.L
        uniq = _unique(deps)
        if any(not _covered(self.host_seen, self.handle(d, op)) for d in uniq):
            return False
        if any(s.version and not _covered(self.host_seen, s) for s in L.fn_streams):
            return False  # cuMemFree would wait for that work
        if not self._droppable(tok):
            return False
        for d in self.consume(uniq):
            self.release(d)
        L.ip, L.loc = op, op.loc
        m = op.operand_group("memref")[0]
        dsc = L.desc(m)
        p = L.extract(dsc, [0], dsc.type.elements[0])
        if p.type != PTR:
            p = L.emit("llvm.addrspacecast", [p], [PTR]).results[0]
        L.call("mgpuMemFree", [p, L.zero()])
        self._drop_complete(tok)
        L.erase(op)
        return True

    def _droppable(self, tok: Value) -> bool:
        """Whether every use of ``tok`` is a dependency of an async gpu op of this block (not yet
        lowered): a complete token can then simply be dropped."""
        from ..dialects.gpu import AsyncOp, is_async_op

        for u, _ in tok.uses:
            if u.parent is not self.block or not is_async_op(u):
                return False
            deps = AsyncOp.deps(u)
            if sum(1 for d in deps if d is tok) != sum(1 for o in u.operands if o is tok):
                return False
        return True

    def _drop_complete(self, tok: Value) -> None:
        """``tok`` is complete when the host reaches its op: remove it from its users' dependencies."""
        from ..dialects.gpu import AsyncOp

        for u in {id(u): u for u, _ in tok.uses}.values():
            u.opdef.set_operand_group(u, "asyncDependencies", [d for d in AsyncOp.deps(u) if d is not tok])
        self.remaining.pop(id(tok), None)

    def lower_host_register(self, op: Operation) -> None:
        """``gpu.host_(un)register %m : memref<*xT>`` -> ``mgpu(Un)registerMemRef(rank, desc, sizeof(T))``
        with the unranked descriptor ``{rank, ptr}`` as upstream's ``-gpu-to-llvm`` builds it."""
        L = self.L
        m = op.operands[0]
        et = getattr(m.type, "element_type", None)
        if isinstance(et, T.IndexType):
            et = T.i64
        elif isinstance(et, T.VectorType) and isinstance(et.element_type, T.IndexType):
            et = T.VectorType(et.shape, T.i64, et.scalable)
        elif isinstance(et, T.ComplexType) and isinstance(et.element_type, T.IntegerType | T.FloatType):
            et = T.LLVMStructType([et.element_type, et.element_type])
        if not (isinstance(et, T.IntegerType | T.FloatType | T.LLVMPointerType | T.LLVMStructType | T.LLVMArrayType)
                or (isinstance(et, T.VectorType) and isinstance(et.element_type, T.IntegerType | T.FloatType))):
            raise MLIRError(f"'{op.name}' op: gpu-to-runtime cannot compute the element size of '{m.type}'",
                            op.loc, op=op)
        d = L.cast(m, T.LLVMStructType([T.i64, PTR]))
        z = L.zero()
        g = L.emit("llvm.getelementptr", [z], [PTR], {
            "elem_type": A.TypeAttr(et), "rawConstantIndices": A.DenseArrayAttr(T.i32, [1])})
        size = L.emit("llvm.ptrtoint", [g.results[0]], [T.i64]).results[0]
        rank = L.extract(d, [0], T.i64)
        p = L.extract(d, [1], PTR)
        L.call("mgpuMemHostRegisterMemRef" if op.name == "gpu.host_register" else "mgpuMemHostUnregisterMemRef",
               [rank, p, size])
        L.erase(op)

    def _check_identity(self, op: Operation, m: Value) -> None:
        mt = m.type
        if not isinstance(mt, T.MemRefType) or (mt.layout is not None and not _identity_layout(mt)):
            raise MLIRError(f"'{op.name}' op: only memrefs with identity layout are supported, got '{mt}'",
                            op.loc, op=op)

    def lower_alloc(self, op: Operation, s_ptr: Value) -> None:
        L = self.L
        m = op.results[0]
        mt = m.type
        self._check_identity(op, m)
        dyn = iter(op.operand_group("dynamicSizes"))
        sizes: list[Value] = []
        for dim in mt.shape:
            sizes.append(L.to_i64(next(dyn)) if dim == T.DYNAMIC else L.const(dim, T.i64, T.index))
        # strides (row-major) and element count
        strides: list[Value] = [None] * len(sizes)  # type: ignore[list-item]
        one = L.const(1, T.i64, T.index)
        acc = one
        static_acc = 1
        all_static = True
        for i in range(len(sizes) - 1, -1, -1):
            strides[i] = acc
            if mt.shape[i] != T.DYNAMIC and all_static:
                static_acc *= mt.shape[i]
                acc = L.const(static_acc, T.i64, T.index) if i > 0 else acc
            else:
                all_static = False
                acc = L.emit("llvm.mul", [acc, sizes[i]], [T.i64]).results[0]
        if all_static:
            total = L.const(static_acc, T.i64, T.index)
        else:
            total = acc
        nbytes = L.byte_size(mt.element_type, total)
        shared = L.const(1 if "hostShared" in op.attributes else 0, T.i8)
        p = L.call("mgpuMemAlloc", [nbytes, s_ptr, shared])
        dt = descriptor_type(mt)
        if dt.elements[0] != PTR:
            p = L.emit("llvm.addrspacecast", [p], [dt.elements[0]]).results[0]
        d = L.emit("llvm.mlir.poison", [], [dt]).results[0]

        def ins(d: Value, v: Value, pos: list[int]) -> Value:
            return L.emit("llvm.insertvalue", [d, v], [dt], {"position": L.dense(T.i64, tuple(pos))}).results[0]

        d = ins(d, p, [0])
        d = ins(d, p, [1])
        d = ins(d, L.const(0, T.i64, T.index), [2])
        for i, sz in enumerate(sizes):
            d = ins(d, sz, [3, i])
        for i, st in enumerate(strides):
            d = ins(d, st, [4, i])
        mm = L.emit("builtin.unrealized_conversion_cast", [d], [mt]).results[0]
        m.replace_all_uses_with(mm)

    def lower_launch(self, op: Operation, s_ptr: Value) -> None:
        from ..dialects.gpu import LaunchFuncOp

        g = lambda n: LaunchFuncOp.operand_group(op, n)  # noqa: E731
        if g("asyncObject"):
            raise MLIRError("'gpu.launch_func' op with both an explicit async object and "
                            "!gpu.async.token dependencies or result is not supported by gpu-to-runtime",
                            op.loc, op=op)
        operands = {n: g(n) for n in ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY",
                                      "blockSizeZ", "clusterSizeX", "clusterSizeY", "clusterSizeZ",
                                      "dynamicSharedMemorySize", "kernelOperands")}
        operands["asyncObject"] = [s_ptr]
        attrs = {k: v for k, v in op.attributes.items() if k != "operandSegmentSizes"}
        new = LaunchFuncOp.build(operands, {}, attrs, loc=op.loc)
        self.L.insert_before(op, new)

    # ----- region ops -----------------------------------------------------------------------------------
    def take_stream(self, v: Value, user: Operation, dying_ids: set[int], moved: set[int],
                    keep: set[int]) -> Value:
        """A stream pointer, owned by the receiver, that runs after token ``v``: ``v``'s own stream
        when ``v`` dies here and is its only live token (ownership moves), else a pooled/new stream
        that waits for it.  ``moved`` collects the tokens whose stream moved."""
        L = self.L
        h = self.handle(v, user)
        if (isinstance(h, Stream) and not h.borrowed and id(v) in dying_ids and id(v) not in moved
                and h.refs == 1 and id(h) not in keep):
            moved.add(id(v))
            h.refs = 0
            return h.ptr
        s = L.new_stream(self.pool)
        L.wait_on(s, h)
        return s.ptr

    def take_event(self, v: Value, user: Operation, dying_ids: set[int], moved: set[int]) -> Value:
        """An event pointer, owned by the receiver, that completes after token ``v``."""
        h = self.handle(v, user)
        if isinstance(h, Event) and h.owned and id(v) in dying_ids and id(v) not in moved:
            moved.add(id(v))
            return h.ptr
        return self.L.owned_event(h, self.pool)

    def visit_terminator(self, op: Operation, parent: Operation) -> None:
        """scf.yield / scf.condition / async.yield / func.return: hand each token over as an owned
        stream (scf) or an owned event (async.execute, func.func: the caller owns what it receives,
        so a borrowed token argument is returned as a new event)."""
        L = self.L
        toks = [(i, v) for i, v in enumerate(op.operands) if L.is_tok(v)]
        if not toks:
            return
        dying = self.consume([v for _, v in toks])
        dying_ids = {id(d) for d in dying}
        moved: set[int] = set()
        new = list(op.operands)
        for i, v in toks:
            if parent.name == "async.execute":
                res = parent.results[1 + i]
                new[i] = L.zero() if not res.uses else self.take_event(v, op, dying_ids, moved)
            elif parent.name == "func.func":
                new[i] = self.take_event(v, op, dying_ids, moved)
            else:
                new[i] = self.take_stream(v, op, dying_ids, moved, set())
        for d in dying:
            if id(d) not in moved:
                self.release(d)
        op.set_operands(new)

    def visit_branch(self, op: Operation) -> None:
        """A branch between blocks of a function: each token operand slot gets an event owned by the
        receiving block argument.  The edges of a conditional branch are exclusive, so the k-th slot
        of a token on each edge shares one event (``_normalize_cfg`` made both edges carry the same
        tokens equally often); the branch is one use of each token."""
        L = self.L
        toks = _unique([v for v in op.operands if L.is_tok(v)])
        if not toks:
            return
        dying = self.consume(toks)
        dying_ids = {id(d) for d in dying}
        moved: set[int] = set()
        events: dict[tuple[int, int], Value] = {}
        new = list(op.operands)
        for start, end in _edge_slices(op):
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
                self.release(d)
        op.set_operands(new)

    def visit_call(self, op: Operation) -> None:
        """``func.call`` with token operands or results.  The callee borrows an event per token
        operand (a token that is already an event passes it; a stream token gets a new event recorded
        on its stream, destroyed right after the call); the call is one use of each token.  Token
        results are events the callee created, owned by the caller."""
        L = self.L
        toks = _unique([v for v in op.operands if L.is_tok(v)])
        hs = [self.handle(v, op) for v in toks]
        dying = self.consume(toks)
        events: dict[int, Value] = {}  # id(handle) -> event passed for it
        temps: list[Value] = []
        for h in hs:
            if id(h) in events:
                continue
            if isinstance(h, Event):
                events[id(h)] = h.ptr
            else:
                e = L.call("mgpuEventCreate", [])
                L.call("mgpuEventRecord", [e, h.ptr])
                events[id(h)] = e
                temps.append(e)
        by_tok = {id(v): events[id(h)] for v, h in zip(toks, hs)}
        op.set_operands([by_tok.get(id(v), v) if L.is_tok(v) else v for v in op.operands])
        L.ip = op.next_op()
        for e in temps:
            L.call("mgpuEventDestroy", [e])
        for d in dying:
            self.release(d)
        for r in op.results:
            if L.is_tok(r):
                r.type = PTR
                self.bind(r, Event(r, owned=True))

    def visit_await(self, op: Operation) -> None:
        """``async.await`` of an ``!async.value<!gpu.async.token>``: the result owns the event."""
        L = self.L
        r = op.results[0]
        r.type = PTR
        L.ip = op.next_op()
        self.bind(r, Event(r, owned=True))

    def visit_region_op(self, op: Operation) -> None:  # noqa: C901 - one branch per region op kind; split when gpu_to_runtime becomes a package (issue 12)
        """Lower the nested blocks of a region op.  Tokens defined outside and used inside are
        borrowed there (never destroyed inside; an async.execute body gets its own event, destroyed at
        the end of the body).  Token operands, block arguments and results move ownership:
        streams for scf ops, events for async.execute."""
        L = self.L
        name = op.name
        carries = (any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results)
                   or any(L.is_tok(a) for r in op.regions for b in r.blocks for a in b.args)
                   or any(_is_async_token_value(v.type) for v in op.operands + op.results))
        if carries and name not in _SCF_REGION_OPS and name != "async.execute":
            raise MLIRError(f"'{name}' op: gpu-to-runtime cannot lower !gpu.async.token values through "
                            "this op (supported: scf.for, scf.if, scf.while, scf.execute_region, scf.index_switch, "
                            "async.execute)",
                            op.loc, op=op)
        is_exec = name == "async.execute"
        # tokens captured by the nested regions
        captured: dict[int, Value] = {}
        for o in op.walk():
            if o is op:
                continue
            for v in o.operands:
                if L.is_tok(v) and id(v) in self.env:
                    captured[id(v)] = v
        tok_operands = [(i, v) for i, v in enumerate(op.operands) if L.is_tok(v)]
        dying = self.consume([v for _, v in tok_operands] + list(captured.values()))
        dying_ids = {id(d) for d in dying}
        inner_env = dict(self.env)
        wrappers: dict[int, Any] = {}
        exec_events: list[Value] = []
        for vid in captured:
            h = self.env[vid]
            if is_exec:
                e = L.owned_event(h, self.pool)
                inner_env[vid] = Event(e, owned=False)
                exec_events.append(e)
            else:
                if id(h) not in wrappers:
                    wrappers[id(h)] = (Stream(h.ptr, borrowed=True) if isinstance(h, Stream)
                                       else Event(h.ptr, owned=False))
                inner_env[vid] = wrappers[id(h)]
        # a region op that runs exactly one of its regions once (scf.if with an else, execute_region,
        # index_switch)
        # takes over a captured token that dies here as an owned handle in every region: the
        # branch that runs continues on its stream (or destroys it).  Loops and executes borrow.
        once = name in ("scf.execute_region", "scf.index_switch") or (
            name == "scf.if" and all(r.blocks for r in op.regions))
        moved_in: list[tuple[Value, Any]] = []
        if once:
            for vid, v in captured.items():
                h = self.env[vid]
                if vid in dying_ids and ((isinstance(h, Stream) and not h.borrowed and h.refs == 1)
                                         or (isinstance(h, Event) and h.owned)):
                    moved_in.append((v, h))
        for v, h in moved_in:
            del captured[id(v)]
            inner_env.pop(id(v), None)
            if isinstance(h, Stream):
                h.refs = 0
            self.env.pop(id(v), None)
            self.remaining.pop(id(v), None)
        keep = {id(self.env[vid]) for vid in captured}
        moved: set[int] = set()
        new_operands = list(op.operands)
        for i, v in tok_operands:
            new_operands[i] = self.take_stream(v, op, dying_ids, moved, keep)
        L.ip = op
        for d in dying:
            if id(d) not in moved and id(d) not in captured:
                self.release(d)
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
                L.lower_block(b, inner_env, args, loop=op if name in ("scf.for", "scf.while") else None)
        if exec_events:
            body = op.regions[0].blocks[-1]
            L.ip = body.ops[-1]
            for e in exec_events:
                L.call("mgpuEventDestroy", [e])
        # results
        L.ip = op.next_op()
        for r in op.results:
            if L.is_tok(r):
                r.type = PTR
                self.bind(r, Stream(r))
            elif _is_async_token_value(r.type):
                r.type = T.AsyncValueType(PTR)
        for d in dying:
            if id(d) in captured and id(d) not in moved:
                self.release(d)


def _unique(vals: list[Value]) -> list[Value]:
    out: list[Value] = []
    seen: set[int] = set()
    for v in vals:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


def _edge_slices(op: Operation) -> list[tuple[int, int]]:
    """The operand index range of each successor's operands of a ``_BRANCHES`` op."""
    if op.name == "cf.switch":
        nd = len(op.operand_group("defaultOperands"))
        out = [(1, 1 + nd)]
        start = 1 + nd
        for n in op.attributes["case_operand_segments"].values:
            out.append((start, start + n))
            start += n
        return out
    if len(_BRANCHES[op.name]) == 1:
        return [(0, len(op.operands))]
    seg = op.opdef.operand_segments(op)
    return [(seg[0], seg[0] + seg[1]), (seg[0] + seg[1], seg[0] + seg[1] + seg[2])]


def _succ_operands(term: Operation, i: int) -> list[Value]:
    lo, hi = _edge_slices(term)[i]
    return list(term.operands[lo:hi])


def _set_succ_operands(term: Operation, i: int, vals: list[Value]) -> None:
    """Replace the operands ``term`` passes to its ``i``-th successor."""
    if term.name != "cf.switch":
        term.opdef.set_operand_group(term, _BRANCHES[term.name][i], vals)
    elif i == 0:
        term.opdef.set_operand_group(term, "defaultOperands", vals)
    else:
        seg = list(term.attributes["case_operand_segments"].values)
        cases = list(term.operand_group("caseOperands"))
        start = sum(seg[: i - 1])
        cases[start: start + seg[i - 1]] = vals
        seg[i - 1] = len(vals)
        term.opdef.set_operand_group(term, "caseOperands", cases)
        term.attributes["case_operand_segments"] = A.DenseArrayAttr(T.i32, seg)


def _top_block(op: Operation, region: Any) -> Block:
    """The block of ``region`` that holds ``op`` (or its ancestor)."""
    while op.parent.parent is not region:
        op = op.parent_op
    return op.parent


def _normalize_cfg(fn: Operation) -> None:  # noqa: C901 - one walk over the CFG shapes; split when gpu_to_runtime becomes a package (issue 12)
    """Make every token of a multi-block function local to its block: a token live into a block
    other than its defining one becomes a block argument there, appended to the successor operands
    of every edge into the block.  Then each conditional branch carries the same tokens equally
    often on both edges: an edge missing some goes through a new block taking them (as arguments it
    does not use, so their events are destroyed there).  Entry-block token arguments are borrowed
    caller events valid everywhere: they are not threaded."""
    region = fn.regions[0]
    blocks = list(region.blocks)
    entry = blocks[0]
    for b in blocks[1:]:
        for a in b.args:
            if _is_async_token_value(a.type):
                raise MLIRError("gpu-to-runtime cannot lower an !async.value<!gpu.async.token> block argument",
                                b.ops[0].loc if b.ops else fn.loc, op=fn)
    def_block: dict[int, Block] = {}
    order: dict[int, int] = {}
    vals: list[Value] = []
    for b in blocks:
        cand: list[Value] = list(b.args) if b is not entry else []
        for o in b.ops:
            cand.extend(o.results)
        for v in cand:
            if is_token(v):
                def_block[id(v)] = b
                order[id(v)] = len(vals)
                vals.append(v)
    # upward-exposed uses (a use nested in a region op counts in the op's block)
    gen: dict[int, dict[int, Value]] = {id(b): {} for b in blocks}
    for v in vals:
        for user, _ in v.uses:
            ub = _top_block(user, region)
            if ub is not def_block[id(v)]:
                gen[id(ub)][id(v)] = v
    defs = {id(b): {id(v) for v in vals if def_block[id(v)] is b} for b in blocks}
    succs = {id(b): (list(b.ops[-1].successors) if b.ops else []) for b in blocks}
    live_in: dict[int, dict[int, Value]] = {id(b): dict(gen[id(b)]) for b in blocks}
    changed = True
    while changed:
        changed = False
        for b in reversed(blocks):
            li = live_in[id(b)]
            for s in succs[id(b)]:
                for vid, v in live_in[id(s)].items():
                    if vid not in li and vid not in defs[id(b)]:
                        li[vid] = v
                        changed = True
    if live_in[id(entry)]:
        raise MLIRError("gpu-to-runtime: a !gpu.async.token is used in a block its definition does not "
                        "dominate", fn.loc, op=fn)
    # block arguments for live-in tokens, and their uses in the block
    newarg: dict[int, dict[int, Value]] = {}
    for b in blocks[1:]:
        li = sorted(live_in[id(b)].values(), key=lambda v: order[id(v)])
        if not li:
            continue
        newarg[id(b)] = m = {}
        for v in li:
            m[id(v)] = a = b.add_arg(T.gpu_async_token)
            v.replace_uses_if(a, lambda u, b=b: _top_block(u, region) is b)
    # successor operands of every edge into those blocks
    for p in blocks:
        if not p.ops:
            continue
        term = p.ops[-1]
        for i, s in enumerate(term.successors):
            if id(s) not in newarg:
                continue
            if term.name not in _BRANCHES:
                raise MLIRError(f"'{term.name}' op: gpu-to-runtime cannot pass !gpu.async.token values through "
                                "this branch (supported: cf.br, cf.cond_br, cf.switch, llvm.br, llvm.cond_br)",
                                term.loc, op=term)
            extra = [live_in[id(s)][vid] if def_block[vid] is p else newarg[id(p)][vid] for vid in newarg[id(s)]]
            _set_succ_operands(term, i, _succ_operands(term, i) + extra)
    # branches with several edges: the same tokens, equally often, on every edge
    for p in blocks:
        term = p.ops[-1] if p.ops else None
        if term is None or term.name not in _BRANCHES or len(term.successors) < 2:
            continue
        counts: list[dict[int, int]] = []
        toks: dict[int, Value] = {}
        for i in range(len(term.successors)):
            c: dict[int, int] = {}
            for v in _succ_operands(term, i):
                if is_token(v):
                    c[id(v)] = c.get(id(v), 0) + 1
                    toks.setdefault(id(v), v)
            counts.append(c)
        most = {vid: max(c.get(vid, 0) for c in counts) for vid in toks}
        at = region.blocks.index(p) + 1
        for i, c in enumerate(counts):
            missing = [v for vid, v in toks.items() for _ in range(most[vid] - c.get(vid, 0))]
            if not missing:
                continue
            ops = _succ_operands(term, i)
            pad = Block([v.type for v in ops + missing])
            pad.parent = region
            region.blocks.insert(at, pad)
            at += 1
            pad.append(Operation.create("llvm.br" if term.name.startswith("llvm.") else "cf.br",
                                        pad.args[:len(ops)], (), {}, (), [term.successors[i]], loc=term.loc))
            term.successors[i] = pad
            _set_succ_operands(term, i, ops + missing)


def _has_token(t: T.Type) -> bool:
    return isinstance(t, T.FunctionType) and any(x == T.gpu_async_token for x in (*t.inputs, *t.results))


def _is_async_token_value(t: T.Type) -> bool:
    return isinstance(t, T.AsyncValueType) and t.value_type == T.gpu_async_token


def _single_use_async_tokens(fn: Operation) -> None:
    """Give every use of an ``!async.value<!gpu.async.token>`` its own execute result (the yielded
    token is repeated), so that each event has exactly one owner (upstream's SingleTokenUseCallback)."""
    for ex in [o for o in fn.walk() if o.name == "async.execute"]:
        extra: list[tuple[int, Operation, int]] = []
        for r in ex.results[1:]:
            if _is_async_token_value(r.type) and len(r.uses) > 1:
                extra.extend((r.index, u, i) for u, i in list(r.uses)[1:])
        if not extra:
            continue
        y = ex.regions[0].blocks[-1].ops[-1]
        y.set_operands(list(y.operands) + [y.operands[i - 1] for i, _, _ in extra])
        regions = ex.regions
        ex.regions = []
        new = Operation.create(ex.name, list(ex.operands), [r.type for r in ex.results]
                               + [ex.results[i].type for i, _, _ in extra], dict(ex.attributes), regions,
                               loc=ex.loc)
        b = ex.parent
        b.insert(b.index_of(ex), new)
        n = len(ex.results)
        for k, (_, user, idx) in enumerate(extra):
            user.set_operand(idx, new.results[n + k])
        for old, nr in zip(ex.results, new.results):
            old.replace_all_uses_with(nr)
        ex.erase()


def _identity_layout(mt: T.MemRefType) -> bool:
    lay = mt.layout
    if lay is None:
        return True
    if isinstance(lay, A.AffineMapAttr):
        return str(lay.map).replace(" ", "") in ("", ) or lay.map.is_identity() if hasattr(
            lay.map, "is_identity") else False
    return False


@dataclass(frozen=True)
class GpuToRuntimePass(Pass):
    name: ClassVar[str] = "gpu-to-runtime"
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = "Lower host-side gpu ops to mgpu* runtime calls (any token graph)"
    cpp_name: ClassVar[str] = "GpuToRuntimePass"
    stream_pool: bool = True

    def apply(self, op: Operation) -> bool:
        # the pass allocates a few ops per lowered op and frees none: cyclic GC passes over the
        # whole IR cost 2/3 of the pass time on large inputs
        was = gc.isenabled()
        gc.disable()
        try:
            return self._apply(op)
        finally:
            if was:
                gc.enable()

    def _apply(self, op: Operation) -> bool:  # noqa: C901 - the pass's phases in order; split when gpu_to_runtime becomes a package (issue 12)
        L = _Lowering(op, self.stream_pool)
        L.loc = op.loc
        changed = False
        for fn in list(op.walk()):
            if fn.name != "func.func":
                continue
            # across a function boundary a token is an event (!llvm.ptr): arguments are borrowed
            # from the caller, results are owned by the caller
            ft = fn.attributes["function_type"].type
            sig = _has_token(ft)
            if sig:
                fn.attributes["function_type"] = A.TypeAttr(T.FunctionType(
                    [PTR if t == T.gpu_async_token else t for t in ft.inputs],
                    [PTR if t == T.gpu_async_token else t for t in ft.results]))
                changed = True
            if not fn.regions[0].blocks:
                continue
            if not sig and not any(o.name in _GPU_HOST_OPS or any(is_token(v) for v in o.operands)
                                   or any(is_token(r) for r in o.results) for o in fn.walk()):
                continue
            changed = True
            _forward_single_waits(fn)
            _single_use_async_tokens(fn)
            multi = len(fn.regions[0].blocks) > 1
            if multi:
                _normalize_cfg(fn)
                L.cfg_regions.add(id(fn.regions[0]))
            for o in fn.walk():
                for r in o.results:
                    if is_token(r):
                        L.tokvals[id(r)] = r
                for reg in o.regions:
                    for b in reg.blocks:
                        for a in b.args:
                            if is_token(a):
                                L.tokvals[id(a)] = a
            entry = fn.regions[0].blocks[0]
            L.fn_streams = []
            # token arguments: events owned by the caller (upstream's reading of a token that is
            # not a stream); waited for, never destroyed here
            env: dict[int, Any] = {}
            for a in entry.args:
                if is_token(a):
                    a.type = PTR
                    env[id(a)] = Event(a, owned=False)
            L.lower_block(entry, dict(env) if multi else env)
            # other blocks (after _normalize_cfg): token arguments own the events their edges pass
            for b in fn.regions[0].blocks[1:]:
                args: list[tuple[Value, Any]] = []
                for a in b.args:
                    if is_token(a):
                        a.type = PTR
                        args.append((a, Event(a, owned=True)))
                L.lower_block(b, dict(env), args)
        blocks: dict[int, Block] = {}
        for ph in L.placeholders:
            if ph.results[0].uses:
                u = ph.results[0].uses[0][0]
                raise MLIRError(f"'{u.name}' op: gpu-to-runtime left a !gpu.async.token use unlowered", u.loc, op=u)
            L.erase(ph)
            blocks[id(ph.parent)] = ph.parent
        for b in blocks.values():
            L.commit_block(b)
        L.finish()
        # anything left is an error, never silently kept
        for o in op.walk():
            if o.name in _GPU_HOST_OPS and o.name != "gpu.launch_func":
                raise MLIRError(f"'{o.name}' op was not lowered by gpu-to-runtime", o.loc, op=o)
            if o.name == "gpu.launch_func" and not o.operand_group("asyncObject"):
                raise MLIRError("'gpu.launch_func' op was not lowered by gpu-to-runtime", o.loc, op=o)
            if o.name == "func.constant" and _has_token(o.results[0].type):
                raise MLIRError("'func.constant' op: gpu-to-runtime cannot lower a reference to a function with "
                                "!gpu.async.token in its signature (call it with func.call)", o.loc, op=o)
        return changed or bool(L.decls)
