"""async dialect: execute/yield/await, groups, async.func/call/return, and the async.runtime ops
(printed and verified; --run does not run async.func or the runtime ops)."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._common import verify_call
from ._regions import check_edge, parse_optional_arrow_types, terminator

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
        region = p.parse_region(entry_args=args)  # no implicit async.yield (ExecuteOp::parse)
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


# ----- async.func / async.call / async.return (AsyncOps.td) ---------------------------------------
def _is_async(t: T.Type) -> bool:
    return isinstance(t, T.AsyncValueType) or t == TOKEN


class FuncOp(OpDef):
    """async.func visibility? @name signature (`attributes` dict)? region? (as func.func)"""

    name = "async.func"
    props = ("function_type", "sym_name", "sym_visibility", "arg_attrs", "res_attrs")
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "Symbol", "FunctionOpInterface", "AutomaticAllocationScope"})
    default_dialect = "async"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from .func import parse_function_op

        return parse_function_op(cls, p)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        from .func import FuncOp as _Func

        return _Func.print_custom(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        from .func import verify_function_like

        ft = verify_function_like(op, T.FunctionType)
        if not ft.results:
            raise VerifyError("result is expected to be at least of size 1, but got 0", op)
        for i, t in enumerate(ft.results):
            if not _is_async(t):
                raise VerifyError(f"result type must be async value type or async token type, but got '{t}'", op)
            if t == TOKEN and i != 0:
                raise VerifyError(" results' (optional) async token type is expected to appear as the 1st "
                                  f"return value, but got {i + 1}", op)


class ReturnOp(OpDef):
    name = "async.return"
    operands = (variadic("operands"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike", "HasParent"})
    assembly_format = "($operands^ `:` type($operands))? attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = op.parent_op
        if fn is None or fn.name != "async.func":
            raise VerifyError("expects parent op 'async.func'", op)
        res = list(fn.attributes["function_type"].type.results)
        if res and res[0] == TOKEN:
            res = res[1:]
        want = [_unwrap(t) for t in res]
        if [v.type for v in op.operands] != want:
            raise VerifyError("operand types do not match the types returned from the parent FuncOp", op)


class CallOp(OpDef):
    name = "async.call"
    operands = (variadic("operands"),)
    results = (variadic("results"),)
    props = ("callee",)
    assembly_format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_call(op, "async.func", "async function", result_notes=False)


# ----- async.runtime.* (AsyncOps.td; printed and verified, not run) --------------------------------
CORO_HANDLE = T.OpaqueType("!async.coro.handle")
_ANY_ASYNC = "async value type or async token type or async group type"


def _check_async_operand(op: Operation, groups: bool) -> None:
    t = op.operands[0].type
    if not (_is_async(t) or (groups and t == GROUP)):
        what = _ANY_ASYNC if groups else "async value type or async token type"
        raise VerifyError(f"operand #0 must be {what}, but got '{t}'", op)


def _runtime_op(mn: str, fmt: str, operands: tuple = (), results: tuple = (), groups: bool | None = True,
                props: tuple = ()) -> type[OpDef]:
    """``groups``: whether operand #0 may be a group as well as a value/token; None: no such operand."""
    def verify(cls: Any, op: Operation) -> None:
        if groups is not None:
            _check_async_operand(op, groups)

    cls_name = "Runtime" + "".join(w.capitalize() for w in mn.split("_")) + "Op"
    return type(cls_name, (OpDef,), dict(name=f"async.runtime.{mn}", operands=operands, results=results,
                                         props=props, assembly_format=fmt, verify=classmethod(verify)))


class RuntimeCreateOp(OpDef):
    name = "async.runtime.create"
    results = (single("result"),)
    assembly_format = "attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.results[0].type
        if not _is_async(t):
            raise VerifyError(f"result #0 must be async value type or async token type, but got '{t}'", op)


RuntimeCreateGroupOp = _runtime_op("create_group", "$size `:` type($result) attr-dict",
                                   (single("size", T.index),), (single("result", GROUP),), None)
RuntimeSetAvailableOp = _runtime_op("set_available", "$operand attr-dict `:` type($operand)",
                                    (single("operand"),), groups=False)
RuntimeSetErrorOp = _runtime_op("set_error", "$operand attr-dict `:` type($operand)", (single("operand"),),
                                groups=False)
RuntimeIsErrorOp = _runtime_op("is_error", "$operand attr-dict `:` type($operand)", (single("operand"),),
                               (single("is_error", T.i1),))
RuntimeAwaitOp = _runtime_op("await", "$operand attr-dict `:` type($operand)", (single("operand"),))
RuntimeAwaitAndResumeOp = _runtime_op("await_and_resume", "$operand `,` $handle attr-dict `:` type($operand)",
                                      (single("operand"), single("handle", CORO_HANDLE)))
RuntimeResumeOp = _runtime_op("resume", "$handle attr-dict", (single("handle", CORO_HANDLE),), groups=None)
RuntimeAddToGroupOp = _runtime_op("add_to_group", "$operand `,` $group attr-dict `:` type($operand)",
                                  (single("operand"), single("group", GROUP)), (single("rank", T.index),),
                                  groups=False)


def _ref_count(mn: str) -> type[OpDef]:
    def verify(cls: Any, op: Operation) -> None:
        c = op.attributes.get("count")
        if c is None:
            raise VerifyError("requires attribute 'count'", op)
        if not (isinstance(c, A.IntegerAttr) and c.type == T.i64 and c.value > 0):
            raise VerifyError("attribute 'count' failed to satisfy constraint: 64-bit signless integer attribute "
                              "whose value is positive", op, parse_time=True)
        _check_async_operand(op, True)

    return type(f"Runtime{mn.capitalize()}RefOp", (OpDef,), dict(
        name=f"async.runtime.{mn}_ref", operands=(single("operand"),), props=("count",),
        assembly_format="$operand attr-dict `:` type($operand)", verify=classmethod(verify)))


RuntimeAddRefOp = _ref_count("add")
RuntimeDropRefOp = _ref_count("drop")


def _parse_stripped_value_type(p: Any) -> T.Type:
    """``<type>``: an ``!async.value`` printed without its prefix, as ODS prints its own types."""
    p.parse_punct("<")
    t = p.parse_type()
    p.parse_punct(">")
    return T.AsyncValueType(t)


class RuntimeStoreOp(OpDef):
    """async.runtime.store %value `,` %storage attr-dict `:` <value-type>"""

    name = "async.runtime.store"
    operands = (single("value"), single("storage"))

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        v = p.parse_operand()
        p.parse_punct(",")
        s = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        t = _parse_stripped_value_type(p)
        return Operation.create(cls.name, [p.resolve(v, t.value_type), p.resolve(s, t)], [], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        t = op.operands[1].type
        inner = pr.type_text(t.value_type) if isinstance(t, T.AsyncValueType) else pr.type_text(t)
        return f" {pr.values(op.operands)}" + pr.attr_dict_text(op.attributes) + f" : <{inner}>"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[1].type
        if not isinstance(t, T.AsyncValueType):
            raise VerifyError(f"operand #1 must be async value type, but got '{t}'", op)
        if op.operands[0].type != t.value_type:
            raise VerifyError("failed to verify that type of 'value' matches element type of 'storage'", op)


class RuntimeLoadOp(OpDef):
    """async.runtime.load %storage attr-dict `:` <value-type>"""

    name = "async.runtime.load"
    operands = (single("storage"),)
    results = (single("result"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        s = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        t = _parse_stripped_value_type(p)
        return Operation.create(cls.name, [p.resolve(s, t)], [t.value_type], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        t = op.operands[0].type
        inner = pr.type_text(t.value_type) if isinstance(t, T.AsyncValueType) else pr.type_text(t)
        return f" {pr.value(op.operands[0])}" + pr.attr_dict_text(op.attributes) + f" : <{inner}>"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not isinstance(t, T.AsyncValueType):
            raise VerifyError(f"operand #0 must be async value type, but got '{t}'", op)
        if op.results[0].type != t.value_type:
            raise VerifyError("failed to verify that type of 'result' matches element type of 'storage'", op)
