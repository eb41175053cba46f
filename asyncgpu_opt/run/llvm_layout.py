"""Byte layout of LLVM types for ``--run``'s host memory: the default data layout of the NVPTX and
x86-64 targets (natural alignment, pointers and ``index`` 8 bytes, structs padded to their
largest member's alignment unless ``packed``), and the byte offset a ``getelementptr`` index list
selects:

    offset = i0 * sizeof(T) + (per further index: struct field offset | i * sizeof(element))
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T

_SCALARS = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "i128": 16, "f16": 2, "bf16": 2, "f32": 4,
            "f64": 8, "index": 8}


def _round(n: int, a: int) -> int:
    return (n + a - 1) // a * a


def layout(t: Any) -> tuple[int, int]:
    """``(size, alignment)`` in bytes of an LLVM-compatible type (the allocation size: a struct
    includes its tail padding)."""
    if isinstance(t, A.TypeAttr):
        t = t.type
    if isinstance(t, T.LLVMPointerType):
        return 8, 8
    if isinstance(t, T.LLVMArrayType):
        s, a = layout(t.element_type)
        return t.size * s, a
    if isinstance(t, T.VectorType):
        s, _ = layout(t.element_type)
        n = 1
        for d in t.shape:
            n *= int(d)
        size = n * s
        return size, 1 << max(size - 1, 0).bit_length() if size else 1
    if isinstance(t, T.LLVMStructType):
        offs, size, align = field_offsets(t)
        return _round(size, align), align
    s = _SCALARS.get(str(t))
    if s is None and isinstance(t, T.IntegerType):
        s = 1 << max((t.width + 7) // 8 - 1, 0).bit_length()
    s = s or 8
    return s, s


def field_offsets(t: Any) -> tuple[list[int], int, int]:
    """Field byte offsets of a struct, the end of its last field and its alignment."""
    offs, end, align = [], 0, 1
    for e in t.elements or ():
        s, a = layout(e)
        if t.packed:
            a = 1
        end = _round(end, a)
        offs.append(end)
        end += s
        align = max(align, a)
    return offs, end, align


def sizeof(t: Any) -> int:
    return layout(t)[0]


def gep_offset(elem: Any, idx: list[int]) -> int:
    """Bytes ``getelementptr`` adds to its base for the index list ``idx`` over ``elem``; raises
    ``ValueError`` for an index into a type that has no elements."""
    off = idx[0] * sizeof(elem)
    t = elem.type if isinstance(elem, A.TypeAttr) else elem
    for i in idx[1:]:
        if isinstance(t, T.LLVMStructType):
            fields = t.elements or ()
            if not 0 <= i < len(fields):
                raise ValueError(f"struct field index {i} out of range")
            off += field_offsets(t)[0][i]
            t = fields[i]
        elif isinstance(t, T.LLVMArrayType | T.VectorType):
            t = t.element_type
            off += i * sizeof(t)
        else:
            raise ValueError(f"getelementptr index into non-aggregate type '{t}'")
    return off
