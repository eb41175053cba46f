"""Folding for the greedy driver: ``fold_op`` (upstream's ``Operation::fold`` with the trait folds)
and ``ConstantFolder`` (upstream's ``OperationFolder`` as the driver uses it: uniquing and hoisting
the constants that exist when an iteration starts).

* ``fold_op(op)``: the op's ``fold`` hook (``dialects/_fold.py``) with its operands' constants;
  when it finds nothing (or folds in place to its own result), the trait folds in order:
  ``Commutative`` moves the constant operands after the others (stable; in place).
* ``ConstantFolder.insert(op, value)`` (``insertKnownConstant``): constants are uniqued per
  insertion region by (dialect, value, type): a duplicate is replaced by the first one and
  erased; a kept one is moved to the front of the insertion region's entry block unless it is
  already there or right after another kept constant.  The insertion region of a block is the
  closest enclosing region whose op is isolated from above (or unregistered, or top-level).
"""

from __future__ import annotations

from collections.abc import Callable

from ..dialects._fold import FoldResult, constant_of
from ..ir.attributes import Attribute
from ..ir.core import Block, Operation, Region


def fold_op(op: Operation) -> FoldResult:
    """``Operation::fold``: None (no fold), ``[]`` (changed in place) or one value or attribute per
    result."""
    d = op.opdef
    if d is None:
        return None
    hook = d.fold
    consts = [constant_of(v) for v in op.operands]
    r = hook(op, consts) if hook is not None else None
    if r is None or (len(r) == 1 and r[0] is op.results[0]):
        if "Commutative" in d.traits and _fold_commutative(op, consts):
            return []
        return None if r is None else []
    return r


def _fold_commutative(op: Operation, consts: list) -> bool:
    """``foldCommutative``: the constant operands moved after the others (stable)."""
    if len(op.operands) < 2:
        return False
    order = sorted(range(len(op.operands)), key=lambda i: consts[i] is not None)
    if order == list(range(len(op.operands))):
        return False
    op.set_operands([op.operands[i] for i in order])
    return True


def insertion_region(block: Block) -> Region:
    """``getInsertionRegion``: the closest region around ``block`` whose op is isolated from above,
    unregistered, or top-level."""
    while True:
        region = block.parent
        assert region is not None
        parent = region.parent
        if parent is None or parent.opdef is None or "IsolatedFromAbove" in parent.opdef.traits \
                or parent.parent is None:
            return region
        block = parent.parent


class ConstantFolder:
    """The constants one driver iteration uniqued (``OperationFolder``); ``erase(op)`` is the
    driver's erasure (it keeps its worklist right)."""

    def __init__(self, erase: Callable[[Operation], None]) -> None:
        self.erase = erase
        self.scopes: dict[int, dict[tuple, Operation]] = {}
        self.owned: set[int] = set()

    def insert(self, op: Operation, value: Attribute) -> bool:
        """Unique and hoist ``op`` (a constant of ``value``); False when it was a duplicate and
        is now erased."""
        block = op.parent
        assert block is not None
        owned = self.owned
        if id(op) in owned:
            self._hoist_in(op, block)
            return True
        region = insertion_region(block)
        scope = self.scopes.setdefault(id(region), {})
        key = (op.name.partition(".")[0], value, op.results[0].type)
        first = scope.get(key)
        if first is not None:
            op.results[0].replace_all_uses_with(first.results[0])
            self.erase(op)
            return False
        entry = region.blocks[0]
        if block is not entry:
            block.remove(op)
            entry.insert(0, op)
        else:
            self._hoist_in(op, block)
        scope[key] = op
        owned.add(id(op))
        return True

    def _hoist_in(self, op: Operation, block: Block) -> None:
        """To the front of its block unless at the front or right after a kept constant."""
        i = block.index_of(op)
        if i and id(block.ops[i - 1]) not in self.owned:
            block.remove(op)
            block.insert(0, op)
