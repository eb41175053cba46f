"""CFG normalisation of gpu-to-runtime (``normalize_cfg``): in a function with several blocks,
every token becomes local to its block (live-in tokens become block arguments passed by every
edge), and the edges of one branch carry the same tokens equally often."""

from __future__ import annotations

from typing import Any

from ...analysis.interfaces import dialect_of, is_branch
from ...analysis.tokens import is_token
from ...diagnostics import MLIRError
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from .prepare import is_async_token_value


def _is_branch(op: Operation) -> bool:
    """A BranchOpInterface op: its successor operands can carry tokens (as block arguments)."""
    return is_branch(op) and op.opdef is not None


def edge_slices(op: Operation) -> list[tuple[int, int]]:
    """The operand index range of each successor's operands of a branch op."""
    return [op.opdef.successor_operand_range(op, i) for i in range(len(op.successors))]


def _succ_operands(term: Operation, i: int) -> list[Value]:
    return list(term.opdef.successor_operands(term, i))


def _set_succ_operands(term: Operation, i: int, vals: list[Value]) -> None:
    """Replace the operands ``term`` passes to its ``i``-th successor."""
    term.opdef.set_successor_operands(term, i, vals)


def _top_block(op: Operation, region: Any) -> Block:
    """The block of ``region`` that holds ``op`` (or its ancestor)."""
    while op.parent.parent is not region:
        op = op.parent_op
    return op.parent


def normalize_cfg(fn: Operation) -> None:
    """Make every token of a multi-block function local to its block: a token live into a block
    other than its defining one becomes a block argument there, appended to the successor operands
    of every edge into the block.  Then each conditional branch carries the same tokens equally
    often on both edges: an edge missing some goes through a new block taking them (as arguments it
    does not use, so their events are destroyed there).  Entry-block token arguments are borrowed
    caller events valid everywhere: they are not threaded."""
    region = fn.regions[0]
    blocks = list(region.blocks)
    entry = blocks[0]
    for b in blocks[1:]:
        for a in b.args:
            if is_async_token_value(a.type):
                raise MLIRError("gpu-to-runtime cannot lower an !async.value<!gpu.async.token> block argument",
                                b.ops[0].loc if b.ops else fn.loc, op=fn)
    def_block, order, live_in = _live_tokens(region, blocks, entry)
    if live_in[id(entry)]:
        raise MLIRError("gpu-to-runtime: a !gpu.async.token is used in a block its definition does not "
                        "dominate", fn.loc, op=fn)
    # block arguments for live-in tokens, and their uses in the block
    newarg: dict[int, dict[int, Value]] = {}
    for b in blocks[1:]:
        li = sorted(live_in[id(b)].values(), key=lambda v: order[id(v)])
        if not li:
            continue
        newarg[id(b)] = m = {}
        for v in li:
            m[id(v)] = a = b.add_arg(T.gpu_async_token)
            v.replace_uses_if(a, lambda u, b=b: _top_block(u, region) is b)
    # successor operands of every edge into those blocks
    for p in blocks:
        if not p.ops:
            continue
        term = p.ops[-1]
        for i, s in enumerate(term.successors):
            if id(s) not in newarg:
                continue
            if not _is_branch(term):
                raise MLIRError(f"'{term.name}' op: gpu-to-runtime cannot pass !gpu.async.token values through "
                                "a terminator without BranchOpInterface (cf.br, cf.cond_br, cf.switch, llvm.br, "
                                "llvm.cond_br have it)", term.loc, op=term)
            extra = [live_in[id(s)][vid] if def_block[vid] is p else newarg[id(p)][vid] for vid in newarg[id(s)]]
            _set_succ_operands(term, i, _succ_operands(term, i) + extra)
    _balance_edges(region, blocks)


def _live_tokens(region: Any, blocks: list[Block], entry: Block
                 ) -> tuple[dict[int, Block], dict[int, int], dict[int, dict[int, Value]]]:
    """Token liveness over the CFG: each token's defining block, its order of definition, and the
    tokens live into each block (upward-exposed uses, a use nested in a region op counting in the
    op's block; entry-block arguments are not tracked)."""
    def_block: dict[int, Block] = {}
    order: dict[int, int] = {}
    vals: list[Value] = []
    for b in blocks:
        cand: list[Value] = list(b.args) if b is not entry else []
        for o in b.ops:
            cand.extend(o.results)
        for v in cand:
            if is_token(v):
                def_block[id(v)] = b
                order[id(v)] = len(vals)
                vals.append(v)
    # upward-exposed uses (a use nested in a region op counts in the op's block)
    gen: dict[int, dict[int, Value]] = {id(b): {} for b in blocks}
    for v in vals:
        for user, _ in v.uses:
            ub = _top_block(user, region)
            if ub is not def_block[id(v)]:
                gen[id(ub)][id(v)] = v
    defs = {id(b): {id(v) for v in vals if def_block[id(v)] is b} for b in blocks}
    succs = {id(b): (list(b.ops[-1].successors) if b.ops else []) for b in blocks}
    live_in: dict[int, dict[int, Value]] = {id(b): dict(gen[id(b)]) for b in blocks}
    changed = True
    while changed:
        changed = False
        for b in reversed(blocks):
            li = live_in[id(b)]
            for s in succs[id(b)]:
                for vid, v in live_in[id(s)].items():
                    if vid not in li and vid not in defs[id(b)]:
                        li[vid] = v
                        changed = True
    return def_block, order, live_in


def _balance_edges(region: Any, blocks: list[Block]) -> None:
    """Branches with several edges carry the same tokens, equally often, on every edge: an edge
    missing some goes through a new block that takes them as arguments it does not use."""
    for p in blocks:
        term = p.ops[-1] if p.ops else None
        if term is None or not _is_branch(term) or len(term.successors) < 2:
            continue
        counts: list[dict[int, int]] = []
        toks: dict[int, Value] = {}
        for i in range(len(term.successors)):
            c: dict[int, int] = {}
            for v in _succ_operands(term, i):
                if is_token(v):
                    c[id(v)] = c.get(id(v), 0) + 1
                    toks.setdefault(id(v), v)
            counts.append(c)
        most = {vid: max(c.get(vid, 0) for c in counts) for vid in toks}
        at = region.blocks.index(p) + 1
        for i, c in enumerate(counts):
            missing = [v for vid, v in toks.items() for _ in range(most[vid] - c.get(vid, 0))]
            if not missing:
                continue
            ops = _succ_operands(term, i)
            pad = Block([v.type for v in ops + missing])
            pad.parent = region
            region.blocks.insert(at, pad)
            at += 1
            pad.append(Operation.create("llvm.br" if dialect_of(term) == "llvm" else "cf.br",
                                        pad.args[:len(ops)], (), {}, (), [term.successors[i]], loc=term.loc))
            term.successors[i] = pad
            _set_succ_operands(term, i, ops + missing)
