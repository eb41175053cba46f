"""What both executors share: the walk over a region's blocks and affine map evaluation.

The host interpreter and the kernel executor each bind these functions as methods
(``run_region = control.run_region``); an executor provides ``env`` (SSA value -> runtime value)
and ``exec_op(op)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..ir.affine import evaluate
from .branches import successor_args, successor_taken

#: ops that end a block: the walk stops at them (branches are followed)
TERMINATORS = frozenset(("func.return", "scf.yield", "scf.condition", "affine.yield", "async.yield",
                         "gpu.return", "gpu.terminator", "llvm.return", "scf.reduce", "cf.br",
                         "cf.cond_br", "cf.switch", "llvm.br", "llvm.cond_br", "memref.alloca_scope.return",
                         "gpu.yield", "scf.forall.in_parallel", "affine.parallel"))


def run_region(ex: Any, region: Any, args: list[Any]) -> tuple[Any, list[Any]]:
    """Run a region from its entry block on executor ``ex`` (``ex.env`` maps values, ``ex.exec_op``
    runs one op), following branches; returns (terminator, its operand values)."""
    block = region.blocks[0]
    env = ex.env
    exec_op = ex.exec_op
    terms = TERMINATORS
    tick = getattr(ex, "tick", None)  # the kernel executor counts branches (loops) as steps
    while True:
        for a, v in zip(block.args, args):
            env[a] = v
        ops = block.ops
        term = ops[-1] if ops else None
        if term is not None and term.name not in terms:
            term = None
        body = ops[:-1] if term is not None else ops
        for op in body:
            exec_op(op)
        if term is None:
            return None, []
        if not term.successors:
            return term, [env[v] for v in term.operands]
        if tick is not None:
            tick(term)
        k = successor_taken(ex, term)
        if isinstance(k, np.ndarray):
            if k.size > 1 and not (k == k.flat[0]).all():
                from .simt_cfg import run_divergent  # threads take different ways: SIMT under masks

                return run_divergent(ex, block, terms)
            k = int(k.flat[0])
        block, args = term.successors[k], successor_args(ex, term, k)


def affine_eval(ex: Any, m: Any, operands: list[Any]) -> list[Any]:
    """The results of affine map ``m`` on index operands (numpy scalars, or arrays over threads)."""
    dims, syms = operands[: m.num_dims], operands[m.num_dims :]
    if all(not isinstance(o, np.ndarray) for o in operands):
        return [np.int64(evaluate(r, [int(d) for d in dims], [int(s) for s in syms])) for r in m.results]
    # numpy operands: `//`, `%` are floor division/modulo on arrays too, as in the scalar case
    return [np.asarray(evaluate(r, dims, syms), dtype=np.int64) for r in m.results]
