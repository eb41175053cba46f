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

from ..dialects.gpu import AllocOp, AsyncOp, LaunchFuncOp, WaitOp
from ..ir import types as T
from ..ir.core import Operation
from ..ir.rewriter import Rewriter, create
from .registry import Pass


def _new_wait(deps: list, loc) -> Operation:
    """``gpu.wait async [deps]`` (``WaitOp.build``'s op: one operand group, no segment sizes)."""
    return create(WaitOp.name, WaitOp, deps, _TOKEN_RESULT, {}, loc)


_TOKEN = T.gpu_async_token
_TOKEN_RESULT = (_TOKEN,)


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
        # (one list of the async ops per phase and local counters: a walk generator, an
        # ``is_async`` call and a statistics call per op were half of the pass's time at 10k ops)
        counts = dict.fromkeys(("num-deps-deduplicated", "num-waits-folded", "num-joins", "num-roots",
                                "num-forks"), 0)
        ops = _async_ops(root)
        # id(op) -> its dependencies as they are now (every change below updates it; a fold
        # clears it), so that each op's group is read about once
        known: dict[int, list] = {}
        # 1. dedupe and fold single-use pass-through waits
        for op in ops:
            if len(op.operands) < 2:
                continue  # (fewer than two dependencies: nothing to dedupe)
            deps = op.opdef.operand_group(op, "asyncDependencies")
            if len(deps) < 2:
                known[id(op)] = deps
                continue
            uniq = list({id(d): d for d in deps}.values())  # (first occurrences, in order)
            if len(uniq) != len(deps):
                op.opdef.set_operand_group(op, "asyncDependencies", uniq)
                counts["num-deps-deduplicated"] += len(deps) - len(uniq)
            known[id(op)] = uniq
        folded = False
        for op in ops:
            # gpu.wait: its operands are its dependencies, its optional result the token
            if op.opdef is not WaitOp or not op.results or op.parent is None:
                continue
            deps = op.operands
            if len(deps) == 1 and len(deps[0].uses) == 1 and deps[0].defining_op() is not None \
                    and deps[0].defining_op().parent is op.parent:
                tok = op.results[0]
                users = tok.users()
                if len(users) == 1 and users[0].opdef is not WaitOp:
                    tok.replace_all_uses_with(deps[0])
                    op.erase()
                    counts["num-waits-folded"] += 1
                    folded = True
        if folded:  # the same list as a new walk: only (region-less) waits were erased
            ops = [o for o in ops if o.parent is not None or o is root]
            known.clear()  # (a fold changed the dependencies of the folded wait's user)
        inserts = Rewriter()  # one rebuild per block: a list insert per op was quadratic
        # 2. joins, and roots: an async op other than gpu.wait / launch_func with no dependency
        #    gets a fresh `gpu.wait async` (upstream gpu-to-llvm lowers those only with exactly one)
        for op in ops:
            od = op.opdef
            if od is WaitOp:
                continue
            deps = known.get(id(op))
            if deps is None:
                deps = od.operand_group(op, "asyncDependencies")
            if not deps and od.result_group(op, "asyncToken") and od is not LaunchFuncOp \
                    and not (od is AllocOp and AllocOp.host_shared(op)):
                w = _new_wait([], op.loc)
                inserts.insert_before(op, w)
                deps = [w.results[0]]
                od.set_operand_group(op, "asyncDependencies", deps)
                counts["num-roots"] += 1
            elif len(deps) > 1:
                w = _new_wait(deps, op.loc)
                inserts.insert_before(op, w)
                deps = [w.results[0]]
                od.set_operand_group(op, "asyncDependencies", deps)
                counts["num-joins"] += 1
            known[id(op)] = deps
        inserts.commit()
        # 3. forks
        tokens: list = []
        _shared_tokens(root, tokens)
        for t in tokens:
            if len(t.uses) < 2:
                continue  # (at most one user)
            users = t.users()
            if len(users) <= 1:
                continue
            for u in users:
                od = u.opdef
                if od is WaitOp or od is None or not issubclass(od, AsyncOp):
                    continue
                w = _new_wait([t], u.loc)
                inserts.insert_before(u, w)
                deps = known.get(id(u))
                if deps is None:  # (a user outside ``root``)
                    deps = od.operand_group(u, "asyncDependencies")
                known[id(u)] = deps = [w.results[0] if d is t else d for d in deps]
                od.set_operand_group(u, "asyncDependencies", deps)
                counts["num-forks"] += 1
        inserts.commit()
        changed = False
        for stat, n in counts.items():
            if n:
                self.count(stat, n)
                changed = True
        return changed


def _async_ops(root: Operation) -> list[Operation]:
    """The GPU_AsyncOpInterface ops of ``root.walk()``, in its (pre-)order."""
    od = root.opdef
    out = [root] if od is not None and issubclass(od, AsyncOp) else []
    _collect_async(root, out)
    return out


def _collect_async(op: Operation, out: list[Operation]) -> None:
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                od = o.opdef
                if od is not None and issubclass(od, AsyncOp):
                    out.append(o)
                if o.regions:
                    _collect_async(o, out)


def _shared_tokens(op: Operation, out: list) -> None:
    """The ``!gpu.async.token`` values with two uses or more defined in ``op.walk()``, in its
    order: an op's results, then its blocks' arguments, then the ops nested in it."""
    for r in op.results:
        if len(r.uses) > 1 and (r.type is _TOKEN or r.type == _TOKEN):
            out.append(r)
    _nested_tokens(op, out)


def _nested_tokens(op: Operation, out: list) -> None:
    for reg in op.regions:
        for b in reg.blocks:
            for a in b.args:
                if len(a.uses) > 1 and (a.type is _TOKEN or a.type == _TOKEN):
                    out.append(a)
    for reg in op.regions:
        for b in reg.blocks:
            for o in b.ops:
                for r in o.results:
                    if len(r.uses) > 1 and (r.type is _TOKEN or r.type == _TOKEN):
                        out.append(r)
                if o.regions:
                    _nested_tokens(o, out)
