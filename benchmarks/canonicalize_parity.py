"""How many of our MLIR files `--canonicalize` turns into exactly what upstream's `-canonicalize` prints.

    .venv/bin/python benchmarks/canonicalize_parity.py [PATH ...] [--ours CMD] [--verbose] [--markdown FILE]

PATHs are files or directories searched for ``*.mlir`` (default: ``lit_tests`` and ``examples``
of this checkout, which include ``lit_tests/Inputs/seeds``).  Each file is run whole (no
``--split-input-file``) through upstream mlir-opt 22.1.8 (``-canonicalize``) and through ours
(``--canonicalize``); files upstream rejects (invalid on purpose, split files, unknown dialects)
are not counted, nor lit's ``Output`` directories.  A file matches when both succeed and stdout is
byte-identical.  Prints one row per counted file (``--verbose``: the first differing line too) and
the count per directory and in all.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, find_mlir_opt, find_ours, md_table  # noqa: E402


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        p = p.resolve()
        out.extend(sorted(f for f in p.rglob("*.mlir") if "Output" not in f.parts) if p.is_dir() else [p])
    return out


def _run(argv: list[str], env: dict[str, str] | None) -> subprocess.CompletedProcess[str]:
    """(run outside the checkout, so that ``python -m asyncgpu_opt`` under ``--ours`` finds the
    package its PYTHONPATH names, not the one in the current directory)"""
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300, check=False, cwd="/")


def _first_diff(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {i}: upstream `{x.strip()}` / ours `{y.strip()}`"
    return "line counts differ"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(REPO / "lit_tests"), str(REPO / "examples")])
    ap.add_argument("--ours", help="command running asyncgpu-opt (default: this checkout's)")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--markdown", help="also write the table to this file")
    args = ap.parse_args()
    up, ours = find_mlir_opt(), find_ours(args.ours)
    if not up.available or not ours.available:
        print(f"missing tool: mlir-opt {up.note}; asyncgpu-opt {ours.note}", file=sys.stderr)
        return 2
    assert up.argv is not None and ours.argv is not None
    rows: list[list[str]] = []
    per_dir: Counter[str] = Counter()
    same_dir: Counter[str] = Counter()
    for f in _files(args.paths):
        u = _run(up.argv + [str(f), "-canonicalize"], up.env)
        if u.returncode != 0:
            continue
        o = _run(ours.argv + [str(f), "--canonicalize"], ours.env)
        same = o.returncode == 0 and o.stdout == u.stdout
        rel = f.relative_to(REPO) if f.is_relative_to(REPO) else f
        d = str(Path(rel).parent)
        per_dir[d] += 1
        same_dir[d] += same
        note = "" if same else ("error: " + (o.stderr.strip().splitlines() or [""])[0] if o.returncode
                                else _first_diff(u.stdout, o.stdout))
        rows.append([str(rel), "yes" if same else "no", note if args.verbose else ""])
    table = md_table(["file", "identical", "first difference" if args.verbose else ""], rows)
    summary = md_table(["directory", "identical / counted"],
                       [[d, f"{same_dir[d]} / {n}"] for d, n in sorted(per_dir.items())]
                       + [["**all**", f"**{sum(same_dir.values())} / {sum(per_dir.values())}**"]])
    text = f"ours: {shlex.join(ours.argv)}\n\n{table}\n\n{summary}\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
