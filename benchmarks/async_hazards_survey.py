#!/usr/bin/env python3
"""Survey of ``--async-hazards`` on the repository's MLIR files (issue 22's oracles).

For every ``.mlir`` file under the given paths (default: ``examples/`` and ``lit_tests/``), each
``// -----`` chunk that parses and verifies is checked:

* ``static``: ``--async-hazards`` on the chunk as written (errors = hazards reported);
* ``lowered``: ``--gpu-to-runtime --async-hazards`` (our lowering must add no hazard);
* ``run``: where the chunk has ``@main`` and its file runs (``RUN:`` line with ``--run``), ``--run``
  before lowering; a chunk ``--run`` finds clean must get no static error before or after lowering.

Prints the counts and every disagreement.  Usage:
    .venv/bin/python benchmarks/async_hazards_survey.py [PATH ...] [--verbose]
"""

from __future__ import annotations

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, _ROOT)

from asyncgpu_opt.driver import Config, run_opt  # noqa: E402
from asyncgpu_opt.passes.pipeline import parse_pipeline  # noqa: E402


def _opt(text: str, name: str, passes: str | None, run: bool = False) -> tuple[int, str]:
    cfg = Config(pipeline=parse_pipeline(f"builtin.module({passes})") if passes else None, run=run,
                 backend="sim", output_split_marker="// -----")
    r = run_opt(text, name, cfg)
    return r.exit_code, r.rendered_diagnostics() + r.stderr_text


# the hazards of --run the static pass looks for (not: out-of-bounds, device access to host
# memory, races between the threads of one kernel, runtime API misuse)
_IN_SCOPE = ("error: data race:", "error: use after free:", "error: host read without synchronization:",
             "error: double free:")


def chunks(path: str) -> list[str]:
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        text = fh.read()
    return text.split("\n// -----\n") if "// -----" in text else [text]


def survey(paths: list[str], verbose: bool = False) -> dict[str, int]:
    counts = {"chunks": 0, "valid": 0, "static_errors": 0, "static_warnings": 0, "lowered": 0, "lowered_errors": 0,
              "run_clean": 0, "run_clean_static_errors": 0, "run_clean_lowered_errors": 0,
              "run_hazards": 0, "run_hazards_static_silent": 0}
    files = []
    for p in paths:
        if os.path.isfile(p):
            files.append(p)
        for d, _, fs in os.walk(p):
            files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".mlir")]
    for f in sorted(files):
        with open(f, encoding="utf-8", errors="surrogateescape") as fh:
            head = fh.read(4000)
        runs = "--run" in head or f.startswith(os.path.join(_ROOT, "examples")) or "examples/" in f
        for i, chunk in enumerate(chunks(f)):
            counts["chunks"] += 1
            name = f"{f}#{i}"
            rc, _ = _opt(chunk, name, None)
            if rc:
                continue
            counts["valid"] += 1
            src, serr = _opt(chunk, name, "async-hazards")
            counts["static_errors"] += src != 0
            counts["static_warnings"] += ": warning: " in serr
            lrc, lerr = _opt(chunk, name, "gpu-to-runtime")
            low_rc, low_err = (None, "")
            if lrc == 0:
                counts["lowered"] += 1
                low_rc, low_err = _opt(chunk, name, "gpu-to-runtime,async-hazards")
                counts["lowered_errors"] += low_rc != 0
            if verbose and (src or low_rc or ": warning: " in serr):
                print(f"== {name}: static {src}, lowered {low_rc}\n{serr}{low_err}")
            if not (runs and "@main" in chunk):
                continue
            rrc, rerr = _opt(chunk, name, None, run=True)
            if "error: --run" in rerr or "internal error" in rerr:
                continue  # does not run (needs inputs, a GPU ...)
            if rrc == 0:
                counts["run_clean"] += 1
                if src:
                    counts["run_clean_static_errors"] += 1
                    print(f"!! {name}: --run clean, static error\n{serr}")
                if low_rc:
                    counts["run_clean_lowered_errors"] += 1
                    print(f"!! {name}: --run clean, error after our lowering\n{low_err}")
            elif any(k in rerr for k in _IN_SCOPE):
                counts["run_hazards"] += 1
                if not src:
                    counts["run_hazards_static_silent"] += 1
                    print(f"!! {name}: --run finds hazards, static silent\n{rerr}")
    return counts


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    res = survey(args or [os.path.join(_ROOT, "examples"), os.path.join(_ROOT, "lit_tests")],
                 verbose="--verbose" in sys.argv)
    for k, v in res.items():
        print(f"{k:28} {v}")
