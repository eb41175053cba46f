"""Work counted, not timed: wait-insertion + gpu-to-runtime and the verifier on a deep nest of
``scf.execute_region`` (each with an async launch) do work linear in the depth (they were cubic:
a walk of every region op per nesting level, a symbol-table search up the whole nest per op)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from asyncgpu_opt import api
from asyncgpu_opt.ir import core, symbols
from asyncgpu_opt.passes.gpu_to_runtime import regions

LAUNCH = ("%t{k} = gpu.wait async\n%u{k} = gpu.launch_func async [%t{k}] @k::@kern blocks in (%c1, %c1, %c1) "
          "threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)\n")


def _deep(n: int) -> str:
    return ("module attributes {gpu.container_module} {\ngpu.module @k {\n"
            "gpu.func @kern(%a: memref<16xf32>) kernel { gpu.return }\n}\n"
            "func.func @f(%m: memref<16xf32>) {\n%c1 = arith.constant 1 : index\n"
            + "".join("scf.execute_region {\n" + LAUNCH.format(k=k) for k in range(n))
            + "scf.yield\n" + "}\nscf.yield\n" * (n - 1) + "}\nreturn\n}\n}\n")


def _on_big_stack(fn: Callable[[], None]) -> None:
    """Deep nests recurse: run as the driver does (large stack, high recursion limit)."""
    old_limit, old_size = sys.getrecursionlimit(), threading.stack_size()
    sys.setrecursionlimit(max(old_limit, 60000))
    threading.stack_size(256 * 1024 * 1024)
    err: list[BaseException] = []

    def run() -> None:
        try:
            fn()
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller
            err.append(e)

    try:
        t = threading.Thread(target=run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if err:
        raise err[0]


def _lower_counting(n: int, monkeypatch) -> tuple[int, int, str]:
    """(region ops scanned, parent hops of the symbol lookups while verifying, the output)."""
    scans = [0]
    hops = [0]
    real_scan = regions._scan
    real_parent_op = core.Block.parent_op

    def scan(*a: object) -> object:
        scans[0] += 1
        return real_scan(*a)

    def parent_op(self: core.Block) -> object:
        hops[0] += 1
        return real_parent_op.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(regions, "_scan", scan)
    monkeypatch.setattr(core.Block, "parent_op", property(parent_op))
    out: list[str] = []

    def go() -> None:
        m = api.parse(_deep(n))
        hops[0] = 0
        api.run_passes(m, ["wait-insertion", "gpu-to-runtime"])
        out.append(api.print_ir(m))

    _on_big_stack(go)
    return scans[0], hops[0], out[0]


def test_deep_nest_lowering_is_linear(monkeypatch) -> None:
    s1, h1, out1 = _lower_counting(60, monkeypatch)
    s4, h4, out4 = _lower_counting(240, monkeypatch)
    # every execute_region lowered (its launch on a stream), none left
    assert out4.count("mgpuStreamCreate") >= 240 and "gpu.launch_func async" not in out4
    assert s1 == 60 and s4 == 240  # each region op scanned once, not once per enclosing level
    assert h4 <= 4.5 * h1, (h1, h4)  # symbol lookups: O(1) hops per op while verifying


def test_nearest_is_remembered_only_while_frozen() -> None:
    """Outside verification ``nearest`` walks (the IR may change); inside, answers are remembered
    per block and forgotten on leaving."""
    m = api.parse(_deep(3))
    launch = next(o for o in m.walk() if o.name == "gpu.launch_func")
    assert symbols.nearest(launch, "builtin.module") is m
    assert symbols.symbol_table_of(launch) is m
    assert symbols._MEMO is None
    with symbols.frozen():
        assert symbols.nearest(launch, "builtin.module") is m
        assert symbols._MEMO
    assert symbols._MEMO is None
