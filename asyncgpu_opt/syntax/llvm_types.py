"""LLVM dialect types (``!llvm.ptr``, ``!llvm.struct<(ptr, i64)>``, ``!llvm.array<2 x i64>``, ...).

    llvm-type ::= `ptr` (`<` integer `>`)? | `void` | `array<` integer `x` llvm-elem `>`
                | `struct<` (string `,`)? `packed`? `(` llvm-elem-list? `)` `>` | `struct<` string `, opaque>`
                | `func<` llvm-elem `(` llvm-elem-list? (`,` `...`)? `)` `>`
    llvm-elem ::= llvm-type | builtin-type | `!llvm.` llvm-type
"""

from __future__ import annotations

from typing import Any

from ..ir import types as T
from . import lexer as L

_SIMPLE = {"void": T.llvm_void}


def parse_llvm_type(p: Any, pos: int) -> T.Type:
    """Parse the body of an LLVM type starting at ``pos`` (just after ``!llvm.``)."""
    p.pos = pos
    return _body(p)


def _elem(p: Any) -> T.Type:
    s = p.skip()
    t = p.text
    if t.startswith("!llvm.", s):
        p.pos = s + 6
        return _body(p)
    m = L.keyword_re.match(t, s)
    if m and m.group() in ("ptr", "void", "array", "struct", "func", "label", "metadata", "token", "vec"):
        return _body(p)
    return p.parse_type()


def _body(p: Any) -> T.Type:
    s = p.skip()
    t = p.text
    m = L.keyword_re.match(t, s)
    if not m:
        raise p.error("expected LLVM type")
    w = m.group()
    p.pos = p.last_end = m.end()
    if w == "ptr":
        if t.startswith("<", p.pos):
            p.pos += 1
            a = p.parse_integer()
            p.parse_punct(">")
            return T.LLVMPointerType(a)
        return T.LLVMPointerType(0)
    if w in _SIMPLE:
        return _SIMPLE[w]
    if w == "array":
        p.parse_punct("<")
        n = p.parse_integer()
        p.parse_keyword("x")
        et = _elem(p)
        p.parse_punct(">")
        return T.LLVMArrayType(n, et)
    if w == "struct":
        p.parse_punct("<")
        name = p.parse_optional_string()
        if name is not None:
            if not p.parse_optional_punct(","):
                p.parse_punct(">")
                return T.LLVMStructType(None, name=name, opaque=True)
            if p.parse_optional_keyword("opaque"):
                p.parse_punct(">")
                return T.LLVMStructType(None, name=name, opaque=True)
        packed = bool(p.parse_optional_keyword("packed"))
        p.parse_punct("(")
        elems: list[T.Type] = []
        if not p.parse_optional_punct(")"):
            while True:
                elems.append(_elem(p))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        p.parse_punct(">")
        return T.LLVMStructType(elems, packed, name)
    if w == "func":
        p.parse_punct("<")
        res = _elem(p)
        p.parse_punct("(")
        params: list[T.Type] = []
        vararg = False
        if not p.parse_optional_punct(")"):
            while True:
                if p.parse_optional_punct("..."):
                    vararg = True
                else:
                    params.append(_elem(p))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        p.parse_punct(">")
        return T.LLVMFunctionType(res, params, vararg)
    if t.startswith("<", p.pos):
        e = p.balanced_end(p.pos)
        body = w + t[p.pos:e]
        p.pos = p.last_end = e
        return T.LLVMType(body)
    return T.LLVMType(w)
