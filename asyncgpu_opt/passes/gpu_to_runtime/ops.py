"""Per-op lowering of the host gpu ops, by op class: an op with a runtime binding
(``OpDef.runtime_call``: ``gpu.memcpy``, ``gpu.memset``, ``gpu.dealloc``, ``gpu.host_register``,
...) lowers through ``lower_runtime_call`` (the call of ``calls.py`` on its stream); the others
register ``@lowering(cls)`` functions.  Each takes the block context and the op, emits the
runtime calls before it and erases it.  ``LOWERINGS[cls]`` is the lowering of an op class (None
for ops that are not host gpu ops: ``is_host_op``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...diagnostics import MLIRError
from ...dialects.gpu import AllocOp, AsyncOp, DeallocOp, LaunchFuncOp, LaunchOp, WaitOp
from ...ir import types as T
from ...ir.core import Operation, Value
from .abi import PTR, Builder, descriptor_type
from .calls import check_identity, emit_runtime_call
from .handles import Stream, covered, note_waited, unique
from .schedule import Ownership
from .user_stream import handshake

OpLowering = Callable[[Ownership, Operation], None]


class _Lowerings(dict):
    """Op class -> lowering: the registered ``@lowering`` functions, else (found and cached on
    first lookup) ``lower_runtime_call`` for a class with a runtime binding, else None."""

    def __missing__(self, cls: Any) -> OpLowering | None:
        fn = lower_runtime_call if getattr(cls, "runtime_call", None) is not None else None
        self[cls] = fn
        return fn


LOWERINGS: dict[Any, OpLowering | None] = _Lowerings()


def lowering(*classes: type) -> Callable:
    """Register the decorated ``fn(ctx, op)`` as the lowering of ops of these classes."""
    def register(fn: OpLowering) -> OpLowering:
        for c in classes:
            LOWERINGS[c] = fn
        return fn
    return register


def is_host_op(op: Operation) -> bool:
    """A host-side gpu op this pass lowers (or refuses: ``gpu.launch``)."""
    return LOWERINGS[op.opdef] is not None


@lowering(WaitOp)
def _wait(ctx: Ownership, op: Operation) -> None:
    """``gpu.wait async`` binds its token to a stream (or drops it when complete); ``gpu.wait``
    synchronizes the host with its dependencies."""
    L = ctx.L
    deps = list(AsyncOp.deps(op))
    tok = AsyncOp.token(op)
    if tok is not None and not deps and not tok.uses:  # a root nothing waits for
        ctx.L.b.erase(op)
        return
    if tok is not None:
        if all(covered(ctx.host_seen, ctx.handle(d, op)) for d in unique(deps)) and ctx.droppable(tok):
            # everything it joins is complete (the host waited for it): so is its token
            for d in ctx.consume(unique(deps)):
                ctx.release(d)
            ctx.drop_complete(tok)
            ctx.L.b.erase(op)
            return
        s, dying = ctx.primary(op, deps)
        ctx.finish_op_after(op, s, dying)
        return
    uniq = unique(deps)
    hs = [ctx.handle(d, op) for d in uniq]
    dying = ctx.consume(uniq)
    # sync first the streams that have waited for the most: they may cover the others
    hs.sort(key=lambda h: -len(h.seen) if isinstance(h, Stream) else 0)
    done: set[int] = set()
    for h in hs:
        if id(h) in done or covered(ctx.host_seen, h):
            continue
        done.add(id(h))
        L.b.call("mgpuStreamSynchronize" if isinstance(h, Stream) else "mgpuEventSynchronize", [h.ptr])
        note_waited(ctx.host_seen, h)
    for d in dying:
        ctx.release(d)
    ctx.L.b.erase(op)


def _on_stream(ctx: Ownership, op: Operation, emit: Callable[[Ownership, Operation, Value], None],
               null_ok: bool = False) -> None:
    """Lower an async op through ``emit(ctx, op, stream pointer)``: on the stream ``primary``
    picks, or (``null_ok``: alloc, dealloc) on the null stream when it has no dependencies and its
    token is unused; then bind its token (or synchronize, when it is not async) and erase it."""
    L = ctx.L
    deps = AsyncOp.deps(op)
    tok = AsyncOp.token(op)
    unused = tok is None or (ctx.remaining.get(id(tok), 0) == 0 and not tok.uses)
    null_stream = unused and not deps and null_ok
    if null_stream:
        s_ptr = L.b.zero()
        s = None
        dying: list[Value] = []
    else:
        s, dying = ctx.primary(op, deps)
        s_ptr = s.ptr
    L.b.ip = op
    emit(ctx, op, s_ptr)
    if s is None:  # synchronous, or a token nothing waits for
        ctx.L.b.erase(op)
        return
    ctx.finish_op(op, s, dying, sync=tok is None)
    if tok is not None:
        ctx.detach_token(tok, s)
    ctx.L.b.erase(op)


def lower_runtime_call(ctx: Ownership, op: Operation) -> None:
    """An op with a runtime binding: its call on the op's stream (``_on_stream``), or, without a
    stream argument, right here."""
    rc = op.opdef.runtime_call
    if not rc.stream:
        emit_runtime_call(ctx.L.b, op, rc)
        ctx.L.b.erase(op)
        return
    _on_stream(ctx, op, lambda ctx, op, s_ptr: emit_runtime_call(ctx.L.b, op, rc, s_ptr), null_ok=rc.null_stream)


@lowering(AllocOp)
def _alloc(ctx: Ownership, op: Operation) -> None:
    _on_stream(ctx, op, _emit_alloc, null_ok=True)


@lowering(DeallocOp)
def _dealloc(ctx: Ownership, op: Operation) -> None:
    tok = AsyncOp.token(op)
    if tok is not None and _free_synchronously(ctx, op, AsyncOp.deps(op), tok):
        return
    lower_runtime_call(ctx, op)


@lowering(LaunchFuncOp)
def _launch_func(ctx: Ownership, op: Operation) -> None:
    if op.operand_group("asyncObject") and not op.operand_group("asyncDependencies") and not op.result_group(
            "asyncToken"):
        return  # already lowered: runs on the stream it names, ordered by the user (as upstream)
    _on_stream(ctx, op, _emit_launch)


@lowering(LaunchOp)
def _launch(ctx: Ownership, op: Operation) -> None:
    raise MLIRError("'gpu.launch' op replace with gpu.launch_func first (run -gpu-kernel-outlining)",
                    op.loc, op=op)


def _free_synchronously(ctx: Ownership, op: Operation, deps: list[Value], tok: Value) -> bool:
    """``gpu.dealloc async`` whose dependencies the host has already waited for, while no work
    of this function is pending on the device: ``mgpuMemFree`` with a null stream costs no
    stream, and its token is complete at once, so it is dropped from its users' dependencies
    (all of them async gpu ops of this block that have not been lowered yet).  Returns whether
    the op was lowered so."""

    L = ctx.L
    uniq = unique(deps)
    if any(not covered(ctx.host_seen, ctx.handle(d, op)) for d in uniq):
        return False
    if any(s.version and not covered(ctx.host_seen, s) for s in L.fn_streams):
        return False  # cuMemFree would wait for that work
    if not ctx.droppable(tok):
        return False
    for d in ctx.consume(uniq):
        ctx.release(d)
    L.b.ip, L.b.loc = op, op.loc
    emit_runtime_call(L.b, op, op.opdef.runtime_call)  # on the null stream
    ctx.drop_complete(tok)
    L.b.erase(op)
    return True


def _emit_alloc(ctx: Ownership, op: Operation, s_ptr: Value) -> None:
    """``mgpuMemAlloc`` of the memref's byte size and its descriptor built around the pointer
    (recorded once per memref type, flag and size types, then replayed: ``Builder.templated``)."""
    m = op.results[0]
    check_identity(op, m)
    sizes = op.operand_group("dynamicSizes")
    key = ("gpu.alloc", m.type, "hostShared" in op.attributes, *[v.type for v in sizes])
    B = ctx.L.b
    mm, = B.templated(key, [*sizes, s_ptr], lambda: [_alloc_ops(B, op, m.type, sizes, s_ptr)])
    m.replace_all_uses_with(mm)


def _alloc_ops(L: Builder, op: Operation, mt: T.MemRefType, dyn_sizes: list[Value], s_ptr: Value) -> Value:
    """The ops of ``_emit_alloc``; returns the new memref (the descriptor cast back)."""
    dyn = iter(dyn_sizes)
    sizes: list[Value] = []
    for dim in mt.shape:
        sizes.append(L.to_i64(next(dyn)) if dim == T.DYNAMIC else L.const(dim, T.i64, T.index))
    # strides (row-major) and element count
    strides: list[Value] = [None] * len(sizes)  # type: ignore[list-item]
    one = L.const(1, T.i64, T.index)
    acc = one
    static_acc = 1
    all_static = True
    for i in range(len(sizes) - 1, -1, -1):
        strides[i] = acc
        if mt.shape[i] != T.DYNAMIC and all_static:
            static_acc *= mt.shape[i]
            acc = L.const(static_acc, T.i64, T.index) if i > 0 else acc
        else:
            all_static = False
            acc = L.emit("llvm.mul", [acc, sizes[i]], [T.i64]).results[0]
    if all_static:
        total = L.const(static_acc, T.i64, T.index)
    else:
        total = acc
    nbytes = L.byte_size(mt.element_type, total)
    shared = L.const(1 if "hostShared" in op.attributes else 0, T.i8)
    p = L.call("mgpuMemAlloc", [nbytes, s_ptr, shared])
    dt = descriptor_type(mt)
    if dt.elements[0] != PTR:
        p = L.emit("llvm.addrspacecast", [p], [dt.elements[0]]).results[0]
    d = L.emit("llvm.mlir.poison", [], [dt]).results[0]

    ins = L.insert
    d = ins(d, p, [0])
    d = ins(d, p, [1])
    d = ins(d, L.const(0, T.i64, T.index), [2])
    for i, sz in enumerate(sizes):
        d = ins(d, sz, [3, i])
    for i, st in enumerate(strides):
        d = ins(d, st, [4, i])
    return L.emit("builtin.unrealized_conversion_cast", [d], [mt]).results[0]


def _emit_launch(ctx: Ownership, op: Operation, s_ptr: Value) -> None:
    g = lambda n: LaunchFuncOp.operand_group(op, n)  # noqa: E731
    user = g("asyncObject")  # the user's stream: ordered with ours by events (user_stream.py)
    if user and g("asyncDependencies"):
        handshake(ctx.L.b, s_ptr, user[0])
    operands = {n: g(n) for n in ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY",
                                  "blockSizeZ", "clusterSizeX", "clusterSizeY", "clusterSizeZ",
                                  "dynamicSharedMemorySize", "kernelOperands")}
    operands["asyncObject"] = user or [s_ptr]
    attrs = {k: v for k, v in op.attributes.items() if k != "operandSegmentSizes"}
    new = LaunchFuncOp.build(operands, {}, attrs, loc=op.loc)
    ctx.L.b.insert_before(op, new)
    if user:
        handshake(ctx.L.b, user[0], s_ptr)
