"""ptr dialect: its pointer type ``!ptr.ptr<memory-space>`` (kept as the type's text), which LLVM ops
accept when the memory space is an LLVM address space (``#llvm.address_space<N>``); no ops."""

from __future__ import annotations

from ..ir import types as T

_LLVM_SPACE = "!ptr.ptr<#llvm.address_space<"


def is_llvm_space_ptr(t: T.Type) -> bool:
    """A ``!ptr.ptr`` whose memory space is ``#llvm.address_space<N>``: LLVM-compatible upstream."""
    return isinstance(t, T.OpaqueType) and t.text.startswith(_LLVM_SPACE)
