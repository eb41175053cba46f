"""What fold hooks share: the fold contract, integer arithmetic at a type's width, and the
dialects' constant materializers.

The contract (upstream's ``OpState::fold`` / ``Operation::fold``): an op definition may define
``fold(op, consts) -> FoldResult``; ``consts[i]`` is the attribute of operand ``i`` when a
``ConstantLike`` op defines it, else ``None``.  It returns ``None`` (nothing to fold), ``[]`` (the
op was changed in place: operands or attributes) or one entry per result, each an existing
``Value`` or an ``Attribute`` to materialize as a constant (``materialize``).  A ``ConstantLike``
op's fold returns its value (``constant_value``).  Integers are kept as upstream prints them:
signed at their width (``i1``: 0 or 1), ``index`` as 64 bits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, OpResult, Value

FoldResult = list[Any] | None

# dialect prefix -> materializer(attr, type) -> a new (detached) constant op, or None
_MATERIALIZERS: dict[str, Callable[[A.Attribute, T.Type], Operation | None]] = {}


def register_materializer(dialect: str, fn: Callable[[A.Attribute, T.Type], Operation | None]) -> None:
    """``Dialect::materializeConstant`` of ``dialect``."""
    _MATERIALIZERS[dialect] = fn


def materialize(dialect: str, attr: A.Attribute, type_: T.Type) -> Operation | None:
    """A detached constant op of ``type_`` holding ``attr``, built by ``dialect`` (None: it cannot)."""
    fn = _MATERIALIZERS.get(dialect)
    return fn(attr, type_) if fn is not None else None


def is_constant_like(op: Operation | None) -> bool:
    return op is not None and op.opdef is not None and "ConstantLike" in op.opdef.traits


def constant_value(op: Operation) -> A.Attribute | None:
    """The attribute a ``ConstantLike`` op defines (``m_Constant``), else None."""
    if not is_constant_like(op):
        return None
    fold = getattr(op.opdef, "fold", None)
    if fold is None:
        return None
    r = fold(op, [])
    return r[0] if r and isinstance(r[0], A.Attribute) else None


def constant_of(v: Value) -> A.Attribute | None:
    """``matchPattern(v, m_Constant())``: the attribute of the constant defining ``v``."""
    return constant_value(v.op) if type(v) is OpResult else None


def defined_by(v: Value, opdef: type) -> Operation | None:
    """``v.getDefiningOp<OpTy>()``."""
    return v.op if type(v) is OpResult and v.op.opdef is opdef else None


# ----- integers ---------------------------------------------------------------------------------
def width(t: T.Type) -> int | None:
    """Bit width of a signless integer or index type, else None (vectors and tensors: not folded)."""
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.IntegerType) and t.signedness == "":
        return t.width
    return None


def wrap(v: int, w: int) -> int:
    """``v`` at ``w`` bits, as upstream prints it: signed, except ``i1`` (0/1)."""
    v &= (1 << w) - 1
    if w > 1 and v >> (w - 1):
        v -= 1 << w
    return v


def unsigned(v: int, w: int) -> int:
    return v & ((1 << w) - 1)


def signed(v: int, w: int) -> int:
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def int_value(a: A.Attribute | None) -> int | None:
    """The value of a scalar integer constant (``m_ConstantInt``), else None."""
    return a.value if isinstance(a, A.IntegerAttr) and width(a.type) is not None else None


def int_attr(v: int, t: T.Type) -> A.IntegerAttr:
    return A.IntegerAttr(wrap(v, width(t) or 64), t)


def is_zero(a: A.Attribute | None) -> bool:
    return int_value(a) == 0


def is_one(a: A.Attribute | None) -> bool:
    v = int_value(a)
    return v is not None and unsigned(v, width(a.type) or 64) == 1  # type: ignore[union-attr]


def is_all_ones(a: A.Attribute | None) -> bool:
    v = int_value(a)
    return v is not None and unsigned(v, width(a.type) or 64) == (1 << (width(a.type) or 64)) - 1  # type: ignore[union-attr]
