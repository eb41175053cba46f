"""The printed output of a top op as pieces (``top_pieces``), and the printer's region texts.

The top op's value names are made one op of its regions at a time (``print_top_child``): each
such op (a function) has its regions named just before it prints, into name tables dropped after
it.  An op's text holds each of its regions as a placeholder ``\\x02<index>\\x02`` (``RegionTexts.add``)
until the output is put together (``RegionTexts.expand``): no op's text copies the text of the
regions nested in it.  With ``spill_after`` set, once that many characters of region text are
held, each large region text goes to a temporary file and is read back when the expansion reaches
it, so the whole output is never in memory (the CLI writes the pieces as they come).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from .attr_aliases import named_alias_defs, renumber_distinct

_SPILL_MIN = 1 << 16  # characters: smaller region texts always stay in memory


class RegionTexts:
    """Region texts by index: each a str, or ``(offset, size)`` of its UTF-8 in the spill file."""

    __slots__ = ("texts", "spill_after", "held", "spill")

    def __init__(self) -> None:
        self.texts: list[Any] = []
        self.spill_after: int | None = None
        self.held = 0  # characters of region text held in memory (counted once spilling may start)
        self.spill: Any = None  # the temporary file, once one text went there

    def add(self, text: str) -> str:
        """Keep ``text``; returns its placeholder."""
        self.texts.append(self._keep(text))
        return f"\x02{len(self.texts) - 1}\x02"

    def _keep(self, text: str) -> Any:
        """``text``, or once ``spill_after`` characters are held, a large text's place in the spill
        file (``surrogatepass`` keeps any str, e.g. invalid input bytes, as it was).  When the file
        cannot be written, nothing is spilled."""
        if self.spill_after is None or len(text) < _SPILL_MIN:
            return text
        if self.held < self.spill_after:
            self.held += len(text)
            return text
        try:
            if self.spill is None:
                import tempfile

                self.spill = tempfile.TemporaryFile()  # noqa: SIM115 - read while the pieces are
            data = text.encode("utf-8", "surrogatepass")
            off = self.spill.seek(0, 2)
            self.spill.write(data)
        except OSError:
            self.spill_after = None
            return text
        return (off, len(data))

    def expand(self, text: str) -> Iterator[str]:
        """The pieces of ``text`` with every placeholder replaced by its region's text, recursively,
        in order.  Each region's text is dropped once taken (a placeholder occurs once), so the
        pieces replace the texts instead of doubling them; the cost is linear in the output."""
        texts = self.texts
        stack = [iter(text.split("\x02"))]
        while stack:
            parts = stack[-1]
            piece = next(parts, None)
            if piece is None:
                stack.pop()
                continue
            yield piece
            k = next(parts, None)
            if k is not None:
                i = int(k)
                r = texts[i]
                texts[i] = ""
                if r.__class__ is tuple:  # spilled: read back
                    self.spill.seek(r[0])
                    r = self.spill.read(r[1]).decode("utf-8", "surrogatepass")
                stack.append(iter(r.split("\x02")))


def final_pieces(head: str, body: Iterable[str], sub: Any, tail: str) -> Iterator[str]:
    """The output: the alias section, the body pieces with dialect aliases named (``sub``, if
    any), a newline, the location aliases; ``distinct[N]`` numbered in that order (an id never
    spans two pieces: they are cut where a region's text starts or ends).  Empty pieces left out."""
    ids: dict[str, str] = {}
    for p in itertools.chain((head,), map(sub, body) if sub is not None else body, ("\n", tail)):
        if "distinct[" in p:
            p = renumber_distinct(p, ids)
        if p:
            yield p


def top_pieces(pr: Any, op: Any) -> list[str] | Iterator[str]:
    """``Printer.print_top`` of ``op`` as pieces in order (their concatenation is the text): the
    output is never held twice, and only one top-level op's value names at a time.  With
    ``pr.region_texts.spill_after`` set, an iterator that reads spilled texts back as it goes."""
    pr.compute_names(op, defer=True)
    if pr.generic:
        pr._prealias(op)
    if pr.debuginfo and not pr.local_scope:
        pr._locs = {}
    lines: list[str] = []
    if pr._deferred is not None:
        pr.print_op = lambda o, ls: print_top_child(pr, o, ls)
        try:
            pr.print_op(op, lines)
        finally:
            del pr.print_op
            pr._deferred = None
    else:
        pr.print_op(op, lines)
    top = "\n".join(lines)
    if pr.local_scope:
        return [renumber_distinct(pr._expand(top))]  # no alias section (nor the newline ending it)
    alias_defs = list(pr.alias_defs)
    tail = ""
    if pr._locs is not None:
        body, loc_head, tail = pr._finish_loc_aliases(pr._expand(top))
        alias_defs += loc_head
        pieces: Iterable[str] = [body]
    else:
        pieces = pr.region_texts.expand(top)
    # upstream orders alias definitions by depth, then name prefix (stable: first use within one)
    keyed = [(0, n.rstrip("0123456789"), n, t) for n, t in alias_defs]
    sub = None
    if pr._dattrs:
        ddefs, sub = named_alias_defs(pr._dattrs)
        keyed += [(d, n.rstrip("0123456789"), n, t) for d, n, t in ddefs]
        tail = sub(tail)
    keyed.sort(key=lambda d: (d[0], d[1]))
    head = "".join(f"#{n} = {t}\n" for _d, _p, n, t in keyed)
    out = final_pieces(head, pieces, sub, tail)
    return out if pr.region_texts.spill is not None else list(out)


def print_top_child(pr: Any, op: Any, lines: list[str]) -> None:
    """``pr.print_op`` while ``top_pieces`` defers naming (``Printer.compute_names``): an op of the
    top op's regions has its regions named first, into copies of the name tables (the top level's
    names, few) that are dropped after it."""
    entries = pr._deferred.pop(id(op), None)
    if entries is None:
        type(pr).print_op(pr, op, lines)
        return
    saved = (pr.uses, pr.names, pr.groups, pr.block_names)
    if len(pr.uses) + len(pr.names) <= 256:  # (else one table for all: no copy per op)
        pr.uses, pr.names, pr.groups, pr.block_names = (
            dict(pr.uses), dict(pr.names), dict(pr.groups), dict(pr.block_names))
    try:
        pr._number_stack(entries)
        type(pr).print_op(pr, op, lines)
    finally:
        pr.uses, pr.names, pr.groups, pr.block_names = saved
