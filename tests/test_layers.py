"""The import graph: layers import downward only (diagnostics <- ir <- syntax <- dialects <- ...),
and no import cycle inside ``ir/`` and ``syntax/``, counting imports inside functions too (only
``if TYPE_CHECKING:`` blocks, which never run, are left out)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "asyncgpu_opt"
# a module may import from its own layer and the layers before it
LAYERS = ["diagnostics", "ir", "syntax", "dialects", "analysis", "passes|run", "driver|api", "cli"]


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package modules ``path`` imports (module level or in functions)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for n in node.orelse:
                visit(n)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for a in node.names:
                sub = f"{mod}.{a.name}"
                if sub in modules:
                    out.add(sub)
                elif mod in modules:
                    out.add(mod)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    out.discard(name)
    return out


def _graph() -> dict[str, set[str]]:
    paths = [p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts]
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def _layer(mod: str) -> int | None:
    top = mod.split(".")[1] if mod.count(".") else ""
    for i, names in enumerate(LAYERS):
        if top in names.split("|"):
            return i
    return None


def _cycles(graph: dict[str, set[str]], nodes: set[str]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), restricted to ``nodes``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v] & nodes:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            strong(v)
    return out


@pytest.mark.parametrize("layer", ["diagnostics", "ir", "syntax"])
def test_layer_imports_only_downward(layer: str) -> None:
    graph = _graph()
    mine = LAYERS.index(layer)
    bad = sorted((m, d) for m, deps in graph.items() if _layer(m) == mine for d in deps
                 if (_layer(d) or 0) > mine)
    assert not bad, f"{layer} imports upward: {bad}"


def test_no_import_cycle_in_ir_and_syntax() -> None:
    graph = _graph()
    nodes = {m for m in graph if _layer(m) in (0, 1, 2)}
    assert _cycles(graph, nodes) == []


def test_cycle_finder_sees_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph, set(graph)) == [["a", "b", "c"]]


def test_every_assembly_format_compiles() -> None:
    """Formats compile on first use (``ir/`` knows no syntax): a malformed one must still fail
    here, not on a user's input."""
    from asyncgpu_opt.ir import registry
    from asyncgpu_opt.syntax.format import format_of

    for d in registry.known_dialects():
        registry.load_dialect(d)
    with_format = [od for od in registry._REGISTRY.values() if od.assembly_format is not None]
    assert len(with_format) > 50
    for od in with_format:
        assert format_of(od) is not None, od.name
        assert od._format is format_of(od)  # the attribute dialect code reads, compiled once
