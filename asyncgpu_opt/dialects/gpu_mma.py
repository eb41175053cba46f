"""gpu dialect, warp-level matrix ops on ``!gpu.mma_matrix`` (GPUOps.td: GPU_SubgroupMmaLoadMatrixOp,
GPU_SubgroupMmaStoreMatrixOp, GPU_SubgroupMmaComputeOp, GPU_SubgroupMmaConstantMatrixOp,
GPU_SubgroupMmaElementwiseOp, GPU_SubgroupMmaExtractThreadLocalOp, GPU_SubgroupMmaInsertThreadLocalOp).
Printed and verified; ``--run`` does not run them.  Loaded with the gpu dialect
(``ir.registry._EXTRA_MODULES``)."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .gpu import _dialect_enum
from .memref_layout import strides_and_offset

MMA_ELEMENTWISE_OPS = ("addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu",
                       "negatef", "negates", "extf")
_ELEMENTWISE = _dialect_enum("#gpu<mma_element_wise {}>", MMA_ELEMENTWISE_OPS, "::mlir::gpu::MMAElementwiseOp")
_MEMREF_ELEMS = (T.i8, T.i32, T.f16, T.f32, T.f64)
_MMA_MEMREF = ("memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or "
               "64-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or "
               "32-bit float or 64-bit float values of ranks 1 values")


def _mma_memref(t: T.Type) -> bool:
    if not isinstance(t, T.MemRefType):
        return False
    e = t.element_type
    if isinstance(e, T.VectorType):
        return e.rank == 1 and e.element_type in _MEMREF_ELEMS
    return e in _MEMREF_ELEMS


def _check(op: Operation, kind: str, i: int, t: T.Type, ok: bool, what: str) -> None:
    if not ok:
        raise VerifyError(f"{kind} #{i} must be {what}, but got '{t}'", op)


def _last_dim_unit_stride(t: T.MemRefType) -> bool:
    so = strides_and_offset(t)
    return so is not None and (not so[0] or so[0][-1] == 1)


def _matrix(t: T.Type) -> bool:
    return isinstance(t, T.MMAMatrixType)


class SubgroupMmaLoadMatrixOp(OpDef):
    name = "gpu.subgroup_mma_load_matrix"
    operands = (single("srcMemref"), variadic("indices", T.index))
    results = (single("res"),)
    props = ("leadDimension", "transpose")
    effects = (("read", "srcMemref"),)
    assembly_format = "$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) `->` type($res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        _check(op, "operand", 0, src, _mma_memref(src), _MMA_MEMREF)
        _check(op, "result", 0, res, _matrix(res), "MMAMatrix type")
        if "leadDimension" not in op.attributes:
            raise VerifyError("requires attribute 'leadDimension'", op)
        if not _last_dim_unit_stride(src):
            raise VerifyError("expected source memref most minor dim must have unit stride", op, raw=True)


class SubgroupMmaStoreMatrixOp(OpDef):
    name = "gpu.subgroup_mma_store_matrix"
    operands = (single("src"), single("dstMemref"), variadic("indices", T.index))
    props = ("leadDimension", "transpose")
    effects = (("write", "dstMemref"),)
    assembly_format = "$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` type($dstMemref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dst = op.operands[0].type, op.operands[1].type
        _check(op, "operand", 0, src, _matrix(src), "MMAMatrix type")
        _check(op, "operand", 1, dst, _mma_memref(dst), _MMA_MEMREF)
        if "leadDimension" not in op.attributes:
            raise VerifyError("requires attribute 'leadDimension'", op)
        if not _last_dim_unit_stride(dst):
            raise VerifyError("expected destination memref most minor dim must have unit stride", op, raw=True)
        if src.operand != "COp":
            raise VerifyError("expected the operand matrix being stored to have 'COp' operand type", op, raw=True)


class SubgroupMmaComputeOp(OpDef):
    name = "gpu.subgroup_mma_compute"
    operands = (single("opA"), single("opB"), single("opC"))
    results = (single("res"),)
    props = ("a_transpose", "b_transpose")
    traits = frozenset({"Pure"})
    infer = {"opC": lambda k: k["res"][0]}
    assembly_format = "$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` type($res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            _check(op, "operand", i, v.type, _matrix(v.type), "MMAMatrix type")
        _check(op, "result", 0, op.results[0].type, _matrix(op.results[0].type), "MMAMatrix type")
        if op.operands[2].type != op.results[0].type:
            raise VerifyError("failed to verify that all of {opC, res} have same type", op)
        a, b, c = (v.type for v in op.operands)
        if (a.operand, b.operand, c.operand) != ("AOp", "BOp", "COp"):
            raise VerifyError("operands must be in the order AOp, BOp, COp", op, raw=True)
        ash = a.shape[::-1] if "a_transpose" in op.attributes else a.shape
        bsh = b.shape[::-1] if "b_transpose" in op.attributes else b.shape
        if ash[1] != bsh[0] or ash[0] != c.shape[0] or bsh[1] != c.shape[1]:
            raise VerifyError("operand shapes do not satisfy matmul constraints", op, raw=True)


class SubgroupMmaConstantMatrixOp(OpDef):
    name = "gpu.subgroup_mma_constant_matrix"
    operands = (single("value"),)
    results = (single("res"),)
    traits = frozenset({"Pure"})
    infer = {"value": lambda k: k["res"][0].element_type}
    assembly_format = "$value attr-dict `:` type($res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check(op, "result", 0, op.results[0].type, _matrix(op.results[0].type), "MMAMatrix type")
        if op.operands[0].type != op.results[0].type.element_type:
            raise VerifyError("failed to verify that value type matches element type of mma_matrix", op)


class SubgroupMmaElementwiseOp(OpDef):
    name = "gpu.subgroup_mma_elementwise"
    operands = (variadic("args"),)
    results = (single("res"),)
    props = ("opType",)
    traits = frozenset({"Pure"})
    attr_printers = {"opType": _ELEMENTWISE[0]}  # EnumAttr prints its own leading space: two in all
    attr_parsers = {"opType": _ELEMENTWISE[1]}
    assembly_format = "$opType $args attr-dict `:` functional-type($args, $res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            _check(op, "operand", i, v.type, _matrix(v.type), "variadic of MMAMatrix type")
        _check(op, "result", 0, op.results[0].type, _matrix(op.results[0].type), "MMAMatrix type")


class SubgroupMmaExtractThreadLocalOp(OpDef):
    name = "gpu.subgroup_mma_extract_thread_local"
    operands = (single("matrix"), variadic("indices", T.index))
    results = (single("res"),)
    traits = frozenset({"Pure"})
    assembly_format = "$matrix`[`$indices`]` attr-dict `:` type($matrix) `->` type($res)"


class SubgroupMmaInsertThreadLocalOp(OpDef):
    name = "gpu.subgroup_mma_insert_thread_local"
    operands = (single("value"), single("matrix"), variadic("indices", T.index))
    results = (single("res"),)
    traits = frozenset({"Pure"})
    assembly_format = "$value`,` $matrix`[`$indices`]` attr-dict `:` type($value)`,` type($matrix) `->` type($res)"
