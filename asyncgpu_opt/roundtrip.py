"""``--verify-roundtrip``: the IR, printed, must read back to the same IR.

As mlir-opt's ``doVerifyRoundTrip``: the reference is the op in generic form with debug info;
the generic text and the bytecode are read back in a fresh reader and printed the same way, and
must give the reference.  Beyond mlir-opt: the custom form, read back, must print the same custom
form (without locations, which custom syntaxes may drop).  A failure is an error on the top-level op::

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

    filename = "roundtrip"
    custom = print_module(op)
    forms: list[tuple[str, str | bytes, Any, str]] = [  # (kind, printed, printer of both, reference)
        ("textual", _reference(op), _reference, ""),
        ("bytecode", write_bytecode(op), _reference, ""),
        # the custom form drops what its syntax does not carry (block argument locations of some
        # ops): it must read back to IR that prints the same custom form
        ("textual", custom, print_module, custom),
    ]
    for kind, printed, show, reference in forms:
        back = _read_back(printed, filename, allow_unregistered)
        if back is None:
            raise MLIRError(f"'{op.name}' op failed to parse {kind} content back, cannot verify round-trip.\n",
                            op.loc)
        reference = reference or show(op)
        again = show(back)
        if again != reference:
            raise MLIRError(f"'{op.name}' op {kind} roundTrip testing roundtripped module differs from "
                            f"reference:\n<<<<<<Reference\n{reference}\n=====\n{again}\n>>>>>roundtripped\n",
                            op.loc)
