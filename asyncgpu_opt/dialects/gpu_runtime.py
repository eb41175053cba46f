"""Runtime bindings: a gpu op that *is* one call of the ``mgpu*`` runtime, declared as data.

    class MemcpyOp(AsyncOp):
        runtime_call = RuntimeCall("mgpuMemcpy", (ptr("dst"), ptr("src"), nbytes("src")))

says: ``gpu.memcpy`` is ``mgpuMemcpy(aligned pointer of dst, aligned pointer of src, byte size of
src, stream)``, on the stream of the op's token.  Both consumers derive from this one fact:
gpu-to-runtime's generic lowering (``passes/gpu_to_runtime/calls.py``) emits the ``llvm.call`` and
declares the callee with the signature the recipes give, and ``--run``'s generic host semantics
(``run/semantics/gpu_runtime.py``) calls the simulated runtime's method of that name
(``run/runtime.py``) with the values the lowered call passes at run time.  An op with a binding
needs no ``@lowering`` and no ``@HOST.impl``; one with either keeps it (it wins).

Argument recipes, in call order, each from an operand group (its ABI type):

* ``ptr(g)``        aligned pointer of memref ``g`` (identity layout; ``!llvm.ptr``)
* ``allocated(g)``  allocated pointer of memref ``g`` (what ``cuMemFree`` takes; ``!llvm.ptr``)
* ``numel(g)``      element count of memref ``g`` (``i64``)
* ``nbytes(g)``     byte size of memref ``g``: count times element size (``i64``)
* ``elem_size(g)``  element size of (unranked) memref ``g`` in bytes (``i64``)
* ``descriptor(g)`` rank and descriptor pointer of memref ``g`` (two arguments: ``i64``,
  ``!llvm.ptr``; upstream's unranked ABI): an unranked memref's ``{rank, ptr}``, a ranked one's
  static rank and a stack copy of its descriptor
* ``bits(g, widths)`` scalar ``g`` bitcast to the integer of its width, one of ``widths``
  (``iN``); ``{bits}`` in the callee's name is replaced by N (``mgpuMemset{bits}``)
* ``scalar(g, t)``  scalar ``g`` as it is (``t``)

``stream``: the op's stream is the last argument (``!llvm.ptr``); the op is then async
(``AsyncOp``).  ``null_stream``: the call also accepts the null stream (``cuMemFree``,
``cuMemAlloc``: the synchronous form, which synchronizes by itself): the lowering uses it when the
op has no dependencies and its token is unused, ``--run`` when the op is synchronous.
``op_named``: before lowering, ``--run`` reports the call under the op's name (``gpu.dealloc on
stream 2`` in hazards; the runtime method takes ``api=``).  The callee returns nothing.
"""

from __future__ import annotations

from ..ir import types as T
from ..records import FrozenRecord


class CallArg(FrozenRecord):
    """One argument recipe (module docstring): ``kind`` of operand group ``group``."""

    __slots__ = ("kind", "group", "widths", "type")

    def __init__(self, kind: str, group: str, widths: tuple[int, ...] = (), type: T.Type | None = None) -> None:
        self.kind = kind
        self.group = group
        self.widths = widths  # bits: the allowed bit widths
        self.type = type  # scalar: the ABI type

    @property
    def of_memref(self) -> bool:
        return self.kind not in ("bits", "scalar")

    @property
    def is_size(self) -> bool:
        return self.kind in ("numel", "nbytes", "elem_size")


def ptr(group: str) -> CallArg:
    return CallArg("ptr", group)


def allocated(group: str) -> CallArg:
    return CallArg("allocated", group)


def numel(group: str) -> CallArg:
    return CallArg("numel", group)


def nbytes(group: str) -> CallArg:
    return CallArg("nbytes", group)


def elem_size(group: str) -> CallArg:
    return CallArg("elem_size", group)


def descriptor(group: str) -> CallArg:
    return CallArg("descriptor", group)


def bits(group: str, widths: tuple[int, ...]) -> CallArg:
    return CallArg("bits", group, widths=widths)


def scalar(group: str, t: T.Type) -> CallArg:
    return CallArg("scalar", group, type=t)


class RuntimeCall(FrozenRecord):
    """The op is ``callee(*args, stream)`` of the ``mgpu*`` runtime (module docstring)."""

    __slots__ = ("callee", "args", "stream", "null_stream", "op_named")

    def __init__(self, callee: str, args: tuple[CallArg, ...], stream: bool = True, null_stream: bool = False,
                 op_named: bool = False) -> None:
        self.callee = callee
        self.args = args
        self.stream = stream
        self.null_stream = null_stream
        self.op_named = op_named

    def callee_for(self, width: int | None) -> str:
        """The callee's name, ``{bits}`` replaced by the width of the ``bits`` argument."""
        return self.callee.format(bits=width) if width is not None else self.callee

    def memref_groups(self) -> list[str]:
        """The memref operand groups, in the order the lowering computes their arguments: those
        whose size is passed first (as upstream's patterns: the copy's source), then the others,
        each in order of first mention."""
        groups = list(dict.fromkeys(a.group for a in self.args if a.of_memref))
        sized = {a.group for a in self.args if a.is_size}
        return [g for g in groups if g in sized] + [g for g in groups if g not in sized]
