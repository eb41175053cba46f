"""Malformed input never crashes: every input either is accepted or fails with exit code 1 and a
located ``file:line:col: error:`` (never a Python traceback or an ``internal error:``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asyncgpu_opt.driver import Config, run_opt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCATED = re.compile(r"^[^\n]*:\d+:\d+: error: ")

PROGRAMS = {
    "gpu": """func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %t = gpu.wait async
  %buf, %t1 = gpu.alloc async [%t] () : memref<4xf32>
  %t2 = gpu.memcpy async [%t1] %buf, %m : memref<4xf32>, memref<4xf32>
  gpu.wait [%t2]
  %v = memref.load %buf[%i] : memref<4xf32>
  return %v : f32
}
""",
    "scf_affine": """#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @g(%lb: index, %ub: index, %x: f32, %m: memref<?xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x) -> (f32) {
    %j = affine.apply #map(%i)[%lb]
    %v = memref.load %m[%j] : memref<?xf32>
    %s = arith.addf %a, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}
""",
    "generic_locs": """"func.func"() <{function_type = (i32) -> i32, sym_name = "h"}> ({
^bb0(%arg0: i32 loc("args.mlir":1:2)):
  %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32 loc(#loc1)
  cf.br ^bb1(%0 : i32) loc(callsite("f"("a.mlir":1:1) at fused["b":2:2, "c":3:3]))
^bb1(%1: i32):
  "func.return"(%1) : (i32) -> () loc(unknown)
}) : () -> () loc(#loc)
#loc = loc("x.mlir":9:1)
#loc1 = loc("named"(#loc))
""",
}


def check(text: str) -> None:
    res = run_opt(text, "in.mlir", Config(debuginfo=True))
    diags = res.rendered_diagnostics()
    assert "internal error" not in diags and "Traceback" not in diags, diags
    assert res.exit_code in (0, 1)
    if res.exit_code:
        assert LOCATED.match(diags), diags


def run_cli(data: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "asyncgpu_opt", *args, "-"], input=data, capture_output=True,
                          timeout=300, cwd=ROOT)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_programs_are_valid(name: str) -> None:
    res = run_opt(PROGRAMS[name], "in.mlir", Config(debuginfo=True))
    assert res.exit_code == 0, res.rendered_diagnostics()


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_truncation_is_a_located_error_or_accepted(name: str) -> None:
    text = PROGRAMS[name]
    for i in range(len(text)):
        check(text[:i])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PROGRAMS)), data=st.data())
def test_random_mutations_never_crash(name: str, data: st.DataObject) -> None:
    text = list(PROGRAMS[name])
    pieces = list("{}()[]<>%^#@!:,=\"x0123456789-. \n\\?") + ["loc(", "#loc", "i99999999", "affine_map<",
                                                             "dense<", "99999999999999999999"]
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        piece = data.draw(st.sampled_from(pieces))
        if kind == "replace":
            text[i] = piece
        elif kind == "delete":
            del text[i]
        else:
            text.insert(i, piece)
    check("".join(text))


@pytest.mark.parametrize("src", [
    "func.func @f(%a: i99999999) { return }",
    "func.func @f(%a: memref<99999999999999999999xf32>) { return }",
    "func.func @f() { %0 = arith.constant 99999999999999999999999999 : i32\n return }",
    "func.func @f() { return loc( }",
    "func.func @f() { return loc(#) }",
    "func.func @f() { return loc(#a) }\n#a = loc(#b)\n#b = loc(#a)",
    "func.func @f() { return loc(#a) }\n#a = loc(\"x\":99999999999999999999999:1)",
    "func.func @f() { return loc(callsite(\"a\" at )) }",
    "func.func @f() { return loc(\"a\":1:2 to 3) }",
    "func.func @f() { return loc(fused<)[]) }",
    "func.func @f() { return loc(#nope) }",
    "#a = loc(\"x\":1:1)\n#a = loc(\"y\":1:1)",
])
def test_absurd_inputs_are_located_errors(src: str) -> None:
    check(src)
    res = run_opt(src, "in.mlir", Config())
    assert res.exit_code == 1


def test_huge_dimension_is_invalid() -> None:
    res = run_opt("func.func @f(%a: memref<99999999999999999999xf32>) { return }", "in.mlir", Config())
    assert res.rendered_diagnostics().startswith("in.mlir:1:25: error: invalid dimension")


def test_undefined_location_aliases() -> None:
    res = run_opt("func.func @f() { return loc(#nope) }", "in.mlir", Config())
    assert res.rendered_diagnostics().startswith("in.mlir:1:29: error: operation location alias was never defined")
    res = run_opt("func.func @f() { return loc(fused[#q]) }", "in.mlir", Config())
    assert res.rendered_diagnostics().startswith("in.mlir:1:37: error: undefined symbol alias id 'q'")


def test_deep_nesting_2000() -> None:
    n = 2000
    text = "func.func @f() {\n" + "scf.execute_region {\n" * n + "scf.yield\n}\n" * n + "return\n}\n"
    check(text)
    check(text[: len(text) // 2])  # unterminated: a located error


def test_non_utf8_bytes_via_cli() -> None:
    for data in (b"func.func @f() {\n  return\n}\n// \xff\xfe\n",
                 b"func.func @f() {\n  %0 = \"a\xffb\"() : () -> ()\n}\n", b"\xc3\x28", b"\x00\x01\x02"):
        p = run_cli(data)
        err = p.stderr.decode("utf-8", "replace")
        assert p.returncode in (0, 1), err
        assert "Traceback" not in err and "internal error" not in err, err
        if p.returncode:
            assert LOCATED.match(err), err
