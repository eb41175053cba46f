"""Mutation fuzzer: no input may end in a traceback, an internal error, a hang or a non-located error.

Seeds are the project's own MLIR files (``lit_tests/**/*.mlir``, ``examples/*.mlir``).  Each mutant
is a seed with 1-4 token-level mutations (delete / duplicate / swap / replace a token, drop or
duplicate a line, truncate, change a number, a type or a keyword), run in a worker process through
``driver.run_opt`` under one of several configurations: parse and print (custom and generic form),
the lowering pipeline ``async-region,wait-insertion,gpu-to-runtime``, and ``--run``.

A finding is: an ``internal error`` diagnostic, an exception escaping ``run_opt``, an exit code other
than 0/1, an error without a ``file:line:col`` location, or a mutant that runs longer than the
timeout (a hang).  Usage::

    python benchmarks/fuzz.py --mutants 2000 --seed 1 [--timeout 10] [--jobs 2] [--show 5]

Exit code 1 when anything was found (findings are printed with the mutant text).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOKEN = re.compile(r"%[\w.$#-]+|\^[\w.$-]+|@[\w.$-]+|#[\w.$-]+|![\w.$-]+|\"(?:[^\"\\\n]|\\.)*\""
                   r"|-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|[A-Za-z_][\w.$]*|->|::|\S")
LOCATED = re.compile(r"^[^\n]*:\d+:\d+: (error|warning|note): ", re.M)
REPLACEMENTS = ["%0", "%arg0", "^bb1", "@main", "index", "i1", "i32", "f32", "i64", "memref<4xf32>",
                "memref<?xf32>", "!gpu.async.token", "async", "[", "]", "(", ")", "{", "}", "<", ">", ",", ":",
                "=", "->", "0", "-1", "99999999999999999999", "1.5", "true", "gpu.wait", "gpu.alloc",
                "gpu.memcpy", "gpu.launch_func", "scf.yield", "return", "loc(unknown)", "#map", "dense<1.0>",
                "\"s\"", "host_shared", "x", "?", "@k::@k", "threads", "blocks", "in", "to", "step"]
SUMMARY = re.compile(r"\d+ hazards? detected")  # --run's closing count, not a diagnostic of its own
CONFIGS = ("print", "generic", "lower", "run")


def seeds() -> list[tuple[str, str]]:
    """(name, text) of every seed file, without its comment lines (lit RUN/CHECK lines)."""
    out = []
    for base in ("lit_tests", "examples"):
        for p in sorted((ROOT / base).rglob("*.mlir")):
            if "Output" in p.parts:
                continue
            try:
                lines = p.read_text().split("\n")
                # comments (RUN/CHECK lines) only dilute the mutations; split markers stay
                text = "\n".join(ln for ln in lines if not ln.lstrip().startswith("//") or ln.startswith("// -----"))
                out.append((str(p.relative_to(ROOT)), text))
            except UnicodeDecodeError:
                continue
    return out


def mutate(text: str, rng: random.Random) -> str:
    """Apply 1-4 random token- or line-level mutations."""
    for _ in range(rng.randint(1, 4)):
        toks = [m for m in TOKEN.finditer(text)]
        if not toks:
            return text
        kind = rng.choice(["delete", "dup", "swap", "replace", "replace", "line_drop", "line_dup", "truncate",
                           "number"])
        m = rng.choice(toks)
        if kind == "delete":
            text = text[: m.start()] + text[m.end():]
        elif kind == "dup":
            text = text[: m.end()] + " " + m.group() + text[m.end():]
        elif kind == "swap":
            n = rng.choice(toks)
            a, b = sorted((m, n), key=lambda t: t.start())
            if a.end() <= b.start():
                text = text[: a.start()] + b.group() + text[a.end(): b.start()] + a.group() + text[b.end():]
        elif kind == "replace":
            text = text[: m.start()] + rng.choice(REPLACEMENTS) + text[m.end():]
        elif kind in ("line_drop", "line_dup"):
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            if kind == "line_drop":
                del lines[i]
            else:
                lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif kind == "truncate":
            text = text[: m.end()]
        else:
            nums = [t for t in toks if t.group()[:1].isdigit() or t.group()[:1] == "-"]
            if nums:
                n = rng.choice(nums)
                number = rng.choice([0, 1, 2, 3, 7, 64, -1, 2**31, 2**63, 2**64])
                text = text[: n.start()] + str(number) + text[n.end():]
    return text


@dataclass
class Finding:
    kind: str
    config: str
    seed: str
    detail: str
    text: str


def _config(kind: str):
    from asyncgpu_opt.driver import Config
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    if kind == "print":
        return Config(split_input_file=True, allow_unregistered=True)
    if kind == "generic":
        return Config(split_input_file=True, generic=True, debuginfo=True)
    if kind == "lower":
        return Config(split_input_file=True,
                      pipeline=parse_pipeline("builtin.module(gpu-kernel-outlining,func.func(async-region),"
                                                        "wait-insertion,gpu-to-runtime)"))
    return Config(split_input_file=True, run=True, backend="sim",
                  pipeline=parse_pipeline("builtin.module(gpu-kernel-outlining,func.func(async-region),"
                                                   "gpu-to-runtime)"))


def check_one(text: str, kind: str) -> tuple[str, str] | None:
    """Run one mutant; return (finding kind, detail) or None."""
    import io
    from contextlib import redirect_stdout

    from asyncgpu_opt.driver import run_opt

    try:
        with redirect_stdout(io.StringIO()):
            res = run_opt(text, "fuzz.mlir", _config(kind))
    except BaseException as e:  # noqa: BLE001 - that is the finding
        return "exception", f"{type(e).__name__}: {e}"
    diags = res.rendered_diagnostics() + res.stderr_text
    if "internal error" in diags or "Traceback" in diags:
        return "internal-error", diags.strip().splitlines()[0][:300]
    if res.exit_code not in (0, 1):
        return "exit-code", str(res.exit_code)
    for d in res.diagnostics:
        if d.severity == "error" and d.loc is None and not SUMMARY.match(d.message):
            return "unlocated", d.message[:300]
    return None


def _worker(inq: mp.Queue, outq: mp.Queue) -> None:
    sys.setrecursionlimit(20000)
    while True:
        item = inq.get()
        if item is None:
            return
        idx, text, kind = item
        outq.put((idx, check_one(text, kind)))


def fuzz(n: int, seed: int, timeout: float, jobs: int, configs: tuple[str, ...] = CONFIGS,
         budget: float | None = None) -> tuple[int, list[Finding]]:
    """Run up to ``n`` mutants (or until ``budget`` seconds have passed); return (count, findings)."""
    rng = random.Random(seed)
    pool = seeds()
    items = []
    for i in range(n):
        name, text = rng.choice(pool)
        items.append((i, name, mutate(text, rng), configs[i % len(configs)]))
    ctx = mp.get_context("fork")
    findings: list[Finding] = []
    workers: list[tuple[mp.Process, mp.Queue, mp.Queue, tuple | None, float]] = []

    def start():
        inq, outq = ctx.Queue(), ctx.Queue()
        p = ctx.Process(target=_worker, args=(inq, outq), daemon=True)
        p.start()
        return [p, inq, outq, None, 0.0]

    workers = [start() for _ in range(max(1, jobs))]
    todo = list(reversed(items))
    done = 0
    t0 = time.monotonic()
    while todo or any(w[3] is not None for w in workers):
        for i, w in enumerate(workers):
            p, inq, outq, cur, started = w
            if cur is not None:
                try:
                    _, res = outq.get(timeout=0.01)
                except Exception:  # noqa: BLE001 - queue.Empty
                    if time.monotonic() - started > timeout:
                        p.kill()
                        p.join()
                        findings.append(Finding("hang", cur[3], cur[1], f"> {timeout} s", cur[2]))
                        done += 1
                        workers[i] = start()
                    elif not p.is_alive():
                        findings.append(Finding("crash", cur[3], cur[1], f"worker died ({p.exitcode})", cur[2]))
                        done += 1
                        workers[i] = start()
                    continue
                if res is not None:
                    findings.append(Finding(res[0], cur[3], cur[1], res[1], cur[2]))
                done += 1
                w[3] = None
            if w[3] is None and todo and (budget is None or time.monotonic() - t0 < budget):
                item = todo.pop()
                workers[i][1].put((item[0], item[2], item[3]))
                workers[i][3] = item
                workers[i][4] = time.monotonic()
        if budget is not None and time.monotonic() - t0 >= budget and all(w[3] is None for w in workers):
            break
    for p, inq, *_ in workers:
        inq.put(None)
        p.join(timeout=2)
        if p.is_alive():
            p.kill()
    return done, findings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mutants", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--show", type=int, default=3, help="mutant texts printed per finding kind")
    ap.add_argument("--config", choices=CONFIGS, action="append", help="only these configurations")
    ap.add_argument("--save", metavar="DIR", help="write each finding's mutant to DIR/<n>-<kind>-<config>.mlir")
    args = ap.parse_args()
    t0 = time.monotonic()
    done, findings = fuzz(args.mutants, args.seed, args.timeout, args.jobs, tuple(args.config or CONFIGS))
    dt = time.monotonic() - t0
    kinds = Counter((f.kind, f.config) for f in findings)
    print(f"{done} mutants in {dt:.0f} s ({done / max(dt, 1e-9):.1f}/s), {len(findings)} findings")
    print("| finding | config | count |\n|---|---|---|")
    for (k, c), n in sorted(kinds.items()):
        print(f"| {k} | {c} | {n} |")
    if args.save:
        os.makedirs(args.save, exist_ok=True)
        for i, f in enumerate(findings):
            Path(args.save, f"{i:03d}-{f.kind}-{f.config}.mlir").write_text(f.text)
    shown: Counter = Counter()
    for f in findings:
        key = (f.kind, f.detail.split(":")[0])
        if shown[key] >= args.show:
            continue
        shown[key] += 1
        print(f"\n=== {f.kind} [{f.config}] from {f.seed}: {f.detail}\n{f.text[:2000]}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
