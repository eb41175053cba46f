"""gpu-to-runtime records the ops it emits for a runtime call or a ``gpu.alloc`` once per key (the
binding and the operand types) and replays them afterwards (``abi.Builder.templated``).  Replaying
must never change the output: each program here lowers to the same text with replay turned off
(every emission built anew), including ops whose keys differ only in a type, repeated keys, and
operands that are the same value twice (never replayed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]
from asyncgpu_opt.passes.gpu_to_runtime.abi import Builder
from asyncgpu_opt.passes.pipeline import parse_pipeline

ROOT = Path(__file__).resolve().parent.parent

MIXED = """func.func @f(%n: index, %x: f32, %y: i32, %h: f16) {
  %t0 = gpu.wait async
  %a, %t1 = gpu.alloc async [%t0] () : memref<16xi32>
  %b, %t2 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  %c, %t3 = gpu.alloc async [%t0] (%n, %n) : memref<?x?xf32>
  %d, %t4 = gpu.alloc async [%t0] () : memref<16xi32>
  %e = gpu.alloc host_shared () : memref<4x4xf16>
  %t5 = gpu.memcpy async [%t1, %t4] %a, %d : memref<16xi32>, memref<16xi32>
  %t6 = gpu.memcpy async [%t5] %a, %a : memref<16xi32>, memref<16xi32>
  %t7 = gpu.memcpy async [%t6] %d, %a : memref<16xi32>, memref<16xi32>
  %t8 = gpu.memset async [%t2] %b, %x : memref<?xf32>, f32
  %t9 = gpu.memset async [%t7] %a, %y : memref<16xi32>, i32
  %t10 = gpu.memset async [%t8] %b, %x : memref<?xf32>, f32
  gpu.memset %e, %h : memref<4x4xf16>, f16
  %t11 = gpu.memcpy async [%t3, %t10] %c, %c : memref<?x?xf32>, memref<?x?xf32>
  %t12 = gpu.dealloc async [%t9] %a : memref<16xi32>
  %t13 = gpu.dealloc async [%t9] %d : memref<16xi32>
  %t14 = gpu.dealloc async [%t11] %b : memref<?xf32>
  %t15 = gpu.dealloc async [%t11] %c : memref<?x?xf32>
  gpu.wait [%t12, %t13, %t14, %t15]
  gpu.dealloc %e : memref<4x4xf16>
  return
}
"""

PIPELINES = ("builtin.module(gpu-to-runtime)",
             "builtin.module(func.func(async-region),gpu-to-runtime)",
             "builtin.module(func.func(async-region),gpu-to-runtime{stream-pool=false})")


def _lower(text: str, pipeline: str) -> tuple[int, str]:
    r = run_opt(text, "<t>", Config(pipeline=parse_pipeline(pipeline), split_input_file=True))
    return r.exit_code, r.output + r.rendered_diagnostics()


def _inputs() -> list[tuple[str, str]]:
    files = sorted((ROOT / "examples").glob("*.mlir")) + sorted((ROOT / "lit_tests/Inputs/seeds").glob("*.mlir"))
    files += sorted(p for p in (ROOT / "lit_tests").rglob("*.mlir")
                    if "Output" not in p.parts and "gpu-to-runtime" in p.read_text())
    return [("mixed", MIXED)] + [(str(p.relative_to(ROOT)), p.read_text()) for p in files]


@pytest.mark.parametrize("pipeline", PIPELINES)
def test_replay_prints_what_building_anew_prints(pipeline: str, monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = _inputs()
    replayed = [_lower(text, pipeline) for _, text in inputs]
    assert replayed[0][0] == 0, replayed[0][1]  # (the mixed program lowers)
    monkeypatch.setattr(Builder, "templated", lambda self, key, inputs, emit: emit())
    for (name, text), got in zip(inputs, replayed):
        assert got == _lower(text, pipeline), f"{name}: replayed emission differs ({pipeline})"
