"""Crash reproducers when a pass leaves IR the verifier rejects (a pass failure for mlir-opt too):
the reproducer is written and names the pass; --mlir-print-ir-after-failure shows the bad IR."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar

import asyncgpu_opt as a
from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.passes.pipeline import parse_pipeline
from asyncgpu_opt.reproducer import read_reproducer

PROGRAM = """func.func @f() {
  %c = arith.constant 1 : i32
  return
}
"""


@a.register_pass
@dataclasses.dataclass(frozen=True)
class _DropTerminators(a.Pass):
    name: ClassVar[str] = "test-drop-terminators"
    anchor: ClassVar[str] = "func.func"
    summary: ClassVar[str] = "erases func.return (leaves invalid IR; a test pass)"
    cpp_name: ClassVar[str] = "DropTerminators"

    def apply(self, op: Any) -> bool:
        for o in list(op.walk()):
            if o.name == "func.return":
                o.erase()
        return True


def test_verifier_failure_after_a_pass_writes_the_reproducer(tmp_path: Path) -> None:
    repro = tmp_path / "repro.mlir"
    cfg = Config(pipeline=parse_pipeline("builtin.module(func.func(test-drop-terminators))"),
                 crash_reproducer=str(repro), print_ir_after_failure=True)
    res = run_opt(PROGRAM, "in.mlir", cfg)
    assert res.exit_code == 1
    text = res.rendered_diagnostics()
    assert "Failures have been detected while processing an MLIR pass pipeline" in text
    assert "[`DropTerminators` on 'func.func' operation: @f]: reproducer generated at" in text
    assert "// -----// IR Dump After DropTerminators Failed (test-drop-terminators) //----- //" in res.stderr_text
    saved = repro.read_text()
    assert "  return\n" in saved  # the IR before the pipeline
    assert read_reproducer(saved) == ("builtin.module(func.func(test-drop-terminators))", True)
