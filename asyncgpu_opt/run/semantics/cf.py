"""``cf`` semantics.  Branches are followed by the region walk (``control.run_region``): their
semantics here give the successor taken (``run/branches.py``); the CUDA emitter refuses them (it
emits structured control flow only).  ``cf.assert`` on the host is a located error; in a kernel it
is CUDA's device-side assertion (``__assertfail``): every active thread that fails it prints
``FILE:LINE: FUNC: block: [x,y,z], thread: [x,y,z] Assertion `MSG` failed.`` and the kernel aborts
(the runtime then fails the next synchronizing call)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...diagnostics import FileLoc, MLIRError, TextLoc
from ...dialects import cf as cf_d
from ..model import KernelAssertFailed
from ..registry import CUDA, HOST, KERNEL, SIM
from ..values import attr_value


@HOST.impl(cf_d.AssertOp)
def _assert(it: Any, op: Any) -> Any:
    if not it.get(op.operands[0]):
        msg = op.attributes.get("msg")
        raise MLIRError(f"--run: assertion failed: {attr_value(msg) if msg else ''}", op.loc)


def assert_site(loc: Any) -> tuple[str, int, str]:
    """(file, line, function) of an assert as upstream's lowering to ``__assertfail`` takes them
    from its location: the innermost callee of call sites; a ``file:line:col`` gives file and line
    (function "(unknown)"), a ``"name"(file:line:col)`` all three; anything else "(unknown)", 0."""
    if isinstance(loc, FileLoc):
        return loc.source.filename, loc.line_col[0], "(unknown)"
    node = loc.node if isinstance(loc, TextLoc) else None
    if node is None:
        return "(unknown)", 0, "(unknown)"
    while node[0] == "callsite":
        node = node[1]
    if node[0] == "file":
        return node[1], int(node[2]), "(unknown)"
    if node[0] == "name":
        child = node[2]
        if child[0] == "file":
            return child[1], int(child[2]), node[1]
        return "(unknown)", 0, node[1]
    return "(unknown)", 0, "(unknown)"


def _message(op: Any) -> str:
    msg = op.attributes.get("msg")
    return str(attr_value(msg)) if msg is not None else ""


@KERNEL.impl(cf_d.AssertOp)
def _kassert(ex: Any, op: Any) -> Any:
    """Threads that fail the assertion (among the active ones) print CUDA's message, in linear
    thread order; then the whole kernel stops (``__assertfail`` traps)."""
    c = ex.get(op.operands[0])
    fail = ~np.asarray(c, dtype=np.bool_)
    if ex.mask is not None:
        fail = fail & ex.mask
    if not fail.any():
        return None
    shape = ex.ids.shape
    file, line, func = assert_site(op.loc)
    msg = _message(op)
    lines = []
    for t in np.flatnonzero(np.broadcast_to(fail, shape).ravel()):
        bz, by, bx, tz, ty, tx = np.unravel_index(int(t), shape)
        lines.append(f"{file}:{line}: {func}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] "
                     f"Assertion `{msg}` failed.\n")
    raise KernelAssertFailed(lines, op.loc)


@CUDA.impl(cf_d.AssertOp)
def _assert_c(em: Any, op: Any, ind: str, results: Any) -> None:
    from .gpu import c_string

    file, line, func = assert_site(op.loc)
    em.prelude.add('extern "C" __device__ void __assertfail(const char *, const char *, unsigned int, '
                   "const char *, size_t);")
    em.lines.append(f"{ind}if (!{em.name(op.operands[0])}) __assertfail({c_string(_message(op))}, "
                    f"{c_string(file)}, {line}u, {c_string(func)}, 1);")


CUDA.refuse(cf_d.BranchOp, cf_d.CondBranchOp, cf_d.SwitchOp,
            reason="unstructured control flow (cf branches) is not supported by the CUDA emitter")


def cond_br_successor(ex: Any, op: Any) -> Any:
    """``cf.cond_br``/``llvm.cond_br``: 0 (the true destination) or 1, per thread in a kernel."""
    c = ex.env[op.operands[0]]
    if isinstance(c, np.ndarray):
        return np.where(c.astype(np.bool_), 0, 1)
    return 0 if c else 1


SIM.impl(cf_d.CondBranchOp)(cond_br_successor)


@SIM.impl(cf_d.SwitchOp)
def _switch_successor(ex: Any, op: Any) -> Any:
    """The first case whose value equals the flag (successor ``1 + i``), else the default (0)."""
    f = ex.env[op.operands[0]]
    cv = op.attributes.get("case_values")
    n = len(op.successors) - 1
    cases = [] if cv is None else (list(cv.values) * n if cv.splat else list(cv.values))
    if isinstance(f, np.ndarray):
        k = np.zeros(f.shape, np.int64)
        for i in range(len(cases), 0, -1):  # the first match wins
            k = np.where(f == int(cases[i - 1]), i, k)
        return k
    flag = int(f)
    return next((i + 1 for i, c in enumerate(cases) if int(c) == flag), 0)
