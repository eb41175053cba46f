"""``func`` semantics: calls (defined functions run on the host interpreter; declarations are the
runtime library: ``printMemref*``, ``print*`` and the ``mgpu*`` runtime ABI)."""

from __future__ import annotations

from typing import Any

from ...diagnostics import MLIRError
from ...dialects import func as func_d
from ...ir import attributes as A
from ..registry import HOST


def call(it: Any, op: Any) -> Any:
    """``func.call`` / ``llvm.call`` of a symbol."""
    callee = op.attributes.get("callee")
    if callee is None:
        raise MLIRError("--run: indirect calls are not supported", op.loc)
    name = callee.leaf if isinstance(callee, A.SymbolRefAttr) else str(callee).lstrip("@")
    args = [it.get(v) for v in op.operands]
    fn = it.symbols.get(name)
    if fn is None or not fn.regions or not fn.regions[0].blocks:
        r = it.call_external(name, args, op.loc, fn)
    else:
        r = it.call(fn, args, op.loc)
    return list(r) if len(op.results) != 1 else (r[0] if r else None)


HOST.impl(func_d.CallOp)(call)
