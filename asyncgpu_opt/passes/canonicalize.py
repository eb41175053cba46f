"""canonicalize: upstream's greedy driver with folding, constant uniquing and the patterns of our ops.

The driver follows upstream's ``GreedyPatternRewriteDriver``: each iteration (at most
``max-iterations``; ``-1``: no limit) erases unreachable blocks, seeds a worklist with every op
nested in the module (``top-down=true``: in pre-order, processed first to last; ``false``: in
post-order, processed from the last) and processes it.  While seeding, the constants met are
uniqued and hoisted (``folding.ConstantFolder``: one per value, type and dialect in each region
isolated from above, moved to the front of its entry block; a duplicate is erased, not queued).
An op is then: erased when trivially dead (unused and ``Pure``, or only reading or allocating:
``passes/region_utils.would_be_trivially_dead``); else folded (``folding.fold_op``: the op's
``fold`` hook, then the ``Commutative`` trait fold; values replace its results, attributes become
constants materialized just before it, which the next iteration uniques; an in-place fold
re-queues the op); else its patterns are tried (at most ``max-num-rewrites`` successful ones per
iteration; ``-1``: no limit).  Erasing an op re-queues the defining ops of its operands that are
left with at most one other user; replacing or changing one re-queues its users; new ops are
queued.  Then, unless ``region-simplify=disabled``, the regions are simplified (``region_utils``:
unreachable blocks erased, dead ops and dead block arguments removed, with the successor operands
feeding them).  Another iteration runs while anything changed; with ``test-convergence=true``, a
run whose last iteration still changed the IR fails (upstream fails without a message; this one
says why).  ``region-simplify=aggressive`` (which also merges identical blocks) is refused.

Patterns, in upstream's order: the gpu.wait ones here,

* EraseRedundantGpuWaitOpPairs: a ``gpu.wait`` depending on the token of a ``gpu.wait async``
  with no dependencies drops that dependency;
* SimplifyGpuWaitOp: ``gpu.wait`` with no dependencies and no token is erased;
  ``%t = gpu.wait async [%a]`` (one dependency): uses of ``%t`` forwarded to ``%a``, wait erased;
  ``%t = gpu.wait async [...]`` whose token is unused is erased;

and those of ``canonical_patterns`` (memref.alloc/alloca, scf.if, scf.for, gpu.launch, cf (``cf_patterns``),
gpu.memcpy).  Fold hooks: arith (``dialects/arith_fold.py``), memref (``dialects/memref_fold.py``),
gpu.memcpy/memset, gpu.all_reduce/subgroup_reduce.

Not modelled: the other ops' patterns (scf.while, scf.forall, vector, llvm, math...), folds of
vectors and tensors, and locations of folded constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..diagnostics import MLIRError
from ..dialects._fold import constant_value, is_constant_like, materialize
from ..dialects.gpu import WaitOp
from ..ir.core import Block, Operation, OpResult, Value
from .canonical_patterns import patterns_of
from .folding import ConstantFolder, fold_op
from .region_utils import erase_unreachable_blocks, is_trivially_dead, run_region_dce, would_be_trivially_dead
from .registry import OptionError, Pass
from .walk import walk_list

_LEVELS = ("disabled", "normal", "aggressive")


class _Driver:
    """One canonicalize run over ``root``'s regions: the worklist and the rewrites.

    Two shortcuts leave the result as upstream's: the region DCE is skipped when it cannot find
    anything (no region of several blocks, the worklist drained, no operand dropped without
    re-queueing its definition, no possibly dead op in a graph region), and the iteration after
    one that left nothing unsettled (the same conditions, and the DCE changed nothing) is not run,
    as it would change nothing."""

    def __init__(self, pass_: CanonicalizePass, root: Operation) -> None:
        self.p = pass_
        self.root = root
        self.worklist: list[Operation | None] = []
        self.pos: dict[int, int] = {}
        self.dce_needed = True  # the region DCE could find what the worklist did not
        self.resweep = True  # another sweep could still change something
        # id(block) -> (block, {id(pred): [pred, edge count]}), built on first use and kept
        # current by the rewrites below (None after the region simplification)
        self._preds: dict[int, tuple[Block, dict[int, list]]] | None = None

    # ----- predecessors (the cf patterns) ---------------------------------------------------------
    def pred_edges(self, block: Block) -> dict[int, list]:
        """``block``'s predecessors: id(pred) -> [pred, number of edges from it] (one index of the
        whole root instead of a scan of the region per question)."""
        idx = self._preds
        if idx is None:
            idx = self._preds = {}
            for o in walk_list(self.root):
                if o.successors:
                    self._edges(o, 1)
        ent = idx.get(id(block))
        return ent[1] if ent is not None and ent[0] is block else {}

    def _edges(self, op: Operation, sign: int) -> None:
        """Add (1) or drop (-1) the CFG edges of ``op`` (a terminator in its block)."""
        idx, src = self._preds, op.parent
        if idx is None or src is None:
            return
        for s in op.successors:
            ent = idx.get(id(s))
            if ent is None or ent[0] is not s:
                ent = idx[id(s)] = (s, {})
            e = ent[1].get(id(src))
            if e is None:
                e = ent[1][id(src)] = [src, 0]
            e[1] += sign
            if e[1] <= 0:
                del ent[1][id(src)]

    def merge_block(self, succ: Block, here: Block) -> None:
        """Move ``succ``'s ops to the end of ``here`` (queued) and drop ``succ`` from its region."""
        term = succ.terminator
        if term is not None and term.successors:
            self._edges(term, -1)
        for o in succ.detach_all():
            here.append(o)
            self.add(o)
        if term is not None and term.successors:
            self._edges(term, 1)
        region = succ.parent
        assert region is not None
        region.blocks.remove(succ)
        succ.parent = None

    # ----- the worklist ---------------------------------------------------------------------------
    def add(self, op: Operation) -> None:
        """Queue ``op`` and its ancestors below the root (upstream's addToWorklist)."""
        pos, wl, root = self.pos, self.worklist, self.root
        o: Operation | None = op
        while o is not None and o is not root:
            k = id(o)
            if k not in pos:
                pos[k] = len(wl)
                wl.append(o)
            b = o.parent
            o = b.parent.parent if b is not None and b.parent is not None else None

    def seed(self) -> None:
        """Queue every op below the root, uniquing and hoisting the constants met on the way
        (``ConstantFolder``: a duplicate is erased, not queued); note whether the region DCE could
        find anything the worklist does not (several blocks: dead block arguments; graph regions:
        dead cycles)."""
        walked = [o for r in self.root.regions for b in r.blocks for top in b.ops
                  for o in walk_list(top, pre_order=self.p.top_down)]
        folder = ConstantFolder(Operation.erase)  # (a duplicate is not queued yet)
        ops = []
        for o in walked:
            if is_constant_like(o):
                v = constant_value(o)
                if v is not None and not folder.insert(o, v):
                    continue
            ops.append(o)
        self.dce_needed = _needs_dce(self.root) or any(_needs_dce(o) for o in ops if o.regions)
        self.resweep = False
        if self.p.top_down:
            ops.reverse()  # popped from the end: processed in pre-order
        self.worklist = ops  # type: ignore[assignment]
        self.pos = {id(o): i for i, o in enumerate(ops)}

    # ----- rewriter -------------------------------------------------------------------------------
    def erase(self, op: Operation) -> None:
        for v in op.operands:
            d = v.defining_op()
            if d is not None and _other_users(v, op) <= 1:
                self.add(d)
        pos = self.pos
        if op.regions:
            for o in walk_list(op):
                i = pos.pop(id(o), None)
                if i is not None:
                    self.worklist[i] = None
                if o.successors:
                    self._edges(o, -1)
        else:
            i = pos.pop(id(op), None)
            if i is not None:
                self.worklist[i] = None
            if op.successors:
                self._edges(op, -1)
        op.erase()

    def replace(self, op: Operation, values: list[Value]) -> None:
        for r, v in zip(op.results, values):
            users = r.users()
            r.replace_all_uses_with(v)
            for u in users:
                self.add(u)
        self.erase(op)

    def insert_before(self, anchor: Operation, ops: list[Operation]) -> None:
        """New ops just before ``anchor``, queued (upstream's notifyOperationInserted)."""
        block = anchor.parent
        assert block is not None
        block.insert_batch({id(anchor): ops})
        for o in ops:
            self.add(o)
            if o.successors:
                self._edges(o, 1)

    def insert_at_start(self, block: Block, op: Operation) -> None:
        """A new op at the start of ``block``, queued."""
        block.insert(0, op)
        self.add(op)
        if op.successors:
            self._edges(op, 1)

    def modified(self, op: Operation) -> None:
        """``op`` was changed in place (operands dropped are not re-queued: the region DCE finds
        them)."""
        self.dce_needed = True
        self.add(op)

    def replace_uses(self, old: Value, new: Value) -> None:
        """Every use of ``old`` now uses ``new``; the users are queued (modified in place)."""
        users = old.users()
        old.replace_all_uses_with(new)
        for u in users:
            self.add(u)

    def set_deps(self, op: Operation, deps: list[Value]) -> None:
        """Change ``op``'s dependencies in place: the dropped values' definitions are not
        re-queued (as upstream), so a later sweep (or the DCE, for one that may be dead) finds them."""
        keep = {id(k) for k in deps}
        dropped = [d for d in op.operands if id(d) not in keep]
        op.opdef.set_operand_group(op, "asyncDependencies", deps)
        self.resweep = True
        if any((o := v.defining_op()) is not None and would_be_trivially_dead(o) for v in dropped):
            self.dce_needed = True
        self.add(op)

    def fold(self, op: Operation) -> bool:
        """Fold ``op`` (upstream's driver): in place (re-queued), or replaced by values and by
        constants materialized just before it (queued; the next iteration uniques them)."""
        r = fold_op(op)
        if r is None:
            return False
        self.resweep = True
        if not r:  # (operands it dropped are not re-queued: the region DCE finds them)
            self.dce_needed = True
            self.add(op)
            return True
        values: list[Value] = []
        made: list[Operation] = []
        dialect = op.name.partition(".")[0]
        for x, res in zip(r, op.results):
            if isinstance(x, Value):
                values.append(x)
                continue
            c = materialize(dialect, x, res.type)
            if c is None:
                for m in made:
                    m.erase()
                return False
            made.append(c)
            values.append(c.results[0])
        if made:
            self.insert_before(op, made)
        self.replace(op, values)
        return True

    # ----- patterns -------------------------------------------------------------------------------
    def wait_patterns(self, op: Operation) -> bool:
        deps = op.operands  # gpu.wait: its operands are its asyncDependencies, its result its token
        redundant = [d for d in deps if type(d) is OpResult and d.op.opdef is WaitOp and not d.op.operands]
        if redundant:  # EraseRedundantGpuWaitOpPairs
            gone = {id(r) for r in redundant}
            self.set_deps(op, [d for d in deps if id(d) not in gone])
            return True
        tok = op.results[0] if op.results else None
        if not deps and tok is None:  # SimplifyGpuWaitOp
            self.erase(op)
        elif len(deps) == 1 and tok is not None:
            self.replace(op, [deps[0]])
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
        wl, pos = self.worklist, self.pos
        while wl and (limit == -1 or rewrites < limit):
            op = wl.pop()
            if op is None:
                continue
            del pos[id(op)]
            if op.opdef is WaitOp:  # (never trivially dead: it syncs)
                if self.wait_patterns(op):
                    self.p.count("num-waits-folded")
                    rewrites += 1
                    changed = True
            elif is_trivially_dead(op):
                self.erase(op)
                self.p.count("num-dead-ops-erased")
                changed = True
            elif not is_constant_like(op) and self.fold(op):
                changed = True
            elif any(pat(op, self) for pat in patterns_of(op.opdef)):
                self.resweep = self.dce_needed = True
                rewrites += 1
                changed = True
        if any(o is not None for o in wl):
            self.dce_needed = self.resweep = True  # stopped by max-num-rewrites
        return changed

    def erase_unreachable(self) -> bool:
        self._preds = None  # (blocks and branches go without the rewriter)
        erased: list[Operation] = []
        changed = erase_unreachable_blocks(self.root.regions, erased)
        for o in erased:  # (upstream's listener takes them off the worklist)
            i = self.pos.pop(id(o), None)
            if i is not None:
                self.worklist[i] = None
        return changed

    def simplify_regions(self) -> bool:
        changed = self.erase_unreachable()
        if self.dce_needed:
            self._preds = None
            erased: list = []
            changed |= run_region_dce(self.root.regions, erased)
            self.p.count("num-dead-ops-erased", sum(1 for x in erased if isinstance(x, Operation)))
            self.resweep |= bool(erased)
        return changed

    def run(self) -> bool:
        changed = progress = False
        iteration = 0
        limit = self.p.max_iterations
        while True:
            iteration += 1
            if limit != -1 and iteration > limit:
                break
            self.seed()
            progress = self.erase_unreachable()
            progress |= self.process()
            if self.p.region_simplify != "disabled":
                progress |= self.simplify_regions()
            changed |= progress
            if not progress:
                break
            if not self.resweep and (limit == -1 or iteration < limit):
                progress = False  # the next sweep would find nothing
                break
        self.worklist = []
        self.pos = {}
        if progress and self.p.test_convergence:  # the last iteration still changed the IR
            raise MLIRError(f"canonicalize did not converge after {self.p.max_iterations} iterations "
                            "(test-convergence)", self.root.loc)
        return changed


def _other_users(v: Value, op: Operation) -> int:
    """How many distinct ops other than ``op`` use ``v``, counted up to 2 (enough to know whether
    at most one is left, without a scan of every use of a value used everywhere)."""
    seen: set[int] = set()
    for u, _ in v.uses:
        if u is not op:
            seen.add(id(u))
            if len(seen) > 1:
                break
    return len(seen)


def _needs_dce(op: Operation) -> bool:
    """A region of ``op`` where only the region DCE finds dead code: several blocks, or a graph
    region (unregistered or ``HasOnlyGraphRegion`` parent) holding a possibly dead op in use."""
    if any(len(r.blocks) > 1 for r in op.regions):
        return True
    if op.opdef is not None and "HasOnlyGraphRegion" not in op.opdef.traits:
        return False
    return any(would_be_trivially_dead(o) and any(r.uses for r in o.results)
               for r in op.regions for b in r.blocks for o in b.ops)


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
