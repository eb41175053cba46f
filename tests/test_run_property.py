"""Property test of the async passes by execution: random race-free programs with token graphs
(forks, joins, multi-dependency ops) run on the simulator before lowering, after
``wait-insertion,gpu-to-runtime``, and (as a synchronous variant) after
``async-region,wait-insertion,gpu-to-runtime``; all three print the same, with zero hazards and zero
leaks.  With ``loops=True`` the programs also contain ``scf.for`` loops carrying a token (forks,
joins and captured outer tokens in the body, an ``scf.if`` yielding a token inside) and top-level
``scf.if``s; there run-stats must show streams/events created == destroyed.
A planted-bug variant drops one dependency edge and expects a data race naming both ops.

Race freedom by construction: every op that touches a buffer depends on the last writer of that
buffer, and a writer also depends on every reader since that write.  Host buffers are resources too
(device-to-host copies write them, host-to-device copies read them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from asyncgpu_opt.driver import Config, run_opt

N = 8  # elements per buffer; launches use 2 blocks x 4 threads
TY = f"memref<{N}xf32>"

HEADER = f"""module attributes {{gpu.container_module}} {{
  gpu.module @k {{
    gpu.func @axpy(%a: {TY}, %b: {TY}) kernel {{
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %o = arith.muli %bid, %bdim : index
      %i = arith.addi %o, %tid : index
      %x = memref.load %a[%i] : {TY}
      %y = memref.load %b[%i] : {TY}
      %c2 = arith.constant 2.0 : f32
      %m = arith.mulf %x, %c2 : f32
      %z = arith.addf %m, %y : f32
      memref.store %z, %a[%i] : {TY}
      gpu.return
    }}
  }}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c{N} = arith.constant {N} : index"""


@dataclass
class Op:
    """One generated gpu op: ``kind`` in alloc/memset/memcpy/launch/join/dealloc."""

    kind: str
    args: tuple  # buffer names (and the memset value)
    reads: tuple = ()
    writes: tuple = ()
    deps: list[int] = field(default_factory=list)  # indices of earlier ops
    data_deps: set[int] = field(default_factory=set)  # deps required by a conflict
    line: int = 0
    body: list[NOp] = field(default_factory=list)  # for: the loop body; if: the then branch
    orelse: list[NOp] = field(default_factory=list)  # if: the else branch
    trips: int = 0  # for: trip count; if (top level): the constant condition (0/1)
    join_init: bool = True  # for: init = join of the deps (else: first dep, the rest captured)


@dataclass
class NOp:
    """An op inside a region: ``deps`` are indices of earlier ops of the same region, and "E" for
    the region's entry tokens (the iter_arg, captured outer tokens, or the deps of an scf.if)."""

    kind: str
    args: tuple = ()
    reads: tuple = ()
    writes: tuple = ()
    deps: list = field(default_factory=list)
    body: list[NOp] = field(default_factory=list)
    orelse: list[NOp] = field(default_factory=list)


def _effects(ops) -> tuple[set[str], set[str]]:
    r: set[str] = set()
    w: set[str] = set()
    for op in ops:
        r.update(op.reads)
        w.update(op.writes)
        for sub in (op.body, op.orelse):
            rr, ww = _effects(sub)
            r |= rr
            w |= ww
    return r, w


def region(draw, n_dev: int, n_out: int, depth: int) -> list[NOp]:
    """A race-free region: every op depends on the last writer of what it touches and a writer on
    the readers since; an op with no such local dependency depends on the region entry ("E"). Run
    once per iteration whose entry is the previous iteration's exit (a join of the sinks), the
    iterations are ordered too."""
    ops: list[NOp] = []
    last_writer: dict[str, int] = {}
    readers: dict[str, list[int]] = {}
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["memset", "memcpy", "launch", "launch", "join", "d2h"]
                                    + (["if"] if depth < 2 else [])))
        a = f"d{draw(st.integers(0, n_dev - 1))}"
        b = f"d{draw(st.integers(0, n_dev - 1))}"
        if kind == "memset":
            op = NOp("memset", (a, draw(st.integers(-3, 3))), writes=(a,))
        elif kind == "memcpy":
            if a == b:
                continue
            op = NOp("memcpy", (a, b), reads=(b,), writes=(a,))
        elif kind == "launch":
            op = NOp("launch", (a, b), reads=(a, b), writes=(a,))
        elif kind == "d2h":
            h = f"o{draw(st.integers(0, n_out - 1))}"
            op = NOp("memcpy", (h, a), reads=(a,), writes=(h,))
        elif kind == "join":
            k = draw(st.integers(1, 3))
            op = NOp("join", deps=sorted(set(draw(st.lists(st.sampled_from(list(range(len(ops))) + ["E"]),
                                                          min_size=k, max_size=k))), key=str))
            ops.append(op)
            continue
        else:
            op = NOp("if", body=region(draw, n_dev, n_out, depth + 1), orelse=region(draw, n_dev, n_out, depth + 1))
            r, w = _effects([op])
            op.reads, op.writes = tuple(sorted(r)), tuple(sorted(w))
        deps: set = set()
        for x in op.reads + op.writes:
            if x in last_writer:
                deps.add(last_writer[x])
        for x in op.writes:
            deps.update(readers.get(x, []))
        for _ in range(draw(st.integers(0, 1))):  # extra edges: forks and joins
            deps.add(draw(st.sampled_from(list(range(len(ops))) + ["E"])))
        op.deps = sorted(deps or {"E"}, key=str)
        ops.append(op)
        i = len(ops) - 1
        for x in op.reads:
            readers.setdefault(x, []).append(i)
        for x in op.writes:
            last_writer[x] = i
            readers[x] = []
    return ops


class _Names:
    n = 0

    def fresh(self, p: str) -> str:
        self.n += 1
        return f"%{p}{self.n}"


def _simple(kind: str, args: tuple, dl: str, tres: str, v: str) -> list[str]:
    if kind == "memset":
        return [f"{v} = arith.constant {float(args[1])} : f32", f"{tres}gpu.memset{dl} %{args[0]}, {v} : {TY}, f32"]
    if kind == "memcpy":
        return [f"{tres}gpu.memcpy{dl} %{args[0]}, %{args[1]} : {TY}, {TY}"]
    return [f"{tres}gpu.launch_func{dl} @k::@axpy blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) "
            f"args(%{args[0]} : {TY}, %{args[1]} : {TY})"]


def _region(ops: list[NOp], entry: list[str], nm: _Names, ind: str, iv: str | None,
            sync: bool) -> tuple[list[str], str]:
    """Lines of a region and (async) its exit token: its single sink, or a join of its sinks."""
    lines: list[str] = []
    names: list[str] = []
    used: set[int] = set()
    for op in ops:
        deps: list[str] = []
        for d in op.deps:
            deps += entry if d == "E" else [names[d]]
            if d != "E":
                used.add(d)
        deps = list(dict.fromkeys(deps))
        t = nm.fresh("n")
        names.append(t)
        if op.kind == "join":
            if not sync:
                lines.append(f"{ind}{t} = gpu.wait async [{', '.join(deps)}]")
        elif op.kind == "if":
            c = nm.fresh("cnd")
            p = nm.fresh("par")
            if iv is None:
                lines.append(f"{ind}{c} = arith.constant true")
            else:
                lines += [f"{ind}{p} = arith.remui {iv}, %c2 : index", f"{ind}{c} = arith.cmpi eq, {p}, %c0 : index"]
            lines += _if(op, c, deps, t, nm, ind, iv, sync)
        else:
            dl = "" if sync else f" async [{', '.join(deps)}]"
            lines += [ind + x for x in _simple(op.kind, op.args, dl, "" if sync else f"{t} = ", nm.fresh("nv"))]
    if sync:
        return lines, ""
    sinks = [names[i] for i in range(len(ops)) if i not in used] or entry
    if len(sinks) == 1:
        return lines, sinks[0]
    j = nm.fresh("j")
    return lines + [f"{ind}{j} = gpu.wait async [{', '.join(sinks)}]"], j


def _if(op, cond: str, entry: list[str], t: str, nm: _Names, ind: str, iv: str | None, sync: bool) -> list[str]:
    a, ya = _region(op.body, entry, nm, ind + "  ", iv, sync)
    b, yb = _region(op.orelse, entry, nm, ind + "  ", iv, sync)
    if sync:
        return [f"{ind}scf.if {cond} {{", *a, f"{ind}}} else {{", *b, f"{ind}}}"]
    return [f"{ind}{t} = scf.if {cond} -> (!gpu.async.token) {{", *a, f"{ind}  scf.yield {ya} : !gpu.async.token",
            f"{ind}}} else {{", *b, f"{ind}  scf.yield {yb} : !gpu.async.token", f"{ind}}}"]


def _for(op: Op, deps: list[str], t: str, nm: _Names, ind: str, sync: bool) -> list[str]:
    iv = nm.fresh("iv")
    head = f"{ind}scf.for {iv} = %c0 to %c{op.trips} step %c1"
    if sync:
        body, _ = _region(op.body, [], nm, ind + "  ", iv, sync)
        return [head + " {", *body, f"{ind}}}"]
    it = nm.fresh("it")
    lines = []
    if op.join_init and len(deps) > 1:
        init = nm.fresh("init")
        lines.append(f"{ind}{init} = gpu.wait async [{', '.join(deps)}]")
        entry = [it]
    else:
        init = deps[0]
        entry = [it] + deps[1:]  # the other deps are captured by the body's roots
    body, y = _region(op.body, entry, nm, ind + "  ", iv, sync)
    return lines + [f"{ind}{t} = " + head.lstrip() + f" iter_args({it} = {init}) -> (!gpu.async.token) {{", *body,
                    f"{ind}  scf.yield {y} : !gpu.async.token", f"{ind}}}"]


@dataclass
class Program:
    ops: list[Op]
    n_dev: int
    n_in: int
    n_out: int
    final_dealloc_async: list[bool]


@st.composite
def programs(draw, loops: bool = False) -> Program:
    n_dev = draw(st.integers(1, 3))
    n_in = draw(st.integers(0, 2))
    n_out = n_dev
    ops: list[Op] = []
    last_writer: dict[str, int | None] = {}
    readers: dict[str, list[int]] = {}

    def add(op: Op, extra: int = 0) -> int:
        deps: set[int] = set()
        for r in op.reads + op.writes:
            if last_writer.get(r) is not None:
                deps.add(last_writer[r])  # type: ignore[arg-type]
        for w in op.writes:
            deps.update(readers.get(w, []))
        op.data_deps = set(deps)
        for _ in range(extra):  # random extra edges: forks and joins beyond the data deps
            if ops:
                deps.add(draw(st.integers(0, len(ops) - 1)))
        op.deps = sorted(d for d in deps if ops[d].kind != "dealloc")
        ops.append(op)
        i = len(ops) - 1
        for r in op.reads:
            readers.setdefault(r, []).append(i)
        for w in op.writes:
            last_writer[w] = i
            readers[w] = []
        return i

    for d in range(n_dev):
        add(Op("alloc", (f"d{d}",), writes=(f"d{d}",)), extra=draw(st.integers(0, 1)))
    for j in range(n_dev):  # every device buffer starts defined
        if n_in and draw(st.booleans()):
            src = f"h{draw(st.integers(0, n_in - 1))}"
            add(Op("memcpy", (f"d{j}", src), reads=(src,), writes=(f"d{j}",)), extra=draw(st.integers(0, 1)))
        else:
            v = draw(st.integers(-3, 3))
            add(Op("memset", (f"d{j}", v), writes=(f"d{j}",)), extra=draw(st.integers(0, 1)))
    for _ in range(draw(st.integers(1, 9))):
        kind = draw(st.sampled_from(["memset", "memcpy", "launch", "launch", "join", "d2h"]
                                    + (["for", "for", "if"] if loops else [])))
        extra = draw(st.integers(0, 2))
        a = f"d{draw(st.integers(0, n_dev - 1))}"
        b = f"d{draw(st.integers(0, n_dev - 1))}"
        if kind == "memset":
            add(Op("memset", (a, draw(st.integers(-3, 3))), writes=(a,)), extra)
        elif kind == "memcpy":
            if a == b:
                continue
            add(Op("memcpy", (a, b), reads=(b,), writes=(a,)), extra)
        elif kind == "launch":
            add(Op("launch", (a, b), reads=(a, b), writes=(a,)), extra)
        elif kind == "d2h":
            h = f"o{draw(st.integers(0, n_out - 1))}"
            add(Op("memcpy", (h, a), reads=(a,), writes=(h,)), extra)
        elif kind == "for":
            op = Op("for", (), body=region(draw, n_dev, n_out, 1), trips=draw(st.integers(1, 3)),
                    join_init=draw(st.booleans()))
            r, w = _effects(op.body)
            op.reads, op.writes = tuple(sorted(r)), tuple(sorted(w))
            add(op, extra)
        elif kind == "if":
            op = Op("if", (), body=region(draw, n_dev, n_out, 1), orelse=region(draw, n_dev, n_out, 1),
                    trips=draw(st.integers(0, 1)))
            r, w = _effects([op])
            op.reads, op.writes = tuple(sorted(r)), tuple(sorted(w))
            add(op, extra)
        else:
            k = min(len(ops), draw(st.integers(2, 3)))
            deps = draw(st.lists(st.integers(0, len(ops) - 1), min_size=k, max_size=k, unique=True))
            op = Op("join", ())
            op.deps = sorted(d for d in deps if ops[d].kind != "dealloc")
            ops.append(op)
    for j in range(n_out):  # copy every device buffer back
        add(Op("memcpy", (f"o{j}", f"d{j}"), reads=(f"d{j}",), writes=(f"o{j}",)), extra=draw(st.integers(0, 1)))
    dealloc_async = [draw(st.booleans()) for _ in range(n_dev)]
    for d in range(n_dev):
        if dealloc_async[d]:
            add(Op("dealloc", (f"d{d}",), writes=(f"d{d}",)), extra=0)
    return Program(ops, n_dev, n_in, n_out, dealloc_async)


def render(p: Program, sync: bool = False, drop: tuple[int, int] | None = None) -> str:
    """MLIR text of ``p``; ``sync``: the same op sequence without tokens (for async-region);
    ``drop=(u, v)``: remove the dependency of op v on op u (the planted bug)."""
    lines = HEADER.split("\n")
    for h in range(p.n_in):
        lines += [f"    %h{h} = memref.alloc() : {TY}",
                  f"    scf.for %i = %c0 to %c{N} step %c1 {{",
                  "      %ii = arith.index_cast %i : index to i32",
                  "      %f = arith.sitofp %ii : i32 to f32",
                  f"      %s = arith.constant {h + 1}.0 : f32",
                  "      %g = arith.addf %f, %s : f32",
                  f"      memref.store %g, %h{h}[%i] : {TY}",
                  "    }"]
    for o in range(p.n_out):
        lines.append(f"    %o{o} = memref.alloc() : {TY}")
    if not sync:
        lines.append("    %t0 = gpu.wait async")
    used: set[int] = set()
    nm = _Names()
    for i, op in enumerate(p.ops):
        deps = [d for d in op.deps if (d, i) != drop]
        used.update(deps)
        toks = ", ".join(f"%t{d + 1}" for d in deps) or "%t0"
        dl = "" if sync else f" async [{toks}]"
        res = "" if sync else f", %t{i + 1}"
        tres = "" if sync else f"%t{i + 1} = "
        if op.kind == "for":
            fl = _for(op, [f"%t{d + 1}" for d in deps] or ["%t0"], f"%t{i + 1}", nm, "    ", sync)
            lines += fl
            continue
        if op.kind == "if":
            c = nm.fresh("cnd")
            lines.append(f"    {c} = arith.constant {'true' if op.trips else 'false'}")
            lines += _if(op, c, [f"%t{d + 1}" for d in deps] or ["%t0"], f"%t{i + 1}", nm, "    ", None, sync)
            continue
        if op.kind == "alloc":
            line = f"%{op.args[0]}{res} = gpu.alloc{dl} () : {TY}"
        elif op.kind == "memset":
            m, v = op.args
            lines.append(f"    %v{i} = arith.constant {float(v)} : f32")
            line = f"{tres}gpu.memset{dl} %{m}, %v{i} : {TY}, f32"
        elif op.kind == "memcpy":
            line = f"{tres}gpu.memcpy{dl} %{op.args[0]}, %{op.args[1]} : {TY}, {TY}"
        elif op.kind == "launch":
            line = (f"{tres}gpu.launch_func{dl} @k::@axpy blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) "
                    f"args(%{op.args[0]} : {TY}, %{op.args[1]} : {TY})")
        elif op.kind == "dealloc":
            line = f"{tres}gpu.dealloc{dl} %{op.args[0]} : {TY}"
        else:  # join
            if sync:
                continue
            line = f"{tres}gpu.wait async [{toks}]"
        lines.append("    " + line)
        op.line = len(lines)
    if not sync:
        sinks = [f"%t{i + 1}" for i in range(len(p.ops)) if i not in used]
        lines.append(f"    gpu.wait [{', '.join(sinks)}]")
    for d in range(p.n_dev):
        if not p.final_dealloc_async[d]:
            lines.append(f"    gpu.dealloc %d{d} : {TY}")
    for o in range(p.n_out):
        lines += [f"    %u{o} = memref.cast %o{o} : {TY} to memref<*xf32>",
                  f"    call @printMemrefF32(%u{o}) : (memref<*xf32>) -> ()",
                  f"    memref.dealloc %o{o} : {TY}"]
    for h in range(p.n_in):
        lines.append(f"    memref.dealloc %h{h} : {TY}")
    lines += ["    return", "  }", "}", ""]
    return "\n".join(lines)


def run(text: str, passes: str = "") -> tuple[str, str, int]:
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    pipe = parse_pipeline(f"builtin.module({passes})") if passes else None
    r = run_opt(text, "prop.mlir", Config(run=True, backend="sim", pipeline=pipe))
    return r.output, r.rendered_diagnostics() + r.stderr_text, r.exit_code


def _data(out: str) -> str:
    """printMemrefF32 output without the base addresses (allocation order may differ)."""
    return re.sub(r"base@ = 0x[0-9a-f]+", "base@", out)


def _check_clean(text: str, passes: str = "") -> str:
    out, err, rc = run(text, passes)
    assert (rc, err) == (0, ""), f"{passes or 'no passes'}:\n{err}\n{text}"
    assert out.count("Unranked Memref") > 0
    return _data(out)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_run_before_equals_after(p: Program) -> None:
    text = render(p)
    before = _check_clean(text)
    after = _check_clean(text, "wait-insertion,gpu-to-runtime")
    assert after == before, text
    sync = render(p, sync=True)
    assert _check_clean(sync) == before, sync
    lowered = _check_clean(sync, "async-region,wait-insertion,gpu-to-runtime")
    assert lowered == before, sync
    # async-region alone: the dependence DAG it builds runs race-free and prints the same, and no
    # op gets a second dependency (joins are explicit gpu.wait async)
    assert _check_clean(sync, "async-region") == before, sync
    threaded = _opt(sync, "async-region")
    assert not re.search(r"gpu\.(launch_func|alloc|dealloc|memcpy|memset) async \[%[^],]*, ", threaded), threaded


def _opt(text: str, passes: str) -> str:
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    r = run_opt(text, "prop.mlir", Config(pipeline=parse_pipeline(f"builtin.module({passes})")))
    assert r.exit_code == 0, r.rendered_diagnostics()
    return r.output


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(loops=True))
def test_run_with_loops_before_equals_after(p: Program) -> None:
    """Loops and branches: scf.for carrying a token (forks/joins and captured tokens in the body,
    scf.if yielding a token inside), top-level scf.if; same output, zero hazards, zero leaks, and
    streams/events created == destroyed along the executed path (--run-stats)."""
    text = render(p)
    before = _check_clean(text)
    for passes in ("wait-insertion,gpu-to-runtime", "gpu-to-runtime"):
        assert _check_clean(text, passes) == before, (passes, text)
        stats = _run_stats(text, passes)
        assert stats["streams_created"] == stats["streams_destroyed"], (passes, stats, text)
        assert stats["events_created"] == stats["events_destroyed"], (passes, stats, text)
        assert (stats["streams_leaked"], stats["events_leaked"], stats["allocations_leaked"], stats["hazards"]) \
            == (0, 0, 0, 0), (passes, stats, text)
    sync = render(p, sync=True)
    assert _check_clean(sync) == before, sync
    assert _check_clean(sync, "async-region,wait-insertion,gpu-to-runtime") == before, sync


def _run_stats(text: str, passes: str) -> dict:
    import json
    import os
    import tempfile

    from asyncgpu_opt.passes.pipeline import parse_pipeline

    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        cfg = Config(run=True, backend="sim", pipeline=parse_pipeline(f"builtin.module({passes})"), run_stats=path)
        r = run_opt(text, "prop.mlir", cfg)
        assert r.exit_code == 0, r.rendered_diagnostics() + r.stderr_text
        with open(path) as f:
            return json.load(f)
    finally:
        os.unlink(path)


def _reaches(p: Program, u: int, v: int, drop: tuple[int, int]) -> bool:
    stack, seen = [v], set()
    while stack:
        x = stack.pop()
        for d in p.ops[x].deps:
            if (d, x) == drop or d in seen:
                continue
            if d == u:
                return True
            seen.add(d)
            stack.append(d)
    return False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.data())
def test_dropped_edge_is_a_race(p: Program, data) -> None:
    racy = ("memset", "memcpy", "launch")
    cands = [(u, v) for v, op in enumerate(p.ops) if op.kind in racy for u in sorted(op.data_deps)
             if p.ops[u].kind in racy and not _reaches(p, u, v, (u, v))]
    assume(cands)
    u, v = data.draw(st.sampled_from(cands))
    text = render(p, drop=(u, v))
    _, err, rc = run(text)
    assert rc != 0, text
    lu, lv = p.ops[u].line, p.ops[v].line
    races = [ln for ln in err.splitlines() if "data race" in ln]
    assert any(f"prop.mlir:{lu}:" in ln and f"prop.mlir:{lv}:" in ln for ln in races), (err, text, (lu, lv))
