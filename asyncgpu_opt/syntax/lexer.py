"""Lexemes of the MLIR text format, declared as pyparsing ``Regex`` elements.

The reader matches one lexeme (or one whole common construct) at a time at an explicit offset; the
hot path uses each element's compiled pattern directly (``ws_re = WS.re``, ``ws_re.match(text,
pos)``), which is the "one Regex, match taken raw" design of DESIGN.md §3.  Whitespace and ``//``
comments are part of the ``WS`` lexeme, not a pyparsing ``.ignore()``.  ``GENERIC_OP`` (20 ms to
compile) is built on first use: ``generic_op_re()``.
"""

from __future__ import annotations

import re
from typing import Any

import pyparsing as pp

pp.ParserElement.set_default_whitespace_chars("")
# Every pattern is ASCII-only (``re.ASCII``): MLIR's lexer knows no other letters, digits or
# spaces, so a non-ASCII character ends a lexeme and is then an "unexpected character".

# whitespace and comments
# MLIR's lexer skips spaces, tabs, newlines and NUL bytes (not \f or \v: those are "unexpected")
_WS = r"(?:[ \t\r\n\x00]+|//[^\n]*)*"
# identifiers
_BARE_ID = r"[A-Za-z_][\w$.]*"
SUFFIX_ID = r"(?:\d+|[A-Za-z_$.\-][\w$.\-]*)"
_SSA_USE = rf"%(?P<name>{SUFFIX_ID})(?:#(?P<num>\d+))?"
_SSA_DEF = rf"%(?P<name>{SUFFIX_ID})(?::(?P<count>\d+))?"
_CARET_ID = rf"\^{SUFFIX_ID}"
_AT_ID = r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")'  # Lexer::lexAtIdentifier
_HASH_ID = rf"#{SUFFIX_ID}"
_EXCL_ID = rf"!{SUFFIX_ID}"
# lexString: \v, \f end a string as \n does; escapes are \" \\ \n \t and two hex digits
_STRING = r'"(?:[^"\\\n\v\f]|\\["\\nt]|\\[0-9A-Fa-f]{2})*"'
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

WS = pp.Regex(_WS, flags=re.ASCII)
BARE_ID = pp.Regex(_BARE_ID, flags=re.ASCII)
SSA_USE = pp.Regex(_SSA_USE, flags=re.ASCII)
SSA_DEF = pp.Regex(_SSA_DEF, flags=re.ASCII)
CARET_ID = pp.Regex(_CARET_ID, flags=re.ASCII)
AT_ID = pp.Regex(_AT_ID, flags=re.ASCII)
HASH_ID = pp.Regex(_HASH_ID, flags=re.ASCII)
EXCL_ID = pp.Regex(_EXCL_ID, flags=re.ASCII)
STRING = pp.Regex(_STRING, flags=re.ASCII)
FLOAT = pp.Regex(_FLOAT, flags=re.ASCII)
HEX = pp.Regex(_HEX, flags=re.ASCII)
INTEGER = pp.Regex(_INTEGER, flags=re.ASCII)
SIMPLE_TYPE = pp.Regex(_SIMPLE_TYPE, flags=re.ASCII)
OP_RESULTS = pp.Regex(_OP_RESULTS, flags=re.ASCII)

# the compiled patterns the reader matches with (the elements' own)
ws_re: Any = WS.re  # matches at any offset (possibly empty): typed loosely for `.match(...).end()`
bare_id_re: Any = BARE_ID.re
ssa_use_re: re.Pattern[str] = SSA_USE.re
ssa_def_re: re.Pattern[str] = SSA_DEF.re
caret_id_re: re.Pattern[str] = CARET_ID.re
at_id_re: re.Pattern[str] = AT_ID.re
hash_id_re: re.Pattern[str] = HASH_ID.re
excl_id_re: re.Pattern[str] = EXCL_ID.re
string_re: re.Pattern[str] = STRING.re
float_re: re.Pattern[str] = FLOAT.re
hex_re: re.Pattern[str] = HEX.re
integer_re: re.Pattern[str] = INTEGER.re
simple_type_re: re.Pattern[str] = SIMPLE_TYPE.re
op_results_re: re.Pattern[str] = OP_RESULTS.re
keyword_re = re.compile(r"[A-Za-z_][\w$]*", re.ASCII)  # a keyword stops at '.'


def generic_op_re() -> re.Pattern[str]:
    """The ``GENERIC_OP`` element's pattern, built on the first call."""
    return _generic_op().re


def _generic_op() -> pp.Regex:
    global _generic_op_element
    if _generic_op_element is None:
        _generic_op_element = pp.Regex(_GENERIC_OP, flags=re.ASCII)
    return _generic_op_element


_generic_op_element: pp.Regex | None = None


def __getattr__(name: str) -> Any:
    """``GENERIC_OP``: the lexeme's pyparsing element, built on first access."""
    if name == "GENERIC_OP":
        return _generic_op()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
