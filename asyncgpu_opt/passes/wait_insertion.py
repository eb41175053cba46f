"""wait-insertion: canonicalize the token graph so that upstream ``gpu-to-llvm`` can lower it.

* duplicate dependencies are removed;
* every async op other than ``gpu.wait`` ends with at most one dependency: a join becomes an explicit
  ``gpu.wait async [deps...]`` placed just before the op; an async memcpy/memset/alloc/dealloc with
  no dependency gets a fresh ``gpu.wait async`` (upstream lowers those only with one dependency);
* every fork is explicit: each non-``gpu.wait`` user of a token with several users gets its own
  ``gpu.wait async [%t]``;
* redundant waits fold: ``gpu.wait async [%t]`` whose token is the only user of a single-use ``%t``
  is replaced by ``%t``.
The pass is idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..analysis.interfaces import is_async
from ..analysis.tokens import is_token
from ..dialects.gpu import AllocOp, AsyncOp, LaunchFuncOp, WaitOp
from ..ir import types as T
from ..ir.core import Block, Operation
from .registry import Pass


def _new_wait(deps: list, loc) -> Operation:
    """``gpu.wait async [deps]`` (``WaitOp.build``'s op: one operand group, no segment sizes)."""
    return Operation.create_simple(WaitOp.name, WaitOp, deps, _TOKEN_RESULT, {}, loc)


_TOKEN_RESULT = (T.gpu_async_token,)


class _Inserts:
    """Ops to insert before other ops, applied once per block (``commit``): a list insert per op
    rebuilt the block's index each time (quadratic in the block's length)."""

    def __init__(self) -> None:
        self.before: dict[int, list[Operation]] = {}
        self.blocks: dict[int, Block] = {}

    def add(self, op: Operation, new: Operation) -> None:
        b = op.parent
        self.blocks[id(b)] = b
        self.before.setdefault(id(op), []).append(new)

    def commit(self) -> None:
        for b in self.blocks.values():
            b.insert_batch(self.before)
        self.before.clear()
        self.blocks.clear()


@dataclass(frozen=True)
class WaitInsertionPass(Pass):
    name: ClassVar[str] = "wait-insertion"
    anchor: ClassVar[str] = "func.func"
    summary: ClassVar[str] = "Make joins and forks of gpu async tokens explicit (<= 1 dependency per op)"
    cpp_name: ClassVar[str] = "WaitInsertionPass"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-deps-deduplicated", "Number of repeated async dependencies dropped"),
        ("num-waits-folded", "Number of single-use pass-through gpu.waits folded"),
        ("num-joins", "Number of joins (gpu.wait async with several dependencies) inserted"),
        ("num-roots", "Number of gpu.wait async inserted as the root of a chain"),
        ("num-forks", "Number of forks (gpu.wait async per user of a shared token) inserted"),
    )

    def apply(self, root: Operation) -> bool:
        changed = False
        ops = [o for o in root.walk() if is_async(o)]
        # 1. dedupe and fold single-use pass-through waits
        for op in ops:
            deps = AsyncOp.deps(op)
            if len(deps) < 2:
                continue  # (nothing to dedupe)
            uniq = []
            for d in deps:
                if all(d is not u for u in uniq):
                    uniq.append(d)
            if len(uniq) != len(deps):
                op.opdef.set_operand_group(op, "asyncDependencies", uniq)
                self.count("num-deps-deduplicated", len(deps) - len(uniq))
                changed = True
        for op in list(ops):
            if op.opdef is not WaitOp or AsyncOp.token(op) is None or op.parent is None:
                continue
            deps = AsyncOp.deps(op)
            if len(deps) == 1 and len(deps[0].uses) == 1 and deps[0].defining_op() is not None \
                    and deps[0].defining_op().parent is op.parent:
                tok = AsyncOp.token(op)
                users = tok.users()
                if len(users) == 1 and users[0].opdef is not WaitOp:
                    tok.replace_all_uses_with(deps[0])
                    op.erase()
                    self.count("num-waits-folded")
                    changed = True
        ops = [o for o in root.walk() if is_async(o)]
        inserts = _Inserts()
        # 2. joins, and roots: an async op other than gpu.wait / launch_func with no dependency
        #    gets a fresh `gpu.wait async` (upstream gpu-to-llvm lowers those only with exactly one)
        for op in ops:
            if op.opdef is WaitOp:
                continue
            deps = AsyncOp.deps(op)
            if not deps and AsyncOp.token(op) is not None and op.opdef is not LaunchFuncOp \
                    and not (op.opdef is AllocOp and AllocOp.host_shared(op)):
                w = _new_wait([], op.loc)
                inserts.add(op, w)
                op.opdef.set_operand_group(op, "asyncDependencies", [w.results[0]])
                self.count("num-roots")
                changed = True
            elif len(deps) > 1:
                w = _new_wait(deps, op.loc)
                inserts.add(op, w)
                op.opdef.set_operand_group(op, "asyncDependencies", [w.results[0]])
                self.count("num-joins")
                changed = True
        inserts.commit()
        # 3. forks
        tokens = []
        for o in root.walk():
            tokens.extend(r for r in o.results if is_token(r))
            for r in o.regions:
                for b in r.blocks:
                    tokens.extend(a for a in b.args if is_token(a))
        for t in tokens:
            if len(t.uses) < 2:
                continue  # (at most one user)
            users = t.users()
            if len(users) <= 1:
                continue
            for u in users:
                if u.opdef is WaitOp or not is_async(u):
                    continue
                w = _new_wait([t], u.loc)
                inserts.add(u, w)
                deps = AsyncOp.deps(u)
                u.opdef.set_operand_group(u, "asyncDependencies", [w.results[0] if d is t else d for d in deps])
                self.count("num-forks")
                changed = True
        inserts.commit()
        return changed
