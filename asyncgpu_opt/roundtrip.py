"""``--verify-roundtrip``: the IR, printed, must read back to the same IR.

As mlir-opt's ``doVerifyRoundTrip``: the reference is the op in generic form with debug info;
each printed form (custom text, generic text, bytecode) is read back in a fresh reader and printed
the same way, and must give the reference.  A failure is an error on the top-level op::

    'builtin.module' op failed to parse textual content back, cannot verify round-trip.
    'builtin.module' op textual roundTrip testing roundtripped module differs from reference: ...
"""

from __future__ import annotations

from typing import Any

from .diagnostics import MLIRError, Source


def _reference(op: Any) -> str:
    from .syntax.printer import print_module

    return print_module(op, generic=True, debuginfo=True)


def _read_back(text: str | bytes, filename: str, allow_unregistered: bool) -> Any:
    """The single top-level op of ``text`` (or bytecode), or None when it does not read."""
    from .syntax.parser import parse_source

    try:
        if isinstance(text, bytes):
            from .syntax.bytecode_reader import read_bytecode

            ops = read_bytecode(text, filename, allow_unregistered)
        else:
            ops, _ = parse_source(Source(text, filename), allow_unregistered)
    except MLIRError:
        return None
    return ops[0] if len(ops) == 1 else None


def verify_roundtrip(op: Any, allow_unregistered: bool) -> None:
    """Raise MLIRError (located on ``op``) unless every printed form of ``op`` reads back to it."""
    from .syntax.bytecode_writer import write_bytecode
    from .syntax.printer import print_module

    reference = _reference(op)
    filename = "roundtrip"
    forms: list[tuple[str, str | bytes]] = [
        ("textual", print_module(op, debuginfo=True)),
        ("textual", reference),
        ("bytecode", write_bytecode(op)),
    ]
    for kind, printed in forms:
        back = _read_back(printed, filename, allow_unregistered)
        if back is None:
            raise MLIRError(f"'{op.name}' op failed to parse {kind} content back, cannot verify round-trip.\n",
                            op.loc)
        again = _reference(back)
        if again != reference:
            raise MLIRError(f"'{op.name}' op {kind} roundTrip testing roundtripped module differs from "
                            f"reference:\n<<<<<<Reference\n{reference}\n=====\n{again}\n>>>>>roundtripped\n",
                            op.loc)
