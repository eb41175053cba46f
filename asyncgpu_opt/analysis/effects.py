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

from ..ir import types as T
from ..ir.core import Operation, OpResult, Value

UNKNOWN = "<unknown memory>"
ANY = "<any memory>"  # footprint key of an op with unknown effects

ALLOC_OPS = frozenset({"gpu.alloc", "memref.alloc", "memref.alloca"})
VIEW_OPS = frozenset({"memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.collapse_shape",
                      "memref.expand_shape", "memref.view", "memref.transpose", "memref.memory_space_cast",
                      "memref.assume_alignment", "memref.extract_strided_metadata"})
# ops that only read the memref operand (or just its shape)
_READ_OPS = frozenset({"memref.load", "affine.load", "vector.load", "vector.transfer_read"})
_SHAPE_OPS = frozenset({"memref.dim", "memref.rank"})
# the memref's address leaves the memref world: whatever uses the integer may touch the memory
_POINTER_OPS = frozenset({"memref.extract_aligned_pointer_as_index"})
_WRITE_OPS = frozenset({"memref.store", "affine.store", "vector.store", "vector.transfer_write"})
_FREE_OPS = frozenset({"gpu.dealloc", "memref.dealloc"})
_GPU_EFFECT_OPS = frozenset({"gpu.alloc", "gpu.dealloc", "gpu.memcpy", "gpu.memset", "gpu.launch_func"})


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


# region ops whose effects are those of the ops they hold
_STRUCTURED = frozenset({"scf.if", "scf.for", "scf.while", "scf.parallel", "scf.index_switch", "affine.for",
                         "affine.if", "scf.execute_region"})


def _recursive_effects(op: Operation) -> bool:
    return bool(op.regions) and ("RecursiveMemoryEffects" in op.opdef.traits or op.name in _STRUCTURED)


def has_side_effects(op: Operation) -> bool:
    """Upstream's ``!isMemoryEffectFree``: Pure ops, and region ops whose nested ops are all free."""
    if op.opdef is None:
        return True
    if "Pure" in op.opdef.traits or "NoMemoryEffect" in op.opdef.traits:
        return False
    if _recursive_effects(op):
        return any(has_side_effects(o) for r in op.regions for b in r.blocks for o in b.ops
                   if not o.is_terminator())
    return True


def _operand(op: Operation, name: str, index: int) -> Value:
    if op.opdef is not None:
        try:
            g = op.operand_group(name)
            if g:
                return g[0]
        except (KeyError, AttributeError, AssertionError):
            pass
    return op.operands[index]


def op_effects(op: Operation, module: Operation | None = None) -> Effects | None:
    """Memref effects of ``op``; ``None`` when unknown (treat as touching all memory)."""
    n = op.name
    e = Effects()
    if n in ALLOC_OPS:
        e.allocs.append(op.results[0])
        return e
    if n in _FREE_OPS:
        e.frees.append(_operand(op, "memref", len(op.operands) - 1))
        return e
    if n == "gpu.memcpy":
        e.writes.append(_operand(op, "dst", -2))
        e.reads.append(_operand(op, "src", -1))
        return e
    if n == "gpu.memset":
        e.writes.append(_operand(op, "dst", -2))
        return e
    if n == "memref.copy":
        e.reads.append(op.operands[0])
        e.writes.append(op.operands[1])
        return e
    if n == "gpu.launch_func":
        ro = _kernel_readonly_args(op, module)
        if ro is None:
            return None
        for i, v in enumerate(op.operand_group("kernelOperands")):
            if not is_memref(v):
                continue
            e.reads.append(v)
            if i not in ro:
                e.writes.append(v)
        return e
    if n in _READ_OPS:
        e.reads.extend(v for v in op.operands if is_memref(v))
        return e
    if n in _WRITE_OPS:
        e.writes.extend(v for v in op.operands if is_memref(v))
        return e
    if n in _SHAPE_OPS or n in VIEW_OPS or n in _POINTER_OPS:
        return e
    if n == "gpu.wait":
        return e
    if is_reading_library_call(op):
        e.reads.extend(v for v in op.operands if is_memref(v))
        return e
    if not has_side_effects(op):
        return e
    if op.opdef is not None and _recursive_effects(op):  # the union of the nested ops' effects
        for r in op.regions:
            for b in r.blocks:
                for o in b.ops:
                    if o.is_terminator():
                        continue
                    sub = op_effects(o, module)
                    if sub is None:
                        return None
                    e.reads += sub.reads
                    e.writes += sub.writes
                    e.allocs += sub.allocs
                    e.frees += sub.frees
        return e
    return None


# functions of upstream's runner utils (mlir/lib/ExecutionEngine/{C,}RunnerUtils.cpp) that only
# read the memrefs they are given: printing and comparing, never keeping a pointer
_READING_LIBRARY_PREFIXES = ("printMemref", "print", "verifyMemRef", "_mlir_ciface_printMemref",
                             "_mlir_ciface_verifyMemRef")


def is_reading_library_call(op: Operation) -> bool:
    """A ``func.call`` of an external runner-utils function that only reads its memref operands."""
    if op.name != "func.call":
        return False
    callee = op.attributes.get("callee")
    name = getattr(callee, "root", None) or getattr(callee, "value", None)
    return isinstance(name, str) and name.startswith(_READING_LIBRARY_PREFIXES)


# ----- kernels ------------------------------------------------------------------------------------
def _kernel_func(op: Operation, module: Operation | None) -> Operation | None:
    from ..ir.symbols import lookup_in

    kernel = op.attributes.get("kernel")
    if kernel is None or not getattr(kernel, "nested", None):
        return None
    if module is None:
        module = next((a for a in op.ancestors() if a.name == "builtin.module"), None)
    if module is None:
        return None
    kmod = lookup_in(module, kernel.root)
    if kmod is None or kmod.name != "gpu.module":
        return None
    fn = lookup_in(kmod, kernel.leaf)
    if fn is None or fn.name != "gpu.func" or not fn.regions or not fn.regions[0].blocks:
        return None
    return fn


def _only_read(v: Value) -> bool:
    for user, _ in v.uses:
        if user.name in _READ_OPS or user.name in _SHAPE_OPS:
            continue
        if user.name in VIEW_OPS and user.operands and user.operands[0] is v:
            if all(_only_read(r) for r in user.results if is_memref(r)):
                continue
        return False
    return True


# ops a kernel may contain without touching memory other than through its memref values
_KERNEL_MEMORY_OPS = (_READ_OPS | _WRITE_OPS | _SHAPE_OPS | VIEW_OPS | _FREE_OPS
                      | {"memref.alloca", "memref.alloc", "memref.atomic_rmw", "memref.generic_atomic_rmw",
                         "memref.atomic_yield", "memref.copy"})
# control flow and intra-kernel synchronization (no memory of their own)
_KERNEL_STRUCTURAL_OPS = frozenset({"gpu.return", "gpu.terminator", "gpu.yield", "gpu.barrier",
                                    "scf.for", "scf.if", "scf.while", "scf.parallel", "scf.yield",
                                    "scf.condition", "scf.reduce", "scf.reduce.return", "scf.execute_region",
                                    "affine.for", "affine.if", "affine.parallel", "affine.yield",
                                    "cf.br", "cf.cond_br", "cf.switch"})
# memref-producing ops whose result is an argument's view, a local allocation or a loop-carried value
_KERNEL_MEMREF_SOURCES = VIEW_OPS | {"memref.alloca", "memref.alloc", "scf.for", "scf.if", "scf.while",
                                     "scf.execute_region", "affine.for", "affine.if"}


def _kernel_touches_only_args(fn: Operation) -> bool:
    """Whether every op of the kernel body is modelled and reaches memory only through memref
    values derived from the kernel's arguments, attributions or its own allocations."""
    for o in fn.walk():
        if o is fn:
            continue
        n = o.name
        if any(is_memref(r) for r in o.results) and n not in _KERNEL_MEMREF_SOURCES:
            return False  # memref.get_global, a memref loaded from memory, casts from pointers ...
        if n in _KERNEL_MEMORY_OPS or n in _KERNEL_STRUCTURAL_OPS:
            continue
        if n in _POINTER_OPS or o.opdef is None:
            return False
        if o.regions or has_side_effects(o):
            return False  # gpu.printf, func.call, llvm.load/store, unknown region ops ...
    return True


def _kernel_readonly_args(op: Operation, module: Operation | None) -> set[int] | None:
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
    if len(args) < n or not _kernel_touches_only_args(fn):
        return None
    return {i for i in range(n) if is_memref(args[i]) and _only_read(args[i])}


# ----- aliasing -----------------------------------------------------------------------------------
def root_of(v: Value) -> Value:
    """Follow view-like ops back to the value they view."""
    seen = 0
    while isinstance(v, OpResult) and v.op.name in VIEW_OPS and v.op.operands and seen < 1000:
        v = v.op.operands[0]
        seen += 1
    return v


def _escapes(v: Value) -> bool:
    for user, _idx in v.uses:
        n = user.name
        if n in VIEW_OPS:
            if any(_escapes(r) for r in user.results if is_memref(r)):
                return True
            continue
        if n in _READ_OPS or n in _SHAPE_OPS or n in _FREE_OPS:
            continue
        if n in _WRITE_OPS:
            # storing the memref itself (as the value) lets it escape
            if user.operands and user.operands[0] is v and n in ("memref.store", "affine.store"):
                return True
            continue
        if n in _GPU_EFFECT_OPS or n == "memref.copy" or is_reading_library_call(user):
            continue
        return True
    return False


class AliasInfo:
    """Maps memref values to resource keys (cached per analysis).

    Every allocation is a resource of its own, escaped or not: two allocations never alias.
    Anything else (arguments, call results, loaded memrefs) is ``UNKNOWN``, which may alias the
    *escaped* allocations (``escaped``: ids of their keys) and each other; unknown effects
    (``ANY``) reach ``UNKNOWN`` and the escaped allocations, never a private one."""

    def __init__(self) -> None:
        self._cache: dict[int, Any] = {}
        self.escaped: set[int] = set()

    def resource(self, v: Value) -> Any:
        r = root_of(v)
        key = self._cache.get(id(r))
        if key is None:
            if isinstance(r, OpResult) and r.op.name in ALLOC_OPS:
                key = r
                if _escapes(r):
                    self.escaped.add(id(r))
            else:
                key = UNKNOWN
            self._cache[id(r)] = key
        return key

    def remap(self, mapping: dict[int, Value]) -> None:
        """An op was re-created: ``mapping`` maps id(old result) -> new result."""
        for old_id, new in mapping.items():
            key = self._cache.pop(old_id, None)
            if key is not None:
                self._cache[id(new)] = new if key is not UNKNOWN else UNKNOWN
                if old_id in self.escaped and key is not UNKNOWN:
                    self.escaped.discard(old_id)
                    self.escaped.add(id(new))

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
