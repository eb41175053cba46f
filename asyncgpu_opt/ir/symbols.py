"""Symbol tables: look up ``@a::@b`` from an op (nearest enclosing symbol table first)."""

from __future__ import annotations

from .attributes import StringAttr, SymbolRefAttr
from .core import Block, Operation


def symbol_name(op: Operation) -> str | None:
    a = op.attributes.get("sym_name")
    return a.value if isinstance(a, StringAttr) else None


# symbol table block -> (the block, name -> first op with that name); an entry is trusted only
# when the op it gives is still in the block under that name, and rebuilt on any miss
_INDEX: dict[int, tuple[Block, dict[str, Operation]]] = {}


def lookup_in(table: Operation, name: str) -> Operation | None:
    """The op named ``name`` directly in ``table``'s body (the first one), or None."""
    if not table.regions or not table.regions[0].blocks:
        return None
    block = table.regions[0].blocks[0]
    ent = _INDEX.get(id(block))
    if ent is not None and ent[0] is block:
        op = ent[1].get(name)
        if op is not None and op.parent is block and symbol_name(op) == name:
            return op
    index: dict[str, Operation] = {}
    for op in block.ops:
        n = symbol_name(op)
        if n is not None:
            index.setdefault(n, op)
    if len(_INDEX) >= 64:
        _INDEX.clear()
    _INDEX[id(block)] = (block, index)
    return index.get(name)


def symbol_table_of(op: Operation) -> Operation | None:
    p = op.parent_op
    while p is not None:
        if p.has_trait("SymbolTable"):
            return p
        p = p.parent_op
    return None


def lookup_symbol(frm: Operation, ref: SymbolRefAttr) -> Operation | None:
    """Resolve ``ref`` in the nearest symbol table enclosing (or being) ``frm`` only, as MLIR's
    ``lookupNearestSymbolFrom`` does: a kernel in a ``gpu.module`` does not see the functions of
    the module around it."""
    table = frm if frm.has_trait("SymbolTable") else symbol_table_of(frm)
    if table is None:
        return None
    op = lookup_in(table, ref.root)
    for n in ref.nested:
        if op is None:
            return None
        op = lookup_in(op, n)
    return op
