"""canonicalize (a small one): fold redundant ``gpu.wait``s and erase dead pure ops.

Patterns, applied to a fixpoint (at most ``max-iterations`` sweeps), as upstream's gpu.wait
canonicalizations:

* ``gpu.wait`` / ``gpu.wait async`` with no dependencies whose token is absent or unused: erased;
* ``%t = gpu.wait async [%a]`` (one dependency): uses of ``%t`` forwarded to ``%a``, wait erased;
* ``%t = gpu.wait async`` (no dependencies) used only as a dependency of other ``gpu.wait``s:
  dropped from their dependency lists, wait erased (EraseRedundantGpuWaitOpPairs);
* an op with the ``Pure`` trait (not a terminator) whose results are all unused: erased (this
  includes dead constants).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dialects.gpu import WaitOp
from ..ir.core import Operation
from .registry import Pass


def _wait_deps(op: Operation) -> list:
    return list(op.operand_group("asyncDependencies"))


def _wait_token(op: Operation):
    g = op.result_group("asyncToken")
    return g[0] if g else None


def _simplify_wait(op: Operation) -> bool:
    deps = _wait_deps(op)
    tok = _wait_token(op)
    if not deps and (tok is None or not tok.uses):
        op.erase()
        return True
    if tok is None:
        return False
    if len(deps) == 1:
        tok.replace_all_uses_with(deps[0])
        op.erase()
        return True
    if not deps and all(u.opdef is WaitOp for u in tok.users()):
        for u in tok.users():
            u.opdef.set_operand_group(u, "asyncDependencies", [d for d in _wait_deps(u) if d is not tok])
        op.erase()
        return True
    return False


def _is_dead(op: Operation) -> bool:
    return (op.has_trait("Pure") and not op.is_terminator() and op.parent is not None
            and all(not r.uses for r in op.results))


@dataclass(frozen=True)
class CanonicalizePass(Pass):
    """Canonicalize operations."""

    name: ClassVar[str] = "canonicalize"
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = "Canonicalize operations"
    cpp_name: ClassVar[str] = "Canonicalizer"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-dead-ops-erased", "Number of unused pure operations erased"),
        ("num-waits-folded", "Number of redundant gpu.waits folded"),
    )

    top_down: bool = True
    region_simplify: str = "normal"
    max_iterations: int = 10
    max_num_rewrites: int = -1
    test_convergence: bool = False

    def apply(self, op: Operation) -> bool:
        changed = False
        rewrites = 0
        iters = self.max_iterations if self.max_iterations > 0 else 1 << 30
        for _ in range(iters):
            progress = False
            for o in list(op.walk(pre_order=False)):
                if o is op or o.parent is None:
                    continue
                if 0 <= self.max_num_rewrites <= rewrites:
                    return changed
                if o.opdef is WaitOp:
                    if _simplify_wait(o):
                        self.count("num-waits-folded")
                        progress = True
                        rewrites += 1
                        continue
                if _is_dead(o):
                    o.erase()
                    self.count("num-dead-ops-erased")
                    progress = True
                    rewrites += 1
            changed |= progress
            if not progress:
                break
        return changed
