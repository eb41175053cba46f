#!/usr/bin/env python3
"""Parse + print round trip, whole process: asyncgpu-opt vs upstream mlir-opt vs xdsl-opt.

    python benchmarks/parse_print.py [--sizes 1000,10000,100000] [--reps 5] [--skip-xdsl]
                                     [--inputs arith-custom,gpu-mixed] [--markdown FILE] [--in-process]

Every tool parses the file and prints it (no passes), stdout to /dev/null.  All tools on one input
are timed in the same call, interleaved, so the "vs" ratios are paired (median of per-repetition
ratios).  See benchmarks/README.md for the columns and the method.
"""
from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common as C  # noqa: E402
import gen  # noqa: E402

# input name -> {tool name: (kind, form)}.  Tools not listed get the "*" entry.
# xdsl-opt has no custom syntax for gpu ops, so for gpuasync-custom it gets the same IR with the
# gpu ops in generic form (gpuasync-mixed); its row is marked with "†".
INPUTS: dict[str, dict[str, tuple[str, str]]] = {
    "arith-custom": {"*": ("arith", "custom")},
    "arith-generic": {"*": ("arith", "generic")},
    "arith-mixed": {"*": ("arith", "mixed")},
    "gpu-mixed": {"*": ("gpu", "mixed")},
    "gpuasync-custom": {"*": ("gpuasync", "custom"), "xdsl-opt": ("gpuasync", "mixed")},
    "gpuasync-generic": {"*": ("gpuasync", "generic")},
}
DEFAULT_INPUTS = "arith-custom,arith-generic,gpu-mixed,gpuasync-custom"


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def input_file(kind: str, form: str, n: int) -> tuple[Path, int]:
    """Generate (or reuse) benchmarks/out/KIND-FORM-N.mlir; return (path, op count)."""
    C.OUT.mkdir(parents=True, exist_ok=True)
    p = C.OUT / f"{kind}-{form}-{n}.mlir"
    meta = p.with_suffix(".ops")
    src = Path(gen.__file__)
    if p.exists() and meta.exists() and p.stat().st_mtime >= src.stat().st_mtime:
        return p, int(meta.read_text())
    # Generate in a child process: building a 100k-op text in this process would raise its RSS, and
    # a vfork'ed child's ru_maxrss starts at the parent's RSS (see common.run_once).
    r = subprocess.run([sys.executable, str(src), kind, form, str(n), str(p)], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"gen.py failed: {r.stderr}")
    cnt = int(r.stderr.split(": ", 1)[1].split(" ops")[0])
    meta.write_text(str(cnt))
    return p, cnt


def empty_module() -> Path:
    C.OUT.mkdir(parents=True, exist_ok=True)
    p = C.OUT / "empty.mlir"
    p.write_text("module {}\n")
    return p


def size_label(n: int) -> str:
    return f"{n // 1000}k" if n % 1000 == 0 and n >= 1000 else str(n)


# --------------------------------------------------------------------------- whole process
def bench_sizes(tools, sizes, inputs, reps, xdsl_reps, warmup, timeout):
    """Returns (rows, medians) where medians[(input, tool)][n] = (seconds, ops)."""
    ours, mlir, xdsl = tools
    rows = []
    medians: dict[tuple[str, str], dict[int, tuple[float, int]]] = {}
    for n in sizes:
        for name in inputs:
            spec = INPUTS[name]
            series = []
            counts = {}
            for t in (ours, mlir, xdsl):
                if t is None:
                    continue
                kind, form = spec.get(t.name, spec["*"])
                path, cnt = input_file(kind, form, n)
                s = C.Series(t, [str(path)], max_runs=(xdsl_reps if t.name == "xdsl-opt" else None))
                if (kind, form) != spec["*"]:
                    s.label = f"† {kind}-{form}"
                counts[t.name] = cnt
                series.append(s)
            log(f"[{size_label(n)} {name}] " + ", ".join(
                f"{s.tool.name}({'ok' if s.tool.available else 'n/a'})" for s in series))
            C.paired(series, reps, warmup=warmup, timeout=timeout,
                     progress=lambda s, r: log(f"    {s.tool.name:13s} {r.seconds:8.3f} s "
                                               f"{r.maxrss_kib / 1024:6.0f} MiB"))
            by = {s.tool.name: s for s in series}
            for s in series:
                cnt = counts[s.tool.name]
                med = s.median
                if med is not None:
                    medians.setdefault((name, s.tool.name), {})[n] = (med, cnt)
                vs_x = C.paired_ratio(s, by["xdsl-opt"]) if "xdsl-opt" in by else None
                vs_m = C.paired_ratio(s, by["mlir-opt"]) if "mlir-opt" in by else None
                note = s.error or s.label
                if not s.error and s.runs:
                    note = (note + "; " if note else "") + f"{len(s.runs)} runs"
                rows.append([size_label(n), name, s.tool.name, str(cnt), C.fmt_s(med),
                             C.fmt_rate(cnt / med if med else None),
                             "1" if s.tool.name == "xdsl-opt" and med else C.fmt_ratio(vs_x),
                             "1" if s.tool.name == "mlir-opt" and med else C.fmt_ratio(vs_m),
                             C.fmt_mib(s.peak_mib), note])
    return rows, medians


def linearity_rows(medians, sizes):
    """t(100k)/t(10k) (or the two largest sizes) per input and tool: ratio of medians, not paired."""
    big = sorted(sizes)
    if len(big) < 2:
        return []
    lo, hi = big[-2], big[-1]
    rows = []
    for (name, tool), d in sorted(medians.items()):
        if lo in d and hi in d:
            (t_lo, c_lo), (t_hi, c_hi) = d[lo], d[hi]
            marg = (t_hi - t_lo) / (c_hi - c_lo) * 1e6 if c_hi != c_lo else None
            rows.append([name, tool, f"{t_hi / t_lo:.2f}", f"{c_hi / c_lo:.2f}",
                         "n/a" if marg is None else f"{marg:.1f}"])
    return rows, lo, hi


def bench_startup(tools, reps, timeout):
    empty = empty_module()
    py = C.Tool("python -c pass", [sys.executable, "-c", "pass"])
    series = [C.Series(py, [])] + [C.Series(t, [str(empty)]) for t in tools if t is not None]
    log(f"[start-up] module {{}} x {reps}")
    C.paired(series, reps, warmup=1, timeout=timeout)
    by = {s.tool.name: s for s in series}
    rows = []
    for s in series:
        med = s.median
        rows.append([s.tool.name, "n/a" if med is None else f"{med * 1000:.0f}",
                     C.fmt_ratio(C.paired_ratio(s, by[py.name])),
                     C.fmt_ratio(C.paired_ratio(s, by["mlir-opt"])) if "mlir-opt" in by else "–",
                     C.fmt_ratio(C.paired_ratio(s, by["xdsl-opt"])) if "xdsl-opt" in by else "–",
                     C.fmt_mib(s.peak_mib), s.error or ""])
    return rows


# --------------------------------------------------------------------------- in-process
def bench_in_process(sizes, inputs, reps):
    """Time asyncgpu_opt.driver.run_opt(text, filename, config) in this process.

    Reports whole-call time and, if the Result carries a `timings` mapping (phase -> seconds),
    the median of each phase.  Returns rows, or a one-row error table if the API is missing."""
    if str(C.REPO) not in sys.path:
        sys.path.append(str(C.REPO))   # uninstalled checkout; an installed package still wins
    t0 = time.perf_counter()
    try:
        from asyncgpu_opt import driver  # type: ignore
        run_opt = driver.run_opt
        Config = driver.Config
    except Exception as e:  # noqa: BLE001 - API may not exist yet
        return [["–", "–", "n/a", "n/a", "", f"import failed: {type(e).__name__}: {e}"[:120]]]
    imp = time.perf_counter() - t0
    rows = [["–", "(import asyncgpu_opt.driver)", f"{imp:.3f}", "–", "", "first import in this process"]]
    for n in sizes:
        for name in inputs:
            kind, form = INPUTS[name]["*"]
            path, cnt = input_file(kind, form, n)
            text = path.read_text()
            times, phases, err = [], {}, ""
            for i in range(reps + 1):       # first call is a warm-up
                try:
                    cfg = Config()
                    if hasattr(cfg, "timing"):
                        try:
                            cfg.timing = True
                        except Exception:  # noqa: BLE001
                            pass
                    gc.collect()
                    t = time.perf_counter()
                    res = run_opt(text, str(path), cfg)
                    dt = time.perf_counter() - t
                except Exception as e:  # noqa: BLE001
                    err = f"exception: {type(e).__name__}: {e}"
                    break
                code = getattr(res, "exit_code", 0)
                if code:
                    diags = getattr(res, "diagnostics", "")
                    if not isinstance(diags, str):
                        diags = str(diags[0]) if diags else ""
                    err = f"exit_code {code}: {C.first_line(diags)}"
                    break
                if i == 0:
                    continue
                times.append(dt)
                tm = getattr(res, "timings", None)
                if isinstance(tm, dict):
                    for k, v in tm.items():
                        if isinstance(v, (int, float)):
                            phases.setdefault(k, []).append(float(v))
            med = statistics.median(times) if times and not err else None
            ph = ", ".join(f"{k} {statistics.median(v):.3f} s "
                           f"({C.fmt_rate(cnt / max(statistics.median(v), 1e-9))} ops/s)"
                           for k, v in phases.items())
            rows.append([size_label(n), name, C.fmt_s(med), C.fmt_rate(cnt / med if med else None), ph,
                         err[:120] or f"{len(times)} runs"])
            log(f"[in-process {size_label(n)} {name}] {C.fmt_s(med)} s {err}")
    return rows


# --------------------------------------------------------------------------- main
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000,100000", help="comma-separated op counts")
    ap.add_argument("--inputs", default=DEFAULT_INPUTS, help=f"comma-separated, from {','.join(INPUTS)}")
    ap.add_argument("--reps", type=int, default=5, help="timed repetitions per tool (default 5)")
    ap.add_argument("--xdsl-reps", type=int, default=None, help="cap xdsl-opt repetitions (slow at 100k)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs per tool before timing (default 1)")
    ap.add_argument("--startup-reps", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per process before it counts as failed")
    ap.add_argument("--skip-xdsl", action="store_true", help="do not run xdsl-opt (~60 s a run at 100k)")
    ap.add_argument("--skip-mlir", action="store_true")
    ap.add_argument("--skip-startup", action="store_true")
    ap.add_argument("--ours", default=None, help="command for asyncgpu-opt (default: auto-discover)")
    ap.add_argument("--in-process", action="store_true",
                    help="also time asyncgpu_opt.driver.run_opt in this process")
    ap.add_argument("--rss-via-time", action="store_true",
                    help="measure peak RSS with /usr/bin/time -f %%M (adds ~1 ms per run) instead of wait4")
    ap.add_argument("--markdown", metavar="FILE", help="write the tables as markdown to FILE")
    a = ap.parse_args(argv)

    if a.rss_via_time:
        if not Path(C.TIME).exists():
            ap.error(f"{C.TIME} not found")
        C.RSS_VIA_TIME = True
    sizes = [int(s) for s in a.sizes.split(",") if s]
    inputs = [s for s in a.inputs.split(",") if s]
    bad = [s for s in inputs if s not in INPUTS]
    if bad:
        ap.error(f"unknown inputs {bad}; choose from {list(INPUTS)}")

    ours = C.find_ours(a.ours)
    mlir = None if a.skip_mlir else C.find_mlir_opt()
    xdsl = None if a.skip_xdsl else C.find_xdsl()
    tools = (ours, mlir, xdsl)
    for t in tools:
        if t is not None:
            log(f"{t.name}: {' '.join(t.argv) if t.argv else '-'}  ({t.note})")

    out = [f"# Parse/print benchmark\n\n{C.machine_info()}. Whole process, stdout to /dev/null, "
           f"{a.reps} paired repetitions (median), warm-up {a.warmup}.\n"]
    hdr_tools = ", ".join(f"{t.name}: `{' '.join(t.argv) if t.argv else 'n/a'}`" for t in tools if t)
    out.append(f"Tools: {hdr_tools}.\n")

    rows, medians = bench_sizes(tools, sizes, inputs, a.reps, a.xdsl_reps, a.warmup, a.timeout)
    out.append("## Round trip (parse + print)\n")
    out.append("Ratios are this tool's time / the column tool's time, median of per-repetition "
               "ratios from the same call (< 1 means faster).\n")
    out.append(C.md_table(["N", "input", "tool", "ops", "median s", "ops/s", "vs xdsl-opt",
                           "vs mlir-opt", "peak MiB", "note"], rows))
    if any("†" in r[-1] for r in rows):
        out.append("\n† xdsl-opt has no custom syntax for gpu ops; it ran the same IR with gpu ops "
                   "in generic form (the file named in the note).")
    lin = linearity_rows(medians, sizes)
    if lin and lin[0]:
        lrows, lo, hi = lin
        out.append(f"\n## Linearity ({size_label(hi)} vs {size_label(lo)})\n")
        out.append(f"Ratio of medians from different calls (not paired). Goal for asyncgpu-opt: "
                   f"t({size_label(hi)})/t({size_label(lo)}) ≤ 1.1 × the op ratio.\n")
        out.append(C.md_table(["input", "tool", f"t({size_label(hi)})/t({size_label(lo)})", "op ratio",
                               "marginal µs/op"], lrows))
    if not a.skip_startup:
        srows = bench_startup(tools, a.startup_reps, a.timeout)
        out.append(f"\n## Start-up (`module {{}}`, median of {a.startup_reps}, paired)\n")
        out.append(C.md_table(["command", "median ms", "vs python -c pass", "vs mlir-opt", "vs xdsl-opt",
                               "peak MiB", "note"], srows))
    if a.in_process:
        irows = bench_in_process(sizes, inputs, a.reps)
        out.append(f"\n## In-process `asyncgpu_opt.driver.run_opt` (median of {a.reps}, after 1 warm-up)\n")
        out.append(C.md_table(["N", "input", "median s", "ops/s", "phases (median)", "note"], irows))

    text = "\n".join(out) + "\n"
    print(text)
    if a.markdown:
        Path(a.markdown).write_text(text)
        log(f"wrote {a.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
