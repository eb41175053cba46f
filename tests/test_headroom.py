"""The data-dependence critical path (run/headroom.py) on hand-computed schedules, and its place in
``--run-stats`` next to the makespan of real runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from asyncgpu_opt.run.headroom import DataDependenceCriticalPath

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
A, B = SimpleNamespace(id=1), SimpleNamespace(id=2)


def cp(*steps: tuple) -> float:
    """Replay ("cmd", duration, accesses) / ("host", buffer, lo, hi, is_write) / ("call",) steps
    with 0.5 us per necessary runtime call."""
    d = DataDependenceCriticalPath(0.5)
    for s in steps:
        if s[0] == "cmd":
            d.command(s[1], s[2])
        elif s[0] == "host":
            d.host_access(*s[1:])
        else:
            d.call()
    return d.length


def test_a_write_after_write_serializes() -> None:
    # issued at 0.5 and 1.0; the second waits for the first to end at 3.5
    assert cp(("cmd", 3.0, [(A, 0, 64, True)]), ("cmd", 3.0, [(A, 0, 64, True)])) == pytest.approx(6.5)


def test_independent_buffers_overlap() -> None:
    assert cp(("cmd", 3.0, [(A, 0, 64, True)]), ("cmd", 3.0, [(B, 0, 64, True)])) == pytest.approx(4.0)


def test_readers_overlap_and_a_write_after_read_waits() -> None:
    assert cp(("cmd", 3.0, [(A, 0, 64, False)]), ("cmd", 3.0, [(A, 0, 64, False)])) == pytest.approx(4.0)
    assert cp(("cmd", 3.0, [(A, 0, 64, False)]), ("cmd", 3.0, [(A, 0, 64, True)])) == pytest.approx(6.5)


def test_disjoint_bytes_of_one_buffer_overlap() -> None:
    assert cp(("cmd", 3.0, [(A, 0, 32, True)]), ("cmd", 3.0, [(A, 32, 64, True)])) == pytest.approx(4.0)


def test_the_host_waits_for_what_it_reads_and_then_goes_on() -> None:
    # the host read waits until 3.5; the next command is issued at 4.0 and ends at 7.0
    assert cp(("cmd", 3.0, [(A, 0, 64, True)]), ("host", A, 0, 4, False),
              ("cmd", 3.0, [(B, 0, 64, True)])) == pytest.approx(7.0)


def test_necessary_calls_cost_host_time() -> None:
    assert cp(("call",), ("call",), ("cmd", 1.0, [])) == pytest.approx(2.5)


def _stats(path: str, *flags: str) -> dict:
    out = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"headroom-{os.getpid()}.json")
    subprocess.run([sys.executable, "-m", "asyncgpu_opt", path, *flags, "--run", "--backend", "sim",
                    "--run-stats", out], check=True, capture_output=True, cwd=ROOT)
    with open(out) as fh:
        return json.load(fh)


def test_run_stats_report_the_bound_and_the_ratio() -> None:
    ex = os.path.join(ROOT, "examples", "two_matmuls.mlir")
    st = _stats(ex, "--async-region", "--wait-insertion", "--gpu-to-runtime")
    assert 0 < st["data_critical_path_us"] <= st["makespan_us"]
    assert st["makespan_over_critical_path"] == pytest.approx(st["makespan_us"] / st["data_critical_path_us"],
                                                               rel=1e-3)
    # the two matmuls overlap: the lowered program is within a few percent of the bound
    assert st["makespan_over_critical_path"] < 1.1
