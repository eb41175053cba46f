"""``async`` semantics: ``async.execute`` bodies run at once on a forked host thread (a new hazard
agent); awaits join the clocks of the tasks they wait for."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...dialects import async_ as async_d
from ..model import HostThread
from ..registry import HOST
from ..values import AsyncHandle, segments


def _handles(it: Any, vals: list[Any]) -> list[HostThread]:
    hosts = []
    for v in vals:
        h = it.get(v)
        if isinstance(h, AsyncHandle):
            hosts.extend(h.hosts)
    return hosts


@HOST.impl(async_d.ExecuteOp)
def _execute(it: Any, op: Any) -> Any:
    g = segments(op, 2)
    deps, body_ops = g[0], g[1]
    child = it.rt.fork_host(it.agent)
    for h in _handles(it, deps):
        it.rt.join_host(child, h)
    args = []
    for v in body_ops:
        h = it.get(v)
        if isinstance(h, AsyncHandle):
            for hh in h.hosts:
                it.rt.join_host(child, hh)
            args.append(h.value)
        else:
            args.append(h)
    saved = it.agent
    it.agent = child
    try:
        _, vals = it.run_region(op.regions[0], args)
    finally:
        it.agent = saved
    return [AsyncHandle([child])] + [AsyncHandle([child], v) for v in vals]


@HOST.impl(async_d.AwaitOp)
def _await(it: Any, op: Any) -> Any:
    h = it.get(op.operands[0])
    if isinstance(h, AsyncHandle):
        for hh in h.hosts:
            it.rt.join_host(it.agent, hh)
        return h.value if op.results else None
    return None


@HOST.impl(async_d.CreateGroupOp)
def _create_group(it: Any, op: Any) -> Any:
    return AsyncHandle([], None, True)


@HOST.impl(async_d.AddToGroupOp)
def _add_to_group(it: Any, op: Any) -> Any:
    t, g = it.get(op.operands[0]), it.get(op.operands[1])
    g.hosts.extend(t.hosts)
    return np.int64(len(g.hosts) - 1)


@HOST.impl(async_d.AwaitAllOp)
def _await_all(it: Any, op: Any) -> Any:
    g = it.get(op.operands[0])
    for hh in g.hosts:
        it.rt.join_host(it.agent, hh)
