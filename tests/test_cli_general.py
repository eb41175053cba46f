"""mlir-opt 22's general options and MLIR bytecode, as a user runs them (the CLI in a subprocess)
and as the reader/writer are used in-process (round trips, varints, corrupt input)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from asyncgpu_opt.diagnostics import MLIRError, Source
from asyncgpu_opt.driver import Config, _ChunkRun
from asyncgpu_opt.syntax.bytecode_reader import _Cursor, read_bytecode
from asyncgpu_opt.syntax.bytecode_writer import varint, write_bytecode
from asyncgpu_opt.syntax.printer import print_module

ROOT = Path(__file__).resolve().parent.parent
EXE = [sys.executable, "-m", "asyncgpu_opt"]
PROGRAMS = [ROOT / "examples" / "two_matmuls.mlir", ROOT / "examples" / "vector_add.mlir",
            ROOT / "lit_tests" / "CLI" / "Inputs" / "locations.mlir",
            ROOT / "lit_tests" / "Interop" / "Inputs" / "general-options.mlir"]
TWO_FUNCS = ROOT / "lit_tests" / "CLI" / "Inputs" / "two-funcs.mlir"


def run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*EXE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, **kw)


def _module(path: Path):
    return _ChunkRun(Source(path.read_text(), path.name), Config()).parse()


@pytest.mark.parametrize("value", [0, 1, 127, 128, 300, (1 << 14) - 1, 1 << 14, (1 << 56) - 1, 1 << 56, (1 << 64) - 1])
def test_varint_reads_back(value: int) -> None:
    enc = varint(value)
    assert _Cursor(enc).varint() == value
    assert len(enc) == next(n for n in range(1, 10) if n == 9 or value < 1 << (7 * n))


def test_varint_spelling() -> None:
    """PrefixVarInt as BytecodeFormat.md spells it: the low bits count the extra bytes."""
    assert varint(0) == b"\x01"
    assert varint(2) == b"\x05"
    assert varint(128) == b"\x02\x02"
    assert varint(1 << 64 - 1)[0] == 0


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.name)
@pytest.mark.parametrize("version", range(7))
def test_bytecode_round_trip(path: Path, version: int) -> None:
    """Written and read back, every version prints the same IR (locations included)."""
    module = _module(path)
    data = write_bytecode(module, version)
    assert data.startswith(b"ML\xefR")
    (back,) = read_bytecode(data, "x.mlirbc")
    assert print_module(back, debuginfo=True) == print_module(module, debuginfo=True)


def test_bytecode_mutants_give_located_errors() -> None:
    """Corrupt bytecode (flipped, dropped, truncated bytes) reads or fails with a located error,
    never anything else."""
    data = write_bytecode(_module(PROGRAMS[0]))
    rng = random.Random(24)
    errors = 0
    for _ in range(300):
        b = bytearray(data)
        kind = rng.randrange(3)
        i = rng.randrange(4, len(b))
        if kind == 0:
            b[i] = rng.randrange(256)
        elif kind == 1:
            del b[i:i + rng.randrange(1, 8)]
        else:
            del b[i:]
        try:
            read_bytecode(bytes(b), "m.mlirbc")
        except MLIRError as ex:
            errors += 1
            assert str(ex.diagnostic.loc) == "m.mlirbc:0:0"
    assert errors > 100


def test_cli_bytecode_pipe_and_split() -> None:
    bc = subprocess.run([*EXE, str(TWO_FUNCS), "--emit-bytecode"], capture_output=True, cwd=ROOT, timeout=120)
    assert bc.returncode == 0 and bc.stdout.startswith(b"ML\xefR")
    back = subprocess.run([*EXE, "-", "--split-input-file"], input=bc.stdout, capture_output=True, cwd=ROOT,
                          timeout=120)
    assert back.returncode == 0
    assert back.stdout.decode() == run(str(TWO_FUNCS)).stdout


def test_unregistered_op_in_bytecode_needs_the_flag(tmp_path: Path) -> None:
    src = tmp_path / "u.mlir"
    src.write_text('"test.op"() : () -> ()\n')
    bc = subprocess.run([*EXE, str(src), "--allow-unregistered-dialect", "--emit-bytecode"], capture_output=True,
                        cwd=ROOT, timeout=120).stdout
    p = subprocess.run([*EXE, "-"], input=bc, capture_output=True, cwd=ROOT, timeout=120)
    assert p.returncode == 1
    assert b"<stdin>:0:0: error: operation 'test.op' is unregistered" in p.stderr
    assert b"Traceback" not in p.stderr


def test_pass_plugin_registers_a_pass(tmp_path: Path) -> None:
    plugin = tmp_path / "plugin.py"
    plugin.write_text(
        "import dataclasses\nfrom typing import ClassVar\nimport asyncgpu_opt\n\n"
        "@asyncgpu_opt.register_pass\n@dataclasses.dataclass(frozen=True)\n"
        "class Mark(asyncgpu_opt.Pass):\n"
        "    name: ClassVar[str] = 'mark-funcs'\n    anchor: ClassVar[str] = 'func.func'\n"
        "    summary: ClassVar[str] = 'Mark every function'\n"
        "    def apply(self, op):\n"
        "        from asyncgpu_opt.ir.attributes import UnitAttr\n"
        "        op.attributes['marked'] = UnitAttr()\n        return True\n")
    p = run(str(TWO_FUNCS), f"--load-pass-plugin={plugin}", "--mark-funcs")
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("attributes {marked}") == 2
    bad = run(str(TWO_FUNCS), "--load-pass-plugin=/nonexistent/libPlugin.so")
    assert bad.returncode == 1
    assert "Failed to load passes from '/nonexistent/libPlugin.so'. Request ignored." in bad.stderr


def test_help_list_is_the_help() -> None:
    assert run("--help-list").stdout == run("--help").stdout
    assert "--verify-roundtrip" in run("--help-hidden").stdout


def test_timing_json_tree() -> None:
    p = run(str(TWO_FUNCS), "--pass-pipeline=builtin.module(func.func(gpu-async-region),canonicalize)",
            "--mlir-timing", "--mlir-timing-display=tree", "--mlir-output-format=json", "-o", "/dev/null")
    assert p.returncode == 0, p.stderr
    entries = json.loads(p.stderr)
    names = [e.get("name") for e in entries]
    assert names[0] == "Parser" and names[-2:] == ["Rest", "Total"]
    nested = next(e for e in entries if e.get("name") == "'func.func' Pipeline")
    assert [e.get("name") for e in nested["passes"] if e] == ["GpuAsyncRegionPass"]


def test_profile_actions_is_a_chrome_trace(tmp_path: Path) -> None:
    out = tmp_path / "trace.json"
    p = run(str(TWO_FUNCS), "--gpu-async-region", "--canonicalize", f"--profile-actions-to={out}", "-o", "/dev/null")
    assert p.returncode == 0, p.stderr
    events = json.loads(out.read_text())
    # the func.func adaptor around the pass on each of the two functions, then the canonicalizer
    assert [e["ph"] for e in events] == ["B", "B", "E", "B", "E", "E", "B", "E"]
    assert "running `mlir::detail::OpToOpPassAdaptor` on Operation `builtin.module`" in events[0]["args"]["desc"]
    assert "running `Canonicalizer` on Operation `builtin.module`" in events[6]["args"]["desc"]
    assert [e["ts"] for e in events] == sorted(e["ts"] for e in events)


def test_debug_counter_skips_passes() -> None:
    skipped = run(str(TWO_FUNCS), "--gpu-async-region", "--mlir-debug-counter=pass-execution-skip=1",
                  "--mlir-print-debug-counter")
    assert skipped.returncode == 0
    assert skipped.stderr.endswith("DebugCounter counters:\npass-execution                  : {1,1,-1}\n")


def test_generate_reproducer_runs_back(tmp_path: Path) -> None:
    repro = tmp_path / "repro.mlir"
    direct = run(str(TWO_FUNCS), "--gpu-async-region", f"--mlir-generate-reproducer={repro}")
    assert direct.returncode == 0
    assert "mlir_reproducer" in repro.read_text()
    again = run(str(repro), "--run-reproducer")
    assert again.returncode == 0 and again.stdout == direct.stdout


def test_remarks_yaml_file(tmp_path: Path) -> None:
    out = tmp_path / "r.yaml"
    p = run(str(TWO_FUNCS), "--remark-format=yaml", f"--remarks-output-file={out}", "-o", "/dev/null")
    assert p.returncode == 0 and out.exists() and out.read_text() == ""


def test_irdl_and_dialect_plugins_say_why_not(tmp_path: Path) -> None:
    irdl = tmp_path / "d.irdl.mlir"
    irdl.write_text("")
    p = run(str(TWO_FUNCS), f"--irdl-file={irdl}")
    assert p.returncode == 1 and "IRDL dialects are not supported" in p.stderr
    p = run(str(TWO_FUNCS), "--load-dialect-plugin=libX.so")
    assert p.returncode == 1 and "Failed to load dialect plugin from 'libX.so'. Request ignored." in p.stderr


def test_verify_roundtrip_and_unsafe_parse() -> None:
    assert run(str(PROGRAMS[0]), "--verify-roundtrip").returncode == 0
    bad = ROOT / "lit_tests" / "CLI" / "Inputs" / "bad-operand.mlir"
    verified = run(str(bad))
    unverified = run(str(bad), "--mlir-very-unsafe-disable-verifier-on-parsing")
    assert verified.returncode == 1
    assert unverified.returncode != 0 or unverified.stdout  # no verifier: the parse alone decides
