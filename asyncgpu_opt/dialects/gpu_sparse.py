"""gpu dialect, sparse-library ops on ``!gpu.sparse.*`` handles (GPUOps.td: GPU_CreateCooOp,
GPU_CreateCsrOp, GPU_CreateDnTensorOp, GPU_DestroyDnTensorOp, GPU_DestroySpMatOp, GPU_SpMVBufferSizeOp,
GPU_SpMVOp, GPU_SpMMBufferSizeOp, GPU_SpMMOp, GPU_SDDMMBufferSizeOp, GPU_SDDMMOp).  Printed and verified
by their type constraints; no pass lowers them and ``--run`` does not run them.  Loaded with the gpu
dialect (``ir.registry._EXTRA_MODULES``)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import VerifyError, optional, single, variadic
from .gpu import ASYNC_DEPS, TOKEN, AsyncOp, _dialect_enum

SPMAT = T.OpaqueType("!gpu.sparse.spmat_handle")
DNTENSOR = T.OpaqueType("!gpu.sparse.dntensor_handle")
_MODE = _dialect_enum("#gpu<mat_transpose_mode {}>", ("NON_TRANSPOSE", "TRANSPOSE"), "::mlir::gpu::TransposeMode")
NON_TRANSPOSE = _MODE[3]("NON_TRANSPOSE")
_DEPS = (variadic("asyncDependencies", TOKEN),)
_TOKEN = optional("asyncToken", TOKEN)


def _names(*names: str) -> Any:
    """Result names as upstream prints them: by result name when the op has several results."""
    return staticmethod(lambda op: list(names) if len(op.results) > 1 else [None] * len(op.results))


def _type_attr_parser(p: Any, optional_: bool) -> A.Attribute | None:
    t = p.parse_optional_type() if optional_ else p.parse_type()
    return A.TypeAttr(t) if t is not None else None


_COMPUTE = dict(attr_printers={"computeType": lambda pr, a: pr.type_text(a.type), "modeA": _MODE[0],
                               "modeB": _MODE[0]},
                attr_parsers={"computeType": _type_attr_parser, "modeA": _MODE[1], "modeB": _MODE[1]})


def _memrefs(op: Operation, indices: range) -> None:
    for i in indices:
        t = op.operands[i].type
        if not isinstance(t, T.MemRefType | T.UnrankedMemRefType):
            raise VerifyError(f"operand #{i} must be memref of any type values, but got '{t}'", op)


def _create_sparse(mn: str, idx: tuple[str, str]) -> type[AsyncOp]:
    def verify(cls: Any, op: Operation) -> None:
        _memrefs(op, range(len(op.operands) - 3, len(op.operands)))

    return type(f"Create{mn.capitalize()}Op", (AsyncOp,), dict(
        name=f"gpu.create_{mn}",
        operands=_DEPS + (single("rows", T.index), single("cols", T.index), single("nnz", T.index),
                          single(idx[0]), single(idx[1]), single("values")),
        results=(single("spmat", SPMAT), _TOKEN), asm_names=_names("spmat", "asyncToken"),
        verify=classmethod(verify),
        assembly_format=f"{ASYNC_DEPS} $rows `,` $cols `,` $nnz `,` ${idx[0]} `,` ${idx[1]} `,` $values attr-dict "
                        f"`:` type(${idx[0]}) `,` type(${idx[1]}) `,` type($values)"))


CreateCooOp = _create_sparse("coo", ("rowIdxs", "colIdxs"))
CreateCsrOp = _create_sparse("csr", ("rowPos", "colIdxs"))


class CreateDnTensorOp(AsyncOp):
    name = "gpu.create_dn_tensor"
    operands = _DEPS + (single("memref"), variadic("dims", T.index))
    results = (single("dnTensor", DNTENSOR), _TOKEN)
    props = ("operandSegmentSizes",)
    asm_names = _names("dnTensor", "asyncToken")
    assembly_format = f"{ASYNC_DEPS} $memref `,` $dims attr-dict `:` type($dims) `into` type($memref)"


def _destroy(mn: str, what: str, t: T.Type) -> type[AsyncOp]:
    return type(f"Destroy{mn}Op", (AsyncOp,), dict(
        name=f"gpu.destroy_{mn}", operands=_DEPS + (single(what, t),), results=(_TOKEN,),
        assembly_format=f"{ASYNC_DEPS} ${what} attr-dict"))


DestroyDnTensorOp = _destroy("dn_tensor", "dnTensor", DNTENSOR)
DestroySpMatOp = _destroy("sp_mat", "spmat", SPMAT)


def _library_op(mn: str, inputs: tuple, modes: str, buffer: str | None, results: tuple, tail: str) -> type[AsyncOp]:
    modes_fmt = "(`{` $modeA^ `}`)? " if modes == "A" else "(`{` $modeA^ `,` $modeB `}`)? "
    args = " `,` ".join(f"${a.name}" for a in inputs)
    fmt = f"{ASYNC_DEPS} {modes_fmt}{args}" + (f" `,` ${buffer}" if buffer else "") + f" attr-dict {tail}"
    props: tuple[str, ...] = ("modeA", "computeType") if modes == "A" else ("modeA", "modeB", "computeType")
    if buffer == "buffers":
        props += ("operandSegmentSizes",)
    if any(r.kind == "variadic" for r in results):
        props += ("resultSegmentSizes",)
    defaults = {m: NON_TRANSPOSE for m in props if m.startswith("mode")}
    ops = _DEPS + inputs + ((variadic(buffer) if buffer == "buffers" else single(buffer)),) if buffer else \
        _DEPS + inputs
    names = [r.name for r in results]
    return type("".join(w.capitalize() for w in mn.split("_")) + "Op", (AsyncOp,), dict(
        name=f"gpu.{mn}", operands=ops, results=results, props=props, asm_names=_names(*names),
        default_attrs=defaults, assembly_format=fmt, **_COMPUTE))


_SPMV_IN = (single("spmatA", SPMAT), single("dnX", DNTENSOR), single("dnY", DNTENSOR))
_SPMM_IN = (single("spmatA", SPMAT), single("dnmatB", DNTENSOR), single("dnmatC", DNTENSOR))
_SDDMM_IN = (single("dnmatA", DNTENSOR), single("dnmatB", DNTENSOR), single("spmatC", SPMAT))
SpMVBufferSizeOp = _library_op("spmv_buffer_size", _SPMV_IN, "A", None, (single("bufferSz", T.index), _TOKEN),
                               "`into` $computeType")
SpMVOp = _library_op("spmv", _SPMV_IN, "A", "buffer", (_TOKEN,), "`:` type($buffer) `into` $computeType")
SpMMBufferSizeOp = _library_op("spmm_buffer_size", _SPMM_IN, "AB", None,
                               (variadic("bufferSzs", T.index), _TOKEN), "`:` type($bufferSzs) `into` $computeType")
SpMMOp = _library_op("spmm", _SPMM_IN, "AB", "buffers", (_TOKEN,), "`:` type($buffers) `into` $computeType")
SDDMMBufferSizeOp = _library_op("sddmm_buffer_size", _SDDMM_IN, "AB", None, (single("bufferSz", T.index), _TOKEN),
                                "`into` $computeType")
SDDMMOp = _library_op("sddmm", _SDDMM_IN, "AB", "buffer", (_TOKEN,), "`:` type($buffer) `into` $computeType")
