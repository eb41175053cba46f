"""The mgpu* runtime ABI and the IR builder of gpu-to-runtime.

``_SIGS``: callee -> (result type, parameter types) of the ``mgpu*`` wrappers the pass calls by
name (streams, events, alloc; an op's runtime binding derives its callee's, ``calls.py``); ``Builder``
emits ``llvm.call``s to them (declaring each ``llvm.func`` once in ``finish``), the memref
descriptor arithmetic around them, and defers block edits to ``commit_block`` (one rebuild of
each block's op list instead of quadratic inserts).  ``templated`` replays an emitter's recorded
ops for inputs of the types it was recorded with (lowered code repeats a few shapes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import NO_OPERANDS, Block, Operation, SharedAttributes, Value, new_op
from ...ir.registry import lookup_opdef
from ...ir.rewriter import Rewriter

PTR = T.llvm_ptr
_SIGS = {
    "mgpuStreamCreate": (PTR, []), "mgpuStreamDestroy": (T.llvm_void, [PTR]),
    "mgpuStreamSynchronize": (T.llvm_void, [PTR]), "mgpuStreamWaitEvent": (T.llvm_void, [PTR, PTR]),
    "mgpuEventCreate": (PTR, []), "mgpuEventDestroy": (T.llvm_void, [PTR]),
    "mgpuEventSynchronize": (T.llvm_void, [PTR]), "mgpuEventRecord": (T.llvm_void, [PTR, PTR]),
    "mgpuMemAlloc": (PTR, [T.i64, PTR, T.i8]),
    # the callees of ops' runtime bindings (mgpuMemcpy, mgpuMemFree, ...) are declared with the
    # signature their argument recipes give (calls.py), not listed here
}


_PTR_RESULT = (PTR,)
_DESCRIPTORS: dict[T.Type, T.Type] = {}


def descriptor_type(mt: T.MemRefType) -> T.Type:
    """The LLVM struct a memref lowers to: one shared instance per memref type (the lowering asks
    for it on every use of every memref)."""
    d = _DESCRIPTORS.get(mt)
    if d is None:
        d = _DESCRIPTORS[mt] = _descriptor_type(mt)
    return d


def _descriptor_type(mt: T.MemRefType) -> T.Type:
    ms = mt.memory_space
    asp = 0
    if isinstance(ms, A.IntegerAttr):
        asp = ms.value
    p = T.LLVMPointerType(asp)
    r = len(mt.shape)
    if r == 0:
        return T.LLVMStructType([p, p, T.i64])
    arr = T.LLVMArrayType(r, T.i64)
    return T.LLVMStructType([p, p, T.i64, arr, arr])


def identity_layout(mt: T.MemRefType) -> bool:
    lay = mt.layout
    if lay is None:
        return True
    if isinstance(lay, A.AffineMapAttr):
        return str(lay.map).replace(" ", "") in ("", ) or lay.map.is_identity() if hasattr(
            lay.map, "is_identity") else False
    return False



_UNSEEN: Any = object()


class _Template:
    """Ops an emitter built (``Builder.templated``), replayable for new inputs (``run``), and the
    runtime calls counted, by callee."""

    __slots__ = ("steps", "outs", "calls")

    def __init__(self, steps: tuple, outs: tuple[int, ...], calls: tuple[tuple[str, int], ...]) -> None:
        # steps: (name, definition, shared attributes, operand slots, result types) per op; a slot
        # numbers the inputs, then the results of the ops before, in order
        self.steps = steps
        self.outs = outs
        self.calls = calls

    @staticmethod
    def record(ops: list[Operation], inputs: list[Value], outputs: list[Value], loc: Any,
               calls: dict[str, int]) -> _Template | None:
        """The recording of ``ops`` (built from ``inputs``), or None when they are not replayable: an
        operand from elsewhere, several results, another location, unshared attributes."""
        slot: dict[int, int] = {id(v): k for k, v in enumerate(inputs)}
        steps = []
        for o in ops:
            if (o.loc is not loc or len(o.results) > 1 or o.regions or o.successors or o.properties is not None
                    or type(o.attributes) is not SharedAttributes or any(id(v) not in slot for v in o.operands)):
                return None
            steps.append((o.name, o.opdef, o.attributes, tuple(slot[id(v)] for v in o.operands),
                          (o.results[0].type,) if o.results else ()))
            if o.results:
                slot[id(o.results[0])] = len(slot)
        if any(id(v) not in slot for v in outputs):
            return None
        return _Template(tuple(steps), tuple(slot[id(v)] for v in outputs), tuple(calls.items()))

    def run(self, inputs: list[Value], loc: Any, parent: Block, pend: list[Operation]) -> list[Value]:
        """The recorded ops again, built from ``inputs`` before the ops of ``pend``; the outputs."""
        vals = list(inputs)
        add = pend.append
        for name, od, attrs, slots, rtypes in self.steps:
            n = len(slots)  # (no comprehension: in 3.11 it is a call per op)
            operands = (NO_OPERANDS if n == 0 else [vals[slots[0]]] if n == 1
                        else [vals[slots[0]], vals[slots[1]]] if n == 2 else list(map(vals.__getitem__, slots)))
            op = new_op(name, od, operands, rtypes, attrs, loc, parent)
            add(op)
            if rtypes:
                vals.append(op.results[0])
        return list(map(vals.__getitem__, self.outs))


class Builder:
    """Builds ops before the insertion point ``ip`` (located at ``loc``), edits blocks deferred."""

    def __init__(self, module: Operation) -> None:
        self.module = module
        self.decls: dict[str, tuple[T.Type, list[T.Type]]] = {}
        self.calls: dict[str, int] = {}  # runtime calls emitted, by callee (--mlir-pass-statistics)
        self.ip: Operation | None = None  # insert before this op
        self.loc: Any = None
        self.edits = Rewriter()  # block edits, committed once per lowered block
        self.pending = self.edits.before  # id(op) -> ops to insert before it (emit appends directly)
        self.attrs: dict[tuple, Any] = {}  # attributes shared by the ops it builds (printed/hashed once)
        self.shapes: dict[Any, tuple[Any, dict[str, Any], str]] = {}  # emit: -> (definition, shared attributes, name)
        # the shapes of the helpers' ops by cheap keys (no attribute built, no type hashed per op);
        # keys hold ids of objects the entry keeps alive
        self.fast: dict[tuple, tuple[Any, ...]] = {}
        self.templates: dict[Any, _Template | None] = {}  # templated: key -> recording (None: not replayable)

    # ----- building ---------------------------------------------------------------------------------
    def emit(self, name: str, operands: list[Value], result_types: list[T.Type], attrs: dict | None = None,
             loc: Any = None) -> Operation:
        # one attribute dict per distinct (op name, attribute set by identity), defaults included,
        # shared by every op built with it: lowered code repeats a few shapes (a fifth of the
        # lowered IR's memory); the dicts keep their attributes alive, so the ids stay valid
        return self.emit_shape(self.shape(name, attrs), operands, result_types, loc)

    def shape(self, name: str, attrs: dict | None = None) -> tuple[Any, dict[str, Any], str]:
        """(definition, shared attribute dict with the defaults, name) of ``name`` with ``attrs``."""
        key = (name, tuple(attrs), tuple(map(id, attrs.values()))) if attrs else name
        got = self.shapes.get(key)
        if got is None:
            od = lookup_opdef(name)
            a = dict(attrs) if attrs else {}
            if od is not None:
                for k, v in od.default_attrs.items():
                    a.setdefault(k, v)
            got = self.shapes[key] = (od, SharedAttributes(a), name)
        return got

    def emit_shape(self, got: tuple[Any, dict[str, Any], str], operands: list[Value], result_types: list[T.Type],
                   loc: Any = None) -> Operation:
        """``emit`` of a ``shape``."""
        ip = self.ip
        op = new_op(got[2], got[0], list(operands) if operands else NO_OPERANDS, result_types, got[1],
                    loc if loc is not None else self.loc, ip.parent)
        pend = self.pending.get(id(ip))
        if pend is None:
            self.pending[id(ip)] = [op]
        else:
            pend.append(op)
        return op

    # Block edits are deferred to the end of each block (lower_block): inserting into or erasing
    # from a block's op list invalidates its index cache, which made the pass quadratic.
    def insert_before(self, ip: Operation, op: Operation) -> None:
        self.edits.insert_before(ip, op)

    def erase(self, op: Operation) -> None:
        self.edits.erase(op)

    def commit_block(self, block: Block) -> None:
        self.edits.commit_block(block)

    def commit_rest(self) -> None:
        """Commit the blocks that still have edits pending (each lowered block commits its own)."""
        self.edits.commit()

    def release(self) -> None:
        """Drop every table when the pass is done: the builder and the contexts built on it refer
        to each other, and with the cyclic collector off they would keep every erased op (and
        every token of the input) alive until the process ends."""
        self.edits.release()
        vars(self).clear()

    def templated(self, key: Any, inputs: list[Value], emit: Callable[[], list[Value]]) -> list[Value]:
        """``emit()``, which builds ops before ``ip`` (``emit_shape``, at ``loc``) from ``inputs`` and
        returns some of their results (or inputs), recorded on its first call for ``key`` and
        replayed on later calls: the same ops with the new inputs.  ``key`` must determine all
        that ``emit`` decides (the inputs' types, the op's attributes...); inputs that are the
        same value twice are never recorded or replayed (``emit`` may see that)."""
        t = self.templates.get(key, _UNSEEN)
        if t is not None and t is not _UNSEEN:
            return self._replay(t, inputs)
        if len({id(v) for v in inputs}) != len(inputs):
            return emit()
        if t is None:
            return emit()
        pend = self.pending.setdefault(id(self.ip), [])
        n0, calls0 = len(pend), dict(self.calls)
        out = emit()
        self.templates[key] = _Template.record(pend[n0:], inputs, out, self.loc, {
            fn: n - calls0.get(fn, 0) for fn, n in self.calls.items() if n != calls0.get(fn, 0)})
        return out

    def _replay(self, t: _Template, inputs: list[Value]) -> list[Value]:
        ip = self.ip
        pend = self.pending.get(id(ip))
        if pend is None:
            pend = self.pending[id(ip)] = []
        out = t.run(inputs, self.loc, ip.parent, pend)
        calls = self.calls
        for fn, n in t.calls:
            calls[fn] = calls.get(fn, 0) + n
        return out

    def call(self, fn: str, args: list[Value], sig: tuple[T.Type, list[T.Type]] | None = None) -> Value | None:
        """``llvm.call @fn(args)``; ``sig``: (result type, parameter types), else ``_SIGS[fn]``."""
        calls = self.calls
        calls[fn] = calls.get(fn, 0) + 1
        got = self.fast.get((fn, len(args)))
        if got is None:
            ret, params = sig or _SIGS[fn]
            self.decls.setdefault(fn, (ret, params))
            rt = [] if isinstance(ret, T.LLVMVoidType) else [ret]
            attrs = {"callee": self.attr(A.SymbolRefAttr, fn), "op_bundle_sizes": self.dense(T.i32, ()),
                     "operandSegmentSizes": self.dense(T.i32, (len(args), 0))}
            got = self.fast[(fn, len(args))] = (self.shape("llvm.call", attrs), rt)
        op = self.emit_shape(got[0], args, got[1])
        return op.results[0] if got[1] else None

    def attr(self, cls: type, *args: Any) -> Any:
        """One shared instance per distinct attribute (``cls(*args)``; args hashable)."""
        key = (cls, *args)
        a = self.attrs.get(key)
        if a is None:
            a = self.attrs[key] = cls(*args)
        return a

    def dense(self, t: T.Type, values: tuple) -> Any:
        return self.attr(A.DenseArrayAttr, t, values)

    def const(self, v: int, t: T.Type, attr_t: T.Type | None = None) -> Value:
        key = ("c", v, id(t), id(attr_t))
        got = self.fast.get(key)
        if got is None:
            attrs = {"value": self.attr(A.IntegerAttr, v, attr_t or t)}
            got = self.fast[key] = (self.shape("llvm.mlir.constant", attrs), [t], attr_t)
        return self.emit_shape(got[0], [], got[1]).results[0]

    def cast(self, v: Value, t: T.Type) -> Value:
        if v.type is t or v.type == t:
            return v
        return self.emit_shape(self.shape("builtin.unrealized_conversion_cast"), [v], [t]).results[0]

    def to_i64(self, v: Value) -> Value:
        return self.cast(v, T.i64)

    def zero(self) -> Value:
        return self.emit_shape(self.shape("llvm.mlir.zero"), [], _PTR_RESULT).results[0]

    def byte_size(self, elem: T.Type, count: Value) -> Value:
        z = self.zero()
        key = ("gep", id(elem))
        got = self.fast.get(key)
        if got is None:
            got = self.fast[key] = (self.shape("llvm.getelementptr", {
                "elem_type": self.attr(A.TypeAttr, elem), "rawConstantIndices": self.dense(T.i32, (-2147483648,))}),
                elem)
        g = self.emit_shape(got[0], [z, count], [PTR])
        return self.emit("llvm.ptrtoint", [g.results[0]], [T.i64]).results[0]

    def desc(self, m: Value) -> Value:
        return self.cast(m, descriptor_type(m.type))

    def extract(self, d: Value, pos: list[int], t: T.Type) -> Value:
        key = ("x", *pos)
        got = self.fast.get(key)
        if got is None:
            got = self.fast[key] = (self.shape("llvm.extractvalue", {"position": self.dense(T.i64, tuple(pos))}),)
        return self.emit_shape(got[0], [d], [t]).results[0]

    def insert(self, d: Value, v: Value, pos: list[int]) -> Value:
        """``llvm.insertvalue v, d[pos]`` (of ``d``'s struct type)."""
        key = ("i", *pos)
        got = self.fast.get(key)
        if got is None:
            got = self.fast[key] = (self.shape("llvm.insertvalue", {"position": self.dense(T.i64, tuple(pos))}),)
        return self.emit_shape(got[0], [d, v], [d.type]).results[0]

    def element_count(self, m: Value, d: Value) -> Value:
        mt = m.type
        static = 1
        dyn: list[Value] = []
        for i, s in enumerate(mt.shape):
            if s == T.DYNAMIC:
                dyn.append(self.extract(d, [3, i], T.i64))
            else:
                static *= s
        total = None
        if static != 1 or not dyn:
            total = self.const(static, T.i64, T.index)
        for v in dyn:
            total = v if total is None else self.emit("llvm.mul", [total, v], [T.i64]).results[0]
        return total

    def aligned_ptr(self, d: Value, mt: T.MemRefType) -> Value:
        p = self.extract(d, [1], d.type.elements[0])
        if p.type != PTR:
            p = self.emit("llvm.addrspacecast", [p], [PTR]).results[0]
        return p


    def finish(self) -> None:
        """Declare the runtime functions called (``llvm.func``), unless the module has them."""
        body = self.module.regions[0].blocks[0]
        existing = {o.attributes["sym_name"].value for o in body.ops if "sym_name" in o.attributes
                    and isinstance(o.attributes["sym_name"], A.StringAttr)}
        for name, (ret, params) in self.decls.items():
            if name in existing:
                continue
            op = Operation.create("llvm.func", [], [], {"sym_name": A.StringAttr(name), "function_type": A.TypeAttr(
                T.LLVMFunctionType(ret, params))}, 1)
            for k, v in op.opdef.default_attrs.items():
                op.attributes.setdefault(k, v)
            body.append(op)
