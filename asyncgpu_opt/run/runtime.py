"""The mgpu* runtime: upstream ``CudaRuntimeWrappers`` names and semantics over a device.

The host interpreter calls these methods in program order.  Every command is executed eagerly
for its values (through the :class:`Device`), scheduled in *virtual time* on its stream, and
checked for hazards by a vector-clock :class:`~.hazards.HazardChecker`.

Semantics follow upstream 22.1.8 (see ``reference/upstream-gpu-async.md`` §3):

* streams are non-blocking (no implicit sync with the legacy default stream); a ``None`` stream
  is the legacy default stream and is synchronous w.r.t. the calling host thread;
* ``mgpuMemAlloc``/``mgpuMemFree`` ignore the stream; ``cuMemFree`` waits for the device, so a
  free never races with earlier device work on that buffer (it still advances host time);
* errors never abort: invalid or destroyed handles, double destroys, double frees are reported
  as hazards and execution continues (an invalid handle makes the call a no-op, a command on a
  destroyed stream still runs on it);
* ``finish()`` reports streams, events and device allocations never destroyed/freed.

Virtual time is in microseconds.  Each stream has a ready time; a command starts at
``max(stream ready, host time at enqueue, recorded times of events waited on)`` and lasts a
cost from :class:`CostModel`.  Host syncs move the host clock to the completion time.
"""


from collections.abc import Callable, Iterable, Sequence

from .concurrent import KernelJob, RunningKernel, RunningKernels
from .devices import Device, SimDevice
from .hazards import Agent, Hazard, HazardChecker, UninitRead, VectorClock
from .kernel_races import KernelRace
from .memory import Buffer, Memory, Ptr
from .model import Access, Command, CostModel, DeviceAssert, Event, Flow, HostSlice, HostThread, StickyError, Stream

__all__ = ["Access", "Command", "CostModel", "Device", "Event", "Flow", "HostSlice", "HostThread", "Runtime",
           "SimDevice", "Stream"]

# --------------------------------------------------------------------------- runtime


class Runtime:
    """mgpu* runtime over a :class:`Device` with virtual time and hazard checking."""

    def __init__(self, device: Device | None = None, cost: CostModel | None = None) -> None:
        self.device: Device = device if device is not None else SimDevice()
        self.cost = cost or CostModel()
        self.memory = Memory()
        self.checker = HazardChecker()
        self.host = HostThread(self.checker.new_agent("host", "host"))
        self.hosts: list[HostThread] = [self.host]
        self.default_stream = Stream(0, self.checker.new_agent("stream", "default stream"))
        self.streams: list[Stream] = []
        self.events: list[Event] = []
        self.commands: list[Command] = []
        self.host_slices: list[HostSlice] = []
        self.flows: list[Flow] = []
        self.default_device = 0
        self.counts: dict[str, int] = {
            "host_syncs": 0,
            "implicit_syncs": 0,
            "kernels": 0,
            "memcpys": 0,
            "memsets": 0,
            "bytes_copied": 0,
            "bytes_set": 0,
            "allocs": 0,
            "frees": 0,
        }
        self.finished = False
        from .headroom import DataDependenceCriticalPath

        self.ddcp = DataDependenceCriticalPath(self.cost.host_api_us)
        self._cmd_accesses: list[tuple[Buffer, int, int, bool]] = []  # of the command being enqueued
        #: what the device wrote to stderr (CUDA's device-side assertion messages)
        self.device_log: list[str] = []
        self.sticky: StickyError | None = None  # after a failing cf.assert in a kernel
        #: kernels still running (concurrent jobs, run/concurrent.py)
        self.running = RunningKernels(self._finish_kernel)

    # ------------------------------------------------------------------ basics
    @property
    def hazards(self) -> list[Hazard]:
        return self.checker.hazards

    def _host(self, agent: HostThread | None) -> HostThread:
        return agent if agent is not None else self.host

    def _api(self, h: HostThread) -> None:
        h.time += self.cost.host_api_us

    def _report(self, kind: str, msg: str, loc: str | None, other: str | None = None,
                severity: str = "error") -> None:
        self.checker.report(kind, msg, loc, other, severity=severity)

    def _device_failed(self, api: str, loc: str | None) -> bool:
        """True once a kernel hit a failing ``cf.assert`` (:class:`~.model.StickyError`)."""
        msg = self.sticky.observe(api, loc) if self.sticky is not None else None
        if msg is not None:
            self._report("device-assert", msg, loc, self.sticky.loc, severity="warning")
        return self.sticky is not None

    def _stream(self, s: object, api: str, loc: str | None) -> Stream | None:
        """Resolve a stream argument (None → default stream); None if unusable."""
        if s is None:
            return self.default_stream
        if not isinstance(s, Stream):
            what = s.name if isinstance(s, Event) else repr(s)
            self._report(
                "invalid-handle",
                f"invalid handle: {api} at {loc or '?'} got {what} where a stream is expected",
                loc,
                getattr(s, "loc", None),
            )
            return None
        if s.destroyed:
            self._report(
                "use-after-destroy",
                f"use after destroy: {api} at {loc or '?'} uses stream {s.id} "
                f"destroyed at {s.destroy_loc or '?'}",
                loc,
                s.destroy_loc,
            )
        return s

    def _event(self, e: object, api: str, loc: str | None) -> Event | None:
        if not isinstance(e, Event):
            what = e.name if isinstance(e, Stream) else repr(e)
            self._report(
                "invalid-handle",
                f"invalid handle: {api} at {loc or '?'} got {what} where an event is expected",
                loc,
                getattr(e, "loc", None),
            )
            return None
        if e.destroyed:
            self._report(
                "use-after-destroy",
                f"use after destroy: {api} at {loc or '?'} uses event {e.id} "
                f"destroyed at {e.destroy_loc or '?'}",
                loc,
                e.destroy_loc,
            )
        return e

    # ------------------------------------------------------------ host threads
    def fork_host(self, parent: HostThread | None = None, name: str | None = None) -> HostThread:
        """A new host thread (``async.execute`` task) that happens after ``parent`` so far."""
        p = self._host(parent)
        child = HostThread(
            self.checker.fork(p.agent, name or f"host task {len(self.hosts)}"),
            time=p.time,
            cp=p.cp,
            cp_node=p.cp_node,
        )
        self.hosts.append(child)
        return child

    def join_host(self, into: HostThread | None, frm: HostThread) -> None:
        """``into`` waits for ``frm`` (``async.await``): clocks, time and critical path join."""
        h = self._host(into)
        self.checker.join(h.agent, frm.agent)
        h.time = max(h.time, frm.time)
        if frm.cp > h.cp:
            h.cp, h.cp_node = frm.cp, frm.cp_node

    def _sync_host(
        self,
        h: HostThread,
        agent: Agent | None,
        clock: VectorClock | None,
        t: float,
        cp: float,
        cp_node: Command | None,
        name: str,
        loc: str | None,
    ) -> HostSlice:
        start = h.time
        if agent is not None:
            self.checker.join(h.agent, agent)
        if clock is not None:
            self.checker.acquire(h.agent, clock)
        h.time = max(h.time, t)
        if cp > h.cp:
            h.cp, h.cp_node = cp, cp_node
        sl = HostSlice(name, h, start, h.time, loc)
        self.host_slices.append(sl)
        return sl

    # ----------------------------------------------------------------- streams
    def mgpuStreamCreate(self, *, loc: str | None = None, agent: HostThread | None = None) -> Stream:
        h = self._host(agent)
        self._api(h)
        sid = len(self.streams) + 1
        s = Stream(sid, self.checker.new_agent("stream", f"stream {sid}"), loc, self.device.stream_create())
        self.checker.join(s.agent, h.agent)
        s.ready = h.time
        self.streams.append(s)
        return s

    def mgpuStreamDestroy(
        self, stream: Stream, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        """Not a sync: pending work completes, then the stream is released."""
        self._api(self._host(agent))
        if not isinstance(stream, Stream) or stream.id == 0:
            what = (
                "the default stream"
                if stream is None or isinstance(stream, Stream)
                else getattr(stream, "name", repr(stream))
            )
            self._report(
                "invalid-handle",
                f"invalid handle: mgpuStreamDestroy at {loc or '?'} got {what} "
                "where a created stream is expected",
                loc,
                getattr(stream, "loc", None),
            )
            return
        if stream.destroyed:
            self._report(
                "double-destroy",
                f"double destroy: mgpuStreamDestroy at {loc or '?'} destroys stream "
                f"{stream.id} already destroyed at {stream.destroy_loc or '?'}",
                loc,
                stream.destroy_loc,
            )
            return
        stream.destroyed, stream.destroy_loc = True, loc
        self.device.stream_destroy(stream.handle)

    def mgpuStreamSynchronize(
        self, stream: Stream | None, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        h = self._host(agent)
        self._api(h)
        s = self._stream(stream, "mgpuStreamSynchronize", loc)
        if s is None:
            return
        self.running.settle_for(s.agent.clock)
        self.device.stream_synchronize(s.handle)
        self.counts["host_syncs"] += 1
        self._device_failed("mgpuStreamSynchronize", loc)
        self._sync_host(h, s.agent, None, s.ready, s.cp, s.cp_node, f"sync {s.name}", loc)

    def mgpuStreamWaitEvent(
        self, stream: Stream | None, event: Event, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        h = self._host(agent)
        self._api(h)
        s = self._stream(stream, "mgpuStreamWaitEvent", loc)
        e = self._event(event, "mgpuStreamWaitEvent", loc)
        if s is None or e is None:
            return
        self.device.stream_wait_event(s.handle, e.handle)
        if e.clock is None:  # never recorded: completes immediately
            return
        self.checker.join(s.agent, h.agent)
        self.checker.acquire(s.agent, e.clock)
        s.ready = max(s.ready, e.time)
        if e.cp > s.cp:
            s.cp, s.cp_node = e.cp, e.cp_node
        if e.record_node is not None and e.record_stream is not s:
            fl = Flow(len(self.flows), e, e.record_node)
            self.flows.append(fl)
            s.pending_flows.append(fl)

    # ------------------------------------------------------------------ events
    def mgpuEventCreate(self, *, loc: str | None = None, agent: HostThread | None = None) -> Event:
        self._api(self._host(agent))
        e = Event(len(self.events) + 1, loc, self.device.event_create())
        self.events.append(e)
        return e

    def mgpuEventDestroy(
        self, event: Event, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        self._api(self._host(agent))
        if not isinstance(event, Event):
            self._event(event, "mgpuEventDestroy", loc)
            return
        if event.destroyed:
            self._report(
                "double-destroy",
                f"double destroy: mgpuEventDestroy at {loc or '?'} destroys event "
                f"{event.id} already destroyed at {event.destroy_loc or '?'}",
                loc,
                event.destroy_loc,
            )
            return
        event.destroyed, event.destroy_loc = True, loc
        self.device.event_destroy(event.handle)

    def mgpuEventRecord(
        self, event: Event, stream: Stream | None, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        h = self._host(agent)
        self._api(h)
        e = self._event(event, "mgpuEventRecord", loc)
        s = self._stream(stream, "mgpuEventRecord", loc)
        if s is None or e is None:
            return
        self.device.event_record(e.handle, s.handle)
        self.checker.join(s.agent, h.agent)
        e.clock = self.checker.snapshot(s.agent)
        e.time = max(s.ready, h.time)
        e.cp, e.cp_node = s.cp, s.cp_node
        e.record_stream, e.record_node, e.record_loc = s, s.last, loc

    def mgpuEventSynchronize(
        self, event: Event, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        h = self._host(agent)
        self._api(h)
        e = self._event(event, "mgpuEventSynchronize", loc)
        if e is None:
            return
        if e.clock is not None:
            self.running.settle_for(e.clock)
        self.device.event_synchronize(e.handle)
        self.counts["host_syncs"] += 1
        self._device_failed("mgpuEventSynchronize", loc)
        if e.clock is None:
            return
        sl = self._sync_host(h, None, e.clock, e.time, e.cp, e.cp_node, f"sync {e.name}", loc)
        if e.record_node is not None:
            self.flows.append(Flow(len(self.flows), e, e.record_node, sl))

    # ------------------------------------------------------------------ memory
    def _alloc(self, nbytes: int, kind: str, loc: str | None) -> Ptr:
        data, handle = self.device.alloc(nbytes, kind)
        buf = self.memory.allocate(nbytes, kind, loc, data=data, device_handle=handle,  # cuMemAlloc: not zeroed
                                   uninitialized=kind != "host" and self.device.name == "sim")
        self.counts["allocs"] += 1
        return Ptr(buf, 0)

    def mgpuMemAlloc(
        self,
        nbytes: int,
        stream: Stream | None = None,
        is_host_shared: bool = False,
        *,
        loc: str | None = None,
        agent: HostThread | None = None,
    ) -> Ptr:
        """``cuMemAllocManaged`` / ``cuMemAlloc``; size 0 → null; the stream is ignored."""
        self._api(self._host(agent))
        self.ddcp.call()
        if nbytes == 0:
            return Ptr.null()
        return self._alloc(int(nbytes), "host_shared" if is_host_shared else "device", loc)

    def mgpuMemFree(
        self,
        ptr: Ptr,
        stream: Stream | None = None,
        *,
        loc: str | None = None,
        agent: HostThread | None = None,
        api: str = "mgpuMemFree",
    ) -> None:
        """Free device memory.  On a stream: stream-ordered (``cuMemFreeAsync``): the free is a
        command on that stream, racing with unordered uses of the buffer.  Without a stream:
        ``cuMemFree``, which waits for the device (host time).  ``api`` names the freeing op in
        hazards (``gpu.dealloc`` before lowering)."""
        if isinstance(stream, Ptr) and stream.is_null:
            stream = None  # a null stream pointer (llvm.mlir.zero): the synchronous form
        if stream is not None and self._stream(stream, api, loc) is not None:
            return self._free_on_stream(ptr, stream, loc, agent, api)
        self.running.settle()  # cuMemFree waits for the device
        h = self._host(agent)
        self._api(h)
        if ptr.buffer is None:
            if ptr.offset != 0:
                self._report(
                    "invalid-free",
                    f"invalid free: {api} at {loc or '?'} of a non-allocated address {ptr.as_int():#x}",
                    loc,
                )
            return
        buf = ptr.buffer
        if buf.kind not in ("device", "host_shared"):
            self._report(
                "invalid-free",
                f"invalid free: {api} at {loc or '?'} of {buf.kind} buffer "
                f"#{buf.id} allocated at {buf.loc or '?'} (not device memory)",
                loc,
                buf.loc,
            )
            return
        if ptr.offset != 0:
            self._report(
                "invalid-free",
                f"invalid free: {api} at {loc or '?'} of an interior pointer "
                f"(offset {ptr.offset}) into buffer #{buf.id}",
                loc,
                buf.loc,
            )
            return
        self.ddcp.call()
        self.ddcp.host_access(buf, 0, buf.nbytes, True)
        if buf.alive:
            # cuMemFree blocks until the device is idle.
            t = max([s.ready for s in self.streams] + [self.default_stream.ready, h.time])
            if t > h.time:
                self.counts["implicit_syncs"] += 1
                self.host_slices.append(HostSlice("mgpuMemFree (device sync)", h, h.time, t, loc))
                h.time = t
            self.device.free(buf)
            self.counts["frees"] += 1
        self.checker.free(h.agent, buf, api, loc, synchronizing=True)

    def _free_on_stream(self, ptr: Ptr, stream: Stream, loc: str | None, agent: HostThread | None,
                        api: str) -> None:
        s, h = self._begin(stream, api, loc, agent)
        buf = ptr.buffer
        if buf is None or buf.kind not in ("device", "host_shared") or ptr.offset != 0:
            self._report("invalid-free", f"invalid free: {api} at {loc or '?'} of an address that is not "
                         "the start of a device allocation", loc, buf.loc if buf is not None else None)
            return
        was_alive = buf.alive
        self._cmd_accesses.append((buf, 0, buf.nbytes, True))
        self.checker.free(s.agent, buf, api, loc)
        if was_alive:
            self.device.free(buf)
            self.counts["frees"] += 1
        self._enqueue(s, h, "free", "free", 0.5, loc)

    def host_alloc(self, nbytes: int, loc: str | None = None, agent: HostThread | None = None) -> Ptr:
        """Plain host memory (``memref.alloc`` on the host)."""
        return self._alloc(int(nbytes), "host", loc)

    def host_free(self, ptr: Ptr, loc: str | None = None, agent: HostThread | None = None) -> None:
        """Free host memory (``memref.dealloc``): races with unordered device accesses."""
        self.running.settle()
        h = self._host(agent)
        if ptr.buffer is None:
            return
        if ptr.buffer.kind not in ("host", "registered"):
            self._report(
                "invalid-free",
                f"invalid free: host dealloc at {loc or '?'} of {ptr.buffer.kind} "
                f"buffer #{ptr.buffer.id} allocated at {ptr.buffer.loc or '?'}",
                loc,
                ptr.buffer.loc,
            )
            return
        self.ddcp.host_access(ptr.buffer, 0, ptr.buffer.nbytes, True)
        self.checker.free(h.agent, ptr.buffer, "memref.dealloc", loc)

    def host_access(
        self,
        buffer: Buffer,
        lo: int,
        hi: int,
        is_write: bool,
        loc: str | None = None,
        agent: HostThread | None = None,
        what: str | None = None,
    ) -> list[Hazard]:
        """A host load/store of bytes ``[lo, hi)``; returns the hazards it caused.  Kernels still
        running finish first (what the host sees is then their final state)."""
        self.running.settle()
        h = self._host(agent)
        self.ddcp.host_access(buffer, lo, hi, is_write)
        what = what or ("host store" if is_write else "host load")
        out = self.checker.access(h.agent, buffer, lo, hi, is_write, what, loc)
        hz = self.checker.init_access(h.agent, buffer, lo, hi, is_write, what, loc) if buffer.host_visible else None
        return out if hz is None else [*out, hz]

    def mgpuMemHostRegisterMemRef(
        self, ptr: Ptr, nbytes: int | None = None, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        """``cuMemHostRegister``: plain host memory becomes device-accessible."""
        self._api(self._host(agent))
        buf = ptr.buffer
        if buf is None:
            self._report(
                "invalid-register",
                f"invalid register: mgpuMemHostRegister at {loc or '?'} of a null pointer",
                loc,
            )
            return
        if buf.kind != "host":
            why = "already registered" if buf.kind == "registered" else f"{buf.kind} memory"
            self._report(
                "invalid-register",
                f"invalid register: mgpuMemHostRegister at {loc or '?'} of buffer #{buf.id}: {why}",
                loc,
                buf.loc,
            )
            return
        buf.kind = "registered"
        self.device.host_register(buf)

    mgpuMemHostRegister = mgpuMemHostRegisterMemRef

    def mgpuMemHostUnregisterMemRef(
        self, ptr: Ptr, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        self._api(self._host(agent))
        buf = ptr.buffer
        if buf is None or buf.kind != "registered":
            self._report(
                "invalid-register",
                f"invalid unregister: mgpuMemHostUnregister at {loc or '?'} of memory that is not registered",
                loc,
                buf.loc if buf else None,
            )
            return
        buf.kind = "host"
        self.device.host_unregister(buf)

    mgpuMemHostUnregister = mgpuMemHostUnregisterMemRef

    def mgpuSetDefaultDevice(
        self, index: int, *, loc: str | None = None, agent: HostThread | None = None
    ) -> None:
        self._api(self._host(agent))
        if not 0 <= index < self.device.device_count:
            self._report(
                "invalid-device",
                f"invalid device: mgpuSetDefaultDevice({index}) at {loc or '?'} but "
                f"the {self.device.name} backend has {self.device.device_count} device(s)",
                loc,
            )
        self.default_device = int(index)

    # ---------------------------------------------------------------- commands
    def _enqueue(
        self,
        s: Stream,
        h: HostThread,
        kind: str,
        name: str,
        duration: float,
        loc: str | None,
        **extra: object,
    ) -> Command:
        start = max(s.ready, h.time)
        base_cp, base_node = s.cp, s.cp_node
        if h.cp > base_cp:
            base_cp, base_node = h.cp, h.cp_node
        cmd = Command(len(self.commands), kind, name, s, start, start + duration, loc, **extra)  # type: ignore[arg-type]
        cmd.cp_end, cmd.crit_pred = base_cp + duration, base_node
        self.ddcp.command(duration, self._cmd_accesses)
        self._cmd_accesses = []
        s.ready, s.cp, s.cp_node, s.last = cmd.end, cmd.cp_end, cmd, cmd
        for fl in s.pending_flows:
            fl.dst = cmd
        s.pending_flows.clear()
        self.commands.append(cmd)
        self._api(h)
        if s.id == 0:  # legacy default stream: synchronous w.r.t. the host
            self.counts["implicit_syncs"] += 1
            self._device_failed(name if kind != "kernel" else "mgpuLaunchKernel", loc)
            self._sync_host(h, s.agent, None, s.ready, s.cp, s.cp_node, f"sync {s.name}", loc)
        return cmd

    def _begin(
        self, stream: Stream | None, api: str, loc: str | None, agent: HostThread | None
    ) -> tuple[Stream, HostThread]:
        h = self._host(agent)
        s = self._stream(stream, api, loc) or self.default_stream
        self.checker.join(s.agent, h.agent)
        self.running.settle_for(s.agent.clock)  # running kernels this command is ordered after finish first
        return s, h

    def _check_ptr(self, p: Ptr, nbytes: int, api: str, role: str, loc: str | None) -> bool:
        if p.buffer is None:
            if nbytes > 0:
                self._report(
                    "null-pointer",
                    f"null pointer: {api} at {loc or '?'} with {role} address {p.as_int():#x}",
                    loc,
                )
            return False
        return True

    def _clip(self, p: Ptr, nbytes: int) -> int:
        assert p.buffer is not None
        return max(0, min(nbytes, p.buffer.nbytes - p.offset)) if p.offset >= 0 else 0

    def mgpuMemcpy(
        self,
        dst: Ptr,
        src: Ptr,
        nbytes: int,
        stream: Stream | None = None,
        *,
        loc: str | None = None,
        agent: HostThread | None = None,
    ) -> Command:
        """``cuMemcpyAsync(dst, src, nbytes, stream)``."""
        s, h = self._begin(stream, "mgpuMemcpy", loc, agent)
        nbytes = int(nbytes)
        ok_d = self._check_ptr(dst, nbytes, "mgpuMemcpy", "destination", loc)
        ok_s = self._check_ptr(src, nbytes, "mgpuMemcpy", "source", loc)
        pcie = False
        if ok_d and ok_s:
            assert dst.buffer is not None and src.buffer is not None
            self._cmd_accesses += [(src.buffer, src.offset, src.offset + nbytes, False),
                                   (dst.buffer, dst.offset, dst.offset + nbytes, True)]
            self.checker.access(
                s.agent, src.buffer, src.offset, src.offset + nbytes, False, "memcpy", loc, direct=False
            )
            self.checker.access(
                s.agent, dst.buffer, dst.offset, dst.offset + nbytes, True, "memcpy", loc, direct=False
            )
            self.checker.init_access(s.agent, src.buffer, src.offset, src.offset + nbytes, False, "memcpy", loc)
            dst.buffer.mark_written(dst.offset, dst.offset + nbytes)
            n = min(self._clip(dst, nbytes), self._clip(src, nbytes))
            if n > 0 and dst.buffer.alive and src.buffer.alive and self.sticky is None:
                self.device.memcpy(dst, src, n, s.handle)
            pcie = (dst.buffer.kind in ("host", "registered")) != (src.buffer.kind in ("host", "registered"))
        self.counts["memcpys"] += 1
        self.counts["bytes_copied"] += nbytes
        return self._enqueue(s, h, "memcpy", "memcpy", self.cost.copy(nbytes, pcie), loc, nbytes=nbytes)

    def _memset(
        self,
        width: int,
        dst: Ptr,
        value: int,
        count: int,
        stream: Stream | None,
        loc: str | None,
        agent: HostThread | None,
    ) -> Command:
        api = f"mgpuMemset{width * 8}"
        s, h = self._begin(stream, api, loc, agent)
        nbytes = int(count) * width
        if self._check_ptr(dst, nbytes, api, "destination", loc):
            assert dst.buffer is not None
            self._cmd_accesses.append((dst.buffer, dst.offset, dst.offset + nbytes, True))
            self.checker.access(s.agent, dst.buffer, dst.offset, dst.offset + nbytes, True, "memset", loc)
            dst.buffer.mark_written(dst.offset, dst.offset + nbytes)
            n = self._clip(dst, nbytes) // width
            if n > 0 and dst.buffer.alive and self.sticky is None:
                self.device.memset(dst, int(value), n, width, s.handle)
        self.counts["memsets"] += 1
        self.counts["bytes_set"] += nbytes
        return self._enqueue(s, h, "memset", "memset", self.cost.memset(nbytes), loc, nbytes=nbytes)

    def mgpuMemset32(self, dst: Ptr, value: int, count: int, stream: Stream | None = None, *,
                      loc: str | None = None, agent: HostThread | None = None) -> Command:
        """``cuMemsetD32Async``: ``count`` 32-bit elements (not bytes)."""
        return self._memset(4, dst, value, count, stream, loc, agent)

    def mgpuMemset16(self, dst: Ptr, value: int, count: int, stream: Stream | None = None, *,
                      loc: str | None = None, agent: HostThread | None = None) -> Command:
        """``cuMemsetD16Async``: ``count`` 16-bit elements (not bytes)."""
        return self._memset(2, dst, value, count, stream, loc, agent)

    def launch_kernel(
        self,
        stream: Stream | None,
        name: str,
        grid: Sequence[int],
        block: Sequence[int],
        run: Callable[[], Iterable[Access | tuple]],
        loc: str | None = None,
        *,
        per_thread_us: float | None = None,
        duration_us: float | None = None,
        agent: HostThread | None = None,
        may_loop: bool = False,
    ) -> Command:
        """Launch ``name`` (e.g. ``@m::@k``): ``run()`` executes it now and returns its accesses; with
        ``may_loop`` as a concurrent job that may stay running (``run/concurrent.py``)."""
        s, h = self._begin(stream, "mgpuLaunchKernel", loc, agent)
        g = tuple(int(x) for x in (*grid, 1, 1, 1)[:3])
        b = tuple(int(x) for x in (*block, 1, 1, 1)[:3])
        threads = g[0] * g[1] * g[2] * b[0] * b[1] * b[2]
        what = f"kernel {name}"
        job = None
        if self.sticky is not None:
            accs: Iterable[Access | tuple] = ()
        elif may_loop:
            job = KernelJob(run)
            accs = job.outcome() if job.run_slice() else ()
        else:
            accs = run() or ()
        self._kernel_accesses(accs, s.agent, what, loc, name)
        self.counts["kernels"] += 1
        dur = duration_us if duration_us is not None else self.cost.kernel(threads, per_thread_us)
        if job is not None and not job.done:  # still running: checked as of now when it finishes
            a = s.agent
            self.running.add(RunningKernel(job, s, Agent(a.id, a.kind, a.name, dict(a.clock)), what, loc, name))
        cmd = self._enqueue(s, h, "kernel", name, dur, loc, threads=threads, grid=g, block=b)
        if s.id == 0:  # the legacy default stream waits for the kernel
            self.running.settle(lambda k: k.stream is s)
        return cmd

    def _kernel_accesses(self, accs: Iterable[Access | tuple], agent: Agent, what: str, loc: str | None,
                         name: str) -> None:
        """Check and record what a kernel did (accesses, races between its threads, an assertion)."""
        for acc in accs:
            if isinstance(acc, KernelRace):
                self._report("kernel-race", f"race inside {what}: {acc.message}", acc.loc or loc, acc.other_loc)
                continue
            if isinstance(acc, UninitRead):
                self.checker.uninitialized_read(agent, acc.buffer, what, acc.loc or loc)
                continue
            if isinstance(acc, DeviceAssert):
                self.device_log.extend(acc.lines)
                self.sticky = StickyError(f"kernel {name}", loc)
                continue
            buf, lo, hi, is_write = acc[:4]
            atomic = bool(acc[4]) if len(acc) > 4 else False
            self._cmd_accesses.append((buf, int(lo), int(hi), bool(is_write)))
            self.checker.access(agent, buf, int(lo), int(hi), bool(is_write), what, loc, atomic=atomic)
            if is_write:  # what the simulator's kernels wrote is marked as they run; other launchers'
                buf.mark_written(int(lo), int(hi))

    def _finish_kernel(self, k: RunningKernel) -> None:
        saved, self._cmd_accesses = self._cmd_accesses, []  # not the command being enqueued now
        self._kernel_accesses(k.job.outcome(), k.agent, k.what, k.loc, k.name)
        self._cmd_accesses = saved

    # -------------------------------------------------------------------- exit
    def finish(self, loc: str | None = None, memory_leaks: str = "warning", aborted: bool = False) -> list[Hazard]:
        """Program exit: report leaked streams and events (errors: a lowering bug) and device
        allocations never freed (``memory_leaks``: "warning", as mlir-runner and CUDA leave them
        to the process exit, or "error"); returns all hazards.  ``aborted``: the run stopped at an
        error before the program's own clean-up, so nothing is reported as leaked."""
        if not self.finished:
            self.finished = True
            self.running.cancel()  # normally none: the interpreter settles them at the end of the entry
            if aborted:
                return self.hazards
            for s in self.streams:
                if not s.destroyed:
                    self._report(
                        "leak", f"leak: stream {s.id} created at {s.loc or '?'} is never destroyed", s.loc
                    )
            for e in self.events:
                if not e.destroyed:
                    self._report(
                        "leak", f"leak: event {e.id} created at {e.loc or '?'} is never destroyed", e.loc
                    )
            for buf in self.memory.buffers.values():
                if buf.alive and buf.kind in ("device", "host_shared"):
                    self._report(
                        "leak",
                        f"leak: {buf.kind} allocation #{buf.id} ({buf.nbytes} bytes) made at "
                        f"{buf.loc or '?'} is never freed",
                        buf.loc,
                        severity=memory_leaks,
                    )
        return self.hazards

    # ------------------------------------------------------------------- stats
    @property
    def makespan(self) -> float:
        """Completion of the last command or host activity (virtual µs)."""
        ends = [c.end for c in self.commands] + [h.time for h in self.hosts]
        return max(ends, default=0.0)

    def critical_path(self) -> tuple[float, list[Command]]:
        """Longest dependency chain of commands: (length in µs, commands in order)."""
        last = max(self.commands, key=lambda c: c.cp_end, default=None)
        chain: list[Command] = []
        node = last
        while node is not None:
            chain.append(node)
            node = node.crit_pred
        chain.reverse()
        return (last.cp_end if last else 0.0), chain

    def run_stats(self) -> dict[str, object]:
        """The ``--run-stats`` JSON object."""
        cp_len, chain = self.critical_path()
        streams_destroyed = sum(s.destroyed for s in self.streams)
        events_destroyed = sum(e.destroyed for e in self.events)
        leaked_allocs = sum(
            b.alive and b.kind in ("device", "host_shared") for b in self.memory.buffers.values()
        )
        return {
            "backend": self.device.name,
            "streams_created": len(self.streams),
            "streams_destroyed": streams_destroyed,
            "streams_leaked": len(self.streams) - streams_destroyed,
            "events_created": len(self.events),
            "events_destroyed": events_destroyed,
            "events_leaked": len(self.events) - events_destroyed,
            "allocations_leaked": leaked_allocs,
            **self.counts,
            "commands": len(self.commands),
            "hazards": len(self.hazards),
            "makespan_us": round(self.makespan, 6),
            "critical_path_us": round(cp_len, 6),
            "critical_path": [f"{c.name} ({c.stream.name})" for c in chain],
            # the bound the observed work allows (run/headroom.py) and how far the run was from it
            "data_critical_path_us": round(self.ddcp.length, 6),
            "makespan_over_critical_path": round(self.makespan / self.ddcp.length, 4) if self.ddcp.length else 1.0,
        }
