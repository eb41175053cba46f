"""arith fold hooks (upstream ``ArithOps.cpp``'s ``fold`` methods, scalar integers and floats).

``install(ns)`` attaches them to the op classes of ``dialects/arith.py`` (its namespace ``ns``) and
registers the arith constant materializer.  Semantics as upstream: integer results wrap at the
type's width, a division by zero or a signed division overflow does not fold, a shift by the width
or more does not fold; vectors and tensors are not folded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ._fold import (
    FoldResult,
    defined_by,
    int_attr,
    int_value,
    is_all_ones,
    is_one,
    is_zero,
    register_materializer,
    signed,
    unsigned,
    width,
)

_C: dict[str, Any] = {}  # mnemonic -> op class (filled by install)

CMPI_SWAPPED = {0: 0, 1: 1, 2: 4, 3: 5, 4: 2, 5: 3, 6: 8, 7: 9, 8: 6, 9: 7}  # predicate with lhs/rhs swapped


def _ints(op: Operation, consts: list) -> tuple[int | None, int | None, int | None]:
    """(width, lhs, rhs) of a scalar integer binary op; the operands None when not constant."""
    w = width(op.results[0].type)
    if w is None:
        return None, None, None
    return w, int_value(consts[0]), int_value(consts[1])


def _binary(fn: Callable[[int, int, int], int | None]) -> Callable[[Operation, list], FoldResult]:
    """``constFoldBinaryOp``: both operands constant, ``fn(a, b, width)`` (None: does not fold)."""
    def fold(op: Operation, consts: list) -> FoldResult:
        w, a, b = _ints(op, consts)
        if w is None or a is None or b is None:
            return None
        r = fn(a, b, w)
        return None if r is None else [int_attr(r, op.results[0].type)]
    return fold


def _first(*folds: Callable[[Operation, list], FoldResult]) -> Callable[[Operation, list], FoldResult]:
    def fold(op: Operation, consts: list) -> FoldResult:
        for f in folds:
            r = f(op, consts)
            if r is not None:
                return r
        return None
    return fold


def _fold_addi(op: Operation, consts: list) -> FoldResult:
    lhs, rhs = op.operands
    if is_zero(consts[1]):  # addi(x, 0) -> x
        return [lhs]
    sub = defined_by(lhs, _C["subi"])  # addi(subi(a, b), b) -> a
    if sub is not None and sub.operands[1] is rhs:
        return [sub.operands[0]]
    sub = defined_by(rhs, _C["subi"])  # addi(b, subi(a, b)) -> a
    if sub is not None and sub.operands[1] is lhs:
        return [sub.operands[0]]
    return None


def _fold_subi(op: Operation, consts: list) -> FoldResult:
    lhs, rhs = op.operands
    t = op.results[0].type
    if lhs is rhs and width(t) is not None:  # subi(x, x) -> 0
        return [int_attr(0, t)]
    if is_zero(consts[1]):  # subi(x, 0) -> x
        return [lhs]
    add = defined_by(lhs, _C["addi"])
    if add is not None:
        if add.operands[1] is rhs:  # subi(addi(a, b), b) -> a
            return [add.operands[0]]
        if add.operands[0] is rhs:  # subi(addi(a, b), a) -> b
            return [add.operands[1]]
    return None


def _fold_muli(op: Operation, consts: list) -> FoldResult:
    if is_zero(consts[1]):  # muli(x, 0) -> 0
        return [op.operands[1]]
    if is_one(consts[1]):  # muli(x, 1) -> x
        return [op.operands[0]]
    return None


def _by_one(op: Operation, consts: list) -> FoldResult:
    return [op.operands[0]] if is_one(consts[1]) else None  # div(x, 1) -> x


def _rem_by_one(op: Operation, consts: list) -> FoldResult:
    t = op.results[0].type
    return [int_attr(0, t)] if is_one(consts[1]) and width(t) is not None else None  # rem(x, 1) -> 0


def _divsi(a: int, b: int, w: int) -> int | None:
    a, b = signed(a, w), signed(b, w)
    if b == 0 or (a == -(1 << (w - 1)) and b == -1):
        return None
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _ceildivsi(a: int, b: int, w: int) -> int | None:
    q = _divsi(a, b, w)
    if q is None:
        return None
    a, b = signed(a, w), signed(b, w)
    return q + 1 if q * b != a and (a < 0) == (b < 0) else q


def _floordivsi(a: int, b: int, w: int) -> int | None:
    q = _divsi(a, b, w)
    if q is None:
        return None
    a, b = signed(a, w), signed(b, w)
    return q - 1 if q * b != a and (a < 0) != (b < 0) else q


def _divui(a: int, b: int, w: int) -> int | None:
    a, b = unsigned(a, w), unsigned(b, w)
    return None if b == 0 else a // b


def _ceildivui(a: int, b: int, w: int) -> int | None:
    a, b = unsigned(a, w), unsigned(b, w)
    return None if b == 0 else -(-a // b)


def _remsi(a: int, b: int, w: int) -> int | None:
    a, b = signed(a, w), signed(b, w)
    if b == 0:
        return None
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _remui(a: int, b: int, w: int) -> int | None:
    a, b = unsigned(a, w), unsigned(b, w)
    return None if b == 0 else a % b


def _fold_andi(op: Operation, consts: list) -> FoldResult:
    lhs, rhs = op.operands
    if is_zero(consts[1]):  # andi(x, 0) -> 0
        return [rhs]
    if is_all_ones(consts[1]):  # andi(x, -1) -> x
        return [lhs]
    if lhs is rhs:  # andi(x, x) -> x
        return [lhs]
    return None


def _fold_ori(op: Operation, consts: list) -> FoldResult:
    lhs, rhs = op.operands
    if is_zero(consts[1]):  # ori(x, 0) -> x
        return [lhs]
    if is_all_ones(consts[1]):  # ori(x, -1) -> -1
        return [consts[1]]
    if lhs is rhs:
        return [lhs]
    return None


def _fold_xori(op: Operation, consts: list) -> FoldResult:
    lhs, rhs = op.operands
    t = op.results[0].type
    if is_zero(consts[1]):  # xori(x, 0) -> x
        return [lhs]
    if lhs is rhs and width(t) is not None:  # xori(x, x) -> 0
        return [int_attr(0, t)]
    return None


def _shift(fn: Callable[[int, int, int], int]) -> Callable[[Operation, list], FoldResult]:
    def by_zero(op: Operation, consts: list) -> FoldResult:
        return [op.operands[0]] if is_zero(consts[1]) else None

    def bounded(a: int, b: int, w: int) -> int | None:
        b = unsigned(b, w)
        return fn(a, b, w) if b < w else None
    return _first(by_zero, _binary(bounded))


def _minmax(pick: Callable[[int, int], int], conv: Callable[[int, int], int], absorbing: str) -> Callable:
    """max/min: ``op(x, x) -> x``; the rhs the extreme value of the order -> rhs (``absorbing``)
    or the other one -> lhs; both constant -> folded."""
    def fold(op: Operation, consts: list) -> FoldResult:
        lhs, rhs = op.operands
        if lhs is rhs:
            return [lhs]
        w, a, b = _ints(op, consts)
        if w is None or b is None:
            return None
        bv = conv(b, w)
        lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if conv is signed else (0, (1 << w) - 1)
        if bv == (hi if absorbing == "max" else lo):
            return [rhs]
        if bv == (lo if absorbing == "max" else hi):
            return [lhs]
        if a is None:
            return None
        return [int_attr(pick(conv(a, w), bv), op.results[0].type)]
    return fold


_EQUAL_CMP = {0: 1, 1: 0, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0, 7: 1, 8: 0, 9: 1}  # predicate(x, x)


def _cmp(pred: int, a: int, b: int, w: int) -> bool:
    if pred in (2, 3, 4, 5):
        a, b = signed(a, w), signed(b, w)
    else:
        a, b = unsigned(a, w), unsigned(b, w)
    return (a == b, a != b, a < b, a <= b, a > b, a >= b, a < b, a <= b, a > b, a >= b)[pred]


def _fold_cmpi(op: Operation, consts: list) -> FoldResult:
    """CmpIOp::fold: equal operands, ``ext(i1) != 0``, a constant moved to the right (in place,
    the predicate swapped), both constant."""
    lhs, rhs = op.operands
    pred = op.attributes["predicate"].value
    w = width(lhs.type)
    if w is None:
        return None
    if lhs is rhs:
        return [A.IntegerAttr(_EQUAL_CMP[pred], T.i1)]
    if is_zero(consts[1]) and pred == 1:  # extsi/extui(%x : i1) != 0 -> %x
        ext = defined_by(lhs, _C["extsi"]) or defined_by(lhs, _C["extui"])
        if ext is not None and ext.operands[0].type == T.i1:
            return [ext.operands[0]]
    a, b = int_value(consts[0]), int_value(consts[1])
    if a is not None and b is None:
        op.attributes = {**op.attributes, "predicate": A.IntegerAttr(CMPI_SWAPPED[pred], T.i64)}
        op.set_operands([rhs, lhs])
        return []
    if a is None or b is None:
        return None
    return [A.IntegerAttr(int(_cmp(pred, a, b, w)), T.i1)]


def _fold_select(op: Operation, consts: list) -> FoldResult:
    cond, tv, fv = op.operands
    if tv is fv:
        return [tv]
    if is_one(consts[0]):
        return [tv]
    if is_zero(consts[0]):
        return [fv]
    if op.results[0].type == T.i1 and is_one(consts[1]) and is_zero(consts[2]):
        return [cond]
    cmp = defined_by(cond, _C["cmpi"])
    if cmp is not None and cmp.attributes["predicate"].value in (0, 1):
        cl, cr = cmp.operands
        if (cl is tv and cr is fv) or (cr is tv and cl is fv):
            return [tv if cmp.attributes["predicate"].value == 1 else fv]
    return None


def _cast_const(fn: Callable[[int, int, int], int]) -> Callable[[Operation, list], FoldResult]:
    """``constFoldCastOp`` on scalar integers: ``fn(value, source width, result width)``."""
    def fold(op: Operation, consts: list) -> FoldResult:
        v = int_value(consts[0])
        t = op.results[0].type
        ws, wr = width(op.operands[0].type), width(t)
        if v is None or ws is None or wr is None:
            return None
        return [int_attr(fn(v, ws, wr), t)]
    return fold


def _sext(v: int, ws: int, wr: int) -> int:
    return signed(v, ws)


def _zext(v: int, ws: int, wr: int) -> int:
    return unsigned(v, ws)


def _ext_of_ext(mn: str) -> Callable[[Operation, list], FoldResult]:
    def fold(op: Operation, consts: list) -> FoldResult:
        inner = defined_by(op.operands[0], _C[mn])  # ext(ext(x)) -> ext(x)
        if inner is None:
            return None
        op.set_operand(0, inner.operands[0])
        return []
    return fold


def _fold_trunci(op: Operation, consts: list) -> FoldResult:
    src = op.operands[0]
    ext = defined_by(src, _C["extui"]) or defined_by(src, _C["extsi"])
    if ext is not None:
        x = ext.operands[0]
        wx, wr = width(x.type), width(op.results[0].type)
        if wx is not None and wr is not None and wx > wr:  # trunci(ext(x)) -> trunci(x)
            op.set_operand(0, x)
            return []
        if x.type == op.results[0].type:  # trunci(ext(x)) -> x
            return [x]
    inner = defined_by(src, _C["trunci"])
    if inner is not None:  # trunci(trunci(x)) -> trunci(x)
        op.set_operand(0, inner.operands[0])
        return []
    return _cast_const(lambda v, ws, wr: v)(op, consts)


def _float_identity(value: float, negative_zero: bool = False) -> Callable[[Operation, list], FoldResult]:
    """``op(x, c) -> x`` for the identity constant ``c`` of a float op (``-0.0`` for addf)."""
    import math

    def fold(op: Operation, consts: list) -> FoldResult:
        c = consts[1]
        if isinstance(c, A.FloatAttr) and c.value == value and \
                (value != 0.0 or math.copysign(1.0, c.value) == (-1.0 if negative_zero else 1.0)):
            return [op.operands[0]]
        return None
    return fold


def _float_binary(fn: Callable[[float, float], float]) -> Callable[[Operation, list], FoldResult]:
    """Both operands constant finite floats whose result is finite and exact enough: the rounded
    result (``APFloat`` arithmetic rounds once; a double result rounded to a narrower type is the
    same for +, -, *, / of f16/bf16/f32 operands)."""
    import math

    def fold(op: Operation, consts: list) -> FoldResult:
        a, b = consts
        t = op.results[0].type
        if not (isinstance(a, A.FloatAttr) and isinstance(b, A.FloatAttr)) or not isinstance(t, T.FloatType) \
                or t.width > 64:
            return None
        if not (math.isfinite(a.value) and math.isfinite(b.value)):
            return None
        try:
            r = fn(a.value, b.value)
        except ZeroDivisionError:
            return None
        if not math.isfinite(r):
            return None
        return [A.FloatAttr(r, t)]
    return fold


def _F_DIV(a: float, b: float) -> float:
    return a / b


def _constant(op: Operation, consts: list) -> FoldResult:
    return [op.attributes["value"]]


def _materialize(attr: A.Attribute, t: T.Type) -> Operation | None:
    """ConstantOp::materialize: a typed attribute of the type (integer, float, dense elements)."""
    if not isinstance(attr, A.IntegerAttr | A.FloatAttr | A.DenseElementsAttr) or attr.type != t:
        return None
    return Operation.create_simple("arith.constant", _C["constant"], (), [t], {"value": attr}, None)


def install(ns: dict[str, Any]) -> None:
    """Attach the fold hooks to the arith op classes in ``ns`` (``arith.py``'s globals)."""
    for mn in ("addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi",
               "remui", "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "maxui", "minsi", "minui",
               "extsi", "extui", "trunci", "index_cast", "index_castui", "addf", "subf", "mulf", "divf"):
        _C[mn] = ns[mn]
    _C["constant"] = ns["ConstantOp"]
    _C["cmpi"] = ns["CmpIOp"]
    _C["select"] = ns["SelectOp"]
    hooks: dict[str, Callable[[Operation, list], FoldResult]] = {
        "addi": _first(_fold_addi, _binary(lambda a, b, w: a + b)),
        "subi": _first(_fold_subi, _binary(lambda a, b, w: a - b)),
        "muli": _first(_fold_muli, _binary(lambda a, b, w: a * b)),
        "divsi": _first(_by_one, _binary(_divsi)),
        "divui": _first(_by_one, _binary(_divui)),
        "ceildivsi": _first(_by_one, _binary(_ceildivsi)),
        "ceildivui": _first(_by_one, _binary(_ceildivui)),
        "floordivsi": _first(_by_one, _binary(_floordivsi)),
        "remsi": _first(_rem_by_one, _binary(_remsi)),
        "remui": _first(_rem_by_one, _binary(_remui)),
        "andi": _first(_fold_andi, _binary(lambda a, b, w: a & b)),
        "ori": _first(_fold_ori, _binary(lambda a, b, w: a | b)),
        "xori": _first(_fold_xori, _binary(lambda a, b, w: a ^ b)),
        "shli": _shift(lambda a, b, w: a << b),
        "shrsi": _shift(lambda a, b, w: signed(a, w) >> b),
        "shrui": _shift(lambda a, b, w: unsigned(a, w) >> b),
        "maxsi": _minmax(max, signed, "max"),
        "maxui": _minmax(max, unsigned, "max"),
        "minsi": _minmax(min, signed, "min"),
        "minui": _minmax(min, unsigned, "min"),
        "extsi": _first(_ext_of_ext("extsi"), _cast_const(_sext)),
        "extui": _first(_ext_of_ext("extui"), _cast_const(_zext)),
        "trunci": _fold_trunci,
        "index_cast": _cast_const(_sext),
        "index_castui": _cast_const(_zext),
        "addf": _first(_float_identity(0.0, negative_zero=True), _float_binary(lambda a, b: a + b)),
        "subf": _first(_float_identity(0.0), _float_binary(lambda a, b: a - b)),
        "mulf": _first(_float_identity(1.0), _float_binary(lambda a, b: a * b)),
        "divf": _first(_float_identity(1.0), _float_binary(_F_DIV)),
    }
    for mn, f in hooks.items():
        _C[mn].fold = staticmethod(f)
    _C["constant"].fold = staticmethod(_constant)
    _C["cmpi"].fold = staticmethod(_fold_cmpi)
    _C["select"].fold = staticmethod(_fold_select)
    register_materializer("arith", _materialize)
