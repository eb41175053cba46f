"""gpu dialect, sparse-library ops on ``!gpu.sparse.*`` handles (GPUOps.td: GPU_CreateCooOp,
GPU_CreateCsrOp, GPU_CreateDnTensorOp, GPU_DestroyDnTensorOp, GPU_DestroySpMatOp, GPU_SpMVBufferSizeOp,
GPU_SpMVOp, GPU_SpMMBufferSizeOp, GPU_SpMMOp, GPU_SDDMMBufferSizeOp, GPU_SDDMMOp, GPU_CreateCscOp,
GPU_CreateBsrOp, GPU_SpGEMMCreateDescrOp, GPU_SpGEMMDestroyDescrOp, GPU_SpGEMMWorkEstimationOrComputeOp,
GPU_SpGEMMCopyOp, GPU_SpMatGetSizeOp, GPU_SetCsrPointersOp).  Printed and verified
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
SPGEMMOP = T.OpaqueType("!gpu.sparse.spgemmop_handle")
_MODE = _dialect_enum("#gpu<mat_transpose_mode {}>", ("NON_TRANSPOSE", "TRANSPOSE"), "::mlir::gpu::TransposeMode")
NON_TRANSPOSE = _MODE[3]("NON_TRANSPOSE")
_KIND = _dialect_enum("#gpu<spgemm_work_estimation_or_compute_kind {}>", ("WORK_ESTIMATION", "COMPUTE"),
                      "::mlir::gpu::SpGEMMWorkEstimationOrComputeKind")
_DEPS = (variadic("asyncDependencies", TOKEN),)
_TOKEN = optional("asyncToken", TOKEN)


def _names(*names: str) -> Any:
    """Result names as upstream prints them: by result name when the op has several results."""
    return staticmethod(lambda op: list(names) if len(op.results) > 1 else [None] * len(op.results))


def _type_attr_parser(p: Any, optional_: bool) -> A.Attribute | None:
    t = p.parse_optional_type() if optional_ else p.parse_type()
    return A.TypeAttr(t) if t is not None else None


_COMPUTE = dict(attr_printers={"computeType": lambda pr, a: pr.type_text(a.type), "modeA": _MODE[0],
                               "modeB": _MODE[0], "kind": _KIND[0]},
                attr_parsers={"computeType": _type_attr_parser, "modeA": _MODE[1], "modeB": _MODE[1],
                              "kind": _KIND[1]})


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
CreateCscOp = _create_sparse("csc", ("colPos", "rowIdxs"))


class CreateBsrOp(AsyncOp):
    name = "gpu.create_bsr"
    operands = _DEPS + tuple(single(n, T.index) for n in ("brows", "bcols", "bnnz", "rBlockSize", "cBlockSize")) \
        + (single("bRowPos"), single("bColIdxs"), single("values"))
    results = (single("spmat", SPMAT), _TOKEN)
    asm_names = _names("spmat", "asyncToken")
    assembly_format = (f"{ASYNC_DEPS} $brows `,` $bcols `,` $bnnz `,` $rBlockSize `,` $cBlockSize `,` $bRowPos `,` "
                       "$bColIdxs `,` $values attr-dict `:` type($bRowPos) `,` type($bColIdxs) `,` type($values)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _memrefs(op, range(len(op.operands) - 3, len(op.operands)))


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
    # each transpose mode follows the operand it applies to: `%spmat{TRANSPOSE}, %dnX{TRANSPOSE}, ...`
    mode_of = {0: "modeA", 1: "modeB"} if modes == "AB" else {0: "modeA"}
    args = " `,` ".join(f"${a.name}" + (f" (`{{` ${mode_of[i]}^ `}}`)?" if i in mode_of else "")
                        for i, a in enumerate(inputs))
    fmt = f"{ASYNC_DEPS} {args}" + (f" `,` ${buffer}" if buffer else "") + f" attr-dict {tail}"
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


class SpGEMMCreateDescrOp(AsyncOp):
    name = "gpu.spgemm_create_descr"
    operands = _DEPS
    results = (single("desc", SPGEMMOP), _TOKEN)
    asm_names = _names("desc", "asyncToken")
    assembly_format = f"{ASYNC_DEPS} attr-dict"


class SpGEMMDestroyDescrOp(AsyncOp):
    name = "gpu.spgemm_destroy_descr"
    operands = _DEPS + (single("desc", SPGEMMOP),)
    results = (_TOKEN,)
    assembly_format = f"{ASYNC_DEPS} $desc attr-dict"

_SPGEMM_IN = (single("desc", SPGEMMOP), single("spmatA", SPMAT), single("spmatB", SPMAT), single("spmatC", SPMAT))
_SPGEMM_FMT = "$spmatA (`{` $modeA^ `}`)? `,` $spmatB (`{` $modeB^ `}`)? `,` $spmatC `,` $desc"


class SpGEMMWorkEstimationOrComputeOp(AsyncOp):
    name = "gpu.spgemm_work_estimation_or_compute"
    operands = _DEPS + _SPGEMM_IN + (single("bufferSz", T.index), single("buffer"))
    results = (single("bufferSzNew", T.index), _TOKEN)
    props = ("computeType", "kind", "modeA", "modeB")
    default_attrs = {"modeA": NON_TRANSPOSE, "modeB": NON_TRANSPOSE}
    asm_names = _names("bufferSzNew", "asyncToken")
    assembly_format = (f"{ASYNC_DEPS} `{{` $kind `}}` {_SPGEMM_FMT} `,` $bufferSz `,` $buffer attr-dict `:` "
                       "$computeType `into` type($buffer)")
    attr_printers = _COMPUTE["attr_printers"]
    attr_parsers = _COMPUTE["attr_parsers"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        _memrefs(op, range(len(op.operands) - 1, len(op.operands)))


class SpGEMMCopyOp(AsyncOp):
    name = "gpu.spgemm_copy"
    operands = _DEPS + _SPGEMM_IN
    results = (_TOKEN,)
    props = ("computeType", "modeA", "modeB")
    default_attrs = {"modeA": NON_TRANSPOSE, "modeB": NON_TRANSPOSE}
    assembly_format = f"{ASYNC_DEPS} {_SPGEMM_FMT} attr-dict `:` $computeType"
    attr_printers = _COMPUTE["attr_printers"]
    attr_parsers = _COMPUTE["attr_parsers"]


class SpMatGetSizeOp(AsyncOp):
    name = "gpu.spmat_get_size"
    operands = _DEPS + (single("spmat", SPMAT),)
    results = (single("rows", T.index), single("cols", T.index), single("nnz", T.index), _TOKEN)
    asm_names = _names("rows", "cols", "nnz", "asyncToken")
    assembly_format = f"{ASYNC_DEPS} $spmat attr-dict"


class SetCsrPointersOp(AsyncOp):
    name = "gpu.set_csr_pointers"
    operands = _DEPS + (single("spmat", SPMAT), single("positions"), single("coordinates"), single("values"))
    results = (_TOKEN,)
    assembly_format = (f"{ASYNC_DEPS} $spmat `,` $positions `,` $coordinates `,` $values attr-dict `:` "
                       "type($positions) `,` type($coordinates) `,` type($values)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _memrefs(op, range(len(op.operands) - 3, len(op.operands)))
