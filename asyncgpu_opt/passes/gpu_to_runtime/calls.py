"""The ``llvm.call`` of an op's runtime binding (``dialects/gpu_runtime.RuntimeCall``): its
arguments computed from the op's operands by their recipes, its callee declared with the signature
the recipes give.

Order (upstream's patterns compute the same values in this order): the checks (memrefs, then
scalars), the scalar arguments, then per memref operand (``RuntimeCall.memref_groups``) its
descriptor, its sizes, its pointers; the null stream, when it is one, last."""

from __future__ import annotations

from typing import Any

from ...diagnostics import MLIRError
from ...dialects.gpu_runtime import CallArg, RuntimeCall
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value
from .abi import PTR, Builder, identity_layout

_UNRANKED_DESC = T.LLVMStructType([T.i64, PTR])


def _operand(op: Operation, a: CallArg) -> Value:
    return op.opdef.operand_group(op, a.group)[0]


def check_identity(op: Operation, m: Value) -> None:
    """Located error unless ``m`` is a memref with the identity layout."""
    mt = m.type
    if not isinstance(mt, T.MemRefType) or (mt.layout is not None and not identity_layout(mt)):
        raise MLIRError(f"'{op.name}' op: only memrefs with identity layout are supported, got '{mt}'",
                        op.loc, op=op)


def llvm_element_type(op: Operation, m: Value) -> T.Type:
    """The LLVM type of memref ``m``'s elements (what ``sizeof`` is taken of), or a located error."""
    et = getattr(m.type, "element_type", None)
    if isinstance(et, T.IndexType):
        et = T.i64
    elif isinstance(et, T.VectorType) and isinstance(et.element_type, T.IndexType):
        et = T.VectorType(et.shape, T.i64, et.scalable)
    elif isinstance(et, T.ComplexType) and isinstance(et.element_type, T.IntegerType | T.FloatType):
        et = T.LLVMStructType([et.element_type, et.element_type])
    if not (isinstance(et, T.IntegerType | T.FloatType | T.LLVMPointerType | T.LLVMStructType | T.LLVMArrayType)
            or (isinstance(et, T.VectorType) and isinstance(et.element_type, T.IntegerType | T.FloatType))):
        raise MLIRError(f"'{op.name}' op: gpu-to-runtime cannot compute the element size of '{m.type}'",
                        op.loc, op=op)
    return et


def scalar_width(op: Operation, a: CallArg) -> int:
    """The bit width of a ``bits`` argument, or a located error when it is not one of its widths."""
    t = _operand(op, a).type
    bw = T.bit_width(t) if isinstance(t, T.IntegerType | T.FloatType) else 0
    if bw not in a.widths:
        raise MLIRError(f"'{op.name}' op {a.group} must be a {' or '.join(map(str, a.widths))} bit int or float",
                        op.loc, op=op)
    return bw


Kinds = tuple[tuple[int, str], ...]  # (argument index, recipe kind) of one memref operand
_PLANS: dict[int, tuple[RuntimeCall, tuple, tuple]] = {}


def _plan(rc: RuntimeCall) -> tuple[tuple[tuple[str, Kinds], ...], tuple[tuple[int, CallArg], ...]]:
    """(per memref group in ``memref_groups`` order: the group and its (argument index, kind)s;
    the scalar arguments with their indices), once per binding."""
    got = _PLANS.get(id(rc))
    if got is None:
        mem = tuple((g, tuple((i, a.kind) for i, a in enumerate(rc.args) if a.group == g))
                    for g in rc.memref_groups())
        scal = tuple((i, a) for i, a in enumerate(rc.args) if not a.of_memref)
        got = _PLANS[id(rc)] = (rc, mem, scal)  # rc kept alive: its id stays valid
    return got[1], got[2]


def _element_type(op: Operation, m: Value, kinds: Kinds) -> T.Type | None:
    """The checks of memref ``m`` for its arguments; the element type its sizes are taken of."""
    et = None
    for _, k in kinds:
        if k in ("ptr", "numel", "nbytes"):
            if et is None:
                check_identity(op, m)
                et = m.type.element_type
        elif k == "elem_size":
            et = llvm_element_type(op, m)
        elif k == "allocated" and not isinstance(m.type, T.MemRefType):
            raise MLIRError(f"'{op.name}' op: only ranked memrefs are supported, got '{m.type}'", op.loc, op=op)
    return et


_PARTS: dict[Kinds, tuple[bool, Kinds, Kinds, Kinds]] = {}


def _parts(kinds: Kinds) -> tuple[bool, Kinds, Kinds, Kinds]:
    """(whether the descriptor is needed, the ``descriptor`` kinds, the size kinds, the pointer
    kinds) of one memref's arguments, each in argument order: what ``_memref_args`` emits in
    turn, sorted once per recipe instead of on every call."""
    got = _PARTS.get(kinds)
    if got is None:
        got = _PARTS[kinds] = (
            any(k != "elem_size" for _, k in kinds),
            tuple((i, k) for i, k in kinds if k == "descriptor"),
            tuple((i, k) for i, k in kinds if k in ("numel", "nbytes", "elem_size")),
            tuple((i, k) for i, k in kinds if k in ("ptr", "allocated", "descriptor")))
    return got


def _memref_args(L: Builder, m: Value, kinds: Kinds, et: T.Type | None,
                 out: dict[int, list[Value]]) -> None:
    """The arguments of memref ``m``: its descriptor, its sizes, its pointers."""
    needs_desc, descs, sizes, ptrs = _PARTS.get(kinds) or _parts(kinds)
    d: Any = None
    if needs_desc:
        d = L.cast(m, _UNRANKED_DESC) if isinstance(m.type, T.UnrankedMemRefType) else L.desc(m)
    for i, _ in descs:
        if isinstance(m.type, T.MemRefType):
            # a ranked memref: its static rank and its descriptor, spilled to the stack (the runtime
            # reads sizes and strides through the pointer, as the unranked descriptor's payload)
            p = L.emit("llvm.alloca", [L.const(1, T.i64, T.index)], [PTR],
                       {"elem_type": L.attr(A.TypeAttr, d.type)}).results[0]
            L.emit("llvm.store", [d, p], [])
            out[i] = [L.const(len(m.type.shape), T.i64, T.index), p]
    count = None
    for i, k in sizes:
        if k == "numel" or k == "nbytes":
            count = count or L.element_count(m, d)
            out[i] = [count if k == "numel" else L.byte_size(et, count)]
        elif k == "elem_size":
            z = L.zero()
            gep = L.emit("llvm.getelementptr", [z], [PTR], {
                "elem_type": L.attr(A.TypeAttr, et), "rawConstantIndices": L.dense(T.i32, (1,))})
            out[i] = [L.emit("llvm.ptrtoint", [gep.results[0]], [T.i64]).results[0]]
    for i, k in ptrs:
        if k == "ptr":
            out[i] = [L.aligned_ptr(d, m.type)]
        elif k == "allocated":
            p = L.extract(d, [0], d.type.elements[0])
            out[i] = [p if p.type == PTR else L.emit("llvm.addrspacecast", [p], [PTR]).results[0]]
        elif k == "descriptor" and i not in out:  # unranked: {rank, ptr}
            out[i] = [L.extract(d, [0], T.i64), L.extract(d, [1], PTR)]


# op class -> (its binding, the readers of the operands the binding reads, in ``_emit_call``'s order)
_READERS: dict[Any, tuple[RuntimeCall, list[Any]]] = {}


def emit_runtime_call(L: Builder, op: Operation, rc: RuntimeCall, stream: Value | None = None) -> None:
    """Emit ``op``'s runtime call before ``L.ip``; ``stream``: the stream pointer (None: the null
    stream, built just before the call) when ``rc.stream``.  What is emitted depends only on the
    binding and the types of the operands it reads: recorded once per such key, then replayed
    (``Builder.templated``)."""
    od = op.opdef
    got = _READERS.get(od)
    if got is None or got[0] is not rc:
        mem, scal = _plan(rc)
        got = _READERS[od] = (rc, [od.group_reader("operands", g) for g, _ in mem]
                              + [od.group_reader("operands", a.group) for _, a in scal])
    inputs = [read(op)[0] for read in got[1]]
    key = (id(rc), stream is None, *[v.type for v in inputs])  # (rc: kept alive by _PLANS)
    if stream is not None:
        inputs.append(stream)
    L.templated(key, inputs, lambda: _emit_call(L, op, rc, inputs, stream))


def _emit_call(L: Builder, op: Operation, rc: RuntimeCall, inputs: list[Value], stream: Value | None) -> list[Value]:
    """``emit_runtime_call``'s ops (for ``inputs``: the memrefs of ``memref_groups``, the scalar
    arguments, the stream pointer when not None); no outputs."""
    mem, scal = _plan(rc)
    ms = inputs[:len(mem)]
    ets = [_element_type(op, m, kinds) for m, (_, kinds) in zip(ms, mem)]
    width = None
    for _, a in scal:
        if a.kind == "bits":
            width = scalar_width(op, a)
    out: dict[int, list[Value]] = {}
    for (i, a), v in zip(scal, inputs[len(mem):]):
        if a.kind == "bits":
            it = T.IntegerType(width)
            out[i] = [v if v.type == it else L.emit("llvm.bitcast", [v], [it]).results[0]]
        else:
            out[i] = [L.cast(v, a.type)]
    for m, (_, kinds), et in zip(ms, mem, ets):
        _memref_args(L, m, kinds, et, out)
    args = [v for i in range(len(rc.args)) for v in out[i]]
    if rc.stream:
        args.append(stream if stream is not None else L.zero())
    # the signature is the types of the arguments: each recipe's ABI type (module docstring)
    L.call(rc.callee_for(width), args, (T.llvm_void, [v.type for v in args]))
    return []
