"""The Python API (asyncgpu_opt.parse / run_passes / print_ir / execute / register_pass): each
function on a real program, and its errors as MLIRError with mlir-opt-style text."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from typing import Any, ClassVar

import pytest

import asyncgpu_opt as a

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "two_matmuls.mlir")

SYNC = """module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%m: memref<4xi32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xi32>
      %one = arith.constant 1 : i32
      %w = arith.addi %v, %one : i32
      memref.store %w, %m[%i] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %h = gpu.alloc host_shared () : memref<4xi32>
    gpu.memset %h, %zero : memref<4xi32>, i32
    gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%h : memref<4xi32>)
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %h : memref<4xi32>
    return
  }
}
"""


def test_the_issue_one_liner_runs() -> None:
    code = ("import asyncgpu_opt as a; m = a.parse(open('examples/two_matmuls.mlir').read()); "
            "a.run_passes(m, 'builtin.module(func.func(async-region),gpu-to-runtime)'); print(a.execute(m).output)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "[4090,   4096,   4090,   4090]" in out


def test_parse_and_print_match_the_cli() -> None:
    with open(EXAMPLE) as fh:
        text = fh.read()
    cli = subprocess.run([sys.executable, "-m", "asyncgpu_opt", EXAMPLE], capture_output=True, text=True,
                         check=True).stdout
    assert a.print_ir(a.parse(text, EXAMPLE)) == cli
    generic = subprocess.run([sys.executable, "-m", "asyncgpu_opt", EXAMPLE, "--mlir-print-op-generic"],
                             capture_output=True, text=True, check=True).stdout
    assert a.print_ir(a.parse(text, EXAMPLE), generic=True) == generic


def test_parse_errors_are_mlir_errors_with_diagnostics() -> None:
    with pytest.raises(a.MLIRError) as ei:
        a.parse("func.func @f() {\n  %0 = arith.addi %x, %x : i32\n  return\n}\n", "bad.mlir")
    assert str(ei.value).startswith("bad.mlir:2:19: error: use of undeclared SSA value name")
    assert "^" in str(ei.value)
    assert ei.value.diagnostics[0].severity == "error"
    with pytest.raises(TypeError):
        a.parse(b"module {}")  # type: ignore[arg-type]


def test_run_passes_takes_a_textual_pipeline_or_pass_names() -> None:
    m1 = a.run_passes(a.parse(SYNC), "builtin.module(gpu-kernel-outlining,func.func(async-region),gpu-to-runtime)")
    m2 = a.run_passes(a.parse(SYNC), ["gpu-kernel-outlining", "async-region", "gpu-to-runtime"])
    assert a.print_ir(m1) == a.print_ir(m2)
    assert "mgpuStreamCreate" in a.print_ir(m1) and "gpu.launch_func async" not in a.print_ir(m1)
    m3 = a.run_passes(a.parse(SYNC), ["async-region", "gpu-to-runtime{stream-pool=false}"])
    assert "mgpuStreamCreate" in a.print_ir(m3)


@pytest.mark.parametrize(("pipeline", "message"), [
    ("builtin.module(no-such-pass)", "'no-such-pass' does not refer to a registered pass"),
    (["no-such-pass"], "'no-such-pass' does not refer to a registered pass"),
    (["gpu-to-runtime{bogus=1}"], "no such option bogus"),
    (42, None),
])
def test_bad_pipelines_raise(pipeline: Any, message: str | None) -> None:
    m = a.parse(SYNC)
    if message is None:
        with pytest.raises(TypeError):
            a.run_passes(m, pipeline)
        return
    with pytest.raises(a.MLIRError) as ei:
        a.run_passes(m, pipeline)
    assert message in str(ei.value)


def test_pass_failures_raise_located_errors() -> None:
    m = a.parse("func.func @f(%c: index) {\n  gpu.launch blocks(%bx, %by, %bz) in (%x = %c, %y = %c, %z = %c) "
                "threads(%tx, %ty, %tz) in (%p = %c, %q = %c, %r = %c) {\n    gpu.terminator\n  }\n  return\n}\n",
                "l.mlir")
    with pytest.raises(a.MLIRError) as ei:
        a.run_passes(m, ["async-region"])
    assert str(ei.value).startswith("l.mlir:2:3: error:")


def test_execute_gives_output_stats_and_hazards() -> None:
    lowered = a.run_passes(a.parse(SYNC), ["gpu-kernel-outlining", "async-region", "gpu-to-runtime"])
    r = a.execute(lowered, backend="sim")
    assert "[1,  1,  1,  1]" in r.output
    assert r.stats["hazards"] == 0 and r.stats["streams_leaked"] == 0 and r.hazards == []
    racy = SYNC.replace("    gpu.dealloc %h : memref<4xi32>\n", "")
    r = a.execute(a.parse(racy), backend="sim")
    assert r.hazards and "warning: leak" in r.hazards[0]  # never freed: a warning
    with pytest.raises(a.MLIRError, match="entry point '@nope' not found"):
        a.execute(a.parse(SYNC), entry="nope", backend="sim")


def test_register_pass() -> None:
    @a.register_pass
    @dataclasses.dataclass(frozen=True)
    class CountOps(a.Pass):
        name: ClassVar[str] = "test-count-ops"
        anchor: ClassVar[str] = "builtin.module"
        summary: ClassVar[str] = "counts ops (a test pass)"
        seen: ClassVar[list[int]] = []

        def apply(self, op: Any) -> bool:
            CountOps.seen.append(sum(1 for _ in op.walk()))
            return False

    a.run_passes(a.parse(SYNC), ["test-count-ops"])
    a.run_passes(a.parse(SYNC), "builtin.module(test-count-ops)")
    assert len(CountOps.seen) == 2 and CountOps.seen[0] > 10
    with pytest.raises(ValueError):
        a.register_pass(dataclasses.dataclass(frozen=True)(type("Bad", (a.Pass,), {"name": "async-region"})))
