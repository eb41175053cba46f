"""Lexemes of the MLIR text format, declared as pyparsing ``Regex`` elements.

The reader matches one lexeme (or one whole common construct) at a time at an explicit offset; the
hot path uses each element's compiled pattern directly (``LEXEME.re.match(text, pos)``), which is
the "one Regex, match taken raw" design of DESIGN.md §3.  Whitespace and ``//`` comments are part of
the ``WS`` lexeme, not a pyparsing ``.ignore()``.
"""

from __future__ import annotations

import re
from typing import Any

import pyparsing as pp

pp.ParserElement.set_default_whitespace_chars("")

# whitespace and comments
WS = pp.Regex(r"(?:[ \t\r\n\f\v]+|//[^\n]*)*")
# identifiers
BARE_ID = pp.Regex(r"[A-Za-z_][\w$.]*")
SUFFIX_ID = r"(?:\d+|[A-Za-z_$.\-][\w$.\-]*)"
SSA_USE = pp.Regex(rf"%(?P<name>{SUFFIX_ID})(?:#(?P<num>\d+))?")
SSA_DEF = pp.Regex(rf"%(?P<name>{SUFFIX_ID})(?::(?P<count>\d+))?")
CARET_ID = pp.Regex(rf"\^{SUFFIX_ID}")
AT_ID = pp.Regex(r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")')  # Lexer::lexAtIdentifier
HASH_ID = pp.Regex(rf"#{SUFFIX_ID}")
EXCL_ID = pp.Regex(rf"!{SUFFIX_ID}")
STRING = pp.Regex(r'"(?:[^"\\\n]|\\.)*"')
FLOAT = pp.Regex(r"[-+]?\d+\.\d*(?:[eE][-+]?\d+)?")
HEX = pp.Regex(r"0x[0-9A-Fa-f]+")
INTEGER = pp.Regex(r"[-+]?\d+")
# types that occur over and over; matched whole and looked up in a cache
_ANGLE = r"(?:->|\"(?:[^\"\\]|\\.)*\"|[^<>\"])*"
SIMPLE_TYPE = pp.Regex(rf"(?:!?[A-Za-z_][\w$.]*)(?:<{_ANGLE}(?:<{_ANGLE}(?:<{_ANGLE}>{_ANGLE})*>{_ANGLE})*>)?")


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
# pattern compiles on first use (pyparsing's ``Regex.re`` is lazy).
GENERIC_OP = pp.Regex(
    rf'"(?P<name>[A-Za-z_][\w$.]*)"[ \t\n]*'
    rf"\((?P<opnds>[ \t\n]*(?:%{SUFFIX_ID}(?:#\d+)?(?:[ \t\n]*,[ \t\n]*%{SUFFIX_ID}(?:#\d+)?)*[ \t\n]*)?)\)"
    rf"(?:[ \t\n]*<(?P<props>\{{(?:{_NEST})*\}})>)?"
    rf"(?:[ \t\n]*(?P<attrs>\{{(?:{_NEST})*\}}))?"
    rf"[ \t\n]*:[ \t\n]*(?P<ftype>\((?:{_NEST})*\)[ \t\n]*->[ \t\n]*"
    rf"(?:\((?:{_NEST})*\)|!?[A-Za-z_][\w$.]*(?:<(?:{_NEST})*>)?))")
# The commonest result lists, `%a =` and `%a, %b =` (no `:count`, on one line); anything else takes
# the general loop.
OP_RESULTS = pp.Regex(rf"%(?P<a>{SUFFIX_ID})(?:[ \t]*,[ \t]*%(?P<b>{SUFFIX_ID}))?[ \t]*=")

ws_re: Any = WS.re  # matches at any offset (possibly empty): typed loosely for `.match(...).end()`
bare_id_re: Any = BARE_ID.re
ssa_use_re = SSA_USE.re
ssa_def_re = SSA_DEF.re
caret_id_re = CARET_ID.re
at_id_re = AT_ID.re
hash_id_re = HASH_ID.re
excl_id_re = EXCL_ID.re
string_re = STRING.re
float_re = FLOAT.re
hex_re = HEX.re
integer_re = INTEGER.re
simple_type_re = SIMPLE_TYPE.re
op_results_re = OP_RESULTS.re
keyword_re = re.compile(r"[A-Za-z_][\w$]*")  # a keyword stops at '.'


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
