"""The data-dependence critical path: how fast the observed work could have run.

The runtime reports, in program order, every device command (kernel, memcpy, memset, stream-ordered
free) with its duration under the cost model and the byte ranges it read and wrote, every host
access to memory, and every runtime call the program could not do without (one per command, per
allocation and per synchronous free).  From these alone — independent of the streams, events and
tokens the program used — the lower bound is computed as a schedule on unlimited streams:

* the host is serial: each necessary call costs ``host_api_us`` of host time, in program order;
* a command starts when the host has issued it and every earlier access it conflicts with (same
  buffer, overlapping bytes, at least one write: RAW, WAR, WAW) has finished;
* a host access waits for the earlier conflicting commands (the host must see their result), and
  the host does not go on before that.

``length`` is the latest end of a command or of the host: the makespan of the best program with the
same work and the same host program order.  ``makespan / length`` (``--run-stats``:
``makespan_over_critical_path``) is the headroom the lowering left (1.0: none).
"""

from __future__ import annotations

from typing import Any


class DataDependenceCriticalPath:
    """Accumulates observations; ``length`` is the bound in virtual µs."""

    def __init__(self, host_api_us: float) -> None:
        self.host_api_us = host_api_us
        self.host = 0.0  # the host's earliest time in the ideal schedule
        self.end = 0.0  # the latest end of anything
        self.commands = 0
        # buffer id -> [(lo, hi, is_write, end)] of earlier device accesses
        self._accesses: dict[int, list[tuple[int, int, bool, float]]] = {}

    def _ready(self, buffer_id: int, lo: int, hi: int, is_write: bool) -> float:
        t = 0.0
        for a_lo, a_hi, a_w, a_end in self._accesses.get(buffer_id, ()):
            if (is_write or a_w) and a_lo < hi and lo < a_hi and a_end > t:
                t = a_end
        return t

    def call(self) -> None:
        """A runtime call the program needs (an allocation, a synchronous free)."""
        self.host += self.host_api_us
        self.end = max(self.end, self.host)

    def command(self, duration: float, accesses: list[tuple[Any, int, int, bool]]) -> None:
        """A device command with its ``(buffer, lo, hi, is_write)`` accesses."""
        self.call()
        self.commands += 1
        start = self.host
        for buf, lo, hi, w in accesses:
            start = max(start, self._ready(buf.id, lo, hi, w))
        end = start + duration
        for buf, lo, hi, w in accesses:
            # an earlier access inside this one that this one dominates (a write dominates every
            # access it covers, a read the reads; each ended by ``end``) constrains nothing this
            # one does not: dropped, so a buffer used over and over keeps a few records, and a
            # command costs the same however many came before
            old = self._accesses.get(buf.id, [])
            self._accesses[buf.id] = [a for a in old if not (lo <= a[0] and a[1] <= hi and (w or not a[2])
                                                              and a[3] <= end)]
            self._accesses[buf.id].append((lo, hi, w, end))
        self.end = max(self.end, end)

    def host_access(self, buffer: Any, lo: int, hi: int, is_write: bool) -> None:
        """The host touched ``[lo, hi)`` of ``buffer``: it waits for conflicting device work."""
        t = self._ready(buffer.id, lo, hi, is_write)
        if t > self.host:
            self.host = t
            self.end = max(self.end, t)

    @property
    def length(self) -> float:
        return self.end
