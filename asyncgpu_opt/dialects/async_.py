"""async dialect: execute/yield/await, groups (runtime ops are not modelled)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._regions import check_edge, ensure_terminator, parse_optional_arrow_types, terminator

TOKEN = T.async_token
GROUP = T.async_group


def _unwrap(t: T.Type) -> T.Type:
    return t.value_type if isinstance(t, T.AsyncValueType) else t


def _compat(a: T.Type, b: T.Type) -> bool:
    return _unwrap(a) == _unwrap(b)


def _exec_names(op: Operation) -> list[str | None]:
    return ["token"] + (["bodyResults"] if len(op.results) > 1 else [])


class ExecuteOp(OpDef):
    """async.execute ([deps])? ((%v as %a: type, ...))? (-> types)? attr-dict-with-keyword region"""

    name = "async.execute"
    operands = (variadic("dependencies", TOKEN), variadic("bodyOperands"))
    results = (single("token", TOKEN), variadic("bodyResults"))
    props = ("operandSegmentSizes",)
    regions = ("bodyRegion",)
    traits = frozenset({"SingleBlockImplicitTerminator", "RegionBranchOpInterface", "AttrSizedOperandSegments"})
    region_runs = "async"
    asm_names = staticmethod(_exec_names)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        deps: list[Any] = []
        if p.peek("["):
            deps = [p.resolve(r, TOKEN) for r in p.parse_operand_list("[]")]
        vals: list[Any] = []
        args: list[tuple[Any, T.Type, Any]] = []
        if p.parse_optional_punct("("):
            if not p.parse_optional_punct(")"):
                while True:
                    v = p.parse_operand()
                    p.parse_keyword("as")
                    a = p.parse_operand()
                    p.parse_punct(":")
                    t = p.parse_type()
                    vals.append(p.resolve(v, t))
                    args.append((a, _unwrap(t), None))
                    if not p.parse_optional_punct(","):
                        break
                p.parse_punct(")")
        types = parse_optional_arrow_types(p)
        attrs = p.parse_optional_attr_dict_with_keyword()
        region = p.parse_region(entry_args=args)
        ensure_terminator(region, "async.yield")
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(deps), len(vals)])
        return Operation.create(cls.name, deps + vals, [TOKEN] + types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        deps = cls.operand_group(op, "dependencies")
        vals = cls.operand_group(op, "bodyOperands")
        s = ""
        if deps:
            s += " [" + pr.values(deps) + "]"
        if vals:
            entry = op.regions[0].blocks[0]
            s += " (" + ", ".join(f"{pr.value(v)} as {pr.value(a)}: {pr.type_text(v.type)}"
                                  for v, a in zip(vals, entry.args)) + ")"
        rts = [r.type for r in op.results[1:]]
        if rts:
            s += " -> " + (pr.type_text(rts[0]) if len(rts) == 1 else "(" + pr.types(rts) + ")")
        s += pr.attr_dict_text(op.attributes, ("operandSegmentSizes",), with_keyword=True)
        return s + " " + pr.region_text(op.regions[0], False, True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, r in enumerate(op.results[1:]):
            if not isinstance(r.type, T.AsyncValueType):
                raise VerifyError(f"result #{i + 1} must be variadic of async value type, but got '{r.type}'", op)
        t = terminator(op.regions[0])
        if t is not None and t.name == "async.yield":
            check_edge(op, t, "parent", list(t.operands), [r.type for r in op.results[1:]], _compat)


class YieldOp(OpDef):
    name = "async.yield"
    operands = (variadic("operands"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike", "HasParent"})
    assembly_format = "($operands^ `:` type($operands))? attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.parent_op is None or op.parent_op.name != "async.execute":
            raise VerifyError("expects parent op 'async.execute'", op)


class AwaitOp(OpDef):
    """async.await %operand `:` type attr-dict (result type implied by the operand)"""

    name = "async.await"
    operands = (single("operand"),)
    results = (variadic("result"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        r = p.parse_operand()
        p.parse_punct(":")
        t = p.parse_type()
        attrs = p.parse_optional_attr_dict()
        rts = [t.value_type] if isinstance(t, T.AsyncValueType) else []
        return Operation.create(cls.name, [p.resolve(r, t)], rts, attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        v = op.operands[0]
        return f" {pr.value(v)} : {pr.type_text(v.type)}" + pr.attr_dict_text(op.attributes)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not isinstance(t, T.AsyncValueType) and t != TOKEN:
            raise VerifyError(f"operand #0 must be async value type or async token type, but got '{t}'", op)
        if len(op.results) > 1:
            raise VerifyError(f"result group starting at #0 requires 0 or 1 element, but found {len(op.results)}",
                              op)
        if t == TOKEN and op.results:
            raise VerifyError("awaiting a token must have empty result", op)
        if isinstance(t, T.AsyncValueType):
            if not op.results:
                raise VerifyError(f"result type '' does not match async value type '{t.value_type}'", op)
            if op.results[0].type != t.value_type:
                raise VerifyError(f"result type '{op.results[0].type}' does not match async value type "
                                  f"'{t.value_type}'", op)


class CreateGroupOp(OpDef):
    name = "async.create_group"
    operands = (single("size", T.index),)
    results = (single("result", GROUP),)
    assembly_format = "$size `:` type($result) attr-dict"


class AddToGroupOp(OpDef):
    name = "async.add_to_group"
    operands = (single("operand"), single("group", GROUP))
    results = (single("rank", T.index),)
    assembly_format = "$operand `,` $group `:` type($operand) attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not isinstance(t, T.AsyncValueType) and t != TOKEN:
            raise VerifyError(f"operand #0 must be async value type or async token type, but got '{t}'", op)


class AwaitAllOp(OpDef):
    name = "async.await_all"
    operands = (single("operand", GROUP),)
    assembly_format = "$operand attr-dict"
