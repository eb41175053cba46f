"""asyncgpu-opt: an mlir-opt-style optimizer for asynchronous GPU code."""

__version__ = "0.1.0"
