"""Region simplification, as upstream's ``RegionUtils`` (``simplifyRegions`` without block merging):

* ``erase_unreachable_blocks(regions)``: in every region of several blocks, the blocks not
  reachable from the entry block through successors are erased (with everything in them);
  nested regions of the reachable blocks are visited too.
* ``run_region_dce(regions)``: liveness over the regions (``runRegionDCE``): an op is live if it
  is not trivially dead (``would_be_trivially_dead``) or one of its results is used by a live op;
  a terminator is live; a successor operand of a ``BranchOpInterface`` terminator is used only if
  the block argument it feeds is live.  Dead ops are erased, dead arguments of non-entry blocks
  are removed together with the successor operands feeding them.
* ``would_be_trivially_dead(op)`` / ``is_trivially_dead(op)``: upstream's
  ``wouldOpBeTriviallyDead`` from the op's declared facts: not a terminator, and ``Pure`` (or
  ``NoMemoryEffect``), or only ``read`` and ``alloc`` effects (a read or an allocation nobody
  uses), or recursive
  effects whose nested ops are all trivially dead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..analysis.interfaces import is_branch
from ..ir.core import Block, BlockArgument, Operation, Region, Value

_UNKNOWN: object = object()
_DEAD_BY_CLASS: dict[type, bool | None] = {}  # opdef -> dead-able (None: ask its nested ops)


def _dead_by_class(d: type) -> bool | None:
    """What the op definition alone says: ``True`` (dead once unused), ``False`` (never), ``None``
    (recursive effects: the nested ops decide)."""
    traits = d.traits
    if "Terminator" in traits:
        v: bool | None = False
    elif "Pure" in traits or "NoMemoryEffect" in traits:
        v = True
    elif "RecursiveMemoryEffects" in traits:  # its own declared effects too, if any
        v = None if d.effects is None or _only_reads_allocs(d) else False
    else:
        v = bool(d.effects) and _only_reads_allocs(d)
    _DEAD_BY_CLASS[d] = v
    return v


def _only_reads_allocs(d: type) -> bool:
    """The declared effects are reads, and allocations of the op's own results."""
    return all(k == "read" or (k == "alloc" and g in d._result_index) for k, g in d.effects)


def would_be_trivially_dead(op: Operation) -> bool:
    """The op has no effect anyone could observe once its results are unused."""
    d = op.opdef
    if d is None:
        return False
    v = _DEAD_BY_CLASS.get(d, _UNKNOWN)
    if v is _UNKNOWN:
        v = _dead_by_class(d)
    if v is not None:
        return v  # type: ignore[return-value]
    return bool(op.regions) and all(would_be_trivially_dead(o) for r in op.regions for b in r.blocks
                                    for o in b.ops if not o.is_terminator())


def is_trivially_dead(op: Operation) -> bool:
    """Unused and ``would_be_trivially_dead``."""
    for r in op.results:
        if r.uses:
            return False
    return would_be_trivially_dead(op)


def _drop_block(block: Block) -> None:
    for op in block.ops:
        op.drop_all_references()
    for op in block.ops:
        for r in op.results:
            r.uses.clear()
    for a in block.args:
        a.uses.clear()
    block.detach_all()
    block.parent = None


def erase_unreachable_blocks(regions: Iterable[Region], erased: list[Operation] | None = None) -> bool:
    """Erase the blocks no path from their region's entry reaches; True if any went.  The ops
    erased with them (nested ones included) are appended to ``erased``."""
    any_erased = False
    work = list(regions)
    while work:
        region = work.pop()
        if not region.blocks:
            continue
        if len(region.blocks) == 1:
            work.extend(r for op in region.blocks[0].ops for r in op.regions)
            continue
        reachable = {id(region.blocks[0])}
        stack = [region.blocks[0]]
        while stack:
            b = stack.pop()
            term = b.ops[-1] if b.ops else None
            for s in term.successors if term is not None else ():
                if id(s) not in reachable:
                    reachable.add(id(s))
                    stack.append(s)
        keep = []
        for b in region.blocks:
            if id(b) in reachable:
                keep.append(b)
                work.extend(r for op in b.ops for r in op.regions)
            else:
                if erased is not None:
                    erased.extend(o for op in b.ops for o in op.walk())
                _drop_block(b)
                any_erased = True
        region.blocks[:] = keep
    return any_erased


def _own(d: type) -> set[str]:
    """The names defined by ``d`` or a base class below ``OpDef``."""
    return {n for k in d.__mro__ if k.__name__ != "OpDef" and k is not object for n in vars(k)}


def _successor_args(term: Operation) -> list[tuple[int, int, Block]] | None:
    """For a branch terminator: ``(first operand index, count, successor)`` per successor; ``None``
    when its successor operands are not declared (every argument it feeds counts as live)."""
    d = term.opdef
    if d is None or not is_branch(term):
        return None
    if len(d.successor_groups) != len(term.successors) and "successor_operand_range" not in _own(d):
        return None  # (cf.switch / llvm.switch declare theirs by overriding the range)
    out = []
    for i, s in enumerate(term.successors):
        lo, hi = d.successor_operand_range(term, i)
        out.append((lo, hi - lo, s))
    return out


class _Liveness:
    """The live ops and values of ``runRegionDCE``, found by propagation to a fixpoint."""

    def __init__(self) -> None:
        self.live: set[int] = set()
        self.changed = False

    def mark(self, x: Operation | Value) -> None:
        if id(x) not in self.live:
            self.live.add(id(x))
            self.changed = True

    def region(self, region: Region) -> None:
        for block in _post_order(region):
            for op in reversed(block.ops):
                self.op(op)
            if block is not region.blocks[0]:
                for a in block.args:
                    if id(a) not in self.live:
                        self.value(a)

    def op(self, op: Operation) -> None:
        for r in op.regions:
            self.region(r)
        if op.is_terminator():
            self.terminator(op)
            return
        if id(op) in self.live:
            return
        if not would_be_trivially_dead(op):
            self.mark(op)
            return
        for r in op.results:
            self.value(r)

    def terminator(self, op: Operation) -> None:
        self.mark(op)
        succ = _successor_args(op)
        if succ is None:
            for s in op.successors:
                for a in s.args:
                    self.mark(a)
            return
        for _lo, n, s in succ:  # arguments beyond the forwarded operands are produced by the op
            for a in s.args[n:]:
                self.mark(a)

    def value(self, v: Value) -> None:
        """A value is live if a live op uses it (a result's liveness is its op's, as upstream)."""
        key: Operation | Value = v if isinstance(v, BlockArgument) else v.op  # type: ignore[attr-defined]
        if id(key) in self.live:
            return
        for user, idx in v.uses:
            if id(user) in self.live and not self._forwarded_to_dead_arg(user, idx):
                self.mark(key)
                return

    def _forwarded_to_dead_arg(self, user: Operation, idx: int) -> bool:
        if not user.is_terminator():
            return False
        succ = _successor_args(user)
        for lo, n, s in succ or ():
            if lo <= idx < lo + n:
                return id(s.args[idx - lo]) not in self.live
        return False


def _post_order(region: Region) -> list[Block]:
    """The blocks reachable from the entry, in post-order of a depth-first walk over successors."""
    if not region.blocks:
        return []
    out: list[Block] = []
    seen = {id(region.blocks[0])}
    stack: list[tuple[Block, int]] = [(region.blocks[0], 0)]
    while stack:
        b, i = stack[-1]
        term = b.ops[-1] if b.ops else None
        succ = term.successors if term is not None else ()
        if i < len(succ):
            stack[-1] = (b, i + 1)
            s = succ[i]
            if id(s) not in seen:
                seen.add(id(s))
                stack.append((s, 0))
            continue
        stack.pop()
        out.append(b)
    return out


def _delete_dead(regions: Sequence[Region], lv: _Liveness, erased: list[Any]) -> bool:
    changed = False
    for region in regions:
        if not region.blocks:
            continue
        multi = len(region.blocks) > 1
        for block in _post_order(region):
            term = block.ops[-1] if block.ops else None
            if multi and term is not None:
                _erase_dead_successor_operands(term, lv)
            for op in list(reversed(block.ops)):
                if id(op) not in lv.live:
                    changed = True
                    op.erase()  # (its users, dead too, went before it: blocks in post-order)
                    erased.append(op)
                else:
                    changed |= _delete_dead(op.regions, lv, erased)
        for block in region.blocks[1:]:
            for i in reversed(range(len(block.args))):
                if id(block.args[i]) not in lv.live and not block.args[i].uses:
                    erased.append(block.args[i])
                    block.erase_arg(i)
    return changed


def _erase_dead_successor_operands(term: Operation, lv: _Liveness) -> None:
    succ = _successor_args(term)
    if succ is None:
        return
    d = term.opdef
    for i in reversed(range(len(succ))):
        _lo, n, s = succ[i]
        ops = d.successor_operands(term, i)
        keep = [v for k, v in enumerate(ops) if k >= len(s.args) or id(s.args[k]) in lv.live]
        if len(keep) != len(ops):
            d.set_successor_operands(term, i, keep)


def run_region_dce(regions: Sequence[Region], erased: list[Any] | None = None) -> bool:
    """Erase dead ops and dead non-entry block arguments; True if an op was erased (as upstream,
    removing only arguments does not count).  The erased ops and arguments are appended to
    ``erased``."""
    lv = _Liveness()
    while True:
        lv.changed = False
        for r in regions:
            lv.region(r)
        if not lv.changed:
            break
    return _delete_dead(regions, lv, erased if erased is not None else [])
