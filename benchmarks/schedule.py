"""How close the lowered programs run to their data-dependence critical path.

Generates seeded random programs — N gpu ops (kernels, copies, memsets) over B device buffers of
T-thread kernels, with host prints of buffers in the middle and at the end — each in two variants:

* ``sync``: plain synchronous gpu ops (what a user writes before async-region);
* ``async``: the same ops made async, each depending on exactly the ops it must follow (its RAW,
  WAR and WAW predecessors, not reduced), host ``gpu.wait`` only before the host reads.

Every variant runs through each pipeline under ``--run --run-stats`` on the simulator; the table
gives, per pipeline: makespan / data-dependence critical path (``run/headroom.py``; median, max),
streams created vs the dependence DAG's width (of every gpu op, the device-to-host copies of the
prints included: they run on streams too, and the host's read of a print ordering everything after
it; and, as before session 5, of the kernels, copies and memsets alone), events, host API calls, host syncs, and whether
every program printed what the generator computed (the expected values are known).  Upstream's
own lowering is not a row: its ``-gpu-to-llvm`` needs the kernels lowered to NVVM first
(``got 11 kernel operands but expected 3`` on a ``gpu.func``), which the simulator cannot run.

Usage: python benchmarks/schedule.py [--programs 20] [--ops 20] [--buffers 6] [--threads 16]
       [--seed 1] [--markdown FILE] [--per-program] [--only INPUT]

``--per-program`` also prints, for each program, its DAG width and each pipeline's streams and
makespan / critical path; ``--only sync|async`` runs one input variant.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIPELINES = {
    "sync": [
        ("async-region + lowering", ["--gpu-kernel-outlining", "--async-region", "--wait-insertion",
                                     "--gpu-to-runtime"]),
        ("no async-region (serial)", ["--gpu-to-runtime"]),
    ],
    "async": [
        ("gpu-to-runtime", ["--gpu-to-runtime"]),
        ("wait-insertion + gpu-to-runtime", ["--wait-insertion", "--gpu-to-runtime"]),
        ("gpu-to-runtime stream-pool=false", ["--gpu-to-runtime=stream-pool=false"]),
    ],
}


@dataclass
class Program:
    sync: str
    asyn: str
    expected: str
    width: int  # of the DAG of every gpu op (the prints' copies included, ordered by the host's reads)
    width_no_prints: int  # of the DAG of the kernels, copies and memsets
    ops: list = field(default_factory=list)


def _dag_width(n: int, edges: set[tuple[int, int]]) -> int:
    """The largest antichain of the dependence DAG (Dilworth: n - maximum matching of the
    transitive closure's bipartite graph)."""
    succ = [set() for _ in range(n)]
    for a, b in edges:
        succ[a].add(b)
    reach = [set() for _ in range(n)]
    for i in reversed(range(n)):
        for j in succ[i]:
            reach[i] |= {j} | reach[j]
    match_r: dict[int, int] = {}

    def augment(u: int, seen: set[int]) -> bool:
        for v in reach[u]:
            if v in seen:
                continue
            seen.add(v)
            if v not in match_r or augment(match_r[v], seen):
                match_r[v] = u
                return True
        return False

    matching = sum(augment(u, set()) for u in range(n))
    return n - matching


KERNELS = """  gpu.module @kernels {
    gpu.func @add(%dst: memref<{T}xi32>, %src: memref<{T}xi32>, %c: i32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %src[%i] : memref<{T}xi32>
      %r = arith.addi %v, %c : i32
      memref.store %r, %dst[%i] : memref<{T}xi32>
      gpu.return
    }
    gpu.func @mix(%dst: memref<{T}xi32>, %a: memref<{T}xi32>, %b: memref<{T}xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<{T}xi32>
      %y = memref.load %b[%i] : memref<{T}xi32>
      %r = arith.muli %x, %y : i32
      %c7 = arith.constant 7 : i32
      %s = arith.remsi %r, %c7 : i32
      memref.store %s, %dst[%i] : memref<{T}xi32>
      gpu.return
    }
  }
"""


def generate(rng: random.Random, n_ops: int, n_bufs: int, threads: int) -> Program:
    """One random program in both variants, with its expected output."""
    T = threads
    ty = f"memref<{T}xi32>"
    vals = [[0] * T for _ in range(n_bufs)]
    out_lines: list[str] = []
    # ("add", dst, src, c) | ("mix", dst, a, b) | ("set", dst, v) | ("copy", dst, src) | ("print", b)
    # device memory starts uninitialized (a read of it is a hazard): every buffer is zeroed first
    ops: list[tuple] = [("set", b, 0) for b in range(n_bufs)]
    for _ in range(n_ops):
        k = rng.random()
        if k < 0.45:
            ops.append(("add", rng.randrange(n_bufs), rng.randrange(n_bufs), rng.randint(1, 9)))
        elif k < 0.65:
            ops.append(("mix", rng.randrange(n_bufs), rng.randrange(n_bufs), rng.randrange(n_bufs)))
        elif k < 0.8:
            ops.append(("set", rng.randrange(n_bufs), rng.randint(0, 5)))
        elif k < 0.92:
            d, s = rng.sample(range(n_bufs), 2)
            ops.append(("copy", d, s))
        else:
            ops.append(("print", rng.randrange(n_bufs)))
    ops += [("print", b) for b in range(n_bufs)]

    # expected output and the dependence edges (between device ops, by index in `ops`)
    def fmt(v: list[int]) -> str:
        return (f"Unranked Memref base@ = 0x0 rank = 1 offset = 0 sizes = [{T}] strides = [1] data = \n"
                f"[{', '.join(map(str, v))}]")

    last_w: dict[int, int] = {}
    readers: dict[int, list[int]] = {}
    deps: list[list[int]] = []
    edges: set[tuple[int, int]] = set()
    for i, op in enumerate(ops):
        kind = op[0]
        if kind == "add":
            _, d, s, c = op
            vals[d] = [x + c for x in vals[s]]
            rd, wr = [s], [d]
        elif kind == "mix":
            _, d, a, b = op
            vals[d] = [int(_rem(x * y, 7)) for x, y in zip(vals[a], vals[b])]
            rd, wr = [a, b], [d]
        elif kind == "set":
            _, d, v = op
            vals[d] = [v] * T
            rd, wr = [], [d]
        elif kind == "copy":
            _, d, s = op
            vals[d] = list(vals[s])
            rd, wr = [s], [d]
        else:
            out_lines.append(fmt(vals[op[1]]))
            rd, wr = [op[1]], []
        mine: list[int] = []
        for b in rd:
            if b in last_w:
                mine.append(last_w[b])
        for b in wr:
            if b in last_w:
                mine.append(last_w[b])
            mine += readers.get(b, [])
        mine = sorted(set(x for x in mine if x != i))
        deps.append(mine)
        for b in rd:
            readers.setdefault(b, []).append(i)
        for b in wr:
            last_w[b] = i
            readers[b] = []
        edges |= {(x, i) for x in mine}
    # the DAG of every gpu op, the prints' device-to-host copies included (they run on streams too)
    # and each print before every later op (the host reads the buffer before it goes on: in both
    # variants nothing after a print is enqueued before the copy completes); and the DAG of the
    # kernels, copies and memsets alone, without those copies and without the host's order
    prints = [i for i, op in enumerate(ops) if op[0] == "print"]
    width = _dag_width(len(ops), edges | {(i, j) for i in prints for j in range(i + 1, len(ops))})
    dev = [i for i, op in enumerate(ops) if op[0] != "print"]
    index = {i: k for k, i in enumerate(dev)}
    width_np = _dag_width(len(dev), {(index[a], index[b]) for a, b in edges if a in index and b in index})
    return Program(_emit(ops, deps, n_bufs, T, ty, False), _emit(ops, deps, n_bufs, T, ty, True),
                   "\n".join(out_lines) + "\n", width, width_np, ops)


def _rem(a: int, b: int) -> int:
    r = abs(a) % b
    return -r if a < 0 else r


def _emit(ops: list[tuple], deps: list[list[int]], n_bufs: int, T: int, ty: str, asyn: bool) -> str:
    lines = ["module attributes {gpu.container_module} {",
             "  func.func private @printMemrefI32(memref<*xi32>)",
             "  func.func @main() {",
             "    %c1 = arith.constant 1 : index",
             f"    %cT = arith.constant {T} : index"]
    tok: dict[int, str] = {}  # op index -> token of the op (async variant)
    alloc_tok: dict[int, str] = {}
    for b in range(n_bufs):
        if asyn:
            lines.append(f"    %b{b}, %ta{b} = gpu.alloc async () : {ty}")
            alloc_tok[b] = f"%ta{b}"
        else:
            lines.append(f"    %b{b} = gpu.alloc () : {ty}")
    first_use: set[int] = set()
    pending: set[str] = set()  # tokens not yet waited for or depended upon by the host

    def dep_list(i: int, bufs: list[int]) -> str:
        ds = [tok[d] for d in deps[i] if d in tok]
        for b in bufs:  # the first use of a buffer follows its allocation
            if b not in first_use:
                first_use.add(b)
                ds.append(alloc_tok[b])
        return "[" + ", ".join(dict.fromkeys(ds)) + "]" if ds else ""

    for i, op in enumerate(ops):
        kind = op[0]
        if kind == "print":
            b = op[1]
            lines.append(f"    %h{i} = memref.alloc() : {ty}")
            if asyn:
                dl = dep_list(i, [b])
                lines.append(f"    %t{i} = gpu.memcpy async {dl} %h{i}, %b{b} : {ty}, {ty}")
                lines.append(f"    gpu.wait [%t{i}]")
            else:
                lines.append(f"    gpu.memcpy %h{i}, %b{b} : {ty}, {ty}")
            lines.append(f"    %u{i} = memref.cast %h{i} : {ty} to memref<*xi32>")
            lines.append(f"    func.call @printMemrefI32(%u{i}) : (memref<*xi32>) -> ()")
            lines.append(f"    memref.dealloc %h{i} : {ty}")
            continue
        a = "async " if asyn else ""
        res = f"%t{i} = " if asyn else ""
        if kind == "add":
            _, d, s, c = op
            dl = dep_list(i, [d, s]) if asyn else ""
            lines.append(f"    %k{i} = arith.constant {c} : i32")
            lines.append(f"    {res}gpu.launch_func {a}{dl} @kernels::@add blocks in (%c1, %c1, %c1) threads in "
                         f"(%cT, %c1, %c1) args(%b{d} : {ty}, %b{s} : {ty}, %k{i} : i32)")
        elif kind == "mix":
            _, d, x, y = op
            dl = dep_list(i, [d, x, y]) if asyn else ""
            lines.append(f"    {res}gpu.launch_func {a}{dl} @kernels::@mix blocks in (%c1, %c1, %c1) threads in "
                         f"(%cT, %c1, %c1) args(%b{d} : {ty}, %b{x} : {ty}, %b{y} : {ty})")
        elif kind == "set":
            _, d, v = op
            dl = dep_list(i, [d]) if asyn else ""
            lines.append(f"    %v{i} = arith.constant {v} : i32")
            lines.append(f"    {res}gpu.memset {a}{dl} %b{d}, %v{i} : {ty}, i32")
        else:
            _, d, s = op
            dl = dep_list(i, [d, s]) if asyn else ""
            lines.append(f"    {res}gpu.memcpy {a}{dl} %b{d}, %b{s} : {ty}, {ty}")
        if asyn:
            tok[i] = f"%t{i}"
            pending.add(f"%t{i}")
    for b in range(n_bufs):
        if asyn:
            users = [tok[j] for j, op in enumerate(ops) if j in tok and b in op[1:] and op[0] != "print"]
            ds = list(dict.fromkeys(users[-3:] or [alloc_tok[b]]))
            # the last accesses of the buffer: its writer and readers since (a superset is fine)
            lines.append(f"    %td{b} = gpu.dealloc async [{', '.join(ds)}] %b{b} : {ty}")
        else:
            lines.append(f"    gpu.dealloc %b{b} : {ty}")
    if asyn:
        lines.append(f"    gpu.wait [{', '.join(f'%td{b}' for b in range(n_bufs))}]")
    lines += ["    return", "  }", KERNELS.replace("{T}", str(T)), "}"]
    return "\n".join(lines) + "\n"


def run(text: str, flags: list[str], tool: list[str]) -> tuple[str, dict, str, int]:
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "p.mlir")
        stats = os.path.join(d, "s.json")
        Path(src).write_text(text)
        p = subprocess.run([*tool, src, *flags, "--run", "--run-stats", stats], capture_output=True, text=True)
        st = json.loads(Path(stats).read_text()) if os.path.exists(stats) else {}
        return p.stdout, st, p.stderr, p.returncode


def _values(out: str) -> list[list[int]]:
    """The printed data of each printMemref (addresses and padding differ between runs)."""
    return [[int(x) for x in ln.strip("[]").split(",")] for ln in out.splitlines() if ln.startswith("[")]


def med(xs: list[float]) -> str:
    return f"{statistics.median(xs):g}" if xs else "-"


def _cell(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f} / {max(xs):.2f}" if xs else "-"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--programs", type=int, default=20)
    ap.add_argument("--ops", type=int, default=20)
    ap.add_argument("--buffers", type=int, default=6)
    ap.add_argument("--threads", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--markdown", metavar="FILE")
    ap.add_argument("--per-program", action="store_true")
    ap.add_argument("--only", choices=sorted(PIPELINES))
    args = ap.parse_args()
    tool = [sys.executable, "-m", "asyncgpu_opt"]
    rng = random.Random(args.seed)
    progs = [generate(rng, args.ops, args.buffers, args.threads) for _ in range(args.programs)]
    rows = []
    table: dict[tuple[str, str], dict[str, list]] = {}
    per: list[str] = []
    for n, p in enumerate(progs):
        line = [f"program {n}: width {p.width} ({p.width_no_prints} without the prints' copies)"]
        for variant, pipes in PIPELINES.items():
            if args.only and variant != args.only:
                continue
            text = p.sync if variant == "sync" else p.asyn
            cases = [(name, lambda t=text, f=flags: run(t, f, tool)) for name, flags in pipes]
            for name, fn in cases:
                r = fn()
                acc = table.setdefault((variant, name), {"ratio": [], "streams": [], "width": [], "events": [],
                                                         "syncs": [], "ok": 0, "n": 0, "failed": 0, "over": 0,
                                                         "over_np": 0, "width_np": []})
                acc["n"] += 1
                if r is None:
                    acc["failed"] += 1
                    continue
                out, st, err, rc = r
                if rc or not st:
                    acc["failed"] += 1
                    continue
                acc["ok"] += _values(out) == _values(p.expected)
                acc["ratio"].append(st["makespan_over_critical_path"])
                acc["streams"].append(st["streams_created"])
                acc["over"] += st["streams_created"] > p.width
                acc["over_np"] += st["streams_created"] > p.width_no_prints
                acc["width_np"].append(p.width_no_prints)
                line.append(f"{variant} {name}: {st['streams_created']} streams, "
                            f"{st['makespan_over_critical_path']:.2f}")
                acc["width"].append(p.width)
                acc["events"].append(st["events_created"])
                acc["syncs"].append(st["host_syncs"] + st["implicit_syncs"])
        per.append("; ".join(line))
    head = (f"{args.programs} programs, {args.ops} gpu ops over {args.buffers} buffers, {args.threads}-thread kernels "
            f"(seed {args.seed})\n\n| input | pipeline | makespan / critical path (median / max) | streams (median) "
            "| DAG width (median; without the prints' copies) | streams > width (> width without) "
            "| events (median) | host syncs (median) | correct output | failed |\n"
            "|---|---|---|---|---|---|---|---|---|---|")
    rows.append(head)
    for (variant, name), a in table.items():
        rows.append(f"| {variant} | {name} | {_cell(a['ratio'])} | {med(a['streams'])} | "
                    f"{med(a['width'])}; {med(a['width_np'])} | "
                    f"{a['over']}/{a['n']} ({a['over_np']}/{a['n']}) | "
                    f"{med(a['events'])} | {med(a['syncs'])} | {a['ok']}/{a['n']} | {a['failed']} |")
    text = "\n".join(rows)
    if args.per_program:
        print("\n".join(per) + "\n")
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
