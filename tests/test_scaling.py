"""Input shapes that once grew superlinearly must be handled in linear work (issues 10, 20, 25).

Work is counted, never timed (a time ratio flakes under load):

* the reader and printer (issue 10's shapes): the Python lines a ``run_opt`` executes
  (``sys.settrace``; a C function counts once, whatever it costs inside);
* async-region (issue 20's shapes, ``benchmarks/scaling_shapes.py``): its own counters,
  ``num-footprint-checks`` (pending chains compared with an op's footprint) and
  ``num-token-visits`` (tokens looked at finding implied dependencies), with the ops it made async.

Each is taken at n and 4n: linear work grows about 4x; the quadratic versions grew 8-60x.  The
last test checks that the counters do see a quadratic scan.
"""

from __future__ import annotations

import gc
import os
import re
import sys
import threading

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.passes.pipeline import parse_pipeline

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))

from scaling_shapes import SHAPES  # noqa: E402

MAX_RATIO = 4.6  # per 4x of input (linear: 4, less the fixed part)


def _calls(text: str, config: Config) -> int:
    """Python lines executed reading, running and printing ``text`` (the driver's threads too)."""
    n = 0

    def trace(frame, event, arg):  # noqa: ANN001, ANN202 - sys.settrace's signature
        nonlocal n
        n += 1
        return trace

    gc.collect()
    threading.settrace(trace)
    sys.settrace(trace)
    try:
        res = run_opt(text, "scale.mlir", config)
    finally:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]
    assert res.exit_code == 0, res.rendered_diagnostics()
    return n


def _call_ratio(make, n: int) -> float:
    run_opt(make(n // 2), "warm.mlir", Config())  # dialect imports, format compilation, caches
    return _calls(make(4 * n), Config()) / _calls(make(n), Config())


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


def _blocks(n: int) -> str:
    """``n`` blocks, each a predecessor of the next (the printer once scanned the region for the
    predecessors of each block)."""
    body = "".join(f"^b{i}:\n  cf.br ^b{i + 1}\n" for i in range(n))
    return f"func.func @f() {{\n  cf.br ^b0\n{body}^b{n}:\n  return\n}}\n"


def _many_operands(n: int) -> str:
    """One op with ``n`` operands (the printer once looked each operand up in the operand list)."""
    body = "".join(f"  %t{i} = gpu.wait async\n" for i in range(n))
    return "func.func @f() {\n" + body + "  gpu.wait [" + ", ".join(f"%t{i}" for i in range(n)) + "]\n  return\n}\n"


@pytest.mark.parametrize("make, n", [(_one_line, 200), (_nested, 100), (_top_level_functions, 200),
                                     (_blocks, 200), (_many_operands, 300)],
                         ids=["one-line", "nested", "top-level", "blocks", "many-operands"])
def test_reading_and_printing_is_linear(make, n: int) -> None:
    r = _call_ratio(make, n)
    assert r < MAX_RATIO, r


_STAT = re.compile(r"\(S\)\s+(\d+) (num-[\w-]+)")


def _async_region_counters(text: str) -> dict[str, int]:
    cfg = Config(pipeline=parse_pipeline("builtin.module(func.func(async-region))"), pass_statistics="list")
    res = run_opt(text, "scale.mlir", cfg)
    assert res.exit_code == 0, res.rendered_diagnostics()
    return {name: int(v) for v, name in _STAT.findall(res.stderr_text)}


@pytest.mark.parametrize("shape", sorted(set(SHAPES) - {"deep"}))
def test_async_region_work_is_linear(shape: str) -> None:
    small, large = (_async_region_counters(SHAPES[shape](k)) for k in (100, 400))
    assert large["num-ops-made-async"] > 3 * small["num-ops-made-async"] > 0  # it did the work
    for stat in ("num-footprint-checks", "num-token-visits"):
        assert large[stat] <= MAX_RATIO * max(small[stat], 1), (stat, small[stat], large[stat])


def test_async_region_is_linear_in_nesting_depth() -> None:
    """Issue 25: a launch under n nested ``scf.execute_region`` (the effects of each region op
    were once gathered again at every level)."""
    cfg = Config(pipeline=parse_pipeline("builtin.module(func.func(async-region))"))
    run_opt(SHAPES["deep"](20), "warm.mlir", cfg)
    r = _calls(SHAPES["deep"](400), cfg) / _calls(SHAPES["deep"](100), cfg)
    assert r < MAX_RATIO, r


def test_the_counters_see_a_quadratic_scan(monkeypatch) -> None:
    """Comparing every pending chain with every op (the issue's 62%) shows in num-footprint-checks."""
    from asyncgpu_opt.passes import async_pending

    monkeypatch.setattr(async_pending.Pending, "_candidates", lambda self, fp: dict(self.order))
    small, large = (_async_region_counters(SHAPES["fan"](k)) for k in (100, 400))
    assert large["num-footprint-checks"] > 10 * small["num-footprint-checks"]


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
    out = run_opt(_blocks(1), "x.mlir", Config()).output
    assert out == ("module {\n  func.func @f() {\n    cf.br ^bb1\n  ^bb1:  // pred: ^bb0\n    cf.br ^bb2\n"
                   "  ^bb2:  // pred: ^bb1\n    return\n  }\n}\n\n")
