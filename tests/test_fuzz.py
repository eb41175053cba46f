"""A small, seeded run of the mutation fuzzer (``benchmarks/fuzz.py``; longer runs: ``make fuzz``):
no mutant of the project's own MLIR files may end in a traceback, an internal error, a hang, an exit
code other than 0/1, or an error without a location — through the reader/printer, the lowering
pipeline and ``--run``; and a few mutants whose printed and lowered output upstream's verifier must
accept."""

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


def test_mutants_printed_and_lowered_upstream_accepts(mlir_opt_ref) -> None:
    """What we accept and print (custom form, lowered) upstream's verifier accepts too: a few
    mutants only (each costs an upstream run); ``make fuzz`` runs thousands."""
    done, findings = fuzz.fuzz(24, 3, timeout=60.0, jobs=2, configs=("print", "lower"), verify_upstream=True)
    assert done == 24
    assert not findings, "\n\n".join(f"{f.kind} [{f.config}] from {f.seed}: {f.detail}\n{f.text}"
                                     for f in findings[:3])


def test_mutators_reach_the_new_kinds() -> None:
    """The mutators insert characters MLIR's lexer rejects, out-of-range integers and nesting (what
    found the reader's crash on a non-ASCII letter and the unchecked integer widths)."""
    import random

    rng = random.Random(7)
    text = "func.func @f() {\n  %c = arith.constant 7 : i8\n  gpu.barrier\n  return\n}\n"
    mutants = [fuzz.mutate(text, rng) for _ in range(300)]
    assert any(c in m for m in mutants for c in fuzz.ODD_CHARS if c not in text)
    assert any(n in m for m in mutants for n in ("256", "-129", "18446744073709551616"))
    assert any("scf.execute_region {\nscf.execute_region {" in m for m in mutants)


@pytest.mark.parametrize(("src", "message"), [
    # found by fuzzing (issue 25): an internal error in the reader's line cache, and inputs
    # upstream rejects that we accepted
    ("llvm.func @f() {\n  %0 = llvm.mlir.constant(1 : i32) : i32\n  %1 = llvm.mlir.constant(1 : i32) : i32\n"
     "\u00e9  llvm.return\n}\n", "fuzz.mlir:4:1: error: unexpected character"),
    ("module attributes {a = 0 : i32} {\n}\n",
     "fuzz.mlir:1:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'"),
    ("#map = affine_map<(d0) -> (d0 + 99999999999999999999)>\n", "fuzz.mlir:1:33: error: constant too large for index"),
    ("func.func @f() {\n  return\x01\n}\n", "fuzz.mlir:2:9: error: unexpected character"),
    ("func.func @f() {\n  %0 = arith.constant dense<[1, 256]> : vector<2xi8>\n  return\n}\n",
     "fuzz.mlir:2:33: error: integer constant out of range for type"),
    ('"test.op"() {a = #gpu<processor thread_x>} : () -> ()\n',
     "fuzz.mlir:1:23: error: unknown attribute `processor` in dialect `gpu`"),
])
def test_issue25_findings_are_upstream_errors(src: str, message: str) -> None:
    from asyncgpu_opt.driver import run_opt

    res = run_opt(src, "fuzz.mlir", fuzz._config("print"))
    assert res.exit_code == 1
    assert res.rendered_diagnostics().startswith(message), res.rendered_diagnostics()
