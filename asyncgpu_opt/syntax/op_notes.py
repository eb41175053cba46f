"""The one place that renders the op a diagnostic carries (``Diagnostic.op``).

``Operation::emitError`` attaches ``see current operation: <op in generic form>`` as the first
note; verifier and pass failures record the op instead of text (``ir/`` prints nothing), and the
driver calls ``complete`` on every diagnostic it reports.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..ir.core import Operation
from .printer import Printer


def generic_text(op: Operation) -> str:
    """``op`` in generic form as a diagnostic shows it: names numbered from the root, no aliases;
    an op spanning lines starts on a new line."""
    pr = Printer(generic=True)
    pr.local_scope = True  # Diagnostic::appendOp prints with useLocalScope(): no aliases
    pr.compute_names(_root(op))
    text = pr.op_text(op).lstrip()
    return ("\n" + text) if "\n" in text else text


def _root(op: Operation) -> Operation:
    """Where a local-scope print numbers values from (``Operation::print`` with ``useLocalScope``):
    the op itself when it is isolated from above, else its closest isolated ancestor (or the top)."""
    while op.parent_op is not None and not (op.opdef is not None and "IsolatedFromAbove" in op.opdef.traits):
        op = op.parent_op
    return op


def complete(diag: Diagnostic) -> Diagnostic:
    """Render ``diag.op`` (once): the message ends with its text when ``op_in_message``, and the
    ``see current operation`` note goes first.  Returns ``diag``."""
    op = diag.op
    if op is None:
        return diag
    diag.op = None
    text = generic_text(op)
    if diag.op_in_message:
        diag.message += text.lstrip()
        diag.op_in_message = False
    diag.notes.insert(0, Diagnostic("note", "see current operation: " + text, op.loc, current_op_note=True))
    return diag
