"""Time the two-matmul example on the sim backend against numpy doing the same arithmetic.

Usage: .venv/bin/python benchmarks/run_sim.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from asyncgpu_opt.driver import Config, run_opt

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    n = ap.parse_args().repeat
    text = (ROOT / "examples/two_matmuls.mlir").read_text()
    sim = []
    for _ in range(n):
        t = time.perf_counter()
        res = run_opt(text, "two_matmuls.mlir", Config(run=True, backend="sim"))
        sim.append(time.perf_counter() - t)
        assert res.exit_code == 0, res.rendered_diagnostics()
    a = np.fromfunction(lambda i, k: (i + k) % 5, (256, 1024)).astype(np.float32)
    b = np.fromfunction(lambda k, j: (k + 2 * j) % 3, (1024, 256)).astype(np.float32)
    ref = []
    for _ in range(n):
        t = time.perf_counter()
        r = a @ b + a @ b
        ref.append(time.perf_counter() - t)
    assert r[0, 0] == 4090
    ms, mr = statistics.median(sim), statistics.median(ref)
    print(f"| approach | seconds (median of {n}) | ratio |")
    print("|---|---|---|")
    print(f"| asyncgpu-opt --run (sim, parse + run) | {ms:.3f} | {ms / mr:.0f}x |")
    print(f"| numpy a@b + a@b (float32) | {mr:.5f} | 1x |")


if __name__ == "__main__":
    main()
