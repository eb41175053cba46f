"""Input shapes that once grew superlinearly (issue 10) must read, verify and print in linear time.

Each test times the same shape at n and 4n and checks the ratio (linear: about 4; the quadratic and
cubic versions measured 8 to 60 at these sizes), never an absolute time.  CPU time of this process,
best of a few runs, so other load on the machine matters little.
"""

from __future__ import annotations

import time

from asyncgpu_opt.driver import Config, run_opt

MAX_RATIO = 6.0


def _cpu_time(text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        res = run_opt(text, "scale.mlir", Config())
        best = min(best, time.process_time() - t0)
        assert res.exit_code == 0, res.rendered_diagnostics()
    return best


def _ratio(make, n: int) -> float:
    small, large = make(n), make(4 * n)
    _cpu_time(small, 1)  # warm up: dialect imports, format compilation
    return _cpu_time(large, 3) / _cpu_time(small, 3)


def _one_line(n: int) -> str:
    """``n`` ops on a single line (the line cache once split the rest of the line per op)."""
    body = " ".join(f"%{i} = arith.constant {i} : i32" for i in range(n))
    return "func.func @f() { " + body + " return }\n"


def _nested(n: int) -> str:
    """``n`` nested ``scf.execute_region`` (the printer once copied each region's text into every
    enclosing op's text: cubic)."""
    return ("func.func @f() {\n" + "scf.execute_region {\n" * n + "scf.yield\n"
            + "}\nscf.yield\n" * (n - 1) + "}\nreturn\n}\n")


def _top_level_functions(n: int) -> str:
    """``n`` functions without ``module {}`` (moving each into the implicit module once rebuilt
    a block index)."""
    return "".join(f"func.func @f{i}() {{\n  return\n}}\n" for i in range(n))


def test_ops_on_one_line_scale_linearly() -> None:
    r = _ratio(_one_line, 800)
    assert r < MAX_RATIO, r


def test_nested_regions_scale_linearly() -> None:
    r = _ratio(_nested, 250)
    assert r < MAX_RATIO, r


def test_top_level_functions_scale_linearly() -> None:
    r = _ratio(_top_level_functions, 1200)  # small inputs time too briefly to be steady
    assert r < MAX_RATIO, r


def test_shapes_print_as_read() -> None:
    """The fast paths change nothing in the output."""
    out = run_opt(_one_line(3), "x.mlir", Config()).output
    assert out == ("module {\n  func.func @f() {\n    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n    %c2_i32 = arith.constant 2 : i32\n"
                   "    return\n  }\n}\n\n")
    out = run_opt(_nested(2), "x.mlir", Config()).output
    assert out == ("module {\n  func.func @f() {\n    scf.execute_region {\n      scf.execute_region {\n"
                   "        scf.yield\n      }\n      scf.yield\n    }\n    return\n  }\n}\n\n")
    out = run_opt(_top_level_functions(2), "x.mlir", Config()).output
    assert out == ("module {\n  func.func @f0() {\n    return\n  }\n  func.func @f1() {\n    return\n  }\n}\n\n")
