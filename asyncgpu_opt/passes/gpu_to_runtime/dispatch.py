"""The per-block context of gpu-to-runtime (``_Ctx``) and its dispatch: host gpu ops go to their
lowering registered by op class (``ops.LOWERINGS``); branches, terminators, calls, awaits and region
ops carrying tokens to ``RegionLowering``; any other op carrying a token is a located error."""

from __future__ import annotations

from ...analysis.interfaces import is_branch, is_function, is_region_terminator, is_return_like
from ...diagnostics import MLIRError
from ...dialects.async_ import AwaitOp
from ...dialects.func import CallOp
from ...ir.core import Operation
from .ops import LOWERINGS
from .regions import RegionLowering


class _Ctx(RegionLowering):
    """The lowering context of one block: ``visit`` lowers each of its ops in order."""

    def visit(self, op: Operation) -> None:
        L = self.L
        L.ip = op
        L.loc = op.loc
        lower = LOWERINGS[op.opdef]
        if lower is not None:
            lower(self, op)
            return
        if is_branch(op) and op.parent is not None and id(op.parent.parent) in L.cfg_regions:
            self.visit_branch(op)
            return
        parent = op.parent_op
        if parent is not None and is_region_terminator(op):
            self.visit_terminator(op, parent)
            return
        if parent is not None and is_return_like(op) and is_function(parent):
            self.visit_terminator(op, parent)
            return
        if op.opdef is CallOp and (any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results)):
            self.visit_call(op)
            return
        if op.opdef is AwaitOp and op.results and L.is_tok(op.results[0]):
            self.visit_await(op)
            return
        if op.regions and self._uses_tokens_inside(op):
            self.visit_region_op(op)
            return
        if any(L.is_tok(v) for v in op.operands) or any(L.is_tok(r) for r in op.results):
            raise MLIRError(f"'{op.name}' op: gpu-to-runtime cannot lower an op carrying !gpu.async.token values",
                            op.loc, op=op)
