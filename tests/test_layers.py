"""The import graph (built by ``test_import_graph``): layers import downward only (diagnostics <- ir
<- syntax <- dialects <- ...), and no import cycle inside ``ir/`` and ``syntax/``."""

from __future__ import annotations

import pytest
from test_import_graph import find_cycles, import_graph  # the package's import graph (ast)

# a module may import from its own layer and the layers before it
LAYERS = ["diagnostics", "ir", "syntax", "dialects", "analysis", "passes|run", "driver|api", "cli"]


def _layer(mod: str) -> int | None:
    top = mod.split(".")[1] if mod.count(".") else ""
    for i, names in enumerate(LAYERS):
        if top in names.split("|"):
            return i
    return None


@pytest.mark.parametrize("layer", ["diagnostics", "ir", "syntax"])
def test_layer_imports_only_downward(layer: str) -> None:
    graph = import_graph()
    mine = LAYERS.index(layer)
    bad = sorted((m, d) for m, deps in graph.items() if _layer(m) == mine for d in deps
                 if (_layer(d) or 0) > mine)
    assert not bad, f"{layer} imports upward: {bad}"


def test_no_import_cycle_in_ir_and_syntax() -> None:
    graph = import_graph()
    nodes = {m for m in graph if _layer(m) in (0, 1, 2)}
    assert find_cycles({m: graph[m] & nodes for m in nodes}) == []


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
