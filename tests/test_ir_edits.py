"""IR is built and edited through ``ir/`` only (read from the source, as test_op_facts.py does):
outside ``ir/`` no code touches the private fields of the IR classes, replaces a block's op list,
or builds an op or result without the one constructor (``ir.core.new_op``).  And the rewriter's
batched edits do what the immediate ones do."""

from __future__ import annotations

import ast
from pathlib import Path

from asyncgpu_opt.ir import core
from asyncgpu_opt.ir.core import Block, Operation
from asyncgpu_opt.ir.rewriter import Rewriter, create, erase, insert_after, insert_before, replace_op

PKG = Path(core.__file__).resolve().parent.parent
IR_CLASSES = ("Value", "OpResult", "BlockArgument", "Operation", "Block", "Region")


def _private_slots() -> set[str]:
    names: set[str] = set()
    for cls in IR_CLASSES:
        for s in getattr(core, cls).__slots__:
            if s.startswith("_") and not s.startswith("__"):
                names.add(s)
    return names


def _outside_ir() -> list[tuple[str, ast.AST]]:
    out = []
    for p in sorted(PKG.rglob("*.py")):
        rel = p.relative_to(PKG).as_posix()
        if rel.startswith("ir/"):
            continue
        out.append((rel, ast.parse(p.read_text(), filename=rel)))
    return out


def test_private_slots_exist() -> None:
    """(The check below would pass vacuously if the IR classes had no private state.)"""
    assert "_index_cache" in _private_slots()


def test_no_private_ir_field_outside_ir() -> None:
    private = _private_slots()
    bad = []
    for rel, tree in _outside_ir():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private:
                bad.append(f"{rel}:{node.lineno}: .{node.attr}")
    assert not bad, "IR private fields used outside ir/ (use ir.rewriter / Block methods):\n" + "\n".join(bad)


def test_no_block_op_list_replaced_outside_ir() -> None:
    """``block.ops = ...`` skips the block's index: edits go through ``Block`` methods or
    ``ir.rewriter`` (an object's own ``self.ops`` is not a block's)."""
    bad = []
    for rel, tree in _outside_ir():
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for t in targets:
                for e in ast.walk(t):
                    if (isinstance(e, ast.Attribute) and isinstance(e.ctx, ast.Store) and e.attr == "ops"
                            and not (isinstance(e.value, ast.Name) and e.value.id == "self")):
                        bad.append(f"{rel}:{node.lineno}: {ast.unparse(t)}")
    assert not bad, "block op lists replaced outside ir/:\n" + "\n".join(bad)


def test_one_op_constructor() -> None:
    """No ``Operation.__new__`` / ``OpResult.__new__`` outside ``ir/``: ops are made by ``new_op``."""
    bad = []
    for rel, tree in _outside_ir():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr == "__new__" and isinstance(node.value, ast.Name)
                    and node.value.id in IR_CLASSES):
                bad.append(f"{rel}:{node.lineno}: {node.value.id}.__new__")
    assert not bad, "ops built outside the one constructor:\n" + "\n".join(bad)


def _block(n: int) -> tuple[Block, list[Operation]]:
    b = Block()
    ops = [b.append(Operation.create("test.op", attributes={"i": k}, result_types=[])) for k in range(n)]
    return b, ops


def _names(b: Block) -> list[str]:
    return [o.name for o in b.ops]


def test_results_are_tuples_from_every_constructor() -> None:
    from asyncgpu_opt.api import parse

    m = parse('func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %0, %a : i32\n'
              '  return %1 : i32\n}\n')
    assert all(type(o.results) is tuple for o in m.walk())
    op = create("test.x", None, [], [core.Value(None)], {}, None)
    assert type(op.results) is tuple and op.results[0].op is op


def test_batched_edits_match_immediate_ones() -> None:
    b1, ops1 = _block(5)
    b2, ops2 = _block(5)
    edits = Rewriter()
    for b, ops, now in ((b1, ops1, True), (b2, ops2, False)):
        new = [Operation.create(f"test.new{k}") for k in range(4)]
        if now:
            insert_before(ops[0], new[0])
            insert_after(ops[2], new[1])
            insert_after(new[1], new[2])
            insert_before(ops[4], new[3])
            erase(ops[3])
        else:
            edits.insert_before(ops[0], new[0])
            edits.insert_after(ops[2], new[1])
            edits.insert_after(ops[2], new[2])
            edits.insert_before(ops[4], new[3])
            edits.erase(ops[3])
            assert _names(b) == ["test.op"] * 5  # nothing applied before the commit
            edits.commit()
    assert _names(b1) == _names(b2) == ["test.new0", "test.op", "test.op", "test.op", "test.new1", "test.new2",
                                        "test.new3", "test.op"]
    assert all(o.parent is b2 for o in b2.ops)
    assert ops2[3].parent is None and ops2[3].results == ()
    # the block's index follows the edits
    assert [b2.index_of(o) for o in b2.ops] == list(range(len(b2.ops)))


def test_erase_drops_uses_at_once_and_replace_op() -> None:
    b = Block([None])
    a = b.args[0]
    x = b.append(Operation.create("test.x", [a], [None]))
    y = b.append(Operation.create("test.y", [x.results[0], a]))
    edits = Rewriter()
    edits.erase(y)
    assert not x.results[0].uses and a.uses == [(x, 0)]  # exact before the commit
    edits.commit()
    assert b.ops == [x]
    replace_op(x, [a])
    assert b.ops == [] and not a.uses


def test_many_uses_dropped_in_any_order() -> None:
    """A value with thousands of uses: dropping them front first, back first or in the middle
    leaves exactly the others (the tail-first search must not lose or misplace one)."""
    b = Block([None])
    a = b.args[0]
    users = [b.append(Operation.create("test.u", [a, a])) for _ in range(300)]
    for o in users[250:] + users[:10] + users[100:120]:
        o.erase()
    left = users[10:100] + users[120:250]
    assert a.uses == [(o, i) for o in left for i in (0, 1)]
