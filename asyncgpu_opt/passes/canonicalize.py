"""canonicalize (a small one): upstream's greedy driver with the gpu.wait patterns and dead-op erasure.

The driver follows upstream's ``GreedyPatternRewriteDriver``: each iteration (at most
``max-iterations``; ``-1``: no limit) erases unreachable blocks, seeds a worklist with every op
nested in the module (``top-down=true``: in pre-order, processed first to last; ``false``: in
post-order, processed from the last), and processes it: an op that is trivially dead (unused and
``Pure``, or only allocating: ``passes/region_utils.would_be_trivially_dead``) is erased, else its
patterns are tried (at most ``max-num-rewrites`` successful ones per iteration; ``-1``: no
limit).  Erasing an op re-queues the defining ops of its operands that are left with at most one
other user; replacing or changing one re-queues its users.  Then, unless
``region-simplify=disabled``, the regions are simplified (``region_utils``: unreachable blocks
erased, dead ops and dead block arguments removed, with the successor operands feeding them).
Another iteration runs while anything changed; with ``test-convergence=true``, a run whose last
iteration still changed the IR fails (upstream fails without a message; this one says why).
``region-simplify=aggressive`` (which also merges identical blocks) is refused.

Patterns, upstream's gpu.wait canonicalizations, in their order:

* EraseRedundantGpuWaitOpPairs: a ``gpu.wait`` depending on the token of a ``gpu.wait async``
  with no dependencies drops that dependency;
* SimplifyGpuWaitOp: ``gpu.wait`` with no dependencies and no token is erased;
  ``%t = gpu.wait async [%a]`` (one dependency): uses of ``%t`` forwarded to ``%a``, wait erased;
  ``%t = gpu.wait async [...]`` whose token is unused is erased.

Not modelled: folding, other dialects' patterns, constant uniquing and hoisting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..diagnostics import MLIRError
from ..dialects.gpu import WaitOp
from ..ir.core import Operation, Value
from .region_utils import erase_unreachable_blocks, is_trivially_dead, run_region_dce
from .registry import OptionError, Pass

_LEVELS = ("disabled", "normal", "aggressive")


class _Driver:
    """One canonicalize run over ``root``'s regions: the worklist and the rewrites."""

    def __init__(self, pass_: CanonicalizePass, root: Operation) -> None:
        self.p = pass_
        self.root = root
        self.worklist: list[Operation | None] = []
        self.pos: dict[int, int] = {}

    # ----- the worklist ---------------------------------------------------------------------------
    def add(self, op: Operation) -> None:
        """Queue ``op`` and its ancestors below the root (upstream's addToWorklist)."""
        chain = []
        o: Operation | None = op
        while o is not None and o is not self.root:
            chain.append(o)
            o = o.parent_op
        if o is None:
            return
        for x in chain:
            if id(x) not in self.pos:
                self.pos[id(x)] = len(self.worklist)
                self.worklist.append(x)

    def pop(self) -> Operation | None:
        op = self.worklist.pop()
        if op is not None:
            del self.pos[id(op)]
        return op

    def seed(self) -> None:
        self.worklist.clear()
        self.pos.clear()
        ops = [o for r in self.root.regions for b in r.blocks for top in b.ops
               for o in top.walk(pre_order=self.p.top_down)]
        if self.p.top_down:
            ops.reverse()  # popped from the end: processed in pre-order
        for o in ops:
            self.pos[id(o)] = len(self.worklist)
            self.worklist.append(o)

    # ----- rewriter -------------------------------------------------------------------------------
    def erase(self, op: Operation) -> None:
        for v in op.operands:
            d = v.defining_op()
            if d is not None and len({id(u) for u, _ in v.uses if u is not op}) <= 1:
                self.add(d)
        for o in op.walk():
            i = self.pos.pop(id(o), None)
            if i is not None:
                self.worklist[i] = None
        op.erase()

    def replace(self, op: Operation, values: list[Value]) -> None:
        for r, v in zip(op.results, values):
            users = r.users()
            r.replace_all_uses_with(v)
            for u in users:
                self.add(u)
        self.erase(op)

    def set_deps(self, op: Operation, deps: list[Value]) -> None:
        op.opdef.set_operand_group(op, "asyncDependencies", deps)
        self.add(op)

    # ----- patterns -------------------------------------------------------------------------------
    def wait_patterns(self, op: Operation) -> bool:
        deps = list(op.operand_group("asyncDependencies"))
        redundant = [d for d in deps if (w := d.defining_op()) is not None and w.opdef is WaitOp and not w.operands]
        if redundant:  # EraseRedundantGpuWaitOpPairs
            self.set_deps(op, [d for d in deps if not any(d is r for r in redundant)])
            return True
        g = op.result_group("asyncToken")
        tok = g[0] if g else None
        if not deps and tok is None:  # SimplifyGpuWaitOp
            self.erase(op)
        elif len(deps) == 1 and tok is not None:
            self.replace(op, deps)
        elif tok is not None and not tok.uses:
            self.erase(op)
        else:
            return False
        return True

    # ----- the driver -----------------------------------------------------------------------------
    def process(self) -> bool:
        changed = False
        rewrites = 0
        limit = self.p.max_num_rewrites
        while self.worklist and (limit == -1 or rewrites < limit):
            op = self.pop()
            if op is None:
                continue
            if is_trivially_dead(op):
                self.erase(op)
                self.p.count("num-dead-ops-erased")
                changed = True
                continue
            if op.opdef is WaitOp and self.wait_patterns(op):
                self.p.count("num-waits-folded")
                rewrites += 1
                changed = True
        return changed

    def simplify_regions(self) -> bool:
        erased: list[Operation] = []
        changed = erase_unreachable_blocks(self.root.regions)
        changed |= run_region_dce(self.root.regions, erased)
        self.p.count("num-dead-ops-erased", len(erased))
        return changed

    def run(self) -> bool:
        changed = progress = False
        iteration = 0
        while True:
            iteration += 1
            if self.p.max_iterations != -1 and iteration > self.p.max_iterations:
                break
            self.seed()
            progress = erase_unreachable_blocks(self.root.regions)
            progress |= self.process()
            if self.p.region_simplify != "disabled":
                progress |= self.simplify_regions()
            changed |= progress
            if not progress:
                break
        self.worklist.clear()
        self.pos.clear()
        if progress and self.p.test_convergence:  # the last iteration still changed the IR
            raise MLIRError(f"canonicalize did not converge after {self.p.max_iterations} iterations "
                            "(test-convergence)", self.root.loc)
        return changed


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

    top_down: bool = True  # worklist order: pre-order (true) or post-order (false)
    region_simplify: str = "normal"
    max_iterations: int = 10
    max_num_rewrites: int = -1
    test_convergence: bool = False

    def __post_init__(self) -> None:
        if self.region_simplify not in _LEVELS:
            raise OptionError(f"Invalid value '{self.region_simplify}' for option region-simplify: expected "
                              "disabled, normal or aggressive")
        if self.region_simplify == "aggressive":
            raise OptionError("region-simplify=aggressive (merging identical blocks) is not supported: "
                              "use normal or disabled")

    def apply(self, op: Operation) -> bool:
        return _Driver(self, op).run()
