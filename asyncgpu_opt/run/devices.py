"""Backends of the mgpu* runtime: the :class:`Device` protocol and the simulated device.

A device executes commands for their values; :class:`~.runtime.Runtime` schedules them in
virtual time and checks hazards.  ``cuda.py`` is the real-GPU device.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from .memory import Buffer, Ptr


class Device(Protocol):
    """What a backend must provide.  The sim device does everything on numpy eagerly; a real
    device enqueues the operation on its own stream handles."""

    name: str
    device_count: int

    def alloc(self, nbytes: int, kind: str) -> tuple[np.ndarray | None, object]:
        """Backing storage for a new buffer: (host-visible bytes or None for zeros, handle)."""
        ...

    def free(self, buf: Buffer) -> None: ...
    def host_register(self, buf: Buffer) -> None: ...
    def host_unregister(self, buf: Buffer) -> None: ...
    def stream_create(self) -> object: ...
    def stream_destroy(self, stream: object) -> None: ...
    def stream_synchronize(self, stream: object) -> None: ...
    def stream_wait_event(self, stream: object, event: object) -> None: ...
    def event_create(self) -> object: ...
    def event_destroy(self, event: object) -> None: ...
    def event_record(self, event: object, stream: object) -> None: ...
    def event_synchronize(self, event: object) -> None: ...
    def memcpy(self, dst: Ptr, src: Ptr, nbytes: int, stream: object) -> None: ...
    def memset(self, dst: Ptr, value: int, count: int, width: int, stream: object) -> None: ...


class SimDevice:
    """The simulated device: memory is numpy, copies and memsets happen immediately."""

    name = "sim"
    device_count = 1

    def alloc(self, nbytes: int, kind: str) -> tuple[np.ndarray | None, object]:
        return None, None

    def free(self, buf: Buffer) -> None:
        pass

    def host_register(self, buf: Buffer) -> None:
        pass

    def host_unregister(self, buf: Buffer) -> None:
        pass

    def stream_create(self) -> object:
        return None

    def stream_destroy(self, stream: object) -> None:
        pass

    def stream_synchronize(self, stream: object) -> None:
        pass

    def stream_wait_event(self, stream: object, event: object) -> None:
        pass

    def event_create(self) -> object:
        return None

    def event_destroy(self, event: object) -> None:
        pass

    def event_record(self, event: object, stream: object) -> None:
        pass

    def event_synchronize(self, event: object) -> None:
        pass

    def memcpy(self, dst: Ptr, src: Ptr, nbytes: int, stream: object) -> None:
        assert dst.buffer is not None and src.buffer is not None
        data = src.buffer.data[src.offset : src.offset + nbytes].copy()
        dst.buffer.data[dst.offset : dst.offset + nbytes] = data

    def memset(self, dst: Ptr, value: int, count: int, width: int, stream: object) -> None:
        assert dst.buffer is not None
        dt = np.uint32 if width == 4 else np.uint16
        mask = 0xFFFFFFFF if width == 4 else 0xFFFF
        dst.buffer.data[dst.offset : dst.offset + count * width].view(dt)[:] = int(value) & mask
