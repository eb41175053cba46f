"""Helpers for region-holding ops: RegionBranchOpInterface edge checks, initialization lists,
implicit terminators and the printing rule ODS uses for elidable terminators."""

from __future__ import annotations

from typing import Any

from ..ir.core import Block, Operation, Region
from ..ir.opdef import VerifyError


def check_edge(op: Operation, src: Operation | None, dst: str, values: list[Any], types: list[Any],
               compat: Any = None) -> None:
    """Verify that ``values`` (the operands forwarded along an edge) match ``types`` (the
    successor inputs); ``src`` is the terminator (None = parent operands)."""
    frm = "parent operands" if src is None else f"Operation {src.name}"
    head = f"along control flow edge from {frm} to {dst}: "
    notes = [] if src is None else [(src.loc, "region branch point")]
    if len(values) != len(types):
        raise VerifyError(head + f"region branch point has {len(values)} operands, but region successor needs "
                          f"{len(types)} inputs", op, notes)
    for i, (v, t) in enumerate(zip(values, types)):
        if not (compat(v.type, t) if compat is not None else v.type == t):
            raise VerifyError(head + f"successor operand type #{i} '{v.type}' should match successor input "
                              f"type #{i} '{t}'", op, notes)


def terminator(region: Region) -> Operation | None:
    if not region.blocks or not region.blocks[-1].ops:
        return None
    t = region.blocks[-1].ops[-1]
    return t if t.is_terminator() else None


def terminators(region: Region) -> list[Operation]:
    out = []
    for b in region.blocks:
        if b.ops and b.ops[-1].is_terminator():
            out.append(b.ops[-1])
    return out


def ensure_terminator(region: Region, name: str) -> None:
    if not region.blocks:
        region.add_block(Block())
    b = region.blocks[-1]
    if not b.ops or not b.ops[-1].is_terminator():
        b.append(Operation.create(name))


def elidable_terminator(region: Region) -> bool:
    """ODS: print terminators unless the single one has no operands, results or attributes."""
    t = terminator(region)
    return t is not None and not t.operands and not t.results and not t.attributes


def parse_argument(p: Any) -> Any:
    """A region argument name (OpAsmParser::parseArgument): an ssa-id without `#N`."""
    ref = p.parse_operand()
    hash_pos = p.text.find("#", ref.pos, p.pos)
    if hash_pos >= 0:
        raise p.error("result number not allowed in argument list", hash_pos)
    return ref


def parse_init_list(p: Any) -> tuple[list[Any], list[Any]]:
    """`(` (ssa-id `=` ssa-use (`,` ...)*)? `)` -> (arg refs, value refs)."""
    p.parse_punct("(")
    args, vals = [], []
    if not p.parse_optional_punct(")"):
        while True:
            args.append(p.parse_operand())
            p.parse_punct("=")
            vals.append(p.parse_operand())
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
    return args, vals


def init_list_text(pr: Any, args: list[Any], vals: list[Any], prefix: str) -> str:
    if not args:
        return ""
    return prefix + "(" + ", ".join(f"{pr.value(a)} = {pr.value(v)}" for a, v in zip(args, vals)) + ")"


def parse_optional_arrow_types(p: Any) -> list[Any]:
    if not p.parse_optional_punct("->"):
        return []
    return p.parse_function_results()


def arrow_types_text(pr: Any, ts: list[Any], always_parens: bool = False) -> str:
    if not ts:
        return ""
    from ..ir import types as T

    if len(ts) == 1 and not always_parens and not isinstance(ts[0], T.FunctionType):
        return " -> " + pr.type_text(ts[0])
    return " -> (" + pr.types(ts) + ")"
