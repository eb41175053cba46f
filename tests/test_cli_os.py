"""The command line against the operating system: output files, signals, pipes, terminals,
help and shell completion (run as a subprocess, as a user runs it)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = ROOT / "lit_tests" / "CLI" / "Inputs" / "simple.mlir"
BAD = ROOT / "lit_tests" / "CLI" / "Inputs" / "bad-operand.mlir"
EXE = [sys.executable, "-m", "asyncgpu_opt"]


def run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*EXE, *args], capture_output=True, text=True, cwd=ROOT, **kw)


def test_output_keeps_existing_mode(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old\n")
    out.chmod(0o640)
    assert run(str(SIMPLE), "-o", str(out)).returncode == 0
    assert "func.func @simple" in out.read_text()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_new_output_gets_umask_mode(tmp_path: Path) -> None:
    out = tmp_path / "new.mlir"
    old = os.umask(0o027)
    try:
        assert run(str(SIMPLE), "-o", str(out)).returncode == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_output_writes_through_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real" / "target.mlir"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.mlir"
    link.symlink_to(target)
    assert run(str(SIMPLE), "-o", str(link)).returncode == 0
    assert link.is_symlink()
    assert "func.func @simple" in target.read_text()
    assert sorted(p.name for p in target.parent.iterdir()) == ["target.mlir"]  # no temporary left


def test_failure_leaves_output_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old\n")
    assert run(str(BAD), "-o", str(out)).returncode == 1
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.mlir"]


def test_output_to_fifo_is_written_in_place(tmp_path: Path) -> None:
    """A FIFO (as ``/dev/null``, any non-regular file) is written, never replaced by a regular file."""
    import threading

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert run(str(SIMPLE), "-o", str(fifo)).returncode == 0
    reader.join(timeout=60)
    assert "func.func @simple" in got[0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_closed_pipe_is_quiet() -> None:
    big = "".join(f"func.func @f{i}() {{\n  return\n}}\n" for i in range(3000))
    p = subprocess.run(f"{sys.executable} -m asyncgpu_opt - | head -1", shell=True, input=big, text=True,
                       capture_output=True, cwd=ROOT)
    assert p.stdout == "module {\n"
    assert p.stderr == ""


def test_ctrl_c_exits_130_quietly() -> None:
    big = "".join(f"func.func @f{i}() {{\n  return\n}}\n" for i in range(20000))
    p = subprocess.Popen([*EXE, "-", "--canonicalize"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert p.stdin is not None
    p.stdin.write(big)
    p.stdin.close()
    p.stdin = None
    time.sleep(1.5)  # imported and working on the input
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert err == ""


def test_no_colour_in_pipes() -> None:
    p = run(str(BAD))
    assert p.returncode == 1
    assert "\x1b[" not in p.stderr


def test_colour_on_terminal() -> None:
    """On a terminal, mlir-opt's colours: bold location and message, bold red ``error:``, bold
    black ``note:``, bold green caret line; the source line plain."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(ROOT)
        os.environ["TERM"] = "xterm"
        os.execv(sys.executable, [*EXE, str(BAD.relative_to(ROOT))])
    chunks = []
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.waitpid(pid, 0)
    text = b"".join(chunks).decode().replace("\r\n", "\n")
    loc = "lit_tests/CLI/Inputs/bad-operand.mlir:3:8: "
    assert text.startswith(f"\x1b[1m{loc}\x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1m'arith.addi' op operand #0 must be "
                           "signless-integer-like, but got '!gpu.async.token'\n\x1b[0m"
                           "  %0 = arith.addi %t, %t : !gpu.async.token\n\x1b[0;1;32m       ^\n\x1b[0m")
    assert f"\x1b[1m{loc}\x1b[0m\x1b[0;1;30mnote: \x1b[0m\x1b[1msee current operation: " in text


def test_help_lists_pass_options_without_metavar() -> None:
    p = run("--help")
    assert p.returncode == 0
    assert "OPTIONS" not in p.stdout.split("\n", 1)[1]  # (the usage line's [OPTIONS] aside)
    line = next(ln for ln in p.stdout.splitlines() if ln.strip().startswith("--gpu-to-runtime"))
    assert line.split()[0] == "--gpu-to-runtime"
    assert "stream-pool=<bool>" in p.stdout
    assert "docs/passes.md" in p.stdout


def test_shell_completion_completes_files(tmp_path: Path) -> None:
    env = dict(os.environ, _ASYNCGPU_OPT_COMPLETE="bash_complete", COMP_WORDS="asyncgpu-opt exa", COMP_CWORD="1")
    p = subprocess.run([*EXE], capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0
    assert p.stdout.splitlines()[0].startswith("file")
    env["COMP_WORDS"] = "asyncgpu-opt --mlir-print-op-gen"
    p = subprocess.run([*EXE], capture_output=True, text=True, cwd=ROOT, env=env)
    assert "plain,--mlir-print-op-generic" in p.stdout.splitlines()


def test_cuda_backend_without_cuda_python_names_the_extra(tmp_path: Path) -> None:
    shadow = tmp_path / "cuda"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("")  # a `cuda` package without `cuda.bindings`
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    p = run(str(ROOT / "examples" / "vector_add.mlir"), "--run", "--backend", "cuda", env=env)
    assert p.returncode == 1
    assert "pip install 'asyncgpu-opt[cuda]'" in p.stderr
    assert p.stdout == ""
