"""The output is made and written in pieces (never joined into one string on the CLI path), and
value names are computed one top-level op at a time: the text must stay what mlir-opt prints."""

from __future__ import annotations

import subprocess
import sys

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.syntax import print_output
from asyncgpu_opt.syntax.print_output import final_pieces

# names that repeat across functions (%c0 in each, %c0_0 uniqued inside a nested region), an alias
# used by two functions, block arguments and successors, a multi-result op, nested regions
PROGRAM = """\
#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @f(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
      %x = affine.apply #map(%a)
      %c0_0 = arith.constant 0 : index
      %s = arith.addi %x, %c0_0 : index
      scf.yield %s : index
    }
    cf.br ^bb1(%r : index)
  ^bb1(%y: index):
    return %y : index
  }
  func.func @g(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %0:2 = "test.two"(%c0) ({
    ^bb0(%z: index):
      %c0_1 = arith.constant 0 : index
      "test.yield"(%z, %c0_1) : (index, index) -> ()
    }) : (index) -> (index, index)
    %w = affine.apply #map(%0#1)
    return %w : index
  }
  func.func private @decl(index) -> index
}
"""


@pytest.mark.parametrize("flags", [(), ("--mlir-print-op-generic",), ("--mlir-print-debuginfo",),
                                   ("--mlir-print-local-scope",)])
def test_printed_in_pieces_as_mlir_opt_prints(mlir_opt_ref, flags: tuple[str, ...]) -> None:
    ref = mlir_opt_ref(PROGRAM, "--allow-unregistered-dialect", *flags)
    assert ref.returncode == 0, ref.stderr
    cfg = Config(allow_unregistered=True, generic="--mlir-print-op-generic" in flags,
                 debuginfo="--mlir-print-debuginfo" in flags, local_scope="--mlir-print-local-scope" in flags)
    res = run_opt(PROGRAM, "<stdin>", cfg)
    assert res.exit_code == 0, res.rendered_diagnostics()
    assert res.output == ref.stdout
    if not flags:  # the function bodies come as pieces of their own
        assert len(res.pieces) > 3


def test_split_input_chunks_in_pieces() -> None:
    """Each chunk's pieces, the marker between chunks (also after a chunk that failed)."""
    text = "func.func @f() {\n  return\n}\n// -----\nfunc.func @g(\n// -----\nfunc.func @h() {\n  return\n}\n"
    res = run_opt(text, "t.mlir", Config(split_input_file=True))
    assert res.exit_code == 1
    assert res.output == ("module {\n  func.func @f() {\n    return\n  }\n}\n\n// -----\n// -----\n"
                          "module {\n  func.func @h() {\n    return\n  }\n}\n\n")


def test_distinct_ids_numbered_across_pieces() -> None:
    """In output order: the alias section, the body pieces, the location aliases."""
    body = ["a distinct[7]<1> b distinct[3]<2> {", "distinct[7]<1> distinct[9]<0>}"]
    out = "".join(final_pieces("#x = distinct[9]<0>\n", body, None, "#loc = distinct[4]<5>\n"))
    assert out == ("#x = distinct[0]<0>\na distinct[1]<1> b distinct[2]<2> {distinct[1]<1> distinct[0]<0>}\n"
                   "#loc = distinct[3]<5>\n")


@pytest.mark.parametrize("flags", [{}, {"generic": True}, {"debuginfo": True}, {"local_scope": True}])
def test_spilled_output_is_the_same(monkeypatch, flags: dict) -> None:
    """Region texts spilled to a temporary file come back in place: the same bytes, also across
    --split-input-file chunks."""
    text = PROGRAM + "// -----\n" + PROGRAM
    cfg = dict(allow_unregistered=True, split_input_file=True, **flags)
    kept = run_opt(text, "t.mlir", Config(**cfg))
    assert kept.exit_code == 0, kept.rendered_diagnostics()
    assert isinstance(kept.pieces, list)
    monkeypatch.setattr(print_output, "_SPILL_MIN", 0)
    spilled = run_opt(text, "t.mlir", Config(spill_output_after=0, **cfg))
    if not flags.get("local_scope"):  # (which expands at once: it has no alias section to wait for)
        assert not isinstance(spilled.pieces, list)  # read back when consumed
    assert spilled.output == kept.output
    assert spilled.output == kept.output  # (read once, kept after)


def test_region_texts_spill_any_string(monkeypatch) -> None:
    """Past ``spill_after`` characters held, texts go to the file and come back as they were (lone
    surrogates too: how invalid UTF-8 input is held)."""
    monkeypatch.setattr(print_output, "_SPILL_MIN", 0)
    rt = print_output.RegionTexts()
    rt.spill_after = 4
    inner = rt.add("{\n  \udcff \u00e9 \U0001f600\n}")
    outer = rt.add("{\n  op " + inner + "\n}")
    assert rt.held == len("{\n  \udcff \u00e9 \U0001f600\n}") and rt.spill is not None
    assert "".join(rt.expand("top " + outer)) == "top {\n  op {\n  \udcff \u00e9 \U0001f600\n}\n}"


def test_cli_writes_the_pieces(tmp_path) -> None:
    """``-o FILE`` and stdout get the same bytes as the joined output."""
    src = tmp_path / "in.mlir"
    src.write_text(PROGRAM)
    out = tmp_path / "out.mlir"
    cmd = [sys.executable, "-m", "asyncgpu_opt", str(src), "--allow-unregistered-dialect"]
    to_file = subprocess.run([*cmd, "-o", str(out)], capture_output=True, text=True)
    assert to_file.returncode == 0, to_file.stderr
    to_stdout = subprocess.run(cmd, capture_output=True, text=True)
    expected = run_opt(PROGRAM, str(src), Config(allow_unregistered=True)).output
    assert out.read_text() == to_stdout.stdout == expected
    assert [p for p in tmp_path.iterdir() if p.name.startswith(".asyncgpu-opt-")] == []
