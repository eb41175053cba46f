"""Time the two-matmul seed (examples/two_matmuls.mlir at its original size: 256x1024 . 1024x256
twice, 8x8 blocks of 32x32 threads, plus the add) on the sim backend against numpy doing the same
arithmetic.  Prints a markdown table.

Usage: .venv/bin/python benchmarks/run_sim.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from asyncgpu_opt.driver import Config, run_opt

ROOT = Path(__file__).resolve().parent.parent


def _median(fn, n: int) -> float:
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


_NUMPY_1T = """
import statistics, time
import numpy as np
a = np.fromfunction(lambda i, k: (i + k) % 5, (256, 1024)).astype(np.float32)
b = np.fromfunction(lambda k, j: (k + 2 * j) % 3, (1024, 256)).astype(np.float32)
ts = []
for _ in range(30):
    t = time.perf_counter(); r = a @ b + a @ b; ts.append(time.perf_counter() - t)
assert r[0, 0] == 4090
print(statistics.median(ts))
"""


def numpy_one_thread() -> float:
    """numpy with one BLAS thread (a fresh process: the thread count is fixed at import)."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", _NUMPY_1T], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    n = ap.parse_args().repeat
    text = (ROOT / "examples/two_matmuls.mlir").read_text()
    assert "256x1024xf32" in text and "threads in (%c32, %c32, %c1)" in text

    def sim() -> None:
        res = run_opt(text, "two_matmuls.mlir", Config(run=True, backend="sim"))
        assert res.exit_code == 0, res.rendered_diagnostics()
        assert "[[4090,   4096,   4090,   4090]," in res.output

    a = np.fromfunction(lambda i, k: (i + k) % 5, (256, 1024)).astype(np.float32)
    b = np.fromfunction(lambda k, j: (k + 2 * j) % 3, (1024, 256)).astype(np.float32)

    def ref() -> None:
        r = a @ b + a @ b
        assert r[0, 0] == 4090

    sim()  # warm-up: imports, kernel caches are per run anyway
    ref()
    ru0 = resource.getrusage(resource.RUSAGE_SELF)
    ms = _median(sim, n)
    ru1 = resource.getrusage(resource.RUSAGE_SELF)
    mr = _median(ref, max(n, 20))
    m1 = numpy_one_thread()
    sys_frac = (ru1.ru_stime - ru0.ru_stime) / max(ms * n, 1e-9)
    print(f"| approach | seconds (median of {n}) | ratio to numpy |")
    print("|---|---|---|")
    print(f"| asyncgpu-opt --run, sim (parse + run, in-process) | {ms:.3f} | {ms / mr:.0f}x |")
    print(f"| numpy `a@b + a@b` (float32, BLAS default threads) | {mr:.4f} | 1x |")
    print(f"| numpy `a@b + a@b` (float32, 1 BLAS thread) | {m1:.4f} | {m1 / mr:.2f}x (sim is {ms / m1:.0f}x this) |")
    print(f"\nsystem time {100 * sys_frac:.0f}% of wall during the sim runs")


if __name__ == "__main__":
    main()
