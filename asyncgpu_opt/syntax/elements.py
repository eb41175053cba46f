"""Large ``dense<...>`` attributes under mlir-opt's printing limits.

* ``--mlir-elide-elementsattrs-if-larger=N``: a non-splat attribute of more than N elements
  prints as ``dense_resource<__elided__> : type``;
* ``--mlir-print-elementsattrs-with-hex-if-larger=N``: a non-splat int/float attribute of more than
  N elements prints its raw storage as ``dense<"0x...">`` (little-endian, upper-case hex; ``i1``
  packed one bit per element, least significant first).

Elision is checked first, as upstream's printer does.
"""

from __future__ import annotations

import struct
from typing import Any

from ..ir import types as T

_FLOAT_FORMATS = {"f16": "<e", "f32": "<f", "f64": "<d"}


def _hex(attr: Any) -> str | None:
    et = attr.type.element_type
    vals = attr.flat_values()
    out = bytearray()
    if isinstance(et, T.IntegerType) and et.width == 1:
        out = bytearray((len(vals) + 7) // 8)
        for i, v in enumerate(vals):
            if v:
                out[i // 8] |= 1 << (i % 8)
    elif isinstance(et, T.IntegerType | T.IndexType):
        width = 64 if isinstance(et, T.IndexType) else et.width
        nbytes = (width + 7) // 8
        for v in vals:
            out += (int(v) & ((1 << (nbytes * 8)) - 1)).to_bytes(nbytes, "little")
    elif isinstance(et, T.FloatType) and et.text in _FLOAT_FORMATS:
        for v in vals:
            out += struct.pack(_FLOAT_FORMATS[et.text], float(v))
    elif et == T.bf16:
        for v in vals:  # the top half of the f32, rounded to nearest even
            bits = struct.unpack("<I", struct.pack("<f", float(v)))[0]
            out += (((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF).to_bytes(2, "little")
    else:
        return None
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
