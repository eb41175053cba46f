"""async-hazards: report data races, use after free, host accesses without synchronization and
leaks in a token graph, without running it; the IR is left unchanged.

It reads gpu-dialect IR with async tokens (before lowering) and the output of ``gpu-to-runtime``
(streams, events and ``mgpu*`` calls) alike.  The happens-before analysis is
``analysis/happens_before.py``: vector clocks over the host, the token chains (streams after
lowering) and events, per path through ``scf.if``/``scf.for``/``scf.while``/``cf`` branches,
``async.execute`` and calls.  Each hazard is reported at the later op, with a note at the other;
the messages are ``--run``'s for the same hazard (``data race: ...``, ``host read without
synchronization: ...``, ``use after free: ...``, ``double free: ...``; ``leak: ...`` as warnings).

Guarantees.  *Sound* (every race some execution can have is reported) for straight-line code,
branches, calls with a body and loops whose races are between consecutive iterations (loops are
analysed for two iterations and the zero-trip path).  *Exact* on straight-line code (the same
verdict as ``--run``: a race is reported exactly when the accesses overlap in their alias classes
and no token, wait, stream or event edge orders them).  Conservative where paths join (a wait on
one path only does not order later ops), for memory of unknown origin (function arguments,
loaded memrefs: they may alias each other and any escaped allocation), for kernels whose body is
not visible and external calls (they may touch any memory) and for a call cycle (a recursive
call is such an access).  Not modelled: the bytes within a buffer (two kernels writing disjoint
halves of one buffer are reported) and races between the threads of one kernel (``--run`` finds
those).

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
