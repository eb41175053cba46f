"""Token-DAG analysis for ``!gpu.async.token`` values within one block.

For every token value used in a block: the number of *uses in that block* (a use nested inside
a region op counts once, at the region op), whether it is a fork (more than one user), and for
every op the tokens whose last use it is.  Joins are ops with more than one distinct dependency.
"""

from __future__ import annotations

from typing import Any

from ..ir import types as T
from ..ir.core import Block, Operation, Value
from ..records import Record

_TOKEN = T.gpu_async_token
_OPAQUE = type(_TOKEN)


def is_token(v: Value) -> bool:
    """Whether ``v`` is a ``!gpu.async.token`` (compared only when the type is an opaque one)."""
    t = v.type
    return t is _TOKEN or (type(t) is _OPAQUE and t == _TOKEN)


def _top_user(op: Operation, block: Block) -> Operation | None:
    """The ancestor of ``op`` (or ``op``) that sits directly in ``block``."""
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op


class TokenInfo(Record):
    __slots__ = ("users",)

    def __init__(self, users: dict[int, list[Operation]] | None = None) -> None:
        self.users: dict[int, list[Operation]] = {} if users is None else users  # id(value) -> block-level users

    def num_users(self, v: Value) -> int:
        return len(self.users.get(id(v), []))

    def is_fork(self, v: Value) -> bool:
        return self.num_users(v) > 1

    def last_user(self, v: Value) -> Operation | None:
        us = self.users.get(id(v))
        return us[-1] if us else None


def analyze_block(block: Block, values: list[Value]) -> TokenInfo:
    """Block-level users (in block order, deduplicated) of each value in ``values``."""
    info = TokenInfo()
    users = info.users
    for v in values:
        seen: dict[int, Operation] = {}
        for op, _ in v.uses:
            top = op if op.parent is block else _top_user(op, block)
            if top is not None:
                seen.setdefault(id(top), top)
        users[id(v)] = sorted(seen.values(), key=block.index_of) if len(seen) > 1 else list(seen.values())
    return info


def joins(block: Block) -> list[Operation]:
    """Ops in ``block`` with more than one distinct token dependency."""
    out = []
    for op in block.ops:
        ds = {id(v) for v in op.operands if is_token(v)}
        if len(ds) > 1:
            out.append(op)
    return out


def forks(block: Block) -> list[Any]:
    """Token values defined in ``block`` (results or block args) with more than one user."""
    vals: list[Value] = [a for a in block.args if is_token(a)]
    for op in block.ops:
        vals.extend(r for r in op.results if is_token(r))
    info = analyze_block(block, vals)
    return [v for v in vals if info.is_fork(v)]


# a dependency is kept when the search for another path to it gives up after this many tokens
# (sound: the kept edge is only redundant), which bounds the reduction to linear time
_REACH_LIMIT = 256


def async_ops(block: Block) -> dict[int, list[Any]]:
    """id(op) -> ``[op, its dependencies, its token or None]`` for each async gpu op of ``block``, in
    block order: ``AsyncOp.deps``/``token`` read once for the passes over the block, which keep
    an entry's dependencies current when they change the op's."""
    from ..dialects.gpu import AsyncOp, is_async_op

    deps, token = AsyncOp.deps, AsyncOp.token
    return {id(op): [op, deps(op), token(op)] for op in block.ops if is_async_op(op)}


def reduce_dependencies(block: Block, graph: dict[int, list[Any]] | None = None) -> int:
    """Transitive reduction of the dependencies of the async gpu ops of ``block`` (``gpu.wait``
    included): a dependency that another dependency of the same op already waits for, through
    the async ops of this block, is dropped (and duplicates with it).  The ordering every op gets
    is unchanged; fewer edges mean fewer events and syncs.  Returns how many were dropped.
    ``graph``: the block's ``async_ops`` (kept current), else read here."""
    preds: dict[int, list[Value]] = {}  # id(token defined by an op of this block) -> its deps
    dropped = 0
    for entry in (graph if graph is not None else async_ops(block)).values():
        op, deps, tok = entry
        if len(deps) > 1:
            uniq = list({id(d): d for d in deps}.values())
            implied: set[int] = set()
            for d in uniq:
                if id(d) in implied:
                    continue
                reachable_tokens(d, preds, implied)
            keep = [d for d in uniq if id(d) not in implied]
            if len(keep) != len(deps):
                dropped += len(deps) - len(keep)
                op.opdef.set_operand_group(op, "asyncDependencies", keep)
                entry[1] = deps = keep
        if tok is not None:
            preds[id(tok)] = list(deps)
    return dropped


def reachable_tokens(start: Value, preds: dict[int, list[Value]], out: set[int]) -> None:
    """Add to ``out`` the ids of the tokens ``start`` waits for (not ``start`` itself)."""
    stack = list(preds.get(id(start), ()))
    seen = 0
    while stack and seen < _REACH_LIMIT:
        v = stack.pop()
        if id(v) in out:
            continue
        out.add(id(v))
        seen += 1
        stack.extend(preds.get(id(v), ()))


def reachable_since(start: Value, preds: dict[int, list[Value]], out: set[int], seq: dict[int, int],
                    floor: int) -> int:
    """``reachable_tokens`` that does not look at tokens older than ``floor`` (``seq``: id(token) ->
    when its ``preds`` were recorded, after those of each of its dependencies; a token without
    one counts as -1): when the tokens searched for are all ``floor`` or newer, nothing older
    leads to them.  The limit counts the tokens looked at.  Returns how many were."""
    stack = list(preds.get(id(start), ()))
    seen = 0
    while stack and seen < _REACH_LIMIT:
        v = stack.pop()
        k = id(v)
        if k in out or seq.get(k, -1) < floor:
            continue
        out.add(k)
        seen += 1
        stack.extend(preds.get(k, ()))
    return seen
