"""The runtime's model objects: cost model, streams, events, host threads and the trace records
(commands, host synchronization slices, event flows) that ``trace.py`` and timelines read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .hazards import Agent, VectorClock
from .memory import Buffer


@dataclass
class CostModel:
    """Simple virtual-time cost model (microseconds, bytes per microsecond)."""

    host_api_us: float = 0.5
    kernel_latency_us: float = 3.0
    kernel_per_thread_us: float = 0.001
    copy_latency_us: float = 2.0
    pcie_bytes_per_us: float = 12_000.0  # ~12 GB/s host <-> device
    device_bytes_per_us: float = 500_000.0  # ~500 GB/s device <-> device, memset

    def kernel(self, threads: int, per_thread_us: float | None = None) -> float:
        pt = self.kernel_per_thread_us if per_thread_us is None else per_thread_us
        return self.kernel_latency_us + threads * pt

    def copy(self, nbytes: int, crosses_pcie: bool) -> float:
        bw = self.pcie_bytes_per_us if crosses_pcie else self.device_bytes_per_us
        return self.copy_latency_us + nbytes / bw

    def memset(self, nbytes: int) -> float:
        return self.copy_latency_us + nbytes / self.device_bytes_per_us

    @classmethod
    def from_json(cls, path: str) -> CostModel:
        """A cost model from a JSON object of field -> non-negative number (missing fields keep
        their defaults); raises ``ValueError`` with a plain message."""
        import json
        from dataclasses import fields

        try:
            with open(path) as fh:
                data = json.load(fh)
        except OSError as e:
            raise ValueError(f"cannot open cost model file '{path}': {e.strerror}") from None
        except json.JSONDecodeError as e:
            raise ValueError(f"cost model file '{path}' is not JSON: {e.msg} (line {e.lineno})") from None
        known = {f.name for f in fields(cls)}
        if not isinstance(data, dict):
            raise ValueError(f"cost model file '{path}' must hold a JSON object")
        for k, v in data.items():
            if k not in known:
                raise ValueError(f"cost model file '{path}': unknown key '{k}' (expected one of "
                                 f"{', '.join(sorted(known))})")
            if isinstance(v, bool) or not isinstance(v, int | float) or v < 0 or (
                    k.endswith("bytes_per_us") and v == 0):
                raise ValueError(f"cost model file '{path}': '{k}' must be a "
                                 f"{'positive' if k.endswith('bytes_per_us') else 'non-negative'} number")
        return cls(**{k: float(v) for k, v in data.items()})


class Access(NamedTuple):
    """One byte range a kernel touched (``atomic``: by atomic read-modify-writes only, which do not
    race with other atomics)."""

    buffer: Buffer
    lo: int
    hi: int
    is_write: bool
    atomic: bool = False


class DeviceAssert(NamedTuple):
    """A kernel stopped by a failing ``cf.assert``: CUDA's device-side messages (one line per
    failing thread) and the assert's location."""

    lines: tuple[str, ...]
    loc: str | None


@dataclass
class StickyError:
    """CUDA's sticky ``CUDA_ERROR_ASSERT`` once kernel ``kernel`` (launched at ``loc``) stopped at a
    failing ``cf.assert``: the context is lost, the device runs nothing more, every later call
    fails.  mlir-runner's runtime prints the failed call and goes on (exit status 0), so the first
    call that observes it is reported as a warning."""

    kernel: str
    loc: str | None
    reported: bool = False

    def observe(self, api: str, loc: str | None) -> str | None:
        """The warning's text the first time a call observes the error, else None."""
        if self.reported:
            return None
        self.reported = True
        return (f"device-side assert triggered: {api} at {loc or '?'} fails with CUDA_ERROR_ASSERT: {self.kernel} "
                f"launched at {self.loc or '?'} stopped at a failing cf.assert (every later CUDA call fails too; "
                "no more device work runs)")


class KernelAssertFailed(Exception):
    """Raised by a kernel's ``cf.assert`` when some active thread fails it: the kernel aborts."""

    def __init__(self, lines: list[str], loc: object) -> None:
        super().__init__("device-side assertion failed")
        self.lines = lines
        self.loc = loc


@dataclass(eq=False)
class Command:
    """One stream command (kernel, memcpy, memset) placed in virtual time."""

    id: int
    kind: str
    name: str
    stream: Stream
    start: float
    end: float
    loc: str | None
    nbytes: int = 0
    threads: int = 0
    grid: tuple[int, int, int] | None = None
    block: tuple[int, int, int] | None = None
    cp_end: float = 0.0
    crit_pred: Command | None = None


@dataclass(eq=False)
class Stream:
    """An mgpu stream handle (``id`` 0 is the legacy default stream)."""

    id: int
    agent: Agent
    loc: str | None = None
    handle: object = None
    ready: float = 0.0
    cp: float = 0.0
    cp_node: Command | None = None
    last: Command | None = None
    destroyed: bool = False
    destroy_loc: str | None = None
    pending_flows: list[Flow] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.agent.name

    def __repr__(self) -> str:
        return f"Stream({self.id})"


@dataclass(eq=False)
class Event:
    """An mgpu event handle; ``clock`` is None until recorded."""

    id: int
    loc: str | None = None
    handle: object = None
    clock: VectorClock | None = None
    time: float = 0.0
    cp: float = 0.0
    cp_node: Command | None = None
    record_stream: Stream | None = None
    record_node: Command | None = None
    record_loc: str | None = None
    destroyed: bool = False
    destroy_loc: str | None = None

    @property
    def name(self) -> str:
        return f"event {self.id}"

    def __repr__(self) -> str:
        return f"Event({self.id})"


@dataclass(eq=False)
class HostThread:
    """A host thread of the interpreted program (main, or an ``async.execute`` task)."""

    agent: Agent
    time: float = 0.0
    cp: float = 0.0
    cp_node: Command | None = None

    @property
    def name(self) -> str:
        return self.agent.name


@dataclass(eq=False)
class HostSlice:
    """Host time spent blocked in a synchronization (for the trace)."""

    name: str
    host: HostThread
    start: float
    end: float
    loc: str | None


@dataclass(eq=False)
class Flow:
    """An event record → wait dependency arrow (for the trace)."""

    id: int
    event: Event
    src: Command
    dst: Command | HostSlice | None = None
