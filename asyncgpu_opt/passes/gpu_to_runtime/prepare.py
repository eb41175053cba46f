"""Function-level normalisation before gpu-to-runtime lowers a function: forward single-dependency
``gpu.wait async`` ops, give each ``!async.value<!gpu.async.token>`` use its own execute result,
and (per block) drop dependencies on tokens that are complete when the host has them."""

from __future__ import annotations

from typing import Any

from ...ir import types as T
from ...ir.core import Operation
from ...ir.rewriter import Rewriter, erase, insert_before


def drop_complete_tokens(graph: dict[int, list[Any]]) -> None:
    """Tokens that are complete when the host has them need no waiting: a ``gpu.wait async``
    without dependencies, and a ``gpu.alloc`` whose dependencies are all complete
    (``mgpuMemAlloc`` allocates when the host calls it; the stream is ignored, as upstream's
    runtime does).  The async ops of the block (``graph``: its ``analysis.tokens.async_ops``, kept
    current) drop such dependencies; an op left without any starts a new chain, exactly as it
    would have on the root's fresh stream, minus the event."""
    from ...dialects.gpu import AllocOp, WaitOp

    complete: set[int] = set()
    for entry in graph.values():
        op, deps, tok = entry
        if complete and deps:
            live = [d for d in deps if id(d) not in complete]
            if len(live) != len(deps):
                op.opdef.set_operand_group(op, "asyncDependencies", live)
                entry[1] = deps = live
        if tok is not None and not deps and (op.opdef is WaitOp or op.opdef is AllocOp):
            complete.add(id(tok))


def forward_single_waits(fn: Operation) -> None:
    """``%b = gpu.wait async [%a]`` completes exactly when ``%a`` does: every use of ``%b`` becomes a
    use of ``%a`` and the op goes (an explicit fork, as wait-insertion writes them, costs nothing)."""
    from ...dialects.gpu import AsyncOp, WaitOp

    edits = Rewriter()
    for op in fn.walk():
        if op.opdef is not WaitOp or not op.results:
            continue
        deps = AsyncOp.deps(op)
        if len(deps) != 1 and not (deps and all(d is deps[0] for d in deps)):
            continue
        op.results[0].replace_all_uses_with(deps[0])
        edits.erase(op)
    edits.commit()


def fold_host_only_joins(fn: Operation) -> None:
    """``%j = gpu.wait async [%a, %b, ...]`` whose every use is a host ``gpu.wait`` of its block: those
    waits wait for ``%a, %b, ...`` instead and the join goes (lowered, it would take a stream of its
    own only to wait on events the host then synchronizes: one stream more than the graph's width)."""
    from ...dialects.gpu import AsyncOp, WaitOp

    edits = Rewriter()
    for op in fn.walk():
        if op.opdef is not WaitOp or not op.results or not op.results[0].uses:
            continue
        tok, deps = op.results[0], AsyncOp.deps(op)
        users = {id(u): u for u, _ in tok.uses}.values()
        if len(deps) < 2 or not all(u.opdef is WaitOp and not u.results and u.parent is op.parent for u in users):
            continue
        for u in users:
            new: list[Any] = []
            for v in AsyncOp.deps(u):
                for w in (deps if v is tok else (v,)):
                    if not any(w is x for x in new):
                        new.append(w)
            WaitOp.set_operand_group(u, "asyncDependencies", new)
        edits.erase(op)
    edits.commit()


def has_token(t: T.Type) -> bool:
    return isinstance(t, T.FunctionType) and any(x == T.gpu_async_token for x in (*t.inputs, *t.results))


def is_async_token_value(t: T.Type) -> bool:
    return isinstance(t, T.AsyncValueType) and t.value_type == T.gpu_async_token


def single_use_async_tokens(fn: Operation) -> None:
    """Give every use of an ``!async.value<!gpu.async.token>`` its own execute result (the yielded
    token is repeated), so that each event has exactly one owner (upstream's SingleTokenUseCallback)."""
    from ...dialects.async_ import ExecuteOp

    for ex in [o for o in fn.walk() if o.opdef is ExecuteOp]:
        extra: list[tuple[int, Operation, int]] = []
        for r in ex.results[1:]:
            if is_async_token_value(r.type) and len(r.uses) > 1:
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
        insert_before(ex, new)
        n = len(ex.results)
        for k, (_, user, idx) in enumerate(extra):
            user.set_operand(idx, new.results[n + k])
        for old, nr in zip(ex.results, new.results):
            old.replace_all_uses_with(nr)
        erase(ex)
