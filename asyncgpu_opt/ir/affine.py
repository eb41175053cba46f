"""Affine expressions, maps and integer sets: build (with MLIR's canonical simplifications), parse,
print exactly as mlir-opt does, and evaluate.

Grammar (inside ``affine_map<...>`` / ``affine_set<...>``)::

    affine-map  ::= dim-list sym-list? `->` `(` expr-list? `)`
    integer-set ::= dim-list sym-list? `:` `(` constraint-list? `)`
    constraint  ::= expr (`>=` | `==`) `0`      (also `expr >= expr`, `expr == expr`)
    expr        ::= expr (`+`|`-`) term | term
    term        ::= term (`*`|`floordiv`|`ceildiv`|`mod`) factor | factor
    factor      ::= `-` factor | integer | dim-or-sym-name | `(` expr `)`
"""

from __future__ import annotations

import re
from collections.abc import Sequence


class AffineExpr:
    __slots__ = ()
    kind = ""

    def is_symbolic_or_constant(self) -> bool:
        return True

    def __add__(self, o: AffineExpr | int) -> AffineExpr:
        return add(self, _c(o))

    def __radd__(self, o: int) -> AffineExpr:
        return add(_c(o), self)

    def __mul__(self, o: AffineExpr | int) -> AffineExpr:
        return mul(self, _c(o))

    def __rmul__(self, o: int) -> AffineExpr:
        return mul(_c(o), self)

    def __neg__(self) -> AffineExpr:
        return mul(self, Const(-1))

    def __sub__(self, o: AffineExpr | int) -> AffineExpr:
        return add(self, mul(_c(o), Const(-1)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AffineExpr) and _key(self) == _key(other)

    def __hash__(self) -> int:
        return hash(_key(self))

    def __str__(self) -> str:
        return print_expr(self)

    __repr__ = __str__


def _key(e: AffineExpr) -> tuple:
    if isinstance(e, Dim):
        return ("d", e.pos)
    if isinstance(e, Sym):
        return ("s", e.pos)
    if isinstance(e, Const):
        return ("c", e.value)
    assert isinstance(e, Bin)
    return (e.kind, _key(e.lhs), _key(e.rhs))


class Dim(AffineExpr):
    __slots__ = ("pos",)
    kind = "dim"

    def __init__(self, pos: int) -> None:
        self.pos = pos

    def is_symbolic_or_constant(self) -> bool:
        return False


class Sym(AffineExpr):
    __slots__ = ("pos",)
    kind = "sym"

    def __init__(self, pos: int) -> None:
        self.pos = pos


class Const(AffineExpr):
    __slots__ = ("value",)
    kind = "const"

    def __init__(self, value: int) -> None:
        self.value = value


class Bin(AffineExpr):
    __slots__ = ("lhs", "rhs", "_kind")

    def __init__(self, kind: str, lhs: AffineExpr, rhs: AffineExpr) -> None:
        self._kind = kind
        self.lhs = lhs
        self.rhs = rhs

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self._kind

    def is_symbolic_or_constant(self) -> bool:
        return self.lhs.is_symbolic_or_constant() and self.rhs.is_symbolic_or_constant()


def _c(o: AffineExpr | int) -> AffineExpr:
    return Const(o) if isinstance(o, int) else o


def add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    lc = lhs.value if isinstance(lhs, Const) else None
    rc = rhs.value if isinstance(rhs, Const) else None
    if lc is not None and rc is not None:
        return Const(lc + rc)
    if lc is not None or (lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant()):
        return add(rhs, lhs)
    # two dims (or two symbols) in position order: d1 + d0 -> d0 + d1
    if isinstance(lhs, (Dim, Sym)) and isinstance(rhs, (Dim, Sym)) and type(lhs) is type(rhs) and lhs.pos > rhs.pos:
        return Bin("add", rhs, lhs)
    if rc is not None and rc == 0:
        return lhs
    if isinstance(lhs, Bin) and lhs.kind == "add" and isinstance(lhs.rhs, Const):
        if rc is not None:
            return add(lhs.lhs, Const(lhs.rhs.value + rc))
        return add(add(lhs.lhs, rhs), lhs.rhs)
    if isinstance(rhs, Bin) and rhs.kind == "add" and isinstance(rhs.rhs, Const):
        return add(add(lhs, rhs.lhs), rhs.rhs)
    # c1 * e + c2 * e  ->  (c1 + c2) * e ;  e + e -> e * 2
    l_e, l_c = _split_mul(lhs)
    r_e, r_c = _split_mul(rhs)
    if l_e == r_e:
        return mul(l_e, Const(l_c + r_c))
    return Bin("add", lhs, rhs)


def _split_mul(e: AffineExpr) -> tuple[AffineExpr, int]:
    if isinstance(e, Bin) and e.kind == "mul" and isinstance(e.rhs, Const):
        return e.lhs, e.rhs.value
    return e, 1


def mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    lc = lhs.value if isinstance(lhs, Const) else None
    rc = rhs.value if isinstance(rhs, Const) else None
    if lc is not None and rc is not None:
        return Const(lc * rc)
    if not rhs.is_symbolic_or_constant() or lc is not None:
        if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
            return Bin("mul", lhs, rhs)  # non-affine; the parser rejects it
        return mul(rhs, lhs)
    if rc is not None:
        if rc == 1:
            return lhs
        if rc == 0:
            return rhs
    if isinstance(lhs, Bin) and lhs.kind == "mul" and isinstance(lhs.rhs, Const):
        if rc is not None:
            return mul(lhs.lhs, Const(lhs.rhs.value * rc))
        return mul(mul(lhs.lhs, rhs), lhs.rhs)
    return Bin("mul", lhs, rhs)


def _divmod_kind(kind: str, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    lc = lhs.value if isinstance(lhs, Const) else None
    rc = rhs.value if isinstance(rhs, Const) else None
    if rc is not None and rc != 0:
        if lc is not None:
            if kind == "floordiv":
                return Const(lc // rc)
            if kind == "ceildiv":
                return Const(-((-lc) // rc))
            return Const(lc % rc)
        if rc == 1:
            return Const(0) if kind == "mod" else lhs
    return Bin(kind, lhs, rhs)


def floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    return _divmod_kind("floordiv", lhs, rhs)


def ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    return _divmod_kind("ceildiv", lhs, rhs)


def mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    return _divmod_kind("mod", lhs, rhs)


_SPELL = {"add": " + ", "mul": " * ", "floordiv": " floordiv ", "ceildiv": " ceildiv ", "mod": " mod "}


def print_expr(e: AffineExpr, strong: bool = False) -> str:
    """AsmPrinter::printAffineExprInternal."""
    if isinstance(e, Dim):
        return f"d{e.pos}"
    if isinstance(e, Sym):
        return f"s{e.pos}"
    if isinstance(e, Const):
        return str(e.value)
    assert isinstance(e, Bin)
    lhs, rhs = e.lhs, e.rhs
    if e.kind != "add":
        if e.kind == "mul" and isinstance(rhs, Const) and rhs.value == -1:
            text = "-" + print_expr(lhs, True)
        else:
            text = print_expr(lhs, True) + _SPELL[e.kind] + print_expr(rhs, True)
        return f"({text})" if strong else text
    s: str | None = None
    if isinstance(rhs, Bin) and rhs.kind == "mul" and isinstance(rhs.rhs, Const):
        v = rhs.rhs.value
        if v == -1:
            inner = print_expr(rhs.lhs, rhs.lhs.kind == "add")
            s = print_expr(lhs) + " - " + inner
        elif v < -1:
            s = print_expr(lhs) + " - " + print_expr(rhs.lhs, True) + f" * {-v}"
    if s is None and isinstance(rhs, Const) and rhs.value < 0:
        s = print_expr(lhs) + f" - {-rhs.value}"
    if s is None:
        s = print_expr(lhs) + " + " + print_expr(rhs)
    return f"({s})" if strong else s


def evaluate(e: AffineExpr, dims: Sequence[int], syms: Sequence[int]) -> int:
    if isinstance(e, Dim):
        return dims[e.pos]
    if isinstance(e, Sym):
        return syms[e.pos]
    if isinstance(e, Const):
        return e.value
    assert isinstance(e, Bin)
    a = evaluate(e.lhs, dims, syms)
    b = evaluate(e.rhs, dims, syms)
    k = e.kind
    if k == "add":
        return a + b
    if k == "mul":
        return a * b
    if k == "floordiv":
        return a // b
    if k == "ceildiv":
        return -((-a) // b)
    return a % b


def _dimsym_header(num_dims: int, num_syms: int) -> str:
    s = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_syms:
        s += "[" + ", ".join(f"s{i}" for i in range(num_syms)) + "]"
    return s


class AffineMap:
    """``(d0, ...)[s0, ...] -> (expr, ...)``: a structural value, equal to another map with the same
    dimension and symbol counts and the same (canonical) result expressions; hash and text cached."""

    __slots__ = ("num_dims", "num_syms", "results", "_text", "_k", "_h")

    def __init__(self, num_dims: int, num_syms: int, results: Sequence[AffineExpr]) -> None:
        self.num_dims = num_dims
        self.num_syms = num_syms
        self.results = tuple(results)
        self._text: str | None = None
        self._k: tuple | None = None
        self._h: int | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = (_dimsym_header(self.num_dims, self.num_syms) + " -> ("
                          + ", ".join(print_expr(r) for r in self.results) + ")")
        return self._text

    __repr__ = __str__

    def _key(self) -> tuple:
        if self._k is None:
            self._k = (self.num_dims, self.num_syms, tuple(_key(r) for r in self.results))
        return self._k

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, AffineMap) and other._key() == self._key())

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(self._key())
        return self._h

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_syms

    def is_identity(self) -> bool:
        return (self.num_syms == 0 and len(self.results) == self.num_dims
                and all(isinstance(r, Dim) and r.pos == i for i, r in enumerate(self.results)))

    def evaluate(self, operands: Sequence[int]) -> list[int]:
        dims, syms = operands[: self.num_dims], operands[self.num_dims:]
        return [evaluate(r, dims, syms) for r in self.results]

    def single_constant(self) -> int | None:
        if len(self.results) == 1 and isinstance(self.results[0], Const):
            return self.results[0].value
        return None

    @staticmethod
    def constant(value: int) -> AffineMap:
        return AffineMap(0, 0, [Const(value)])

    @staticmethod
    def identity(n: int) -> AffineMap:
        return AffineMap(n, 0, [Dim(i) for i in range(n)])


class IntegerSet:
    """``(d0, ...)[s0, ...] : (expr >= 0 | expr == 0, ...)``: a structural value, equal to another set
    with the same counts, constraint expressions and equality flags; hash and text cached."""

    __slots__ = ("num_dims", "num_syms", "constraints", "eq_flags", "_text", "_k", "_h")

    def __init__(self, num_dims: int, num_syms: int, constraints: Sequence[AffineExpr],
                 eq_flags: Sequence[bool]) -> None:
        self.num_dims = num_dims
        self.num_syms = num_syms
        self.constraints = tuple(constraints)
        self.eq_flags = tuple(eq_flags)
        self._text: str | None = None
        self._k: tuple | None = None
        self._h: int | None = None

    def __str__(self) -> str:
        if self._text is None:
            body = ", ".join(print_expr(c) + (" == 0" if eq else " >= 0")
                             for c, eq in zip(self.constraints, self.eq_flags))
            self._text = _dimsym_header(self.num_dims, self.num_syms) + " : (" + body + ")"
        return self._text

    __repr__ = __str__

    def _key(self) -> tuple:
        if self._k is None:
            self._k = (self.num_dims, self.num_syms, tuple(_key(c) for c in self.constraints), self.eq_flags)
        return self._k

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, IntegerSet) and other._key() == self._key())

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(self._key())
        return self._h

    def contains(self, operands: Sequence[int]) -> bool:
        dims, syms = operands[: self.num_dims], operands[self.num_dims:]
        for c, eq in zip(self.constraints, self.eq_flags):
            v = evaluate(c, dims, syms)
            if (eq and v != 0) or (not eq and v < 0):
                return False
        return True


# ----- parsing ----------------------------------------------------------------------------------
class AffineParseError(Exception):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


_TOK = re.compile(r"[ \t\r\n\x00]*(?:(?P<int>\d+)|(?P<id>[A-Za-z_][\w$]*)|(?P<op>->|>=|==|<=|[-+*()\[\],:]))", re.ASCII)


# a character no MLIR token starts with (the lexer's "unexpected character")
_NOT_A_TOKEN = re.compile(r"[^ \t\r\n\x00A-Za-z_0-9:,.(){}\[\]<>=+*?|\-@#%^!\"/]", re.ASCII)


class _AffineParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[tuple[str, str, int]] = []
        pos = 0
        while True:
            m = _TOK.match(text, pos)
            if not m:
                bad = pos + len(text[pos:]) - len(text[pos:].lstrip(" \t\r\n\x00"))
                if bad < len(text):  # reported when the parser reaches it (upstream lexes lazily)
                    self.toks.append(("bad", text[bad], bad))
                break
            kind = m.lastgroup or ""
            self.toks.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        self.toks.append(("eof", "", len(text)))
        self.i = 0
        self.names: dict[str, AffineExpr] = {}

    def _bad(self, t: tuple[str, str, int]) -> AffineParseError:
        if _NOT_A_TOKEN.match(t[1]):  # what MLIR's lexer rejects before any parser sees it
            return AffineParseError("unexpected character", t[2])
        return AffineParseError(f"unexpected character in affine expression '{t[1]}'", t[2])

    def peek(self) -> tuple[str, str, int]:
        t = self.toks[self.i]
        if t[0] == "bad":
            raise self._bad(t)
        return t

    def take(self, value: str | None = None, what: str = "") -> tuple[str, str, int]:
        t = self.peek()
        if value is not None and t[1] != value:
            if what and self.i:  # parseToken: located just past the previous token
                prev = self.toks[self.i - 1]
                raise AffineParseError(f"expected '{value}'{what}", prev[2] + len(prev[1]))
            raise AffineParseError(f"expected '{value}'{what}", t[2])
        self.i += 1
        return t

    def accept(self, value: str) -> bool:
        if self.peek()[1] == value:
            self.i += 1
            return True
        return False

    def id_list(self, close: str, make) -> int:
        n = 0
        if self.accept(close):
            return 0
        while True:
            k, v, off = self.take()
            if k != "id":
                raise AffineParseError("expected identifier", off)
            self.names[v] = make(n)
            n += 1
            if self.accept(close):
                return n
            self.take(",")

    def header(self) -> tuple[int, int]:
        self.take("(")
        nd = self.id_list(")", Dim)
        ns = 0
        if self.accept("["):
            ns = self.id_list("]", Sym)
        return nd, ns

    def expr(self) -> AffineExpr:
        e = self.term()
        while True:
            if self.accept("+"):
                e = add(e, self.term())
            elif self.peek()[1] == "-" :
                self.i += 1
                e = add(e, mul(self.term(), Const(-1)))
            else:
                return e

    def term(self) -> AffineExpr:
        e = self.factor()
        while True:
            k, v, off = self.peek()
            if v == "*":
                self.i += 1
                r = self.factor()
                if not e.is_symbolic_or_constant() and not r.is_symbolic_or_constant():
                    raise AffineParseError("non-affine expression: at least one of the multiply "
                                           "operands has to be either a constant or symbolic", off)
                e = mul(e, r)
            elif v in ("floordiv", "ceildiv", "mod"):
                self.i += 1
                r = self.factor()
                if not r.is_symbolic_or_constant():
                    raise AffineParseError(f"non-affine expression: right operand of {v} has to be "
                                           "either a constant or symbolic", off)
                e = {"floordiv": floordiv, "ceildiv": ceildiv, "mod": mod}[v](e, r)
            else:
                return e

    def factor(self) -> AffineExpr:
        k, v, off = self.take()
        if v == "-":
            f = self.factor()
            return Const(-f.value) if isinstance(f, Const) else mul(f, Const(-1))
        if k == "int":
            if int(v) >= 1 << 63:  # parseIntegerExpr: the literal must fit int64
                raise AffineParseError("constant too large for index", off)
            return Const(int(v))
        if k == "id":
            if v in self.names:
                return self.names[v]
            raise AffineParseError("use of undeclared identifier", off)
        if v == "(":
            e = self.expr()
            self.take(")")
            return e
        raise AffineParseError("expected affine expression", off)

    def expr_list(self) -> list[AffineExpr]:
        self.take("(")
        out: list[AffineExpr] = []
        if self.accept(")"):
            return out
        while True:
            out.append(self.expr())
            if self.accept(")"):
                return out
            self.take(",")

    def done(self) -> None:
        k, v, off = self.peek()
        if k != "eof":
            raise AffineParseError(f"unexpected '{v}'", off)


def parse_affine_map(text: str) -> AffineMap:
    """``(d0)[s0] -> (d0 + s0)`` (the text between ``affine_map<`` and ``>``)."""
    p = _AffineParser(text)
    nd, ns = p.header()
    p.take("->")
    results = p.expr_list()
    p.done()
    return AffineMap(nd, ns, results)


def parse_integer_set(text: str) -> IntegerSet:
    """``(d0)[s0] : (d0 - s0 >= 0, d0 == 0)``; ``() : ()`` is the set ``() : (0 == 0)``."""
    p = _AffineParser(text)
    nd, ns = p.header()
    p.take(":")
    p.take("(", " in integer set constraint list")
    cons: list[AffineExpr] = []
    eqs: list[bool] = []
    if not p.accept(")"):
        while True:
            lhs = p.expr()
            k, v, off = p.take()
            if v not in (">=", "==", "<="):
                raise AffineParseError("expected '== affine-expr' or '>= affine-expr' at end of affine "
                                       "constraint", off)
            rhs = p.expr()
            if v == "<=":
                lhs, rhs = rhs, lhs
            c = add(lhs, mul(rhs, Const(-1))) if not (isinstance(rhs, Const) and rhs.value == 0) else lhs
            cons.append(c)
            eqs.append(v == "==")
            if p.accept(")"):
                break
            p.take(",")
    p.done()
    if not cons:  # upstream reads an empty constraint list as the one constraint `0 == 0`
        cons, eqs = [Const(0)], [True]
    return IntegerSet(nd, ns, cons, eqs)


def parse_bare_map_operands(text: str) -> tuple[list[str], list[str]]:  # pragma: no cover - unused
    raise NotImplementedError
