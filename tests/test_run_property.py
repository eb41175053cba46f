"""Property test of the async passes by execution: random race-free programs with token graphs
(forks, joins, multi-dependency ops) run on the simulator before lowering, after
``wait-insertion,gpu-to-runtime``, and (as a synchronous variant) after
``async-region,wait-insertion,gpu-to-runtime``; all three print the same, with zero hazards and zero
leaks.  A planted-bug variant drops one dependency edge and expects a data race naming both ops.

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


@dataclass
class Program:
    ops: list[Op]
    n_dev: int
    n_in: int
    n_out: int
    final_dealloc_async: list[bool]


@st.composite
def programs(draw) -> Program:
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
        kind = draw(st.sampled_from(["memset", "memcpy", "launch", "launch", "join", "d2h"]))
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
    for i, op in enumerate(p.ops):
        deps = [d for d in op.deps if (d, i) != drop]
        used.update(deps)
        toks = ", ".join(f"%t{d + 1}" for d in deps) or "%t0"
        dl = "" if sync else f" async [{toks}]"
        res = "" if sync else f", %t{i + 1}"
        tres = "" if sync else f"%t{i + 1} = "
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
