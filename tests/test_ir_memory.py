"""What keeps the IR small: erased ops are freed while passes run (with the cyclic collector off),
attribute dicts shared between ops are read-only, batched block inserts keep their order."""

from __future__ import annotations

import gc
import threading

import pytest

from asyncgpu_opt.diagnostics import Source
from asyncgpu_opt.driver import Config, _ChunkRun
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.ir.core import Block, Operation, SharedAttributes
from asyncgpu_opt.ir.opdef import lookup_opdef
from asyncgpu_opt.passes.pipeline import Nest, PassHooks, add_flag_pass, parse_options, run_pipeline

PROGRAM = """
func.func @f(%m: memref<16xi32>) {
  %t0 = gpu.wait async
  %a, %t1 = gpu.alloc async [%t0] () : memref<16xi32>
  %t2 = gpu.memcpy async [%t1] %a, %m : memref<16xi32>, memref<16xi32>
  %t3 = gpu.memcpy async [%t1] %m, %a : memref<16xi32>, memref<16xi32>
  %t4 = gpu.dealloc async [%t2, %t3] %a : memref<16xi32>
  gpu.wait [%t4]
  return
}
"""


def _live_ops_outside(module: Operation, before: set[int]) -> list[str]:
    """Ops alive now, other than the module's and those alive ``before`` (other tests' leftovers,
    e.g. IR some test froze)."""
    inside = {id(o) for o in module.walk()}
    return [o.name for o in gc.get_objects()
            if type(o) is Operation and id(o) not in inside and id(o) not in before]


def test_lowering_frees_what_it_erases() -> None:
    """Parsed gpu ops, the waits wait-insertion adds and gpu-to-runtime erases, and the parser's
    own tables are freed by reference counting: nothing outside the module stays alive."""
    box: dict[str, list[str]] = {}

    def run() -> None:  # the driver's conditions: cyclic collector off from parsing on
        gc.collect()
        gc.disable()
        try:
            before = {id(o) for o in gc.get_objects() if type(o) is Operation}
            pipeline = Nest("builtin.module")
            add_flag_pass(pipeline, "wait-insertion", parse_options(""))
            add_flag_pass(pipeline, "gpu-to-runtime", parse_options(""))
            module = _ChunkRun(Source(PROGRAM, "m.mlir"), Config()).parse()
            run_pipeline(pipeline, module, True, PassHooks())
            box["left"] = _live_ops_outside(module, before)
        finally:
            gc.enable()

    t = threading.Thread(target=run)  # no frame of the test runner holds IR objects
    t.start()
    t.join()
    assert box["left"] == []


def test_shared_attributes_are_read_only() -> None:
    shared = SharedAttributes({"a": T.i32})
    for mutate in (lambda d: d.__setitem__("b", T.i64), lambda d: d.pop("a"), lambda d: d.update(b=T.i64),
                   lambda d: d.setdefault("b", T.i64), lambda d: d.clear()):
        with pytest.raises(TypeError, match="shared attribute dict"):
            mutate(shared)
    assert shared == {"a": T.i32}
    replaced = {**shared, "b": T.i64}  # how an op's attributes change
    assert type(replaced) is dict and replaced == {"a": T.i32, "b": T.i64}


def test_set_operand_group_replaces_a_shared_dict() -> None:
    """Changing one op's operand group gives it its own attributes; the other holders keep theirs."""
    alloc = lookup_opdef("gpu.alloc")
    w = lookup_opdef("gpu.wait")
    t = w.build(results={"asyncToken": T.gpu_async_token}).results[0]
    m = T.MemRefType([16], T.i32)
    ops = [alloc.build(operands={"asyncDependencies": [t]}, results={"memref": m, "asyncToken": T.gpu_async_token})
           for _ in range(2)]
    shared = SharedAttributes(ops[0].attributes)
    for op in ops:
        op.attributes = shared
    alloc.set_operand_group(ops[0], "asyncDependencies", [])
    assert ops[1].attributes is shared and list(shared["operandSegmentSizes"].values) == [1, 0, 0]
    assert list(ops[0].attributes["operandSegmentSizes"].values) == [0, 0, 0]
    assert alloc.deps(ops[0]) == [] and alloc.deps(ops[1]) == [t]


def test_ops_without_operands_share_a_list_that_refuses_to_grow() -> None:
    """One empty operand list for all ops without operands (64 bytes each otherwise): growing it
    in place would give every such op the operand, so it refuses; ``set_operands`` gives the op
    its own list, and results are tuples (changed by assigning new ones)."""
    w = lookup_opdef("gpu.wait")
    a, b = w.build(results={"asyncToken": T.gpu_async_token}), w.build(results={"asyncToken": T.gpu_async_token})
    assert a.operands is b.operands and a.operands == []
    for grow in (lambda ops: ops.append(b.results[0]), lambda ops: ops.extend([b.results[0]]),
                 lambda ops: ops.insert(0, b.results[0]), lambda ops: ops.__iadd__([b.results[0]])):
        with pytest.raises(TypeError, match="shared empty operand list"):
            grow(a.operands)
    assert b.operands == [] and a.operands[:] + [b.results[0]] == [b.results[0]]  # copies are plain lists
    a.set_operands([b.results[0]])
    assert a.operands == [b.results[0]] and b.operands == [] and b.results[0].uses == [(a, 0)]
    a.set_operands([])
    assert a.operands == [] and not b.results[0].uses
    assert isinstance(a.results, tuple) and len(a.results) == 1


def test_insert_batch_keeps_order() -> None:
    w = lookup_opdef("gpu.wait")
    blk = Block()
    x, y = (blk.append(w.build()) for _ in range(2))
    n1, n2, n3 = (w.build() for _ in range(3))
    blk.insert_batch({id(x): [n1, n2], id(y): [n3]})
    assert blk.ops == [n1, n2, x, n3, y]
    assert all(o.parent is blk for o in blk.ops)
    assert blk.index_of(y) == 4


def test_run_opt_restores_the_collector() -> None:
    """The driver turns the cyclic collector off per chunk, and back on for the caller."""
    from asyncgpu_opt.driver import run_opt

    assert gc.isenabled()
    for text in (PROGRAM, "func.func @f() { return }\n// -----\nfunc.func @g() { return }\n"):
        res = run_opt(text, "m.mlir", Config(split_input_file=True))
        assert res.exit_code == 0, res.rendered_diagnostics()
        assert gc.isenabled()


def test_importing_or_running_the_cli_leaves_the_collector_as_found() -> None:
    """The CLI turns the collector off while it imports; a library user's setting survives it."""
    import subprocess
    import sys

    probe = (
        "import gc, sys\n"
        "import asyncgpu_opt.cli as cli\n"
        "assert gc.isenabled(), 'import left gc off'\n"
        "from click.testing import CliRunner\n"
        "r = CliRunner().invoke(cli.cli, ['-'], input='func.func @f() { return }')\n"
        "assert r.exit_code == 0, r.output\n"
        "assert gc.isenabled(), 'a run left gc off'\n"
        "gc.disable()\n"
        "r = CliRunner().invoke(cli.cli, ['-'], input='func.func @f() { return }')\n"
        "assert r.exit_code == 0 and not gc.isenabled(), 'a run turned gc on'\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
