"""benchmarks/schedule.py runs, and the programs it generates print what the generator computed,
unlowered and through each pipeline (a smoke test on a tiny size; the table is not checked)."""

from __future__ import annotations

import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import schedule  # noqa: E402


def test_generated_programs_print_the_expected_values() -> None:
    tool = [sys.executable, "-m", "asyncgpu_opt"]
    rng = random.Random(3)
    for _ in range(2):
        p = schedule.generate(rng, 10, 4, 8)
        want = schedule._values(p.expected)
        assert want, p.expected
        for text, flags in ((p.sync, []), (p.asyn, []), *((p.sync, f) for _, f in schedule.PIPELINES["sync"]),
                            *((p.asyn, f) for _, f in schedule.PIPELINES["async"])):
            out, st, err, rc = schedule.run(text, flags, tool)
            assert rc == 0, err
            assert schedule._values(out) == want
            assert st["hazards"] == 0 and st["streams_leaked"] == 0 and st["events_leaked"] == 0
