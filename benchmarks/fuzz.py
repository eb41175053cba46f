"""Mutation fuzzer: no input may end in a traceback, an internal error, a hang or a non-located error.

Seeds are every lit input and example of the project (``lit_tests/**/*.mlir`` with its
``Inputs/``, valid and ``invalid`` files, ``examples/*.mlir``), the real-world-style programs
written for the fuzzer (``benchmarks/fuzz_seeds/``) and any directory of ``.mlir`` files given with
``--seed-dir`` (other projects' files, upstream's tests: read, never copied here).  Each mutant is a
seed with 1-4 mutations: token-level (delete / duplicate / swap / replace a token, drop or
duplicate a line, truncate, change a number, a type or a keyword), a non-ASCII or control
character inserted at a token boundary, an integer literal out of range for a type (``2^N``,
``-2^(N-1)-1``, ``-0`` ...), or an op wrapped in nested regions.  Each runs in a worker process
through ``driver.run_opt`` under one of several configurations: parse and print (custom and
generic form), the lowering pipeline ``gpu-kernel-outlining,async-region,wait-insertion,
gpu-to-runtime``, and ``--run``.  With ``--verify-upstream`` (``make fuzz``), whatever we print
after parsing or lowering must be accepted by upstream's verifier too (``scripts/mlir-opt-ref``).

A finding is: an ``internal error`` diagnostic, an exception escaping ``run_opt``, an exit code other
than 0/1, an error without a ``file:line:col`` location, or a mutant whose worker spends more than
the timeout in CPU time (a hang; counted in CPU time so that a busy machine does not make one, with
a wall-clock cap of ten times the timeout for a worker that blocks), a stage (the parser, one
pass, the output) over ``--stage-limit`` seconds (a superlinear pass), and with
``--verify-upstream`` output upstream rejects.  Usage::

    python benchmarks/fuzz.py --mutants 2000 --seed 1 [--timeout 10] [--jobs 2] [--show 5] \
        [--verify-upstream] [--seed-dir DIR ...]
    python benchmarks/fuzz.py --mutants 2000 --seed 1 --against-upstream [--show 2]

Exit code 1 when anything was found (findings are printed with the mutant text).

``--against-upstream`` runs every mutant through the parse-and-verify configuration of both tools
(``--split-input-file --allow-unregistered-dialect``; upstream is ``scripts/mlir-opt-ref``) and
compares them per split chunk: both accept, both reject, or a disagreement (we accept what upstream
rejects, or the other way round), grouped by the shape of the rejecting tool's first error message
(quoted names and numbers elided).  Ops of the llvm/nvvm dialects are classified, not chased.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import tempfile
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


SEED_DIRS = ("lit_tests", "examples", "benchmarks/fuzz_seeds")
# inserted at a token boundary: letters, digits and spaces MLIR's ASCII-only lexer does not know,
# control bytes (NUL is whitespace to it, \f and \v are not), a stray backslash and backquote
ODD_CHARS = ["é", "ü", "中", "٣", "\u00a0", "\u2028", "\ufeff", "\x00", "\x01", "\x07", "\x0b", "\x0c", "\x1b",
             "\x7f", "\\", "`", "$", "~", ";"]
# integer literals just out of (or at the edge of) the range of a width
BIG_INTS = ["-0", "128", "-129", "255", "256", "32768", "65536", "2147483648", "-2147483649", "4294967296",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "0xFFFFFFFFFFFFFFFFF", "340282366920938463463374607431768211456"]
NUMBER = re.compile(r"(?<![\w.#%@^!-])-?\d+(?![\w.])")


def seeds(extra_dirs: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(name, text) of every seed file, without its comment lines (lit RUN/CHECK lines): the
    project's (``SEED_DIRS``) and those under ``extra_dirs``."""
    out = []
    bases = [ROOT / b for b in SEED_DIRS] + [Path(d) for d in extra_dirs]
    for base in bases:
        for p in sorted(base.rglob("*.mlir")):
            if "Output" in p.parts:
                continue
            try:
                lines = p.read_text().split("\n")
            except UnicodeDecodeError:
                continue
            # comments (RUN/CHECK lines) only dilute the mutations; split markers stay
            text = "\n".join(ln for ln in lines if not ln.lstrip().startswith("//") or ln.startswith("// -----"))
            name = str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)
            out.append((name, text))
    return out


def _nest(text: str, rng: random.Random) -> str:
    """Wrap one result-less op line in 1-64 nested ``scf.execute_region`` regions."""
    lines = text.split("\n")
    cands = [i for i, ln in enumerate(lines) if re.match(r"\s+[a-z_]+\.[a-z_.]+(?:[ (]|$)", ln) and "=" not in ln
             and not ln.rstrip().endswith(("{", "}")) and "return" not in ln and "yield" not in ln
             and "terminator" not in ln]
    if not cands:
        return text
    i = rng.choice(cands)
    depth = rng.choice([1, 2, 8, 64])
    lines[i] = "scf.execute_region {\n" * depth + lines[i] + "\nscf.yield\n}" * depth
    return "\n".join(lines)


def mutate(text: str, rng: random.Random) -> str:
    """Apply 1-4 random token- or line-level mutations."""
    for _ in range(rng.randint(1, 4)):
        toks = [m for m in TOKEN.finditer(text)]
        if not toks:
            return text
        kind = rng.choice(["delete", "dup", "swap", "replace", "replace", "line_drop", "line_dup", "truncate",
                           "number", "odd_char", "odd_char", "big_int", "big_int", "nest"])
        m = rng.choice(toks)
        if kind == "odd_char":  # before or after a token
            at = rng.choice((m.start(), m.end()))
            text = text[:at] + rng.choice(ODD_CHARS) + text[at:]
            continue
        if kind == "big_int":
            nums = list(NUMBER.finditer(text))
            if nums:
                n = rng.choice(nums)
                text = text[: n.start()] + rng.choice(BIG_INTS) + text[n.end():]
            continue
        if kind == "nest":
            text = _nest(text, rng)
            continue
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
    # a kernel that spins forever ends at the step budget: 4096 steps, not the default 65536
    # (about 6 s of CPU per spinning mutant, a "hang" on a busy machine)
    return Config(split_input_file=True, run=True, backend="sim", run_kernel_steps=4096,
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
    limit = OPTIONS["stage_limit"]
    if limit is not None:
        slow = [(t, name) for name, t in res.timings.items() if t > limit]
        if slow:
            t, name = max(slow)
            return "slow-stage", f"{name}: {t:.1f} s (limit {limit} s)"
    if OPTIONS["verify_upstream"] and res.exit_code == 0 and kind in ("print", "generic", "lower"):
        return upstream_rejects(res.output, kind)
    return None


OPTIONS: dict = {"verify_upstream": False, "stage_limit": None}  # set by ``fuzz`` before the workers fork


def upstream_rejects(output: str, kind: str, timeout: float = 60.0) -> tuple[str, str] | None:
    """Upstream's parser and verifier on what we printed (``("upstream-rejects-output", its first
    error)``), or None when it accepts (or does not answer in time: not ours to judge)."""
    flags = ["--split-input-file"] + (["--allow-unregistered-dialect"] if kind == "print" else [])
    with tempfile.TemporaryDirectory() as d:
        path = Path(d, "out.mlir")
        path.write_bytes(output.encode("utf-8", "surrogateescape"))
        try:
            p = subprocess.run([str(UPSTREAM), *flags, "out.mlir", "-o", "/dev/null"], cwd=d, capture_output=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
    if p.returncode == 0:
        return None
    err = p.stderr.decode("utf-8", "replace")
    first = next((ln for ln in err.splitlines() if ": error: " in ln), err.strip()[:200])
    return "upstream-rejects-output", first[:300]


# ----- agreement with upstream ------------------------------------------------------------------
UPSTREAM = ROOT / "scripts" / "mlir-opt-ref"
UPSTREAM_FLAGS = ("--split-input-file", "--allow-unregistered-dialect")
_ERROR_LINE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)
_MARKER_LINE = re.compile(r"^// -----\n", re.M)


def shape(message: str) -> str:
    """A diagnostic's message with the parts that vary between inputs elided: dotted names in
    quotes (op and attribute names), SSA, block and symbol names, numbers; and ops the llvm/nvvm
    helpers own classified as such."""
    m = re.match(r"(?:custom op|unregistered operation) '(\w+)\.", message)
    if m:
        dialect = m.group(1)
        return f"unknown op: {'llvm/nvvm' if dialect in ('llvm', 'nvvm') else dialect}.*"
    s = re.sub(r"'[\w$-]*\.[\w.$-]*'", "'…'", message)
    s = re.sub(r"[%^@][\w.$-]+", lambda m: m.group()[0] + "…", s)
    s = re.sub(r"(?<![\w.])-?\d+(?![\w.])", "N", s)
    s = s.split("\n")[0][:110]
    if re.search(r"'(llvm|nvvm)\.", message):
        s = "[llvm/nvvm] " + s
    return s


def upstream_chunks(text: str, timeout: float) -> tuple[list[bool], list[str], list[str]] | str:
    """Run upstream on ``text``: per split chunk, accepted?, its first error message and its
    output; or the reason there is no per-chunk answer (``"crash"``, ``"hang"``, ``"split"``: its
    chunks are not ours -- upstream drops empty chunks)."""
    from asyncgpu_opt.driver import split_chunks

    chunks, _ = split_chunks(text, "// -----")
    starts = [off for _, off in chunks]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d, "fuzz.mlir")
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        try:
            p = subprocess.run([str(UPSTREAM), *UPSTREAM_FLAGS, "fuzz.mlir"], cwd=d, capture_output=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return "hang"
    if p.returncode not in (0, 1):
        return "crash"
    out = _MARKER_LINE.split(p.stdout.decode("utf-8", "replace"))
    if len(out) != len(chunks):
        return "split"
    accepted = [p.returncode == 0 or bool(o.strip()) for o in out]
    messages = ["" for _ in chunks]
    cur = 0
    for m in _ERROR_LINE.finditer(p.stderr.decode("utf-8", "replace")):
        if m.group(1) == "fuzz.mlir":
            line = int(m.group(2)) - 1
            cur = max(i for i, s in enumerate(starts) if s <= line)
        else:  # a location written in the input: the next rejected chunk still without a message
            while cur < len(chunks) and (accepted[cur] or messages[cur]):
                cur += 1
            if cur >= len(chunks):
                break
        if not messages[cur]:
            messages[cur] = m.group(4)
    return accepted, messages, out


def compare_upstream(text: str, timeout: float = 20.0) -> list[tuple[str, str]]:
    """(verdict, message shape) per split chunk of ``text``: ``agree-accept`` (``accept-print-differs``
    when the printed text differs), ``agree-reject``, ``we-accept`` (upstream rejects; its message's
    shape) and ``we-reject`` (upstream accepts; our message's shape); or one ``upstream-crash`` /
    ``upstream-hang`` / ``upstream-split`` for the whole mutant."""
    import io
    from contextlib import redirect_stdout

    from asyncgpu_opt.driver import Config, run_opt, split_chunks

    up = upstream_chunks(text, timeout)
    if isinstance(up, str):
        return [(f"upstream-{up}", "")]
    verdicts = []
    chunks, _ = split_chunks(text, "// -----")
    for (chunk, _), up_ok, up_msg, up_out in zip(chunks, *up):
        with redirect_stdout(io.StringIO()):
            res = run_opt(chunk, "fuzz.mlir", Config(allow_unregistered=True))
        ours_ok = res.exit_code == 0
        ours_msg = next((d.message for d in res.diagnostics if d.severity == "error"), "")
        if ours_ok and up_ok:
            same = res.output.strip() == up_out.strip()
            verdicts.append(("agree-accept" if same else "accept-print-differs", ""))
        elif not ours_ok and not up_ok:
            verdicts.append(("agree-reject", ""))
        elif ours_ok:
            verdicts.append(("we-accept", shape(up_msg)))
        else:
            verdicts.append(("we-reject", shape(ours_msg)))
    return verdicts


def _worker(inq: mp.Queue, outq: mp.Queue) -> None:
    sys.setrecursionlimit(20000)
    while True:
        item = inq.get()
        if item is None:
            return
        idx, text, kind = item
        outq.put((idx, compare_upstream(text) if kind == "upstream" else check_one(text, kind)))


def _cpu_seconds(pid: int | None) -> float:
    """CPU time a worker has used so far (user + system, from ``/proc``): a hang is a mutant that
    spins, not one that waits for a core on a busy machine.  Wall-clock where ``/proc`` is missing."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.monotonic()


def fuzz(n: int, seed: int, timeout: float, jobs: int, configs: tuple[str, ...] = CONFIGS,
         budget: float | None = None, collect: list | None = None, seed_dirs: tuple[str, ...] = (),
         verify_upstream: bool = False, stage_limit: float | None = None) -> tuple[int, list[Finding]]:
    """Run up to ``n`` mutants (or until ``budget`` seconds have passed); return (count, findings).
    The configuration ``upstream`` compares with upstream instead: (seed name, mutant, verdicts)
    go to ``collect``.  ``verify_upstream``: upstream must accept what we print; ``stage_limit``:
    seconds one stage (parser, a pass, output) may take."""
    OPTIONS.update(verify_upstream=verify_upstream, stage_limit=stage_limit)
    rng = random.Random(seed)
    pool = seeds(seed_dirs)
    items = []
    for i in range(n):
        name, text = rng.choice(pool)
        items.append((i, name, mutate(text, rng), configs[i % len(configs)]))
    ctx = mp.get_context("fork")
    findings: list[Finding] = []
    # [process, in-queue, out-queue, current item, its start in worker CPU s, its start in wall s]
    workers: list[list] = []

    def start():
        inq, outq = ctx.Queue(), ctx.Queue()
        p = ctx.Process(target=_worker, args=(inq, outq), daemon=True)
        p.start()
        return [p, inq, outq, None, 0.0, 0.0]

    workers = [start() for _ in range(max(1, jobs))]
    todo = list(reversed(items))
    done = 0
    t0 = time.monotonic()
    while todo or any(w[3] is not None for w in workers):
        for i, w in enumerate(workers):
            p, inq, outq, cur, started, _ = w
            if cur is not None:
                try:
                    _, res = outq.get(timeout=0.01)
                except Exception:  # noqa: BLE001 - queue.Empty
                    spent = _cpu_seconds(p.pid) - started
                    if spent > timeout or time.monotonic() - w[5] > 10 * timeout:
                        p.kill()
                        p.join()
                        findings.append(Finding("hang", cur[3], cur[1], f"> {timeout} s of CPU", cur[2]))
                        done += 1
                        workers[i] = start()
                    elif not p.is_alive():
                        findings.append(Finding("crash", cur[3], cur[1], f"worker died ({p.exitcode})", cur[2]))
                        done += 1
                        workers[i] = start()
                    continue
                if cur[3] == "upstream":
                    assert collect is not None
                    collect.append((cur[1], cur[2], res))
                elif res is not None:
                    findings.append(Finding(res[0], cur[3], cur[1], res[1], cur[2]))
                done += 1
                w[3] = None
            if w[3] is None and todo and (budget is None or time.monotonic() - t0 < budget):
                item = todo.pop()
                workers[i][1].put((item[0], item[2], item[3]))
                workers[i][3] = item
                workers[i][4] = _cpu_seconds(workers[i][0].pid)
                workers[i][5] = time.monotonic()
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
    ap.add_argument("--against-upstream", action="store_true",
                    help="compare accept/reject per split chunk with scripts/mlir-opt-ref instead")
    ap.add_argument("--verify-upstream", action="store_true",
                    help="upstream's verifier must accept what we print after parsing and lowering")
    ap.add_argument("--stage-limit", type=float, default=None, metavar="S",
                    help="a finding when one stage (the parser, a pass, the output) takes longer")
    ap.add_argument("--seed-dir", action="append", default=[], metavar="DIR",
                    help="more seeds: the .mlir files under DIR (repeatable)")
    args = ap.parse_args()
    if args.against_upstream:
        return against_upstream(args)
    t0 = time.monotonic()
    done, findings = fuzz(args.mutants, args.seed, args.timeout, args.jobs, tuple(args.config or CONFIGS),
                          seed_dirs=tuple(args.seed_dir), verify_upstream=args.verify_upstream,
                          stage_limit=args.stage_limit)
    dt = time.monotonic() - t0
    kinds = Counter((f.kind, f.config) for f in findings)
    print(f"{done} mutants in {dt:.0f} s ({done / max(dt, 1e-9):.1f}/s), {len(findings)} findings")
    print("| finding | config | count |\n|---|---|---|")
    for (k, c), n in sorted(kinds.items()):
        print(f"| {k} | {c} | {n} |")
    if args.save:
        os.makedirs(args.save, exist_ok=True)
        for i, f in enumerate(findings):
            Path(args.save, f"{i:03d}-{f.kind}-{f.config}.mlir").write_text(f.text, errors="surrogateescape")
    shown: Counter = Counter()
    for f in findings:
        key = (f.kind, f.detail.split(":")[0])
        if shown[key] >= args.show:
            continue
        shown[key] += 1
        print(f"\n=== {f.kind} [{f.config}] from {f.seed}: {f.detail}\n{f.text[:2000]}")
    return 1 if findings else 0


def against_upstream(args: argparse.Namespace) -> int:
    """``--against-upstream``: the agreement table; exit 1 on any disagreement."""
    t0 = time.monotonic()
    collect: list = []
    done, findings = fuzz(args.mutants, args.seed, args.timeout, args.jobs, ("upstream",), collect=collect,
                          seed_dirs=tuple(args.seed_dir))
    dt = time.monotonic() - t0
    verdicts: Counter = Counter()
    groups: Counter = Counter()
    examples: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for name, text, res in collect:
        for verdict, sh in res:
            verdicts[verdict] += 1
            if verdict in ("agree-accept", "agree-reject", "accept-print-differs"):
                continue
            groups[(verdict, sh)] += 1
            examples.setdefault((verdict, sh), []).append((name, text))
    total = sum(verdicts.values())
    print(f"{done} mutants, {total} split chunks in {dt:.0f} s; findings (hangs, crashes): {len(findings)}")
    print("| verdict | chunks |\n|---|---|")
    for v, k in sorted(verdicts.items()):
        print(f"| {v} | {k} |")
    print("\n| disagreement | first error (the rejecting tool's) | chunks |\n|---|---|---|")
    for (v, sh), k in sorted(groups.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1])):
        cell = sh.replace("|", "\\|")
        print(f"| {v} | {cell} | {k} |")
    for (v, sh), exs in sorted(examples.items(), key=lambda kv: -len(kv[1])):
        for name, text in exs[: args.show]:
            print(f"\n=== {v}: {sh} (from {name})\n{text[:2000]}")
    if args.save:
        os.makedirs(args.save, exist_ok=True)
        for i, ((v, _sh), exs) in enumerate(sorted(examples.items())):
            for j, (_, text) in enumerate(exs[: max(args.show, 1)]):
                Path(args.save, f"{v}-{i:03d}-{j}.mlir").write_text(text, errors="surrogateescape")
    return 1 if findings or groups else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
