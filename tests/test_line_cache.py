"""The reader's line cache (syntax/line_cache.py) must read exactly what the general path reads:
the same IR (printed custom and generic) or the same error at the same place, on every lit input
and on cases built to hit a cached line with an error or a forward reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from asyncgpu_opt.diagnostics import MLIRError, Source
from asyncgpu_opt.ir.verifier import verify
from asyncgpu_opt.syntax.parser import Parser, parse_source
from asyncgpu_opt.syntax.printer import print_module

ROOT = Path(__file__).resolve().parent.parent


def read(text: str, cached: bool) -> tuple[str, Parser | None]:
    """Printed IR (custom + generic) of each verified top-level op, or the rendered error."""
    holder: list[Parser] = []

    def hook(p: Parser) -> None:
        p.use_line_cache = cached
        holder.append(p)

    try:
        ops, parser = parse_source(Source(text, "t.mlir"), True, hook=hook)
    except MLIRError as e:
        return "error: " + e.diagnostic.render(), holder[0]
    out = []
    for op in ops:
        try:
            verify(op)
        except MLIRError as e:
            out.append("verify error: " + e.diagnostic.render())
            continue
        out.append(print_module(op))
        out.append(print_module(op, generic=True))
    return "\n".join(out), parser


def chunks() -> list[pytest.param]:
    out = []
    for path in sorted((ROOT / "lit_tests").rglob("*.mlir")):
        if "Output" in path.parts:  # lit's scratch files
            continue
        for i, chunk in enumerate(path.read_text().split("// -----")):
            out.append(pytest.param(chunk, id=f"{path.relative_to(ROOT / 'lit_tests')}#{i}"))
    return out


@pytest.mark.parametrize("text", chunks())
def test_lit_inputs_read_the_same(text: str) -> None:
    assert read(text, True)[0] == read(text, False)[0]


CASES = {
    "undefined value on a cached line": """
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %zz : i32
  return %1 : i32
}""",
    "type mismatch on a cached line": """
func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %b : i32
  return %1 : i32
}""",
    "redefinition on a cached line": """
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}""",
    "forward reference defined by a cached line": """
func.func @f(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %x = arith.addi %y, %a : i32
  %z = arith.addi %a, %a : i32
  return %x : i32
^bb2:
  %y = arith.addi %a, %a : i32
  cf.br ^bb1
}""",
    "forward reference with another type": """
func.func @f(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %x = arith.addi %y, %y : i64
  %z = arith.addi %a, %a : i32
  return %a : i32
^bb2:
  %y = arith.addi %a, %a : i32
  cf.br ^bb1
}""",
    "same skeleton continued on the next line": """
func.func @f() {
  %t0 = gpu.wait async
  %t1 = gpu.wait async
    [%t0]
  %t2 = gpu.wait async
  gpu.wait [%t1, %t2]
  return
}""",
    "result numbers": """
func.func @f() -> i32 {
  %r:2 = "test.two"() : () -> (i32, i32)
  %s = arith.addi %r#0, %r#1 : i32
  %u = arith.addi %r#1, %r#0 : i32
  %v = arith.addi %r#1, %r#2 : i32
  return %s : i32
}""",
    "unnamed results and comments": """
func.func @f(%a: index) {
  arith.addi %a, %a : index
  %0 = arith.addi %a, %a : index  // a comment
  %1 = arith.addi %a, %a : index
  %2 = arith.addi %a, %a : index loc("x.py":1:2)
  %3 = arith.addi %1, %2 : index
  return
}""",
    "scopes: names shadowed in nested regions are errors": """
func.func @f(%a: index, %n: index) {
  %0 = arith.addi %a, %a : index
  scf.for %i = %a to %n step %a {
    %1 = arith.addi %i, %a : index
    %0 = arith.addi %i, %a : index
  }
  return
}""",
    "values from enclosing regions": """
func.func @f(%a: index, %n: index) -> index {
  %0 = arith.addi %a, %a : index
  %r = scf.for %i = %a to %n step %a iter_args(%x = %0) -> (index) {
    %1 = arith.addi %x, %0 : index
    %2 = arith.addi %1, %i : index
    scf.yield %2 : index
  }
  return %r : index
}""",
    "default dialect changes the op": """
func.func @f() {
  return
}
func.func @g() {
  return
}
gpu.module @m {
  gpu.func @k() kernel {
    return
  }
}""",
    "uses looked up out of text order (insertvalue), both undefined": """
llvm.func @f(%v: i64, %s: !llvm.struct<(i64, i64)>) -> !llvm.struct<(i64, i64)> {
  %0 = llvm.insertvalue %v, %s[0] : !llvm.struct<(i64, i64)>
  %1 = llvm.insertvalue %v, %0[1] : !llvm.struct<(i64, i64)>
  %2 = llvm.insertvalue %w, %t[1] : !llvm.struct<(i64, i64)>
  llvm.return %2 : !llvm.struct<(i64, i64)>
}""",
    "uses looked up out of text order (insertvalue)": """
llvm.func @f(%v: i64, %s: !llvm.struct<(i64, i64)>) -> !llvm.struct<(i64, i64)> {
  %0 = llvm.insertvalue %v, %s[0] : !llvm.struct<(i64, i64)>
  %1 = llvm.insertvalue %v, %0[0] : !llvm.struct<(i64, i64)>
  %2 = llvm.insertvalue %v, %1[0] : !llvm.struct<(i64, i64)>
  llvm.return %2 : !llvm.struct<(i64, i64)>
}""",
    "a definition whose result count is wrong": """
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1, %2 = arith.addi %a, %a : i32
  return
}""",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_crafted_cases_read_the_same(name: str) -> None:
    text = CASES[name]
    assert read(text, True)[0] == read(text, False)[0]


def test_cache_is_used_for_repeated_line_shapes() -> None:
    out, parser = read(CASES["values from enclosing regions"], True)
    assert "error" not in out
    records = [r for r in parser._line_cache.values() if r is not False]
    assert records, "no line was built from the cache"


# ----- generated programs: token graphs, their lowering, and broken variants -------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_token_graphs import _opt, graphs  # noqa: E402


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(allow_regions=True), st.integers(0, 10_000))
def test_generated_programs_read_the_same(g, seed: int) -> None:
    """Random token graphs (loops, ifs, forks, joins), their gpu-to-runtime lowering (llvm ops),
    and a variant with one SSA use renamed to an undefined or differently typed value."""
    lowered = _opt(g.text, ["gpu-to-runtime"])
    assert lowered.exit_code == 0, lowered.rendered_diagnostics()
    texts = [g.text, lowered.output]
    for text in list(texts):
        uses = [m.start() for m in __import__("re").finditer(r"(?<=[ (\[,])%[A-Za-z_0-9]+", text)]
        if uses:
            at = uses[seed % len(uses)]
            end = at + 1
            while end < len(text) and (text[end].isalnum() or text[end] == "_"):
                end += 1
            bad = "%nope" if seed % 2 else ("%c0" if text[at:end] != "%c0" else "%v")
            texts.append(text[:at] + bad + text[end:])
    for text in texts:
        assert read(text, True)[0] == read(text, False)[0], text
