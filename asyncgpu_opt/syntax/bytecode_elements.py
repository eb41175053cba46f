"""Element data of MLIR bytecode's builtin attributes (``DenseIntOrFPElementsAttr``,
``DenseArrayAttr``) rendered as the text the reader parses."""

from __future__ import annotations


class BytecodeError(Exception):
    """Malformed bytecode (the reader turns it into a located error)."""


def int_width(t: str) -> int:
    if t == "index":
        return 64
    digits = t.lstrip("sui")
    if not digits.isdigit():
        raise BytecodeError(f"expected an integer type, got {t}")
    return int(digits)


def dense_literal(t: str, blob: bytes) -> str:
    """The body of ``dense<...>`` for the raw data of a shaped type ``t``: nested lists of
    integers or floats (a splat when the data holds one element), else the hex string."""
    import re

    m = re.fullmatch(r"(?:tensor|vector)<((?:\d+x)*)([a-z]\w*)>", t)
    elem = m.group(2) if m else ""
    widths = {"index": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64}
    width = widths.get(elem) or (int(elem.lstrip("sui")) if re.fullmatch(r"[su]?i\d+", elem) else 0)
    dims = [int(d) for d in m.group(1).split("x") if d] if m else []
    total = 1
    for d in dims:
        total *= d
    if elem == "i1" and len(blob) * 8 >= total:  # bits, packed (a splat is 0x00 or 0xFF)
        bits = int.from_bytes(blob, "little")
        vals = ["true" if bits >> k & 1 else "false" for k in range(total)]
        return vals[0] if total == 1 else nested(dims, vals)
    is_int = bool(re.fullmatch(r"[su]?i\d+|index", elem))
    if not m or not width or (not is_int and width not in (16, 32, 64)):
        return f'"0x{blob.hex().upper()}"'
    size = (width + 7) // 8  # an integer of an odd width takes whole bytes
    count = len(blob) // size
    if elem in ("f32", "f64"):
        vals = array_elements(elem, count, blob)
    elif elem in ("f16", "bf16"):  # exact as f64 literals (a NaN or infinity: the hex string)
        import math
        import struct

        halves = [int.from_bytes(blob[k * 2:k * 2 + 2], "little") for k in range(count)]
        floats = [struct.unpack("<e", h.to_bytes(2, "little"))[0] if elem == "f16"
                  else struct.unpack("<f", (h << 16).to_bytes(4, "little"))[0] for h in halves]
        if not all(math.isfinite(f) for f in floats):
            return f'"0x{blob.hex().upper()}"'
        vals = [repr(f) for f in floats]
    else:
        mask = (1 << width) - 1
        raw = [int.from_bytes(blob[k * size:(k + 1) * size], "little") & mask for k in range(count)]
        if not elem.startswith("ui"):
            raw = [v - (1 << width) if v >> (width - 1) else v for v in raw]
        vals = [str(v) for v in raw]
    if count == 1 and total != 1:
        return vals[0]
    if count != total:
        return f'"0x{blob.hex().upper()}"'
    return nested(dims, vals)


def nested(dims: list[int], vals: list[str]) -> str:
    """``vals`` (row-major) as nested lists of shape ``dims``."""

    def nest(level: int, start: int) -> str:
        if level == len(dims):
            return vals[start]
        step = 1
        for d in dims[level + 1:]:
            step *= d
        return "[" + ", ".join(nest(level + 1, start + k * step) for k in range(dims[level])) + "]"

    return nest(0, 0)


def array_elements(t: str, size: int, blob: bytes) -> list[str]:
    """The elements of a DenseArrayAttr's raw data."""
    import struct

    if t == "i1":
        return ["true" if b else "false" for b in blob[:size]]
    if t in ("f32", "f64"):
        fmt = "<" + ("f" if t == "f32" else "d") * size
        from ..ir.attributes import FloatAttr
        from ..ir.types import f32, f64

        return [FloatAttr(v, f32 if t == "f32" else f64).render().rsplit(" : ", 1)[0] for v in struct.unpack(fmt, blob)]
    width = int_width(t) // 8
    return [str(int.from_bytes(blob[k * width:(k + 1) * width], "little", signed=True)) for k in range(size)]
