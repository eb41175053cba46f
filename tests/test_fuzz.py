"""A small, seeded run of the mutation fuzzer (``benchmarks/fuzz.py``; longer runs: ``make fuzz``):
no mutant of the project's own MLIR files may end in a traceback, an internal error, a hang, an exit
code other than 0/1, or an error without a location — through the reader/printer, the lowering
pipeline and ``--run``."""

from __future__ import annotations

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import fuzz  # noqa: E402


@pytest.mark.parametrize("seed", [1, 2])
def test_mutants_never_crash(seed: int) -> None:
    done, findings = fuzz.fuzz(400, seed, timeout=60.0, jobs=2)
    assert done == 400
    assert not findings, "\n\n".join(f"{f.kind} [{f.config}] from {f.seed}: {f.detail}\n{f.text}"
                                     for f in findings[:3])


@pytest.mark.parametrize(("src", "kind", "message"), [
    # found by the fuzzer: each once ended in an internal error
    ("gpu.module @k {\n  gpu.func @f() kernel {\n  }\n}\n", "print",
     "fuzz.mlir:2:3: error: 'gpu.func' op expected body with at least one block"),
    ("cf.br ^bb1\n", "print", "fuzz.mlir:1:7: error: reference to an undefined block"),
    ("func.func @main() {\n  %c = arith.constant -4 : index\n  %m = memref.alloc(%c) : memref<?xf32>\n"
     "  return\n}\n", "run", "fuzz.mlir:3:8: error: --run: 'memref.alloc' failed: negative dimension size"),
])
def test_fuzzer_findings_are_located_errors(src: str, kind: str, message: str) -> None:
    from asyncgpu_opt.driver import run_opt

    res = run_opt(src, "fuzz.mlir", fuzz._config(kind))
    assert res.exit_code == 1
    assert res.rendered_diagnostics().startswith(message), res.rendered_diagnostics()


@pytest.mark.parametrize(("src", "kind", "message"), [
    # found by the fuzzer: a kernel using a value defined after the region around it (once a
    # KeyError in --run) and a value of another branch of the kernel's CFG
    ("func.func @main(%c: i1) {\n  %c1 = arith.constant 1 : index\n"
     "  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)\n"
     "             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {\n"
     "    scf.if %c {\n      %y = arith.addi %v, %v : i32\n    }\n"
     "    %v = arith.constant 1 : i32\n    gpu.terminator\n  }\n  return\n}\n", "run",
     "fuzz.mlir:6:12: error: operand #0 does not dominate this use"),
    ("func.func @main(%c: i1) {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  %x = arith.constant 1 : i32\n"
     "  cf.br ^bb2\n^bb2:\n  %y = arith.addi %x, %x : i32\n  return\n}\n", "run",
     "fuzz.mlir:7:8: error: operand #0 does not dominate this use"),
    # a reassociation of a type where integers belong; a type as the message of cf.assert
    ("func.func @f(%c: tensor<?x4xf32>, %d: index) -> tensor<2x?x2x2xf32> {\n"
     "  %e = tensor.expand_shape %c [[0, i32], [2, 3]] output_shape [2, %d, 2, 2] : tensor<?x4xf32> into "
     "tensor<2x?x2x2xf32>\n  return %e : tensor<2x?x2x2xf32>\n}\n", "lower",
     "fuzz.mlir:2:8: error: 'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint"),
    ("func.func @f(%c: i1) {\n  cf.assert %c, !gpu.async.token\n  return\n}\n", "print",
     "fuzz.mlir:2:17: error: custom op 'cf.assert' invalid kind of attribute specified"),
])
def test_fuzzer_findings_are_upstream_errors(src: str, kind: str, message: str) -> None:
    from asyncgpu_opt.driver import run_opt

    res = run_opt(src, "fuzz.mlir", fuzz._config(kind))
    assert res.exit_code == 1
    assert res.rendered_diagnostics().startswith(message), res.rendered_diagnostics()
