"""Large ``dense<...>`` attributes under mlir-opt's printing limits.

* ``--mlir-elide-elementsattrs-if-larger=N``: a non-splat attribute of more than N elements
  prints as ``dense_resource<__elided__> : type``;
* ``--mlir-print-elementsattrs-with-hex-if-larger=N`` (100 unless given, as mlir-opt; -1: never): a
  non-splat int/float/complex attribute of more than N elements prints its raw storage as
  ``dense<"0x...">`` (little-endian, upper-case hex; ``i1`` packed one bit per element, least
  significant first).

Elision is checked first, as upstream's printer does.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T

_FLOAT_WIDTHS = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}


def _element_bytes(v: Any, et: Any) -> bytes | None:
    """One element's little-endian storage, or None for a type kept as written."""
    if isinstance(et, T.IntegerType | T.IndexType):
        width = 64 if isinstance(et, T.IndexType) else et.width
        nbytes = (width + 7) // 8
        return (int(v) & ((1 << (nbytes * 8)) - 1)).to_bytes(nbytes, "little")
    if isinstance(et, T.FloatType) and et.text in _FLOAT_WIDTHS:
        return A.float_bits(float(v), et).to_bytes(_FLOAT_WIDTHS[et.text], "little")
    return None


def _hex(attr: Any) -> str | None:
    et = attr.type.element_type
    vals = attr.flat_values()
    out = bytearray()
    if isinstance(et, T.IntegerType) and et.width == 1:
        out = bytearray((len(vals) + 7) // 8)
        for i, v in enumerate(vals):
            if v:
                out[i // 8] |= 1 << (i % 8)
        return '"0x' + out.hex().upper() + '"'
    sub = et.element_type if isinstance(et, T.ComplexType) else et
    for v in vals:
        for part in (v if isinstance(et, T.ComplexType) else (v,)):
            b = _element_bytes(part, sub)
            if b is None:
                return None
            out += b
    return '"0x' + out.hex().upper() + '"'


def elements_text(attr: Any, elide_if_larger: int | None, hex_if_larger: int | None, type_text: str) -> str | None:
    """The limited form of a ``DenseElementsAttr``, or None when it prints as usual."""
    if attr.splat or not attr.values:
        return None
    n = len(attr.values)
    if elide_if_larger is not None and n > elide_if_larger:
        return f"dense_resource<__elided__> : {type_text}"
    if hex_if_larger is not None and n > hex_if_larger:
        h = _hex(attr)
        if h is not None:
            return f"dense<{h}> : {type_text}"
    return None
