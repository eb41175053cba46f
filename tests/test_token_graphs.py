"""Property test: random valid token graphs (forks, joins, N-dependency ops, ``scf.for`` carrying
tokens through iter_args with forks/joins in the body, ``scf.if`` yielding tokens, tokens captured
from enclosing regions) through ``wait-insertion`` and ``gpu-to-runtime``.

Structural invariants checked:
- no gpu host op (or ``!gpu.async.token``) is left after gpu-to-runtime;
- after wait-insertion every async op other than ``gpu.wait`` has at most one dependency;
- stream/event create/destroy are balanced: statically per block for straight-line code, and
  dynamically along the path actually executed (``--run --run-stats``: created == destroyed, no
  leaks, no hazards) for every program, loops included;
- every output re-parses, and (with the upstream oracle) verifies upstream; wait-insertion's output
  for straight-line graphs is lowered by upstream ``-gpu-to-llvm`` leaving no 2-dependency gpu op.

The programs are executable on the simulator: kernels are empty, ``gpu.memset`` (top level only)
writes a buffer of its own, and the final host wait covers every memset and every unconsumed
top-level token, so the graphs cannot race whatever their shape."""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]

LAUNCH = "gpu.launch_func async {d}@k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)"
TOK = "!gpu.async.token"


@dataclass
class Graph:
    text: str
    has_regions: bool
    memsets: list[str] = field(default_factory=list)


class _Gen:
    def __init__(self, draw, allow_regions: bool):
        self.draw = draw
        self.allow_regions = allow_regions
        self.n = 0
        self.lines: list[str] = []
        self.memsets: list[str] = []
        self.has_regions = False

    def fresh(self, prefix: str = "t") -> str:
        self.n += 1
        return f"%{prefix}{self.n}"

    def deps(self, scope: list[str], used: set[str], kmax: int = 3) -> str:
        k = self.draw(st.integers(0, min(kmax, len(scope))))
        ds = self.draw(st.lists(st.sampled_from(scope), min_size=k, max_size=k)) if k else []
        used.update(ds)
        return "[" + ", ".join(ds) + "] " if ds else ""

    def region(self, scope: list[str], ind: str, depth: int, iv: str | None, n_ops: int) -> tuple[list[str], set[str]]:
        """Emit ``n_ops`` ops at indentation ``ind``; returns (tokens defined here, tokens used)."""
        local: list[str] = []
        used: set[str] = set()
        kinds = ["wait", "launch", "launch"]
        if depth == 0:
            kinds.append("memset")
        if self.allow_regions and depth < 2:
            kinds += ["for", "if"]
        for _ in range(n_ops):
            kind = self.draw(st.sampled_from(kinds))
            sc = scope + local
            if kind in ("wait", "launch", "memset"):
                t = self.fresh()
                d = self.deps(sc, used)
                if kind == "wait":
                    self.lines.append(f"{ind}{t} = gpu.wait async {d}".rstrip())
                elif kind == "launch":
                    self.lines.append(f"{ind}{t} = " + LAUNCH.format(d=d))
                else:
                    b, a = self.fresh("b"), self.fresh("a")
                    self.lines.insert(1, f"    {b}, {a} = gpu.alloc async [%t0] () : memref<4xi32>")
                    d = "[" + ", ".join([a] + d.strip()[1:-1].split(", ")).rstrip(", ") + "] "
                    self.lines.append(f"{ind}{t} = gpu.memset async {d}{b}, %v : memref<4xi32>, i32")
                    self.memsets.append(b + " " + t)
                local.append(t)
            elif kind == "for":
                self.has_regions = True
                n_iter = self.draw(st.integers(1, 2))
                inits = [self.draw(st.sampled_from(sc)) for _ in range(n_iter)]
                used.update(inits)
                its = [self.fresh("it") for _ in range(n_iter)]
                res = [self.fresh() for _ in range(n_iter)]
                i = self.fresh("i")
                trips = self.draw(st.integers(0, 3))
                self.lines.append(f"{ind}{', '.join(res)} = scf.for {i} = %c0 to %c{trips} step %c1 iter_args("
                                  + ", ".join(f"{a} = {b}" for a, b in zip(its, inits))
                                  + f") -> ({', '.join([TOK] * n_iter)}) {{")
                inner, inner_used = self.region(sc + its, ind + "  ", depth + 1, i, self.draw(st.integers(0, 4)))
                used.update(u for u in inner_used if u in sc)
                ys = [self.draw(st.sampled_from(inner + its + sc)) for _ in range(n_iter)]
                self.lines.append(f"{ind}  scf.yield {', '.join(ys)} : {', '.join([TOK] * n_iter)}")
                self.lines.append(f"{ind}}}")
                local += res
            else:  # if
                self.has_regions = True
                n_res = self.draw(st.integers(1, 2))
                c = self.fresh("cnd")
                if iv is not None:
                    p = self.fresh("p")
                    self.lines.append(f"{ind}{p} = arith.remui {iv}, %c2 : index")
                    self.lines.append(f"{ind}{c} = arith.cmpi eq, {p}, %c0 : index")
                else:
                    self.lines.append(f"{ind}{c} = arith.constant {self.draw(st.sampled_from(['true', 'false']))}")
                res = [self.fresh() for _ in range(n_res)]
                self.lines.append(f"{ind}{', '.join(res)} = scf.if {c} -> ({', '.join([TOK] * n_res)}) {{")
                for branch in range(2):
                    if branch:
                        self.lines.append(f"{ind}}} else {{")
                    inner, inner_used = self.region(sc, ind + "  ", depth + 1, iv, self.draw(st.integers(0, 3)))
                    used.update(u for u in inner_used if u in sc)
                    ys = [self.draw(st.sampled_from(inner + sc)) for _ in range(n_res)]
                    self.lines.append(f"{ind}  scf.yield {', '.join(ys)} : {', '.join([TOK] * n_res)}")
                self.lines.append(f"{ind}}}")
                local += res
        return local, used


@st.composite
def graphs(draw, allow_regions: bool = True) -> Graph:
    g = _Gen(draw, allow_regions)
    g.lines.append("    %t0 = gpu.wait async")
    local, used = g.region(["%t0"], "    ", 0, None, draw(st.integers(1, 8)))
    toks = ["%t0"] + local
    sinks = [t for t in toks if t not in used]
    extra = draw(st.lists(st.sampled_from(toks), max_size=2))
    final = list(dict.fromkeys(sinks + extra + [m.split()[1] for m in g.memsets]))
    if g.memsets:  # stream-ordered frees after everything
        g.lines.append("    %fin = gpu.wait async [" + ", ".join(final) + "]")
        final = []
        for k, m in enumerate(g.memsets):
            g.lines.append(f"    %free{k} = gpu.dealloc async [%fin] {m.split()[0]} : memref<4xi32>")
            final.append(f"%free{k}")
    g.lines.append("    gpu.wait [" + ", ".join(final) + "]")
    text = ("module attributes {gpu.container_module} {\n"
            "  gpu.module @k {\n    gpu.func @k() kernel {\n      gpu.return\n    }\n  }\n"
            "  func.func @main() {\n"
            + "".join(f"    %c{i} = arith.constant {i} : index\n" for i in range(4))
            + "    %v = arith.constant 7 : i32\n"
            + "\n".join(g.lines) + "\n    return\n  }\n}\n")
    return Graph(text, g.has_regions, g.memsets)


def _opt(text: str, passes: list[str], run_stats: str | None = None):
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    pipe = parse_pipeline("builtin.module(" + ",".join(passes) + ")") if passes else None
    cfg = Config(pipeline=pipe, run=run_stats is not None, backend="sim", run_stats=run_stats)
    return run_opt(text, "<t>", cfg)


def _host(out: str) -> str:
    """The host function of a printed module (the part after the kernel module)."""
    return out[out.index("func.func @main"):]


HOST_OPS = ("gpu.wait", "gpu.memset", "gpu.memcpy", "gpu.alloc", "gpu.dealloc", "!gpu.async.token")


def check_lowered(out: str, straight_line: bool) -> None:
    host = _host(out)
    for op in HOST_OPS:
        assert op not in host, (op, out)
    for line in host.splitlines():
        if "gpu.launch_func" in line:
            assert "gpu.launch_func <%" in line and "async" not in line, line
    if straight_line:  # one block: every stream/event created is destroyed in it
        assert host.count("@mgpuStreamCreate()") == host.count("@mgpuStreamDestroy("), out
        assert host.count("@mgpuEventCreate()") == host.count("@mgpuEventDestroy("), out


def at_most_one_dep(out: str) -> None:
    for line in out.splitlines():
        m = re.search(r"(gpu\.\w+) async \[([^\]]*)\]", line)
        if m and m.group(1) != "gpu.wait":
            assert "," not in m.group(2), line


def run_balanced(text: str, passes: list[str]) -> dict:
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        r = _opt(text, passes, run_stats=path)
        assert r.exit_code == 0, (passes, r.rendered_diagnostics() + r.stderr_text, text)
        with open(path) as f:
            s = json.load(f)
    finally:
        os.unlink(path)
    assert s["streams_created"] == s["streams_destroyed"], (passes, s, text)
    assert s["events_created"] == s["events_destroyed"], (passes, s, text)
    assert (s["streams_leaked"], s["events_leaked"], s["allocations_leaked"], s["hazards"]) == (0, 0, 0, 0), s
    return s


def _check(g: Graph) -> None:
    src = g.text
    wi = _opt(src, ["wait-insertion"])
    assert wi.exit_code == 0, (wi.rendered_diagnostics(), src)
    at_most_one_dep(wi.output)
    assert _opt(wi.output, []).exit_code == 0, wi.output
    for inp, passes in ((src, ["gpu-to-runtime"]), (src, ["wait-insertion", "gpu-to-runtime"])):
        r = _opt(inp, passes)
        assert r.exit_code == 0, (passes, r.rendered_diagnostics(), src)
        check_lowered(r.output, straight_line=not g.has_regions)
        r3 = _opt(r.output, [])
        assert r3.exit_code == 0, (r3.rendered_diagnostics(), r.output)
        run_balanced(src, passes)
    run_balanced(src, [])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(allow_regions=False))
def test_straight_line_token_graphs(g: Graph) -> None:
    _check(g)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(allow_regions=True))
def test_token_graphs_with_loops(g: Graph) -> None:
    _check(g)


# -- streams against the width of the graph -------------------------------------------------------

_ASYNC_LINE = re.compile(r"^\s*(%\w+)(?:, (%\w+))? = gpu\.(\w+) async(?: \[([^\]]*)\])?")


def _width(text: str) -> int:
    """The width of the ordering of a straight-line graph's work (launches, memsets, frees; joins and
    allocations are ordering only): the fewest chains covering it (Dilworth: work ops minus a
    maximum matching of "u before v"), computed here from the text, independently of the pass."""
    before: dict[str, set[str]] = {}  # token -> the work tokens it is ordered after
    work: list[str] = []
    for line in text.splitlines():
        m = _ASYNC_LINE.match(line)
        if not m:
            continue
        first, second, op, deps = m.groups()
        tok = second if op == "alloc" else first
        after: set[str] = set()
        for d in (deps or "").split(", "):
            if d:
                after |= before.get(d, set()) | ({d} if d in work else set())
        before[tok] = after
        if op in ("launch_func", "memset", "dealloc"):
            work.append(tok)
    match: dict[str, str] = {}  # v -> the u it follows

    def augment(u: str, seen: set[str]) -> bool:
        for v in work:
            if u in before[v] and v not in seen:
                seen.add(v)
                if v not in match or augment(match[v], seen):
                    match[v] = u
                    return True
        return False

    return len(work) - sum(augment(u, set()) for u in work)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(allow_regions=False))
def test_streams_at_most_the_width(g: Graph) -> None:
    """gpu-to-runtime runs a straight-line token graph on at most as many streams as the graph is
    wide (a chain cover: no schedule without false dependencies needs fewer), with its input
    tokens or wait-insertion's, without leaks or hazards; stream-pool=false keeps one stream per
    token as upstream (more than the width when the graph has a chain)."""
    w = _width(g.text)
    for passes in (["gpu-to-runtime"], ["wait-insertion", "gpu-to-runtime"]):
        s = run_balanced(g.text, passes)
        assert s["streams_created"] <= max(w, 1), (passes, s["streams_created"], w, g.text)


# -- upstream oracle ---------------------------------------------------------------------------


def _examples(strategy, n: int) -> list[Graph]:
    """``n`` deterministic examples of ``strategy`` (hypothesis' find with a fixed seed)."""
    out: list[Graph] = []

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(g: Graph) -> None:
        out.append(g)

    collect()
    return out[:n]


def test_upstream_accepts_lowered_output(mlir_opt_ref) -> None:
    gs = _examples(graphs(allow_regions=True), 12) + _examples(graphs(allow_regions=False), 6)
    for g in gs:
        for passes in (["gpu-to-runtime"], ["wait-insertion", "gpu-to-runtime"]):
            r = _opt(g.text, passes)
            assert r.exit_code == 0, (r.rendered_diagnostics(), g.text)
            up = mlir_opt_ref(r.output)
            assert up.returncode == 0, (up.stderr, r.output)


def test_upstream_gpu_to_llvm_accepts_wait_insertion_output(mlir_opt_ref) -> None:
    for g in _examples(graphs(allow_regions=False), 12):
        wi = _opt(g.text, ["wait-insertion"])
        assert wi.exit_code == 0, (wi.rendered_diagnostics(), g.text)
        up = mlir_opt_ref(wi.output, "-gpu-to-llvm")
        assert up.returncode == 0, (up.stderr, wi.output)
        for line in up.stdout.splitlines():
            m = re.search(r"(gpu\.\w+).*\[([^\]]*)\]", line)
            if m and m.group(1) != "gpu.module" and "%" in m.group(2):
                assert "," not in m.group(2), (line, wi.output)
        for line in up.stdout.splitlines():  # everything else is lowered
            assert not re.search(r"= gpu\.(wait|memset|memcpy|alloc|dealloc)\b", line), (line, wi.output)


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])
