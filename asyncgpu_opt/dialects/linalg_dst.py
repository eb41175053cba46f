"""linalg's destination-style ops with their own syntax (LinalgStructuredOps.td): map, reduce,
transpose, broadcast.

    linalg.map ({ payload-op attr-dict? })? ins(...) outs(%init : type) attr-dict ((args) region)?
    linalg.reduce ({ payload-op attr-dict? })? ins(...) outs(...) dimensions = [d...] attr-dict ((args) region)?
    linalg.transpose ins(%in : type) outs(%init : type) permutation = [p...] attr-dict
    linalg.broadcast ins(%in : type) outs(%init : type) dimensions = [d...] attr-dict

The short form ``{ arith.addf }`` stands for a body that applies one op to the block arguments
(``map``: the inputs in order; ``reduce``: the init first, then the input) and yields its result;
the printer uses it whenever the body has that shape, as upstream's ``findPayloadOp`` does.
Transpose and broadcast bodies are implicit (yield the input element).
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region
from ..ir.opdef import VerifyError, lookup_opdef, single, variadic
from .linalg import _elem, _Structured


def _dims_text(name: str, a: A.Attribute | None) -> str:
    """``printDenseI64ArrayAttr``: `` name = [1, 0] `` (a space after it, as upstream)."""
    vals = a.values if isinstance(a, A.DenseArrayAttr) else ()
    return f" {name} = [" + ", ".join(str(v) for v in vals) + "] "


def _parse_dims(p: Any, name: str) -> A.DenseArrayAttr:
    p.parse_keyword(name)
    p.parse_punct("=")
    p.parse_punct("[")
    vals: list[int] = []
    if not p.parse_optional_punct("]"):
        while True:
            vals.append(p.parse_integer())
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
    return A.DenseArrayAttr(T.i64, vals)


def _yield_only(args_from: int = 0) -> Any:
    def build(block: Block) -> None:
        od = lookup_opdef("linalg.yield")
        block.append(Operation.create("linalg.yield", [block.args[args_from]], [], {}, opdef=od))
    return build


class _DstOp(_Structured):
    """Shared reading of ``ins(...) outs(...)`` with the result types taken from tensor inits."""

    init_group = "init"
    dims_name: str | None = None
    short_form = False
    init_first = False

    @classmethod
    def block_arg_names(cls, op: Operation, region: Region) -> list[str]:
        n_in = len(cls.operand_group(op, cls.operands[0].name))
        return ["in"] * n_in + ["init"] * (len(region.blocks[0].args) - n_in if region.blocks else 0)

    @classmethod
    def _results_of(cls, outs: list[Any]) -> list[T.Type]:
        return [v.type for v in outs if isinstance(v.type, T.TensorType)]

    @classmethod
    def payload(cls, op: Operation) -> Operation | None:
        """``findPayloadOp``: the one op of a body that applies it to the block arguments."""
        if not op.regions or len(op.regions[0].blocks) != 1:
            return None
        b = op.regions[0].blocks[0]
        if len(b.ops) != 2 or not b.ops[0].operands:
            return None
        pl, y = b.ops
        args = list(b.args)
        if cls.init_first:  # reduce: op(init, inputs...)
            if len(pl.operands) != len(args) or pl.operands[-1] is not args[0] or any(
                    v is not a for v, a in zip(pl.operands, args[1:])):
                return None
        elif len(pl.operands) != len(args) - 1 or any(v is not a for v, a in zip(pl.operands, args)):
            return None
        if len(pl.results) != 1 or list(y.operands) != [pl.results[0]] or pl.regions:
            return None
        return pl

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        payload = None
        payload_attrs: dict[str, A.Attribute] = {}
        if cls.short_form and p.parse_optional_punct("{"):
            pos = p.skip()
            payload = p.parse_optional_bare_id()
            if payload is None or lookup_opdef(payload) is None:
                raise p.error("expected operation name", pos)
            payload_attrs = p.parse_optional_attr_dict()
            p.parse_punct("}")
        ins, outs = cls.parse_ins_outs(p)
        attrs: dict[str, A.Attribute] = {}
        if cls.dims_name is not None:
            attrs[cls.dims_name] = _parse_dims(p, cls.dims_name)
        attrs.update(p.parse_optional_attr_dict())
        if payload is not None:
            region = cls._short_body(payload, payload_attrs, ins, outs)
        elif cls.short_form:
            region = cls._parse_body(p)
        else:
            block = Block([_elem(v.type) for v in ins + outs])
            _yield_only()(block)
            region = Region([block])
        return cls.build(cls.group_values(ins, outs), {"result": cls._results_of(outs)}, attrs, [region])

    @classmethod
    def group_values(cls, ins: list[Any], outs: list[Any]) -> dict[str, Any]:
        return {cls.operands[0].name: ins, cls.operands[1].name: outs}

    @staticmethod
    def _parse_body(p: Any) -> Region:
        p.parse_punct("(")
        entry: list[tuple[Any, T.Type, Any]] = []
        if not p.parse_optional_punct(")"):
            while True:
                ref = p.parse_operand()
                p.parse_punct(":")
                entry.append((ref, p.parse_type(), None))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        return p.parse_region(entry)

    @classmethod
    def _short_body(cls, name: str, attrs: dict[str, A.Attribute], ins: list[Any], outs: list[Any]) -> Region:
        block = Block([_elem(v.type) for v in ins + outs])
        args = list(block.args)
        operands = [args[-1], *args[:-1]] if cls.init_first else args[:len(ins)]
        od = lookup_opdef(name)
        full = {**od.default_attrs, **attrs}
        pl = Operation.create(name, operands, [_elem(outs[0].type)], full, opdef=od)
        block.append(pl)
        yod = lookup_opdef("linalg.yield")
        block.append(Operation.create("linalg.yield", [pl.results[0]], [], {}, opdef=yod))
        return Region([block])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        pl = cls.payload(op) if cls.short_form else None
        s = ""
        if pl is not None:
            fm = [k for k, v in pl.attributes.items() if isinstance(v, A.KeywordAttr)
                  and v.name == "arith.fastmath" and v.value == "none"][:1]
            s += " { " + pl.name + pr.attr_dict_text(pl.attributes, tuple(fm)) + " }"
        s += cls.ins_outs_text(pr, op)
        elided: tuple[str, ...] = ()
        if cls.dims_name is not None:
            s += _dims_text(cls.dims_name, op.attributes.get(cls.dims_name))
            elided = (cls.dims_name,)
        s += pr.attr_dict_text(op.attributes, elided)
        if cls.short_form and pl is None:
            b = op.regions[0].blocks[0]
            pr.indent += 1
            ind = "  " * pr.indent
            body = pr.region_text(op.regions[0], print_entry_args=False)
            head = ", ".join(f"{pr.value(a)}: {pr.type_text(a.type)}" for a in b.args)
            pr.indent -= 1
            s += f"\n{ind}({head}) {body}"
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        outs = cls.operand_group(op, cls.operands[1].name)
        if [r.type for r in op.results] != cls._results_of(list(outs)):
            raise VerifyError("expected the number of tensor results to be equal to the number of output tensors",
                              op)


class MapOp(_DstOp):
    name = "linalg.map"
    operands = (variadic("inputs"), single("init"))
    results = (variadic("result"),)
    regions = ("mapper",)
    props = ()
    short_form = True
    asm_names = staticmethod(lambda op: ["mapped"])


class ReduceOp(_DstOp):
    name = "linalg.reduce"
    operands = (variadic("inputs"), variadic("inits"))
    results = (variadic("result"),)
    regions = ("combiner",)
    props = ("dimensions",)
    dims_name = "dimensions"
    short_form = True
    init_first = True
    asm_names = staticmethod(lambda op: ["reduced"])
    _needs_oseg = False  # (no operandSegmentSizes: the two groups have the same size)

    @classmethod
    def operand_segments(cls, op: Operation) -> list[int]:
        """``SameVariadicOperandSize``: the inputs and the inits split the operands in half."""
        n = len(op.operands) // 2
        return [n, len(op.operands) - n]


class TransposeOp(_DstOp):
    name = "linalg.transpose"
    operands = (single("input"), single("init"))
    results = (variadic("result"),)
    regions = ("region",)
    props = ("permutation",)
    dims_name = "permutation"
    asm_names = staticmethod(lambda op: ["transposed"])


class BroadcastOp(_DstOp):
    name = "linalg.broadcast"
    operands = (single("input"), single("init"))
    results = (variadic("result"),)
    regions = ("region",)
    props = ("dimensions",)
    dims_name = "dimensions"
    asm_names = staticmethod(lambda op: ["broadcasted"])
