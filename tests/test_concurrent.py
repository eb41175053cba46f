"""Concurrent kernel jobs (run/concurrent.py): turns of a slice each, results and errors handed
back, unfinished jobs cancelled without leaving threads behind."""

from __future__ import annotations

import threading

import pytest

from asyncgpu_opt.run.concurrent import KernelJob, current_job


def _counting(n: int, log: list[int]) -> KernelJob:
    def fn() -> int:
        job = current_job()
        for i in range(n):
            log.append(i)
            job.step()
        return n

    return KernelJob(fn)


def test_a_job_runs_one_slice_at_a_time_and_returns_its_result() -> None:
    log: list[int] = []
    job = _counting(10, log)
    assert not job.run_slice(4)
    assert log == [0, 1, 2, 3]
    assert not job.run_slice(4)
    assert len(log) == 8
    assert job.run_slice(4)
    assert job.outcome() == 10


def test_two_jobs_interleave_by_slices() -> None:
    log: list[tuple[str, int]] = []

    def make(tag: str) -> KernelJob:
        def fn() -> None:
            for i in range(3):
                log.append((tag, i))
                current_job().step()

        return KernelJob(fn)

    a, b = make("a"), make("b")
    while not (a.done and b.done):
        a.run_slice(1)
        b.run_slice(1)
    assert log == [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2), ("b", 2)]


def test_errors_are_raised_on_the_caller_and_cancel_ends_the_thread() -> None:
    def bad() -> None:
        raise ValueError("in the kernel")

    job = KernelJob(bad)
    assert job.run_slice()
    with pytest.raises(ValueError, match="in the kernel"):
        job.outcome()
    before = threading.active_count()
    spinner = _counting(10**9, [])
    assert not spinner.run_slice(2)
    spinner.cancel()
    assert threading.active_count() == before
