#!/usr/bin/env python3
"""Compare two checkouts' pass outputs byte for byte on every lit input, example and scaling shape.

    python benchmarks/output_diff.py --before OTHER/.venv/bin/python [--before-src DIR]
                                     [--after .venv/bin/python] [--sizes 200] [-v]

Each side runs in one process of its own python (its own ``asyncgpu_opt``; ``--before-src DIR``:
the package found in DIR first, e.g. a ``git archive`` of the base commit) over every input
(``lit_tests/**/*.mlir`` with ``--split-input-file`` where the file is split, ``examples/*.mlir``,
``scaling_shapes.py`` at ``--sizes`` in both launch forms) and every pipeline of ``PIPELINES``, and
reports a digest of (output, diagnostics, exit code) for each.  Prints how many (input, pipeline)
pairs were compared and which differ.  For a change that must not change any output (issue 20).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PIPELINES = [
    "builtin.module(func.func(async-region))",
    "builtin.module(func.func(gpu-async-region))",
    "builtin.module(func.func(async-region{carry-tokens=false}))",
    "builtin.module(canonicalize)",
    "builtin.module(gpu-kernel-outlining)",
    "builtin.module(gpu-kernel-outlining,func.func(async-region),func.func(wait-insertion),gpu-to-runtime)",
]


def inputs(sizes: list[int]) -> list[tuple[str, str]]:
    """(name, text) of every input."""
    out = []
    for p in sorted([*REPO.glob("lit_tests/**/*.mlir"), *REPO.glob("examples/*.mlir")]):
        if "/Output/" not in str(p):
            out.append((str(p.relative_to(REPO)), p.read_text(errors="replace")))
    sys.path.insert(0, str(REPO / "benchmarks"))
    from scaling_shapes import SHAPES

    for n in sizes:
        for shape, make in SHAPES.items():
            for launch in (False, True):
                out.append((f"{shape}-{'launch' if launch else 'func'}-{n}", make(n, launch)))
    return out


def worker(sizes: list[int]) -> None:
    """Print {input|pipeline: digest} for this interpreter's asyncgpu_opt."""
    from asyncgpu_opt.driver import Config, run_opt
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    res = {}
    for name, text in inputs(sizes):
        split = "\n// -----" in text
        for pipe in PIPELINES:
            try:
                r = run_opt(text, name, Config(split_input_file=split, pipeline=parse_pipeline(pipe)))
                blob = f"{r.exit_code}\n{r.output}\n{r.stderr_text}"
            except Exception as e:  # noqa: BLE001 - a crash is an output too
                blob = f"crash {type(e).__name__}: {e}"
            res[f"{name}|{pipe}"] = hashlib.sha256(blob.encode()).hexdigest()
    json.dump(res, sys.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="python of the checkout to compare against")
    ap.add_argument("--before-src", help="directory put first on the before side's PYTHONPATH")
    ap.add_argument("--after", default=sys.executable)
    ap.add_argument("--sizes", default="200")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--before-cache", help="JSON file: the before side's digests, computed once and reused")
    ap.add_argument("-v", action="store_true", help="list the differing pairs")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",") if s]
    if a.worker:
        worker(sizes)
        return
    def digests(py: str, src: str | None) -> dict[str, str]:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(src)} if src else None
        p = subprocess.run([os.path.abspath(py), __file__, "--worker", "--before", "-", "--sizes", a.sizes],
                           capture_output=True, text=True, env=env, cwd="/")
        if p.returncode:
            sys.exit(f"{py}: {p.stderr[-2000:]}")
        return json.loads(p.stdout)

    cache = Path(a.before_cache) if a.before_cache else None
    if cache is not None and cache.exists():
        before = json.loads(cache.read_text())
    else:
        before = digests(a.before, a.before_src)
        if cache is not None:
            cache.write_text(json.dumps(before))
    after = digests(a.after, str(REPO))
    keys = sorted(set(before) | set(after))
    diff = [k for k in keys if before.get(k) != after.get(k)]
    print(f"compared {len(keys)} (input, pipeline) pairs: {len(keys) - len(diff)} identical, {len(diff)} differ")
    if a.v:
        for k in diff:
            print("  differs:", k)


if __name__ == "__main__":
    main()
