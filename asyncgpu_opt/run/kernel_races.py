"""Data races between the threads of one kernel launch (``--run`` on the CPU simulation).

The SIMT executor runs all threads in lock step, so a program with a race still computes one
deterministic answer; on a GPU the threads are not ordered.  This tracker reports every pair of
accesses to one element by *different* threads, at least one a write, with no ``gpu.barrier`` in
between (same *barrier interval*):

  * read after write (RAW): a thread reads what another thread wrote;
  * write after read (WAR): a thread overwrites what another thread read (e.g. an in-place stencil);
  * write after write (WAW): two threads write one element (in one store or in two).

A ``gpu.barrier`` orders the threads of ONE block: two accesses by threads of different blocks
conflict whatever barriers lie between them (blocks are not ordered within a launch).

Tracked memory: global buffers and workgroup attributions (their instances are per block, so only
threads of one block can meet there); private (per-thread) memory cannot race.  Per tracked
element it keeps the last writer (thread, op, interval), the smallest and largest reader of the
current interval, and the lowest and highest thread that ever wrote / read it in this launch (for
conflicts across blocks); a ``gpu.barrier`` starts a new interval for every thread (all threads
reach it together under lock step).  Reads are queued and folded into the reader state only when
their buffer is written, so read-only inputs cost nothing.  Not detected: buffers of more than
``MAX_ELEMENTS`` elements (skipped to bound memory).  Atomic ops are not tracked.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

MAX_ELEMENTS = 1 << 22
_NONE = np.int32(-1)
_BIG = np.iinfo(np.int32).max


class KernelRace(NamedTuple):
    """One race inside a kernel (the runtime reports it with the kernel's name)."""

    message: str
    loc: str | None
    other_loc: str | None


class _Shadow:
    """Per-element shadow state of one buffer (seen at one element size)."""

    __slots__ = ("w_tid", "w_ep", "w_op", "r_min", "r_max", "r_ep", "r_op", "written", "writers", "readers")

    def __init__(self, n: int) -> None:
        self.w_tid = np.full(n, _NONE, np.int32)
        self.w_ep = np.full(n, _NONE, np.int32)
        self.w_op = np.full(n, _NONE, np.int32)
        self.r_min = np.full(n, _BIG, np.int32)
        self.r_max = np.full(n, _NONE, np.int32)
        self.r_ep = np.full(n, _NONE, np.int32)
        self.r_op = np.full(n, _NONE, np.int32)
        self.written = -1  # last interval with a write
        self.writers = _ThreadRange(n)  # over every interval: for conflicts across blocks
        self.readers = _ThreadRange(n)


class _ThreadRange:
    """Per element: the lowest and highest thread that accessed it in the launch, and their ops."""

    __slots__ = ("lo", "hi", "lo_op", "hi_op")

    def __init__(self, n: int) -> None:
        self.lo = np.full(n, _BIG, np.int32)
        self.hi = np.full(n, _NONE, np.int32)
        self.lo_op = np.full(n, _NONE, np.int32)
        self.hi_op = np.full(n, _NONE, np.int32)

    def fold(self, offs: np.ndarray, tids: np.ndarray, oi: int) -> None:
        """Widen each element's range by these lanes (op ``oi``)."""
        lower = tids < self.lo[offs]  # (a loop re-touching its elements widens nothing: no scatter)
        if lower.any():
            o = offs[lower]
            np.minimum.at(self.lo, o, tids[lower])
            self.lo_op[o] = oi
        higher = tids > self.hi[offs]
        if higher.any():
            o = offs[higher]
            np.maximum.at(self.hi, o, tids[higher])
            self.hi_op[o] = oi

    def other_block(self, offs: np.ndarray, tids: np.ndarray, per_block: int) -> tuple[int, int, int, int] | None:
        """The first lane whose element a thread of ANOTHER block accessed: (lane, element, that
        thread, its op), or None."""
        blk = tids // per_block
        hi_t = self.hi[offs]
        seen = hi_t >= 0
        other_lo = seen & (self.lo[offs] // per_block != blk)
        bad = other_lo | (seen & (hi_t // per_block != blk))
        if not bad.any():
            return None
        k = int(np.flatnonzero(bad)[0])
        o = int(offs[k])
        if other_lo[k]:
            return k, o, int(self.lo[o]), int(self.lo_op[o])
        return k, o, int(self.hi[o]), int(self.hi_op[o])


class RaceTracker:
    """Collects the races of one launch.  ``thread`` is the launch-shaped array of global linear
    thread ids; ``block`` the (x, y, z) block size and ``nb`` threads per block (for messages)."""

    def __init__(self, thread: np.ndarray, block: tuple[int, int, int], grid: tuple[int, int, int]) -> None:
        self.thread = thread
        self.block = block
        self.per_block = block[0] * block[1] * block[2]
        self.grid = grid
        self.epoch = 0
        self.shadows: dict[tuple[int, int], _Shadow] = {}
        self.ops: list[Any] = []
        self.op_index: dict[int, int] = {}
        self.found: dict[tuple, KernelRace] = {}
        self.pending: dict[tuple[int, int], list[tuple]] = {}  # reads not folded yet, per buffer

    def barrier(self) -> None:
        self.epoch += 1

    def access(self, buf: Any, itemsize: int, write: bool, v: Any, u: int, mask: np.ndarray | None,
               op: Any) -> None:
        """The threads where ``mask`` holds (all when None) touch elements ``v + u`` (``v``: None or
        an array broadcastable to the launch shape).  Reads are only queued (a pending read costs
        nothing unless the buffer is written in the same interval, when it is checked against the
        write); a read of a buffer written in this interval is checked at once."""
        key = (id(buf), itemsize)
        oi = self.op_index.get(id(op))
        if oi is None:
            oi = self.op_index[id(op)] = len(self.ops)
            self.ops.append(op)
        sh = self.shadows.get(key)
        if not write:
            self.pending.setdefault(key, []).append((v, u, mask, oi, self.epoch))
            if sh is not None:
                offs, tids = self._lanes(v, u, mask)
                bad = (sh.w_ep[offs] == self.epoch) & (sh.w_tid[offs] != tids)
                if bad.any():
                    k = int(np.flatnonzero(bad)[0])
                    o = int(offs[k])
                    self._report("read", "wrote", buf, o, int(tids[k]), int(sh.w_tid[o]), oi, int(sh.w_op[o]))
                else:
                    self._check_blocks(sh.writers, offs, tids, "read", "wrote", buf, oi)
            return
        if sh is None:
            n = buf.nbytes // itemsize
            if n > MAX_ELEMENTS:
                return
            sh = self.shadows[key] = _Shadow(n)
        e = np.int32(self.epoch)
        for pv, pu, pmask, poi, pe in self.pending.pop(key, ()):  # reads not folded yet, in order
            offs, tids = self._lanes(pv, pu, pmask)
            sh.readers.fold(offs, tids, poi)
            if pe != self.epoch:
                continue
            stale = sh.r_ep[offs] != e
            if stale.any():
                so = offs[stale]
                sh.r_min[so] = _BIG
                sh.r_max[so] = _NONE
                sh.r_ep[so] = e
            np.minimum.at(sh.r_min, offs, tids)
            np.maximum.at(sh.r_max, offs, tids)
            sh.r_op[offs] = poi
        offs, tids = self._lanes(v, u, mask)
        if offs.size == 0:
            return
        self._check_write(sh, buf, offs, tids, e, oi)
        sh.writers.fold(offs, tids, oi)
        sh.w_tid[offs] = tids  # the last thread in order wins, as in the executor's scatter
        sh.w_ep[offs] = e
        sh.w_op[offs] = oi
        sh.written = self.epoch

    def _lanes(self, v: Any, u: int, mask: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        """(element offset, thread id) of every active lane."""
        off = np.int64(u) if v is None else (v + u if u else v)
        offs, tids = np.broadcast_arrays(np.asarray(off, dtype=np.int64), self.thread)
        if mask is not None:
            m = np.broadcast_to(mask, offs.shape)
            return offs[m], tids[m].astype(np.int32)
        return offs.ravel(), tids.ravel().astype(np.int32)

    def _check_write(self, sh: _Shadow, buf: Any, offs: np.ndarray, tids: np.ndarray, e: np.int32,
                     oi: int) -> None:
        if offs.size > 1:  # two threads of this store on one element
            order = np.argsort(offs, kind="stable")
            so = offs[order]
            dup = np.flatnonzero(so[1:] == so[:-1])
            if dup.size:
                i = int(dup[0])
                self._report("write", "writes", buf, int(so[i]), int(tids[order[i + 1]]), int(tids[order[i]]),
                             oi, oi)
        waw = (sh.w_ep[offs] == e) & (sh.w_tid[offs] != tids)
        if waw.any():
            k = int(np.flatnonzero(waw)[0])
            o = int(offs[k])
            self._report("write", "wrote", buf, o, int(tids[k]), int(sh.w_tid[o]), oi, int(sh.w_op[o]))
        r_ep = sh.r_ep[offs]
        war = (r_ep == e) & ((sh.r_min[offs] != tids) | (sh.r_max[offs] != tids))
        if war.any():
            k = int(np.flatnonzero(war)[0])
            o = int(offs[k])
            t = int(tids[k])
            other = int(sh.r_min[o]) if int(sh.r_min[o]) != t else int(sh.r_max[o])
            self._report("write", "read", buf, o, t, other, oi, int(sh.r_op[o]))
        if not waw.any():
            self._check_blocks(sh.writers, offs, tids, "write", "wrote", buf, oi)
        if not war.any():
            self._check_blocks(sh.readers, offs, tids, "write", "read", buf, oi)

    def _check_blocks(self, seen: _ThreadRange, offs: np.ndarray, tids: np.ndarray, did: str, other_did: str,
                      buf: Any, oi: int) -> None:
        """A conflict with an access by a thread of ANOTHER block in any interval (a barrier does
        not order blocks)."""
        hit = seen.other_block(offs, tids, self.per_block)
        if hit is not None:
            k, o, other, other_oi = hit
            self._report(did, other_did, buf, o, int(tids[k]), other, oi, other_oi, across_blocks=True)

    def _report(self, did: str, other_did: str, buf: Any, elem: int, tid: int, other_tid: int, oi: int,
                other_oi: int, across_blocks: bool = False) -> None:
        from .values import loc_str

        op, other = self.ops[oi], self.ops[other_oi]
        key = (did, other_did, oi, other_oi, id(buf))
        if key in self.found:
            return
        what = {"read": "reads", "write": "writes"}[did]
        if other_did == "writes":
            tail = f"that {self._thread(other_tid)} also writes in the same store"
        elif across_blocks:
            tail = (f"that {self._thread(other_tid)} {other_did} at {loc_str(other) or '?'} "
                    "(threads of different blocks: no gpu.barrier orders them)")
        else:
            tail = (f"that {self._thread(other_tid)} {other_did} at {loc_str(other) or '?'} "
                    "with no gpu.barrier in between")
        bid = getattr(buf, "id", -1)
        where = f"allocation #{bid}" if bid >= 0 else "workgroup memory"
        msg = f"data race between threads: {self._thread(tid)} {what} element {elem} of {where} {tail}"
        self.found[key] = KernelRace(msg, loc_str(op), loc_str(other))

    def _thread(self, t: int) -> str:
        bx, by, bz = self.block
        nb = bx * by * bz
        b, r = divmod(t, nb)
        gx, gy, _ = self.grid
        return (f"thread ({r % bx}, {r // bx % by}, {r // (bx * by)}) of block "
                f"({b % gx}, {b // gx % gy}, {b // (gx * gy)})")

    def races(self) -> list[KernelRace]:
        return list(self.found.values())

