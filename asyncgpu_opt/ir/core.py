"""The IR core: values with use lists, operations, blocks and regions.

An ``Operation`` is generic: its ``name`` selects an ``OpDef`` (see ``ir/opdef.py``) that knows the
operand/result groups, properties, traits, verifier and assembly format.  Unregistered operations
have ``opdef = None``.  Attributes live in one dict (inherent + discardable); the op definition says
which names are inherent, so the generic printer can split them into ``<{...}>`` and ``{...}``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .opdef import OpDef

from .registry import lookup_opdef

Location = Any  # diagnostics.FileLoc | TextLoc | None


class Value:
    """An SSA value: ``type`` and the list of ``(op, operand_index)`` uses."""

    __slots__ = ("type", "uses", "name_hint")

    def __init__(self, type: Any) -> None:
        self.type = type
        self.uses: list[tuple[Operation, int]] = []
        self.name_hint: str | None = None

    @property
    def owner(self) -> Operation | Block | None:  # pragma: no cover - overridden
        return None

    def has_uses(self) -> bool:
        return bool(self.uses)

    def users(self) -> list[Operation]:
        """Distinct users in use order."""
        seen: dict[int, Operation] = {}
        for op, _ in self.uses:
            seen.setdefault(id(op), op)
        return list(seen.values())

    def replace_all_uses_with(self, new: Value) -> None:
        if new is self:
            return
        for op, idx in list(self.uses):
            op.set_operand(idx, new)

    def replace_uses_if(self, new: Value, pred) -> None:
        for op, idx in list(self.uses):
            if pred(op):
                op.set_operand(idx, new)

    def defining_op(self) -> Operation | None:
        return None


class OpResult(Value):
    __slots__ = ("op", "index")

    def __init__(self, type: Any, op: Operation, index: int) -> None:
        Value.__init__(self, type)
        self.op = op
        self.index = index

    @property
    def owner(self) -> Operation:
        return self.op

    def defining_op(self) -> Operation:
        return self.op

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.op.name}>"


class BlockArgument(Value):
    __slots__ = ("block", "index", "loc")

    def __init__(self, type: Any, block: Block, index: int, loc: Location = None) -> None:
        Value.__init__(self, type)
        self.block = block
        self.index = index
        self.loc = loc

    @property
    def owner(self) -> Block:
        return self.block

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index}>"


_SHARED_SERIALS = itertools.count()


class SharedAttributes(dict):
    """An attribute dict several ops hold (builders give every op with the same attributes one):
    read-only, so changing one op's attributes cannot change the others'.  Replace it instead:
    ``op.attributes = {**op.attributes, name: value}``."""

    __slots__ = ("serial",)

    def __init__(self, *args: Any, **kw: Any) -> None:
        dict.__init__(self, *args, **kw)
        # a number no other dict of this class ever has (unlike ``id``): caches keyed by attribute
        # set (the verifier's passing shapes) use it instead of hashing every attribute
        self.serial = next(_SHARED_SERIALS)

    def _refuse(self, *args: Any, **kw: Any) -> Any:
        raise TypeError("shared attribute dict: assign a new dict to op.attributes instead")

    __setitem__ = __delitem__ = setdefault = pop = popitem = clear = update = __ior__ = _refuse

    def __reduce__(self) -> Any:  # copies (copy, deepcopy, pickle) are plain dicts
        return (dict, (dict(self),))


class _NoOperands(list[Any]):
    """The operand list of every op built without operands: one shared empty list that refuses to
    grow (a list per op is 64 bytes, and a third of lowered ops have no operands).  Give the op a
    new list instead: ``op.set_operands(...)``; slices and ``+`` make plain lists."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kw: Any) -> Any:
        raise TypeError("shared empty operand list: assign a new list (op.set_operands) instead")

    append = extend = insert = __setitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> Any:  # copies are plain lists
        return (list, ())


NO_OPERANDS: list[Any] = _NoOperands()


class Operation:
    """A generic operation.  Build with ``Operation.create``.

    ``attributes`` may be a ``SharedAttributes`` held by other ops too: to change an op's
    attributes assign a new dict (``op.attributes = {**op.attributes, name: value}``)."""

    __slots__ = ("name", "opdef", "operands", "results", "attributes", "properties", "regions",
                 "successors", "loc", "parent")

    def __init__(self) -> None:  # use create()
        self.name = ""
        self.opdef: type[OpDef] | None = None
        self.operands: list[Value] = NO_OPERANDS
        # a tuple (48 bytes for one result, a list is 80; ``()`` when none): assign a new one to change it
        self.results: Sequence[OpResult] = ()
        self.attributes: dict[str, Any] = {}
        self.properties: dict[str, Any] | None = None  # only for unregistered ops' `<{...}>`
        # empty: the shared ``()`` (two empty lists cost 112 bytes per op; most ops have neither);
        # assign a new list to change them
        self.regions: Sequence[Region] = ()
        self.successors: Sequence[Block] = ()
        self.loc: Location = None
        self.parent: Block | None = None

    @staticmethod
    def create_simple(name: str, opdef: Any, operands: Sequence[Value], result_types: Sequence[Any],
                      attributes: dict[str, Any], loc: Location) -> Operation:
        """``create`` for the common case of builders: no regions, successors or properties, the
        definition known, and ``attributes`` kept as given (not copied: it may be shared)."""
        return new_op(name, opdef, list(operands) if operands else NO_OPERANDS, result_types, attributes, loc)

    @staticmethod
    def create(name: str, operands: Sequence[Value] = (), result_types: Sequence[Any] = (),
               attributes: dict[str, Any] | None = None, regions: Sequence[Region] | int = (),
               successors: Sequence[Block] = (), loc: Location = None,
               properties: dict[str, Any] | None = None, opdef: Any = False) -> Operation:
        """A new detached op (``new_op`` with copies of the lists and dicts given)."""
        if opdef is False:
            opdef = lookup_opdef(name)
        op = new_op(name, opdef, list(operands) if operands else NO_OPERANDS, result_types,
                    dict(attributes) if attributes else {}, loc)
        if properties:
            op.properties = dict(properties)
        if isinstance(regions, int):
            regions = [Region() for _ in range(regions)]
        if regions:
            op.regions = regs = list(regions)
            for r in regs:
                r.parent = op
        if successors:
            op.successors = list(successors)
        return op

    # ----- structure -------------------------------------------------------------------------
    @property
    def result(self) -> OpResult:
        return self.results[0]

    def set_operand(self, idx: int, new: Value) -> None:
        old = self.operands[idx]
        if old is new:
            return
        uses = old.uses
        if len(uses) <= _TAIL:
            try:
                uses.remove((self, idx))
            except ValueError:
                pass
        else:
            drop_use(uses, self, idx)
        self.operands[idx] = new
        new.uses.append((self, idx))

    def set_operands(self, new: Sequence[Value]) -> None:
        self.drop_operand_uses()
        self.operands = list(new) if new else NO_OPERANDS
        for i, v in enumerate(self.operands):
            v.uses.append((self, i))

    def drop_operand_uses(self) -> None:
        for i, v in enumerate(self.operands):
            uses = v.uses
            if len(uses) <= _TAIL:  # (most values: a short scan, no call)
                try:
                    uses.remove((self, i))
                except ValueError:
                    pass
            else:
                drop_use(uses, self, i)

    def drop_all_references(self) -> None:
        """Drop the uses held by this op and everything nested in it."""
        self.drop_operand_uses()
        self.operands = NO_OPERANDS
        for r in self.regions:
            for b in r.blocks:
                for o in b.ops:
                    o.drop_all_references()

    @property
    def parent_op(self) -> Operation | None:
        b = self.parent
        if b is None or b.parent is None:
            return None
        return b.parent.parent

    def ancestors(self) -> Iterator[Operation]:
        op = self.parent_op
        while op is not None:
            yield op
            op = op.parent_op

    def is_ancestor_of(self, other: Operation) -> bool:
        return any(a is self for a in other.ancestors())

    def walk(self, pre_order: bool = True) -> Iterator[Operation]:
        """All ops nested in (and including) this one; pre- or post-order.  Safe to erase the
        current op in post-order.  Each block's op list is read when the walk reaches it; an
        explicit stack, so each op costs O(1) whatever its depth (nested generators cost the
        depth per op)."""
        if pre_order:
            yield self
        stack = [(self, _nested_ops(self))]
        while stack:
            op, it = stack[-1]
            for o in it:
                if o.regions:
                    if pre_order:
                        yield o
                    stack.append((o, _nested_ops(o)))
                    break
                yield o  # most ops: no iterator of their own
            else:
                stack.pop()
                if not pre_order:
                    yield op

    def has_trait(self, trait: str) -> bool:
        return self.opdef is not None and trait in self.opdef.traits

    def is_terminator(self) -> bool:
        return self.opdef is not None and "Terminator" in self.opdef.traits

    def erase(self) -> None:
        """Detach and drop references; results must be unused."""
        self.drop_all_references()
        if self.parent is not None:
            self.parent.remove(self)

    def forget_results(self) -> None:
        """For an erased op whose results are unused: drop them.  The op and its results refer to
        each other, a cycle only the cyclic collector frees, and passes run with it off."""
        self.results = ()

    def next_op(self) -> Operation | None:
        b = self.parent
        if b is None:
            return None
        i = b.index_of(self)
        return b.ops[i + 1] if i + 1 < len(b.ops) else None

    def clone(self, mapping: dict[Value, Value] | None = None) -> Operation:
        """Deep copy; operands are remapped through ``mapping`` (updated with the new results)."""
        if mapping is None:
            mapping = {}
        new = Operation.create(self.name, [mapping.get(v, v) for v in self.operands],
                               [r.type for r in self.results], self.attributes, (),
                               [mapping.get(s, s) for s in self.successors],  # type: ignore[call-overload]
                               self.loc,
                               self.properties, opdef=self.opdef)
        for r_old, r_new in zip(self.results, new.results):
            mapping[r_old] = r_new
            r_new.name_hint = r_old.name_hint
        if self.regions:
            new.regions = [Region() for _ in self.regions]
            for r, nr in zip(self.regions, new.regions):
                nr.parent = new
                r.clone_into(nr, mapping)
        return new

    # ----- op-definition helpers ---------------------------------------------------------------
    def operand_group(self, name: str) -> list[Value]:
        assert self.opdef is not None
        return self.opdef.operand_group(self, name)

    def result_group(self, name: str) -> Sequence[OpResult]:
        assert self.opdef is not None
        return self.opdef.result_group(self, name)

    def __getattr__(self, name: str) -> Any:
        # Named operand/result groups and attributes, e.g. ``op.asyncDependencies``.
        opdef = object.__getattribute__(self, "opdef")
        if opdef is not None:
            return opdef.get_named(self, name)
        raise AttributeError(name)

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"


_TAIL = 64


def drop_use(uses: list[tuple[Operation, int]], op: Operation, index: int) -> None:
    """Remove the use ``(op, index)`` from a use list (nothing when absent).  The last ``_TAIL``
    uses are searched first: the use an edit drops is most often a recent one (an op whose operands
    were just set, an op built and erased), and a value with thousands of uses (a constant, a
    buffer) would otherwise cost a scan of them all per dropped use."""
    key = (op, index)
    n = len(uses)
    try:
        j = uses.index(key, n - _TAIL) if n > _TAIL else uses.index(key)
    except ValueError:
        if n <= _TAIL:
            return
        try:
            j = uses.index(key, 0, n - _TAIL)
        except ValueError:
            return
    del uses[j]


def _nested_ops(op: Operation) -> Iterator[Operation]:
    """The ops directly in ``op``'s blocks, each block's list copied when reached (a C iterator
    per op: no generator frame per op)."""
    return chain.from_iterable(list(b.ops) for r in op.regions for b in r.blocks)


_new_op = Operation.__new__
_new_result = OpResult.__new__


def new_op(name: str, opdef: Any, operands: list[Value], result_types: Sequence[Any],
           attributes: dict[str, Any], loc: Location, parent: Block | None = None) -> Operation:
    """The one constructor of operations (``Operation.create``, builders, the reader's fast path
    and ``ir.rewriter`` all build through it): ``operands`` and ``attributes`` are kept, not copied
    (``NO_OPERANDS`` or a list of its own; a dict of its own or a ``SharedAttributes``); results
    are a tuple of fresh ``OpResult``s; no regions, successors or properties (assign them after).
    ``parent`` is only recorded: the caller puts the op into that block's list."""
    op = _new_op(Operation)  # every slot is set below
    op.name = name
    op.opdef = opdef
    op.operands = operands if operands else NO_OPERANDS
    for i, v in enumerate(operands):
        v.uses.append((op, i))
    if not result_types:
        op.results = ()
    elif len(result_types) == 1:  # (most ops: no loop, no list)
        r = _new_result(OpResult)
        r.type = result_types[0]
        r.uses = []
        r.name_hint = None
        r.op = op
        r.index = 0
        op.results = (r,)
    else:
        op.results = new_results(op, result_types)
    op.attributes = attributes
    op.properties = None
    op.regions = ()
    op.successors = ()
    op.loc = loc
    op.parent = parent
    return op


def new_results(op: Operation, result_types: Sequence[Any]) -> tuple[OpResult, ...]:
    """``(OpResult(t, op, i), ...)`` without the two ``__init__`` calls per result."""
    res = []
    new = OpResult.__new__
    for i, t in enumerate(result_types):
        r = new(OpResult)
        r.type = t
        r.uses = []
        r.name_hint = None
        r.op = op
        r.index = i
        res.append(r)
    return tuple(res)


class Block:
    """A list of operations with arguments.  ``parent`` is the owning region."""

    __slots__ = ("args", "ops", "parent", "_index_cache")

    def __init__(self, arg_types: Sequence[Any] = (), arg_locs: Sequence[Any] | None = None) -> None:
        self.args: list[BlockArgument] = [
            BlockArgument(t, self, i, arg_locs[i] if arg_locs else None) for i, t in enumerate(arg_types)]
        self.ops: list[Operation] = []
        self.parent: Region | None = None
        self._index_cache: dict[int, int] | None = None

    def add_arg(self, type: Any, loc: Location = None) -> BlockArgument:
        a = BlockArgument(type, self, len(self.args), loc)
        self.args.append(a)
        return a

    def erase_arg(self, index: int) -> None:
        assert not self.args[index].uses
        del self.args[index]
        for i, a in enumerate(self.args):
            a.index = i

    def append(self, op: Operation) -> Operation:
        op.parent = self
        self.ops.append(op)
        self._index_cache = None
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        op.parent = self
        self.ops.insert(index, op)
        self._index_cache = None
        return op

    def insert_batch(self, before: dict[int, list[Operation]]) -> None:
        """Insert many ops at once: ``before[id(op)]`` go, in order, just before ``op``
        (``rebuild`` without erasures)."""
        self.rebuild(before)

    def rebuild(self, before: dict[int, list[Operation]], erased: dict[int, Operation] | None = None,
                after: dict[int, list[Operation]] | None = None) -> None:
        """Apply a batch of edits in one pass over the op list, O(edits + block size):
        ``before[id(op)]`` / ``after[id(op)]`` go, in order, just before / after ``op`` (the entries
        used are removed from those dicts); ops in ``erased`` (by id) leave the block and forget
        their results (their references must already be dropped: ``ir.rewriter``)."""
        new: list[Operation] = []
        pop = before.pop
        for o in self.ops:
            ins = pop(id(o), None)
            if ins:
                for n in ins:
                    n.parent = self
                new.extend(ins)
            if erased and id(o) in erased:
                o.parent = None
                o.forget_results()
            else:
                new.append(o)
            if after:
                ins = after.pop(id(o), None)
                if ins:
                    for n in ins:
                        n.parent = self
                    new.extend(ins)
        self.ops = new
        self._index_cache = None

    def ops_changed(self) -> None:
        """Say that ``ops`` was changed in place (appended to by the reader): the index goes."""
        self._index_cache = None

    def index_of(self, op: Operation) -> int:
        cache = self._index_cache
        if cache is None:
            cache = self._index_cache = {id(o): i for i, o in enumerate(self.ops)}
        return cache[id(op)]

    def remove(self, op: Operation) -> None:
        cache = self._index_cache
        # without an index, a scan (identity, in C) is cheaper than building one that the removal
        # invalidates: removing ops one by one stays linear per removal, not a dict per removal
        del self.ops[cache[id(op)] if cache is not None else self.ops.index(op)]
        op.parent = None
        self._index_cache = None

    def detach_all(self) -> list[Operation]:
        """Remove every op (they keep their uses); returns them in order."""
        ops = self.ops
        for op in ops:
            op.parent = None
        self.ops = []
        self._index_cache = None
        return ops

    @property
    def terminator(self) -> Operation | None:
        if self.ops and self.ops[-1].is_terminator():
            return self.ops[-1]
        return None

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    def is_entry(self) -> bool:
        return self.parent is not None and bool(self.parent.blocks) and self.parent.blocks[0] is self

    def predecessors(self) -> list[Block]:
        preds: list[Block] = []
        if self.parent is None:
            return preds
        for b in self.parent.blocks:
            t = b.ops[-1] if b.ops else None
            if t is not None:
                for s in t.successors:
                    if s is self:
                        preds.append(b)
        return preds


class Region:
    """A list of blocks owned by an operation."""

    __slots__ = ("blocks", "parent")

    def __init__(self, blocks: Sequence[Block] = ()) -> None:
        self.blocks: list[Block] = []
        self.parent: Operation | None = None
        for b in blocks:
            self.add_block(b)

    def add_block(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def ops(self) -> Iterator[Operation]:
        for b in self.blocks:
            yield from b.ops

    def clone_into(self, dest: Region, mapping: dict[Value, Value]) -> None:
        new_blocks = []
        for b in self.blocks:
            nb = Block([a.type for a in b.args], [a.loc for a in b.args])
            for a, na in zip(b.args, nb.args):
                mapping[a] = na
            mapping[b] = nb  # type: ignore[index, assignment]  # blocks map to blocks
            dest.add_block(nb)
            new_blocks.append((b, nb))
        for b, nb in new_blocks:
            for o in b.ops:
                nb.append(o.clone(mapping))
