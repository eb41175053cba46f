"""``custom<Name>(...)`` directives of the assembly formats we support.

Each directive has ``parse(p, state, args, fmt, optional) -> bool`` and
``print(printer, op, args, fmt) -> str`` (the text, without the leading space the format adds).
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from .format_ast import Ref, TypeDir, Var


def _var(a: Any) -> Var:
    if isinstance(a, Ref):
        a = a.inner
    if isinstance(a, TypeDir):
        a = a.arg
    return a


class AsyncDependencies:
    """``async``? (`[` ssa-use-list `]`)? — sets the token result type when ``async``."""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        tok = _var(args[0])
        deps = _var(args[1])
        present = False
        kw_pos = p.skip()
        if p.parse_optional_keyword("async"):
            st.result_types[tok.name] = [T.gpu_async_token]
            st.async_kw_pos = kw_pos
            present = True
        else:
            st.result_types[tok.name] = []
        if p.peek("["):
            st.operands[deps.name] = p.parse_operand_list("[]")
            present = True
        else:
            st.operands[deps.name] = []
        return present

    @staticmethod
    def print(pr: Any, op: Any, args: list[Any], fmt: Any) -> str:
        tok = _var(args[0])
        deps = op.opdef.operand_group(op, _var(args[1]).name)
        has_tok = bool(op.opdef.result_group(op, tok.name))
        s = "async" if has_tok else ""
        if deps:
            s += (" " if has_tok else "") + "[" + pr.values(deps) + "]"
        return s


class LaunchDimType:
    """(`:` type)? — the type of the grid/block/cluster sizes (index when absent)."""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        ty = T.index
        if p.parse_optional_punct(":"):
            ty = p.parse_type()
        for name in ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ"):
            st.operand_types[name] = [ty]
        for name in ("clusterSizeX", "clusterSizeY", "clusterSizeZ"):
            st.operand_types[name] = [ty] * len(st.operands.get(name, []))
        return True

    @staticmethod
    def print(pr: Any, op: Any, args: list[Any], fmt: Any) -> str:
        ty = op.opdef.operand_group(op, "gridSizeX")[0].type
        if ty == T.index:
            return ""
        return ": " + pr.type_text(ty)


class LaunchFuncOperands:
    """(`args` `(` ssa-use `:` type (`,` ssa-use `:` type)* `)`)?"""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        ops_v = _var(args[0])
        refs: list[Any] = []
        tys: list[T.Type] = []
        if p.parse_optional_keyword("args"):
            p.parse_punct("(")
            if not p.parse_optional_punct(")"):
                while True:
                    refs.append(p.parse_operand())
                    p.parse_punct(":")
                    tys.append(p.parse_type())
                    if not p.parse_optional_punct(","):
                        break
                p.parse_punct(")", "in argument list")
        st.operands[ops_v.name] = refs
        st.operand_types[ops_v.name] = tys
        return bool(refs)

    @staticmethod
    def print(pr: Any, op: Any, args: list[Any], fmt: Any) -> str:
        vals = op.opdef.operand_group(op, _var(args[0]).name)
        if not vals:
            return ""
        return "args(" + ", ".join(f"{pr.value(v)} : {pr.type_text(v.type)}" for v in vals) + ")"


SELECT_OBJECT = A.SelectObjectAttr()


class OffloadingHandler:
    """(`<` attribute `>`)? — the offloading handler; ``#gpu.select_object`` when absent."""

    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        name = _var(args[0]).name
        if p.parse_optional_punct("<"):
            st.attrs[name] = p.parse_attribute()
            p.parse_punct(">")
            return True
        st.attrs[name] = SELECT_OBJECT
        return False

    @staticmethod
    def print(pr: Any, op: Any, args: list[Any], fmt: Any) -> str:
        a = op.attributes.get(_var(args[0]).name)
        if a is None or a == SELECT_OBJECT:
            return ""
        return "<" + pr.attr_text(a) + ">"


def parse_dynamic_index_list(p: Any, delim: str = "[]") -> tuple[list[Any], list[int]]:
    """`[` (ssa-use | integer) (`,` ...)* `]` -> (dynamic refs, static values with DYNAMIC)."""
    p.parse_punct(delim[0])
    refs: list[Any] = []
    static: list[int] = []
    if not p.parse_optional_punct(delim[1]):
        while True:
            r = p.parse_optional_operand()
            if r is not None:
                refs.append(r)
                static.append(T.DYNAMIC)
            else:
                static.append(p.parse_integer("expected SSA value or integer"))
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(delim[1])
    return refs, static


def print_dynamic_index_list(pr: Any, values: list[Any], static: A.DenseArrayAttr) -> str:
    it = iter(values)
    parts = []
    for s in static.values:
        parts.append(pr.value(next(it)) if s == T.DYNAMIC else str(s))
    return "[" + ", ".join(parts) + "]"


class DynamicIndexList:
    @staticmethod
    def parse(p: Any, st: Any, args: list[Any], fmt: Any, optional: bool) -> bool:
        dyn = _var(args[0]).name
        stat = _var(args[1]).name
        refs, static = parse_dynamic_index_list(p)
        st.operands[dyn] = refs
        st.attrs[stat] = A.DenseArrayAttr(T.i64, static)
        return True

    @staticmethod
    def print(pr: Any, op: Any, args: list[Any], fmt: Any) -> str:
        dyn = op.opdef.operand_group(op, _var(args[0]).name)
        return print_dynamic_index_list(pr, dyn, op.attributes[_var(args[1]).name])


DIRECTIVES: dict[str, Any] = {
    "AsyncDependencies": AsyncDependencies,
    "LaunchDimType": LaunchDimType,
    "LaunchFuncOperands": LaunchFuncOperands,
    "OffloadingHandler": OffloadingHandler,
    "DynamicIndexList": DynamicIndexList,
}
