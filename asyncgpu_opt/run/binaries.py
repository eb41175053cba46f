"""Kernels that exist only as machine code in a ``gpu.binary``, for ``--run --backend cuda``.

* the object: the one ``#gpu.select_object<i>`` / ``<target>`` picks, else the first;
* its image as ``cuModuleLoadData`` takes it: ``assembly`` (PTX, NUL-terminated), ``bin`` (cubin)
  or ``fatbin``; ``offload`` (LLVM bitcode for a later link step) cannot be loaded;
* the arguments as upstream's ``-gpu-to-llvm`` passes them: a memref operand is its descriptor's
  fields (allocated and aligned pointers, offset, sizes, strides), pointers are device addresses,
  integers and floats by value.

The simulator runs kernels from ``gpu.func`` source only: launching a binary-only kernel there is
a located error (``Interpreter.kernel_func``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..diagnostics import MLIRError
from ..dialects.gpu_objects import ObjectAttr
from ..ir import attributes as A
from .memory import Ptr
from .values import MemRef

_SCALAR_KINDS = {np.dtype(np.int32): "i32", np.dtype(np.int64): "i64", np.dtype(np.float32): "f32",
                 np.dtype(np.float64): "f64"}


def select_object(binary: Any, loc: Any) -> ObjectAttr:
    """The object of ``binary`` its offloading handler selects."""
    objs = list(binary.attributes["objects"].elements)
    h = binary.attributes.get("offloadingHandler")
    target = getattr(h, "target", None)
    if target is None:
        return objs[0]
    if isinstance(target, A.IntegerAttr):
        i = int(target.value)
        if not 0 <= i < len(objs):
            raise MLIRError(f"--run: #gpu.select_object<{i}> of a gpu.binary with {len(objs)} objects", loc)
        return objs[i]
    for o in objs:
        if str(o.target) == str(target):
            return o
    raise MLIRError(f"--run: gpu.binary has no object for the target {target} its handler selects", loc)


def object_image(obj: ObjectAttr, loc: Any) -> bytes:
    """The bytes ``cuModuleLoadData`` takes for ``obj``."""
    if obj.format == "offload":
        raise MLIRError("--run: a gpu.binary object in the 'offload' format (LLVM bitcode) cannot be loaded; "
                        "build it with gpu-module-to-binary{format=isa|bin|fatbin}", loc)
    s = obj.object.value
    data = s.encode("latin-1") if all(ord(c) < 256 for c in s) else s.encode("utf-8")
    if obj.format == "assembly" and not data.endswith(b"\0"):
        data += b"\0"
    return data


def pack_binary_args(vals: list[Any], loc: Any) -> list[tuple[str, Any]]:
    """``(kind, value)`` kernel parameters (``run/cuda.py``'s kinds) for a launch's operands."""
    out: list[tuple[str, Any]] = []
    for v in vals:
        if isinstance(v, MemRef):
            out += [("ptr", v.allocated), ("ptr", v.aligned), ("i64", int(v.offset))]
            out += [("i64", int(x)) for x in (*v.sizes, *v.strides)]
        elif isinstance(v, Ptr):
            out.append(("ptr", v))
        elif isinstance(v, np.generic) and v.dtype in _SCALAR_KINDS:
            out.append((_SCALAR_KINDS[v.dtype], v))
        else:
            what = "a struct" if isinstance(v, tuple) else f"a value of type {getattr(v, 'dtype', type(v).__name__)}"
            raise MLIRError(f"--run --backend cuda: passing {what} to a gpu.binary kernel is not supported", loc)
    return out


def cuda_binary_launcher(it: Any, op: Any, binary: Any, grid: list[int], block: list[int], args: list[Any],
                         stream: Any, shared: int = 0) -> Any:
    """``run`` callback: load the selected object once, launch its kernel with the packed operands."""
    name = op.attributes["kernel"].leaf
    image = object_image(select_object(binary, op.loc), op.loc)
    packed = pack_binary_args(args, op.loc)

    def run() -> list:
        key = ("binary", id(binary), name)
        fn = it.kernel_cache.get(key)
        dev = it.rt.device
        if fn is None:
            fn = it.kernel_cache[key] = dev.get_function(dev.load_module(image), name)
        handle = stream.handle if stream is not None and hasattr(stream, "handle") else None
        dev.launch(fn, grid, block, dev.pack_args(packed), handle, shared)
        return []

    return run
