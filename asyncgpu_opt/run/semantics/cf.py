"""``cf`` semantics.  Branches are followed by the region walk (``control.run_region``); the CUDA
emitter refuses them (it emits structured control flow only)."""

from __future__ import annotations

from typing import Any

from ...diagnostics import MLIRError
from ...dialects import cf as cf_d
from ..registry import CUDA, HOST
from ..values import attr_value


@HOST.impl(cf_d.AssertOp)
def _assert(it: Any, op: Any) -> Any:
    if not it.get(op.operands[0]):
        msg = op.attributes.get("msg")
        raise MLIRError(f"--run: assertion failed: {attr_value(msg) if msg else ''}", op.loc)


CUDA.refuse(cf_d.BranchOp, cf_d.CondBranchOp, cf_d.SwitchOp,
            reason="unstructured control flow (cf branches) is not supported by the CUDA emitter")
