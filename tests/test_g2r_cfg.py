"""Property test: gpu-to-runtime on multi-block functions (``cf.br`` / ``cf.cond_br`` / ``cf.switch``).

Random CFGs built from straight edges, diamonds and three-way switches (tokens defined before the
branch used in the arms and after the merge, arm tokens merged through block arguments, edges
passing tokens explicitly)
and loops whose back edge carries a token (header counter as a block argument), nested in one
another, with random token graphs (forks, joins) in every block.  Checked:
- the lowered IR has no gpu host op and no ``!gpu.async.token`` left, and re-parses;
- along the paths actually executed (``--run --run-stats``, sim backend) every stream and event
  created is destroyed, nothing leaks and there is no hazard: directly, after ``wait-insertion``,
  and without the stream pool;
- (with the upstream oracle) upstream mlir-opt accepts the lowered IR.
Kernels are empty and there is no memory traffic, so the programs cannot race whatever their
shape; the last block waits for every token in scope."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_token_graphs import _examples, _opt, run_balanced

TOK = "!gpu.async.token"
LAUNCH = "gpu.launch_func async {d}@k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)"


class _Cfg:
    def __init__(self, draw) -> None:
        self.draw = draw
        self.n = 0
        self.lines: list[str] = []

    def fresh(self, p: str) -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def label(self) -> str:
        self.n += 1
        return f"^bb{self.n}"

    def pick(self, scope: list[str], kmax: int) -> list[str]:
        k = self.draw(st.integers(0, min(kmax, len(scope))))
        return self.draw(st.lists(st.sampled_from(scope), min_size=k, max_size=k)) if k else []

    def ops(self, scope: list[str], nmax: int = 3) -> list[str]:
        """Straight-line token ops in the current block; returns the tokens defined."""
        local: list[str] = []
        for _ in range(self.draw(st.integers(0, nmax))):
            t = self.fresh("t")
            ds = self.pick(scope + local, 3)
            d = "[" + ", ".join(ds) + "] " if ds else ""
            if self.draw(st.booleans()):
                self.lines.append(f"    {t} = gpu.wait async {d}".rstrip())
            else:
                self.lines.append(f"    {t} = " + LAUNCH.format(d=d))
            local.append(t)
        return local

    def open_block(self, lab: str, args: list[tuple[str, str]]) -> None:
        a = "(" + ", ".join(f"{n}: {t}" for n, t in args) + ")" if args else ""
        self.lines.append(f"  {lab}{a}:")

    @staticmethod
    def succ(lab: str, vals: list[str]) -> str:
        return f"{lab}({', '.join(vals)} : {', '.join([TOK] * len(vals))})" if vals else lab

    def segment(self, scope: list[str], conds: list[str], depth: int) -> list[str]:
        """Emit ops then one control-flow shape; returns the tokens in scope after it."""
        scope = scope + self.ops(scope)
        kinds = ["end", "br", "diamond", "switch"] + (["loop", "diamond"] if depth < 2 else [])
        kind = self.draw(st.sampled_from(kinds)) if depth < 3 else "end"
        if kind == "end":
            return scope
        if kind == "br":
            passed = self.pick(scope, 2)
            nxt = self.label()
            args = [self.fresh("a") for _ in passed]
            self.lines.append(f"    cf.br {self.succ(nxt, passed)}")
            self.open_block(nxt, [(a, TOK) for a in args])
            return self.segment(scope + args, conds, depth + 1)
        if kind in ("diamond", "switch"):  # two (cond_br) or three (switch) arms and a merge
            c = self.draw(st.sampled_from(conds))
            labs = [self.label() for _ in range(2 if kind == "diamond" else 3)]
            lm = self.label()
            passed = [self.pick(scope, 2) for _ in labs]
            argss = [[self.fresh("a") for _ in p] for p in passed]
            if kind == "diamond":
                self.lines.append(f"    cf.cond_br {c}, {self.succ(labs[0], passed[0])}, "
                                  f"{self.succ(labs[1], passed[1])}")
            else:
                sel = self.fresh("sel")
                self.lines.append(f"    {sel} = arith.extui {c} : i1 to i32")
                self.lines.append(f"    cf.switch {sel} : i32, [")
                self.lines.append(f"      default: {self.succ(labs[0], passed[0])},")
                self.lines.append(f"      0: {self.succ(labs[1], passed[1])},")
                self.lines.append(f"      1: {self.succ(labs[2], passed[2])}")
                self.lines.append("    ]")
            n_merge = self.draw(st.integers(0, 2))
            margs = [self.fresh("m") for _ in range(n_merge)]
            for lab, args in zip(labs, argss):
                self.open_block(lab, [(a, TOK) for a in args])
                inner = self.segment(scope + args, conds, depth + 1)
                out = [self.draw(st.sampled_from(inner)) for _ in margs] if inner else []
                if len(out) < len(margs):  # nothing in scope: a fresh token
                    out = []
                    for _ in margs:
                        t = self.fresh("t")
                        self.lines.append(f"    {t} = gpu.wait async")
                        out.append(t)
                self.lines.append(f"    cf.br {self.succ(lm, out)}")
            self.open_block(lm, [(m, TOK) for m in margs])
            return self.segment(scope + margs, conds, depth + 1)
        # loop: ^h(%i, %it) with a trip count 0..3; the back edge carries a token
        trips = self.draw(st.integers(0, 3))
        lh, lbody, lx = self.label(), self.label(), self.label()
        i, it = self.fresh("i"), self.fresh("it")
        init = self.draw(st.sampled_from(scope)) if scope else None
        if init is None:
            init = self.fresh("t")
            self.lines.append(f"    {init} = gpu.wait async")
        self.lines.append(f"    cf.br {lh}(%c0, {init} : index, {TOK})")
        self.open_block(lh, [(i, "index"), (it, TOK)])
        cnd = self.fresh("cnd")
        self.lines.append(f"    {cnd} = arith.cmpi slt, {i}, %c{trips} : index")
        self.lines.append(f"    cf.cond_br {cnd}, {lbody}, {lx}")
        self.open_block(lbody, [])
        par, odd = self.fresh("p"), self.fresh("odd")
        self.lines.append(f"    {par} = arith.remui {i}, %c2 : index")
        self.lines.append(f"    {odd} = arith.cmpi eq, {par}, %c1 : index")
        inner = self.segment(scope + [it], conds + [odd], depth + 1)
        nxt = self.fresh("in")
        self.lines.append(f"    {nxt} = arith.addi {i}, %c1 : index")
        self.lines.append(f"    cf.br {lh}({nxt}, {self.draw(st.sampled_from(inner))} : index, {TOK})")
        self.open_block(lx, [])
        return self.segment(scope + [it], conds, depth + 1)


@st.composite
def cfgs(draw) -> str:
    g = _Cfg(draw)
    g.lines.append("    %t0 = gpu.wait async")
    final = g.segment(["%t0"], ["%true", "%false"], 0)
    final = list(dict.fromkeys(final))
    g.lines.append("    gpu.wait [" + ", ".join(final) + "]" if final else "    gpu.wait")
    g.lines.append("    return")
    return ("module attributes {gpu.container_module} {\n"
            "  gpu.module @k {\n    gpu.func @k() kernel {\n      gpu.return\n    }\n  }\n"
            "  func.func @main() {\n"
            + "".join(f"    %c{i} = arith.constant {i} : index\n" for i in range(4))
            + "    %true = arith.constant true\n    %false = arith.constant false\n"
            + "\n".join(g.lines) + "\n  }\n}\n")


def _check_lowered(out: str) -> None:
    host = out[out.index("func.func @main"):]
    for bad in ("gpu.wait", "gpu.memset", "gpu.memcpy", "gpu.alloc", "gpu.dealloc", "!gpu.async.token"):
        assert bad not in host, (bad, out)
    for line in host.splitlines():
        if "gpu.launch_func" in line:
            assert "gpu.launch_func <%" in line and "async" not in line, line
        m = re.match(r"\s*\^bb\d+\((.*)\):", line)
        if m:
            for arg in m.group(1).split(", "):
                assert arg.split(": ")[1] in ("index", "!llvm.ptr"), line


def _check(src: str) -> None:
    run_balanced(src, [])
    for passes in (["gpu-to-runtime"], ["wait-insertion", "gpu-to-runtime"],
                   ["gpu-to-runtime{stream-pool=false}"]):
        r = _opt(src, passes)
        assert r.exit_code == 0, (passes, r.rendered_diagnostics(), src)
        _check_lowered(r.output)
        r2 = _opt(r.output, [])
        assert r2.exit_code == 0, (r2.rendered_diagnostics(), r.output)
        run_balanced(src, passes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfgs())
def test_random_cfgs(src: str) -> None:
    _check(src)


def test_cfg_shapes_are_generated() -> None:
    """The generator does produce loops, diamonds, switches and block-argument tokens."""
    text = "\n".join(_examples(cfgs(), 60))
    assert re.search(r"cf.switch %sel\d+ : i32, \[", text)
    assert "cf.cond_br %cnd" in text
    assert "cf.cond_br %true" in text or "cf.cond_br %false" in text
    assert "cf.cond_br %odd" in text
    assert re.search(r"\^bb\d+\(%[am]\d+: !gpu.async.token", text)
    assert re.search(r"cf.br \^bb\d+\(%in\d+, ", text)


def test_unused_token_on_one_edge_is_destroyed() -> None:
    """A token used on one side of a diamond only: the other edge destroys its event."""
    src = ("module attributes {gpu.container_module} {\n  func.func @main() {\n"
           "    %c = arith.constant false\n    %t0 = gpu.wait async\n    cf.cond_br %c, ^a, ^b\n"
           "  ^a:\n    gpu.wait [%t0]\n    return\n  ^b:\n    return\n  }\n}\n")
    r = _opt(src, ["gpu-to-runtime"])
    assert r.exit_code == 0, r.rendered_diagnostics()
    _check_lowered(r.output)
    s = run_balanced(src, ["gpu-to-runtime"])
    assert s["events_created"] == 1 and s["streams_created"] == 1, s


def test_upstream_accepts_lowered_cfgs(mlir_opt_ref) -> None:
    for src in _examples(cfgs(), 10):
        for passes in (["gpu-to-runtime"], ["wait-insertion", "gpu-to-runtime"]):
            r = _opt(src, passes)
            assert r.exit_code == 0, (r.rendered_diagnostics(), src)
            up = mlir_opt_ref(r.output)
            assert up.returncode == 0, (up.stderr, r.output)
