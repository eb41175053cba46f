"""cf.assert in kernels: where CUDA's message takes its file, line and function from (as upstream's
lowering to __assertfail does), and the sticky error's single warning."""

from __future__ import annotations

import pytest

from asyncgpu_opt.api import parse
from asyncgpu_opt.run.model import StickyError
from asyncgpu_opt.run.semantics.cf import assert_site

_KERNEL = """gpu.module @m {{
  gpu.func @k(%c: i1) kernel {{
    cf.assert %c, "msg" {loc}
    gpu.return
  }}
}}
"""


@pytest.mark.parametrize("loc, site", [
    ("", ("t.mlir", 3, "(unknown)")),
    ('loc("a.cu":12:3)', ("a.cu", 12, "(unknown)")),
    ('loc("fn"("a.cu":7:1))', ("a.cu", 7, "fn")),
    ('loc(callsite(callsite("inner"("in.cu":5:2) at "mid.cu":9:9) at "top.cu":1:1))', ("in.cu", 5, "inner")),
    ('loc("only_a_name")', ("(unknown)", 0, "only_a_name")),
    ("loc(unknown)", ("(unknown)", 0, "(unknown)")),
])
def test_assert_site_from_the_location(loc: str, site: tuple) -> None:
    m = parse(_KERNEL.format(loc=loc), "t.mlir")
    op = next(o for o in m.walk() if o.name == "cf.assert")
    assert assert_site(op.loc) == site


def test_the_sticky_error_is_reported_once() -> None:
    e = StickyError("kernel @m::@k", "t.mlir:9:3")
    first = e.observe("mgpuStreamSynchronize", "t.mlir:10:3")
    assert first is not None and first.startswith("device-side assert triggered: mgpuStreamSynchronize at t.mlir:10:3")
    assert "kernel @m::@k launched at t.mlir:9:3" in first
    assert e.observe("mgpuStreamSynchronize", "t.mlir:11:3") is None
