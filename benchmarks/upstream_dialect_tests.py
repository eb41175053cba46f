"""Upstream MLIR's own dialect test files, read by upstream mlir-opt 22.1.8 and by asyncgpu-opt.

Not a CI test (the files are upstream's and are not in this repository): a measurement of issue 10.

    .venv/bin/python benchmarks/upstream_dialect_tests.py --root DIR [--dialects memref,affine] [-v]

DIR holds upstream's tree (``DIR/mlir/test/Dialect/<Dir>/<file>.mlir``): a checkout, an export of a
git mirror (``git --git-dir=M archive llvmorg-22.1.8 mlir/test/Dialect | tar -x -C DIR``) or a cache
of the files.  ``--git GITDIR --rev REV`` reads straight from a bare mirror instead.

Files taken: every ``*.mlir`` of the dialect folders whose first RUN line is a bare
``mlir-opt %s`` with no pass (only the flags in ``_PLAIN_FLAGS``; ``--verify-roundtrip``, which newer
upstream files use instead of ``mlir-opt %s | mlir-opt``, is passed to upstream only).

(a) print parity: files without ``-verify-diagnostics`` that upstream accepts whole (exit 0 with the
    RUN line's flags): our custom output and our ``--mlir-print-op-generic`` output must be
    byte-identical to upstream's.
    A ``-split-input-file`` file upstream rejects whole is compared chunk by chunk instead
    (``p_chunks``: chunks upstream accepts, ``p_same``: printed identically both ways).
(b) ``-verify-diagnostics``: per ``// -----`` chunk, does upstream pass, do we pass; our failures on
    the chunks upstream passes are sorted into kinds (unknown op, missing diagnostic, other text,
    parse error, ...).
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DIALECT_DIRS = {"gpu": "GPU", "async": "Async", "arith": "Arith", "scf": "SCF", "memref": "MemRef",
                "func": "Func", "cf": "ControlFlow", "affine": "Affine", "math": "Math", "llvm": "LLVMIR"}
_PLAIN_FLAGS = {"-split-input-file", "--split-input-file", "-allow-unregistered-dialect",
                "--allow-unregistered-dialect", "-verify-diagnostics", "--verify-diagnostics",
                "-mlir-print-op-generic", "--mlir-print-op-generic", "-mlir-print-local-scope",
                "--mlir-print-local-scope", "-mlir-print-debuginfo", "--mlir-print-debuginfo",
                "-verify-roundtrip", "--verify-roundtrip"}
# Checks upstream makes on top of printing (the output is unchanged): kept for upstream's run, which
# then fails on a file whose printed form does not read back, and dropped from ours.
_UPSTREAM_ONLY = {"-verify-roundtrip", "--verify-roundtrip"}
_SPLIT = re.compile(r"^// -----\s*$", re.M)
TIMEOUT = 60


@dataclass
class Source:
    dialect: str
    path: str            # relative to the root, e.g. mlir/test/Dialect/MemRef/ops.mlir
    text: str
    flags: list[str] = field(default_factory=list)

    @property
    def verify(self) -> bool:
        return any(f.lstrip("-") == "verify-diagnostics" for f in self.flags)


def _run_flags(text: str) -> list[str] | None:
    """Flags of the first RUN line's mlir-opt call, or None when it runs a pass or another tool."""
    lines = []
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if m:
            lines.append(m.group(1).rstrip())
            if not lines[-1].endswith("\\"):
                break
            lines[-1] = lines[-1][:-1]
        elif lines:
            break
    if not lines:
        return None
    cmd = " ".join(lines).split("|")[0]
    try:
        words = shlex.split(cmd)
    except ValueError:
        return None
    if not words or words[0] != "mlir-opt":
        return None
    flags = [w for w in words[1:] if w != "%s"]
    if any(f not in _PLAIN_FLAGS for f in flags):
        return None
    return flags


def collect(root: Path | None, git: str | None, rev: str, dialects: list[str]) -> list[Source]:
    out = []
    for d in dialects:
        folder = f"mlir/test/Dialect/{DIALECT_DIRS[d]}"
        if git:
            names = subprocess.run(["git", "--git-dir", git, "ls-tree", "--name-only", f"{rev}:{folder}"],
                                   capture_output=True, text=True).stdout.split()
            files = {n: subprocess.run(["git", "--git-dir", git, "show", f"{rev}:{folder}/{n}"],
                                       capture_output=True, text=True).stdout
                     for n in names if n.endswith(".mlir")}
        else:
            base = root / folder
            files = {p.name: p.read_text(errors="surrogateescape") for p in sorted(base.glob("*.mlir"))}
        for name, text in sorted(files.items()):
            flags = _run_flags(text)
            if flags is not None:
                out.append(Source(d, f"{folder}/{name}", text, flags))
    return out


def _ours(flags: list[str]) -> list[str]:
    """The RUN line's flags as given to ours (without the upstream-only checks)."""
    return [f for f in flags if f not in _UPSTREAM_ONLY]


def _run(argv: list[str], text: str) -> tuple[int, str, str]:
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run(argv + [f.name], capture_output=True, text=True, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr.replace(f.name, "<file>")
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"
    finally:
        Path(f.name).unlink()


def _kind(stderr: str) -> str:
    """Why our -verify-diagnostics run failed, in the buckets of issue 10."""
    if "internal error" in stderr or "Traceback" in stderr:
        return "internal error"
    if re.search(r"unregistered operation|is unknown|custom op '[^']*' is unknown|unknown op", stderr):
        return "unknown op"
    if "block with no terminator" in stderr:
        return "terminator first"
    unexpected = re.findall(r"unexpected error: (.*)", stderr)
    missing = "was not produced" in stderr
    if unexpected and re.search(r"expected|custom op|invalid|unknown|undefined|parse", unexpected[0]) \
            and "op " not in unexpected[0][:60]:
        return "parse error"
    if missing and unexpected:
        return "different text"
    if missing:
        return "missing diagnostic"
    if unexpected:
        return "unexpected diagnostic"
    return "other"


def parity(src: Source, ours: list[str], ref: list[str]) -> tuple[str, str]:
    """('skip'|'same'|'differ'|'reject', detail) for one whole file."""
    flags = [f for f in src.flags if "print-op-generic" not in f]
    worst = ("same", "")
    for extra in ([], ["--mlir-print-op-generic"]):
        rc, rout, rerr = _run(ref + flags + extra, src.text)
        if rc != 0:
            return "skip", rerr.splitlines()[0] if rerr else ""
        oc, oout, oerr = _run(ours + _ours(flags) + extra, src.text)
        if oc != 0:
            return "reject", (oerr.splitlines() or [""])[0]
        if oout != rout:
            worst = ("differ", "generic" if extra else "custom")
    return worst


def chunk_parity(src: Source, ours: list[str], ref: list[str]) -> list[tuple[int, str, str]]:
    """For a ``-split-input-file`` file upstream rejects whole: (start line, result, detail) of
    each chunk, ``parity``'s verdict on the chunk alone (the chunks upstream accepts still measure
    the printer when one chunk uses an op or dialect upstream's build lacks)."""
    flags = [f for f in src.flags if "split-input-file" not in f]
    return [(start, *parity(Source(src.dialect, src.path, text, flags), ours, ref)) for start, text in chunks(src)]


def chunks(src: Source) -> list[tuple[int, str]]:
    """The file's split chunks, each padded with blank lines so its line numbers are the file's."""
    parts, line = [], 0
    for part in _SPLIT.split(src.text):
        parts.append((line + 1, "\n" * line + part))
        line += part.count("\n")
    return parts


def verify_chunk(src: Source, start: int, text: str, ours: list[str], ref: list[str]) -> tuple:
    flags = [f for f in src.flags if "split-input-file" not in f]
    rc, _, _ = _run(ref + flags, text)
    if rc != 0:
        return src, start, False, False, ""
    oc, _, oerr = _run(ours + _ours(flags), text)
    return src, start, True, oc == 0, ("" if oc == 0 else _kind(oerr))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, help="folder holding mlir/test/Dialect/...")
    ap.add_argument("--git", help="bare git mirror of llvm-project (instead of --root)")
    ap.add_argument("--rev", default="llvmorg-22.1.8")
    ap.add_argument("--dialects", default=",".join(DIALECT_DIRS))
    ap.add_argument("--ours", default=str(REPO / ".venv/bin/asyncgpu-opt"))
    ap.add_argument("--ref", default=str(REPO / "scripts/mlir-opt-ref"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every failing file and chunk")
    a = ap.parse_args(argv)
    if not a.root and not a.git:
        ap.error("give --root or --git")
    ours, ref = shlex.split(a.ours), shlex.split(a.ref)
    srcs = collect(a.root, a.git, a.rev, a.dialects.split(","))
    rows = collections.defaultdict(lambda: collections.Counter())
    kinds = collections.Counter()
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        pfut = {ex.submit(parity, s, ours, ref): s for s in srcs if not s.verify}
        vfut = [ex.submit(verify_chunk, s, st, t, ours, ref) for s in srcs if s.verify for st, t in chunks(s)]
        split = []
        for fut, s in pfut.items():
            res, detail = fut.result()
            rows[s.dialect]["files"] += 1
            rows[s.dialect]["accepted"] += res != "skip"
            rows[s.dialect]["identical"] += res == "same"
            if a.verbose and res in ("differ", "reject"):
                print(f"{s.path}: {res} {detail}")
            if res == "skip" and any("split-input-file" in f for f in s.flags):
                split.append((ex.submit(chunk_parity, s, ours, ref), s))
        for fut, s in split:
            for start, res, detail in fut.result():
                rows[s.dialect]["p_chunks"] += res != "skip"
                rows[s.dialect]["p_same"] += res == "same"
                if a.verbose and res in ("differ", "reject"):
                    print(f"{s.path}:{start}: {res} {detail}")
        for fut in vfut:
            s, start, up, we, kind = fut.result()
            rows[s.dialect]["chunks"] += 1
            rows[s.dialect]["up_pass"] += up
            rows[s.dialect]["both_pass"] += up and we
            if up and not we:
                kinds[kind] += 1
                if a.verbose:
                    print(f"{s.path}:{start}: {kind}")
    cols = ("files", "accepted", "identical", "p_chunks", "p_same", "chunks", "up_pass", "both_pass")
    print("| dialect | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    total = collections.Counter()
    for d in sorted(rows):
        total.update(rows[d])
        print(f"| {d} | " + " | ".join(str(rows[d][c]) for c in cols) + " |")
    print("| total | " + " | ".join(str(total[c]) for c in cols) + " |")
    print(f"\nprint parity: {total['identical']} of {total['accepted']} files upstream accepts")
    print(f"chunk print parity (split files upstream rejects whole): {total['p_same']} of {total['p_chunks']} chunks "
          "upstream accepts")
    print(f"verify-diagnostics: {total['both_pass']} of {total['up_pass']} chunks upstream passes")
    if kinds:
        print("our failures on those: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
