"""Divergent unstructured control flow in kernels: a branch (``cf.cond_br``) whose condition differs
between threads (SIMT under masks, as a GPU runs it).

From the block where the threads diverge (any branch: the successor each thread takes is given
by the branch's semantics, ``branches.successor_taken``), the region's blocks run in reverse post-order, each once,
under the mask of the threads that reach it (the union of its incoming edges); a join block's
arguments take, per thread, the value of the edge that thread came by.  Threads reconverge where
the paths meet.  A back edge taken by only some threads (a loop whose trip count differs between
threads) is refused with a located error rather than run wrong.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from .branches import successor_args, successor_taken


def _rpo(start: Any) -> list[Any]:
    seen: set[int] = set()
    order: list[Any] = []

    def succs(b: Any) -> list[Any]:
        t = b.ops[-1] if b.ops else None
        return list(t.successors) if t is not None else []

    stack: list[tuple[Any, int]] = [(start, 0)]
    seen.add(id(start))
    while stack:
        b, i = stack.pop()
        ss = succs(b)
        if i < len(ss):
            stack.append((b, i + 1))
            s = ss[i]
            if id(s) not in seen:
                seen.add(id(s))
                stack.append((s, 0))
        else:
            order.append(b)
    order.reverse()
    return order


def run_divergent(ex: Any, block: Any, terms: frozenset[str]) -> tuple[Any, list[Any]]:
    """Continue from ``block``, whose ops have run and whose terminator branches on a condition that
    differs between threads, to the region's end under masks; returns (the last terminator run,
    its operand values merged per thread)."""
    env = ex.env
    shape = ex.ids.shape
    outer = ex.mask
    full = np.ones(shape, np.bool_) if outer is None else np.broadcast_to(outer, shape).copy()
    order = _rpo(block)
    pos = {id(b): i for i, b in enumerate(order)}
    incoming: dict[int, tuple[np.ndarray, list[Any]]] = {id(block): (full, [env[a] for a in block.args])}
    last: tuple[Any, list[Any]] = (None, [])
    ret_vals: list[Any] | None = None
    ret_mask = np.zeros(shape, np.bool_)

    def send(src: Any, dst: Any, m: np.ndarray, vals: list[Any], term: Any) -> None:
        if not m.any():
            return
        if pos.get(id(dst), -1) <= pos[id(src)]:
            raise MLIRError("a branch back to an earlier block taken by only some threads of a kernel "
                            "(a loop with a varying trip count in unstructured control flow) is not supported",
                            term.loc)
        prev = incoming.get(id(dst))
        if prev is None:
            incoming[id(dst)] = (m, list(vals))
        else:
            pm, pv = prev
            incoming[id(dst)] = (pm | m, [np.where(m, v, p) for v, p in zip(vals, pv)])

    try:
        for b in order:
            ent = incoming.pop(id(b), None)
            if ent is None:
                continue
            m, vals = ent
            ex.mask = None if outer is None and m.all() else m
            for a, v in zip(b.args, vals):
                env[a] = v
            ops = b.ops
            term = ops[-1] if ops and ops[-1].name in terms else None
            if b is not block:  # the diverging block's ops have run already
                for op in (ops[:-1] if term is not None else ops):
                    ex.exec_op(op)
            if term is None:
                last = (None, [])
                continue
            if term.successors:  # a branch: each successor gets the threads that take it
                k = np.broadcast_to(np.asarray(successor_taken(ex, term)), shape)
                for j, succ in enumerate(term.successors):
                    send(b, succ, m & (k == j), successor_args(ex, term, j), term)
            else:  # leaves the region (gpu.return, a yield): merge the values per thread
                vals = [env[v] for v in term.operands]
                ret_vals = vals if ret_vals is None else [np.where(m, v, p) for v, p in zip(vals, ret_vals)]
                ret_mask |= m
                last = (term, ret_vals)
    finally:
        ex.mask = outer
    return last
