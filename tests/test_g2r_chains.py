"""gpu-to-runtime's chain cover (passes/gpu_to_runtime/chains.py) where it gives up: a block with
more async ops than ``MAX_NODES`` (the closure is quadratic) is lowered by the greedy rule, and
a block whose tokens cross a region op is too; both stay balanced and hazard-free when run."""

from __future__ import annotations

import json
import os
import tempfile

from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]
from asyncgpu_opt.passes.gpu_to_runtime.chains import MAX_NODES
from asyncgpu_opt.passes.pipeline import parse_pipeline

HEAD = """module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
"""
LAUNCH = "gpu.launch_func async [{d}] @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)"


def _run(text: str) -> dict:
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        cfg = Config(pipeline=parse_pipeline("builtin.module(gpu-to-runtime)"), run=True, backend="sim",
                     run_stats=path)
        r = run_opt(text, "<t>", cfg)
        assert r.exit_code == 0, r.rendered_diagnostics()
        with open(path) as f:
            return json.load(f)
    finally:
        os.unlink(path)


def _two_chains(n: int) -> str:
    """Two chains of ``n`` launches each, interleaved, joined at the end."""
    lines = ["    %a0 = gpu.wait async", "    %b0 = gpu.wait async"]
    for i in range(1, n + 1):
        lines.append(f"    %a{i} = " + LAUNCH.format(d=f"%a{i - 1}"))
        lines.append(f"    %b{i} = " + LAUNCH.format(d=f"%b{i - 1}"))
    lines.append(f"    gpu.wait [%a{n}, %b{n}]")
    return HEAD + "\n".join(lines) + "\n    return\n  }\n}\n"


def test_blocks_over_the_limit_are_lowered_by_the_greedy_rule() -> None:
    for n in (20, MAX_NODES // 2 + 10):  # planned, then over the limit
        s = _run(_two_chains(n))
        assert s["streams_created"] == 2, (n, s)
        assert (s["streams_leaked"], s["events_leaked"], s["hazards"]) == (0, 0, 0), s
        assert s["streams_created"] == s["streams_destroyed"]


def test_tokens_through_a_loop_fall_back_to_the_greedy_rule() -> None:
    text = HEAD + """    %t0 = gpu.wait async
    %t1 = """ + LAUNCH.format(d="%t0") + """
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %t1) -> (!gpu.async.token) {
      %x = """ + LAUNCH.format(d="%it") + """
      %y = """ + LAUNCH.format(d="%it") + """
      %j = gpu.wait async [%x, %y]
      scf.yield %j : !gpu.async.token
    }
    %t2 = """ + LAUNCH.format(d="%t1") + """
    gpu.wait [%r, %t2]
    return
  }
}
"""
    s = _run(text)
    assert (s["streams_leaked"], s["events_leaked"], s["hazards"]) == (0, 0, 0), s
    assert s["streams_created"] == s["streams_destroyed"]
