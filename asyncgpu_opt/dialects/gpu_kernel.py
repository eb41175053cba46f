"""gpu dialect, kernel-side ops: reductions, shuffles, subgroups, dynamic shared memory (loaded with
the gpu dialect: ``ir.registry._EXTRA_MODULES``)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._common import TERMINATOR
from .gpu import LaunchOp, _dialect_enum, _int_attr_parser

# ----- kernel-side ops: reductions, shuffles, subgroups, dynamic shared memory ---------------------
# (GPUOps.td: GPU_AllReduceOp, GPU_SubgroupReduceOp, GPU_ShuffleOp, GPU_YieldOp, GPU_SubgroupIdOp,
# GPU_NumSubgroupsOp, GPU_SubgroupSizeOp, GPU_DynamicSharedMemoryOp)

ALL_REDUCE_KINDS = ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
                    "minimumf", "maximumf")
_FLOAT_ONLY_KINDS = frozenset({"minnumf", "maxnumf", "minimumf", "maximumf"})
_INT_ONLY_KINDS = frozenset({"minsi", "minui", "maxsi", "maxui", "and", "or", "xor"})
SHUFFLE_MODES = ("xor", "up", "down", "idx")
_REDUCE = _dialect_enum("#gpu<all_reduce_op {}>", ALL_REDUCE_KINDS, "::mlir::gpu::AllReduceOperation")
_SHUFFLE = _dialect_enum("#gpu<shuffle_mode {}>", SHUFFLE_MODES, "::mlir::gpu::ShuffleMode")


def reduce_kind(op: Operation) -> str | None:
    """The ``#gpu<all_reduce_op k>`` keyword of an all_reduce / subgroup_reduce (None: region form)."""
    a = op.attributes.get("op")
    return _REDUCE[2](a) if a is not None else None


def shuffle_mode(op: Operation) -> str:
    return _SHUFFLE[2](op.attributes["mode"])


class AllReduceOperation:
    """``custom<AllReduceOperation>($op)``: an optional bare keyword naming the reduction."""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        kw = p.parse_optional_bare_id()
        if kw is None:
            return False
        if kw not in ALL_REDUCE_KINDS:
            raise p.error(f"custom op '{p.current_op}' invalid op kind", p.skip())
        st.attrs[args[0].name] = _REDUCE[3](kw)
        return True

    @staticmethod
    def print(pr: Any, op: Operation, args: list[Any], fmt: Any) -> str:
        a = op.attributes.get(args[0].name)
        return _REDUCE[0](pr, a) if a is not None else ""


def _register_directives() -> None:
    from ..syntax.custom_directives import DIRECTIVES

    DIRECTIVES.setdefault("AllReduceOperation", AllReduceOperation)


_register_directives()


def _int_or_float(t: T.Type) -> bool:
    return (isinstance(t, T.IntegerType) and not t.signedness) or isinstance(t, T.FloatType)


def _int_or_float_or_1d_vector(t: T.Type) -> bool:
    if isinstance(t, T.VectorType):
        return len(t.shape) == 1 and _int_or_float(t.element_type)
    return _int_or_float(t)


def _reduce_type_ok(kind: str, t: T.Type) -> bool:
    if kind in _FLOAT_ONLY_KINDS:
        return isinstance(t, T.FloatType)
    if kind in _INT_ONLY_KINDS:
        return isinstance(t, T.IntegerType)
    return True


class YieldOp(OpDef):
    name = "gpu.yield"
    operands = (variadic("values"),)
    traits = TERMINATOR
    effects = ()
    assembly_format = "attr-dict ($values^ `:` type($values))?"


def _fold_uniform(op: Operation, consts: list) -> list | None:
    """AllReduceOp/SubgroupReduceOp::fold: a non-uniform reduction in the entry block of a
    ``gpu.launch`` body becomes ``uniform`` (in place)."""
    p = op.parent_op
    if "uniform" in op.attributes or p is None or p.opdef is not LaunchOp or op.parent is not p.regions[0].blocks[0]:
        return None
    op.attributes = {**op.attributes, "uniform": A.UNIT}
    return []


class AllReduceOp(OpDef):
    """gpu.all_reduce (kind)? %value (`uniform`)? region attr-dict : (T) -> T — the value reduced over
    the work items of a workgroup, by a built-in kind or by the region (two arguments, gpu.yield)."""

    name = "gpu.all_reduce"
    operands = (single("value"),)
    results = (single("result"),)
    props = ("op", "uniform")
    unit_attrs = ("uniform",)
    regions = ("body",)
    traits = frozenset({"SameOperandsAndResultType", "IsolatedFromAbove"})
    effects = ()
    fold = staticmethod(_fold_uniform)
    assembly_format = ("custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict "
                       "`:` functional-type(operands, results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.results[0].type
        if not _int_or_float(op.operands[0].type):
            raise VerifyError(f"operand #0 must be Integer or Float, but got '{op.operands[0].type}'", op)
        if not _int_or_float(t):
            raise VerifyError(f"result #0 must be Integer or Float, but got '{t}'", op)
        if op.operands[0].type != t:
            raise VerifyError("requires the same type for all operands and results", op)
        body = op.regions[0]
        kind = reduce_kind(op)
        if (not body.blocks) != (kind is not None):
            raise VerifyError("expected either an op attribute or a non-empty body", op, raw=True)
        if body.blocks:
            args = body.blocks[0].args
            if len(args) != 2:
                raise VerifyError("expected two region arguments", op, raw=True)
            if any(a.type != t for a in args):
                raise VerifyError("incorrect region argument type", op, raw=True)
            yields = 0
            for b in body.blocks:
                y = b.ops[-1] if b.ops else None
                if y is not None and y.name == "gpu.yield":
                    if len(y.operands) != 1:
                        raise VerifyError("expected one gpu.yield operand", op, raw=True)
                    if y.operands[0].type != t:
                        raise VerifyError("incorrect gpu.yield type", op, raw=True)
                    yields += 1
            if not yields:
                raise VerifyError("expected gpu.yield op in region", op, raw=True)
        elif not _reduce_type_ok(kind, t):
            raise VerifyError(f"`{kind}` reduction operation is not compatible with type '{t}'", op, raw=True)


class SubgroupReduceOp(OpDef):
    """gpu.subgroup_reduce kind %value (`uniform`)? (`cluster(size = N (, stride = S)?)`)? : (T) -> T"""

    name = "gpu.subgroup_reduce"
    operands = (single("value"),)
    results = (single("result"),)
    props = ("op", "uniform", "cluster_size", "cluster_stride")
    unit_attrs = ("uniform",)
    traits = frozenset({"SameOperandsAndResultType"})
    effects = ()
    fold = staticmethod(_fold_uniform)
    shape_verified = True
    default_attrs = {"cluster_stride": A.IntegerAttr(1, T.i32)}
    attr_printers = {"cluster_size": lambda pr, a: str(a.value), "cluster_stride": lambda pr, a: str(a.value)}
    attr_parsers = {"cluster_size": _int_attr_parser(T.i32), "cluster_stride": _int_attr_parser(T.i32)}
    assembly_format = ("custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? "
                       "(`cluster` `(` `size` `=` $cluster_size^ (`,` `stride` `=` $cluster_stride^)? `)`)? "
                       "attr-dict `:` functional-type(operands, results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        v, t = op.operands[0].type, op.results[0].type
        what = "Integer or Float or fixed-length vector of Integer or Float values of ranks 1"
        if not _int_or_float_or_1d_vector(v):
            raise VerifyError(f"operand #0 must be {what}, but got '{v}'", op)
        if not _int_or_float_or_1d_vector(t):
            raise VerifyError(f"result #0 must be {what}, but got '{t}'", op)
        if v != t:
            raise VerifyError("requires the same type for all operands and results", op)
        if "op" not in op.attributes:
            raise VerifyError("requires attribute 'op'", op)
        elem = t
        if isinstance(t, T.VectorType):
            if any(t.scalable):
                raise VerifyError("is not compatible with scalable vector types", op)
            elem = t.element_type
        kind = reduce_kind(op)
        if not _reduce_type_ok(kind, elem):
            raise VerifyError(f"`{kind}` reduction operation is not compatible with type '{t}'", op, raw=True)
        size = op.attributes.get("cluster_size")
        if size is not None and (size.value <= 0 or size.value & (size.value - 1)):
            raise VerifyError(f"cluster size {size.value} is not a power of two", op)
        stride = op.attributes.get("cluster_stride")
        sv = stride.value if stride is not None else 1
        if sv != 1 and size is None:
            raise VerifyError("cluster stride can only be specified if cluster size is specified", op)
        if sv <= 0 or sv & (sv - 1):
            raise VerifyError(f"cluster stride {sv} is not a power of two", op)


def _shuffle_names(op: Operation) -> list[str | None]:
    return ["shuffleResult", "valid"]


class ShuffleOp(OpDef):
    """gpu.shuffle mode %value, %offset, %width : T — (the value of another lane, lane valid)."""

    name = "gpu.shuffle"
    operands = (single("value"), single("offset", T.i32), single("width", T.i32))
    results = (single("shuffleResult"), single("valid", T.i1))
    props = ("mode",)
    traits = frozenset({"Pure"})
    shape_verified = True
    attr_printers = {"mode": _SHUFFLE[0]}
    attr_parsers = {"mode": _SHUFFLE[1]}
    infer = {"shuffleResult": lambda k: k["value"]}
    asm_names = staticmethod(_shuffle_names)
    assembly_format = "$mode $value `,` $offset `,` $width attr-dict `:` type($value)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        v = op.operands[0].type
        what = "Integer or Float or fixed-length vector of Integer or Float values of ranks 1"
        if not _int_or_float_or_1d_vector(v):
            raise VerifyError(f"operand #0 must be {what}, but got '{v}'", op)
        if not _int_or_float_or_1d_vector(op.results[0].type):
            raise VerifyError(f"result #0 must be {what}, but got '{op.results[0].type}'", op)
        if op.results[0].type != v:
            raise VerifyError("failed to verify that all of {value, shuffleResult} have same type", op)


class RotateOp(OpDef):
    """gpu.rotate %value, offset, width : T — the value of lane (id + offset) mod width, lane valid."""

    name = "gpu.rotate"
    operands = (single("value"),)
    results = (single("rotateResult"), single("valid", T.i1))
    props = ("offset", "width")
    traits = frozenset({"Pure"})
    shape_verified = True
    attr_printers = {"offset": lambda pr, a: str(a.value), "width": lambda pr, a: str(a.value)}
    attr_parsers = {"offset": _int_attr_parser(T.i32), "width": _int_attr_parser(T.i32)}
    infer = {"rotateResult": lambda k: k["value"]}
    asm_names = staticmethod(lambda op: ["rotateResult", "valid"])
    assembly_format = "$value `,` $offset `,` $width attr-dict `:` type($value)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        off, width = op.attributes.get("offset"), op.attributes.get("width")
        for k, a in (("offset", off), ("width", width)):
            if a is None:
                raise VerifyError(f"requires attribute '{k}'", op)
        if not (isinstance(off, A.IntegerAttr) and off.type == T.i32 and off.value >= 0):
            raise VerifyError("attribute 'offset' failed to satisfy constraint: 32-bit signless integer attribute "
                              "whose minimum value is 0", op)
        if not (isinstance(width, A.IntegerAttr) and width.type == T.i32 and width.value > 0
                and width.value & (width.value - 1) == 0):
            raise VerifyError("attribute 'width' failed to satisfy constraint: 32-bit signless integer attribute "
                              "whose value is a power of two > 0", op)
        what = "Integer or Float or fixed-length vector of Integer or Float values of ranks 1"
        for kind, t in (("operand", op.operands[0].type), ("result", op.results[0].type)):
            if not _int_or_float_or_1d_vector(t):
                raise VerifyError(f"{kind} #0 must be {what}, but got '{t}'", op)
        if op.results[0].type != op.operands[0].type:
            raise VerifyError("failed to verify that all of {value, rotateResult} have same type", op)
        if off.value >= width.value:
            raise VerifyError(f"offset must be in the range [0, {width.value})", op)


def _subgroup_index_op(mn: str) -> type[OpDef]:
    return type(f"{mn}Op", (OpDef,), dict(
        name=f"gpu.{mn}", results=(single("result", T.index),), props=("upper_bound",), traits=frozenset({"Pure"}),
        effects=(), attr_printers={"upper_bound": lambda pr, a: str(a.value)},
        attr_parsers={"upper_bound": _int_attr_parser(T.index)},
        assembly_format="(`upper_bound` $upper_bound^)? attr-dict `:` type($result)"))


for _mn in ("subgroup_id", "num_subgroups", "subgroup_size"):
    globals()[_mn] = _subgroup_index_op(_mn)


def _is_workgroup_space(mt: T.MemRefType) -> bool:
    ms = getattr(mt, "memory_space", None)
    return ms is not None and str(ms) in ("#gpu.address_space<workgroup>", "3", "3 : i64")


class DynamicSharedMemoryOp(OpDef):
    """gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>> — the block's dynamic
    shared memory (its size is the launch's ``dynamic_shared_memory_size``)."""

    name = "gpu.dynamic_shared_memory"
    results = (single("resultMemref"),)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = "attr-dict `:` type($resultMemref)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.results[0].type
        if not isinstance(mt, T.MemRefType) or len(mt.shape) != 1 or mt.element_type != T.i8:
            raise VerifyError(f"result #0 must be 1D memref of 8-bit signless integer values, but got '{mt}'", op)
        parent = op.parent_op
        while parent is not None and not (parent.opdef is not None and "SymbolTable" in parent.opdef.traits):
            parent = parent.parent_op
        if parent is None:
            raise VerifyError("must be inside an op with symbol table", op)
        if not _is_workgroup_space(mt):
            raise VerifyError("address space must be address_space<workgroup>", op)
        if mt.shape[0] != T.DYNAMIC:
            raise VerifyError("result memref type must be memref<?xi8, #gpu.address_space<workgroup>>", op)


class WarpExecuteOnLane0Op(OpDef):
    """gpu.warp_execute_on_lane_0 `(` %laneid `)` `[` warp-size `]` (`args` `(` ssa-uses `:` types `)`)?
    (`->` `(` types `)`)? region attr-dict — the region runs on lane 0 only; its yield's values
    are distributed to the lanes (GPUDialect.cpp's hand-written syntax)."""

    name = "gpu.warp_execute_on_lane_0"
    operands = (single("laneid", T.index), variadic("args"))
    results = (variadic("results"),)
    props = ("warp_size",)
    regions = ("warpRegion",)
    traits = frozenset({"SingleBlockImplicitTerminator", "RecursiveMemoryEffects", "RegionBranchOpInterface"})
    implicit_terminator = "gpu.yield"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from ._regions import ensure_terminator, parse_optional_arrow_types

        p.parse_punct("(")
        lane = p.parse_operand()
        p.parse_punct(")")
        p.parse_punct("[")
        size = p.parse_integer()
        p.parse_punct("]")
        args: list[Any] = []
        if p.parse_optional_keyword("args"):
            p.parse_punct("(")
            refs = p.parse_operand_list()
            p.parse_punct(":")
            types = p.parse_type_list()
            p.parse_punct(")")
            args = [p.resolve(r, t) for r, t in zip(refs, types)]
        rts = parse_optional_arrow_types(p)
        region = p.parse_region()
        ensure_terminator(region, "gpu.yield")
        attrs = {"warp_size": A.IntegerAttr(size)}
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, [p.resolve(lane, T.index), *args], rts, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = f"({pr.value(op.operands[0])})[{op.attributes['warp_size'].value}]"
        args = op.operands[1:]
        if args:
            s += f" args({pr.values(args)} : {pr.types([v.type for v in args])})"
        if op.results:
            s += f" -> ({pr.types([r.type for r in op.results])})"
        s += " " + pr.region_text(op.regions[0], True, bool(op.results))
        return s + pr.attr_dict_text(op.attributes, ("warp_size",))

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        body = op.regions[0].blocks[0]
        if len(op.operands) - 1 != len(body.args):
            raise VerifyError("expected same number op arguments and block arguments.", op)
        y = body.ops[-1] if body.ops else None
        if y is None or y.name != "gpu.yield" or len(y.operands) != len(op.results):
            raise VerifyError("expected same number of yield operands and return values.", op)
