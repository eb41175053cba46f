"""``builtin`` semantics: ``unrealized_conversion_cast`` between memrefs and LLVM descriptors
(shared with ``llvm.addrspacecast``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...dialects import builtin as builtin_d
from ...ir import types as T
from ..registry import CUDA, SIM
from ..values import Cell, MemRef, memref_from_llvm, scalar


def cast(it: Any, op: Any) -> Any:
    vals = [it.get(v) for v in op.operands]
    outs = []
    for i, r in enumerate(op.results):
        v = vals[i] if i < len(vals) else None
        rt = r.type
        if isinstance(rt, T.MemRefType | T.UnrankedMemRefType) and not isinstance(v, MemRef):
            v = memref_from_llvm(v, rt)
        elif isinstance(rt, T.LLVMStructType) and isinstance(v, MemRef):
            v = v.descriptor() if len(rt.elements or ()) != 2 else (np.int64(len(v.sizes)), Cell(v.descriptor()))
        elif isinstance(v, np.generic | int) and not isinstance(rt, T.LLVMType):
            try:
                v = scalar(rt, v)
            except ValueError:
                pass
        outs.append(v)
    return outs if len(outs) != 1 else outs[0]


SIM.impl(builtin_d.UnrealizedConversionCastOp)(cast)
CUDA.refuse(builtin_d.UnrealizedConversionCastOp)
