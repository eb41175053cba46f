"""Lexemes of the MLIR text format: one regular expression each, matched raw at an offset.

The reader matches one lexeme (or one whole common construct) at a time at an explicit offset with
the compiled pattern (``ws_re.match(text, pos)``): the "one Regex, match taken raw" design of
DESIGN.md §3.  Whitespace and ``//`` comments are part of the ``WS`` lexeme, not an ``.ignore()``.

Each lexeme is also a pyparsing ``Regex`` element (``WS``, ``BARE_ID``, ... ``GENERIC_OP``), built
on first access around the same compiled pattern, with default whitespace skipping off, for a
grammar that combines them; the reader itself never needs pyparsing, so it is not imported at
start-up (about 0.1 s of CPU).
"""

from __future__ import annotations

import re
from typing import Any

# whitespace and comments
_WS = r"(?:[ \t\r\n\f\v]+|//[^\n]*)*"
# identifiers
_BARE_ID = r"[A-Za-z_][\w$.]*"
SUFFIX_ID = r"(?:\d+|[A-Za-z_$.\-][\w$.\-]*)"
_SSA_USE = rf"%(?P<name>{SUFFIX_ID})(?:#(?P<num>\d+))?"
_SSA_DEF = rf"%(?P<name>{SUFFIX_ID})(?::(?P<count>\d+))?"
_CARET_ID = rf"\^{SUFFIX_ID}"
_AT_ID = r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")'  # Lexer::lexAtIdentifier
_HASH_ID = rf"#{SUFFIX_ID}"
_EXCL_ID = rf"!{SUFFIX_ID}"
_STRING = r'"(?:[^"\\\n]|\\.)*"'
_FLOAT = r"[-+]?\d+\.\d*(?:[eE][-+]?\d+)?"
_HEX = r"0x[0-9A-Fa-f]+"
_INTEGER = r"[-+]?\d+"
# types that occur over and over; matched whole and looked up in a cache
_ANGLE = r"(?:->|\"(?:[^\"\\]|\\.)*\"|[^<>\"])*"
_SIMPLE_TYPE = rf"(?:!?[A-Za-z_][\w$.]*)(?:<{_ANGLE}(?:<{_ANGLE}(?:<{_ANGLE}>{_ANGLE})*>{_ANGLE})*>)?"


def _nest(depth: int) -> str:
    """Balanced ``<>``/``()``/``[]``/``{}`` up to ``depth``; ``->`` and strings allowed inside."""
    atom = r'->|"(?:[^"\\\n]|\\.)*"|[^<>()\[\]{}"]'
    inner = atom
    for _ in range(depth):
        inner = rf"{atom}|<(?:{inner})*>|\((?:{inner})*\)|\[(?:{inner})*\]|\{{(?:{inner})*\}}"
    return inner


_NEST = _nest(2)
# A whole region-less, successor-less generic op after its results:
#   "name"(operands) <{props}>? {attrs}? : (ins) -> outs
# The dictionaries and the function type are captured as text (parsed once per distinct text); the
# pattern (20 ms to compile) compiles on first use: ``generic_op_re()``.
_GENERIC_OP = (
    rf'"(?P<name>[A-Za-z_][\w$.]*)"[ \t\n]*'
    rf"\((?P<opnds>[ \t\n]*(?:%{SUFFIX_ID}(?:#\d+)?(?:[ \t\n]*,[ \t\n]*%{SUFFIX_ID}(?:#\d+)?)*[ \t\n]*)?)\)"
    rf"(?:[ \t\n]*<(?P<props>\{{(?:{_NEST})*\}})>)?"
    rf"(?:[ \t\n]*(?P<attrs>\{{(?:{_NEST})*\}}))?"
    rf"[ \t\n]*:[ \t\n]*(?P<ftype>\((?:{_NEST})*\)[ \t\n]*->[ \t\n]*"
    rf"(?:\((?:{_NEST})*\)|!?[A-Za-z_][\w$.]*(?:<(?:{_NEST})*>)?))")
# The commonest result lists, `%a =` and `%a, %b =` (no `:count`, on one line); anything else takes
# the general loop.
_OP_RESULTS = rf"%(?P<a>{SUFFIX_ID})(?:[ \t]*,[ \t]*%(?P<b>{SUFFIX_ID}))?[ \t]*="

ws_re: Any = re.compile(_WS)  # matches at any offset (possibly empty): typed loosely for `.match(...).end()`
bare_id_re: Any = re.compile(_BARE_ID)
ssa_use_re = re.compile(_SSA_USE)
ssa_def_re = re.compile(_SSA_DEF)
caret_id_re = re.compile(_CARET_ID)
at_id_re = re.compile(_AT_ID)
hash_id_re = re.compile(_HASH_ID)
excl_id_re = re.compile(_EXCL_ID)
string_re = re.compile(_STRING)
float_re = re.compile(_FLOAT)
hex_re = re.compile(_HEX)
integer_re = re.compile(_INTEGER)
simple_type_re = re.compile(_SIMPLE_TYPE)
op_results_re = re.compile(_OP_RESULTS)
keyword_re = re.compile(r"[A-Za-z_][\w$]*")  # a keyword stops at '.'
_generic_op_re: re.Pattern[str] | None = None


def generic_op_re() -> re.Pattern[str]:
    """The ``GENERIC_OP`` pattern, compiled on the first call."""
    global _generic_op_re
    if _generic_op_re is None:
        _generic_op_re = re.compile(_GENERIC_OP)
    return _generic_op_re


# lexeme name -> its compiled pattern (the pyparsing elements wrap these very objects)
_LEXEMES: dict[str, Any] = {
    "WS": lambda: ws_re, "BARE_ID": lambda: bare_id_re, "SSA_USE": lambda: ssa_use_re,
    "SSA_DEF": lambda: ssa_def_re, "CARET_ID": lambda: caret_id_re, "AT_ID": lambda: at_id_re,
    "HASH_ID": lambda: hash_id_re, "EXCL_ID": lambda: excl_id_re, "STRING": lambda: string_re,
    "FLOAT": lambda: float_re, "HEX": lambda: hex_re, "INTEGER": lambda: integer_re,
    "SIMPLE_TYPE": lambda: simple_type_re, "OP_RESULTS": lambda: op_results_re, "GENERIC_OP": generic_op_re,
}


def __getattr__(name: str) -> Any:
    """``WS``, ``BARE_ID``, ...: the lexeme as a pyparsing ``Regex`` (pyparsing imported, and the
    element built, on first access; its ``.re`` is the pattern the reader matches with)."""
    make = _LEXEMES.get(name)
    if make is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import pyparsing as pp

    pp.ParserElement.set_default_whitespace_chars("")
    element = pp.Regex(make())
    globals()[name] = element
    return element


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def unescape_string(lit: str) -> str:
    """Decode an MLIR string literal (with quotes): ``\\n``, ``\\t``, ``\\"``, ``\\\\``, ``\\XX``."""
    body = lit[1:-1]
    if "\\" not in body:
        return body
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            if n in _ESCAPES:
                out += _ESCAPES[n].encode()
                i += 2
                continue
            h = body[i + 1: i + 3]
            if len(h) == 2 and all(x in "0123456789abcdefABCDEF" for x in h):
                out.append(int(h, 16))
                i += 3
                continue
        out += c.encode("utf-8", "surrogateescape")
        i += 1
    # bytes that are not UTF-8 stay lone surrogates, so the printer writes them back as `\\XX`
    return out.decode("utf-8", errors="surrogateescape")
