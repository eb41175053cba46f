#!/usr/bin/env python3
"""Input shapes that once went superlinear (issue 10), ours against upstream mlir-opt, at 1x/2x/4x.

    python benchmarks/input_shapes.py [--scale 1.0] [--reps 2] [--shapes one-line,nested,top-level]

Shapes (the size is the 1x size, times --scale):
  one-line   10,000 `arith.constant` ops on ONE line inside one function
  nested     750 nested `scf.execute_region` ops (upstream 22.1.8 overflows its stack near 4,000)
  top-level  100,000 functions without `module {}` (about 3.2 MB)

Each tool parses, verifies and prints each input (whole process, stdout to /dev/null; the best of
--reps runs by CPU time (user + system, steadier than wall time on a shared machine), its wall time
and peak RSS).  The table gives ours/upstream CPU time at each size and t(4x)/t(1x) per tool
(linear: about 4).  Targets (issue 10): every shape linear, within 10x of
upstream's time and under 1 GB.  A benchmark, never a timed test (tests/test_scaling.py checks the
ratio at small sizes).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import find_mlir_opt, find_ours, first_line, fmt_mib, fmt_ratio, fmt_s, md_table, run_once  # noqa: E402


def one_line(n: int) -> str:
    body = " ".join(f"%{i} = arith.constant {i} : i32" for i in range(n))
    return "func.func @f() { " + body + " return }\n"


def nested(n: int) -> str:
    return ("func.func @f() {\n" + "scf.execute_region {\n" * n + "scf.yield\n"
            + "}\nscf.yield\n" * (n - 1) + "}\nreturn\n}\n")


def top_level(n: int) -> str:
    return "".join(f"func.func @f{i}() {{\n  return\n}}\n" for i in range(n))


SHAPES = {"one-line": (one_line, 10_000), "nested": (nested, 750), "top-level": (top_level, 100_000)}


def best(tool, path: str, reps: int, timeout: float):
    """Best (wall s, peak KiB) of ``reps`` runs, or an error text."""
    runs = []
    for _ in range(reps):
        r = run_once(tool, [path], timeout=timeout)
        if not r.ok:
            return None, f"exit {r.returncode}: {first_line(r.stderr)}"
        runs.append(r)
    r = min(runs, key=lambda r: r.cpu_s)
    return r, ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every 1x size")
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--ours", default=None, help="command for asyncgpu-opt (default: next to python)")
    a = ap.parse_args()
    ours, up = find_ours(a.ours), find_mlir_opt()
    rows = []
    tmp = tempfile.mkdtemp(prefix="shapes-")
    for shape in a.shapes.split(","):
        make, base = SHAPES[shape]
        t1 = {}
        for mult in (1, 2, 4):
            n = int(base * a.scale) * mult
            path = str(Path(tmp) / f"{shape}-{n}.mlir")
            text = make(n)
            Path(path).write_text(text)
            res = {}
            for tool in (ours, up):
                r, err = best(tool, path, a.reps, a.timeout)
                res[tool.name] = (r, err)
                if r is not None and mult == 1:
                    t1[tool.name] = r.cpu_s
                print(f"{shape} n={n} {tool.name}: {fmt_s(r.cpu_s) + ' s CPU' if r else err}", file=sys.stderr)
            (ro, eo), (ru, eu) = res[ours.name], res[up.name]
            rows.append([shape, f"{n:,}", f"{len(text) / 1e6:.1f} MB",
                         fmt_s(ro.cpu_s) if ro else eo, fmt_s(ru.cpu_s) if ru else eu,
                         fmt_ratio(ro.cpu_s / ru.cpu_s) if ro and ru else "n/a",
                         fmt_s(ro.seconds) if ro else "", fmt_s(ru.seconds) if ru else "",
                         fmt_mib(ro.maxrss_kib / 1024) if ro else "", fmt_mib(ru.maxrss_kib / 1024) if ru else "",
                         fmt_ratio(ro.cpu_s / t1[ours.name]) if ro and ours.name in t1 else "",
                         fmt_ratio(ru.cpu_s / t1[up.name]) if ru and up.name in t1 else ""])
    print(md_table(["shape", "n", "input", "ours CPU s", "upstream CPU s", "ours/upstream", "ours wall s",
                    "upstream wall s", "ours MiB", "upstream MiB",
                    "ours t/t(1x)", "upstream t/t(1x)"], rows))


if __name__ == "__main__":
    main()
