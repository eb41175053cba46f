"""Property test: random token graphs (forks, joins, N-dependency ops) through wait-insertion and
gpu-to-runtime: no gpu host op left, <= 1 dependency after wait-insertion, balanced stream/event
create/destroy counts on the (straight-line) path, output re-parses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]


@st.composite
def programs(draw):
    n = draw(st.integers(1, 8))
    lines = ["%t0 = gpu.wait async"]
    toks = ["%t0"]
    for i in range(1, n + 1):
        k = draw(st.integers(0, min(3, len(toks))))
        deps = draw(st.lists(st.sampled_from(toks), min_size=k, max_size=k)) if k else []
        kind = draw(st.sampled_from(["wait", "memset", "launch"]))
        d = "[" + ", ".join(deps) + "]" if deps else ""
        if kind == "wait":
            lines.append(f"%t{i} = gpu.wait async {d}")
        elif kind == "memset":
            lines.append(f"%t{i} = gpu.memset async {d} %m, %v : memref<4xi32>, i32")
        else:
            lines.append(f"%t{i} = gpu.launch_func async {d} @k::@k blocks in (%n, %n, %n) "
                         "threads in (%n, %n, %n)")
        toks.append(f"%t{i}")
    sink = draw(st.lists(st.sampled_from(toks), min_size=1, max_size=3))
    lines.append("gpu.wait [" + ", ".join(sink) + "]")
    body = "\n    ".join(lines)
    return ("module attributes {gpu.container_module} {\n"
            "  gpu.binary @k [#gpu.object<#rocdl.target, assembly = \"\">]\n"
            "  func.func @f(%m: memref<4xi32>, %v: i32, %n: index) {\n    " + body + "\n    return\n  }\n}\n")


def _run(text: str, passes: list[str]):
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    pipe = parse_pipeline("builtin.module(" + ",".join(passes) + ")") if passes else None
    return run_opt(text, "<t>", Config(pipeline=pipe))


@settings(max_examples=40, deadline=None)
@given(programs())
def test_token_graphs(src):
    r = _run(src, ["wait-insertion"])
    assert r.exit_code == 0, r.diagnostics
    for line in r.output.splitlines():
        if "async [" in line and "gpu.wait" not in line:
            assert "," not in line.split("async [")[1].split("]")[0]
    r2 = _run(src, ["gpu-to-runtime"])
    assert r2.exit_code == 0, r2.diagnostics
    out = r2.output
    body = out.split("llvm.func @mgpu")[0]
    for op in ("gpu.wait", "gpu.memset", "gpu.alloc"):
        assert op not in body
    assert body.count("@mgpuStreamCreate()") == body.count("@mgpuStreamDestroy(")
    assert body.count("@mgpuEventCreate()") == body.count("@mgpuEventDestroy(")
    r3 = _run(out, [])
    assert r3.exit_code == 0, r3.diagnostics
