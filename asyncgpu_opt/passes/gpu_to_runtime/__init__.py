"""gpu-to-runtime: lower host-side gpu ops to ``llvm.call @mgpu*`` (upstream's runtime ABI).

Schedule (each block, before lowering it):
  * tokens complete when the host has them need no waiting and are dropped from dependency lists:
    a ``gpu.wait async`` without dependencies, a ``gpu.alloc`` whose dependencies are complete
    (``mgpuMemAlloc`` allocates when called; the stream is ignored, as upstream's runtime does);
  * a dependency another dependency of the same op already waits for is dropped (transitive
    reduction): an implied edge costs an event and a wait for nothing;
  * ``%b = gpu.wait async [%a]`` is ``%a`` (forwarded in the whole function first: explicit forks
    cost nothing).
Streams (``chains.py``): when a block's whole token graph is visible in it (no token block
arguments, no token through a region op, call, branch or terminator, at most 400 async ops), its
streams come from a minimum chain cover of the block's ordering -- token dependencies, and the
host's waits (whatever the host has waited for is before everything it enqueues later).  Chains are
a maximum matching "u is followed by v on its stream" of the ops that enqueue work (Dilworth: as few
streams as the ordering is wide; no schedule free of false dependencies needs fewer), of those the
one with the most steps along direct dependencies (each needs no event).  A join goes on a chain
where it adds no ordering to what runs there or to what waits for it, a free on a chain of a
dependency (it may follow unrelated work, which costs it nothing), else each on a chain of its own.
The first op of a chain takes a pooled stream of a finished chain (preferably one it is ordered
after anyway) or creates one; a chain's live tokens that a later op of another chain waits for get
an event recorded before the chain's stream moves on.  Other blocks, and ``stream-pool=false``, keep
the greedy rule below.
While lowering (lowering-time vector clocks say what each stream and the host are ordered after):
  * a ``gpu.dealloc async`` whose dependencies the host has waited for, with nothing of the function
    pending on the device, is a synchronous ``mgpuMemFree`` (null stream) and its token is complete
    (dropped from its users), as is a join whose dependencies are all complete;
  * a fork continues on its parent's stream and records an event for the parent token only when a
    later user may wait for that token alone (not when its users are frees and host waits);
  * (greedy rule) an op with no dependency stream to continue joins a pooled or live stream whose
    work it is already ordered after (no false dependency), before a new stream is taken.

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

Host functions may be ``llvm.func`` too (upstream's ``convert-func-to-llvm`` output); a
``gpu.launch_func`` keeps its kernel reference (``gpu.module`` or ``gpu.binary``), its operands (LLVM
types included), cluster sizes and dynamic shared memory size, and gets its stream as
``asyncObject``.  A launch that already names the user's stream and also has token dependencies or
a token result runs on that stream, ordered with the token graph by events (``user_stream.py``).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any, ClassVar

from ...analysis.tokens import is_token
from ...diagnostics import MLIRError
from ...dialects.func import ConstantOp as FuncConstantOp
from ...dialects.func import FuncOp
from ...dialects.gpu import LaunchFuncOp
from ...dialects.llvm import FuncOp as LLVMFuncOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value
from ..registry import Pass
from .abi import PTR
from .cfg import normalize_cfg
from .dispatch import BlockLowering
from .handles import Event
from .lowering import Lowering
from .ops import LOWERINGS, is_host_op
from .prepare import fold_host_only_joins, forward_single_waits, has_token, single_use_async_tokens


@dataclass(frozen=True)
class GpuToRuntimePass(Pass):
    name: ClassVar[str] = "gpu-to-runtime"
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = "Lower host-side gpu ops to mgpu* runtime calls (any token graph)"
    cpp_name: ClassVar[str] = "GpuToRuntimePass"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-streams-created", "Number of mgpuStreamCreate calls emitted"),
        ("num-events-created", "Number of mgpuEventCreate calls emitted"),
        ("num-event-records", "Number of mgpuEventRecord calls emitted"),
        ("num-stream-waits", "Number of mgpuStreamWaitEvent calls emitted"),
        ("num-host-syncs", "Number of mgpuStreamSynchronize and mgpuEventSynchronize calls emitted"),
        ("num-implied-dependencies-dropped", "Number of token dependencies dropped as implied by another"),
    )
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

    def _apply(self, op: Operation) -> bool:
        L = Lowering(op, self.stream_pool, BlockLowering)
        try:
            return self._lower(L, op)
        finally:
            L.release()

    def _lower(self, L: Lowering, op: Operation) -> bool:
        L.b.loc = op.loc
        changed = False
        for fn in [o for o in _region_ops(op) if o.opdef is FuncOp or o.opdef is LLVMFuncOp]:
            changed = _lower_function(L, fn) or changed
        for tok in L.detached:
            if tok.uses:
                u = tok.uses[0][0]
                raise MLIRError(f"'{u.name}' op: gpu-to-runtime left a !gpu.async.token use unlowered", u.loc, op=u)
        L.b.commit_rest()
        L.b.finish()
        c = L.b.calls
        for stat, n in (("num-streams-created", c.get("mgpuStreamCreate", 0)),
                        ("num-events-created", c.get("mgpuEventCreate", 0)),
                        ("num-event-records", c.get("mgpuEventRecord", 0)),
                        ("num-stream-waits", c.get("mgpuStreamWaitEvent", 0)),
                        ("num-host-syncs", c.get("mgpuStreamSynchronize", 0) + c.get("mgpuEventSynchronize", 0)),
                        ("num-implied-dependencies-dropped", c.get("implied dependencies", 0))):
            self.count(stat, n)
        _check_lowered(op)
        return changed or bool(L.b.decls)


def _lower_function(L: Lowering, fn: Operation) -> bool:
    """Lower one ``func.func`` or ``llvm.func``: its signature (tokens become events, ``!llvm.ptr``), then, when it
    holds host gpu ops or tokens, its normalised body block by block.  Returns whether it changed."""
    changed = False
    # across a function boundary a token is an event (!llvm.ptr): arguments are borrowed
    # from the caller, results are owned by the caller
    ft = fn.attributes["function_type"].type
    sig = isinstance(ft, T.FunctionType) and has_token(ft)  # (an llvm.func has no token in its type)
    if sig:
        fn.attributes["function_type"] = A.TypeAttr(T.FunctionType(
            [PTR if t == T.gpu_async_token else t for t in ft.inputs],
            [PTR if t == T.gpu_async_token else t for t in ft.results]))
        changed = True
    if not fn.regions[0].blocks:
        return changed
    if not sig and not any(is_host_op(o) or any(is_token(v) for v in o.operands)
                           or any(is_token(r) for r in o.results) for o in fn.walk()):
        return changed
    forward_single_waits(fn)
    fold_host_only_joins(fn)
    single_use_async_tokens(fn)
    multi = len(fn.regions[0].blocks) > 1
    if multi:
        normalize_cfg(fn)
        L.cfg_regions.add(id(fn.regions[0]))
    tokvals = L.tokvals
    for o in fn.walk():
        for r in o.results:
            if is_token(r):
                tokvals[id(r)] = r
        if o.regions:
            tokvals.update((id(a), a) for reg in o.regions for b in reg.blocks for a in b.args if is_token(a))
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
    # other blocks (after normalize_cfg): token arguments own the events their edges pass
    for b in fn.regions[0].blocks[1:]:
        args: list[tuple[Value, Any]] = []
        for a in b.args:
            if is_token(a):
                a.type = PTR
                args.append((a, Event(a, owned=True)))
        L.lower_block(b, dict(env), args)
    return True


def _region_ops(op: Operation) -> list[Operation]:
    """``op`` and the ops nested in it that have regions, in pre-order (``walk`` without visiting
    every op through a generator)."""
    out = [op]
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                if o.regions:
                    out.extend(_region_ops(o))
    return out


def _check_lowered(op: Operation) -> None:
    """Anything left is an error, never silently kept (every op, in ``walk``'s order)."""
    _check_op(op)
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                if o.regions:
                    _check_lowered(o)
                elif LOWERINGS[o.opdef] is not None or o.opdef is FuncConstantOp:  # (else nothing to check)
                    _check_op(o)


def _check_op(o: Operation) -> None:
    if LOWERINGS[o.opdef] is not None and o.opdef is not LaunchFuncOp:  # (is_host_op, inlined: every op)
        raise MLIRError(f"'{o.name}' op was not lowered by gpu-to-runtime", o.loc, op=o)
    if o.opdef is LaunchFuncOp and not o.operand_group("asyncObject"):
        raise MLIRError("'gpu.launch_func' op was not lowered by gpu-to-runtime", o.loc, op=o)
    if o.opdef is FuncConstantOp and has_token(o.results[0].type):
        raise MLIRError("'func.constant' op: gpu-to-runtime cannot lower a reference to a function with "
                        "!gpu.async.token in its signature (call it with func.call)", o.loc, op=o)
