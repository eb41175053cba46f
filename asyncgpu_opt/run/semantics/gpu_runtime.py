"""Host semantics of every op with a runtime binding (``OpDef.runtime_call``,
``dialects/gpu_runtime.py``): the simulated runtime's method of the callee's name
(``run/runtime.py``), called through ``Interpreter.call_mgpu`` with the values the lowered
``llvm.call`` passes at run time, on the op's implicit stream (``gpu_async_begin``) when the call
takes one.  The interpreter runs it for a bound op that has no ``@HOST.impl``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects.gpu_runtime import CallArg
from ...ir import types as T
from ..values import MemRef, element_storage, group

_UNSIGNED = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def _memref(it: Any, op: Any, a: CallArg) -> MemRef:
    m = it.get(group(op, a.group)[0])
    if not isinstance(m, MemRef):
        raise MLIRError(f"--run: '{op.name}' expected a memref for {a.group}", op.loc)
    return m


def _bits(it: Any, op: Any, a: CallArg) -> tuple[int, int]:
    """(the scalar's bits as an unsigned integer, its width)."""
    v = group(op, a.group)[0]
    t = v.type
    w = T.bit_width(t) if isinstance(t, T.IntegerType | T.FloatType) else 0
    if w not in a.widths:
        raise MLIRError(f"--run: '{op.name}' {a.group} must be a {' or '.join(map(str, a.widths))} bit int or float",
                        op.loc)
    dt, codec = element_storage(t)
    x = np.asarray(it.get(v), dtype=dt)
    if codec is not None:  # bf16, f8: the element's own bits
        x = codec.encode(x)
    return int(x.view(_UNSIGNED[w])), w


def call_args(it: Any, op: Any, args: tuple[CallArg, ...]) -> tuple[list[Any], int | None]:
    """The runtime values of the arguments (``descriptor``: rank and the memref, which stands for
    its descriptor) and the width of the ``bits`` argument (None without one)."""
    out: list[Any] = []
    width = None
    for a in args:
        k = a.kind
        if k == "bits":
            b, width = _bits(it, op, a)
            out.append(b)
        elif k == "scalar":
            out.append(it.get(group(op, a.group)[0]))
        else:
            m = _memref(it, op, a)
            if k == "ptr":
                out.append(m.aligned + m.offset * m.itemsize)
            elif k == "allocated":
                out.append(m.allocated)
            elif k == "numel":
                out.append(m.numel())
            elif k == "nbytes":
                out.append(m.numel() * m.itemsize)
            elif k == "elem_size":
                out.append(m.itemsize)
            else:  # descriptor
                out += [len(m.sizes), m]
    return out, width


def run_runtime_call(it: Any, op: Any) -> Any:
    """Execute ``op`` by its runtime binding: None, or its token when it is async."""
    rc = op.opdef.runtime_call
    args, width = call_args(it, op, rc.args)
    callee = rc.callee_for(width)
    kw = {"api": op.name} if rc.op_named else {}
    if not rc.stream:
        it.call_mgpu(callee, args, op.loc, **kw)
        return None
    if rc.null_stream and not op.opdef.result_group(op, "asyncToken"):
        # synchronous, on the null stream: the call synchronizes by itself (cuMemFree)
        it.call_mgpu(callee, [*args, None], op.loc, **kw)
        return None
    s, _, is_async = it.gpu_async_begin(op)
    it.call_mgpu(callee, [*args, s], op.loc, **kw)
    return it.finish_gpu(op, s, is_async)
