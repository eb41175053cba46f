"""Emit CUDA C for a ``gpu.func`` (the op subset the SIMT executor runs) for NVRTC.

Memref arguments become pointers to their first element (the launcher passes
``aligned + offset``).  A memref with a static shape and layout is that bare pointer, indexed with
constant strides; a dynamic one (``memref<?x?xf32>``, ``strided<[?, 1], offset: ?>``) is followed by
its sizes and then its strides as ``long long`` parameters, as in the LLVM memref descriptor
(minus the allocated pointer and the offset, which is folded into the pointer).
:func:`pack_launch_args` builds the matching argument list.  Scalars keep their C types.
Structured control flow (``scf.for``/``scf.if``) maps to C loops and ifs.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T

_CTYPES = {"f32": "float", "f64": "double", "f16": "__half", "i1": "bool", "i8": "signed char",
           "i16": "short", "i32": "int", "i64": "long long", "index": "long long"}

_BIN = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*", "arith.divsi": "/", "arith.remsi": "%",
        "arith.andi": "&", "arith.ori": "|", "arith.xori": "^", "arith.shli": "<<", "arith.shrsi": ">>",
        "arith.addf": "+", "arith.subf": "-", "arith.mulf": "*", "arith.divf": "/"}
_UBIN = {"arith.divui": "/", "arith.remui": "%", "arith.shrui": ">>"}
_CMP = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "ult": "<", "ule": "<=",
        "ugt": ">", "uge": ">=", "oeq": "==", "one": "!=", "olt": "<", "ole": "<=", "ogt": ">", "oge": ">=",
        "ueq": "==", "une": "!=", "ult_": "<"}
_MATH = {"math.sqrt": "sqrt", "math.exp": "exp", "math.log": "log", "math.sin": "sin", "math.cos": "cos",
         "math.tanh": "tanh", "math.absf": "fabs", "math.floor": "floor", "math.ceil": "ceil",
         "math.rsqrt": "rsqrt", "arith.negf": "-"}


class CudaCodegenError(Exception):
    pass


def ctype(t: T.Type) -> str:
    if isinstance(t, T.MemRefType):
        return ctype(t.element_type) + "*"
    c = _CTYPES.get(t.text)
    if c is None:
        raise CudaCodegenError(f"no CUDA type for '{t}'")
    return c


def _static_strides(t: T.MemRefType) -> list[int]:
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
    return any(d == T.DYNAMIC for d in t.shape) or any(s == T.DYNAMIC for s in _static_strides(t))


def kernel_arg_kinds(func: Any) -> list[tuple[str, T.Type]]:
    """Kinds for ``cuda.pack_kernel_args`` of each kernel parameter (one per MLIR argument; a
    dynamic memref also takes ``2 * rank`` index arguments, see :func:`pack_launch_args`)."""
    out = []
    for t in func.attributes["function_type"].type.inputs:
        if isinstance(t, T.MemRefType):
            out.append(("ptr", t))
        else:
            out.append(({"index": "index", "i64": "i64", "i32": "i32", "f32": "f32", "f64": "f64"}.get(t.text, "i64"),
                        t))
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
        strides = _static_strides(m.type)
        if any(s == T.DYNAMIC for s in strides):
            raise CudaCodegenError("dynamic strides are only supported on kernel arguments")
        terms = [f"{self.name(i)} * {s}LL" for i, s in zip(idx, strides)]
        return " + ".join(terms) or "0"

    def block(self, blk: Any, ind: str, results: list[str] | None = None) -> None:
        for op in blk.ops:
            self.op(op, ind, results)

    def op(self, op: Any, ind: str, results: list[str] | None) -> None:  # noqa: C901 - one branch per op; to become per-op emitters (issue 12)
        n = op.name
        o = [self.name(v) for v in op.operands]
        r = op.results
        if n in ("gpu.return", "gpu.terminator"):
            self.lines.append(f"{ind}return;")
        elif n in ("scf.yield", "affine.yield"):
            for dst, v in zip(results or [], o):
                self.lines.append(f"{ind}{dst} = {v};")
        elif n in ("gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim", "gpu.global_id"):
            d = str(op.attributes.get("dimension")).rstrip(">")[-1]
            base = {"gpu.thread_id": "threadIdx", "gpu.block_id": "blockIdx", "gpu.block_dim": "blockDim",
                    "gpu.grid_dim": "gridDim"}
            if n == "gpu.global_id":
                self.decl(r[0], f"(long long)blockIdx.{d} * blockDim.{d} + threadIdx.{d}", ind)
            else:
                self.decl(r[0], f"(long long){base[n]}.{d}", ind)
        elif n == "gpu.barrier":
            self.lines.append(f"{ind}__syncthreads();")
        elif n == "arith.constant":
            a = op.attributes["value"]
            if isinstance(a, A.FloatAttr):
                v = repr(float(a.value)) + ("f" if a.type.text == "f32" else "")
            else:
                v = f"{int(a.value)}" + ("LL" if r[0].type.text in ("index", "i64") else "")
            self.decl(r[0], v, ind)
        elif n in _BIN:
            self.decl(r[0], f"{o[0]} {_BIN[n]} {o[1]}", ind)
        elif n in _UBIN:
            self.decl(r[0], f"({ctype(r[0].type)})((unsigned long long){o[0]} {_UBIN[n]} "
                            f"(unsigned long long){o[1]})", ind)
        elif n in ("arith.maxsi", "arith.maximumf", "arith.maxnumf"):
            self.decl(r[0], f"({o[0]} > {o[1]} ? {o[0]} : {o[1]})", ind)
        elif n in ("arith.minsi", "arith.minimumf", "arith.minnumf"):
            self.decl(r[0], f"({o[0]} < {o[1]} ? {o[0]} : {o[1]})", ind)
        elif n in ("arith.cmpi", "arith.cmpf"):
            from .interpreter import _CMPF, _CMPI, _pred

            p = _pred(op, _CMPI if n == "arith.cmpi" else _CMPF)
            self.decl(r[0], f"{o[0]} {_CMP.get(p, '==')} {o[1]}", ind)
        elif n == "arith.select":
            self.decl(r[0], f"{o[0]} ? {o[1]} : {o[2]}", ind)
        elif n in ("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci",
                   "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf"):
            self.decl(r[0], f"({ctype(r[0].type)}){o[0]}", ind)
        elif n in _MATH:
            self.decl(r[0], f"{_MATH[n]}({o[0]})", ind)
        elif n == "math.fma":
            self.decl(r[0], f"fma({o[0]}, {o[1]}, {o[2]})", ind)
        elif n == "affine.apply":
            from ..ir.affine import print_expr

            m = op.attributes["map"].map
            ex = print_expr(m.results[0])
            import re

            def sub(mt: Any) -> str:
                k, i = mt.group(1), int(mt.group(2))
                return o[i if k == "d" else m.num_dims + i]

            ex = re.sub(r"\b([ds])(\d+)\b", sub, ex)
            if "floordiv" in ex or "mod" in ex or "ceildiv" in ex:
                raise CudaCodegenError("affine floordiv/mod is not supported by the CUDA emitter")
            self.decl(r[0], f"({ex})", ind)
        elif n == "memref.load":
            self.decl(r[0], f"{o[0]}[{self.index(op.operands[0], op.operands[1:])}]", ind)
        elif n == "memref.dim":
            c = op.operands[1].defining_op()
            if c is None or c.name != "arith.constant":
                raise CudaCodegenError("memref.dim needs a constant index in the CUDA emitter")
            self.decl(r[0], self.size(op.operands[0], int(c.attributes["value"].value)), ind)
        elif n == "memref.store":
            self.lines.append(f"{ind}{o[1]}[{self.index(op.operands[1], op.operands[2:])}] = {o[0]};")
        elif n == "scf.for":
            body = op.regions[0].blocks[0]
            iv, iters = body.args[0], body.args[1:]
            res = []
            for v, init, it in zip(r, o[3:], iters):
                self.decl(v, init, ind)
                res.append(self.name(v))
                self.names[it] = self.name(v)
            self.lines.append(f"{ind}for (long long {self.name(iv)} = {o[0]}; {self.name(iv)} < {o[1]}; "
                              f"{self.name(iv)} += {o[2]}) {{")
            self.block(body, ind + "  ", res)
            self.lines.append(f"{ind}}}")
        elif n == "scf.if":
            res = []
            for v in r:
                self.lines.append(f"{ind}{ctype(v.type)} {self.name(v)};")
                res.append(self.name(v))
            self.lines.append(f"{ind}if ({o[0]}) {{")
            self.block(op.regions[0].blocks[0], ind + "  ", res)
            if len(op.regions) > 1 and op.regions[1].blocks:
                self.lines.append(f"{ind}}} else {{")
                self.block(op.regions[1].blocks[0], ind + "  ", res)
            self.lines.append(f"{ind}}}")
        else:
            raise CudaCodegenError(f"operation '{n}' is not supported by the CUDA emitter")


def emit_cuda(func: Any) -> str:
    """CUDA C source of one ``gpu.func`` kernel (``extern "C" __global__``)."""
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
    return f'extern "C" __global__ void {name}({params}) {{\n{body}\n}}\n'
