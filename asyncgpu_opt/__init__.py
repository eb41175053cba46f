"""asyncgpu-opt: an mlir-opt-style optimizer for asynchronous GPU code.

The Python API (``parse``, ``run_passes``, ``print_ir``, ``execute``, ``register_pass``, ``Pass``,
``MLIRError``; docs/api.md) is imported on first use, so the command line starts as fast as before.
"""

from typing import Any

__version__ = "0.1.0"
__all__ = ["MLIRError", "Pass", "RunResult", "execute", "parse", "print_ir", "register_pass", "run_passes"]


def __getattr__(name: str) -> Any:
    if name in ("parse", "run_passes", "print_ir", "execute", "register_pass", "RunResult"):
        from . import api

        return getattr(api, name)
    if name == "MLIRError":
        from .diagnostics import MLIRError

        return MLIRError
    if name == "Pass":
        from .passes.registry import Pass

        return Pass
    raise AttributeError(f"module 'asyncgpu_opt' has no attribute {name!r}")
