"""IR core: use lists, RAUW, erase, clone, op definitions (segments, named groups), symbols."""

from __future__ import annotations

import pytest

from asyncgpu_opt.diagnostics import Source
from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.ir.attributes import SymbolRefAttr
from asyncgpu_opt.ir.core import Block, Operation, Region
from asyncgpu_opt.ir.opdef import lookup_opdef
from asyncgpu_opt.ir.symbols import lookup_symbol
from asyncgpu_opt.syntax.parser import parse_source
from asyncgpu_opt.syntax.printer import print_module


def parse(text: str) -> Operation:
    ops, _ = parse_source(Source(text, "t.mlir"))
    assert len(ops) == 1
    return ops[0]


def test_use_lists_track_every_operand() -> None:
    w = lookup_opdef("gpu.wait")
    t0 = w.build(results={"asyncToken": T.gpu_async_token}).results[0]
    join = w.build(operands={"asyncDependencies": [t0, t0]}, results={"asyncToken": T.gpu_async_token})
    assert [i for _, i in t0.uses] == [0, 1]
    assert t0.users() == [join]


def test_replace_all_uses_and_erase() -> None:
    w = lookup_opdef("gpu.wait")
    a = w.build(results={"asyncToken": T.gpu_async_token})
    b = w.build(results={"asyncToken": T.gpu_async_token})
    use = w.build(operands={"asyncDependencies": [a.results[0]]})
    blk = Block()
    for op in (a, b, use):
        blk.append(op)
    a.results[0].replace_all_uses_with(b.results[0])
    assert not a.results[0].uses and use.operands == [b.results[0]]
    a.erase()
    assert blk.ops == [b, use]


def test_build_sets_operand_segments_and_named_groups() -> None:
    alloc = lookup_opdef("gpu.alloc")
    n = Block([T.index]).args[0]
    tok = lookup_opdef("gpu.wait").build(results={"asyncToken": T.gpu_async_token}).results[0]
    op = alloc.build(operands={"asyncDependencies": [tok], "dynamicSizes": [n]},
                     results={"memref": T.MemRefType([T.DYNAMIC], T.f32), "asyncToken": T.gpu_async_token})
    assert list(op.attributes["operandSegmentSizes"].values) == [1, 1, 0]
    assert op.asyncDependencies == [tok]
    assert op.dynamicSizes == [n]
    assert op.asyncToken is op.results[1]
    alloc.set_operand_group(op, "asyncDependencies", [])
    assert list(op.attributes["operandSegmentSizes"].values) == [0, 1, 0] and not tok.uses


def test_clone_remaps_nested_values() -> None:
    m = parse("""module {
      func.func @f(%a: i32) -> i32 {
        %0 = arith.addi %a, %a : i32
        return %0 : i32
      }
    }""")
    fn = m.regions[0].blocks[0].ops[0]
    copy = fn.clone()
    body = copy.regions[0].blocks[0]
    add = body.ops[0]
    assert add.operands[0] is body.args[0]  # remapped to the clone's own argument
    assert body.ops[1].operands[0] is add.results[0]
    region = Region([Block()])
    region.blocks[0].append(copy)
    assert print_module(fn) == print_module(copy)


def test_symbol_lookup_nested_reference() -> None:
    m = parse("""module attributes {gpu.container_module} {
      gpu.module @k {
        gpu.func @f() kernel {
          gpu.return
        }
      }
      func.func @main() {
        return
      }
    }""")
    main = m.regions[0].blocks[0].ops[1]
    f = lookup_symbol(main.regions[0].blocks[0].ops[0], SymbolRefAttr("k", ["f"]))
    assert f is not None and f.name == "gpu.func"
    assert lookup_symbol(main, SymbolRefAttr("nope")) is None


@pytest.mark.parametrize("text,msg", [
    ("func.func @f(%a: memref<4xf32>, %b: memref<4xi32>) {\n  gpu.memcpy %a, %b : memref<4xf32>, memref<4xi32>\n"
     "  return\n}", "'gpu.memcpy' op arguments have incompatible element type"),
    ("func.func @f() -> i32 {\n  return\n}", "'func.return' op has 0 operands, but enclosing function (@f) returns 1"),
])
def test_verifier_messages(text: str, msg: str) -> None:
    res = run_opt(text, "t.mlir", Config())
    assert res.exit_code == 1
    assert msg in res.rendered_diagnostics()
    assert "see current operation: " in res.rendered_diagnostics()
