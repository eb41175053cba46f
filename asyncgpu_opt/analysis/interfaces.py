"""Op facts (upstream's traits and interfaces), read from the op definitions.

The facts live on the op classes in ``dialects/*.py`` (``OpDef`` class attributes, see
``ir/opdef.py``); analyses and passes ask here instead of keeping tables of op names:

* ``is_async(op)``: GPU_AsyncOpInterface (``dialects.gpu.AsyncOp`` subclasses);
  ``asyncable(op)``: an async op doing device work that async-region threads (not ``gpu.wait``,
  ``gpu.launch``); ``stays_sync(op)``: one async-region must leave synchronous.
* ``dialect_of(op)``: the op's dialect namespace.
* ``declared_effects(op)``: ``[(kind, value)]`` with kind ``read`` / ``write`` / ``alloc`` /
  ``free`` / ``expose`` on memref operand/result values, ``[]`` for no memref effects, ``None`` when
  the op's effects are not modelled (unregistered ops, ops declaring none).  ``Pure`` ops have none.
* ``view_source(op)``: the memref a view-like op's memref results alias (``None``: not a view).
* ``is_pure`` / ``is_terminator`` / ``is_return_like`` / ``is_branch`` / ``has_recursive_effects``.
* ``region_control(op)``: RegionBranchOpInterface, how often the op's regions run (``"loop"``,
  ``"one"``, ``"at-most-one"``, ``"async"``; ``None``: not declared); ``is_region_terminator(op)``:
  a terminator handing values back to its region-branch parent (``scf.yield``, ``scf.condition``).
* ``is_function(op)``: FunctionOpInterface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ir.core import Operation, Value

EFFECT_KINDS = ("read", "write", "alloc", "free", "expose")


def _traits(op: Operation) -> frozenset[str]:
    return op.opdef.traits if op.opdef is not None else frozenset()


def is_async(op: Operation) -> bool:
    """GPU_AsyncOpInterface: ``asyncDependencies`` operands and an optional ``asyncToken`` result."""
    from ..dialects.gpu import is_async_op

    return is_async_op(op)


def asyncable(op: Operation) -> bool:
    """An async gpu op that does device work async-region threads (``AsyncOp.device_work``: not
    ``gpu.wait``; not the region-holding ``gpu.launch``, which must be outlined first)."""
    return is_async(op) and op.opdef.device_work and not op.regions and op.opdef.effects is not None


def stays_sync(op: Operation) -> bool:
    """A synchronous async op async-region leaves synchronous (``AsyncOp.stays_sync``)."""
    return op.opdef.stays_sync(op)


def dialect_of(op: Operation) -> str:
    """The op's dialect namespace (``gpu`` for ``gpu.alloc``), registered or not."""
    return op.name.partition(".")[0]


def is_pure(op: Operation) -> bool:
    t = _traits(op)
    return "Pure" in t or "NoMemoryEffect" in t


def is_terminator(op: Operation) -> bool:
    return "Terminator" in _traits(op)


def is_return_like(op: Operation) -> bool:
    return "ReturnLike" in _traits(op)


def is_branch(op: Operation) -> bool:
    return "BranchOpInterface" in _traits(op)


def is_function(op: Operation) -> bool:
    return "FunctionOpInterface" in _traits(op)


def region_control(op: Operation) -> str | None:
    """How a region-branch op runs its regions (``OpDef.region_runs``); ``None`` if undeclared."""
    return op.opdef.region_control(op) if op.opdef is not None else None


def is_region_terminator(op: Operation) -> bool:
    """A ReturnLike terminator whose parent op is a declared region-branch op."""
    parent = op.parent_op
    return is_return_like(op) and parent is not None and region_control(parent) is not None


def has_recursive_effects(op: Operation) -> bool:
    """RecursiveMemoryEffects: the op's effects are those of the ops it holds."""
    return bool(op.regions) and "RecursiveMemoryEffects" in _traits(op)


def declared_effects(op: Operation) -> list[tuple[str, Value]] | None:
    """The op's declared memref effects as (kind, value); ``None`` when not modelled."""
    d = op.opdef
    if d is None:
        return None
    if d.effects is None:
        return [] if is_pure(op) else None
    out: list[tuple[str, Value]] = []
    for kind, group in d.effects:
        vals = d.result_group(op, group) if group in d._result_index else d.operand_group(op, group)
        out.extend((kind, v) for v in vals)
    return out


def view_source(op: Operation) -> Value | None:
    """The memref the view-like ``op``'s memref results alias."""
    d = op.opdef
    if d is None or d.view_source is None:
        return None
    g = d.operand_group(op, d.view_source)
    return g[0] if g else None
