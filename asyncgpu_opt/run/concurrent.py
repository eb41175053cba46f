"""Kernels that run at the same time: a launch whose kernel can loop runs as a :class:`KernelJob`
on a thread of its own, in turns with the interpreter and the other running kernels.

Exactly one thread runs at any moment (the caller of :meth:`KernelJob.run_slice` waits until the
job hands control back), so the simulation stays deterministic: a job runs until it finishes or
has taken ``steps`` loop steps (``KernelExec.tick``: ``scf.while`` iterations, ``cf`` branches),
then the runtime decides who goes next (``Runtime.settle``).  Two kernels on independent streams
therefore interleave at their loop iterations and see each other's (atomic) stores, as a spin wait
on a counter another kernel increments needs; a kernel without loops runs to completion at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: loop steps a running kernel takes before the others get their turn
SLICE = 32

_current = threading.local()


class _Cancelled(BaseException):
    """Unwinds a job's thread when the run ends before the job finished."""


class KernelJob:
    """``fn()`` (a launch's ``run``: returns the kernel's accesses) on its own thread, resumed one
    slice at a time."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.done = False
        self.result: Any = None
        self.error: BaseException | None = None
        self._left = 0
        self._cancelled = False
        self._go = threading.Semaphore(0)
        self._back = threading.Semaphore(0)
        self._thread: threading.Thread | None = None

    def run_slice(self, steps: int = SLICE) -> bool:
        """Run the job until it finished or took ``steps`` more loop steps; True when finished."""
        if self.done:
            return True
        self._left = steps
        if self._thread is None:
            self._thread = threading.Thread(target=self._main, name="asyncgpu-kernel", daemon=True)
            self._thread.start()
        else:
            self._go.release()
        self._back.acquire()
        return self.done

    def outcome(self) -> Any:
        """The finished job's result (its exception re-raised)."""
        if self.error is not None:
            raise self.error
        return self.result

    def cancel(self) -> None:
        """Stop a job that has not finished (its thread unwinds at its next step)."""
        if self.done or self._thread is None:
            return
        self._cancelled = True
        self._go.release()
        self._thread.join()

    # -- on the job's thread
    def _main(self) -> None:
        _current.job = self
        try:
            self.result = self.fn()
        except _Cancelled:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the interpreter's thread
            self.error = e
        finally:
            self.done = True
            self._back.release()

    def step(self) -> None:
        """One loop step of the kernel: at the end of its slice, hand control back and wait."""
        self._left -= 1
        if self._left > 0:
            return
        self._back.release()
        self._go.acquire()
        if self._cancelled:
            raise _Cancelled


def current_job() -> KernelJob | None:
    """The job running on this thread (None on the interpreter's thread)."""
    return getattr(_current, "job", None)


@dataclass(eq=False)
class RunningKernel:
    """A launch whose kernel has not finished: its job and what the runtime checks at the end."""

    job: KernelJob
    stream: Any
    agent: Any  # the stream's hazard agent as of the launch (a copy of its clock)
    what: str
    loc: str | None
    name: str


class RunningKernels:
    """The launches still running; ``finish(k)`` records a finished one's accesses (it raises the
    kernel's error)."""

    def __init__(self, finish: Callable[[RunningKernel], None]) -> None:
        self.items: list[RunningKernel] = []
        self.finish = finish

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, k: RunningKernel) -> None:
        self.items.append(k)

    def settle(self, needed: Callable[[RunningKernel], bool] | None = None) -> None:
        """Run the running kernels in turns of one slice each until every one ``needed`` selects
        (all when None) has finished."""
        while self.items and (needed is None or any(needed(k) for k in self.items)):
            for k in list(self.items):
                if k.job.run_slice():
                    self.items.remove(k)
                    self.finish(k)

    def settle_for(self, clock: dict[int, int]) -> None:
        """Finish the running kernels that something with vector clock ``clock`` waits for."""
        if self.items:
            self.settle(lambda k: clock.get(k.agent.id, 0) >= k.agent.clock[k.agent.id])

    def cancel(self) -> None:
        """Stop the kernels still running (the run ended with an error)."""
        for k in self.items:
            k.job.cancel()
        self.items.clear()
