"""scf dialect: for, if, while/condition, parallel/reduce, execute_region, index_switch, yield."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, Region
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._regions import (
    arrow_types_text,
    check_edge,
    elidable_terminator,
    ensure_terminator,
    init_list_text,
    parse_init_list,
    parse_optional_arrow_types,
    terminator,
)

TERM = frozenset({"Terminator", "Pure", "ReturnLike"})
LOOP = frozenset({"RecursiveMemoryEffects", "RegionBranchOpInterface", "LoopLikeOpInterface"})


def _yield_values(region: Region) -> tuple[Operation | None, list[Any]]:
    t = terminator(region)
    return t, (list(t.operands) if t is not None and t.name == "scf.yield" else [])


def _terminator_of(op: Operation, region: Region, name: str, message: str) -> Operation:
    """MLIR's ``verifyAndGetTerminator``: the region's last op, which must be ``name``."""
    block = region.blocks[0]
    if not block.ops:
        raise VerifyError("expects a non-empty block", op)
    last = block.ops[-1]
    if last.name != name:
        raise VerifyError(message, op, [(last.loc, "terminator here")])
    return last


class ForOp(OpDef):
    """scf.for (`unsigned`)? %iv = %lb to %ub step %step (iter_args(...) -> (types))? (`:` type)? region"""

    name = "scf.for"
    operands = (single("lowerBound"), single("upperBound"), single("step"), variadic("initArgs"))
    results = (variadic("results"),)
    props = ("unsignedCmp",)
    regions = ("region",)
    traits = LOOP | {"SingleBlockImplicitTerminator"}
    region_runs = "loop"
    implicit_terminator = "scf.yield"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("unsigned"):
            attrs["unsignedCmp"] = A.UNIT
        iv = p.parse_operand()
        p.parse_punct("=")
        lb = p.parse_operand()
        p.parse_keyword("to")
        ub = p.parse_operand()
        p.parse_keyword("step")
        step = p.parse_operand()
        args, inits, types = [], [], []
        if p.parse_optional_keyword("iter_args"):
            args, inits = parse_init_list(p)
            p.parse_punct("->")
            types = p.parse_function_results()
            if len(types) != len(args):
                raise p.error("custom op 'scf.for' mismatch in number of loop-carried values and defined values",
                              p.name_pos)
        ivt: T.Type = T.index
        if p.parse_optional_punct(":"):
            ivt = p.parse_type()
        region = p.parse_region(entry_args=[(iv, ivt, None)] + [(a, t, None) for a, t in zip(args, types)])
        ensure_terminator(region, "scf.yield")
        # resolved after the region, as upstream (operands defined inside it are caught later)
        ops = [p.resolve(lb, ivt), p.resolve(ub, ivt), p.resolve(step, ivt)]
        ops += [p.resolve(r, t) for r, t in zip(inits, types)]
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, ops, types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        body = op.regions[0].blocks[0]
        s = " unsigned" if "unsignedCmp" in op.attributes else ""
        s += (f" {pr.value(body.args[0])} = {pr.value(op.operands[0])} to {pr.value(op.operands[1])} "
              f"step {pr.value(op.operands[2])}")
        inits = op.operands[3:]
        s += init_list_text(pr, body.args[1:], inits, " iter_args")
        if inits:
            s += " -> (" + pr.types([v.type for v in inits]) + ")"
        s += " "
        if body.args[0].type != T.index:
            s += " : " + pr.type_text(body.args[0].type) + " "
        s += pr.region_text(op.regions[0], False, bool(inits))
        return s + pr.attr_dict_text(op.attributes, ("unsignedCmp",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands[:3]):
            if not (v.type == T.index or (isinstance(v.type, T.IntegerType) and v.type.signedness == "")):
                raise VerifyError(f"operand #{i} must be signless integer or index, but got '{v.type}'", op)
        if len({v.type.text for v in op.operands[:3]}) != 1:
            raise VerifyError("failed to verify that all of {lowerBound, upperBound, step} have same type", op)
        r = op.regions[0]
        if len(r.blocks) > 1:
            raise VerifyError("expects region #0 to have 0 or 1 blocks", op)
        if not r.blocks:
            raise VerifyError("region #0 ('region') failed to verify constraint: region with 1 blocks", op)
        inits = op.operands[3:]
        if len(inits) != len(op.results):
            raise VerifyError("mismatch in number of loop-carried values and defined values", op)
        body = r.blocks[0]
        ivt = op.operands[0].type
        if not body.args or body.args[0].type != ivt:
            raise VerifyError("expected induction variable to be same type as bounds and step", op)
        iter_args = body.args[1:]
        t, ys = _yield_values(r)
        # LoopLikeOpInterface's verifier
        if len(inits) != len(iter_args):
            raise VerifyError(f"different number of inits and region iter_args: {len(inits)} != {len(iter_args)}",
                              op)
        # (observed on 22.1.8: a yield without operands is left to the region-branch edge check below)
        if t is not None and ys and len(iter_args) != len(ys):
            raise VerifyError(f"different number of region iter_args and yielded values: {len(iter_args)} != "
                              f"{len(ys)}", op)
        for i, (v, a) in enumerate(zip(inits, iter_args)):
            if v.type != a.type:
                raise VerifyError(f"{i}-th init and {i}-th region iter_arg have different type: '{v.type}' != "
                                  f"'{a.type}'", op)
        for i, (a, y) in enumerate(zip(iter_args, ys)):
            if a.type != y.type:
                raise VerifyError(f"{i}-th region iter_arg and {i}-th yielded value have different type: "
                                  f"'{a.type}' != '{y.type}'", op)
        for i, (a, res) in enumerate(zip(iter_args, op.results)):
            if a.type != res.type:
                raise VerifyError(f"{i}-th region iter_arg and {i}-th loop result have different type: "
                                  f"'{a.type}' != '{res.type}'", op)
        check_edge(op, None, "Region #0", inits, [a.type for a in body.args[1:]])
        if t is not None:
            check_edge(op, t, "Region #0", ys, [a.type for a in body.args[1:]])
            check_edge(op, t, "parent results", ys, [x.type for x in op.results])


class IfOp(OpDef):
    """scf.if %cond (`->` types)? region (`else` region)? attr-dict"""

    name = "scf.if"
    operands = (single("condition"),)  # i1, checked in verify with upstream's text
    results = (variadic("results"),)
    regions = ("thenRegion", "elseRegion")
    traits = frozenset({"RecursiveMemoryEffects", "RegionBranchOpInterface", "SingleBlockImplicitTerminator",
                        "NoRegionArguments"})
    region_runs = "at-most-one"
    implicit_terminator = "scf.yield"

    @classmethod
    def region_control(cls, op: Operation) -> str | None:
        """With an else region exactly one of the two regions runs; without, at most the then."""
        return "one" if len(op.regions) > 1 and op.regions[1].blocks else "at-most-one"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        c = p.resolve(p.parse_operand(), T.i1)
        types = parse_optional_arrow_types(p)
        then = p.parse_region(entry_args=[])
        ensure_terminator(then, "scf.yield")
        els = Region()
        if p.parse_optional_keyword("else"):
            els = p.parse_region(entry_args=[])
            ensure_terminator(els, "scf.yield")
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, [c], types, attrs, [then, els], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.value(op.operands[0])
        if op.results:
            s += " -> (" + pr.types([r.type for r in op.results]) + ")"
        term = bool(op.results)
        s += " " + pr.region_text(op.regions[0], False, term)
        if op.regions[1].blocks:
            s += " else " + pr.region_text(op.regions[1], False, term)
        return s + pr.attr_dict_text(op.attributes)

    @classmethod
    def verify(cls, op: Operation) -> None:
        c = op.operands[0].type
        if c != T.i1:
            raise VerifyError(f"operand #0 must be 1-bit signless integer, but got '{c}'", op)
        for i, r in enumerate(op.regions):
            if len(r.blocks) > 1:
                raise VerifyError(f"expects region #{i} to have 0 or 1 blocks", op)
        for i, r in enumerate(op.regions):
            if r.blocks and r.blocks[0].args:
                raise VerifyError(f"region #{i} should have no arguments", op)
        if op.results and not op.regions[1].blocks:
            raise VerifyError("must have an else block if defining values", op)
        rts = [r.type for r in op.results]
        for r in op.regions:
            if r.blocks:
                t, ys = _yield_values(r)
                if t is not None:
                    check_edge(op, t, "parent", ys, rts)


class YieldOp(OpDef):
    name = "scf.yield"
    operands = (variadic("results"),)
    traits = TERM | {"HasParent"}
    assembly_format = "attr-dict ($results^ `:` type($results))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        ok = ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")
        if parent is None or parent.name not in ok:
            raise VerifyError("expects parent op to be one of 'scf.execute_region, scf.for, scf.if, "
                              "scf.index_switch, scf.while'", op)


class WhileOp(OpDef):
    """scf.while (`(` %arg = %init, ... `)`)? `:` function-type region `do` region attr-dict-with-keyword"""

    name = "scf.while"
    operands = (variadic("inits"),)
    results = (variadic("results"),)
    regions = ("before", "after")
    traits = frozenset({"RecursiveMemoryEffects", "RegionBranchOpInterface", "LoopLikeOpInterface"})
    region_runs = "loop"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        args, inits = [], []
        if p.peek("("):
            args, inits = parse_init_list(p)
        p.parse_punct(":")
        tpos = p.skip()
        ft = p.parse_type()
        if not isinstance(ft, T.FunctionType):
            raise p.error("expected function type", tpos)
        if len(ft.inputs) != len(inits):
            raise p.error("expected as many input types as operands (expected " f"{len(inits)} got "
                          f"{len(ft.inputs)})", tpos)
        ops = [p.resolve(r, t) for r, t in zip(inits, ft.inputs)]
        before = p.parse_region(entry_args=[(a, t, None) for a, t in zip(args, ft.inputs)])
        p.parse_keyword("do")
        after = p.parse_region()
        attrs = p.parse_optional_attr_dict_with_keyword()
        return Operation.create(cls.name, ops, ft.results, attrs, [before, after], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        before = op.regions[0].blocks[0]
        s = init_list_text(pr, before.args, op.operands, " ")
        s += " : " + pr.function_type_text([v.type for v in op.operands], [r.type for r in op.results])
        s += " " + pr.region_text(op.regions[0], False, True)
        s += " do " + pr.region_text(op.regions[1], True, True)
        return s + pr.attr_dict_text(op.attributes, (), with_keyword=True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        before, after = op.regions
        if not before.blocks or not after.blocks:
            raise VerifyError("region #0 ('before') failed to verify constraint: region with 1 blocks"
                              if not before.blocks else "region #1 ('after') failed to verify constraint: "
                              "region with 1 blocks", op)
        bargs = [a.type for a in before.blocks[0].args]
        aargs = [a.type for a in after.blocks[0].args]
        check_edge(op, None, "Region #0", op.operands, bargs)
        cond = _terminator_of(op, before, "scf.condition",
                              "expects the 'before' region to terminate with 'scf.condition'")
        cvals = list(cond.operands[1:])
        check_edge(op, cond, "parent", cvals, [r.type for r in op.results])
        check_edge(op, cond, "Region #1", cvals, aargs)
        y = _terminator_of(op, after, "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")
        check_edge(op, y, "Region #0", list(y.operands), bargs)


class ConditionOp(OpDef):
    name = "scf.condition"
    operands = (single("condition", T.i1), variadic("args"))
    traits = TERM | {"HasParent"}
    assembly_format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.parent_op is None or op.parent_op.name != "scf.while":
            raise VerifyError("expects parent op 'scf.while'", op)


class ParallelOp(OpDef):
    """scf.parallel (ivs) = (lbs) to (ubs) step (steps) (init (vals))? (-> types)? region attr-dict"""

    name = "scf.parallel"
    operands = (variadic("lowerBound", T.index), variadic("upperBound", T.index), variadic("step", T.index),
                variadic("initVals"))
    results = (variadic("results"),)
    props = ("operandSegmentSizes",)
    regions = ("region",)
    traits = frozenset({"RecursiveMemoryEffects", "SingleBlockImplicitTerminator", "LoopLikeOpInterface"})
    implicit_terminator = "scf.reduce"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ivs = p.parse_operand_list("()")

        def bound_list() -> list[Any]:
            pos = p.skip()
            refs = p.parse_operand_list("()")
            if len(refs) != len(ivs):
                raise p.error(f"custom op 'scf.parallel' expected {len(ivs)} operands", pos)
            return refs

        p.parse_punct("=")
        lbs = bound_list()
        p.parse_keyword("to")
        ubs = bound_list()
        p.parse_keyword("step")
        steps = bound_list()
        inits = []
        if p.parse_optional_keyword("init"):
            inits = p.parse_operand_list("()")
        types = parse_optional_arrow_types(p)
        if len(types) != len(inits):
            raise p.error(f"custom op 'scf.parallel' number of operands and types do not match: got {len(inits)} "
                          f"operands and {len(types)} types", p.name_pos)
        vals = [p.resolve(r, T.index) for r in lbs + ubs + steps] + [p.resolve(r, t) for r, t in zip(inits, types)]
        region = p.parse_region(entry_args=[(r, T.index, None) for r in ivs])
        ensure_terminator(region, "scf.reduce")
        attrs = p.parse_optional_attr_dict()
        n = len(ivs)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [n, n, n, len(inits)])
        return Operation.create(cls.name, vals, types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        body = op.regions[0].blocks[0]
        s = (f" ({pr.values(body.args)}) = ({pr.values(g('lowerBound'))}) to ({pr.values(g('upperBound'))}) "
             f"step ({pr.values(g('step'))})")
        if g("initVals"):
            s += f" init ({pr.values(g('initVals'))})"
        s += arrow_types_text(pr, [r.type for r in op.results])
        s += " " + pr.region_text(op.regions[0], False, True)
        return s + pr.attr_dict_text(op.attributes, ("operandSegmentSizes",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        steps = cls.operand_group(op, "step")
        if not steps:
            raise VerifyError("needs at least one tuple element for lowerBound, upperBound and step", op)
        for v in steps:
            d = getattr(v, "op", None)
            c = d.attributes.get("value") if d is not None and d.name == "arith.constant" else None
            if isinstance(c, A.IntegerAttr) and c.value <= 0:
                raise VerifyError("constant step operand must be positive", op)
        body = op.regions[0].blocks[0] if op.regions[0].blocks else None
        nargs = len(body.args) if body is not None else 0
        if nargs != len(steps):
            raise VerifyError(f"expects the same number of induction variables: {nargs} as bound and step values: "
                              f"{len(steps)}", op)
        if body is not None and any(a.type != T.index for a in body.args):
            raise VerifyError("expects arguments for the induction variable to be of index type", op)
        t = _terminator_of(op, op.regions[0], "scf.reduce", "expects body to terminate with 'scf.reduce'")
        if len(t.operands) != len(op.results):
            raise VerifyError(f"expects number of results: {len(op.results)} to be the same as number of "
                              f"reductions: {len(t.operands)}", op)
        inits = cls.operand_group(op, "initVals")
        if len(inits) != len(op.results):
            raise VerifyError(f"expects number of results: {len(op.results)} to be the same as number of initial "
                              f"values: {len(inits)}", op)
        for i, (r, v) in enumerate(zip(op.results, t.operands)):
            if r.type != v.type:
                raise VerifyError(f"expects type of {i}-th reduction operand: '{v.type}' to be the same as the "
                                  f"{i}-th result type: '{r.type}'", t)


class ReduceOp(OpDef):
    """scf.reduce (`(` operands `:` types `)`)? (region (`,` region)*)? attr-dict"""

    name = "scf.reduce"
    operands = (variadic("operands"),)
    regions = ()
    traits = TERM | {"HasParent"}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        vals: list[Any] = []
        regions: list[Region] = []
        if p.parse_optional_punct("("):
            refs = p.parse_operand_list()
            p.parse_punct(":")
            ts = p.parse_type_list()
            p.parse_punct(")")
            vals = [p.resolve(r, t) for r, t in zip(refs, ts)]
            if p.peek("{"):
                while True:
                    regions.append(p.parse_region())
                    if not p.parse_optional_punct(","):
                        break
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, vals, (), attrs, regions, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        if op.operands:
            s += f"({pr.values(op.operands)} : {pr.types([v.type for v in op.operands])})"
        s += " " + ", ".join(pr.region_text(r, True, True) for r in op.regions)
        return s + pr.attr_dict_text(op.attributes)

    @classmethod
    def verify_structure(cls, op: Operation) -> None:
        if len(op.regions) != len(op.operands):
            raise VerifyError(f"expects number of reduction regions: {len(op.regions)} to be the same as "
                              f"number of reduction operands: {len(op.operands)}", op)

    @classmethod
    def verify_parent(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is not None and parent.name != "scf.parallel":
            raise VerifyError("expects parent op 'scf.parallel'", op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        cls.verify_parent(op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        for i, (v, r) in enumerate(zip(op.operands, op.regions)):
            b = r.blocks[0] if r.blocks else None
            if b is None or len(b.args) != 2 or any(a.type != v.type for a in b.args):
                raise VerifyError(f"expected two block arguments with type '{v.type}' in the {i}-th reduction "
                                  "region", op)
            t = b.ops[-1] if b.ops else None
            if t is None or t.name != "scf.reduce.return":
                raise VerifyError("reduction bodies must be terminated with an 'scf.reduce.return' op", op)


class ReduceReturnOp(OpDef):
    name = "scf.reduce.return"
    operands = (single("result"),)
    traits = TERM | {"HasParent"}
    assembly_format = "$result attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        red = op.parent_op
        if red is None or red.name != "scf.reduce":
            raise VerifyError("expects parent op 'scf.reduce'", op)
        region = op.parent.parent if op.parent is not None else None
        idx = next((i for i, r in enumerate(red.regions) if r is region), None)
        if idx is not None and idx < len(red.operands):
            want = red.operands[idx].type
            if op.operands[0].type != want:
                raise VerifyError(f"must have type '{want}' (the type of the reduction inputs)", op)


class ExecuteRegionOp(OpDef):
    """scf.execute_region (`->` types)? `no_inline`? region attr-dict"""

    name = "scf.execute_region"
    results = (variadic("results"),)
    props = ("no_inline",)
    regions = ("region",)
    traits = frozenset({"RecursiveMemoryEffects", "RegionBranchOpInterface"})
    region_runs = "one"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        types = parse_optional_arrow_types(p)
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("no_inline"):
            attrs["no_inline"] = A.UNIT
        region = p.parse_region(entry_args=[])
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, (), types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = arrow_types_text(pr, [r.type for r in op.results]) + " "
        if "no_inline" in op.attributes:
            s += "no_inline "
        s += pr.region_text(op.regions[0], False, True)
        return s + pr.attr_dict_text(op.attributes, ("no_inline",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = op.regions[0]
        if not r.blocks:
            raise VerifyError("region needs to have at least one block", op)
        if r.blocks[0].args:
            raise VerifyError("region cannot have any arguments", op)
        for b in r.blocks:
            t = b.ops[-1] if b.ops else None
            if t is not None and t.name == "scf.yield":
                check_edge(op, t, "parent", list(t.operands), [x.type for x in op.results])


class IndexSwitchOp(OpDef):
    """scf.index_switch %arg attr-dict (`->` types)? (`case` int region)* `default` region"""

    name = "scf.index_switch"
    operands = (single("arg", T.index),)
    results = (variadic("results"),)
    props = ("cases",)
    prop_kinds = {"cases": A.DenseArrayAttr}
    regions = ("defaultRegion",)  # plus the variadic caseRegions
    traits = frozenset({"RecursiveMemoryEffects", "RegionBranchOpInterface", "SingleBlockImplicitTerminator"})
    region_runs = "one"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        arg = p.resolve(p.parse_operand(), T.index)
        attrs = p.parse_optional_attr_dict()
        types: list[T.Type] = []
        if p.parse_optional_punct("->"):
            types = p.parse_type_list()
        cases: list[int] = []
        regions: list[Region] = []
        while p.parse_optional_keyword("case"):
            neg = p.parse_optional_punct("-")
            v = p.parse_integer()
            cases.append(-v if neg else v)
            r = p.parse_region(entry_args=[])
            ensure_terminator(r, "scf.yield")
            regions.append(r)
        p.parse_keyword("default")
        d = p.parse_region(entry_args=[])
        ensure_terminator(d, "scf.yield")
        attrs["cases"] = A.DenseArrayAttr(T.i64, cases)
        return Operation.create(cls.name, [arg], types, attrs, [d] + regions, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.value(op.operands[0]) + pr.attr_dict_text(op.attributes, ("cases",))
        if op.results:
            s += " -> " + pr.types([r.type for r in op.results])
        s += " "
        ind = "  " * pr.indent
        cases = op.attributes["cases"].values
        for v, r in zip(cases, op.regions[1:]):
            s += f"\n{ind}case {v} " + pr.region_text(r, False, True)
        d = op.regions[0]
        s += f"\n{ind}default " + pr.region_text(d, True, not elidable_terminator(d))
        return s

    @classmethod
    def verify_structure(cls, op: Operation) -> None:
        cases = op.attributes.get("cases")
        n = len(cases.values) if isinstance(cases, A.DenseArrayAttr) else 0
        if len(op.regions) != n + 1:
            raise VerifyError(f"has {len(op.regions) - 1} case regions but {n} case values", op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        cases = op.attributes.get("cases")
        seen: set[int] = set()
        for v in (cases.values if isinstance(cases, A.DenseArrayAttr) else ()):
            if v in seen:
                raise VerifyError(f"has duplicate case value: {v}", op)
            seen.add(v)
        rts = [r.type for r in op.results]
        named = [(op.regions[0], "default region")] + [(r, f"case region #{i}") for i, r in enumerate(op.regions[1:])]
        for r, what in named:
            if not r.blocks or not r.blocks[0].ops:
                continue
            y = r.blocks[0].ops[-1]
            if y.name != "scf.yield":
                raise VerifyError(f"expected region to end with scf.yield, but got {y.name}", op)
            if len(y.operands) != len(rts):
                raise VerifyError(f"expected each region to return {len(rts)} values, but {what} returns "
                                  f"{len(y.operands)}", op, [(y.loc, "see yield operation here")])
            for i, (rt, v) in enumerate(zip(rts, y.operands)):
                if v.type != rt:
                    raise VerifyError(f"expected result #{i} of each region to be '{rt}'", op,
                                      [(y.loc, f"{what} returns '{v.type}' here")])
