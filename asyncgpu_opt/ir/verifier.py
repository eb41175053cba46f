"""The verifier: structural checks from op definitions, op verifiers, terminators, and SSA
dominance.  Raises ``MLIRError`` with MLIR's message text, carrying the failing op (rendered as the
``see current operation`` note by ``syntax.op_notes``).

Order (upstream's ``OperationVerifier``): an op's own verifier, then its regions (per block:
successors in the middle on entry, the ops in order, the terminator on exit); the
IsolatedFromAbove ops of those regions (functions, modules) after the others, each with its own
dominance check; then the op's ``verify_regions``; dominance of an op's regions after all that."""

from __future__ import annotations

from itertools import chain, islice
from operator import attrgetter
from typing import Any

from ..diagnostics import Diagnostic, MLIRError
from .core import Block, BlockArgument, Operation, OpResult, Region, SharedAttributes, Value
from .opdef import VerifyError, _type_text  # (opdef's message helper, shared with the verifier)
from .symbols import frozen

_results = attrgetter("results")
_successors = attrgetter("successors")


def _fail(op: Operation, message: str, notes: Any = (), raw: bool = False, note_op: bool = True) -> MLIRError:
    # Operation::emitError attaches "see current operation" first; verifier notes follow it.
    extra = [Diagnostic("note", m, loc) for loc, m in notes]
    return MLIRError(message if raw else f"'{op.name}' op {message}", op.loc, extra, op=op if note_op else None)


class _Dominance:
    """Dominance state of one IsolatedFromAbove op's verification: ``avail`` holds the values
    (hashed by identity) known to dominate the op being verified (the arguments and earlier results of its
    block and of the blocks around it); anything else is decided by ``properly_dominates``.
    ``error`` is the first failure, raised once the op's structure has been verified."""

    __slots__ = ("avail", "error", "trees", "memo", "top")

    def __init__(self, top: Operation, memo: set[tuple]) -> None:
        self.top = top  # the IsolatedFromAbove op being verified
        self.avail: set[Value] = set()
        self.error: MLIRError | None = None
        self.trees: dict[int, _DomTree] = {}
        # identity keys (``_identity_key``) of the op shapes that passed in this ``verify`` call:
        # the IR does not change while it is verified, so the ids of its types are not reused
        self.memo = memo

    def tree(self, region: Region) -> _DomTree:
        t = self.trees.get(id(region))
        if t is None:
            t = self.trees[id(region)] = _DomTree(region)
        return t

    def properly_dominates(self, v: Any, user: Operation) -> bool:
        """DominanceInfo::properlyDominates(value, op) (uses in unreachable blocks always pass)."""
        ub = user.parent
        if ub is not None and ub.parent is not None and len(ub.parent.blocks) > 1 \
                and not self.tree(ub.parent).reachable(ub):
            return True
        dblock: Block | None
        dop: Operation | None
        if isinstance(v, BlockArgument):
            dblock, dop = v.block, None
        elif isinstance(v, OpResult):
            dop = v.op
            dblock = dop.parent
        else:
            return False
        if dblock is None or dblock.parent is None:
            return False
        region = dblock.parent
        anc = user  # user's ancestor (or itself) in the defining region
        while anc.parent is None or anc.parent.parent is not region:
            b = anc.parent
            if b is None or b.parent is None or b.parent.parent is None:
                return False
            anc = b.parent.parent
        ablock = anc.parent
        assert ablock is not None
        if dop is None:  # a block argument dominates its block and the blocks that block dominates
            return ablock is dblock or self.tree(region).properly_dominates(dblock, ablock)
        if anc is dop:  # the defining op encloses the use
            return False
        if ablock is dblock:
            return not _ssa_dominance(region) or dblock.index_of(dop) < dblock.index_of(anc)
        return self.tree(region).properly_dominates(dblock, ablock)


def _ssa_dominance(region: Region) -> bool:
    """Whether uses must follow definitions in the region's blocks: not in a single-block region
    of a graph-region op (``builtin.module``, ``gpu.module``) or of an unregistered op."""
    if len(region.blocks) != 1 or region.parent is None:
        return True
    od = region.parent.opdef
    return od is not None and "HasOnlyGraphRegion" not in od.traits


class _DomTree:
    """The dominator tree of a region's CFG (Cooper, Harvey, Kennedy: iterate over the reverse
    post-order until the immediate dominators settle); queries in O(1) by tree intervals."""

    def __init__(self, region: Region) -> None:
        blocks = region.blocks
        index = {id(b): i for i, b in enumerate(blocks)}
        succs = [[index[id(s)] for s in (b.ops[-1].successors if b.ops else ()) if id(s) in index]
                 for b in blocks]
        order: list[int] = []  # post-order from the entry block
        seen = {0}
        stack = [(0, iter(succs[0]))] if blocks else []
        while stack:
            n, it = stack[-1]
            for s in it:
                if s not in seen:
                    seen.add(s)
                    stack.append((s, iter(succs[s])))
                    break
            else:
                stack.pop()
                order.append(n)
        rpo = order[::-1]
        pos = {n: i for i, n in enumerate(rpo)}
        preds: list[list[int]] = [[] for _ in blocks]
        for n in rpo:
            for s in succs[n]:
                preds[s].append(n)
        idom = {0: 0} if blocks else {}
        changed = True
        while changed:
            changed = False
            for n in rpo[1:]:
                new = -1
                for p in preds[n]:
                    if p not in idom:
                        continue
                    if new < 0:
                        new = p
                        continue
                    a, b = p, new
                    while a != b:
                        while pos[a] > pos[b]:
                            a = idom[a]
                        while pos[b] > pos[a]:
                            b = idom[b]
                    new = a
                if idom.get(n) != new:
                    idom[n] = new
                    changed = True
        children: dict[int, list[int]] = {}
        for n, d in idom.items():
            if n != d:
                children.setdefault(d, []).append(n)
        self.tin: dict[int, int] = {}
        self.tout: dict[int, int] = {}
        clock = 0
        walk = [(0, False)] if blocks else []
        while walk:
            n, done = walk.pop()
            if done:
                self.tout[n] = clock
                continue
            self.tin[n] = clock
            clock += 1
            walk.append((n, True))
            walk.extend((c, False) for c in children.get(n, ()))
        self.index = index

    def reachable(self, b: Block) -> bool:
        return self.index.get(id(b)) in self.tin

    def properly_dominates(self, a: Block, b: Block) -> bool:
        """``a`` strictly dominates ``b``; every block dominates an unreachable one."""
        ia, ib = self.index.get(id(a)), self.index.get(id(b))
        if ia is None or ib is None or ia == ib:
            return False
        if ib not in self.tin:
            return True
        if ia not in self.tin:
            return False
        return self.tin[ia] < self.tin[ib] and self.tout[ib] <= self.tout[ia]


def verify(top: Operation) -> None:
    """Verify ``top`` and everything nested in it; raise on the first failure (upstream's order:
    see the module docstring)."""
    with frozen():
        _verify_isolated(top, set())


def _isolated(op: Operation) -> bool:
    return bool(op.regions) and op.opdef is not None and "IsolatedFromAbove" in op.opdef.traits


def _verify_isolated(op: Operation, memo: set[tuple]) -> None:
    """verifyOpAndDominance: the op and everything in it, then the dominance of its regions."""
    dom = _Dominance(op, memo)
    _verify_op(op, dom)
    if dom.error is not None:
        raise dom.error


def _verify_op(op: Operation, dom: _Dominance) -> None:
    od = op.opdef
    if od is not None:
        try:
            od.verify_all(op)
        except VerifyError as e:
            raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None
    if od is not None and "SymbolTable" in od.traits and op.regions and op.regions[0].blocks:
        seen: dict[str, Operation] = {}
        for o in op.regions[0].blocks[0].ops:
            name = getattr(o.attributes.get("sym_name"), "value", None)
            if isinstance(name, str):
                if name in seen:
                    raise MLIRError(f"redefinition of symbol named '{name}'", o.loc,
                                    [Diagnostic("note", "see existing symbol definition here", seen[name].loc)],
                                    op=o)
                seen[name] = o
    no_term = od is not None and "NoTerminator" in od.traits
    for r in op.regions:
        if r.blocks and r.blocks[0].predecessors():
            raise MLIRError("entry block of region may not have predecessors", op.loc)
    isolated: list[Operation] = []
    for r in op.regions:
        for b in r.blocks:
            _verify_block(op, b, no_term or od is None, dom, isolated)
    for o in isolated:  # verifyOnExit: the IsolatedFromAbove ops after the rest
        _verify_isolated(o, dom.memo)
    if od is not None and op.regions:
        try:
            od.verify_regions(op)  # upstream's verifyRegions: after the ops nested in the regions
        except VerifyError as e:
            raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None


def _verify_block(parent: Operation, b: Block, no_terminator: bool, dom: _Dominance,
                  isolated: list[Operation]) -> None:
    ops = b.ops
    if not ops:
        _check_empty_block(parent, b, no_terminator)
        return
    last_i = len(ops) - 1
    block_passed: set[tuple] = set()  # shapes of symbol_verified ops that passed in this block
    # op definition (None: unregistered) -> (whether it is a terminator, its passed_shapes()),
    # looked up once per block
    by_def: dict[Any, tuple[bool, set[tuple] | None]] = {}
    if any(map(_successors, islice(ops, last_i))):  # (one scan in C: most ops have none)
        _misplaced_successors(ops)
    avail = dom.avail
    avail.update(b.args)
    memo = dom.memo
    for i, op in enumerate(ops):
        od = op.opdef
        facts = by_def.get(od)
        if facts is None:
            facts = by_def[od] = (False, None) if od is None else ("Terminator" in od.traits, od.passed_shapes())
        if facts[0] and i != last_i:
            _misplaced_terminator(op, od)
        if dom.error is None:
            for v in op.operands:
                if v not in avail and not dom.properly_dominates(v, op):
                    dom.error = _dominance_error(op, v)
                    break
        if op.regions:
            if od is not None and "IsolatedFromAbove" in od.traits:
                isolated.append(op)
            else:
                _verify_op(op, dom)
        elif od is None:
            _verify_op(op, dom)
        else:  # _verify_op of a region-less op: its definition's checks only
            try:
                shapes = facts[1]
                attrs = op.attributes
                # an op like one that passed in this run (same definition, shared attribute dict or
                # none, same type objects) skips even the shape key (its type texts were a third
                # of the time)
                ik = _identity_key(op, od, attrs.serial) if attrs.__class__ is SharedAttributes \
                    else None if attrs else _identity_key(op, od, -1)
                if shapes is not None:
                    if ik is None or ik not in memo:
                        # a shape that passed before skips the call (verify_all's own check, inlined:
                        # the lowered IR repeats a few shapes, one call per op was a fifth of the time)
                        if (tuple(map(_type_text, op.operands)), tuple(map(_type_text, op.results)), 0,
                                len(op.successors), attrs.serial if attrs.__class__ is SharedAttributes
                                else tuple(attrs.items()) if attrs else ()) not in shapes:
                            od.verify_all(op)
                        if ik is not None:
                            memo.add(ik)
                elif od.symbol_verified:
                    # (every op of the block is alive while it is verified: an ``id`` is not reused;
                    # identity keys are told apart from these by their second item, an int)
                    if ik is None or ik not in block_passed:
                        key = (od, tuple(map(_type_text, op.operands)), tuple(map(_type_text, op.results)),
                               len(op.successors),
                               attrs.serial if attrs.__class__ is SharedAttributes else id(attrs))
                        if key not in block_passed:
                            od.verify_all(op)
                            block_passed.add(key)
                        if ik is not None:
                            block_passed.add(ik)
                else:
                    od.verify_all(op)
            except VerifyError as e:
                raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None
        res = op.results
        if len(res) == 1:
            avail.add(res[0])  # (the common case: cheaper than an update from a list)
        elif res:
            avail.update(res)
    if parent is dom.top:  # a block of the isolated op itself: nothing around it is in ``avail``
        avail.clear()
    else:
        avail.difference_update(b.args)
        avail.difference_update(chain.from_iterable(map(_results, ops)))
    last = ops[-1]
    if not no_terminator and (last.opdef is not None and not last.is_terminator()):
        raise MLIRError("block with no terminator, has ", last.loc, op=last, op_in_message=True)


def _check_empty_block(parent: Operation, b: Block, no_terminator: bool) -> None:
    if not no_terminator and parent.regions and b.parent is not None and len(b.parent.blocks) > 0:
        raise MLIRError("empty block: expect at least a terminator", parent.loc)


def _misplaced_successors(ops: list[Operation]) -> None:
    """Raise for the first op before the last one with successors."""
    for op in ops[:-1]:
        if op.successors:
            raise MLIRError("operation with block successors must terminate its parent block", op.loc, op=op)


def _misplaced_terminator(op: Operation, od: Any) -> None:
    """Raise for a terminator that is not its block's last op (its parent check first)."""
    try:
        od.verify_parent(op)
    except VerifyError as e:
        raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None
    raise _fail(op, "must be the last operation in the parent block")


def _identity_key(op: Operation, od: Any, serial: int) -> tuple | None:
    """The op's shape by identity, for the commonest shapes (at most one result, up to four
    operands, no successors): definition, ``serial`` (its shared attribute dict's serial number,
    -1 for no attributes), type objects' ids.  Valid while the IR is unchanged (its types stay
    alive); ``None`` for other shapes."""
    res = op.results
    if len(res) > 1 or op.successors:
        return None
    r = id(res[0].type) if res else None
    operands = op.operands
    n = len(operands)
    if n == 0:
        return (od, serial, r)
    if n == 1:
        return (od, serial, r, id(operands[0].type))
    if n == 2:
        return (od, serial, r, id(operands[0].type), id(operands[1].type))
    if n == 3:
        return (od, serial, r, id(operands[0].type), id(operands[1].type), id(operands[2].type))
    if n == 4:
        return (od, serial, r, id(operands[0].type), id(operands[1].type), id(operands[2].type),
                id(operands[3].type))
    return None


def _region_relation(use: Region | None, defn: Region | None) -> str:
    """How the defining region relates to the using one (diagnoseInvalidOperandDominance)."""
    def proper_ancestor(a: Region | None, r: Region | None) -> bool:
        while r is not None:
            op = r.parent
            blk = op.parent if op is not None else None
            r = blk.parent if blk is not None else None
            if r is a:
                return True
        return False

    if use is defn:
        return "same region"
    if proper_ancestor(defn, use):
        return "parent region"
    if proper_ancestor(use, defn):
        return "child region"
    return "neither"


def _dominance_error(op: Operation, v: Any) -> MLIRError:
    idx = op.operands.index(v)
    ub = op.parent
    ur = ub.parent if ub is not None else None
    if isinstance(v, OpResult):
        db = v.op.parent
        rel = _region_relation(ur, db.parent if db is not None else None)
        text = ("op in the same block" if db is ub else "op is neither in a parent nor in a child region"
                if rel == "neither" else f"op in a {rel}" if rel != "same region" else "op in the same region")
        note = Diagnostic("note", f"operand defined here ({text})", v.op.loc)
    else:
        blk = v.block
        owner = blk.parent.parent if blk.parent is not None else None
        loc = owner.loc if owner is not None else None
        if blk.parent is None:
            note = Diagnostic("note", " (block without parent)", loc)
        else:
            rel = _region_relation(ur, blk.parent)
            n = blk.parent.blocks.index(blk)
            where = "neither in a parent nor in a child region" if rel == "neither" else f"in a {rel}" \
                if rel != "same region" else "in the same region"
            note = Diagnostic("note", f"operand defined as a block argument (block #{n} {where})", loc)
    return MLIRError(f"operand #{idx} does not dominate this use", op.loc, [note], op=op)
