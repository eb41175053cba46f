"""The rewriter: how passes build and edit IR (in the spirit of MLIR's ``RewriterBase``).

Building: ``create`` (the core's ``new_op``: every op of the project is made by it).
Immediate edits: ``insert_before`` / ``insert_after`` (a list insert: fine for a few edits per block),
``erase`` (references dropped, detached), ``replace_all_uses``, ``replace_op``.
Batched edits: a ``Rewriter`` records ``insert_before`` / ``insert_after`` / ``erase`` per op and
applies them once per block (``commit_block``: one pass over the op list, O(edits + block size));
an erased op's references are dropped at once, so use lists stay exact while the batch is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core import NO_OPERANDS, Block, Location, Operation, Value, new_op

__all__ = ["Rewriter", "create", "erase", "insert_after", "insert_before", "replace_all_uses", "replace_op"]


def create(name: str, opdef: Any, operands: Sequence[Value], result_types: Sequence[Any],
           attributes: dict[str, Any], loc: Location) -> Operation:
    """A new detached op (``new_op``; ``operands`` copied, ``attributes`` kept: it may be shared)."""
    return new_op(name, opdef, list(operands) if operands else NO_OPERANDS, result_types, attributes, loc)


def insert_before(anchor: Operation, op: Operation) -> Operation:
    """Put detached ``op`` just before ``anchor`` now."""
    b = anchor.parent
    assert b is not None, "anchor is not in a block"
    return b.insert(b.index_of(anchor), op)


def insert_after(anchor: Operation, op: Operation) -> Operation:
    """Put detached ``op`` just after ``anchor`` now."""
    b = anchor.parent
    assert b is not None, "anchor is not in a block"
    return b.insert(b.index_of(anchor) + 1, op)


def erase(op: Operation) -> None:
    """Erase ``op`` now: its references (nested ones included) dropped, detached, results forgotten
    (they must be unused)."""
    op.erase()
    op.forget_results()


def replace_all_uses(old: Value, new: Value) -> None:
    """Every use of ``old`` becomes a use of ``new``."""
    old.replace_all_uses_with(new)


def replace_op(op: Operation, values: Sequence[Value]) -> None:
    """Replace ``op``'s results by ``values`` (one each) and erase it."""
    for r, v in zip(op.results, values, strict=True):
        r.replace_all_uses_with(v)
    erase(op)


class Rewriter:
    """Edits recorded per anchor op and applied once per block.

    ``before[id(op)]``: the ops to insert just before ``op``, in order (public: hot builders append
    to it directly, see ``gpu_to_runtime.abi``); ``after`` likewise; ``erased``: the ops to take
    out (their references already dropped)."""

    __slots__ = ("before", "after", "erased", "blocks")

    def __init__(self) -> None:
        self.before: dict[int, list[Operation]] = {}
        self.after: dict[int, list[Operation]] = {}
        self.erased: dict[int, Operation] = {}
        self.blocks: dict[int, Block] = {}  # blocks with edits recorded through the methods below

    def _note(self, anchor: Operation) -> Block:
        b = anchor.parent
        assert b is not None, "anchor is not in a block"
        self.blocks[id(b)] = b
        return b

    def insert_before(self, anchor: Operation, op: Operation) -> None:
        op.parent = self._note(anchor)
        got = self.before.get(id(anchor))
        if got is None:
            self.before[id(anchor)] = [op]
        else:
            got.append(op)

    def insert_after(self, anchor: Operation, op: Operation) -> None:
        op.parent = self._note(anchor)
        self.after.setdefault(id(anchor), []).append(op)

    def erase(self, op: Operation) -> None:
        """Drop ``op``'s references now; it leaves its block at the commit."""
        op.drop_all_references()
        b = op.parent
        if b is not None:
            self.blocks[id(b)] = b
        self.erased[id(op)] = op

    def commit_block(self, block: Block) -> None:
        """Apply the edits recorded for ``block``'s ops (one pass over its op list)."""
        block.rebuild(self.before, self.erased, self.after)
        self.blocks.pop(id(block), None)

    def commit(self) -> None:
        """Apply every edit still recorded: the blocks noted by the methods, and those of ops
        appended to ``before`` directly (their ``parent`` is the block)."""
        blocks = self.blocks
        for o in self.erased.values():
            if o.parent is not None:
                blocks.setdefault(id(o.parent), o.parent)
        for table in (self.before, self.after):
            for ops in table.values():
                if ops and ops[0].parent is not None:
                    blocks.setdefault(id(ops[0].parent), ops[0].parent)
        for b in list(blocks.values()):
            self.commit_block(b)
        blocks.clear()

    def release(self) -> None:
        """Forget every erased op's results and drop the tables (the pass is done)."""
        for o in self.erased.values():
            o.forget_results()
        self.before.clear()
        self.after.clear()
        self.erased.clear()
        self.blocks.clear()
