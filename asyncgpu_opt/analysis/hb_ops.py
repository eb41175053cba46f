"""Facts about single ops for the happens-before analysis (``analysis/happens_before.py``): how
``--run`` names an op's work, constant conditions and trip counts, kernels and their atomic-only
operands, pointer escape in lowered code, the callee of a call, block order."""

from __future__ import annotations

from ..dialects import arith as arith_d
from ..dialects import builtin as builtin_d
from ..dialects import func as func_d
from ..dialects import gpu as gpu_d
from ..dialects import llvm_call, memref_atomic
from ..dialects import llvm_memory as llvm_mem
from ..ir import types as T
from ..ir.attributes import IntegerAttr
from ..ir.core import Block, Operation, OpResult, Value
from .effects import is_memref, is_reading_library_call, op_effects
from .interfaces import declared_effects, view_source

# the mgpu* runtime calls the analysis models (``analysis/hb_runtime.py``)
RUNTIME_CALLS = frozenset({
    "mgpuStreamCreate", "mgpuEventCreate", "mgpuStreamDestroy", "mgpuEventDestroy", "mgpuStreamSynchronize",
    "mgpuEventRecord", "mgpuStreamWaitEvent", "mgpuEventSynchronize", "mgpuMemAlloc", "mgpuMemFree",
    "mgpuMemcpy", "mgpuMemset32", "mgpuMemset16", "mgpuMemHostRegisterMemRef", "mgpuMemHostUnregisterMemRef",
    "mgpuSetDefaultDevice"})


def callee_name(op: Operation) -> str | None:
    callee = op.attributes.get("callee")
    sym = getattr(callee, "root", None) or getattr(callee, "value", None)
    return sym if isinstance(sym, str) else None


def loc_text(op: Operation | None) -> str:
    return str(op.loc) if op is not None and op.loc is not None else "?"


def at_loc(op: Operation | None) -> str:
    return f" at {op.loc}" if op is not None and op.loc is not None else ""


# value info carried across calls, branches and loops: (token clock, resource keys, handle)
def const_int(v: Value) -> int | None:
    """The value of an integer (or ``i1``) ``arith.constant``."""
    if not isinstance(v, OpResult) or v.op.opdef is not arith_d.ConstantOp:
        return None
    a = v.op.attributes.get("value")
    return a.value if isinstance(a, IntegerAttr) and isinstance(a.value, int) else None


def trip_count(op: Operation) -> int | None:
    """An ``scf.for``'s trip count when its bounds and step are constants."""
    lb, ub, step = (const_int(v) for v in op.operands[:3])
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return max(0, -(-(ub - lb) // step))


def kernel_of(op: Operation, module: Operation) -> Operation | None:
    """The ``gpu.func`` a ``gpu.launch_func`` launches, when the module holds its body."""
    from ..ir.symbols import lookup_in

    kernel = op.attributes.get("kernel")
    root, leaf = getattr(kernel, "root", None), getattr(kernel, "leaf", None)
    kmod = lookup_in(module, root) if root else None
    fn = lookup_in(kmod, leaf) if kmod is not None and leaf else None
    return fn if fn is not None and fn.opdef is gpu_d.FuncOp and fn.regions and fn.regions[0].blocks else None


def only_atomic(v: Value) -> bool:
    """Every use of the memref ``v`` (through views) is an atomic read-modify-write."""
    for user, _ in v.uses:
        if view_source(user) is v:
            if not all(only_atomic(r) for r in user.results if is_memref(r)):
                return False
        elif user.opdef is not memref_atomic.AtomicRMWOp and user.opdef is not memref_atomic.GenericAtomicRMWOp:
            return False
    return True


DESCRIPTOR_OPS = (llvm_mem.InsertValueOp, llvm_mem.ExtractValueOp, llvm_mem.GEPOp,
                   builtin_d.UnrealizedConversionCastOp)


def escapes_lowered(v: Value, seen: set[int]) -> bool:
    """Whether the pointer ``v`` (an ``mgpuMemAlloc`` result, lowered code) reaches anything but
    memref descriptors, views, kernel launches, the runtime calls and ops with modelled effects:
    unknown memory (an argument, a loaded pointer) may alias it then."""
    if id(v) in seen:
        return False
    seen.add(id(v))
    for user, _ in v.uses:
        d = user.opdef
        if d in DESCRIPTOR_OPS or view_source(user) is v:
            if any(escapes_lowered(r, seen) for r in user.results):
                return True
            continue
        if d is gpu_d.LaunchFuncOp or d is llvm_call.CallOp and callee_name(user) in RUNTIME_CALLS \
                or is_reading_library_call(user):
            continue
        decl = declared_effects(user)
        if decl is None or user.is_terminator() or any(k == "expose" for k, x in decl if x is v) \
                or any(is_memref(r) for r in user.results):
            return True
    return False


def position(op: Operation) -> list[int]:
    pos = op.attributes.get("position")
    vals = getattr(pos, "values", None)
    return list(vals) if vals is not None else []


def is_memory(v: Value) -> bool:
    return is_memref(v) or isinstance(v.type, T.LLVMType)


def rpo(entry: Block) -> list[Block]:
    seen: set[int] = set()
    post: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    seen.add(id(entry))
    while stack:
        b, i = stack.pop()
        succ = b.ops[-1].successors if b.ops else ()
        if i < len(succ):
            stack.append((b, i + 1))
            n = succ[i]
            if id(n) not in seen:
                seen.add(id(n))
                stack.append((n, 0))
        else:
            post.append(b)
    return post[::-1]


def what_of(op: Operation) -> str:
    """How ``--run`` names the op's work (``kernel @k::@f``, ``memset``, ``host load``, ...)."""
    d = op.opdef
    if d is gpu_d.LaunchFuncOp:
        return f"kernel {op.attributes.get('kernel')}"
    if d is gpu_d.MemsetOp:
        return "memset"
    if d is gpu_d.MemcpyOp:
        return "memcpy"
    if d is llvm_call.CallOp:
        name = callee_name(op) or "?"
        return {"mgpuMemcpy": "memcpy", "mgpuMemset32": "memset", "mgpuMemset16": "memset"}.get(name, name)
    eff = op_effects(op) if d is not None else None
    if eff is not None and not eff.frees and (eff.reads or eff.writes) and not op.regions and d is not func_d.CallOp:
        return "host store" if eff.writes else "host load"
    return op.name


