"""SIMT kernel executor for ``gpu.func`` / ``gpu.launch`` bodies on numpy.

Every SSA value is a numpy array over all threads of the launch or a numpy scalar when it is
uniform.  Thread arrays are broadcastable to the 6-d launch shape ``(gz, gy, gx, bz, by, bx)``
(whose C order is block-major: ``t = block_linear * threads_per_block + thread_linear``): thread and
block ids have size 1 in every other dimension, so index math that depends on a few ids stays
small and a load whose address depends only on, e.g., ``(block_id x, thread_id x)`` gathers one
value per distinct address instead of one per thread (the affine-index-to-slice specialisation of
perf-baselines §4, for free through numpy broadcasting).
Loads gather, stores scatter, ``scf.if`` on a varying condition runs both branches under masks,
``scf.for`` with uniform bounds loops once over the whole thread set (varying bounds loop to the
maximum trip count under a mask).  All threads run in lock step, so ``gpu.barrier`` orders nothing
here; it only starts a new interval for the race tracker (``kernel_races.py``), which reports
conflicting accesses of different threads that no barrier separates.
Global-memory accesses are collected per buffer into element bitmaps and returned as byte
intervals (:class:`~.runtime.Access`) for the hazard checker; out-of-bounds lanes are reported
(as an access outside the buffer) and suppressed.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from ..dialects import scf as scf_d
from ..ir import attributes as A
from ..ir import types as T
from . import concurrent, control, semantics
from .elements import alloc_size
from .hazards import UninitRead
from .kernel_races import RaceTracker
from .memory import Buffer, Ptr
from .model import Access, DeviceAssert, KernelAssertFailed
from .registry import KERNEL
from .values import MemRef, apply_impl, element_storage, group, row_major


def _raise_mmap_threshold() -> None:
    """Keep glibc from mmap/munmap-ing every 512 KiB temporary (see perf-baselines §4)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 64 * 1024 * 1024)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 256 * 1024 * 1024)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass


_raise_mmap_threshold()


#: loop iterations (``scf.while`` turns, ``cf`` branches) one launch may take before it is
#: reported as not terminating (``--run-kernel-steps``)
STEP_BUDGET = 1 << 16


class KernelError(Exception):
    def __init__(self, msg: str, loc: Any = None) -> None:
        super().__init__(msg)
        self.loc = loc


class _Ids:
    """Thread/block id arrays of one launch configuration."""

    def __init__(self, grid: tuple[int, int, int], block: tuple[int, int, int]) -> None:
        gx, gy, gz = grid
        bx, by, bz = block
        nb = bx * by * bz
        n = nb * gx * gy * gz
        self.shape = shape = (gz, gy, gx, bz, by, bx)

        def axis(k: int) -> np.ndarray:
            s = [1] * 6
            s[k] = shape[k]
            return np.arange(shape[k], dtype=np.int64).reshape(s)

        self.n = n
        self.tid = (axis(5), axis(4), axis(3))
        self.bid = (axis(2), axis(1), axis(0))
        tl = self.tid[0] + bx * (self.tid[1] + by * self.tid[2])
        bl = self.bid[0] + gx * (self.bid[1] + gy * self.bid[2])
        self.thread_linear = tl
        self.block_linear = bl
        t = np.arange(n, dtype=np.int64).reshape(shape)
        self.grid = tuple(np.int64(x) for x in grid)
        self.block = tuple(np.int64(x) for x in block)
        self.gid = tuple(self.bid[i] * block[i] + self.tid[i] for i in range(3))
        self.t = t


_ID_CACHE: dict[tuple, _Ids] = {}


def _ids(grid: tuple, block: tuple) -> _Ids:
    key = (grid, block)
    ids = _ID_CACHE.get(key)
    if ids is None:
        if len(_ID_CACHE) > 8:
            _ID_CACHE.clear()
        ids = _ID_CACHE[key] = _Ids(grid, block)
    return ids


class KernelExec:
    """Executes one kernel launch in SIMT fashion.  The op semantics are the ``KERNEL`` registry's
    (``run/semantics/``, shared with the host interpreter where they agree); the region walk and
    affine evaluation are ``control.py``'s; this class holds the launch's state (thread ids, the
    active-lane mask, the accesses for the hazard checker, the race tracker)."""

    run_region = control.run_region
    affine_eval = control.affine_eval

    def __init__(self, ids: _Ids) -> None:
        semantics.load()
        self.ids = ids
        self.env: dict[Any, Any] = {}
        self.impls = KERNEL.table
        self.mask: np.ndarray | None = None
        #: (buffer id, item size, write, atomic) -> (buffer, touched-element bitmap, item size)
        self.touched: dict[tuple[int, int, bool, bool], tuple[Buffer, np.ndarray, int]] = {}
        self.oob: list[Access] = []
        self.uninit: list[UninitRead] = []  # first reads of never-written bytes, one per buffer
        self.local: dict[int, np.ndarray] = {}  # buffer id -> instance ids (block/thread) array
        self.vcache: dict[tuple, tuple] = {}
        self.pattern: dict[tuple, tuple] = {}
        self.printed: list[str] = []  # gpu.printf lines, in thread order
        self.calls_active: set[int] = set()  # the device functions being called (func.call)
        self.steps = 0  # loop steps taken (tick)
        self.dyn_shared_bytes = 0  # the launch's dynamic_shared_memory_size
        self._dyn_shared: MemRef | None = None
        self.budget = STEP_BUDGET
        self.job = concurrent.current_job()  # when running as a concurrent kernel
        self.races = RaceTracker(ids.t, tuple(int(x) for x in ids.block), tuple(int(x) for x in ids.grid))

    def tick(self, op: Any) -> None:
        """One step of a loop (an ``scf.while`` iteration, a ``cf`` branch): counts against
        :data:`STEP_BUDGET` and lets concurrently running kernels take their turn
        (``run/concurrent.py``)."""
        self.steps += 1
        if self.job is not None:
            self.job.step()
        if self.steps > self.budget:
            raise KernelError(f"kernel does not terminate: '{op.name}' still loops after {self.budget} steps "
                              "(loop iterations and branches, --run-kernel-steps): a spin wait that nothing "
                              "running concurrently satisfies?", op.loc)

    def exec_op(self, op: Any) -> None:
        fn = self.impls.get(op.name)
        if fn is None:
            raise KernelError(f"operation '{op.name}' is not supported in kernels", op.loc)
        apply_impl(self, fn, op)

    def get(self, v: Any) -> Any:
        try:
            return self.env[v]
        except KeyError:
            raise KernelError("use of a value defined outside the kernel body") from None

    # ------------------------------------------------------------------ memory
    def offsets(self, op: Any, m: MemRef, idx: list[Any]) -> tuple[Any, int]:
        """Element offsets as (varying part or None, uniform part).  The varying part is cached
        by the identity of its index arrays, so loop-invariant index math is done once."""
        if not isinstance(m, MemRef):
            raise KernelError("expected a memref", op.loc)
        u = m.base_elem + m.offset
        terms = []
        for i, s in zip(idx, m.strides):
            if isinstance(i, np.ndarray):
                terms.append((i, s))
            else:
                u += int(i) * s
        if m.block_stride:
            inst = self.local.get(id(m.buffer))
            if inst is not None:
                terms.append((inst, m.block_stride))
        if not terms:
            return None, u
        key = tuple((id(i), s) for i, s in terms)
        ent = self.vcache.get(key)
        if ent is None:
            v = None
            for i, s in terms:
                t = i if s == 1 else i * s
                v = t if v is None else v + t
            v = v.astype(np.int64, copy=False)
            if len(self.vcache) > 64:
                self.vcache.clear()
            ent = self.vcache[key] = (v, int(v.min()), int(v.max()), terms)
        return ent, u

    def check(self, op: Any, m: MemRef, vu: tuple[Any, int], write: bool, atomic: bool = False) -> tuple[Any, Any]:
        """Bounds-check the active lanes and record the access; returns (offsets or None, mask).
        ``atomic`` accesses are recorded for the hazard checker but not for the race tracker
        (atomics do not race with each other)."""
        ent, u = vu
        buf = m.buffer
        if buf is None:
            raise KernelError("load/store through a null memref", op.loc)
        n = buf.nbytes // m.itemsize
        mask = self.mask
        local = id(buf) in self.local
        it = m.itemsize
        if ent is None:
            if mask is not None and not mask.any():
                return None, mask
            if u < 0 or u >= n:
                self.oob.append(Access(buf, u * it, u * it + it, write))
                return None, mask
            if not local:
                self._touch(buf, it, write, u, atomic)
            if buf.written is not None:
                self._initcheck(op, buf, it, write, u)
            if not atomic and (not local or self.local[id(buf)] is not self.ids.t):
                self.races.access(buf, it, write, None, u, mask, op)
            return u, mask
        v, vmin, vmax, _ = ent
        if mask is None and vmin + u >= 0 and vmax + u < n:
            if not local:
                key = (id(buf), it, write, id(v), atomic)
                rec = self.pattern.get(key)
                if rec is None:
                    if len(self.pattern) > 64:
                        self.flush_patterns()
                    rec = self.pattern[key] = (buf, it, write, v, [], atomic)
                rec[4].append(u)
            if buf.written is not None:
                self._initcheck(op, buf, it, write, v + u if u else v)
            if not atomic and (not local or self.local[id(buf)] is not self.ids.t):
                self.races.access(buf, it, write, v, u, None, op)
            return (v, u) if u >= 0 else v + u, None
        off = v + u if u else v
        if mask is not None and mask.shape != off.shape:
            off, mask = np.broadcast_arrays(off, mask)
        act = off if mask is None else off[mask]
        if act.size == 0:
            return None, mask
        out = (off < 0) | (off >= n)
        if out.any():  # report active lanes out of bounds; inactive lanes may hold any offset
            bad = out if mask is None else (out & mask)
            if bad.any():
                bo = off[bad]
                self.oob.append(Access(buf, int(bo.min()) * it, int(bo.max()) * it + it, write))
            mask = ~bad if mask is None else (mask & ~bad)
            off = np.where(mask, off, 0)
            act = off[mask]
        if not local and act.size:
            self._touch(buf, it, write, act, atomic)
        if buf.written is not None and act.size:
            self._initcheck(op, buf, it, write, act)
        if act.size and not atomic and (not local or self.local[id(buf)] is not self.ids.t):
            self.races.access(buf, it, write, off, 0, mask, op)
        return off, mask

    def _initcheck(self, op: Any, buf: Buffer, itemsize: int, write: bool, offs: Any) -> None:
        """Mark elements ``offs`` written, or check that a read of them meets only written bytes
        (the first read that does not is recorded, and the buffer is no longer tracked)."""
        if write:
            buf.mark_elements_written(offs, itemsize)
        elif buf.unwritten_elements_read(offs, itemsize):
            buf.written = None
            self.uninit.append(UninitRead(buf, str(op.loc) if op.loc is not None else None))

    def _touch(self, buf: Buffer, itemsize: int, write: bool, offs: Any, atomic: bool = False) -> None:
        key = (id(buf), itemsize, write, atomic)
        ent = self.touched.get(key)
        if ent is None:
            bm = np.zeros(buf.nbytes // itemsize, dtype=np.bool_)
            ent = self.touched[key] = (buf, bm, itemsize)
        ent[1][offs] = True

    def flush_patterns(self) -> None:
        for buf, it, write, v, us, atomic in self.pattern.values():
            seen = np.zeros(buf.nbytes // it, dtype=np.bool_)
            seen[v] = True
            uv = np.flatnonzero(seen)
            uu = np.array(sorted(set(us)), dtype=np.int64)
            if uv.size * uu.size <= 1 << 24:
                self._touch(buf, it, write, (uv[:, None] + uu[None, :]).ravel(), atomic)
            else:
                for x in uu:
                    self._touch(buf, it, write, uv + x, atomic)
        self.pattern.clear()

    def accesses(self) -> list[Access]:
        """All global accesses as byte intervals (reads first, then writes)."""
        self.flush_patterns()
        out = list(self.oob)
        for (_, _, write, atomic), (buf, bm, it) in sorted(self.touched.items(), key=lambda kv: kv[0][2]):
            if write:
                buf.settle_written()
            edges = np.flatnonzero(np.diff(np.concatenate(([False], bm, [False])).view(np.int8)))
            for a, b in zip(edges[0::2], edges[1::2]):
                out.append(Access(buf, int(a) * it, int(b) * it, write, atomic))
        return out

    def dynamic_shared(self, op: Any = None) -> MemRef:
        """The block's dynamic shared memory (``gpu.dynamic_shared_memory``): ``memref<?xi8>`` of the
        launch's ``dynamic_shared_memory_size`` bytes, one zeroed copy per block (16-byte aligned)."""
        if self._dyn_shared is None:
            n = self.dyn_shared_bytes
            per = -(-n // 16) * 16
            nblocks = int(np.prod(self.ids.shape[:3]))
            buf = Buffer(-1, per * nblocks, "host_shared", np.zeros(per * nblocks, np.uint8),
                         loc=str(op.loc) if op is not None and op.loc is not None else None,
                         name="dynamic shared memory")
            buf.written = np.zeros(buf.nbytes, np.bool_)  # uninitialized on a GPU
            p = Ptr(buf, 0)
            self.local[id(buf)] = self.ids.block_linear
            self._dyn_shared = MemRef(p, p, 0, (n,), (1,), np.dtype(np.int8), block_stride=per)
        return self._dyn_shared

    def local_memref(self, t: T.MemRefType, instances: np.ndarray, count: int, loc: Any = None) -> MemRef:
        """Workgroup (one copy per block: ``instances`` is the block index) or private memory (one
        per thread), zeroed here but uninitialized on a GPU: its reads are checked like global ones."""
        sizes = tuple(int(s) for s in t.shape)
        dt, codec = element_storage(t.element_type)
        size = alloc_size(t.element_type)
        n = 1
        for s in sizes:
            n *= s
        kind = "workgroup memory" if instances is self.ids.block_linear else "private memory"
        buf = Buffer(-1, n * count * size, "host_shared", np.zeros(n * count * size, np.uint8),
                     loc=str(loc) if loc is not None else None, name=kind,
                     written=np.zeros(n * count * size, np.bool_))
        p = Ptr(buf, 0)
        self.local[id(buf)] = instances
        return MemRef(p, p, 0, sizes, row_major(sizes), dt, block_stride=n, codec=codec)


# --------------------------------------------------------------------------- entry points
def run_kernel(func: Any, grid: list[int], block: list[int], args: list[Any], *, region: Any = None,
               captured: dict | None = None, cache: dict | None = None,
               printf: Callable[[str], Any] | None = None, steps: int = STEP_BUDGET,
               dyn_shared: int = 0) -> list[Access]:
    """Run a ``gpu.func`` (or a ``gpu.launch`` body ``region``) over all threads; return accesses.
    ``printf`` receives the kernel's ``gpu.printf`` output after it ran (as CUDA's device buffer)."""
    g = tuple(int(x) for x in (*grid, 1, 1, 1)[:3])
    b = tuple(int(x) for x in (*block, 1, 1, 1)[:3])
    if min(g + b) <= 0:
        return []
    ids = _ids(g, b)
    ex = KernelExec(ids)
    ex.budget = steps
    ex.dyn_shared_bytes = dyn_shared
    nblocks = g[0] * g[1] * g[2]
    if region is None:
        body = func.regions[0]
        blk = body.blocks[0]
        ft = func.attributes["function_type"].type
        n_in = len(ft.inputs)
        nwg_attr = func.attributes.get("workgroup_attributions")
        nwg = nwg_attr.value if isinstance(nwg_attr, A.IntegerAttr) else 0
        bargs = list(args)
        for a in blk.args[n_in : n_in + nwg]:
            bargs.append(ex.local_memref(a.type, ids.block_linear, nblocks))
        for a in blk.args[n_in + nwg :]:
            bargs.append(ex.local_memref(a.type, ids.t, ids.n))
    else:
        op = region.parent
        ex.env.update(captured or {})
        blk = region.blocks[0]
        clusters = bool(group(op, "clusterSizeX"))
        bargs = [*ids.bid, *ids.tid]
        if clusters:
            bargs += [np.int64(0)] * 3
        bargs += [*ids.grid, *ids.block]
        if clusters:
            bargs += [np.int64(1)] * 3
        nwg_attr = op.attributes.get("workgroup_attributions")
        nwg = nwg_attr.value if isinstance(nwg_attr, A.IntegerAttr) else 0
        rest = blk.args[len(bargs) :]
        for i, a in enumerate(rest):
            if i < nwg:
                bargs.append(ex.local_memref(a.type, ids.block_linear, nblocks))
            else:
                bargs.append(ex.local_memref(a.type, ids.t, ids.n))
        body = region
    stopped: list[DeviceAssert] = []
    try:
        with np.errstate(all="ignore"):
            ex.run_region(body, bargs)
    except MLIRError as e:
        raise KernelError(e.diagnostic.message, e.diagnostic.loc) from None
    except KernelAssertFailed as e:  # the kernel aborts; what it did so far stays done
        stopped.append(DeviceAssert(tuple(e.lines), str(e.loc) if e.loc is not None else None))
    finally:
        if printf is not None and ex.printed:
            printf("".join(ex.printed))
    return [*ex.accesses(), *ex.uninit, *ex.races.races(), *stopped]




def may_loop(body: Any, cache: dict) -> bool:
    """Whether a kernel (a ``gpu.func`` or a ``gpu.launch`` body region) has a loop whose trip
    count is up to the data (``scf.while``, branches): such a launch runs as a concurrent job
    (``run/concurrent.py``)."""
    key = ("loops", id(body))
    r = cache.get(key)
    if r is None:
        ops = body.walk() if hasattr(body, "walk") else (o for b in body.blocks for op in b.ops for o in op.walk())
        r = cache[key] = any(o.successors or o.opdef is scf_d.WhileOp for o in ops)
    return r
