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


# while the IR cannot change (``frozen``: the verifier), the answers of ``nearest`` by
# (id(block), what) -> (block, answer); None otherwise
_MEMO: dict[tuple[int, str], tuple[Block, Operation | None]] | None = None


class frozen:
    """``with frozen():`` the IR does not change inside (verification): ``nearest`` remembers its
    answers per block, so that asking from every op of a deep nest costs O(1) each, not the depth."""

    def __enter__(self) -> None:
        global _MEMO
        self.outer = _MEMO
        if _MEMO is None:
            _MEMO = {}

    def __exit__(self, *exc: object) -> None:
        global _MEMO
        _MEMO = self.outer


def _is(p: Operation, what: str) -> bool:
    return p.name == what if "." in what else p.has_trait(what)


def nearest(op: Operation, what: str) -> Operation | None:
    """The nearest proper ancestor of ``op`` that has the trait ``what`` (``"SymbolTable"``), or whose
    name is ``what`` (a dotted name: ``"builtin.module"``)."""
    b = op.parent
    memo = _MEMO
    if memo is None:
        while b is not None:
            p = b.parent_op
            if p is None or _is(p, what):
                return p
            b = p.parent
        return None
    walked: list[Block] = []
    found: Operation | None = None
    while b is not None:
        got = memo.get((id(b), what))
        if got is not None:
            found = got[1]
            break
        walked.append(b)
        p = b.parent_op
        if p is None or _is(p, what):
            found = p
            break
        b = p.parent
    for w in walked:
        memo[(id(w), what)] = (w, found)
    return found


def symbol_table_of(op: Operation) -> Operation | None:
    return nearest(op, "SymbolTable")


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
