"""The mgpu* runtime on the sim device: values, hazards, virtual time, trace and stats."""

from __future__ import annotations

import json

import numpy as np
import pytest

from asyncgpu_opt.run.memory import Ptr
from asyncgpu_opt.run.runtime import Access, Runtime
from asyncgpu_opt.run.trace import build_trace, render_timeline_svg, write_run_stats, write_trace


def kinds(rt: Runtime) -> list[str]:
    return [h.kind for h in rt.hazards]


def writer(ptr: Ptr, nbytes: int, value: float | None = None):
    """A fake kernel body that (optionally) fills f32 values and reports a write."""

    def run() -> list[Access]:
        if value is not None:
            ptr.view("float32", nbytes // 4)[:] = value
        return [Access(ptr.buffer, ptr.offset, ptr.offset + nbytes, True)]

    return run


def reader(ptr: Ptr, nbytes: int):
    return lambda: [Access(ptr.buffer, ptr.offset, ptr.offset + nbytes, False)]


# --------------------------------------------------------------------------- values


def test_memcpy_roundtrip_and_memsets_compute_values() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate(loc="t.mlir:1:1")
    h = rt.host_alloc(32, "t.mlir:2:1")
    h.view("int32")[:] = np.arange(8)
    d = rt.mgpuMemAlloc(32, s, False, loc="t.mlir:3:1")
    rt.mgpuMemcpy(d, h, 32, s, loc="t.mlir:4:1")
    rt.mgpuMemset32(d + 8, 0xDEADBEEF, 2, s, loc="t.mlir:5:1")
    rt.mgpuMemset16(d + 24, 0x7, 2, s, loc="t.mlir:6:1")
    out = rt.host_alloc(32, "t.mlir:7:1")
    rt.mgpuMemcpy(out, d, 32, s, loc="t.mlir:8:1")
    rt.mgpuStreamSynchronize(s, loc="t.mlir:9:1")
    assert rt.host_access(out.buffer, 0, 32, False, "t.mlir:10:1") == []
    got = out.view("uint32")
    assert list(got[:2]) == [0, 1]
    assert list(got[2:4]) == [0xDEADBEEF, 0xDEADBEEF]
    assert list(got[4:6]) == [4, 5]
    assert got[6] == 0x0007_0007
    assert got[7] == 7
    rt.mgpuMemFree(d, s, loc="t.mlir:11:1")
    rt.mgpuStreamDestroy(s, loc="t.mlir:12:1")
    assert rt.finish() == []


def test_zero_size_alloc_is_null_and_alloc_kinds() -> None:
    rt = Runtime()
    assert rt.mgpuMemAlloc(0, None, False).is_null
    assert rt.mgpuMemAlloc(4, None, True).buffer.kind == "host_shared"
    assert rt.mgpuMemAlloc(4, None, False).buffer.kind == "device"


# --------------------------------------------------------------------------- races


def test_two_unordered_streams_writing_one_buffer_race_names_both_locations() -> None:
    rt = Runtime()
    s1 = rt.mgpuStreamCreate(loc="p.mlir:1:1")
    s2 = rt.mgpuStreamCreate(loc="p.mlir:2:1")
    d = rt.mgpuMemAlloc(64, None, False, loc="p.mlir:3:1")
    rt.mgpuMemset32(d, 1, 16, s1, loc="p.mlir:4:3")
    rt.launch_kernel(s2, "@m::@k", (1, 1, 1), (16, 1, 1), writer(d, 64), loc="p.mlir:5:3")
    races = [h for h in rt.hazards if h.kind == "data-race"]
    assert len(races) == 1
    msg = races[0].message
    assert "kernel @m::@k on stream 2" in msg and "p.mlir:5:3" in msg
    assert "memset on stream 1" in msg and "p.mlir:4:3" in msg
    assert races[0].loc == "p.mlir:5:3" and races[0].other_loc == "p.mlir:4:3"
    assert str(races[0]).startswith("p.mlir:5:3: error: data race:")


def test_event_record_and_wait_orders_the_streams() -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, None, False)
    rt.launch_kernel(s1, "@m::@produce", (1,), (16,), writer(d, 64, 2.0), loc="p.mlir:4:3")
    e = rt.mgpuEventCreate(loc="p.mlir:5:3")
    rt.mgpuEventRecord(e, s1, loc="p.mlir:6:3")
    rt.mgpuStreamWaitEvent(s2, e, loc="p.mlir:7:3")
    rt.mgpuEventDestroy(e, loc="p.mlir:8:3")
    rt.launch_kernel(s2, "@m::@consume", (1,), (16,), writer(d, 64, 3.0), loc="p.mlir:9:3")
    assert rt.hazards == []
    # The waiting stream starts after the producer finished.
    produce, consume = rt.commands
    assert consume.start >= produce.end


def test_event_recorded_before_the_write_does_not_order_it() -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, None, False)
    e = rt.mgpuEventCreate()
    rt.mgpuEventRecord(e, s1)
    rt.launch_kernel(s1, "@m::@a", (1,), (16,), writer(d, 64), loc="p.mlir:1:1")
    rt.mgpuStreamWaitEvent(s2, e)
    rt.launch_kernel(s2, "@m::@b", (1,), (16,), reader(d, 64), loc="p.mlir:2:1")
    assert kinds(rt) == ["data-race"]


def test_reads_from_two_streams_and_disjoint_writes_do_not_race() -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, None, False)
    rt.launch_kernel(s1, "@m::@r1", (1,), (1,), reader(d, 64))
    rt.launch_kernel(s2, "@m::@r2", (1,), (1,), reader(d, 64))
    rt.launch_kernel(s1, "@m::@w1", (1,), (1,), writer(d, 32))
    rt.launch_kernel(s2, "@m::@w2", (1,), (1,), writer(d + 32, 32))
    races = [h.message for h in rt.hazards]
    # w1 writes the first half that r2 (stream 2) reads; w2 writes what r1 read.
    assert len(races) == 2 and all("data race" in m for m in races)
    assert any("@m::@w1" in m and "@m::@r2" in m for m in races)
    assert any("@m::@w2" in m and "@m::@r1" in m for m in races)


def test_host_read_of_host_shared_memory_needs_a_sync() -> None:
    def scenario(sync: bool) -> Runtime:
        rt = Runtime()
        s = rt.mgpuStreamCreate()
        m = rt.mgpuMemAlloc(16, None, True, loc="p.mlir:2:1")
        rt.launch_kernel(s, "@m::@fill", (1,), (4,), writer(m, 16, 7.0), loc="p.mlir:3:1")
        if sync:
            rt.mgpuStreamSynchronize(s, loc="p.mlir:4:1")
        rt.host_access(m.buffer, 0, 16, False, loc="p.mlir:5:1", what="memref.load")
        assert list(m.view("float32")) == [7.0] * 4
        return rt

    racy = scenario(False)
    assert kinds(racy) == ["data-race"]
    msg = racy.hazards[0].message
    assert "memref.load on host at p.mlir:5:1" in msg and "kernel @m::@fill on stream 1 at p.mlir:3:1" in msg
    assert scenario(True).hazards == []


def test_event_synchronize_orders_host_after_recorded_work() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    m = rt.mgpuMemAlloc(16, None, True)
    rt.launch_kernel(s, "@m::@fill", (1,), (4,), writer(m, 16))
    e = rt.mgpuEventCreate()
    rt.mgpuEventRecord(e, s)
    rt.mgpuEventSynchronize(e)
    rt.host_access(m.buffer, 0, 16, False)
    assert rt.hazards == []


def test_host_write_after_async_memcpy_source_races() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    h = rt.host_alloc(16, "p.mlir:1:1")
    rt.host_access(h.buffer, 0, 16, True, "p.mlir:2:1")  # before the enqueue: ordered
    d = rt.mgpuMemAlloc(16, s, False)
    rt.mgpuMemcpy(d, h, 16, s, loc="p.mlir:3:1")
    assert rt.hazards == []
    rt.host_access(h.buffer, 0, 4, True, "p.mlir:4:1")
    assert kinds(rt) == ["data-race"]
    assert "memcpy on stream 1 at p.mlir:3:1 reads it" in rt.hazards[0].message


def test_null_stream_is_synchronous_with_the_host() -> None:
    rt = Runtime()
    m = rt.mgpuMemAlloc(16, None, True)
    h = rt.host_alloc(16)
    rt.mgpuMemset32(m, 5, 4, None)
    rt.mgpuMemcpy(h, m, 16, None)
    rt.host_access(h.buffer, 0, 16, False)
    rt.host_access(m.buffer, 0, 16, True)
    assert rt.hazards == []
    assert list(h.view("int32")) == [5] * 4
    assert rt.commands[1].start >= rt.commands[0].end


def test_async_execute_tasks_fork_and_join() -> None:
    rt = Runtime()
    m = rt.mgpuMemAlloc(16, None, True)
    task = rt.fork_host(name="async.execute 1")
    s = rt.mgpuStreamCreate(agent=task)
    rt.launch_kernel(s, "@m::@k", (1,), (4,), writer(m, 16), loc="p.mlir:3:1", agent=task)
    rt.mgpuStreamSynchronize(s, agent=task)
    rt.host_access(m.buffer, 0, 16, False, "p.mlir:5:1")  # main thread has not awaited the task
    assert kinds(rt) == ["data-race"]
    rt2 = Runtime()
    m2 = rt2.mgpuMemAlloc(16, None, True)
    t2 = rt2.fork_host()
    s2 = rt2.mgpuStreamCreate(agent=t2)
    rt2.launch_kernel(s2, "@m::@k", (1,), (4,), writer(m2, 16), agent=t2)
    rt2.mgpuStreamSynchronize(s2, agent=t2)
    rt2.join_host(None, t2)  # async.await
    rt2.host_access(m2.buffer, 0, 16, False)
    assert rt2.hazards == []


# --------------------------------------------------------------------------- memory misuse


def test_free_waits_for_the_device_and_later_use_is_use_after_free() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, s, False, loc="p.mlir:1:1")
    k = rt.launch_kernel(s, "@m::@k", (1,), (16,), writer(d, 64), loc="p.mlir:2:1")
    rt.mgpuMemFree(d, None, loc="p.mlir:3:1")  # cuMemFree (no stream): waits for the device
    assert rt.hazards == []
    assert rt.host.time >= k.end
    rt.launch_kernel(s, "@m::@k2", (1,), (16,), reader(d, 64), loc="p.mlir:4:1")
    rt.mgpuMemFree(d, s, loc="p.mlir:5:1")
    assert kinds(rt) == ["use-after-free", "double-free"]
    assert "p.mlir:3:1" in rt.hazards[0].message and "p.mlir:4:1" in rt.hazards[0].message
    assert "p.mlir:5:1" in rt.hazards[1].message and "p.mlir:3:1" in rt.hazards[1].message


def test_host_cannot_touch_device_memory_and_kernels_cannot_touch_plain_host_memory() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(16, None, False, loc="p.mlir:1:1")
    h = rt.host_alloc(16, "p.mlir:2:1")
    rt.host_access(d.buffer, 0, 4, False, "p.mlir:3:1")
    rt.launch_kernel(s, "@m::@k", (1,), (4,), reader(h, 16), loc="p.mlir:4:1")
    assert kinds(rt) == ["host-access-device-memory", "device-access-host-memory"]
    # A memcpy may read pageable host memory; a registered buffer is device-visible.
    rt2 = Runtime()
    s2 = rt2.mgpuStreamCreate()
    h2 = rt2.host_alloc(16)
    d2 = rt2.mgpuMemAlloc(16, None, False)
    rt2.mgpuMemcpy(d2, h2, 16, s2)
    rt2.mgpuStreamSynchronize(s2)
    rt2.mgpuMemHostRegisterMemRef(h2, 16)
    rt2.launch_kernel(s2, "@m::@k", (1,), (4,), reader(h2, 16))
    assert rt2.hazards == []
    rt2.mgpuMemHostRegisterMemRef(h2, 16)
    assert kinds(rt2) == ["invalid-register"]


def test_host_unregister_makes_host_memory_device_invisible_again() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    h = rt.host_alloc(16, "u.mlir:1:1")
    rt.mgpuMemHostRegisterMemRef(h, loc="u.mlir:2:1")
    assert h.buffer.kind == "registered"
    rt.launch_kernel(s, "@m::@k", (1,), (4,), writer(h, 16, 1.0), loc="u.mlir:3:1")
    rt.mgpuStreamSynchronize(s)
    rt.mgpuMemHostUnregisterMemRef(h, loc="u.mlir:4:1")
    assert h.buffer.kind == "host" and rt.hazards == []
    assert list(h.view("float32", 4)) == [1.0] * 4
    rt.launch_kernel(s, "@m::@k", (1,), (4,), reader(h, 16), loc="u.mlir:5:1")
    assert kinds(rt) == ["device-access-host-memory"]
    rt.mgpuMemHostUnregisterMemRef(h, loc="u.mlir:6:1")
    assert kinds(rt) == ["device-access-host-memory", "invalid-register"]
    assert "u.mlir:6:1 of memory that is not registered" in rt.hazards[-1].message
    rt.mgpuStreamSynchronize(s)
    rt.mgpuStreamDestroy(s)


def test_out_of_bounds_memcpy_is_reported_and_clipped() -> None:
    rt = Runtime()
    a = rt.mgpuMemAlloc(16, None, True, loc="p.mlir:1:1")
    b = rt.mgpuMemAlloc(8, None, True, loc="p.mlir:2:1")
    rt.mgpuMemset32(a, 0, 4)
    rt.mgpuMemcpy(b, a, 16, None, loc="p.mlir:3:1")
    assert kinds(rt) == ["out-of-bounds"]
    assert "bytes [0, 16) of buffer #1 (8 bytes" in rt.hazards[0].message


# --------------------------------------------------------------------------- handles


def test_leaks_are_reported_at_finish() -> None:
    rt = Runtime()
    rt.mgpuStreamCreate(loc="p.mlir:1:1")
    rt.mgpuEventCreate(loc="p.mlir:2:1")
    rt.mgpuMemAlloc(8, None, False, loc="p.mlir:3:1")
    rt.host_alloc(8, "p.mlir:4:1")  # plain host allocations are not leaks
    hz = rt.finish()
    assert [h.kind for h in hz] == ["leak"] * 3
    assert "stream 1 created at p.mlir:1:1 is never destroyed" in hz[0].message
    assert "event 1 created at p.mlir:2:1" in hz[1].message
    assert "device allocation #0 (8 bytes) made at p.mlir:3:1" in hz[2].message
    assert rt.run_stats()["streams_leaked"] == 1


def test_double_destroy_and_use_after_destroy() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    e = rt.mgpuEventCreate()
    rt.mgpuStreamSynchronize(s, loc="p.mlir:1:1")
    rt.mgpuStreamDestroy(s, loc="p.mlir:2:1")
    rt.mgpuStreamDestroy(s, loc="p.mlir:3:1")
    rt.mgpuEventDestroy(e, loc="p.mlir:4:1")
    rt.mgpuEventDestroy(e, loc="p.mlir:5:1")
    rt.mgpuStreamSynchronize(s, loc="p.mlir:6:1")
    assert kinds(rt) == ["double-destroy", "double-destroy", "use-after-destroy"]
    assert (
        "p.mlir:3:1" in rt.hazards[0].message and "already destroyed at p.mlir:2:1" in rt.hazards[0].message
    )
    assert rt.finish() == rt.hazards and len(rt.hazards) == 3


def test_stream_passed_as_event_is_an_invalid_handle_and_leaves_host_unsynced() -> None:
    """Upstream bug #170833: the raw stream is yielded and used as an event."""
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    m = rt.mgpuMemAlloc(8, None, True)
    rt.launch_kernel(s, "@m::@k", (1,), (2,), writer(m, 8), loc="p.mlir:1:1")
    rt.mgpuEventSynchronize(s, loc="p.mlir:2:1")
    rt.mgpuEventDestroy(s, loc="p.mlir:3:1")
    rt.host_access(m.buffer, 0, 8, False, "p.mlir:4:1")
    assert kinds(rt) == ["invalid-handle", "invalid-handle", "data-race"]
    assert "stream 1 where an event is expected" in rt.hazards[0].message


# --------------------------------------------------------------------------- virtual time


def test_independent_kernels_on_two_streams_overlap_and_one_stream_serializes() -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    a = rt.mgpuMemAlloc(4096, None, False)
    b = rt.mgpuMemAlloc(4096, None, False)
    k1 = rt.launch_kernel(s1, "@m::@k1", (8,), (128,), writer(a, 4096), loc="p.mlir:1:1")
    k2 = rt.launch_kernel(s2, "@m::@k2", (8,), (128,), writer(b, 4096), loc="p.mlir:2:1")
    k3 = rt.launch_kernel(s1, "@m::@k3", (8,), (128,), writer(a, 4096), loc="p.mlir:3:1")
    assert rt.hazards == []
    trace = build_trace(rt)
    xs = {e["name"]: e for e in trace["traceEvents"] if e["ph"] == "X"}
    e1, e2, e3 = xs["@m::@k1"], xs["@m::@k2"], xs["@m::@k3"]
    assert e1["tid"] == e3["tid"] != e2["tid"]
    # Two streams overlap in time ...
    assert e1["ts"] < e2["ts"] + e2["dur"] and e2["ts"] < e1["ts"] + e1["dur"]
    # ... one stream serializes.
    assert e3["ts"] >= e1["ts"] + e1["dur"]
    assert k3.start == pytest.approx(k1.end)
    cp, chain = rt.critical_path()
    assert [c.name for c in chain] == ["@m::@k1", "@m::@k3"]
    assert cp == pytest.approx((k1.end - k1.start) + (k3.end - k3.start))
    assert rt.makespan >= max(k2.end, k3.end)
    assert rt.makespan < (k1.end - k1.start) * 3 + 5  # overlapping, not fully serial


def test_kernel_cost_scales_with_threads_and_per_thread_estimate() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    small = rt.launch_kernel(s, "@m::@s", (1,), (32,), lambda: [])
    big = rt.launch_kernel(s, "@m::@b", (1024,), (256,), lambda: [])
    heavy = rt.launch_kernel(s, "@m::@h", (1,), (32,), lambda: [], per_thread_us=10.0)
    dur = [c.end - c.start for c in (small, big, heavy)]
    assert dur[0] < dur[1] and dur[0] < dur[2]


def test_host_sync_advances_host_time_to_completion() -> None:
    rt = Runtime()
    s = rt.mgpuStreamCreate()
    k = rt.launch_kernel(s, "@m::@k", (1000,), (1000,), lambda: [])
    assert rt.host.time < k.end
    rt.mgpuStreamSynchronize(s)
    assert rt.host.time >= k.end
    # A command enqueued after the sync starts after it.
    k2 = rt.launch_kernel(s, "@m::@k", (1,), (1,), lambda: [])
    assert k2.start >= k.end


# --------------------------------------------------------------------------- trace / stats


def test_trace_has_tracks_events_and_flows(tmp_path) -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, None, False)
    h = rt.host_alloc(64)
    rt.mgpuMemcpy(d, h, 64, s1, loc="p.mlir:1:1")
    e = rt.mgpuEventCreate()
    rt.mgpuEventRecord(e, s1)
    rt.mgpuStreamWaitEvent(s2, e)
    rt.launch_kernel(s2, "@mm::@mm", (2,), (32,), reader(d, 64), loc="p.mlir:2:1")
    rt.mgpuEventSynchronize(e)
    rt.mgpuStreamSynchronize(s2)
    for x in (e,):
        rt.mgpuEventDestroy(x)
    for st in (s1, s2):
        rt.mgpuStreamDestroy(st)
    rt.mgpuMemFree(d, None)
    assert rt.finish() == []

    path = tmp_path / "trace.json"
    write_trace(rt, path)
    trace = json.loads(path.read_text())
    ev = trace["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
    assert set(names.values()) == {"host", "stream 1", "stream 2"}
    xs = [e for e in ev if e["ph"] == "X"]
    copy = next(e for e in xs if e["name"] == "memcpy")
    kern = next(e for e in xs if e["name"] == "@mm::@mm")
    assert names[copy["tid"]] == "stream 1" and names[kern["tid"]] == "stream 2"
    assert copy["args"]["bytes"] == 64 and kern["args"]["loc"] == "p.mlir:2:1"
    starts = [e for e in ev if e["ph"] == "s"]
    finishes = [e for e in ev if e["ph"] == "f"]
    assert len(starts) == len(finishes) == 2  # record -> wait, record -> host event sync
    f_kernel = next(f for f in finishes if f["tid"] == kern["tid"])
    s_match = next(s for s in starts if s["id"] == f_kernel["id"])
    assert f_kernel["bp"] == "e" and s_match["tid"] == copy["tid"]
    assert copy["ts"] <= s_match["ts"] <= copy["ts"] + copy["dur"]
    assert kern["ts"] <= f_kernel["ts"] <= kern["ts"] + kern["dur"]

    svg = render_timeline_svg(path.read_text())
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "stream 2" in svg and "@mm::@mm" in svg

    stats_path = tmp_path / "stats.json"
    write_run_stats(rt, stats_path)
    stats = json.loads(stats_path.read_text())
    assert stats["streams_created"] == 2 and stats["streams_destroyed"] == 2 and stats["streams_leaked"] == 0
    assert stats["events_created"] == 1 and stats["events_leaked"] == 0
    assert stats["host_syncs"] == 2 and stats["kernels"] == 1 and stats["bytes_copied"] == 64
    assert stats["makespan_us"] >= stats["critical_path_us"] > 0
    assert stats["critical_path"] == ["memcpy (stream 1)", "@mm::@mm (stream 2)"]


def test_free_on_a_stream_is_stream_ordered() -> None:
    rt = Runtime()
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    d = rt.mgpuMemAlloc(64, s1, False, loc="p.mlir:1:1")
    rt.launch_kernel(s1, "@m::@k", (1,), (16,), writer(d, 64), loc="p.mlir:2:1")
    rt.mgpuMemFree(d, s1, loc="p.mlir:3:1")  # gpu.dealloc async [%t] on the kernel's stream: ordered
    assert rt.hazards == []
    e = rt.mgpuMemAlloc(64, s1, False, loc="p.mlir:4:1")
    rt.launch_kernel(s1, "@m::@k", (1,), (16,), writer(e, 64), loc="p.mlir:5:1")
    rt.mgpuMemFree(e, s2, loc="p.mlir:6:1")  # on another stream, not ordered after the kernel
    assert kinds(rt) == ["data-race"]
    assert "p.mlir:6:1" in rt.hazards[0].message and "p.mlir:5:1" in rt.hazards[0].message
