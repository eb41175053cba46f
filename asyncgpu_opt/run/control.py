"""What both executors share: the walk over a region's blocks and affine map evaluation.

The host interpreter and the kernel executor each bind these functions as methods
(``run_region = control.run_region``); an executor provides ``env`` (SSA value -> runtime value)
and ``exec_op(op)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..ir.affine import evaluate
from .values import segments

#: ops that end a block: the walk stops at them (branches are followed)
TERMINATORS = frozenset(("func.return", "scf.yield", "scf.condition", "affine.yield", "async.yield",
                         "gpu.return", "gpu.terminator", "llvm.return", "scf.reduce", "cf.br",
                         "cf.cond_br", "cf.switch", "llvm.br", "llvm.cond_br", "memref.alloca_scope.return",
                         "gpu.yield", "scf.forall.in_parallel", "affine.parallel"))


_BRANCHES = frozenset(("cf.br", "cf.cond_br", "cf.switch", "llvm.br", "llvm.cond_br"))


def run_region(ex: Any, region: Any, args: list[Any]) -> tuple[Any, list[Any]]:
    """Run a region from its entry block on executor ``ex`` (``ex.env`` maps values, ``ex.exec_op``
    runs one op), following ``cf``/``llvm`` branches; returns (terminator, its operand values)."""
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
        name = term.name
        if tick is not None and name in _BRANCHES:
            tick(term)
        if name in ("cf.br", "llvm.br"):
            block = term.successors[0]
            args = [env[v] for v in term.operands]
            continue
        if name in ("cf.cond_br", "llvm.cond_br"):
            seg = segments(term, 3)
            c = env[seg[0][0]]
            if isinstance(c, np.ndarray) and c.size > 1 and not (c.all() or not c.any()):
                from .simt_cfg import run_divergent  # threads take different ways: SIMT under masks

                return run_divergent(ex, block, terms)
            if c.all() if isinstance(c, np.ndarray) else c:
                block, args = term.successors[0], [env[v] for v in seg[1]]
            else:
                block, args = term.successors[1], [env[v] for v in seg[2]]
            continue
        if name == "cf.switch":  # the case whose value equals the flag, else the default
            f = env[term.operands[0]]
            if isinstance(f, np.ndarray) and f.size > 1 and not (f == f.flat[0]).all():
                from .simt_cfg import run_divergent

                return run_divergent(ex, block, terms)
            flag = int(f.flat[0]) if isinstance(f, np.ndarray) else int(f)
            cv = term.attributes.get("case_values")
            cases = [] if cv is None else (list(cv.values) * len(term.successors[1:]) if cv.splat
                                           else list(cv.values))
            k = next((i + 1 for i, c in enumerate(cases) if int(c) == flag), 0)
            block = term.successors[k]
            args = [env[v] for v in term.opdef.successor_operands(term, k)]
            continue
        return term, [env[v] for v in term.operands]


def affine_eval(ex: Any, m: Any, operands: list[Any]) -> list[Any]:
    """The results of affine map ``m`` on index operands (numpy scalars, or arrays over threads)."""
    dims, syms = operands[: m.num_dims], operands[m.num_dims :]
    if all(not isinstance(o, np.ndarray) for o in operands):
        return [np.int64(evaluate(r, [int(d) for d in dims], [int(s) for s in syms])) for r in m.results]
    # numpy operands: `//`, `%` are floor division/modulo on arrays too, as in the scalar case
    return [np.asarray(evaluate(r, dims, syms), dtype=np.int64) for r in m.results]
