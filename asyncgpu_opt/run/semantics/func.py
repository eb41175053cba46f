"""``func`` semantics: calls (defined functions run on the host interpreter; declarations are the
runtime library: ``printMemref*``, ``print*`` and the ``mgpu*`` runtime ABI)."""

from __future__ import annotations

from typing import Any

from ...diagnostics import MLIRError
from ...dialects import func as func_d
from ...ir import attributes as A
from ...ir.symbols import lookup_symbol
from ..registry import CUDA, HOST, KERNEL


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


@KERNEL.impl(func_d.CallOp)
def _kcall(ex: Any, op: Any) -> Any:
    """``func.call`` in a kernel: a device function of the kernel's ``gpu.module`` runs inline, for
    every active thread at once (under the caller's mask); its ``return`` values are the results.
    A recursive call (which the simulator cannot keep apart) and a call of a declaration are
    refused with a located error."""
    callee = op.attributes.get("callee")
    fn = lookup_symbol(op, callee) if isinstance(callee, A.SymbolRefAttr) else None
    if fn is None or not fn.regions or not fn.regions[0].blocks:
        raise MLIRError(f"--run: call of '{callee}' in a kernel: only functions with a body in the "
                        "kernel's gpu.module can run", op.loc)
    active = ex.calls_active
    if id(fn) in active:
        raise MLIRError(f"--run: recursive call of '{callee}' in a kernel is not supported", op.loc)
    active.add(id(fn))
    try:
        _term, vals = ex.run_region(fn.regions[0], [ex.get(v) for v in op.operands])
    finally:
        active.discard(id(fn))
    return list(vals) if len(op.results) != 1 else vals[0]


CUDA.refuse(func_d.CallOp,
            reason="func.call in a kernel is not supported by the CUDA emitter (run it on the simulator)")
