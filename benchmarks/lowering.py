#!/usr/bin/env python3
"""The whole lowering against upstream (issue 8): ``asyncgpu-opt --wait-insertion --gpu-to-runtime``
against upstream ``mlir-opt -gpu-to-llvm`` on the same input (``gen.py gpuasync custom N``).

    python benchmarks/lowering.py [--sizes 10000,100000] [--reps 3] [--ours CMD] [--before CMD]

Whole processes, output to /dev/null (stdout), the tools in turn each repetition.  For each tool:
the best CPU time (user + system: steadier than wall time on a shared machine), the best wall
time, and the peak RSS; ratios are ours / upstream of those bests.  ``--before CMD`` adds another
asyncgpu-opt (e.g. ``/work/main/.venv/bin/asyncgpu-opt``) as a before/after column.  Targets
(issue 8): within 3x upstream's time at 10k and 100k ops, peak memory within 2x at 100k.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Tool, find_mlir_opt, find_ours, first_line, fmt_ratio, fmt_s, md_table, run_once  # noqa: E402
from gen import generate  # noqa: E402

OURS_ARGS = ["--wait-insertion", "--gpu-to-runtime"]
UP_ARGS = ["-gpu-to-llvm"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--ours", default=None, help="command for asyncgpu-opt (default: next to python)")
    ap.add_argument("--before", default=None, help="another asyncgpu-opt command to compare with")
    ap.add_argument("--timeout", type=float, default=600.0)
    a = ap.parse_args()
    tools: list[tuple[Tool, list[str]]] = [(find_ours(a.ours), OURS_ARGS), (find_mlir_opt(), UP_ARGS)]
    if a.before:
        before = find_ours(a.before)
        before.name = "before"
        tools.append((before, OURS_ARGS))
    tmp = Path(tempfile.mkdtemp(prefix="lowering-"))
    rows = []
    for n in (int(s) for s in a.sizes.split(",")):
        text, ops = generate("gpuasync", "custom", n)
        path = tmp / f"gpuasync-{n}.mlir"
        path.write_text(text)
        best: dict[str, tuple[float, float, int] | str] = {}
        for _ in range(a.reps):
            for tool, args in tools:
                if isinstance(best.get(tool.name), str):
                    continue
                r = run_once(tool, [str(path), *args], timeout=a.timeout)
                if not r.ok:
                    best[tool.name] = f"exit {r.returncode}: {first_line(r.stderr)}"
                    continue
                print(f"{n} {tool.name}: {r.cpu_s:.2f} s CPU, {r.seconds:.2f} s wall, {r.maxrss_kib // 1024} MiB",
                      file=sys.stderr)
                old = best.get(tool.name)
                cur = (r.cpu_s, r.seconds, r.maxrss_kib)
                best[tool.name] = cur if not isinstance(old, tuple) else (min(old[0], cur[0]), min(old[1], cur[1]),
                                                                           max(old[2], cur[2]))
        up = best.get("mlir-opt")
        for tool, _ in tools:
            b = best.get(tool.name)
            if not isinstance(b, tuple):
                rows.append([f"{ops:,}", tool.name, str(b), "", "", "", "", ""])
                continue
            ok = isinstance(up, tuple)
            rows.append([f"{ops:,}", tool.name, fmt_s(b[0]), fmt_s(b[1]), f"{b[2] / 1024:.0f}",
                         fmt_ratio(b[0] / up[0]) if ok else "", fmt_ratio(b[1] / up[1]) if ok else "",
                         fmt_ratio(b[2] / up[2]) if ok else ""])
    print(md_table(["ops", "tool", "best CPU s", "best wall s", "peak MiB", "CPU vs upstream",
                    "wall vs upstream", "memory vs upstream"], rows))


if __name__ == "__main__":
    main()
