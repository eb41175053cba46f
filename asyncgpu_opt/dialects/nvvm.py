"""nvvm dialect: the ops ``convert-gpu-to-nvvm`` emits (special-register reads, barrier0, barrier,
shfl.sync, vote/redux, warp sync), printed and verified as upstream's NVVMOps.td; they do not run."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single
from . import nvvm_mma  # noqa: F401  (registers the matrix multiply ops)
from ._common import keyword_enum, prefixed_attr_hooks
from .gpu import _int_attr_parser

_PURE = frozenset({"Pure"})


# ----- special registers ----------------------------------------------------------------------------
_RANGE_HOOKS = prefixed_attr_hooks("#llvm.constant_range")  # an LLVM_ConstantRangeAttr: `<i32, 0, 32>`


def _sreg(register: str) -> type[OpDef]:
    """``nvvm.read.ptx.sreg.<register>``: (`range` $range^)? attr-dict `:` type($res)"""
    return type(f"SReg_{register.replace('.', '_')}", (OpDef,), dict(
        name=f"nvvm.read.ptx.sreg.{register}", results=(single("res"),), props=("range",), traits=_PURE,
        effects=(), attr_printers={"range": _RANGE_HOOKS[0]}, attr_parsers={"range": _RANGE_HOOKS[1]},
        assembly_format="(`range` $range^)? attr-dict `:` type($res)"))


_REGISTERS = (
    [f"{r}.{d}" for r in ("tid", "ntid", "ctaid", "nctaid", "clusterid", "nclusterid", "cluster.ctaid",
                          "cluster.nctaid") for d in "xyz"]
    + ["laneid", "warpsize", "warpid", "nwarpid", "smid", "nsmid", "gridid", "cluster.ctarank",
       "cluster.nctarank", "lanemask.eq", "lanemask.le", "lanemask.lt", "lanemask.ge", "lanemask.gt",
       "clock", "clock64", "globaltimer"])
for _r in _REGISTERS:
    _cls = _sreg(_r)
    globals()[_cls.__name__] = _cls


# ----- synchronization --------------------------------------------------------------------------------
class Barrier0Op(OpDef):
    name = "nvvm.barrier0"
    effects = None
    assembly_format = "attr-dict"


A.register_keyword_attr("nvvm.reduction", A.KeywordSpec(("popc", "and", "or"), "::mlir::NVVM::BarrierReduction"))


def _reduction_parser(p: Any, optional: bool) -> A.Attribute | None:
    """``#nvvm.reduction<kind>``, optional: the group's anchor."""
    if optional and not p.text.startswith("#nvvm.reduction", p.skip()):
        return None
    return p.parse_attribute()


class BarrierOp(OpDef):
    """nvvm.barrier (`id` `=` %id)? (`number_of_threads` `=` %n)? (#nvvm.reduction<k> %pred)? attr-dict
    (`->` type)? — a named CTA barrier, optionally reducing a predicate over the threads."""

    name = "nvvm.barrier"
    operands = (optional("barrierId", T.i32), optional("numberOfThreads", T.i32),
                optional("reductionPredicate", T.i32))
    results = (optional("res", T.i32),)
    props = ("reductionOp", "operandSegmentSizes")
    effects = None
    attr_parsers = {"reductionOp": _reduction_parser}
    assembly_format = ("(`id` `=` $barrierId^)? (`number_of_threads` `=` $numberOfThreads^)? "
                       "($reductionOp^ $reductionPredicate)? attr-dict (`->` type($res)^)?")

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = op.attributes.get("reductionOp")
        if r is not None and not (isinstance(r, A.KeywordAttr) and r.name == "nvvm.reduction"):
            raise VerifyError("attribute 'reductionOp' failed to satisfy constraint: NVVM barrier reduction "
                              "operation", op)
        if cls.operand_group(op, "numberOfThreads") and not cls.operand_group(op, "barrierId"):
            raise VerifyError("barrier id is missing, it should be set between 0 to 15", op)


class BarWarpSyncOp(OpDef):
    name = "nvvm.bar.warp.sync"
    effects = None
    operands = (single("mask", T.i32),)
    assembly_format = "$mask attr-dict `:` type($mask)"


# ----- warp shuffles and votes ---------------------------------------------------------------------
_SHFL = keyword_enum("#nvvm<shfl_kind {}>", ("bfly", "up", "down", "idx"), leading_space=True, attr_name="kind")


def _enum_parser(hooks: tuple, cpp: str, keywords: tuple[str, ...]) -> Any:
    """The keyword parser of an NVVM enum attribute, with upstream's first error text."""
    def parse(p: Any, optional: bool) -> A.Attribute | None:
        pos = p.skip()
        kw = p.parse_optional_bare_id()
        if kw not in keywords:
            raise p.error(f"custom op '{p.current_op}' expected ::mlir::NVVM::{cpp} to be one of: "
                          f"{', '.join(keywords)}", pos)
        p.pos = pos
        return hooks[1](p, optional)
    return parse


def _struct_elems(t: Any) -> tuple[Any, ...] | None:
    return t.elements if isinstance(t, T.LLVMStructType) else None


class ShflOp(OpDef):
    name = "nvvm.shfl.sync"
    effects = ()
    operands = (single("thread_mask", T.i32), single("val"), single("offset", T.i32),
                single("mask_and_clamp", T.i32))
    results = (single("res"),)
    props = ("kind", "return_value_and_is_valid")
    attr_printers = {"kind": _SHFL[0]}
    attr_parsers = {"kind": _enum_parser(_SHFL, "ShflKind", ("bfly", "up", "down", "idx"))}
    assembly_format = ("$kind $thread_mask `,` $val `,` $offset `,` $mask_and_clamp attr-dict `:` type($val) "
                       "`->` type($res)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        res, val = op.results[0].type, op.operands[1].type
        flag = "return_value_and_is_valid" in op.attributes
        elems = _struct_elems(res)
        if elems is None:
            if flag:
                raise VerifyError("expected return type to be a two-element struct", op)
            if res != val:
                raise VerifyError(f"expected return type to be of type '{val}' but got '{res}' instead", op)
            return
        if not flag:
            raise VerifyError('"return_value_and_is_valid" attribute must be specified when the return type is '
                              "a struct type", op)
        if len(elems) != 2:
            raise VerifyError("expected return type to be a two-element struct", op)
        if elems[0] != val:
            raise VerifyError(f"expected first element in the returned struct to be of type '{val}' but got "
                              f"'{elems[0]}' instead", op)
        if elems[1] != T.i1:
            raise VerifyError(f"expected second element in the returned struct to be of type 'i1' but got "
                              f"'{elems[1]}' instead", op)


_VOTE = keyword_enum("#nvvm<vote_sync_kind {}>", ("any", "all", "ballot", "uni"), leading_space=True,
                     attr_name="kind")


class VoteSyncOp(OpDef):
    name = "nvvm.vote.sync"
    effects = ()
    operands = (single("mask", T.i32), single("pred", T.i1))
    results = (single("res"),)
    props = ("kind",)
    attr_printers = {"kind": _VOTE[0]}
    attr_parsers = {"kind": _VOTE[1]}
    assembly_format = "$kind $mask `,` $pred attr-dict `->` type($res)"


_REDUX = keyword_enum("#nvvm<redux_kind {}>", ("add", "and", "max", "min", "or", "umax", "umin", "xor", "fmin",
                                                "fmax"), leading_space=True, attr_name="kind")


class ReduxOp(OpDef):
    name = "nvvm.redux.sync"
    effects = ()
    operands = (single("val"), single("mask_and_clamp", T.i32))
    results = (single("res"),)
    props = ("kind", "abs", "nan")
    default_attrs = {"abs": A.bool_attr(False), "nan": A.bool_attr(False)}
    attr_printers = {"kind": _REDUX[0]}
    attr_parsers = {"kind": _REDUX[1]}
    assembly_format = "$kind $val `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)"

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        """As the format prints it, with ``abs``/``nan`` elided at their default (false)."""
        a = op.attributes
        elided = {"kind"} | {k for k, v in cls.default_attrs.items() if a.get(k) == v}
        o = op.operands
        return (" " + _REDUX[0](pr, a["kind"]) + f" {pr.value(o[0])}, {pr.value(o[1])}" + pr.attr_dict_text(a, elided)
                + f" : {pr.type_text(o[0].type)} -> {pr.type_text(op.results[0].type)}")


# ----- async copies and cluster addresses -----------------------------------------------------------------
_CACHE = keyword_enum("#nvvm<load_cache_modifier {}>", ("ca", "cg", "cs", "lu", "cv"), leading_space=True,
                      attr_name="modifier")


def _ptr_in(op: Operation, what: str, i: int, t: Any, spaces: tuple[int, ...]) -> None:
    """An ODS ``LLVM_PointerInAddressSpace`` constraint (``AnyTypeOf`` of several) on operand/result ``i``."""
    if not (isinstance(t, T.LLVMPointerType) and t.address_space in spaces):
        want = " or ".join(f"LLVM pointer in address space {s}" for s in spaces)
        raise VerifyError(f"{what} #{i} must be {want}, but got '{t}'", op)


class CpAsyncOp(OpDef):
    """nvvm.cp.async.shared.global $dst `,` $src `,` $size `,` `cache` `=` $modifier (`,` $cpSize^)?
    attr-dict `:` type(operands) -- an asynchronous 4/8/16-byte copy from global to shared memory."""

    name = "nvvm.cp.async.shared.global"
    operands = (single("dst"), single("src"), optional("cpSize"))
    props = ("size", "modifier")
    effects = None
    shape_verified = True
    attr_printers = {"size": lambda pr, a: str(a.value), "modifier": _CACHE[0]}
    attr_parsers = {"size": _int_attr_parser(T.i32), "modifier": _CACHE[1]}
    assembly_format = "$dst `,` $src `,` $size `,` `cache` `=` $modifier (`,` $cpSize^)? attr-dict `:` type(operands)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _ptr_in(op, "operand", 0, op.operands[0].type, (3,))
        _ptr_in(op, "operand", 1, op.operands[1].type, (1,))
        kind = _cache_name(op.attributes.get("modifier"))
        size = getattr(op.attributes.get("size"), "value", 0)
        if kind not in ("cg", "ca"):
            raise VerifyError("Only CG and CA cache modifiers are supported.", op, raw=True)
        if size not in (4, 8, 16):
            raise VerifyError("expected byte size to be either 4, 8 or 16.", op, raw=True)
        if kind == "cg" and size != 16:
            raise VerifyError("CG cache modifier is only support for 16 bytes copy.", op, raw=True)


def _cache_name(a: Any) -> str:
    return _CACHE[0](None, a).strip() if a is not None else ""


class MapaOp(OpDef):
    """nvvm.mapa $a `,` $b attr-dict `:` type($a) `->` type($res): the address of a shared variable
    in another CTA of the cluster (generic to generic, shared to shared::cluster)."""

    name = "nvvm.mapa"
    operands = (single("a"), single("b", T.i32))
    results = (single("res"),)
    traits = _PURE
    effects = ()
    shape_verified = True
    assembly_format = "$a`,` $b attr-dict `:` type($a) `->` type($res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, res = op.operands[0].type, op.results[0].type
        _ptr_in(op, "operand", 0, a, (0, 3))
        _ptr_in(op, "result", 0, res, (0, 7))
        if (a.address_space, res.address_space) not in ((0, 0), (3, 7)):
            raise VerifyError("failed to verify that Valid address-space check(or mapping) for mapa Op", op)
