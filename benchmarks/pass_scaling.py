#!/usr/bin/env python3
"""Each pass and the whole pipeline on program shapes of N units, N = 500, 2,000, 10,000 (issue 20).

    python benchmarks/pass_scaling.py [--sizes 500,2000,10000] [--quick] [--shapes chain,fan]
                                      [--passes async-region,pipeline] [--reps 1] [--timeout 300]
                                      [--skip-upstream] [--markdown FILE]

The shapes are those of ``scaling_shapes.py`` (``deep`` runs at 0.3 N nesting levels: upstream
overflows its stack near 4,000).  Each pass runs as a whole process (``-o /dev/null``; CPU time of
the child, best of ``--reps``), ours against upstream mlir-opt 22.1.8's counterpart on the same
input:

  pass            ours                                input                    upstream
  async-region    --async-region                      sync, gpu.launch_func    -gpu-async-region
  wait-insertion  --wait-insertion                    ours after async-region  (none)
  gpu-to-runtime  --gpu-to-runtime                    ours after async-region  -gpu-to-llvm on its own
                                                                               -gpu-async-region output
  canonicalize    --canonicalize                      sync, gpu.launch_func    -canonicalize
  outlining       --gpu-kernel-outlining              sync, gpu.launch         -gpu-kernel-outlining
  pipeline        --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime
                                                      sync, gpu.launch         -gpu-kernel-outlining
                                                                               -gpu-async-region -gpu-to-llvm

(upstream's ``-gpu-to-llvm`` runs with ``-verify-each=false``: its output launches a kernel whose
``gpu.func`` still takes memrefs, which the verifier refuses until the kernel module is compiled.)

The table gives the CPU seconds at each N, ``x/4x``: the growth per 4x of input between
consecutive sizes ((t2/t1) ** (ln 4 / ln(n2/n1)); linear: 4, the issue's bound: 5.5) and ``/up``:
ours over upstream's time at each N.  A run over ``--timeout`` shows as ``>T`` and skips the larger
sizes of that row.  A benchmark, never a test: ``tests/test_scaling.py`` counts work instead.
``make bench-scaling`` runs it at the issue's sizes; ``--quick`` at N = 100, 400.
"""
from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import OUT, Tool, find_mlir_opt, find_ours, first_line, md_table, run_once  # noqa: E402
from scaling_shapes import SHAPES  # noqa: E402

PIPELINE = ["--gpu-kernel-outlining", "--async-region", "--wait-insertion", "--gpu-to-runtime"]


@dataclass(frozen=True)
class PassSpec:
    ours: list[str]
    launch: bool  # input written with gpu.launch (to outline)
    after_ours: bool  # input: ours after --async-region (upstream: its own -gpu-async-region output)
    upstream: list[str] | None


PASSES: dict[str, PassSpec] = {
    "async-region": PassSpec(["--async-region"], False, False, ["-gpu-async-region"]),
    "wait-insertion": PassSpec(["--wait-insertion"], False, True, None),
    "gpu-to-runtime": PassSpec(["--gpu-to-runtime"], False, True, ["-gpu-to-llvm", "-verify-each=false"]),
    "canonicalize": PassSpec(["--canonicalize"], False, False, ["-canonicalize"]),
    "outlining": PassSpec(["--gpu-kernel-outlining"], True, False, ["-gpu-kernel-outlining"]),
    "pipeline": PassSpec(PIPELINE, True, False,
                         ["-gpu-kernel-outlining", "-gpu-async-region", "-gpu-to-llvm", "-verify-each=false"]),
}


def shape_size(shape: str, n: int) -> int:
    return max(1, int(n * 0.3)) if shape == "deep" else n


def _input(shape: str, n: int, launch: bool) -> Path:
    p = OUT / "scaling" / f"{shape}-{'launch' if launch else 'func'}-{n}.mlir"
    if not p.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(SHAPES[shape](n, launch))
    return p


def _derived(tool: Tool, src: Path, args: list[str], tag: str, timeout: float) -> Path | None:
    """``tool src args -o OUT`` once (kept under benchmarks/out/scaling), or None when it fails."""
    dst = src.with_name(f"{src.stem}.{tag}.mlir")
    if dst.exists():
        return dst
    tmp = dst.with_suffix(".tmp")
    r = run_once(tool, [str(src), *args, "-o", str(tmp)], timeout=timeout)
    if not r.ok:
        print(f"  {tag} of {src.name} failed: {first_line(r.stderr)}", file=sys.stderr)
        return None
    tmp.rename(dst)
    return dst


def _time(tool: Tool, args: list[str], reps: int, timeout: float) -> float | str:
    """Best CPU seconds of ``reps`` runs, ``'>T'`` on a timeout, ``'fails'`` on an error."""
    best = math.inf
    for _ in range(reps):
        r = run_once(tool, [*args, "-o", "/dev/null"], timeout=timeout)
        if not r.ok:
            if r.stderr.startswith("timeout"):
                return f">{timeout:.0f}"
            print(f"  {tool.name} {' '.join(args)}: {first_line(r.stderr)}", file=sys.stderr)
            return "fails"
        best = min(best, r.cpu_s)
    return best


def growth(n1: int, t1: float, n2: int, t2: float) -> float:
    """Time growth per 4x of input between two sizes."""
    return (t2 / t1) ** (math.log(4) / math.log(n2 / n1))


def _fmt(x: float | str | None) -> str:
    if x is None:
        return "-"
    return x if isinstance(x, str) else f"{x:.2f}"


def measure(shape: str, pname: str, sizes: list[int], ours: Tool, up: Tool | None, reps: int,
            timeout: float) -> list[str]:
    spec = PASSES[pname]
    times: dict[str, list[float | str | None]] = {"ours": [], "up": []}
    for who, tool in (("ours", ours), ("up", up)):
        if tool is None or (who == "up" and spec.upstream is None):
            times[who] = [None] * len(sizes)
            continue
        stop = False
        for n in sizes:
            if stop:
                times[who].append(None)
                continue
            src: Path | None = _input(shape, shape_size(shape, n), spec.launch)
            if spec.after_ours:
                maker, args = (ours, ["--async-region"]) if who == "ours" else (up, ["-gpu-async-region"])
                src = _derived(maker, src, args, f"{who}-async", timeout * 2)
            if src is None:
                times[who].append("n/a")
                stop = True
                continue
            args = spec.ours if who == "ours" else spec.upstream
            t = _time(tool, [str(src), *args], reps, timeout)
            print(f"  {shape} {pname} {who} N={n}: {_fmt(t)}", file=sys.stderr)
            times[who].append(t)
            stop = isinstance(t, str)
    row = [shape, pname] + [_fmt(t) for t in times["ours"]]
    ns = [shape_size(shape, n) for n in sizes]
    for i in range(len(sizes) - 1):
        a, b = times["ours"][i], times["ours"][i + 1]
        row.append(f"{growth(ns[i], a, ns[i + 1], b):.2f}" if isinstance(a, float) and isinstance(b, float) else "-")
    for t, u in zip(times["ours"], times["up"]):
        row.append(f"{t / u:.1f}" if isinstance(t, float) and isinstance(u, float) and u > 0 else _fmt(u))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="500,2000,10000")
    ap.add_argument("--quick", action="store_true", help="N = 100, 400")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--passes", default=",".join(PASSES))
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per run")
    ap.add_argument("--skip-upstream", action="store_true")
    ap.add_argument("--ours", help="command for asyncgpu-opt (default: next to this python)")
    ap.add_argument("--markdown", help="also write the table to this file")
    a = ap.parse_args()
    sizes = [100, 400] if a.quick else [int(s) for s in a.sizes.split(",")]
    ours = find_ours(a.ours)
    up = None if a.skip_upstream else find_mlir_opt()
    if up is not None and not up.available:
        print(f"upstream mlir-opt: {up.note}; its columns stay empty", file=sys.stderr)
        up = None
    rows = []
    for shape in a.shapes.split(","):
        for pname in a.passes.split(","):
            rows.append(measure(shape, pname, sizes, ours, up, a.reps, a.timeout))
    heads = ["shape", "pass"] + [f"s N={n:,}" for n in sizes]
    heads += [f"x/4x {m:,}->{n:,}" for m, n in zip(sizes, sizes[1:])]
    heads += [f"/up N={n:,}" for n in sizes]
    table = md_table(heads, rows)
    print(table)
    if a.markdown:
        Path(a.markdown).write_text(table + "\n")


if __name__ == "__main__":
    main()
