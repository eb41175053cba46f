"""The verifier: structural checks from op definitions, op verifiers, terminators, and SSA
dominance within blocks.  Raises ``MLIRError`` with MLIR's message text, carrying the failing op
(rendered as the ``see current operation`` note by ``syntax.op_notes``)."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, MLIRError
from .core import Block, Operation, OpResult, SharedAttributes
from .opdef import VerifyError, _type_text


def _fail(op: Operation, message: str, notes: Any = (), raw: bool = False, note_op: bool = True) -> MLIRError:
    # Operation::emitError attaches "see current operation" first; verifier notes follow it.
    extra = [Diagnostic("note", m, loc) for loc, m in notes]
    return MLIRError(message if raw else f"'{op.name}' op {message}", op.loc, extra, op=op if note_op else None)


def verify(top: Operation) -> None:
    """Verify ``top`` and everything nested in it; raise on the first failure.  The order is
    upstream's: an op's own verifier, then its regions (per block: successors in the middle on
    entry, the ops in order, the terminator on exit), then the op's ``verify_regions``; dominance
    is checked after everything else."""
    dominance: list[MLIRError] = []
    _verify_op(top, dominance)
    if dominance:
        raise dominance[0]


def _verify_op(op: Operation, dominance: list[MLIRError]) -> None:
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
        for b in r.blocks:
            _verify_block(op, b, no_term or od is None, dominance)
    if od is not None and op.regions:
        try:
            od.verify_regions(op)  # upstream's verifyRegions: after the ops nested in the regions
        except VerifyError as e:
            raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None


def _verify_block(parent: Operation, b: Block, no_terminator: bool, dominance: list[MLIRError]) -> None:
    defined: set[int] = {id(a) for a in b.args}
    ops = b.ops
    if not ops:
        if not no_terminator and parent.regions and b.parent is not None and len(b.parent.blocks) > 0:
            raise MLIRError("empty block: expect at least a terminator", parent.loc)
        return
    last_i = len(ops) - 1
    passed: set[tuple] | None = None  # shapes of symbol_verified ops that passed in this block
    for i in range(last_i):
        if ops[i].successors:
            raise MLIRError("operation with block successors must terminate its parent block", ops[i].loc,
                            op=ops[i])
    for i, op in enumerate(ops):
        od = op.opdef
        if i != last_i and od is not None and "Terminator" in od.traits:
            try:
                od.verify_parent(op)
            except VerifyError as e:
                raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None
            raise _fail(op, "must be the last operation in the parent block")
        if not dominance:
            for v in op.operands:
                if v.__class__ is OpResult and v.op.parent is b and id(v) not in defined:
                    dominance.append(_dominance_error(op, v))
                    break
        if op.regions or od is None:
            _verify_op(op, dominance)
        else:  # _verify_op of a region-less op: its definition's checks only
            try:
                if od.symbol_verified:
                    # (every op of the block is alive while it is verified: an ``id`` is not reused)
                    attrs = op.attributes
                    key = (od, tuple(map(_type_text, op.operands)), tuple(map(_type_text, op.results)),
                           len(op.successors), attrs.serial if attrs.__class__ is SharedAttributes else id(attrs))
                    if passed is None:
                        passed = set()
                    if key not in passed:
                        od.verify_all(op)
                        passed.add(key)
                else:
                    od.verify_all(op)
            except VerifyError as e:
                raise _fail(e.op or op, e.message, notes=e.notes, raw=e.raw, note_op=not e.parse_time) from None
        if op.results:
            defined.update(map(id, op.results))
    last = ops[-1]
    if not no_terminator and (last.opdef is not None and not last.is_terminator()):
        raise MLIRError("block with no terminator, has ", last.loc, op=last, op_in_message=True)


def _dominance_error(op: Operation, v: Any) -> MLIRError:
    idx = op.operands.index(v)
    note = Diagnostic("note", "operand defined here (op in the same block)", v.op.loc)
    return MLIRError(f"operand #{idx} does not dominate this use", op.loc, [note], op=op)
