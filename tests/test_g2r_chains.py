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


def _fn(name: str, extra: bool = False, serial: bool = False) -> str:
    """Three copies after a root and a host wait for them, twice: side by side (3 streams), or
    ``serial`` one after the other (the same ops, another graph: 1 stream); ``extra`` puts a host
    op in the middle (the same graph at other positions)."""
    body = []
    for r in range(2):
        p = f"%r{r}"
        body += [f"    {p}w = gpu.wait async",
                 f"    {p}a, {p}ta = gpu.alloc async [{p}w] () : memref<16xi32>"]
        prev = f"{p}ta"
        for i in range(3):
            body.append(f"    {p}c{i} = gpu.memcpy async [{prev}] {p}a, %m{i} : memref<16xi32>, memref<16xi32>")
            if serial:
                prev = f"{p}c{i}"
            if extra and r == 0 and i == 1:
                body.append("    %x = arith.constant 3 : index")
        body += [f"    {p}d = gpu.dealloc async [{p}c0, {p}c1, {p}c2] {p}a : memref<16xi32>",
                 f"    gpu.wait [{p}d]"]
    return (f"  func.func @{name}(%m0: memref<16xi32>, %m1: memref<16xi32>, %m2: memref<16xi32>) {{\n"
            + "\n".join(body) + "\n    return\n  }\n")


def _lowered_functions(text: str) -> dict[str, str]:
    r = run_opt(text, "<t>", Config(pipeline=parse_pipeline("builtin.module(func.func(wait-insertion), "
                                                             "gpu-to-runtime)")))
    assert r.exit_code == 0, r.rendered_diagnostics()
    out: dict[str, str] = {}
    for chunk in r.output.split("\n  func.func @")[1:]:
        name = chunk.split("(", 1)[0]
        out[name] = chunk.split("\n  }", 1)[0]
    return out


def test_a_block_is_lowered_alike_whether_or_not_the_same_graph_came_before() -> None:
    # the planner reuses the plan of a block with the same graph (chains.plan_block's cache):
    # each function lowers exactly as it does alone, repeated, moved or changed
    fns = [("a", {}), ("b", {}), ("moved", {"extra": True}), ("serial", {"serial": True}), ("c", {})]
    together = _lowered_functions("module {\n" + "".join(_fn(n, **kw) for n, kw in fns) + "}\n")
    assert list(together) == [n for n, _ in fns]
    for n, kw in fns:
        alone = _lowered_functions("module {\n" + _fn(n, **kw) + "}\n")
        assert together[n] == alone[n], n
    assert together["b"][1:] == together["a"][1:]  # (after the name)
    assert together["a"].count("mgpuStreamCreate") == 3 and together["serial"].count("mgpuStreamCreate") == 1
