"""The per-block context of gpu-to-runtime (``BlockLowering``) and its dispatch: host gpu ops go to their
lowering registered by op class (``ops.LOWERINGS``); branches, terminators, calls, awaits and region
ops carrying tokens to ``RegionLowering``; any other op carrying a token is a located error."""

from __future__ import annotations

from typing import Any

from ...analysis.interfaces import is_branch, is_function, is_region_terminator, is_return_like
from ...diagnostics import MLIRError
from ...dialects.async_ import AwaitOp
from ...dialects.func import CallOp
from ...ir.core import Block, Operation
from .handles import Stream
from .lowering import Lowering
from .ops import LOWERINGS
from .regions import RegionLowering
from .schedule import Ownership


class BlockLowering:
    """The lowering context of one block, by composition: its token ownership and stream choice
    (``own``: ``schedule.Ownership``) and the hand-over of tokens across regions, branches, calls and
    terminators (``regions``: ``regions.RegionLowering``); ``visit`` lowers each op in order."""

    def __init__(self, L: Lowering, block: Block, env: dict[int, Any], remaining: dict[int, int],
                 pool: list[Stream], graph: dict[int, list[Any]] | None = None) -> None:
        self.L = L
        self.own = Ownership(L, block, env, remaining, pool, graph)
        self.regions = RegionLowering(self.own)

    def visit(self, op: Operation) -> None:
        L = self.L
        L.b.ip = op
        L.b.loc = op.loc
        lower = LOWERINGS[op.opdef]
        if lower is not None:
            lower(self.own, op)
            return
        R = self.regions
        if is_branch(op) and op.parent is not None and id(op.parent.parent) in L.cfg_regions:
            R.visit_branch(op)
            return
        parent = op.parent_op
        if parent is not None and is_region_terminator(op):
            R.visit_terminator(op, parent)
            return
        if parent is not None and is_return_like(op) and is_function(parent):
            R.visit_terminator(op, parent)
            return
        if op.opdef is CallOp and (any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results)):
            R.visit_call(op)
            return
        if op.opdef is AwaitOp and op.results and L.is_tok(op.results[0]):
            R.visit_await(op)
            return
        if op.regions and R.uses_tokens_inside(op):
            R.visit_region_op(op)
            return
        if any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results):
            raise MLIRError(f"'{op.name}' op: gpu-to-runtime cannot lower an op carrying !gpu.async.token values",
                            op.loc, op=op)
