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
from .elements import alloc_size


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
    if isinstance(t, T.LLVMStructType):
        offs, size, align = field_offsets(t)
        return _round(size, align), align
    try:  # scalars and vectors: the element sizes every memref uses (one place: elements.py)
        s = alloc_size(t)
    except ValueError:
        s = 8
    return s, s if s & (s - 1) == 0 and s <= 16 else 16


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
