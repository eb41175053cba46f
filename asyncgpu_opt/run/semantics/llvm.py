"""``llvm`` semantics: the LLVM dialect subset lowered host code uses (descriptors as tuples,
pointers, ``alloca`` cells, loads/stores, GEP, calls), and the LLVM twins of ``arith`` ops, which
run the very functions of ``semantics/arith.py``'s tables (and emit the same CUDA C)."""

from __future__ import annotations

from typing import Any

from ...diagnostics import MLIRError
from ...dialects import arith as arith_d
from ...dialects import llvm as llvm_d
from ...dialects import llvm_intr_mem as llvm_mem_intr
from ...dialects import llvm_memory as llvm_mem
from ...ir import attributes as A
from ...ir import types as T
from .. import llvm_layout
from ..memory import Ptr
from ..registry import CUDA, HOST, SIM, op_class
from ..values import Cell, MemRef, attr_value, dtype_of, element_storage, loc_str, scalar
from . import arith as ar
from .builtin import cast as unrealized_cast
from .cf import cond_br_successor
from .func import call

# --------------------------------------------------------------------------- arith twins
#: LLVM binary op -> the arith op whose semantics it shares
TWINS = {
    "llvm.add": arith_d.addi, "llvm.sub": arith_d.subi, "llvm.mul": arith_d.muli, "llvm.and": arith_d.andi,
    "llvm.or": arith_d.ori, "llvm.xor": arith_d.xori, "llvm.sdiv": arith_d.divsi, "llvm.udiv": arith_d.divui,
    "llvm.srem": arith_d.remsi, "llvm.urem": arith_d.remui, "llvm.shl": arith_d.shli,
    "llvm.lshr": arith_d.shrui, "llvm.ashr": arith_d.shrsi,
    "llvm.fadd": arith_d.addf, "llvm.fsub": arith_d.subf, "llvm.fmul": arith_d.mulf, "llvm.fdiv": arith_d.divf,
    "llvm.frem": arith_d.remf,
}
for _name, _twin in TWINS.items():
    if _twin in ar.INT_BINARY:  # odd widths wrap (and udiv/urem/lshr zero-extend) as in arith
        SIM.impl(op_class(_name))(ar.int_binop(ar.INT_BINARY[_twin], _twin in ar.UNSIGNED_OPERANDS))
    else:
        SIM.impl(op_class(_name))(ar.binop(ar.FLOAT_BINARY[_twin]))


def _twin_c(em: Any, op: Any, ind: str, results: Any) -> None:
    a, b = em.name(op.operands[0]), em.name(op.operands[1])
    mn = TWINS[op.name].name.split(".", 1)[1]
    r = op.results[0]
    expr = ar.float_binary_c(mn, a, b) if isinstance(r.type, T.FloatType) else ar.int_binary_c(mn, r.type, a, b)
    em.decl(r, expr, ind)


CUDA.impl(*(op_class(n) for n in TWINS))(_twin_c)


@SIM.impl(llvm_d.ConstantOp)
def _constant(it: Any, op: Any) -> Any:
    return ar.constant(it, op)


@SIM.impl(llvm_d.ICmpOp)
def _icmp(it: Any, op: Any) -> Any:
    return ar.cmpi(ar.predicate(op, ar.CMPI_PREDICATES), it.get(op.operands[0]), it.get(op.operands[1]))


@SIM.impl("llvm.fcmp")
def _fcmp(it: Any, op: Any) -> Any:
    return ar.cmpf(ar.predicate(op, ar.CMPF_PREDICATES), it.get(op.operands[0]), it.get(op.operands[1]))


SIM.impl(llvm_d.SelectOp)(ar.select)
SIM.impl(llvm_d.SExtOp, llvm_d.TruncOp, llvm_d.SIToFPOp, "llvm.fpext", "llvm.fptrunc")(ar.convert)
SIM.impl(llvm_d.ZExtOp, "llvm.uitofp")(ar.convert_unsigned)
SIM.impl(llvm_d.FPToSIOp, "llvm.fptoui")(ar.fp_to_int)
SIM.impl(llvm_d.BitcastOp)(ar.bitcast)

CUDA.impl(llvm_d.ConstantOp)(CUDA.table["arith.constant"])
CUDA.impl(llvm_d.SelectOp)(CUDA.table["arith.select"])


@CUDA.impl(llvm_d.ICmpOp)
def _icmp_c(em: Any, op: Any, ind: str, results: Any) -> None:
    p = ar.predicate(op, ar.CMPI_PREDICATES)
    em.decl(op.results[0], ar.cmpi_c(p, op.operands[0].type, em.name(op.operands[0]), em.name(op.operands[1])), ind)


@CUDA.impl("llvm.fcmp")
def _fcmp_c(em: Any, op: Any, ind: str, results: Any) -> None:
    p = ar.predicate(op, ar.CMPF_PREDICATES)
    em.decl(op.results[0], ar.cmpf_c(p, em.name(op.operands[0]), em.name(op.operands[1])), ind)


def _cast_c(kind: str) -> Any:
    def emit(em: Any, op: Any, ind: str, results: Any) -> None:
        v = op.operands[0]
        em.decl(op.results[0], ar.cast_c(kind, v.type, op.results[0].type, em.name(v)), ind)

    return emit


CUDA.impl(llvm_d.SExtOp, llvm_d.TruncOp, llvm_d.SIToFPOp, "llvm.fpext", "llvm.fptrunc")(_cast_c("signed"))
CUDA.impl(llvm_d.ZExtOp, "llvm.uitofp")(_cast_c("unsigned"))
CUDA.impl(llvm_d.FPToSIOp, "llvm.fptoui")(_cast_c("fptoi"))
CUDA.impl(llvm_d.BitcastOp)(_cast_c("bitcast"))


# --------------------------------------------------------------------------- host subset
def undef_of(t: Any) -> Any:
    """A zero value of an LLVM type (structs and arrays as tuples)."""
    if isinstance(t, T.LLVMStructType):
        return tuple(undef_of(e) for e in (t.elements or ()))
    if isinstance(t, T.LLVMArrayType):
        return tuple(undef_of(t.element_type) for _ in range(t.size))
    if isinstance(t, T.LLVMPointerType):
        return Ptr.null()
    try:
        return scalar(t, 0)
    except ValueError:
        return None


@HOST.impl(llvm_d.ZeroOp, "llvm.mlir.null")
def _zero(it: Any, op: Any) -> Any:
    return undef_of(op.results[0].type)


@HOST.impl(llvm_d.UndefOp, llvm_d.PoisonOp)
def _undef(it: Any, op: Any) -> Any:
    return undef_of(op.results[0].type)


def _position(op: Any) -> list[int]:
    p = op.attributes["position"]
    return [int(x) for x in (p.values if isinstance(p, A.DenseArrayAttr) else [attr_value(e) for e in p])]


@HOST.impl(llvm_mem.ExtractValueOp)
def _extractvalue(it: Any, op: Any) -> Any:
    v = it.get(op.operands[0])
    if isinstance(v, MemRef):
        v = v.descriptor()
    for i in _position(op):
        v = v[i]
    return v


def _insert(agg: Any, pos: list[int], val: Any) -> Any:
    lst = list(agg)
    lst[pos[0]] = val if len(pos) == 1 else _insert(lst[pos[0]], pos[1:], val)
    return tuple(lst)


@HOST.impl(llvm_mem.InsertValueOp)
def _insertvalue(it: Any, op: Any) -> Any:
    agg, val = it.get(op.operands[0]), it.get(op.operands[1])
    if isinstance(agg, MemRef):
        agg = agg.descriptor()
    return _insert(agg, _position(op), val)


def llvm_sizeof(t: Any) -> int:
    """Bytes of an LLVM type in host memory (``run/llvm_layout.py``: natural alignment)."""
    return llvm_layout.sizeof(t)


@HOST.impl(llvm_mem.GEPOp)
def _gep(it: Any, op: Any) -> Any:
    """``getelementptr``: the first index steps over whole elements, further ones select struct
    fields and array elements (``run/llvm_layout.py``)."""
    base = it.get(op.operands[0])
    dyn = [it.get(v) for v in op.operands[1:]]
    raw = op.attributes.get("rawConstantIndices")
    idx = []
    k = 0
    for r in (raw.values if isinstance(raw, A.DenseArrayAttr) else [T.DYNAMIC] * len(dyn)):
        if r in (T.DYNAMIC, -2147483648):
            idx.append(int(dyn[k]))
            k += 1
        else:
            idx.append(int(r))
    et = op.attributes.get("elem_type")
    if isinstance(base, Cell):  # a one-slot aggregate from llvm.alloca: only its start
        if any(idx):
            raise MLIRError("--run: getelementptr into the fields of an aggregate llvm.alloca slot is "
                            "not supported", op.loc)
        return base
    if et is None:
        return base + idx[0]
    try:
        return base + llvm_layout.gep_offset(et, idx)
    except ValueError as e:
        raise MLIRError(f"--run: {e}", op.loc) from None


@HOST.impl(llvm_d.PtrToIntOp)
def _ptrtoint(it: Any, op: Any) -> Any:
    p = it.get(op.operands[0])
    return scalar(op.results[0].type, p.as_int() if isinstance(p, Ptr) else 0)


@HOST.impl(llvm_d.IntToPtrOp)
def _inttoptr(it: Any, op: Any) -> Any:
    return it.rt.memory.ptr_from_int(int(it.get(op.operands[0])))


HOST.impl(llvm_d.AddrSpaceCastOp)(unrealized_cast)
HOST.impl(llvm_d.CallOp)(call)


@HOST.impl(llvm_mem.AllocaOp)
def _alloca(it: Any, op: Any) -> Any:
    """Stack memory: scalar element types get host memory (upstream lowers ``memref.alloca`` to
    this); aggregates and pointers get a one-slot ``Cell``."""
    et = op.attributes.get("elem_type")
    t = getattr(et, "type", None)
    if isinstance(t, T.IntegerType | T.FloatType | T.IndexType):
        n = int(it.get(op.operands[0])) if op.operands else 1
        return it.rt.host_alloc(n * llvm_layout.sizeof(t), loc_str(op), it.agent)
    return Cell()


def _storage(t: Any, v: Any = None) -> tuple[Any, Any]:
    """(dtype, codec) of a scalar ``t`` in memory; other types as the value's numpy dtype."""
    if isinstance(t, T.IntegerType | T.FloatType | T.IndexType):
        return element_storage(t)
    return (dtype_of(t) if v is None else v.dtype), None


@HOST.impl(llvm_mem.LoadOp)
def _load(it: Any, op: Any) -> Any:
    p = it.get(op.operands[0])
    if isinstance(p, Cell):
        return p.value
    dt, codec = _storage(op.results[0].type)
    st = dt if codec is None else codec.storage
    it.rt.host_access(p.buffer, p.offset, p.offset + st.itemsize, False, loc_str(op), it.agent)
    raw = p.view(st, 1)[0]
    return raw if codec is None else codec.decode(raw)[()]


@HOST.impl(llvm_mem.StoreOp)
def _store(it: Any, op: Any) -> Any:
    v, p = it.get(op.operands[0]), it.get(op.operands[1])
    if isinstance(p, Cell):
        p.value = v
        return
    dt, codec = _storage(op.operands[0].type, v)
    st = dt if codec is None else codec.storage
    it.rt.host_access(p.buffer, p.offset, p.offset + st.itemsize, True, loc_str(op), it.agent)
    p.view(st, 1)[0] = v if codec is None else codec.encode(v)



SIM.impl(llvm_d.CondBrOp)(cond_br_successor)  # which successor: as cf.cond_br (run/branches.py)
CUDA.refuse(llvm_d.CondBrOp)


@HOST.impl(llvm_mem_intr.MemcpyOp, llvm_mem_intr.MemmoveOp)
def _memcpy(it: Any, op: Any) -> Any:
    from ..libc import copy_bytes

    dst, src, n = (it.get(v) for v in op.operands)
    copy_bytes(it, dst, src, int(n), op.loc, op.name[len("llvm.intr."):])


@HOST.impl(llvm_mem_intr.MemsetOp)
def _memset(it: Any, op: Any) -> Any:
    from ..libc import set_bytes

    dst, val, n = (it.get(v) for v in op.operands)
    set_bytes(it, dst, int(val), int(n), op.loc)


# --------------------------------------------------------------------------- globals
def _global_bytes(g: Any, nbytes: int, loc: Any) -> bytes:
    """The initial bytes of an ``llvm.mlir.global`` (zeros without a value): a string, a dense
    array in row-major order, or a scalar."""
    v = g.attributes.get("value")
    if g.regions and g.regions[0].blocks:
        raise MLIRError("--run: llvm.mlir.global with an initializer region is not supported", loc)
    if v is None:
        return b""
    if isinstance(v, A.StringAttr):
        try:
            return v.value.encode("latin-1")
        except UnicodeEncodeError:
            return v.value.encode("utf-8")
    if isinstance(v, A.DenseElementsAttr):
        import numpy as np

        return np.array(v.flat_values(), dtype=dtype_of(v.type.element_type)).tobytes()
    if isinstance(v, A.IntegerAttr | A.FloatAttr):
        return scalar(g.attributes["global_type"].type, attr_value(v)).tobytes()
    raise MLIRError(f"--run: llvm.mlir.global initial value '{v}' is not supported", loc)


@HOST.impl(llvm_d.AddressOfOp)
def _addressof(it: Any, op: Any) -> Any:
    """The address of a global, allocated and initialized on first use (then shared)."""
    name = op.attributes["global_name"].leaf
    key = ("llvm", name)
    p = it.globals.get(key)
    if p is None:
        g = it.symbols.get(name)
        if g is None or g.opdef is not llvm_d.GlobalOp:
            raise MLIRError(f"--run: '@{name}' is not an llvm.mlir.global the interpreter can take the "
                            "address of", op.loc)
        n = llvm_sizeof(g.attributes["global_type"])
        p = it.rt.host_alloc(n, loc_str(g), None)
        init = _global_bytes(g, n, op.loc)
        if len(init) > n:
            raise MLIRError(f"--run: initial value of '@{name}' has {len(init)} bytes, its type {n}", op.loc)
        p.view("uint8", len(init))[:] = memoryview(init)
        it.globals[key] = p
    return p


@HOST.impl(llvm_mem_intr.StackSaveOp)
def _stacksave(it: Any, op: Any) -> Any:
    """A stack position; ``llvm.alloca`` memory is never reclaimed before the function returns."""
    return Ptr.null()


@HOST.impl(llvm_mem_intr.StackRestoreOp)
def _stackrestore(it: Any, op: Any) -> Any:
    return None
