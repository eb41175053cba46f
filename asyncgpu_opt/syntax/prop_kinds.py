"""Property conversion of a generic op's ``<{...}>`` dictionary (``setPropertiesFromAttr``): each
inherent attribute must be of the attribute class its property stores, else the op does not parse:

    invalid properties {dict} for op NAME: Invalid attribute `KEY` in property conversion: ATTR

(segment sizes: ``expected DenseI32ArrayAttr for key `value```).  The class of a property comes
from the op definition's optional ``prop_kinds`` (name -> attribute class, a tuple of classes or
an opaque-attribute text prefix such as ``"#arith.overflow<"``), else from the names whose
storage is the same on every op (``COMMON``) or across a dialect (``DIALECT``).  A kind may also
be a predicate on the attribute.  Only what is listed is checked."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T

COMMON: dict[str, Any] = {
    "sym_name": A.StringAttr,
    "sym_visibility": A.StringAttr,
    "function_type": A.TypeAttr,
    "alignment": A.IntegerAttr,
}
DIALECT: dict[str, dict[str, Any]] = {
    "arith": {"overflowFlags": "#arith.overflow<", "fastmath": "#arith.fastmath<"},
    "math": {"fastmath": "#arith.fastmath<"},
}
_SEGMENTS = ("operandSegmentSizes", "resultSegmentSizes")
_KINDS: dict[type, dict[str, Any]] = {}


def _kinds(opdef: Any) -> dict[str, Any]:
    k = _KINDS.get(opdef)
    if k is None:
        own = {**COMMON, **DIALECT.get(opdef.name.split(".", 1)[0], {}), **(getattr(opdef, "prop_kinds", None) or {})}
        k = _KINDS[opdef] = {n: own.get(n) for n in opdef.props if n in own or n in _SEGMENTS}
    return k


def _fits(a: A.Attribute, kind: Any) -> bool:
    if isinstance(kind, str):  # a dialect attribute's `#name<` prefix: a registered keyword attribute's name
        if isinstance(a, A.KeywordAttr):
            return kind == f"#{a.name}<"
        return isinstance(a, A.OpaqueAttr) and a.text.startswith(kind)
    if isinstance(kind, type | tuple):
        return isinstance(a, kind)
    return bool(kind(a))


def is_bool(a: A.Attribute) -> bool:
    """BoolAttr (an i1 IntegerAttr here)."""
    return isinstance(a, A.IntegerAttr) and a.type == T.i1


def conversion_error(opdef: Any, props: dict[str, A.Attribute]) -> str | None:
    """The diagnostic text when ``props`` does not convert to ``opdef``'s properties, else None."""
    kinds = _kinds(opdef)
    if not kinds:
        return None
    for name, kind in kinds.items():
        a = props.get(name)
        if a is None:
            continue
        if name in _SEGMENTS and kind is None:
            if not (isinstance(a, A.DenseArrayAttr) and a.element_type == T.i32):
                return _head(opdef, props) + "expected DenseI32ArrayAttr for key `value`"
        elif kind is not None and not _fits(a, kind):
            return _head(opdef, props) + f"Invalid attribute `{name}` in property conversion: {a}"
    return None


def _head(opdef: Any, props: dict[str, A.Attribute]) -> str:
    return f"invalid properties {A.DictionaryAttr(props)} for op {opdef.name}: "
