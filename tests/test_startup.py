"""Start-up cost of the command line: what a run imports.

The reader's lexemes are pyparsing elements whose compiled patterns it matches raw; beyond
pyparsing (and what pyparsing itself imports), reading, lowering and printing a program load
nothing heavy.  Run in a fresh interpreter, as a user runs the tool."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_PROBE = ("import sys\nfrom asyncgpu_opt.cli import main\ntry:\n    main(sys.argv[1:])\nfinally:\n"
          "    sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n')\n")
# never needed to read, verify, lower and print a program (nor to write it to /dev/null)
_NOT_AT_START_UP = ("unittest", "importlib.resources", "tempfile", "difflib", "json")

PROGRAM = """\
#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @f(%a: i32, %m: memref<4xf32>) -> i32 {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %a, %c1 : i32 // a comment
    %1 = "arith.muli"(%0, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "arith.subi"(%1, %c1) : (i32, i32) -> i32
    %s = "test.unregistered"() {attr = "str\\n", x = 0x1F : i64, f = 1.5e3 : f32} : () -> !test.t<"<>">
    return %2 : i32
  }
}
"""


def _run(*args: str, stdin: str | None = None) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run the CLI in a fresh interpreter; its result and the modules it imported."""
    res = subprocess.run([sys.executable, "-c", _PROBE, *args], input=stdin, capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    head, _, mods = res.stderr.rpartition("\nMODULES ")
    res.stderr = head
    return res, set(mods.split())


def _pyparsing_imports() -> set[str]:
    """The modules a fresh ``import pyparsing`` loads (the reader's lexemes need them)."""
    out = subprocess.run([sys.executable, "-c", "import sys, pyparsing; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


_PYPARSING = _pyparsing_imports()


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules - _PYPARSING
                  if m.split(".")[0] in _NOT_AT_START_UP or m in _NOT_AT_START_UP)


def test_reading_and_printing_imports_nothing_heavy() -> None:
    for flags in ([], ["--mlir-print-op-generic"]):
        res, mods = _run("-", "--allow-unregistered-dialect", *flags, stdin=PROGRAM)
        assert res.returncode == 0, res.stderr
        assert "arith.muli" in res.stdout and "test.unregistered" in res.stdout
        assert "asyncgpu_opt.syntax.parser" in mods  # the probe sees the run's imports
        assert _heavy(mods) == []


def test_lowering_to_dev_null_imports_nothing_heavy() -> None:
    res, mods = _run(str(ROOT / "examples" / "two_matmuls_sync.mlir"), "--async-region", "--wait-insertion",
                     "--gpu-to-runtime", "-o", "/dev/null")
    assert res.returncode == 0, res.stderr
    assert "asyncgpu_opt.passes.gpu_to_runtime" in mods
    assert _heavy(mods) == []


def test_errors_are_located_and_import_nothing_heavy() -> None:
    res, mods = _run("-", stdin="func.func @f() {\n  %0 = arith.addi %x, %x : i32\n  return\n}\n")
    assert res.returncode == 1
    assert res.stderr.startswith("<stdin>:2:19: error: use of undeclared SSA value name")
    assert _heavy(mods) == []


def test_the_reader_matches_the_pyparsing_lexemes() -> None:
    import pyparsing as pp

    from asyncgpu_opt.syntax import lexer as L

    assert isinstance(L.SSA_USE, pp.Regex) and L.SSA_USE.re is L.ssa_use_re and L.WS.re is L.ws_re
    assert L.GENERIC_OP.re is L.generic_op_re()
    assert L.SSA_USE.parse_string("%arg0#2", parse_all=True).as_list() == ["%arg0#2"]
    assert L.WS.parse_string("  // note\n  ").as_list() == ["  // note\n  "]
    ops = L.OP_RESULTS + L.WS + L.GENERIC_OP  # the elements combine like any pyparsing grammar
    text = '%a, %b = "x.y"(%c) : (i32) -> (i32, i32)'
    assert ops.parse_string(text, parse_all=True).as_list() == ["%a, %b =", " ", text[9:]]


def test_records_compare_and_print_like_dataclasses() -> None:
    """The records that replace dataclasses at start-up (``asyncgpu_opt/records.py``) keep a
    dataclass's ``==``, ``repr`` and hashing."""
    from asyncgpu_opt.diagnostics import Diagnostic
    from asyncgpu_opt.dialects.gpu_runtime import CallArg, RuntimeCall
    from asyncgpu_opt.driver import Config
    from asyncgpu_opt.ir.opdef import Arg, single
    from asyncgpu_opt.syntax.format_ast import Lit, Optional_, Var

    assert single("x") == Arg("x", "single") != Arg("x", "variadic")
    assert len({Arg("x", "single"), single("x"), CallArg("ptr", "dst")}) == 2  # frozen: hashable by value
    assert repr(CallArg("bits", "v", (16, 32))) == "CallArg(kind='bits', group='v', widths=(16, 32), type=None)"
    call = RuntimeCall("mgpuMemcpy", (CallArg("ptr", "dst"),))
    assert call == RuntimeCall("mgpuMemcpy", (CallArg("ptr", "dst"),)) and call.stream and not call.null_stream
    assert Diagnostic("error", "m") == Diagnostic("error", "m") != Diagnostic("note", "m")
    assert Diagnostic("error", "m").notes == [] and Diagnostic("error", "m").notes is not Diagnostic("e", "m").notes
    with pytest.raises(TypeError):
        hash(Diagnostic("error", "m"))  # mutable: unhashable, as a dataclass with eq
    opt = Optional_([Lit("(")], Var("a", "operand"))
    opt._then = []  # a cache, not a field
    assert opt == Optional_([Lit("(")], Var("a", "operand"))
    assert repr(opt) == "Optional_(then=[Lit(text='(')], anchor=Var(name='a', kind='operand'), else_=[])"
    assert Lit("(") != "(" and Lit("(") != Var("(", "attr")
    cfg = Config(timing=True)
    assert cfg.timing and not Config().timing and cfg.split_marker == "// -----" and cfg == Config(timing=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'timeing'"):
        Config(timeing=True)
