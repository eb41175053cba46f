"""Lowered code for the happens-before analysis: what each ``mgpu*`` runtime call does to the
state (streams and events are agents and clocks; ``mgpuMemAlloc`` makes a buffer; frees on a
stream are stream-ordered).  ``an`` is the ``happens_before.Analyzer``."""

from __future__ import annotations

from typing import Any

from ..ir.core import Operation, Value
from .hb_ops import RUNTIME_CALLS, what_of
from .hb_state import State, join


def _stream_of(an: Any, v: Value) -> int:
    h = an.handle.get(id(v))
    return h if h is not None else an.default


def _on_stream(an: Any, op: Operation, s: State, stream: Value,
               eff: list[tuple[Any, bool, Value | None]], free: bool = False) -> None:
    agent = _stream_of(an, stream)
    clock = an._enqueue(s, agent)
    an.work(s, agent, clock, op)
    an.access(s, agent, clock, op, what_of(op), eff, free=free)
    if agent == an.default:
        an._acquire(s, s.host, clock)


def _rt_stream_create(an: Any, op: Operation, s: State) -> None:
    a = an._new_agent("stream")
    an.handle[id(op.results[0])] = a
    an._start(s, a, s.clocks[s.host])
    an._tick(s, s.host)
    s.live[a] = op


def _rt_event_create(an: Any, op: Operation, s: State) -> None:
    e = an._new_agent("event")
    an.handle[id(op.results[0])] = e
    s.events[e] = {}
    s.live[e] = op


def _rt_destroy(an: Any, op: Operation, s: State) -> None:
    an._release(s, an.handle.get(id(op.operands[0])))


def _rt_stream_sync(an: Any, op: Operation, s: State) -> None:
    a = _stream_of(an, op.operands[0])
    if a in s.clocks:
        an._acquire(s, s.host, s.clocks[a])
        an._tick(s, a)


def _rt_event_record(an: Any, op: Operation, s: State) -> None:
    e = an.handle.get(id(op.operands[0]))
    a = _stream_of(an, op.operands[1])
    if e is None:
        return
    c = join(s.clocks.get(a, {}), s.clocks[s.host])
    s.clocks[a] = c
    s.events[e] = c
    an._tick(s, a)
    an._tick(s, s.host)


def _rt_stream_wait_event(an: Any, op: Operation, s: State) -> None:
    a = _stream_of(an, op.operands[0])
    e = an.handle.get(id(op.operands[1]))
    s.clocks[a] = join(s.clocks.get(a, {}), s.clocks[s.host], s.events.get(e, {}) if e is not None else {})
    an._tick(s, s.host)


def _rt_event_sync(an: Any, op: Operation, s: State) -> None:
    e = an.handle.get(id(op.operands[0]))
    if e is not None:
        an._acquire(s, s.host, s.events.get(e, {}))


def _rt_alloc(an: Any, op: Operation, s: State) -> None:
    an.fresh(op.results[0], lowered=True)


def _rt_free(an: Any, op: Operation, s: State) -> None:
    ptr, stream = op.operands[0], op.operands[1] if len(op.operands) > 1 else None
    keys = an.value_keys(ptr)
    if stream is None or not an.value_keys(stream) and an.handle.get(id(stream)) is None:
        for k in keys:
            an._sync_free(s, op, k, ptr)
        return
    _on_stream(an, op, s, stream, [(k, True, ptr) for k in keys], free=True)


def _rt_memcpy(an: Any, op: Operation, s: State) -> None:
    dst, src, stream = op.operands[0], op.operands[1], op.operands[3]
    eff = [(k, False, src) for k in an.value_keys(src)] + [(k, True, dst) for k in an.value_keys(dst)]
    _on_stream(an, op, s, stream, eff)


def _rt_memset(an: Any, op: Operation, s: State) -> None:
    dst, stream = op.operands[0], op.operands[-1]
    _on_stream(an, op, s, stream, [(k, True, dst) for k in an.value_keys(dst)])


def _rt_nothing(an: Any, op: Operation, s: State) -> None:
    return


RUNTIME = {
    "mgpuStreamCreate": _rt_stream_create, "mgpuEventCreate": _rt_event_create,
    "mgpuStreamDestroy": _rt_destroy, "mgpuEventDestroy": _rt_destroy,
    "mgpuStreamSynchronize": _rt_stream_sync, "mgpuEventRecord": _rt_event_record,
    "mgpuStreamWaitEvent": _rt_stream_wait_event, "mgpuEventSynchronize": _rt_event_sync,
    "mgpuMemAlloc": _rt_alloc, "mgpuMemFree": _rt_free, "mgpuMemcpy": _rt_memcpy,
    "mgpuMemset32": _rt_memset, "mgpuMemset16": _rt_memset,
    "mgpuMemHostRegisterMemRef": _rt_nothing, "mgpuMemHostUnregisterMemRef": _rt_nothing,
    "mgpuSetDefaultDevice": _rt_nothing,
}


assert set(RUNTIME) == RUNTIME_CALLS
