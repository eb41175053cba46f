"""The op registry: op name -> op definition class, dialect modules imported on first lookup.

Knows no IR classes (``ir/core.py`` looks names up here, ``ir/opdef.py`` registers here), so the
two modules import it, and ``opdef`` imports ``core``, without a cycle.
"""

from __future__ import annotations

import importlib
from typing import Any

_REGISTRY: dict[str, Any] = {}  # op name -> OpDef subclass
_DIALECT_MODULES = {
    "builtin": "builtin", "func": "func", "arith": "arith", "math": "math", "memref": "memref",
    "scf": "scf", "cf": "cf", "affine": "affine", "gpu": "gpu", "async": "async_", "llvm": "llvm",
    "nvvm": "nvvm", "ptr": "ptr", "rocdl": "rocdl", "vector": "vector", "tensor": "tensor",
    "xegpu": "xegpu", "index": "index", "dlti": "dlti", "linalg": "linalg", "spirv": "spirv",
}
# further modules defining ops of a dialect (loaded with it): ``llvm.intr.*`` live apart from llvm.py
_EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "llvm": ("llvm_intr", "llvm_atomic", "llvm_vector", "llvm_symbols", "llvm_control",
             "llvm_intr_struct", "llvm_asm", "llvm_attrs",
             "llvm_intr_matrix", "llvm_intr_mem"),
    "gpu": ("gpu_kernel", "gpu_mma", "gpu_sparse", "spirv_attrs"),
    "memref": ("memref_reshape", "memref_atomic"), "affine": ("affine_dma", "affine_parallel"),
    "scf": ("scf_forall",), "vector": ("vector_shape", "vector_math"), "linalg": ("linalg_dst",),
    "spirv": ("spirv_attrs",),
}
_LOADED: set[str] = set()


def register(name: str, cls: Any) -> None:
    """Record ``cls`` as the definition of op ``name``; a name registers once."""
    if name in _REGISTRY:
        raise ValueError(f"op {name} registered twice")
    _REGISTRY[name] = cls


def known_dialects() -> list[str]:
    return sorted(_DIALECT_MODULES)


def load_dialect(dialect: str) -> bool:
    """Import the module of ``dialect`` (once); False for a dialect we do not know."""
    mod = _DIALECT_MODULES.get(dialect)
    if mod is None:
        return False
    if dialect not in _LOADED:
        _LOADED.add(dialect)
        importlib.import_module(f"asyncgpu_opt.dialects.{mod}")
        for extra in _EXTRA_MODULES.get(dialect, ()):
            importlib.import_module(f"asyncgpu_opt.dialects.{extra}")
    return True


def lookup_opdef(name: str) -> Any:
    """The op definition class of ``name`` (its dialect loaded on first use), or None."""
    d = _REGISTRY.get(name)
    if d is not None:
        return d
    dialect = name.split(".", 1)[0]
    if dialect not in _LOADED and load_dialect(dialect):
        return _REGISTRY.get(name)
    return None


def is_known_dialect(dialect: str) -> bool:
    return dialect in _DIALECT_MODULES
