#!/usr/bin/env python3
"""Stream/event/sync counts of our gpu-to-runtime vs upstream gpu-to-llvm on the seed programs,
and pass time of --wait-insertion --gpu-to-runtime at 10k and 100k ops.

    python benchmarks/pass_stats.py [--sizes 10000,100000] [--no-time]

Static counts: `llvm.call @mgpu*` in the lowered IR (ours: `asyncgpu-opt -gpu-to-runtime`;
upstream: `scripts/mlir-opt-ref -gpu-to-llvm`, 22.1.8).  "left" = gpu host ops or
unrealized casts on tokens still in the output (upstream leaves unlowerable ops in place, rc=0).
Dynamic counts (ours only; upstream cannot run here: no libcuda): `--run --run-stats`.
A destroy count above the create count is a double destroy; below it, a leak.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OURS = REPO / ".venv" / "bin" / "asyncgpu-opt"
REF = REPO / "scripts" / "mlir-opt-ref"
SEEDS = REPO / "lit_tests" / "Inputs" / "seeds"
DRIVERS = REPO / "lit_tests" / "Run" / "Inputs"

# seed file -> (how to run it with --run: file, extra args)
RUNNABLE = {
    "seed000_launch_chain": (DRIVERS / "seed000_driver.mlir", []),
    "seed001a_alloc_dealloc": (None, []),
    "seed001b_memcpy_two_deps": (None, []),
    "seed001c_memcpy_alloca": (None, []),
    "seed001d_after_async_region": (None, []),
    "seed001e_single_stream": (None, []),
    "seed001f_multi_stream": (None, []),
    "seed002_matmul_sum": (DRIVERS / "seed002_driver.mlir", []),
    "seed003_wait_join": (None, ["-e", "fork"]),
    "seed004_multi_dep_launch": (DRIVERS / "seed004_driver.mlir", []),
}
_GPU_LEFT = re.compile(r"\bgpu\.(wait|alloc|dealloc|memcpy|memset)\b|gpu\.launch_func (async|@)")


def static_counts(ir: str) -> dict[str, int]:
    def n(fn: str) -> int:
        return len(re.findall(rf"llvm\.call @{fn}\(", ir))

    return {
        "streams+": n("mgpuStreamCreate"), "streams-": n("mgpuStreamDestroy"),
        "events+": n("mgpuEventCreate"), "events-": n("mgpuEventDestroy"),
        "syncs": n("mgpuStreamSynchronize") + n("mgpuEventSynchronize"),
        "left": len(_GPU_LEFT.findall(ir)),
    }


def run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=1800)


def ours_static(path: Path) -> tuple[dict[str, int] | None, str]:
    r = run([str(OURS), str(path), "-gpu-to-runtime"])
    if r.returncode:
        return None, r.stderr.strip().splitlines()[0] if r.stderr else "error"
    return static_counts(r.stdout), ""


def upstream_static(path: Path) -> tuple[dict[str, int] | None, str]:
    if not REF.exists():
        return None, "mlir-opt-ref missing"
    r = run([str(REF), str(path), "-gpu-to-llvm"])
    if r.returncode:
        msg = next((ln for ln in r.stderr.splitlines() if "error" in ln), "error")
        return None, msg.split("error: ", 1)[-1][:70]
    return static_counts(r.stdout), ""


def ours_dynamic(seed: str) -> dict | None:
    f, extra = RUNNABLE[seed]
    f = f or SEEDS / f"{seed}.mlir"
    with tempfile.NamedTemporaryFile(suffix=".json") as tf:
        run([str(OURS), str(f), *extra, "--wait-insertion", "--gpu-to-runtime", "--run", "--run-stats", tf.name])
        # the stats are written even when the run reports hazards (non-zero exit): they count them
        text = Path(tf.name).read_text()
        return json.loads(text) if text.strip() else None


def fmt(c: dict[str, int] | None, err: str) -> list[str]:
    if c is None:
        return ["—"] * 6 + [f"**error**: {err}"]
    notes = []
    if c["streams-"] < c["streams+"]:
        notes.append(f"**{c['streams+'] - c['streams-']} stream leak(s)**")
    if c["streams-"] > c["streams+"]:
        notes.append("**double destroy**")
    if c["events-"] < c["events+"]:
        notes.append("**event leak**")
    if c["left"]:
        notes.append(f"**{c['left']} gpu op(s) left**")
    return [str(c[k]) for k in ("streams+", "streams-", "events+", "events-", "syncs", "left")] + \
        ["; ".join(notes) or "ok"]


def md(headers: list[str], rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def seed_tables() -> str:
    heads = ["seed", "tool", "streams+", "streams−", "events+", "events−", "host syncs", "gpu ops left", "verdict"]
    rows = []
    dyn_rows = []
    for seed in RUNNABLE:
        p = SEEDS / f"{seed}.mlir"
        u, ue = upstream_static(p)
        o, oe = ours_static(p)
        rows.append([seed, "upstream 22.1.8 `-gpu-to-llvm`", *fmt(u, ue)])
        rows.append(["", "ours `-gpu-to-runtime`", *fmt(o, oe)])
        d = ours_dynamic(seed)
        if d is None:
            dyn_rows.append([seed, "run failed"] + [""] * 6)
        else:
            dyn_rows.append([seed] + [str(d[k]) for k in (
                "streams_created", "streams_destroyed", "events_created", "events_destroyed", "host_syncs",
                "streams_leaked", "hazards")])
    s = "### Static counts (`llvm.call @mgpu*` in the lowered IR)\n\n" + md(heads, rows)
    s += ("\n\n### Dynamic counts, ours (`--wait-insertion --gpu-to-runtime --run --run-stats`; seeds 000/002/004 "
          "through their drivers, 003 `-e fork`)\n\n")
    s += md(["seed", "streams created", "destroyed", "events created", "destroyed", "host syncs", "leaked",
             "hazards"], dyn_rows)
    return s


def pass_times(sizes: list[int]) -> str:
    rows = []
    base = None
    for n in sizes:
        f = REPO / "benchmarks" / "out" / f"gpuasync-custom-{n}.mlir"
        if not f.exists():
            f.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, str(REPO / "benchmarks" / "gen.py"), "gpuasync", "custom", str(n), str(f)],
                           check=True)
        r = run([str(OURS), str(f), "--wait-insertion", "--gpu-to-runtime", "--mlir-timing", "-o", "/dev/null"])
        t = {}
        for ln in r.stderr.splitlines():
            m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(\S.*)$", ln)
            if m:
                t[m.group(2).strip()] = float(m.group(1))
        wi, g2r = t.get("WaitInsertionPass", 0.0), t.get("GpuToRuntimePass", 0.0)
        tot = wi + g2r
        ratio = "" if base is None else f"{tot / base:.1f}×"
        base = base or tot
        rows.append([f"{n:,}", f"{wi:.2f}", f"{g2r:.2f}", f"{tot:.2f}", f"{t.get('Parser', 0):.2f}", ratio])
    return md(["ops (gen.py gpuasync custom)", "wait-insertion (s)", "gpu-to-runtime (s)", "passes (s)",
               "parse (s)", f"passes vs {sizes[0]:,}"], rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--no-time", action="store_true")
    ap.add_argument("--no-seeds", action="store_true")
    a = ap.parse_args()
    if not a.no_seeds:
        print(seed_tables())
    if not a.no_time:
        print("\n### Pass time (`--mlir-timing`, one run each)\n")
        print(pass_times([int(x) for x in a.sizes.split(",")]))


if __name__ == "__main__":
    main()
