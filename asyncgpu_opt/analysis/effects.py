"""Memory effects of ops on memrefs, and aliasing by allocation identity.

``op_effects(op)`` returns the memref operands an op reads / writes / allocates / frees, or ``None``
when the op's effects are unknown (it must then be treated as touching everything).  ``Resource``
keys group memref values into alias classes:

* a memref traced back (through view-like ops) to a ``gpu.alloc`` / ``memref.alloc`` /
  ``memref.alloca`` result that never escapes (only used by ops whose effects we model) is its own
  resource: distinct allocations never alias;
* everything else (function arguments, call results, escaping allocations, loaded memrefs) is the
  single ``UNKNOWN`` resource: such values may alias each other (but not a non-escaping allocation).

``gpu.launch_func`` reads and writes its memref kernel operands; when the kernel's ``gpu.func`` body
is visible and only loads from an argument (no store/atomic/escaping use), that operand is read-only.
A launch has *unknown* effects (``None``: it conflicts with everything) when its kernel is not
visible (a ``gpu.binary``, an external symbol), takes a pointer operand, or may touch memory other
than through its memref arguments and its own allocas / attributions (``memref.get_global``,
``gpu.printf``, calls, ``llvm`` memory ops, any op whose effects are not modelled).

Footprints map resources to ``'r'``/``'w'``; the key ``ANY`` stands for unknown effects and conflicts
with every non-empty footprint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dialects.builtin import ModuleOp
from ..dialects.func import CallOp
from ..dialects.gpu import FuncOp as GpuFuncOp
from ..dialects.gpu import LaunchFuncOp
from ..dialects.gpu import ModuleOp as GpuModuleOp
from ..ir import types as T
from ..ir.core import Operation, OpResult, Value
from .interfaces import declared_effects, has_recursive_effects, is_pure, view_source

UNKNOWN = "<unknown memory>"
ANY = "<any memory>"  # footprint key of an op with unknown effects

def is_memref(v: Value) -> bool:
    return isinstance(v.type, T.MemRefType | T.UnrankedMemRefType)


@dataclass
class Effects:
    """Per-op memref effects (values, not resources)."""

    reads: list[Value] = field(default_factory=list)
    writes: list[Value] = field(default_factory=list)
    allocs: list[Value] = field(default_factory=list)
    frees: list[Value] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.reads or self.writes or self.allocs or self.frees)


def _recursive_effects(op: Operation) -> bool:
    return has_recursive_effects(op)


def has_side_effects(op: Operation, memo: dict[int, bool] | None = None) -> bool:
    """Upstream's ``!isMemoryEffectFree``: Pure ops, and region ops whose nested ops are all free.
    ``memo``: answers for region ops already asked (nested ones are asked again by their parents)."""
    if op.opdef is None:
        return True
    if is_pure(op):
        return False
    if _recursive_effects(op):
        if memo is not None:
            got = memo.get(id(op))
            if got is None:
                got = memo[id(op)] = any(has_side_effects(o, memo) for r in op.regions for b in r.blocks
                                         for o in b.ops if not o.is_terminator())
            return got
        return any(has_side_effects(o) for r in op.regions for b in r.blocks for o in b.ops
                   if not o.is_terminator())
    return True


KernelMemo = dict[int, tuple[Operation, "frozenset[int] | None"]]


class EffectsMemo:
    """``op_effects``'s answers for region ops, by id: whether each has side effects, its effects."""

    def __init__(self) -> None:
        self.side_effects: dict[int, bool] = {}
        self.effects: dict[int, Effects | None] = {}


def op_effects(op: Operation, module: Operation | None = None, kernels: KernelMemo | None = None,
               memo: EffectsMemo | None = None) -> Effects | None:
    """Memref effects of ``op``; ``None`` when unknown (treat as touching all memory).  ``kernels``:
    what was found of each kernel function launched (``AliasInfo.kernels``), so that a kernel
    launched N times is read once; ``memo``: the answers for region ops (``has_side_effects`` and
    their effects), valid while the ops in them keep their effects.  Linear in the ops nested in
    ``op``, and in all of them for nested questions sharing a memo."""
    if op.opdef is LaunchFuncOp:
        return _launch_effects(op, module, kernels)
    decl = declared_effects(op)
    e = Effects()
    if decl is not None:
        for kind, v in decl:
            if kind == "read":
                e.reads.append(v)
            elif kind == "write":
                e.writes.append(v)
            elif kind == "alloc":
                e.allocs.append(v)
            elif kind == "free":
                e.frees.append(v)
        return e
    if is_reading_library_call(op):
        e.reads.extend(v for v in op.operands if is_memref(v))
        return e
    if memo is None:
        memo = EffectsMemo()
    if not has_side_effects(op, memo.side_effects):
        return e
    if _recursive_effects(op):  # the union of the nested ops' effects
        got = memo.effects.get(id(op), e)
        if got is not e:
            return got
        memo.effects[id(op)] = e = _nested_effects(op, module, kernels, memo)
        return e
    return None


def _nested_effects(op: Operation, module: Operation | None, kernels: KernelMemo | None,
                    memo: EffectsMemo) -> Effects | None:
    """The union of the effects of the ops in ``op``'s regions (None: one is unknown)."""
    e = Effects()
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                if o.is_terminator():
                    continue
                sub = op_effects(o, module, kernels, memo)
                if sub is None:
                    return None
                e.reads += sub.reads
                e.writes += sub.writes
                e.allocs += sub.allocs
                e.frees += sub.frees
    return e


# functions of upstream's runner utils (mlir/lib/ExecutionEngine/{C,}RunnerUtils.cpp) that only
# read the memrefs they are given: printing and comparing, never keeping a pointer
_READING_LIBRARY_PREFIXES = ("printMemref", "print", "verifyMemRef", "_mlir_ciface_printMemref",
                             "_mlir_ciface_verifyMemRef")


def is_reading_library_call(op: Operation) -> bool:
    """A ``func.call`` of an external runner-utils function that only reads its memref operands."""
    if op.opdef is not CallOp:
        return False
    callee = op.attributes.get("callee")
    sym = getattr(callee, "root", None) or getattr(callee, "value", None)
    return isinstance(sym, str) and sym.startswith(_READING_LIBRARY_PREFIXES)


def _launch_effects(op: Operation, module: Operation | None, kernels: KernelMemo | None) -> Effects | None:
    ro = _kernel_readonly_args(op, module, kernels)
    if ro is None:
        return None
    e = Effects()
    for i, v in enumerate(op.operand_group("kernelOperands")):
        if not is_memref(v):
            continue
        e.reads.append(v)
        if i not in ro:
            e.writes.append(v)
    return e


# ----- kernels ------------------------------------------------------------------------------------
def _kernel_func(op: Operation, module: Operation | None) -> Operation | None:
    from ..ir.symbols import lookup_in

    kernel = op.attributes.get("kernel")
    if kernel is None or not getattr(kernel, "nested", None):
        return None
    if module is None:
        module = next((a for a in op.ancestors() if a.opdef is ModuleOp), None)
    if module is None:
        return None
    kmod = lookup_in(module, kernel.root)
    if kmod is None or kmod.opdef is not GpuModuleOp:
        return None
    fn = lookup_in(kmod, kernel.leaf)
    if fn is None or fn.opdef is not GpuFuncOp or not fn.regions or not fn.regions[0].blocks:
        return None
    return fn


def _use_kinds(user: Operation, v: Value) -> set[str] | None:
    """The effect kinds ``user`` declares on ``v``; ``None`` when its effects are not modelled or
    it keeps ``v`` otherwise (a terminator passing it on, a memref result that is not a view)."""
    decl = declared_effects(user)
    if decl is None:
        return None
    kinds = {k for k, x in decl if x is v}
    if kinds:
        return kinds
    # used without an effect of its own: only reading the shape (memref.dim), not passing it on
    # (a terminator, a memref result that is not a view) nor storing it as a value
    if decl or user.is_terminator() or any(is_memref(r) for r in user.results):
        return None
    return kinds


def _only_read(v: Value) -> bool:
    for user, _ in v.uses:
        if view_source(user) is v:
            if all(_only_read(r) for r in user.results if is_memref(r)):
                continue
            return False
        kinds = _use_kinds(user, v)
        if kinds is None or not kinds <= {"read"}:
            return False
    return True


def _kernel_touches_only_args(fn: Operation) -> bool:
    """Whether every op of the kernel body is modelled and reaches memory only through memref
    values derived from the kernel's arguments, attributions or its own allocations."""
    for o in fn.walk():
        if o is fn:
            continue
        decl = declared_effects(o)
        if any(is_memref(r) for r in o.results):
            # a view, a local allocation or a loop-carried value; not memref.get_global, a memref
            # loaded from memory, a cast from a pointer ...
            if not (view_source(o) is not None or has_recursive_effects(o)
                    or decl and any(k == "alloc" for k, _ in decl)):
                return False
        if decl is not None:
            if any(k == "expose" for k, _ in decl):
                return False
            continue
        if has_recursive_effects(o):
            continue
        return False  # gpu.printf, func.call, llvm.load/store, unknown ops ...
    return True


def _kernel_readonly_args(op: Operation, module: Operation | None, kernels: KernelMemo | None) -> set[int] | None:
    """Indices of the memref kernel operands the kernel only reads; ``None`` when the launch's
    effects are unknown (kernel not visible, pointer operands, memory reached other than through
    the arguments)."""
    operands = op.operand_group("kernelOperands")
    if any(isinstance(v.type, T.LLVMType) for v in operands):
        return None
    fn = _kernel_func(op, module)
    if fn is None:
        return None
    args = fn.regions[0].blocks[0].args
    n = len(operands)
    if len(args) < n:
        return None
    got = kernels.get(id(fn)) if kernels is not None else None
    if got is None or got[0] is not fn:
        ro = (frozenset(i for i, a in enumerate(args) if is_memref(a) and _only_read(a))
              if _kernel_touches_only_args(fn) else None)
        got = (fn, ro)
        if kernels is not None:
            kernels[id(fn)] = got
    ro = got[1]
    return None if ro is None else {i for i in ro if i < n}


# ----- aliasing -----------------------------------------------------------------------------------
def root_of(v: Value) -> Value:
    """Follow view-like ops back to the value they view."""
    seen = 0
    while isinstance(v, OpResult) and seen < 1000:
        src = view_source(v.op)
        if src is None:
            break
        v = src
        seen += 1
    return v


def _escapes(v: Value) -> bool:
    for user, _idx in v.uses:
        if view_source(user) is v:
            if any(_escapes(r) for r in user.results if is_memref(r)):
                return True
            continue
        if user.opdef is LaunchFuncOp or is_reading_library_call(user):
            continue  # the kernel's effects (unknown: it conflicts with everything), or a print
        kinds = _use_kinds(user, v)
        if kinds is None or "expose" in kinds:
            return True
    return False


def _is_allocation(v: Value) -> bool:
    if not isinstance(v, OpResult):
        return False
    decl = declared_effects(v.op)
    return bool(decl) and any(k == "alloc" and x is v for k, x in decl)


class AliasInfo:
    """Maps memref values to resource keys (cached per analysis).

    Every allocation is a resource of its own, escaped or not: two allocations never alias.
    Anything else (arguments, call results, loaded memrefs) is ``UNKNOWN``, which may alias the
    *escaped* allocations (``escaped``: ids of their keys) and each other; unknown effects
    (``ANY``) reach ``UNKNOWN`` and the escaped allocations, never a private one."""

    def __init__(self) -> None:
        self._cache: dict[int, Any] = {}
        self.escaped: set[int] = set()
        self.kernels: KernelMemo = {}  # what op_effects found of each kernel launched

    def resource(self, v: Value) -> Any:
        r = root_of(v)
        key = self._cache.get(id(r))
        if key is None:
            if _is_allocation(r):
                key = r
                if _escapes(r):
                    self.escaped.add(id(r))
            else:
                key = UNKNOWN
            self._cache[id(r)] = key
        return key

    def conflicts(self, a: dict[Any, str], b: dict[Any, str]) -> bool:
        """Whether two footprints may touch common memory with at least one write."""
        return conflicts(a, b, self.escaped)

    def footprint(self, eff: Effects) -> dict[Any, str]:
        """resource -> 'r' | 'w' (alloc/free count as writes)."""
        fp: dict[Any, str] = {}
        for v in eff.reads:
            fp.setdefault(self.resource(v), "r")
        for v in eff.writes + eff.allocs + eff.frees:
            fp[self.resource(v)] = "w"
        return fp


def conflicts(a: dict[Any, str], b: dict[Any, str], escaped: set[int] | None = None) -> bool:
    """Whether two footprints touch a common resource with at least one write.  ``ANY`` (unknown
    effects) conflicts with ``ANY``, ``UNKNOWN`` and the ``escaped`` allocations (with every
    non-empty footprint when ``escaped`` is None); ``UNKNOWN`` may alias escaped allocations."""
    if not a or not b:
        return False
    if ANY in a or ANY in b:
        if escaped is None:
            return True
        other = b if ANY in a else a
        if any(k is ANY or k is UNKNOWN or id(k) in escaped for k in other):
            return True
    if len(a) > len(b):
        a, b = b, a
    for k, m in a.items():
        o = b.get(k)
        if o is not None and (m == "w" or o == "w"):
            return True
    if escaped is not None:
        for x, y in ((a, b), (b, a)):
            m = x.get(UNKNOWN)
            if m is not None and any(id(k) in escaped and (m == "w" or o == "w") for k, o in y.items()):
                return True
    return False
