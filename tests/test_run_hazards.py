"""The vector-clock happens-before checker on its own."""

from __future__ import annotations

import time

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from asyncgpu_opt.run.hazards import HazardChecker, intervals_from_offsets
from asyncgpu_opt.run.memory import Memory, Ptr


def setup(kind: str = "host_shared", nbytes: int = 64):
    hc = HazardChecker()
    mem = Memory()
    return hc, mem.allocate(nbytes, kind, "p.mlir:0:1"), mem


def test_unordered_write_write_between_agents_is_a_race() -> None:
    hc, buf, _ = setup()
    a, b = hc.new_agent("stream", "stream 1"), hc.new_agent("stream", "stream 2")
    assert hc.access(a, buf, 0, 8, True, "memcpy", "p.mlir:1:1") == []
    (hz,) = hc.access(b, buf, 4, 12, True, "kernel @m::@k", "p.mlir:2:1")
    assert hz.kind == "data-race"
    assert hz.message == (
        "data race: kernel @m::@k on stream 2 at p.mlir:2:1 writes buffer #0 while memcpy on stream 1 "
        "at p.mlir:1:1 writes it (no happens-before)"
    )
    assert (hz.loc, hz.other_loc) == ("p.mlir:2:1", "p.mlir:1:1")


def test_join_orders_and_later_work_of_the_source_is_not_covered() -> None:
    hc, buf, _ = setup()
    host, s = hc.new_agent("host", "host"), hc.new_agent("stream", "stream 1")
    hc.access(s, buf, 0, 8, True, "kernel", "a")
    hc.join(host, s)  # stream synchronize
    assert hc.access(host, buf, 0, 8, False, "load", "b") == []
    hc.access(s, buf, 0, 8, True, "kernel", "c")  # after the sync: unordered again
    assert [h.kind for h in hc.access(host, buf, 0, 8, False, "load", "d")] == ["data-race"]


def test_snapshot_acquire_models_events() -> None:
    hc, buf, _ = setup()
    s1, s2 = hc.new_agent("stream", "stream 1"), hc.new_agent("stream", "stream 2")
    hc.access(s1, buf, 0, 64, True, "kernel", "a")
    snap = hc.snapshot(s1)
    hc.access(s1, buf, 0, 4, True, "kernel", "late")
    hc.acquire(s2, snap)
    assert hc.access(s2, buf, 8, 64, False, "kernel", "b") == []
    assert [h.other_loc for h in hc.access(s2, buf, 0, 8, False, "kernel", "c")] == ["late"]


def test_fork_and_join_of_host_tasks() -> None:
    hc, buf, _ = setup("host")
    main = hc.new_agent("host", "host")
    hc.access(main, buf, 0, 8, True, "store", "a")
    task = hc.fork(main, "host task 1")
    assert hc.access(task, buf, 0, 8, True, "store", "b") == []
    assert [h.kind for h in hc.access(main, buf, 0, 8, False, "load", "c")] == ["data-race"]
    hc.join(main, task)
    assert hc.access(main, buf, 0, 8, True, "store", "d") == []


def test_reads_never_race_and_disjoint_intervals_never_race() -> None:
    hc, buf, _ = setup()
    a, b = hc.new_agent("stream", "s1"), hc.new_agent("stream", "s2")
    hc.access(a, buf, 0, 32, False, "k", "a")
    assert hc.access(b, buf, 0, 32, False, "k", "b") == []
    hc.access(a, buf, 32, 64, True, "k", "c")
    assert hc.access(b, buf, 0, 32, False, "k", "d") == []


def test_identical_reports_are_deduplicated() -> None:
    hc, buf, _ = setup()
    s, host = hc.new_agent("stream", "stream 1"), hc.new_agent("host", "host")
    hc.access(s, buf, 0, 64, True, "kernel", "k")
    for i in range(16):
        hc.access(host, buf, 4 * i, 4 * i + 4, False, "memref.load", "loop")
    assert len(hc.hazards) == 1


def test_memory_visibility_rules() -> None:
    hc = HazardChecker()
    mem = Memory()
    host, s = hc.new_agent("host", "host"), hc.new_agent("stream", "stream 1")
    dev, plain = mem.allocate(8, "device"), mem.allocate(8, "host")
    reg, shared = mem.allocate(8, "registered"), mem.allocate(8, "host_shared")
    assert [h.kind for h in hc.access(host, dev, 0, 8, False, "load", "a")] == ["host-access-device-memory"]
    assert [h.kind for h in hc.access(s, plain, 0, 8, False, "kernel", "b")] == ["device-access-host-memory"]
    assert hc.access(s, plain, 0, 8, False, "memcpy", "c", direct=False) == []  # copy engine
    assert hc.access(host, reg, 0, 8, False, "load", "d") == []
    assert hc.access(s, shared, 0, 8, False, "kernel", "e") == []


def test_free_use_after_free_double_free_and_out_of_bounds() -> None:
    hc, buf, _ = setup("host", 16)
    host, s = hc.new_agent("host", "host"), hc.new_agent("stream", "stream 1")
    hc.access(s, buf, 0, 16, False, "memcpy", "copy", direct=False)
    (race,) = hc.free(host, buf, "memref.dealloc", "free")  # frees while the copy may still read
    assert race.kind == "data-race" and race.message == (
        "use after free: memcpy on stream 1 at copy reads buffer #0 that memref.dealloc on host at free frees "
        "with no happens-before between them (the free may run first)")
    assert [h.kind for h in hc.access(host, buf, 0, 4, False, "load", "use")] == ["use-after-free"]
    assert [h.kind for h in hc.free(host, buf, "memref.dealloc", "again")] == ["double-free"]
    hc2, b2, _ = setup("host", 16)
    h2 = hc2.new_agent("host", "host")
    (oob,) = hc2.access(h2, b2, 12, 20, False, "load", "x")
    assert oob.kind == "out-of-bounds" and "bytes [12, 20) of buffer #0 (16 bytes" in oob.message


def test_host_loop_accesses_stay_compact_and_fast() -> None:
    hc, buf, _ = setup("host", 4 * 20000)
    host = hc.new_agent("host", "host")
    s = hc.new_agent("stream", "stream 1")
    t0 = time.perf_counter()
    for i in range(20000):
        hc.access(host, buf, 4 * i, 4 * i + 4, True, "memref.store", "loop")
    assert time.perf_counter() - t0 < 2.0
    recs = hc._state[buf.id][host.id]
    assert len(recs) == 1 and (recs[0].lo, recs[0].hi) == (0, 80000)
    hc.join(s, host)
    for _ in range(100):  # repeated whole-buffer kernels on one stream: one record
        hc.access(s, buf, 0, buf.nbytes, True, "kernel", "k")
    assert len(hc._state[buf.id][s.id]) == 1
    assert host.id not in hc._state[buf.id] or not hc._state[buf.id][host.id]  # subsumed by the write


def test_intervals_from_offsets_merges_contiguous_elements() -> None:
    assert intervals_from_offsets([0, 4, 8, 16, 20, 40], 4) == [(0, 12), (16, 24), (40, 44)]
    assert intervals_from_offsets(np.array([[8, 0], [4, 4]]), 4) == [(0, 12)]
    assert intervals_from_offsets([], 4) == []


access_op = st.tuples(
    st.just("access"), st.integers(0, 2), st.integers(0, 15), st.integers(1, 8), st.booleans()
)
join_op = st.tuples(st.just("join"), st.integers(0, 2), st.integers(0, 2), st.just(0), st.just(False))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(access_op, join_op), max_size=24))
def test_race_detection_matches_brute_force_happens_before(ops) -> None:
    """Per access, a race is reported iff it conflicts with an access of another agent that is not
    in its happens-before set (computed by brute force from program order and joins)."""
    hc, buf, _ = setup("host_shared", 32)
    agents = [hc.new_agent("stream", f"stream {i}") for i in range(3)]
    history: list[tuple[int, int, int, bool]] = []
    known: list[set[int]] = [set() for _ in agents]
    for kind, x, a, b, w in ops:
        if kind == "join":
            if x != a:
                hc.join(agents[x], agents[a])
                known[x] |= known[a]
            continue
        lo, hi = a, a + b
        idx = len(history)
        expected = any(
            o != x and j not in known[x] and lo < ohi and olo < hi and (w or ow)
            for j, (o, olo, ohi, ow) in enumerate(history)
        )
        got = hc.access(agents[x], buf, lo, hi, w, f"op{idx}", f"l{idx}")
        assert bool(got) == expected, (idx, history)
        history.append((x, lo, hi, w))
        known[x].add(idx)


def test_ptr_arithmetic_and_addresses_round_trip() -> None:
    mem = Memory()
    a, b = mem.allocate(16, "host"), mem.allocate(16, "device")
    p = Ptr(b, 0) + 12
    assert p.offset == 12 and p.as_int() == 0x1000_0000 * 2 + 12
    assert mem.ptr_from_int(p.as_int()) == p
    assert Ptr.null().as_int() == 0 and Ptr.null().is_null and (Ptr.null() + 8).as_int() == 8
    a.view("int32")[:] = [1, 2, 3, 4]
    assert Ptr(a, 4).view("int32", 2).tolist() == [2, 3]
    v = a.view("int16", 2, 2)
    v[:] = 7
    assert a.data[2:6].tolist() == [7, 0, 7, 0]


def test_buffers_are_named_by_their_ssa_value_and_allocation_site() -> None:
    hc, buf, _ = setup("device", 16)
    assert buf.label == f"buffer #{buf.id}"  # no source name: the id
    buf.name, buf.loc = "%m", "f.mlir:4:10"
    s = hc.new_agent("stream", "stream 1")
    hc.access(s, buf, 0, 16, True, "kernel @k::@set", "f.mlir:6:3")
    (race,) = hc.access(hc.new_agent("stream", "stream 2"), buf, 0, 4, True, "memset", "f.mlir:8:3")
    assert race.message == ("data race: memset on stream 2 at f.mlir:8:3 writes %m (allocated at f.mlir:4:10) "
                            "while kernel @k::@set on stream 1 at f.mlir:6:3 writes it (no happens-before)")


def test_atomics_of_unordered_agents_do_not_race_but_race_with_plain_accesses() -> None:
    hc, buf, _ = setup()
    a, b, c = (hc.new_agent("stream", f"stream {i}") for i in (1, 2, 3))
    for agent in (a, b):  # two kernels' atomic read-modify-writes of one counter
        assert hc.access(agent, buf, 0, 4, False, "kernel", "p.mlir:1:1", atomic=True) == []
        assert hc.access(agent, buf, 0, 4, True, "kernel", "p.mlir:1:1", atomic=True) == []
    (hz,) = hc.access(c, buf, 0, 4, False, "kernel @m::@plain", "p.mlir:3:1")
    assert hz.kind == "data-race" and "reads buffer #0" in hz.message


def test_a_plain_read_does_not_hide_an_earlier_atomic_write_of_the_same_agent() -> None:
    hc, buf, _ = setup()
    a, b = hc.new_agent("stream", "stream 1"), hc.new_agent("stream", "stream 2")
    hc.access(a, buf, 0, 4, True, "kernel", "p.mlir:1:1", atomic=True)
    hc.access(a, buf, 0, 8, False, "kernel", "p.mlir:2:1")
    (hz,) = hc.access(b, buf, 0, 4, False, "host", "p.mlir:3:1")
    assert "writes it" in hz.message


# --------------------------------------------------------------------------- initialization (initcheck)


def test_written_mask_by_elements_of_every_size() -> None:
    """Element writes mark exactly their bytes, whatever the element size (16-byte elements take
    the byte-index path); a read meeting one unwritten byte is caught."""
    for it in (1, 2, 4, 8, 16):
        buf = Memory().allocate(8 * it + 3, "device", uninitialized=True)
        buf.mark_elements_written(np.array([0, 2, 5]), it)
        buf.mark_elements_written(7, it)
        assert not buf.unwritten_elements_read(np.array([0, 2, 5, 7]), it)
        assert buf.unwritten_elements_read(np.array([2, 3]), it)
        assert buf.unwritten_elements_read(1, it)
        assert not buf.unwritten_read(2 * it, 3 * it) and buf.unwritten_read(3 * it - 1, 3 * it + 1)
        assert buf.unwritten_read(8 * it, 8 * it + 3)  # the tail no element covers
    plain = Memory().allocate(16, "host")
    assert not plain.unwritten_read(0, 16) and not plain.unwritten_elements_read(np.arange(4), 4)


def test_uninitialized_read_is_reported_once_per_buffer() -> None:
    from asyncgpu_opt.run.runtime import Runtime

    rt = Runtime()
    a = rt.mgpuMemAlloc(16, None, True, loc="p.mlir:1:1")
    rt.mgpuMemset32(a + 4, 7, 2)  # elements 1 and 2
    rt.host_access(a.buffer, 4, 12, False, "p.mlir:3:1")
    assert rt.hazards == []
    rt.host_access(a.buffer, 8, 16, False, "p.mlir:4:1")
    rt.host_access(a.buffer, 0, 4, False, "p.mlir:5:1")
    assert [h.kind for h in rt.hazards] == ["uninitialized-read"]
    assert rt.hazards[0].loc == "p.mlir:4:1"
    assert "host load on host at p.mlir:4:1 reads buffer #0 (allocated at p.mlir:1:1)" in rt.hazards[0].message
    h = rt.host_alloc(16)  # host memory: not tracked, and a copy from it writes the destination
    b = rt.mgpuMemAlloc(16, None, False)
    rt.mgpuMemcpy(b, h, 16)
    rt.mgpuMemcpy(h, b, 16)
    assert len(rt.hazards) == 1
