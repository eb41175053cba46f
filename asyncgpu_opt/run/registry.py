"""Op semantics registered by op class, one registry per consumer (xDSL's ``@impl`` pattern).

Each dialect's semantics live in ``run/semantics/<dialect>.py``::

    from ...dialects import memref as memref_d
    from ..registry import CUDA, HOST, KERNEL, SIM

    @HOST.impl(memref_d.AllocOp)          # the host interpreter only
    def _alloc(it, op): ...

    @SIM.impl(arith_d.addi, llvm_d.AddOp)  # host interpreter and kernel executor: one function
    def _addi(it, op): ...

    @CUDA.impl(arith_d.addi)              # the CUDA C emitter
    def _addi_cuda(em, op, ind, results): ...

    CUDA.refuse(math_d.erfc, "math.erfc is not supported by the CUDA emitter")

The consumers and their function contracts:

* ``HOST`` -- the host interpreter (``run/interpreter.py``): ``fn(it, op)`` returns the op's
  result value, a list of values (several results), or None.
* ``KERNEL`` -- the SIMT kernel executor (``run/kernels.py``): ``fn(ex, op)``, the same contract;
  values may be numpy arrays over the launch's threads.
* ``CUDA`` -- the CUDA C emitter (``run/cuda_codegen.py``): ``fn(em, op, ind, results)`` appends
  C lines to ``em.lines`` (``ind``: indentation; ``results``: the C variables a ``scf.yield``
  assigns), or raises a located ``CudaCodegenError`` (:meth:`Registry.refuse`).

An op is named by its definition class (``dialects/<dialect>.py``); a name string is accepted only
for an op that has no definition yet (``tests/test_run_registry.py`` checks that).  Registering an
op twice in one registry is an error.  Tables are keyed by op name, so lookups cost one dict get.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: An op definition class (``ir.opdef.OpDef`` subclass) or, for an op without one, its name.
OpKey = Any
Fn = Callable[..., Any]


class CudaCodegenError(Exception):
    """The CUDA emitter cannot emit an op; ``loc`` is the op's location (or None)."""

    def __init__(self, message: str, loc: Any = None) -> None:
        super().__init__(message)
        self.loc = loc


class Registry:
    """Semantics of one consumer: op name -> function."""

    def __init__(self, consumer: str) -> None:
        self.consumer = consumer
        self.table: dict[str, Fn] = {}
        #: ops registered by name string (no op definition class)
        self.by_name: set[str] = set()
        #: ops whose entry is an explicit refusal (:meth:`refuse`), with the reason
        self.refused: dict[str, str] = {}

    def impl(self, *ops: OpKey) -> Callable[[Fn], Fn]:
        """Decorator: ``fn`` implements every op of ``ops`` for this consumer."""

        def deco(fn: Fn) -> Fn:
            for op in ops:
                self.register(op, fn)
            return fn

        return deco

    def register(self, op: OpKey, fn: Fn) -> None:
        name = op if isinstance(op, str) else op.name
        if not name or "." not in name:
            raise ValueError(f"{self.consumer}: {op!r} is not an op class or op name")
        if name in self.table:
            raise ValueError(f"{self.consumer}: '{name}' is registered twice")
        self.table[name] = fn
        if isinstance(op, str):
            self.by_name.add(name)

    def refuse(self, *ops: OpKey, reason: str | None = None) -> None:
        """Register an explicit, located refusal (``CudaCodegenError`` at the op) for ``ops``."""
        for op in ops:
            name = op if isinstance(op, str) else op.name
            why = reason or f"operation '{name}' is not supported by the {self.consumer}"

            def refusal(*args: Any, _why: str = why) -> Any:
                raise CudaCodegenError(_why, getattr(args[1], "loc", None))

            self.register(op, refusal)
            self.refused[name] = why

    def lookup(self, op: Any) -> Fn | None:
        return self.table.get(op.name)

    def names(self) -> list[str]:
        return sorted(self.table)


def op_class(name: str) -> Any:
    """The definition class of op ``name`` (for classes a dialect builds in a loop, e.g.
    ``llvm.add``); raises ``LookupError`` when the op has none."""
    from ..ir.opdef import lookup_opdef

    cls = lookup_opdef(name)
    if cls is None:
        raise LookupError(f"no op definition for '{name}'")
    return cls


class Group:
    """Several registries at once: ``SIM.impl(...)`` registers one function in each."""

    def __init__(self, *registries: Registry) -> None:
        self.registries = registries

    def impl(self, *ops: OpKey) -> Callable[[Fn], Fn]:
        def deco(fn: Fn) -> Fn:
            for r in self.registries:
                r.impl(*ops)(fn)
            return fn

        return deco


HOST = Registry("host interpreter")
KERNEL = Registry("kernel executor")
CUDA = Registry("CUDA emitter")
#: the simulator: the host interpreter and the kernel executor share these semantics
SIM = Group(HOST, KERNEL)
