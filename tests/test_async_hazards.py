"""``--async-hazards``: the messages are ``--run``'s, the pass changes nothing, its options, and
the oracle over the repository's runnable programs (``benchmarks/async_hazards_survey.py``)."""

from __future__ import annotations

import os
import re
import sys

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.passes.pipeline import parse_pipeline

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_DIR = os.path.join(ROOT, "lit_tests", "Run")


def _opt(text: str, pipeline: str | None, run: bool = False, name: str = "t.mlir"):
    cfg = Config(pipeline=parse_pipeline(f"builtin.module({pipeline})") if pipeline else None, run=run, backend="sim")
    return run_opt(text, name, cfg)


def _messages(r) -> set[str]:
    """Error messages of the in-scope kinds, each without the agents a run names (`` on stream 3``)."""
    out = set()
    for ln in (r.rendered_diagnostics() + r.stderr_text).splitlines():
        m = re.match(r"\S+:\d+:\d+: error: ((data race|use after free|double free|host read without "
                     r"synchronization): .*)", ln)
        if m:
            out.add(re.sub(r" on (stream \d+|host|default stream)", "", m.group(1)))
    return out


@pytest.mark.parametrize("name", ["hazard-race.mlir", "hazard-host-read.mlir", "hazard-use-after-free.mlir",
                                  "hazard-gpu-dealloc.mlir"])
def test_messages_are_runs(name: str) -> None:
    """The pass reports what ``--run`` reports, in the same words, before any run."""
    with open(os.path.join(RUN_DIR, name)) as fh:
        text = fh.read()
    ran = _opt(text, None, run=True, name=name)
    static = _opt(text, "async-hazards", name=name)
    assert ran.exit_code == 1 and static.exit_code == 1
    assert _messages(static) == _messages(ran) != set()


def test_ir_unchanged_and_clean_exit() -> None:
    with open(os.path.join(ROOT, "examples", "two_matmuls.mlir")) as fh:
        text = fh.read()
    plain = _opt(text, None)
    checked = _opt(text, "async-hazards")
    assert checked.exit_code == 0 and checked.output == plain.output
    assert checked.rendered_diagnostics() == "" and checked.stderr_text == ""


RACE = """func.func @f(%v: f32) {
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %t1 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  %t2 = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
  gpu.wait [%t1, %t2]
  gpu.dealloc %d : memref<16xf32>
  return
}
"""


def test_severity_warning_reports_without_failing() -> None:
    err = _opt(RACE, "async-hazards")
    assert err.exit_code == 1
    assert [d.severity for d in err.diagnostics] == ["error"]
    assert err.diagnostics[0].notes[0].message == "memset writes it here"
    warn = _opt(RACE, "async-hazards{severity=warning}")
    assert warn.exit_code == 0
    assert "warning: data race: memset at t.mlir:5:9 writes %d (allocated at t.mlir:2:8) while memset at " \
           "t.mlir:4:9 writes it (no happens-before)" in warn.stderr_text
    assert warn.output == _opt(RACE, None).output


def test_upstream_style_alias() -> None:
    assert _opt(RACE, "gpu-async-hazards").exit_code == 1


def test_ordered_by_a_join_is_clean() -> None:
    text = RACE.replace("%t2 = gpu.memset async [%t0]", "%t2 = gpu.memset async [%t1]")
    r = _opt(text, "async-hazards")
    assert r.exit_code == 0 and not r.diagnostics, r.rendered_diagnostics()


def test_oracle_over_runnable_programs() -> None:
    """Every runnable program of examples/ and lit_tests/Run/: one ``--run`` finds clean gets no
    error before or after our lowering; one where ``--run`` finds a hazard of the pass's kinds
    gets one."""
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    try:
        from async_hazards_survey import survey
    finally:
        sys.path.pop(0)
    counts = survey([os.path.join(ROOT, "examples"), RUN_DIR])
    assert counts["run_clean"] >= 40 and counts["run_hazards"] >= 4, counts
    assert counts["run_clean_static_errors"] == 0, counts
    assert counts["run_clean_lowered_errors"] == 0, counts
    assert counts["run_hazards_static_silent"] == 0, counts
