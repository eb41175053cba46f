"""A ``gpu.launch_func`` with both an explicit ``asyncObject`` (the user's stream ``U``) and token
dependencies or a token result: the launch runs on ``U``, ordered with the token graph through the
stream ``S`` the op was given like any async op:

    e1 = mgpuEventCreate(); mgpuEventRecord(e1, S); mgpuStreamWaitEvent(U, e1); mgpuEventDestroy(e1)
    gpu.launch_func <U> ...
    e2 = mgpuEventCreate(); mgpuEventRecord(e2, U); mgpuStreamWaitEvent(S, e2); mgpuEventDestroy(e2)

so ``U`` starts the kernel after the dependencies, and whatever waits for the op's token (on
``S``) waits for the kernel.  (The first handshake is left out when the op has no dependencies.)
A destroyed event that a stream still waits for stays valid until the wait completes (CUDA).
Upstream's ``-gpu-to-llvm`` drops the explicit stream of such an op and launches on a new one.
"""

from __future__ import annotations

from typing import Any

from ...ir.core import Value


def handshake(b: Any, frm: Value, to: Value) -> None:
    """``to`` waits for the work enqueued on ``frm`` so far (one event, destroyed at once)."""
    e = b.call("mgpuEventCreate", [])
    b.call("mgpuEventRecord", [e, frm])
    b.call("mgpuStreamWaitEvent", [to, e])
    b.call("mgpuEventDestroy", [e])
