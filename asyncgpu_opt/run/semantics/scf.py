"""``scf`` semantics: structured control flow on the host (plain loops and branches) and in kernels
(SIMT: a varying ``scf.if`` runs both branches under masks, a ``scf.for`` with varying bounds runs
to the largest trip count under a mask), and as C loops/ifs in the CUDA emitter."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ...diagnostics import MLIRError
from ...dialects import scf as scf_d
from ...dialects import scf_forall
from ..cuda_c import ctype
from ..registry import CUDA, HOST, KERNEL, SIM, CudaCodegenError
from ..values import dtype_of, segments


# --------------------------------------------------------------------------- host
@HOST.impl(scf_d.ForOp)
def _for(it: Any, op: Any) -> Any:
    lb, ub, step = (it.get(v) for v in op.operands[:3])
    vals = [it.get(v) for v in op.operands[3:]]
    region = op.regions[0]
    i, u, s = int(lb), int(ub), int(step)
    if s <= 0:
        raise MLIRError("--run: scf.for with a non-positive step", op.loc)
    ity = lb.dtype.type
    while i < u:
        _, vals = it.run_region(region, [ity(i), *vals])
        i += s
    return vals


@HOST.impl(scf_d.IfOp)
def _if(it: Any, op: Any) -> Any:
    c = it.get(op.operands[0])
    r = op.regions[0] if c else (op.regions[1] if len(op.regions) > 1 else None)
    if r is None or not r.blocks:
        return []
    _, vals = it.run_region(r, [])
    return vals


@SIM.impl(scf_d.ExecuteRegionOp)
def _execute_region(it: Any, op: Any) -> Any:
    _, vals = it.run_region(op.regions[0], [])
    return vals


@HOST.impl(scf_d.WhileOp)
def _while(it: Any, op: Any) -> Any:
    vals = [it.get(v) for v in op.operands]
    while True:
        _, cv = it.run_region(op.regions[0], vals)
        if not cv[0]:
            return cv[1:]
        _, vals = it.run_region(op.regions[1], cv[1:])


@HOST.impl(scf_d.ParallelOp)
def _parallel(it: Any, op: Any) -> Any:
    seg = segments(op, 4)
    lbs, ubs, steps = ([int(it.get(v)) for v in g] for g in seg[:3])
    inits = [it.get(v) for v in seg[3]] if len(seg) > 3 else []
    if inits:
        raise MLIRError("--run: scf.parallel with reductions is not supported", op.loc)
    for ivs in itertools.product(*(range(a, b, s) for a, b, s in zip(lbs, ubs, steps))):
        it.run_region(op.regions[0], [np.int64(x) for x in ivs])
    return []


def _forall_space(get: Any, op: Any) -> Any:
    """The iteration points of an ``scf.forall`` (row-major order), or an error for what the
    simulation does not model: shared outputs (tensors) and non-positive steps."""
    if op.results:
        raise MLIRError("--run: scf.forall with shared_outs (tensors) is not supported", op.loc)
    lbs, ubs, steps = ([b if isinstance(b, int) else get(b) for b in scf_forall.mixed_bounds(op, k)]
                       for k in range(3))
    if any(isinstance(b, np.ndarray) and b.size > 1 for b in lbs + ubs + steps):
        raise MLIRError("--run: scf.forall with bounds that differ between threads is not supported", op.loc)
    lbs, ubs, steps = ([int(np.asarray(b).flat[0]) for b in g] for g in (lbs, ubs, steps))
    if any(s <= 0 for s in steps):
        raise MLIRError("--run: scf.forall with a non-positive step", op.loc)
    return itertools.product(*(range(a, b, s) for a, b, s in zip(lbs, ubs, steps)))


@SIM.impl(scf_forall.ForallOp)
def _forall(it: Any, op: Any) -> Any:
    """The iterations may run in any order (and in parallel): they run one after the other, in
    row-major order of the induction variables, on the host and, uniformly, in a kernel."""
    region = op.regions[0]
    for ivs in _forall_space(it.get, op):
        it.run_region(region, [np.int64(x) for x in ivs])
    return []


@HOST.impl(scf_d.IndexSwitchOp)
def _index_switch(it: Any, op: Any) -> Any:
    v = int(it.get(op.operands[0]))
    cases = list(op.attributes["cases"].values)
    r = op.regions[0]
    if v in cases:
        r = op.regions[1 + cases.index(v)]
    _, vals = it.run_region(r, [])
    return vals


# --------------------------------------------------------------------------- kernels (SIMT)
def _merge(c: np.ndarray, a: Any, b: Any) -> Any:
    if a is b:
        return a
    return np.where(c, a, b)


@KERNEL.impl(scf_d.IfOp)
def _kif(ex: Any, op: Any) -> Any:
    c = ex.get(op.operands[0])
    has_else = len(op.regions) > 1 and op.regions[1].blocks
    if not isinstance(c, np.ndarray):
        r = op.regions[0] if c else (op.regions[1] if has_else else None)
        if r is None:
            return []
        _, vals = ex.run_region(r, [])
        return vals
    old = ex.mask
    m_then = c if old is None else (old & c)
    m_else = ~c if old is None else (old & ~c)
    vt: list[Any] = []
    ve: list[Any] = []
    try:
        if m_then.any() or op.results:
            ex.mask = m_then
            _, vt = ex.run_region(op.regions[0], [])
        if has_else and (m_else.any() or op.results):
            ex.mask = m_else
            _, ve = ex.run_region(op.regions[1], [])
    finally:
        ex.mask = old
    return [_merge(c, a, b) for a, b in zip(vt, ve)]


@KERNEL.impl(scf_d.ForOp)
def _kfor(ex: Any, op: Any) -> Any:
    env = ex.env
    lb, ub, step = (env[v] for v in op.operands[:3])
    vals = [env[v] for v in op.operands[3:]]
    region = op.regions[0]
    if not any(isinstance(x, np.ndarray) for x in (lb, ub, step)):
        i, u, s = int(lb), int(ub), int(step)
        ity = lb.dtype.type
        run = ex.run_region
        while i < u:
            _, vals = run(region, [ity(i), *vals])
            i += s
        return vals
    # lane-varying bounds: iterate to the maximum trip count under a mask
    old = ex.mask
    iv = np.broadcast_arrays(lb, ub, step)[0].astype(np.int64)
    try:
        while True:
            act = iv < ub
            if old is not None:
                act &= old
            if not act.any():
                break
            ex.mask = act
            _, new = ex.run_region(region, [iv, *vals])
            vals = [np.where(act, n, v) for n, v in zip(new, vals)]
            iv = iv + step
    finally:
        ex.mask = old
    return vals


@KERNEL.impl(scf_d.WhileOp)
def _kwhile(ex: Any, op: Any) -> Any:
    """SIMT ``scf.while``: every iteration runs ``before`` for the threads still looping; a thread
    whose condition is false leaves with the values it forwards, the others run ``after``.  Each
    iteration is a step of the kernel's budget (``KernelExec.tick``: a loop that never exits is a
    located error, and concurrent kernels take turns there)."""
    before, after = op.regions
    vals = [ex.get(v) for v in op.operands]
    outer = ex.mask
    shape = ex.ids.shape
    active = outer  # None: every thread of the launch
    results: list[Any] | None = None
    try:
        while True:
            ex.tick(op)
            ex.mask = active
            _, cv = ex.run_region(before, vals)
            c, fwd = cv[0], cv[1:]
            if not isinstance(c, np.ndarray):
                if c:
                    _, vals = ex.run_region(after, fwd)
                    continue
                if results is None:
                    return fwd
                leaving = np.ones(shape, np.bool_) if active is None else active
                return [np.where(leaving, f, r) for f, r in zip(fwd, results)]
            cb = np.asarray(c, dtype=np.bool_)
            if active is None and cb.all():
                _, vals = ex.run_region(after, fwd)
                continue
            act = np.ones(shape, np.bool_) if active is None else np.broadcast_to(active, shape)
            cb = np.broadcast_to(cb, shape)
            leaving = act & ~cb
            if results is None:
                results = list(fwd)
            else:
                results = [np.where(leaving, f, r) for f, r in zip(fwd, results)]
            active = act & cb
            if not active.any():
                return results
            ex.mask = active
            _, vals = ex.run_region(after, fwd)
    finally:
        ex.mask = outer


@KERNEL.impl(scf_d.IndexSwitchOp)
def _kindex_switch(ex: Any, op: Any) -> Any:
    """The case region whose value equals the argument, else the default; a varying argument runs
    each taken region under the mask of its threads (as a varying ``scf.if``)."""
    v = ex.get(op.operands[0])
    cases = [int(c) for c in op.attributes["cases"].values]
    if not isinstance(v, np.ndarray) or v.size == 1:
        k = int(np.asarray(v).flat[0])
        r = op.regions[1 + cases.index(k)] if k in cases else op.regions[0]
        _, vals = ex.run_region(r, [])
        return vals
    old = ex.mask
    rest = np.ones(ex.ids.shape, np.bool_) if old is None else np.broadcast_to(old, ex.ids.shape).copy()
    taken: list[tuple[np.ndarray, Any]] = []
    for k, r in zip(cases, op.regions[1:]):
        m = rest & (v == k)
        rest &= ~m
        taken.append((m, r))
    taken.append((rest, op.regions[0]))
    out: list[Any] | None = None
    try:
        for m, r in taken:
            if not m.any():
                continue
            ex.mask = m
            _, vals = ex.run_region(r, [])
            out = vals if out is None else [np.where(m, a, b) for a, b in zip(vals, out)]
    finally:
        ex.mask = old
    return out if out is not None else [np.zeros((), dtype_of(r.type)) for r in op.results]


# --------------------------------------------------------------------------- CUDA C
@CUDA.impl(scf_d.YieldOp, scf_d.ConditionOp)
def _yield_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """A parallel copy into the loop/if variables: through temporaries when a destination is also
    read (``scf.yield %b, %a`` swaps)."""
    pairs = [(dst, em.name(v)) for dst, v in zip(results or [], op.operands) if dst != em.name(v)]
    dsts = {d for d, _ in pairs}
    if len(pairs) < 2 or not any(src in dsts for _, src in pairs):
        em.lines += [f"{ind}{dst} = {src};" for dst, src in pairs]
        return
    tmp = [f"y{em.n}_{i}" for i in range(len(pairs))]
    em.n += 1
    em.lines.append(f"{ind}{{")
    em.lines += [f"{ind}  auto {t} = {src};" for t, (_, src) in zip(tmp, pairs)]
    em.lines += [f"{ind}  {dst} = {t};" for t, (dst, _) in zip(tmp, pairs)]
    em.lines.append(f"{ind}}}")


@CUDA.impl(scf_d.ForOp)
def _for_c(em: Any, op: Any, ind: str, results: Any) -> None:
    o = [em.name(v) for v in op.operands]
    body = op.regions[0].blocks[0]
    iv, iters = body.args[0], body.args[1:]
    res = []
    for v, init, arg in zip(op.results, o[3:], iters):
        em.decl(v, init, ind)
        res.append(em.name(v))
        em.names[arg] = em.name(v)
    i = em.name(iv)
    em.lines.append(f"{ind}for (long long {i} = {o[0]}; {i} < {o[1]}; {i} += {o[2]}) {{")
    em.block(body, ind + "  ", res)
    em.lines.append(f"{ind}}}")


@CUDA.impl(scf_forall.InParallelOp)
def _in_parallel_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """The terminator of a forall without shared outputs combines nothing."""


@CUDA.impl(scf_forall.ForallOp)
def _forall_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """One C loop per dimension (outermost first), as the simulation runs the iterations."""
    if op.results:
        raise CudaCodegenError("scf.forall with shared_outs (tensors) is not supported by the CUDA emitter", op.loc)
    body = op.regions[0].blocks[0]
    lbs, ubs, steps = ([f"{b}LL" if isinstance(b, int) else em.name(b) for b in scf_forall.mixed_bounds(op, k)]
                       for k in range(3))
    inner = ind
    for iv, lb, ub, st in zip(body.args, lbs, ubs, steps):
        i = em.name(iv)
        em.lines.append(f"{inner}for (long long {i} = {lb}; {i} < {ub}; {i} += {st}) {{")
        inner += "  "
    em.block(body, inner, [])
    for _ in body.args[:len(lbs)]:
        inner = inner[:-2]
        em.lines.append(f"{inner}}}")


@CUDA.impl(scf_d.IfOp)
def _if_c(em: Any, op: Any, ind: str, results: Any) -> None:
    res = []
    for v in op.results:
        em.lines.append(f"{ind}{ctype(v.type)} {em.name(v)};")
        res.append(em.name(v))
    em.lines.append(f"{ind}if ({em.name(op.operands[0])}) {{")
    em.block(op.regions[0].blocks[0], ind + "  ", res)
    if len(op.regions) > 1 and op.regions[1].blocks:
        em.lines.append(f"{ind}}} else {{")
        em.block(op.regions[1].blocks[0], ind + "  ", res)
    em.lines.append(f"{ind}}}")


@CUDA.impl(scf_d.WhileOp)
def _while_c(em: Any, op: Any, ind: str, results: Any) -> None:
    """``while (1) { before; if (!cond) break; after }``: the before block's arguments are the loop
    variables ``after`` yields into; ``scf.condition`` sets the flag and the results, which are
    also the after block's arguments."""
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    loop = []
    for a, init in zip(before.args, op.operands):
        em.decl(a, em.name(init), ind)
        loop.append(em.name(a))
    res = []
    for r, a in zip(op.results, after.args):
        em.lines.append(f"{ind}{ctype(r.type)} {em.name(r)};")
        em.names[a] = em.name(r)
        res.append(em.name(r))
    flag = f"w{em.n}"
    em.n += 1
    em.lines.append(f"{ind}bool {flag};")
    em.lines.append(f"{ind}while (1) {{")
    em.block(before, ind + "  ", [flag, *res])
    em.lines.append(f"{ind}  if (!{flag}) break;")
    em.block(after, ind + "  ", loop)
    em.lines.append(f"{ind}}}")


@CUDA.impl(scf_d.IndexSwitchOp)
def _index_switch_c(em: Any, op: Any, ind: str, results: Any) -> None:
    res = []
    for v in op.results:
        em.lines.append(f"{ind}{ctype(v.type)} {em.name(v)};")
        res.append(em.name(v))
    em.lines.append(f"{ind}switch ({em.name(op.operands[0])}) {{")
    for k, r in zip(op.attributes["cases"].values, op.regions[1:]):
        em.lines.append(f"{ind}case {int(k)}LL: {{")
        em.block(r.blocks[0], ind + "  ", res)
        em.lines.append(f"{ind}  break;")
        em.lines.append(f"{ind}}}")
    em.lines.append(f"{ind}default: {{")
    em.block(op.regions[0].blocks[0], ind + "  ", res)
    em.lines.append(f"{ind}}}")
    em.lines.append(f"{ind}}}")


CUDA.refuse(scf_d.ExecuteRegionOp, reason="scf.execute_region is not supported by the CUDA emitter")
