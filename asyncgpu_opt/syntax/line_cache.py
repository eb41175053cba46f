"""Block bodies read line by line through a cache of line skeletons (the reader's fast path).

Most ops are region-less and written one per line: ``%v6 = arith.addi %arg0, %v5 : i32``.  Cutting
the SSA names out of such a line (one ``lexer.SSA_USE`` split) leaves its *skeleton*,
``("", " = arith.addi ", ", ", " : i32")``, which fixes everything else the op's parser computes:
the op, its attributes, its operand and result types.  The first line with a given key goes through
``Parser.parse_operation`` with ``Parser.lookup`` recorded; every later line with that key is built
from the record: the same lookups, one ``Operation``, the same definitions.

    key    ::= (innermost default dialect, token after the line, *skeleton)
    record ::= (opdef, #result names, types of the uses, result types, attributes,
                offset of the op name in its segment, length of the last segment without blanks,
                lookup order: None (text order) or the use indexes in the order the op's parser
                looked them up, operand order: None or the use index of each operand)

The token after the line is in the key because a parser may look past the end of its line.  A
record is kept only when that first parse
  - ended at the end of the line (only blanks after it, no comment, no trailing ``loc(...)``),
  - built an op without regions, successors or unregistered properties, located at its name,
  - resolved exactly the line's SSA uses after the op name, each once and with an explicit type
    (a hit looks them up in the same order), and those values are the op's operands (in text
    order, or in one fixed permutation of it),
  - bound each result name (``%a`` or ``%a, %b``; no ``%a:2``) to one result, or named none;
otherwise the key maps to False and its lines always take the general path.  A hit reports the same
errors as the general path: whenever a quick check fails (unknown or forward-referenced value,
different type, redefinition, pending forward references) it calls the parser's own ``lookup`` or
``define``, which raise the usual located errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..diagnostics import FileLoc
from ..ir.core import NO_OPERANDS, Block, Operation, Value, new_op
from . import lexer as L
from .parser_base import OperandRef

if TYPE_CHECKING:
    from .parser import Parser

_ssa_split = L.ssa_use_re.split  # text, name, num, text, name, num, ..., text
_ws_match: Callable[[str, int], Any] = L.ws_re.match
_bare_id_match: Callable[[str, int], Any] = L.bare_id_re.match
_WS_START = " \t\r\n\x00/"  # characters that can start whitespace or a `//` comment
# lines longer than this are read by the general reader: the cache key is the rest of the line, so
# reading k ops from one line through the cache would cost k times the line's length
_LONG_LINE = 2000


def _chain(scopes: list[Any]) -> list[dict[str, list[Value]]]:
    """The value tables of ``scopes`` from the innermost up to the nearest isolated one."""
    chain = []
    for sc in reversed(scopes):
        chain.append(sc.values)
        if sc.isolated:
            break
    return chain


def parse_block_body(parser: Parser, block: Block) -> None:  # noqa: C901 - the reader's hot loop, inlined on purpose
    """operation* up to the `}` or `^` that ends the block (not consumed)."""
    if not parser.use_line_cache:
        _parse_uncached(parser, block)
        return
    t = parser.text
    tlen = len(t)
    cache: dict[tuple, Any] = parser._line_cache
    scopes = parser.scopes
    # the scopes a name is looked up in, innermost first, up to the isolated one: built on the
    # first miss in the innermost scope (so a block costs nothing per level of nesting above it)
    chain: list[dict[str, list[Value]]] | None = None
    iso = scopes[-1].wait_scope
    top = scopes[-1].values
    dd = parser.default_dialects[-1] if parser.default_dialects else None
    source = parser.source
    def_pos = parser.def_pos
    ops = block.ops
    lookup = parser.lookup
    eol = -1
    while True:
        p = parser.pos
        if p >= tlen or t[p] in _WS_START:
            p = parser.skip()
            if p >= tlen:
                raise parser.error("expected operation name in quotes")
        c = t[p]
        if c == "}" or c == "^":
            block.ops_changed()
            return
        if p >= eol:  # a new line (the previous op's line end is still valid otherwise)
            eol = t.find("\n", p)
            if eol < 0:
                eol = tlen
        if eol - p > _LONG_LINE:  # many ops on one line (or one huge op): keys would grow with it
            op = parser.parse_operation()
            op.parent = block
            ops.append(op)
            continue
        parts = _ssa_split(t[p:eol])
        n = _ws_match(t, eol).end()
        if n < tlen:
            fol = t[n]
            if fol.isalpha() or fol == "_":  # a non-ASCII letter is no identifier: the key keeps the letter
                m = _bare_id_match(t, n)
                if m is not None:
                    fol = m.group()
        else:
            fol = ""
        key = (dd, fol, *parts[0::3])
        rec = cache.get(key)
        if rec is None:
            op = _parse_and_record(parser, key, p, eol, n, parts)
        elif rec is False:
            op = parser.parse_operation()
        else:
            opdef, ndefs, types, rtypes, attrs, name_off, tail_len, order, perm = rec
            off = p
            i = 0
            defs = []
            for _ in range(ndefs):
                off += len(parts[i])
                name = parts[i + 1]
                defs.append((name, off))
                off += 1 + len(name)
                i += 3
            op_pos = off + name_off
            vals: list[Value] = []
            if order is None:  # looked up in text order (the common case)
                for ty in types:
                    off += len(parts[i])
                    name = parts[i + 1]
                    num = parts[i + 2]
                    v = None
                    if num is None:
                        vs = top.get(name)
                        if vs is None:
                            if chain is None:
                                chain = _chain(scopes)
                            for values in chain:
                                vs = values.get(name)
                                if vs is not None:
                                    break
                        if vs is not None:
                            v = vs[0]
                            if v.type is not ty and v.type != ty:
                                v = None
                    if v is None:
                        v = lookup(OperandRef(name, int(num) if num else 0, off), ty)
                    vals.append(v)
                    off += 1 + len(name) + (len(num) + 1 if num else 0)
                    i += 3
            else:  # the op's parser looks its uses up in another order: the same order here
                refs = []
                for _ in types:
                    off += len(parts[i])
                    name = parts[i + 1]
                    num = parts[i + 2]
                    refs.append(OperandRef(name, int(num) if num else 0, off))
                    off += 1 + len(name) + (len(num) + 1 if num else 0)
                    i += 3
                vals = [None] * len(types)  # type: ignore[list-item]
                for k in order:
                    vals[k] = lookup(refs[k], types[k])
            if perm is not None:
                vals = [vals[k] for k in perm]
            op = new_op(opdef.name, opdef, vals if vals else NO_OPERANDS, rtypes, attrs.copy() if attrs else {},
                        FileLoc(source, op_pos))
            parser.last_end = off + tail_len
            parser.pos = n  # the next token (what `skip` would find)
            for (name, pos), r in zip(defs, op.results):
                clash = bool(iso.forward)
                if not clash:
                    if chain is None:
                        chain = _chain(scopes)
                    for values in chain:
                        if name in values:
                            clash = True
                            break
                if clash:
                    parser.define(name, [r], pos)
                else:
                    top[name] = [r]
                    r.name_hint = name
                    def_pos[id(r)] = pos
        op.parent = block
        ops.append(op)


def _parse_uncached(parser: Parser, block: Block) -> None:
    t = parser.text
    while True:
        p = parser.skip()
        if p >= len(t):
            raise parser.error("expected operation name in quotes")
        if t[p] == "}" or t[p] == "^":
            return
        block.append(parser.parse_operation())


def _parse_and_record(parser: Parser, key: tuple, p: int, eol: int, n: int, parts: list) -> Operation:
    """The general path for the first line with ``key``; stores its record (or False)."""
    cache = parser._line_cache
    line = parser.text[p:eol]
    stripped = line.rstrip()
    if stripped.endswith("{"):  # opens a region: never cached
        cache[key] = False
        return parser.parse_operation()
    calls: list[tuple[int, Any, Value]] = []
    plain = type(parser).lookup.__get__(parser)

    def recording_lookup(ref: Any, type: Any) -> Value:
        v = plain(ref, type)
        calls.append((ref.pos, type, v))
        return v

    outer = parser.__dict__.get("lookup")  # an enclosing line's recording (a multi-line op)
    parser.lookup = recording_lookup  # type: ignore[method-assign]
    try:
        op = parser.parse_operation()
    finally:
        if outer is None:
            del parser.lookup
        else:
            parser.lookup = outer  # type: ignore[method-assign]
    cache[key] = _record(parser, op, p, stripped, n, parts, calls)
    return op


def _record(parser: Parser, op: Operation, p: int, stripped: str, n: int, parts: list,
            calls: list[tuple[int, Any, Value]]) -> tuple | bool:
    end = p + len(stripped)
    if (parser.last_end != end or not end <= parser.pos <= n or op.regions or op.successors
            or op.properties is not None or type(op.loc) is not FileLoc or op.opdef is None):
        return False
    nnames = len(parts) // 3
    ndefs = nnames - len(calls)
    if ndefs < 0 or (ndefs and ndefs != len(op.results)) or len(calls) != len(op.operands):
        return False
    op_pos = op.loc.offset
    off = p
    i = 0
    for j in range(ndefs):  # result names: before the op name, bound to one result each
        off += len(parts[i])
        name = parts[i + 1]
        if parts[i + 2] is not None or off >= op_pos:
            return False
        vs = parser.scopes[-1].values.get(name)
        if vs is None or len(vs) != 1 or vs[0] is not op.results[j]:
            return False
        off += 1 + len(name)
        i += 3
    name_off = op_pos - off
    if not 0 <= name_off < len(parts[i]):
        return False
    text_index: dict[int, int] = {}  # position of each use after the op name -> its index
    for k in range(nnames - ndefs):
        off += len(parts[i])
        text_index[off] = k
        num = parts[i + 2]
        off += 1 + len(parts[i + 1]) + (len(num) + 1 if num else 0)
        i += 3
    if off + len(parts[i].rstrip()) != end:
        return False
    types: list[Any] = [None] * len(calls)
    used: list[Any] = [None] * len(calls)
    order = []
    for pos, ty, v in calls:  # every use looked up once, with a type
        k = text_index.get(pos)  # type: ignore[assignment]  # None is rejected on the next line
        if k is None or ty is None or types[k] is not None:
            return False
        types[k] = ty
        used[k] = v
        order.append(k)
    perm = _operand_order(used, op.operands)
    if perm is False:
        return False
    return (op.opdef, ndefs, types, [r.type for r in op.results], dict(op.attributes), name_off,
            len(parts[i].rstrip()), None if order == sorted(order) else order, perm)


def _operand_order(used: list[Value], operands: list[Value]) -> list[int] | None | bool:
    """How the values looked up (in text order) become the op's operands: None when in the same
    order, else the text index of each operand (``llvm.insertvalue %v, %c[0]`` has operands
    ``(%c, %v)``); False when the values are not exactly the operands or the order is ambiguous."""
    if len(used) != len(operands):
        return False
    if all(u is o for u, o in zip(used, operands)):
        return None
    perm = []
    for o in operands:
        ks = [k for k, u in enumerate(used) if u is o]
        if len(ks) != 1:
            return False
        perm.append(ks[0])
    return perm
