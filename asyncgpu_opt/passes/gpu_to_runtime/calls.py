"""The ``llvm.call`` of an op's runtime binding (``dialects/gpu_runtime.RuntimeCall``): its
arguments computed from the op's operands by their recipes, its callee declared with the signature
the recipes give.

Order (upstream's patterns compute the same values in this order): the checks (memrefs, then
scalars), the scalar arguments, then per memref operand (``RuntimeCall.memref_groups``) its
descriptor, its sizes, its pointers; the null stream, when it is one, last."""

from __future__ import annotations

from ...diagnostics import MLIRError
from ...dialects.gpu_runtime import CallArg, RuntimeCall
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value
from .abi import PTR, Builder, _identity_layout

_UNRANKED_DESC = T.LLVMStructType([T.i64, PTR])


def _operand(op: Operation, a: CallArg) -> Value:
    return op.opdef.operand_group(op, a.group)[0]


def check_identity(op: Operation, m: Value) -> None:
    """Located error unless ``m`` is a memref with the identity layout."""
    mt = m.type
    if not isinstance(mt, T.MemRefType) or (mt.layout is not None and not _identity_layout(mt)):
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


def _check(op: Operation, rc: RuntimeCall) -> tuple[int | None, dict[str, T.Type]]:
    """Every check, before anything is emitted: (width of the ``bits`` argument, element types)."""
    elems: dict[str, T.Type] = {}
    for g in rc.memref_groups():
        for a in rc.args:
            if a.group != g:
                continue
            if a.kind in ("ptr", "numel", "nbytes") and g not in elems:
                check_identity(op, _operand(op, a))
                elems[g] = _operand(op, a).type.element_type
            elif a.kind == "elem_size":
                elems[g] = llvm_element_type(op, _operand(op, a))
            elif a.kind == "allocated" and not isinstance(_operand(op, a).type, T.MemRefType):
                raise MLIRError(f"'{op.name}' op: only ranked memrefs are supported, got '{_operand(op, a).type}'",
                                op.loc, op=op)
    width = None
    for a in rc.args:
        if a.kind == "bits":
            width = scalar_width(op, a)
    return width, elems


def _memref_args(L: Builder, op: Operation, rc: RuntimeCall, g: str, elems: dict[str, T.Type],
                 out: dict[int, list[Value]]) -> None:
    """The arguments of memref group ``g``: its descriptor, its sizes, its pointers."""
    mine = [(i, a) for i, a in enumerate(rc.args) if a.group == g]
    m = _operand(op, mine[0][1])
    d = None
    if any(a.kind != "elem_size" for _, a in mine):
        d = L.cast(m, _UNRANKED_DESC) if isinstance(m.type, T.UnrankedMemRefType) else L.desc(m)
    for i, a in mine:
        if a.kind == "descriptor" and isinstance(m.type, T.MemRefType):
            # a ranked memref: its static rank and its descriptor, spilled to the stack (the runtime
            # reads sizes and strides through the pointer, as the unranked descriptor's payload)
            p = L.emit("llvm.alloca", [L.const(1, T.i64, T.index)], [PTR],
                       {"elem_type": L.attr(A.TypeAttr, d.type)}).results[0]
            L.emit("llvm.store", [d, p], [])
            out[i] = [L.const(len(m.type.shape), T.i64, T.index), p]
    count = None
    for i, a in mine:
        if a.kind in ("numel", "nbytes"):
            count = count or L.element_count(m, d)
            out[i] = [count if a.kind == "numel" else L.byte_size(elems[g], count)]
        elif a.kind == "elem_size":
            z = L.zero()
            gep = L.emit("llvm.getelementptr", [z], [PTR], {
                "elem_type": L.attr(A.TypeAttr, elems[g]), "rawConstantIndices": L.dense(T.i32, (1,))})
            out[i] = [L.emit("llvm.ptrtoint", [gep.results[0]], [T.i64]).results[0]]
    for i, a in mine:
        if a.kind == "ptr":
            out[i] = [L.aligned_ptr(d, m.type)]
        elif a.kind == "allocated":
            p = L.extract(d, [0], d.type.elements[0])
            out[i] = [p if p.type == PTR else L.emit("llvm.addrspacecast", [p], [PTR]).results[0]]
        elif a.kind == "descriptor" and i not in out:  # unranked: {rank, ptr}
            out[i] = [L.extract(d, [0], T.i64), L.extract(d, [1], PTR)]


def emit_runtime_call(L: Builder, op: Operation, rc: RuntimeCall, stream: Value | None = None) -> None:
    """Emit ``op``'s runtime call before ``L.ip``; ``stream``: the stream pointer (None: the null
    stream, built just before the call) when ``rc.stream``."""
    width, elems = _check(op, rc)
    out: dict[int, list[Value]] = {}
    for i, a in enumerate(rc.args):
        if a.kind == "bits":
            v = _operand(op, a)
            it = T.IntegerType(width)
            out[i] = [v if v.type == it else L.emit("llvm.bitcast", [v], [it]).results[0]]
        elif a.kind == "scalar":
            out[i] = [L.cast(_operand(op, a), a.type)]
    for g in rc.memref_groups():
        _memref_args(L, op, rc, g, elems, out)
    args = [v for i in range(len(rc.args)) for v in out[i]]
    if rc.stream:
        args.append(stream if stream is not None else L.zero())
    # the signature is the types of the arguments: each recipe's ABI type (module docstring)
    L.call(rc.callee_for(width), args, (T.llvm_void, [v.type for v in args]))
