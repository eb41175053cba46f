"""cf dialect: ``cf.br``, ``cf.cond_br``, ``cf.switch``, ``cf.assert``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._common import check_str_attr, str_attr_parser

BRANCH = frozenset({"Terminator", "Pure", "BranchOpInterface"})


def parse_successor_and_operands(p: Any) -> tuple[Block, list[Any]]:
    """successor ::= caret-id (`(` ssa-use-list `:` type-list `)`)?"""
    b = p.parse_successor()
    vals: list[Any] = []
    if p.parse_optional_punct("("):
        refs = p.parse_operand_list()
        p.parse_punct(":")
        ts = [p.parse_type()]
        while p.parse_optional_punct(","):
            ts.append(p.parse_type())
        p.parse_punct(")")
        if len(ts) != len(refs):
            raise p.error(f"{len(refs)} operands present, but expected {len(ts)}")
        vals = [p.resolve(r, t) for r, t in zip(refs, ts)]
    return b, vals


def verify_successor_operands(op: Operation) -> None:
    for i, b in enumerate(op.successors):
        vals = op.opdef.successor_operands(op, i)
        if len(vals) != len(b.args):
            raise VerifyError(f"branch has {len(vals)} operands for successor #{i}, but target block has "
                              f"{len(b.args)}", op, raw=True)
        for j, (v, a) in enumerate(zip(vals, b.args)):
            if v.type != a.type:
                raise VerifyError(f"type mismatch for bb argument #{j} of successor #{i}", op, raw=True)


class BranchOp(OpDef):
    name = "cf.br"
    operands = (variadic("destOperands"),)
    num_successors = 1
    traits = BRANCH
    successor_groups = ("destOperands",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        b, vals = parse_successor_and_operands(p)
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, vals, (), attrs, (), [b], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return " " + pr.successor_text(op.successors[0], op.operands) + pr.attr_dict_text(op.attributes)

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_successor_operands(op)


class CondBranchOp(OpDef):
    name = "cf.cond_br"
    operands = (single("condition", T.i1), variadic("trueDestOperands"), variadic("falseDestOperands"))
    successor_groups = ("trueDestOperands", "falseDestOperands")
    props = ("branch_weights", "operandSegmentSizes")
    num_successors = 2
    traits = BRANCH


    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        c = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("weights"):
            p.parse_punct("(")
            p.parse_punct("[")
            ws: list[int] = []
            if not p.parse_optional_punct("]"):
                while True:
                    ws.append(p.parse_integer())
                    if not p.parse_optional_punct(","):
                        break
                p.parse_punct("]")
            p.parse_punct(")")
            attrs["branch_weights"] = A.DenseArrayAttr(T.i32, ws)
        p.parse_punct(",")
        cv = p.resolve(c, T.i1)
        tb, tv = parse_successor_and_operands(p)
        p.parse_punct(",")
        fb, fv = parse_successor_and_operands(p)
        attrs.update(p.parse_optional_attr_dict())
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [1, len(tv), len(fv)])
        return Operation.create(cls.name, [cv] + tv + fv, (), attrs, (), [tb, fb], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.value(op.operands[0])
        w = op.attributes.get("branch_weights")
        if isinstance(w, A.DenseArrayAttr):
            s += " weights([" + ", ".join(str(x) for x in w.values) + "])"
        s += ", " + pr.successor_text(op.successors[0], cls.successor_operands(op, 0))
        s += ", " + pr.successor_text(op.successors[1], cls.successor_operands(op, 1))
        return s + pr.attr_dict_text(op.attributes, ("branch_weights", "operandSegmentSizes"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        w = op.attributes.get("branch_weights")
        if isinstance(w, A.DenseArrayAttr) and w.values:  # BranchWeightOpInterface's verifier
            if len(w.values) != 2:
                raise VerifyError(f"expects number of branch weights to match number of successors: "
                                  f"{len(w.values)} vs 2", op, raw=True)
            if not any(w.values):
                raise VerifyError("branch weights cannot all be zero", op, raw=True)
        verify_successor_operands(op)


class SwitchOp(OpDef):
    name = "cf.switch"
    operands = (single("flag"), variadic("defaultOperands"), variadic("caseOperands"))
    props = ("case_values", "case_operand_segments", "branch_weights", "operandSegmentSizes")
    num_successors = None
    traits = BRANCH

    @classmethod
    def successor_operand_range(cls, op: Operation, i: int) -> tuple[int, int]:
        """Successor 0 (the default) gets ``defaultOperands``, case ``k`` the ``k``-th segment of
        ``caseOperands`` (sizes in ``case_operand_segments``)."""
        n_default = cls.operand_segments(op)[1]
        if i == 0:
            return 1, 1 + n_default
        seg = op.attributes["case_operand_segments"].values
        start = 1 + n_default + int(sum(seg[: i - 1]))
        return start, start + int(seg[i - 1])

    @classmethod
    def set_successor_operands(cls, op: Operation, i: int, values: Sequence[Any]) -> None:
        if i == 0:
            cls.set_operand_group(op, "defaultOperands", values)
            return
        seg = list(op.attributes["case_operand_segments"].values)
        cases = list(cls.operand_group(op, "caseOperands"))
        start = sum(seg[: i - 1])
        cases[start: start + seg[i - 1]] = values
        seg[i - 1] = len(values)
        cls.set_operand_group(op, "caseOperands", cases)
        op.attributes = {**op.attributes, "case_operand_segments": A.DenseArrayAttr(T.i32, seg)}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        fr = p.parse_operand()
        p.parse_punct(":")
        ft = p.parse_type()
        flag = p.resolve(fr, ft)
        p.parse_punct(",")
        p.parse_punct("[")
        if not p.parse_optional_keyword("default"):
            raise p.error("custom op 'cf.switch' expected 'default'", p.skip())
        p.parse_punct(":")
        db, dv = parse_successor_and_operands(p)
        values: list[int] = []
        succ = [db]
        case_ops: list[Any] = []
        seg: list[int] = []
        while p.parse_optional_punct(","):
            cls.parse_case(p, values, succ, case_ops, seg)
        p.parse_punct("]")
        return cls.build(flag, dv, values, ft, case_ops, seg, succ, p.parse_optional_attr_dict())

    # the case values of llvm.switch (a subclass) are not range-checked while parsing
    check_case_range = True

    @classmethod
    def parse_case(cls, p: Any, values: list[int], succ: list[Any], case_ops: list[Any], seg: list[int]) -> None:
        """One case: integer `:` successor (operands)?, appended to the lists being built."""
        vpos = p.skip()
        neg = p.parse_optional_punct("-")
        v = p.parse_optional_integer()
        if v is None:
            raise p.error(f"custom op '{cls.name}' expected integer value", vpos)
        v = -v if neg else v
        if cls.check_case_range and not -(2**63) <= v < 2**63:
            raise p.error(f"custom op '{cls.name}' integer value too large", vpos)
        values.append(v)
        p.parse_punct(":")
        b, vs = parse_successor_and_operands(p)
        succ.append(b)
        case_ops.extend(vs)
        seg.append(len(vs))

    @classmethod
    def build(cls, flag: Any, default_ops: list[Any], values: list[int], flag_type: T.Type, case_ops: list[Any],
              seg: list[int], succ: list[Any], attrs: dict[str, Any]) -> Operation:
        """The op from its parsed parts (``succ``: the default destination first)."""
        if values:
            attrs["case_values"] = A.DenseElementsAttr(T.VectorType([len(values)], flag_type), values)
        attrs["case_operand_segments"] = A.DenseArrayAttr(T.i32, seg)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [1, len(default_ops), len(case_ops)])
        return Operation.create(cls.name, [flag, *default_ops, *case_ops], (), attrs, (), succ, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        flag = op.operands[0]
        ind = "  " * pr.indent
        s = f" {pr.value(flag)} : {pr.type_text(flag.type)}, [\n"
        lines = [ind + "  default: " + pr.successor_text(op.successors[0], cls.successor_operands(op, 0))]
        cv = op.attributes.get("case_values")
        vals = cv.flat_values() if cv is not None else []
        for i, v in enumerate(vals):
            lines.append(ind + f"  {v}: " + pr.successor_text(op.successors[i + 1],
                                                            cls.successor_operands(op, i + 1)))
        s += ",\n".join(lines) + "\n" + ind + "]"
        return s + pr.attr_dict_text(op.attributes, ("case_values", "case_operand_segments",
                                                     "operandSegmentSizes"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_successor_operands(op)


class AssertOp(OpDef):
    name = "cf.assert"
    operands = (single("arg", T.i1),)
    props = ("msg",)
    attr_printers = {"msg": lambda pr, a: A.quote_string(a.value)}
    attr_parsers = {"msg": str_attr_parser}
    assembly_format = "$arg `,` $msg attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_str_attr(op, "msg")
