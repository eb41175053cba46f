"""async-hazards: report data races, use after free, host accesses without synchronization and
leaks in a token graph, without running it; the IR is left unchanged.

It reads gpu-dialect IR with async tokens (before lowering) and the output of ``gpu-to-runtime``
(streams, events and ``mgpu*`` calls) alike.  The happens-before analysis is
``analysis/happens_before.py``: vector clocks over the host, the token chains (streams after
lowering) and events, per path through ``scf.if``/``scf.for``/``scf.while``/``cf`` branches,
``async.execute`` and calls.  Each hazard is reported at the later op, with a note at the other;
the messages are ``--run``'s for the same hazard (``data race: ...``, ``host read without
synchronization: ...``, ``use after free: ...``, ``double free: ...``; ``leak: ...`` as warnings).

Guarantees (checked against ``--run`` by ``tests/test_async_hazards_property.py``):

* *Exact on straight-line code*: random race-free token graphs get no report, and with one needed
  dependency removed the pass reports a hazard exactly when ``--run`` does, between the same ops,
  before and after ``gpu-to-runtime``.
* *Sound through control flow*: a hazard some path can have is reported.  Branches are met where
  they join (a wait on one path does not order what follows; ``scf.if`` on a constant takes its
  one branch); loops are analysed for two iterations and the zero-trip path (a race between
  iterations further apart than consecutive ones whose consecutive instances are ordered is the
  case not covered), a constant trip count is honoured; calls of functions with a body are
  analysed in their calling context (recursion two levels deep; a deeper call is assumed to be
  device work after its token, stream and event arguments that may write any memory reachable
  from its arguments, and to return tokens/handles after that work).
* *Conservative* where the IR does not say more: memory of unknown origin (function arguments,
  loaded memrefs, pointers not traced to ``mgpuMemAlloc``) may alias other such memory and any
  allocation that escapes; kernels whose body is not visible, external calls and unmodelled ops
  may touch any such memory; ``gpu.wait`` without operands waits for every chain and stream.
  Not modelled: the bytes within a buffer (two kernels writing disjoint halves of one buffer
  are reported), races between the threads of one kernel, out-of-bounds accesses and device
  accesses to unregistered host memory (``--run`` finds those).  Kernel operands only touched by
  atomic read-modify-writes do not race with each other.

Options: ``severity=error`` (default: errors fail the pass, exit status 1) or ``severity=warning``
(every hazard a warning; the pass never fails).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .registry import OptionError, Pass, emit_diagnostic


@dataclass(frozen=True)
class AsyncHazardsPass(Pass):
    name: ClassVar[str] = "async-hazards"
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = ("Report data races, use after free, unsynchronized host accesses and leaks "
                              "of gpu async work statically")
    cpp_name: ClassVar[str] = "AsyncHazardsPass"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-errors", "Number of hazards reported as errors"),
        ("num-warnings", "Number of hazards reported as warnings"),
    )
    severity: str = "error"

    def __post_init__(self) -> None:
        if self.severity not in ("error", "warning"):
            raise OptionError(f"Invalid value '{self.severity}' for option severity: expected error or warning")

    def apply(self, op: Any) -> bool:
        from ..analysis.happens_before import analyze
        from ..diagnostics import Diagnostic, MLIRError

        diags: list[Diagnostic] = []
        for f in analyze(op):
            sev = "warning" if self.severity == "warning" else f.severity
            notes = [Diagnostic("note", f.note, f.other.loc)] if f.other is not None and f.note else []
            diags.append(Diagnostic(sev, f.message, f.op.loc, notes))
        errors = [d for d in diags if d.severity == "error"]
        self.count("num-errors", len(errors))
        self.count("num-warnings", len(diags) - len(errors))
        if not errors:
            for d in diags:
                emit_diagnostic(d)
            return False
        last = errors[-1]
        e = MLIRError(last.message, last.loc, last.notes)
        e.preceding = [d for d in diags if d is not last]
        raise e
