"""--run end to end: examples, before/after the pipeline, hazards, simple host programs."""

from pathlib import Path

import pytest

from asyncgpu_opt.driver import Config, run_opt

ROOT = Path(__file__).resolve().parent.parent


def run(text, name="t.mlir", **kw):
    res = run_opt(text, name, Config(run=True, backend="sim", **kw))
    return res.output, res.rendered_diagnostics() + res.stderr_text, res.exit_code


def test_vector_add():
    out, err, rc = run((ROOT / "examples/vector_add.mlir").read_text())
    assert rc == 0, err
    assert "[0,  2,  6,  12,  20,  30,  42,  56]" in out


def test_two_matmuls():
    out, err, rc = run((ROOT / "examples/two_matmuls.mlir").read_text())
    assert rc == 0, err
    assert "[[4090,   4096,   4090,   4090]," in out


HOST = """
func.func private @printI64(i64)
func.func private @printNewline()
func.func @fib(%n: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %c1 = arith.constant 1 : i64
  %lt = arith.cmpi slt, %n, %c2 : i64
  %r = scf.if %lt -> i64 {
    scf.yield %n : i64
  } else {
    %a = arith.subi %n, %c1 : i64
    %b = arith.subi %n, %c2 : i64
    %fa = func.call @fib(%a) : (i64) -> i64
    %fb = func.call @fib(%b) : (i64) -> i64
    %s = arith.addi %fa, %fb : i64
    scf.yield %s : i64
  }
  return %r : i64
}
func.func @main() {
  %c10 = arith.constant 10 : i64
  %f = call @fib(%c10) : (i64) -> i64
  call @printI64(%f) : (i64) -> ()
  call @printNewline() : () -> ()
  %big = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %w = arith.addi %big, %one : i32
  %w64 = arith.extsi %w : i32 to i64
  call @printI64(%w64) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
"""


def test_host_recursion_and_wraparound():
    out, err, rc = run(HOST)
    assert rc == 0, err
    assert out == "55\n-2147483648\n"


@pytest.mark.parametrize("name", ["hazard-race", "hazard-use-after-free", "hazard-host-read", "hazard-leak"])
def test_hazards_fail(name):
    out, err, rc = run((ROOT / f"lit_tests/Run/{name}.mlir").read_text())
    assert rc != 0
    assert "hazard" in err
