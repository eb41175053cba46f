"""Symbol tables: look up ``@a::@b`` from an op (nearest enclosing symbol table first)."""

from __future__ import annotations

from .attributes import StringAttr, SymbolRefAttr
from .core import Operation


def symbol_name(op: Operation) -> str | None:
    a = op.attributes.get("sym_name")
    return a.value if isinstance(a, StringAttr) else None


def lookup_in(table: Operation, name: str) -> Operation | None:
    if not table.regions or not table.regions[0].blocks:
        return None
    for op in table.regions[0].blocks[0].ops:
        if symbol_name(op) == name:
            return op
    return None


def symbol_table_of(op: Operation) -> Operation | None:
    p = op.parent_op
    while p is not None:
        if p.has_trait("SymbolTable"):
            return p
        p = p.parent_op
    return None


def lookup_symbol(frm: Operation, ref: SymbolRefAttr) -> Operation | None:
    """Resolve ``ref`` starting at the nearest symbol table enclosing ``frm`` (and then outwards
    for the root name, as MLIR's ``lookupNearestSymbolFrom`` does)."""
    table = frm if frm.has_trait("SymbolTable") else symbol_table_of(frm)
    while table is not None:
        op = lookup_in(table, ref.root)
        if op is not None:
            for n in ref.nested:
                op = lookup_in(op, n)
                if op is None:
                    return None
            return op
        table = symbol_table_of(table)
    return None
