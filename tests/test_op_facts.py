"""Passes and analyses know ops through their definitions, never by name string.

Facts (async, effects, terminator, region kind, stays-synchronous, ...) are read through
``analysis/interfaces.py`` and the op classes; a specific op is recognised by its class
(``op.opdef is WaitOp``).  This test reads the source of ``passes/`` and ``analysis/`` and fails on
a comparison of an op's ``name`` with a string literal (``op.name == "gpu.wait"``,
``name in ("scf.for", ...)``, ``op.name.startswith("gpu.")``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "asyncgpu_opt"
CHECKED = ("passes", "analysis")
# (file relative to asyncgpu_opt/, line text) allowed to compare a name with a literal, and why:
# none today; an entry here needs a reason a class or an interface cannot serve.
ALLOWED: set[tuple[str, str]] = set()


def _is_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "name") or (
        isinstance(node, ast.Name) and node.id == "name")


def _is_literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_literal(e) for e in node.elts)
    return False


def by_name_checks(source: str) -> list[int]:
    """Lines of ``source`` comparing a ``name`` with a string literal."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_name(s) for s in sides) and any(_is_literal(s) for s in sides):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith") and _is_name(node.func.value):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_check_finds_name_comparisons() -> None:
    src = ('if op.name == "gpu.wait": pass\n'
           'if name in ("scf.for", "scf.if"): pass\n'
           'if o.name.startswith("gpu."): pass\n'
           'if op.opdef is WaitOp and x == "gpu.wait": pass\n'
           'if op.name == other.name: pass\n')
    assert by_name_checks(src) == [1, 2, 3]


@pytest.mark.parametrize("layer", CHECKED)
def test_no_op_recognised_by_name_string(layer: str) -> None:
    found = []
    for path in sorted((PKG / layer).rglob("*.py")):
        rel = str(path.relative_to(PKG))
        text = path.read_text()
        src_lines = text.splitlines()
        for ln in by_name_checks(text):
            line = src_lines[ln - 1].strip()
            if (rel, line) not in ALLOWED:
                found.append(f"{rel}:{ln}: {line}")
    assert not found, "ops recognised by name string (use the op class or an interface):\n" + "\n".join(found)


def _code_strings(tree: ast.AST) -> list[str]:
    """String constants of the code, docstrings left out."""
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def test_current_operation_note_has_one_renderer() -> None:
    """Diagnostics carry the op (``Diagnostic.op``); ``syntax/op_notes.complete`` alone renders the
    ``see current operation`` note, and code recognises it by its flag, never by its text."""
    owners = sorted(str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
                    if any("see current operation" in s for s in _code_strings(ast.parse(p.read_text()))))
    assert owners == ["syntax/op_notes.py"]
