"""Op semantics per dialect, registered by op class in ``run/registry.py`` (``HOST``, ``KERNEL``,
``CUDA``).  :func:`load` imports every dialect's module once; the executors and the CUDA emitter
call it before reading the tables."""

from __future__ import annotations

#: the dialect modules of this package, in load order
MODULES = ("arith", "math", "builtin", "func", "cf", "memref", "affine", "scf", "llvm", "llvm_intr", "async_", "gpu",
           "gpu_mma", "vector", "vector_kernel")
_loaded = False


def load() -> None:
    """Register every dialect's semantics (idempotent)."""
    global _loaded
    if not _loaded:
        from . import (  # noqa: F401
            affine,
            arith,
            async_,
            builtin,
            cf,
            func,
            gpu,
            gpu_mma,
            llvm,
            llvm_intr,
            math,
            memref,
            scf,
            vector,
            vector_kernel,
        )

        _loaded = True
