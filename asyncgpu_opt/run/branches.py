"""Branches (BranchOpInterface: ops with successors) for both executors: which successor a branch
takes is its semantics, registered by op class (``@SIM.impl(cf_d.CondBranchOp)`` returns the
successor's index: upstream's ``getSuccessorForOperands``); what it forwards there is the op
definition's ``successor_operands``."""

from __future__ import annotations

from typing import Any

from ..diagnostics import MLIRError


def successor_taken(ex: Any, term: Any) -> Any:
    """The index of the successor ``term`` takes: an int, or in a kernel an int array over the
    threads; a branch with one successor and no semantics takes it."""
    fn = ex.impls.get(term.name)
    if fn is not None:
        return fn(ex, term)
    if len(term.successors) == 1:
        return 0
    raise MLIRError(f"--run: branch '{term.name}' is not supported", term.loc)


def successor_args(ex: Any, term: Any, k: int) -> list[Any]:
    """The values ``term`` forwards to its successor ``k`` (``OpDef.successor_operands``)."""
    env = ex.env
    return [env[v] for v in term.opdef.successor_operands(term, k)]
