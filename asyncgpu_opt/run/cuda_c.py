"""C types and memref layouts for the CUDA C emitter (``cuda_codegen.py``) and the per-op emitters
of ``semantics/``.

A memref with a static shape and layout is a bare pointer indexed with constant strides; a
dynamic one (``memref<?x?xf32>``, ``strided<[?, 1], offset: ?>``) also carries its sizes and
strides as ``long long`` parameters (:func:`is_dynamic`).

``f16`` is ``__half`` (``cuda_fp16.h``) and ``bf16`` is ``__nv_bfloat16`` (``cuda_bf16.h``), each
included by the emitter when used (:func:`headers`): memory holds a bf16 element as its own two
bytes (``elements.alloc_size``), so host buffers and kernels agree on the layout, and bf16
arithmetic rounds each result to bf16 as the simulator does.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from .registry import CudaCodegenError

_CTYPES = {"f32": "float", "f64": "double", "f16": "__half", "bf16": "__nv_bfloat16", "i1": "bool", "i8": "signed char",
           "i16": "short", "i32": "int", "i64": "long long", "index": "long long"}
_UNSIGNED = {"i1": "bool", "i8": "unsigned char", "i16": "unsigned short", "i32": "unsigned int",
             "i64": "unsigned long long", "index": "unsigned long long"}


def ctype(t: T.Type) -> str:
    """The C type of an MLIR type (memrefs: a pointer to the element type)."""
    if isinstance(t, T.MemRefType):
        return ctype(t.element_type) + "*"
    c = _CTYPES.get(t.text)
    if c is None:
        raise CudaCodegenError(f"no CUDA type for '{t}'")
    return c


def headers(source: str) -> str:
    """The ``#include`` lines a kernel's C source needs (``cuda_fp16.h`` where ``__half`` is used,
    ``cuda_bf16.h`` where ``__nv_bfloat16`` is)."""
    return ("#include <cuda_fp16.h>\n" if "__half" in source else "") + (
        "#include <cuda_bf16.h>\n" if "__nv_bfloat16" in source else "")


def unsigned_ctype(t: T.Type) -> str:
    """The unsigned C type of the same width as a signless integer type (``i32`` -> ``unsigned int``)."""
    c = _UNSIGNED.get(t.text)
    if c is None:
        raise CudaCodegenError(f"no unsigned CUDA type for '{t}'")
    return c


def bit_width(t: T.Type) -> int:
    """Bits of an integer or index type (index: 64)."""
    return 64 if isinstance(t, T.IndexType) else int(getattr(t, "width", 64))


def static_strides(t: T.MemRefType) -> list[int]:
    """The strides of a memref type (``T.DYNAMIC`` where not static)."""
    if isinstance(t.layout, A.StridedLayoutAttr):
        return list(t.layout.strides)
    strides: list[int] = []
    acc = 1
    for d in reversed(t.shape):
        strides.insert(0, acc)
        acc = acc * d if d != T.DYNAMIC and acc != T.DYNAMIC else T.DYNAMIC
    return strides


def is_dynamic(t: T.MemRefType) -> bool:
    """True when the memref parameter carries its sizes and strides (descriptor style)."""
    return any(d == T.DYNAMIC for d in t.shape) or any(s == T.DYNAMIC for s in static_strides(t))
