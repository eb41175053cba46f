"""Emit CUDA C for a ``gpu.func`` (the op subset the SIMT executor runs) for NVRTC.

Memref arguments become pointers to their first element (the launcher passes
``aligned + offset``).  A memref with a static shape and layout is that bare pointer, indexed with
constant strides; a dynamic one (``memref<?x?xf32>``, ``strided<[?, 1], offset: ?>``) is followed by
its sizes and then its strides as ``long long`` parameters, as in the LLVM memref descriptor
(minus the allocated pointer and the offset, which is folded into the pointer).
:func:`pack_launch_args` builds the matching argument list.  Scalars keep their C types.
Structured control flow (``scf.for``/``scf.if``) maps to C loops and ifs.  Each op's C comes from
its ``CUDA`` registry entry (``run/semantics/<dialect>.py``), or a located refusal.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from . import semantics
from .cuda_c import ctype, headers, is_dynamic, static_strides
from .registry import CUDA, CudaCodegenError

__all__ = ["CudaCodegenError", "ctype", "emit_cuda", "is_dynamic", "kernel_arg_kinds", "pack_launch_args"]


#: MLIR scalar type -> ``cuda.pack_kernel_args`` kind
_ARG_KINDS = {"index": "index", "i64": "i64", "i32": "i32", "i16": "i16", "i8": "i8", "i1": "i1", "f16": "f16",
              "bf16": "bf16", "f32": "f32", "f64": "f64"}


def kernel_arg_kinds(func: Any) -> list[tuple[str, T.Type]]:
    """Kinds for ``cuda.pack_kernel_args`` of each kernel parameter (one per MLIR argument; a
    dynamic memref also takes ``2 * rank`` index arguments, see :func:`pack_launch_args`)."""
    out = []
    for t in func.attributes["function_type"].type.inputs:
        if isinstance(t, T.MemRefType):
            out.append(("ptr", t))
        else:
            kind = _ARG_KINDS.get(t.text)
            if kind is None:
                raise CudaCodegenError(f"kernel argument of type '{t}' is not supported by the CUDA backend",
                                       func.loc)
            out.append((kind, t))
    return out


def pack_launch_args(func: Any, args: list[Any]) -> list[tuple[str, Any]]:
    """``(kind, value)`` pairs for the emitted kernel: memrefs (interpreter ``MemRef``
    descriptors) become ``aligned + offset`` pointers, plus sizes and strides when dynamic."""
    out: list[tuple[str, Any]] = []
    for (kind, t), v in zip(kernel_arg_kinds(func), args):
        if kind == "ptr":
            out.append(("ptr", v.aligned + v.offset * v.itemsize))
            if is_dynamic(t):
                out += [("index", int(x)) for x in (*v.sizes, *v.strides)]
        else:
            out.append((kind, v))
    return out


class _Emitter:
    def __init__(self) -> None:
        self.names: dict[Any, str] = {}
        self.lines: list[str] = []
        self.n = 0
        #: dynamic memref value -> (size expressions, stride expressions)
        self.desc: dict[Any, tuple[list[str], list[str]]] = {}
        #: declarations the kernel needs before it (e.g. ``__assertfail``), emitted once each
        self.prelude: set[str] = set()

    def param(self, a: Any) -> str:
        """The C parameter(s) of one kernel argument."""
        t, nm = a.type, self.name(a)
        if not (isinstance(t, T.MemRefType) and is_dynamic(t)):
            return f"{ctype(t)} {nm}"
        r = len(t.shape)
        sizes, strides = [f"{nm}_size{i}" for i in range(r)], [f"{nm}_stride{i}" for i in range(r)]
        self.desc[a] = (sizes, strides)
        return ", ".join([f"{ctype(t)} {nm}"] + [f"long long {x}" for x in sizes + strides])

    def size(self, m: Any, i: int) -> str:
        if m in self.desc:
            return self.desc[m][0][i]
        d = m.type.shape[i]
        if d == T.DYNAMIC:
            raise CudaCodegenError("dynamic memref sizes are only supported on kernel arguments")
        return f"{d}LL"

    def name(self, v: Any) -> str:
        if v not in self.names:
            self.names[v] = f"v{self.n}"
            self.n += 1
        return self.names[v]

    def decl(self, v: Any, expr: str, ind: str) -> None:
        self.lines.append(f"{ind}{ctype(v.type)} {self.name(v)} = {expr};")

    def index(self, m: Any, idx: list[Any]) -> str:
        if m in self.desc:
            terms = [f"{self.name(i)} * {s}" for i, s in zip(idx, self.desc[m][1])]
            return " + ".join(terms) or "0"
        strides = static_strides(m.type)
        if any(s == T.DYNAMIC for s in strides):
            raise CudaCodegenError("dynamic strides are only supported on kernel arguments")
        terms = [f"{self.name(i)} * {s}LL" for i, s in zip(idx, strides)]
        return " + ".join(terms) or "0"

    def block(self, blk: Any, ind: str, results: list[str] | None = None) -> None:
        for op in blk.ops:
            self.op(op, ind, results)

    def op(self, op: Any, ind: str, results: list[str] | None) -> None:
        """Emit one op through its ``CUDA`` registry entry (``run/semantics/``)."""
        fn = CUDA.lookup(op)
        if fn is None:
            raise CudaCodegenError(f"operation '{op.name}' is not supported by the CUDA emitter", op.loc)
        fn(self, op, ind, results)


def emit_cuda(func: Any) -> str:
    """CUDA C source of one ``gpu.func`` kernel (``extern "C" __global__``)."""
    semantics.load()
    name = func.attributes["sym_name"].value
    blk = func.regions[0].blocks[0]
    em = _Emitter()
    ft = func.attributes["function_type"].type
    n_in = len(ft.inputs)
    nwg_attr = func.attributes.get("workgroup_attributions")
    nwg = nwg_attr.value if isinstance(nwg_attr, A.IntegerAttr) else 0
    params = ", ".join(em.param(a) for a in blk.args[:n_in])
    for i, a in enumerate(blk.args[n_in:]):  # workgroup (__shared__) then private attributions
        t = a.type
        if not isinstance(t, T.MemRefType) or is_dynamic(t):
            raise CudaCodegenError("attributions must be statically shaped memrefs in the CUDA emitter")
        count = 1
        for d in t.shape:
            count *= d
        shared = "__shared__ " if i < nwg else ""
        em.lines.append(f"  {shared}{ctype(t.element_type)} {em.name(a)}[{max(count, 1)}];")
    em.block(blk, "  ")
    body = "\n".join(em.lines)
    head = "".join(d + "\n" for d in sorted(em.prelude))
    head = headers(head + params + body) + head
    return f'{head}extern "C" __global__ void {name}({params}) {{\n{body}\n}}\n'
