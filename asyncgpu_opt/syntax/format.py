"""Declarative assembly formats (ODS ``assemblyFormat``) compiled into parse+print programs.

The format language is read by ``format_ast.py``; ops are built by ``format_build.py``.  Formats
are compiled on first use (``format_of``), not when the op class is defined: ``ir/`` knows no syntax.

Printing reproduces mlir-tblgen's generated printers, including their spacing state machine
(``shouldEmitSpace`` / ``lastWasPunctuation``), whose state after an optional group is the state
after its elements whether or not the group printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import _BASE_OPERAND_SEGMENTS, _CompiledFormat
from .custom_directives import DIRECTIVES
from .format_ast import (  # noqa: F401  (Lit/Space/Var/... and FormatError are re-exported)
    AttrDict,
    Custom,
    FormatError,
    FuncTypeDir,
    Lit,
    Optional_,
    Ref,
    Space,
    TypeDir,
    Var,
    read_format,
)
from .format_build import State, build_from_state, ensure_terminator  # noqa: F401  (re-exported)


def compile_format(opdef: Any, text: str) -> Format:
    """Compile ``text``, the assembly format of ``opdef``, into a ``Format``."""
    return Format(opdef, read_format(opdef, text))


_COMPILED: dict[type, Format | None] = {}


def format_of(opdef: Any) -> Format | None:
    """The compiled ``assembly_format`` of op definition ``opdef`` (compiled on first use, then
    cached), or None for an op without one."""
    try:
        return _COMPILED[opdef]
    except KeyError:
        text = opdef.assembly_format
        f = _COMPILED[opdef] = compile_format(opdef, text) if text is not None else None
        return f


def _attr_used(elems: list[Any], out: set[str]) -> None:
    for e in elems:
        if isinstance(e, Var) and e.kind == "attr":
            out.add(e.name)
        elif isinstance(e, Optional_):
            _attr_used(e.then, out)
            _attr_used(e.else_, out)
        elif isinstance(e, Custom):
            _attr_used([a.inner if isinstance(a, Ref) else a for a in e.args], out)



def check_parsed_attr_dict(p: Any, opdef: Any, attrs: dict[str, Any], pos: int) -> None:
    """ODS's generated parser verifies the inherent attributes of a parsed attr-dict at once
    (``verifyInherentAttrs``): a constraint failure is a parse error at the dictionary, worded
    ``custom op 'N' 'N' op <message>``.  ``opdef.check_attr_dict(attrs)`` returns that message."""
    msg = opdef.check_attr_dict(attrs)
    if msg is not None:
        raise p.error(f"custom op '{opdef.name}' '{opdef.name}' op {msg}", pos)

class Format:
    def __init__(self, opdef: Any, elems: list[Any]) -> None:
        self.opdef = opdef
        self.elems = elems
        used: set[str] = set()
        _attr_used(elems, used)
        # segment sizes are inherent only on ops with more than one variable-length group; on the
        # others they are ordinary discardable attributes and print in attr-dict (as upstream)
        self.elided = used | {name for name, needed in (("operandSegmentSizes", opdef.needs_operand_segments()),
                                                        ("resultSegmentSizes", opdef.needs_result_segments()))
                              if needed or name in opdef.props}

    # ----- printing -----------------------------------------------------------------------------
    _print_plan: list[Any] | None = None

    def print(self, pr: Any, op: Operation) -> str:
        plan = self._print_plan
        if plan is None:
            plan = self._print_plan = self._compile_print(self.elems, [True, False], None)
        out: list[str] = []
        _run_print(plan, pr, op, out)
        return "".join(out)

    def _compile_print(self, elems: list[Any], st: list[bool], elide: Any) -> list[Any]:
        """The print program of ``elems``: constant strings and ``fn(pr, op, out)`` steps.  The
        spacing state machine does not depend on which optional groups print (see the module
        docstring), so every spacing decision is taken here, once; ``st`` is threaded through."""
        plan: list[Any] = []
        for e in elems:
            if e is elide:
                continue
            if isinstance(e, Lit):
                v = e.text
                plan.append((" " + v) if st[0] and _space_before(v, st[1]) else v)
                st[0] = len(v) != 1 or v[0] not in "<({["
                st[1] = v[0] != "_" and not v[0].isalpha()
            elif isinstance(e, Space):
                if e.value == "\\n":
                    continue
                if e.value == " ":
                    plan.append(" ")
                    st[1] = False
                else:
                    st[1] = True
                st[0] = False
            elif isinstance(e, Optional_):
                el = e.anchor if (isinstance(e.anchor, Var) and e.anchor.kind == "attr" and e.then
                                  and e.then[0] is not e.anchor and self._is_unit(e.anchor)) else None
                then = self._compile_print(e.then, st, el)
                else_ = self._compile_print(e.else_, st, None) if e.else_ else []
                plan.append(self._optional_step(e.anchor, then, else_))
            elif isinstance(e, AttrDict):
                plan.append(self._attr_dict_step(e.with_keyword))
                st[1] = False
            else:
                pre = " " if st[0] or not st[1] else ""
                st[1] = False
                st[0] = True
                plan.append(self._text_step(e, pre))
        return plan

    def _attr_dict_step(self, kw: bool) -> Any:
        """``attr-dict``: the attributes the format does not print, less those of the definition's
        ``default_attrs`` or ``optional_defaults`` holding their default value (ODS
        ``DefaultValuedAttr``, ``DefaultValuedOptionalAttr``)."""
        elided = self.elided | set(getattr(self.opdef, "elided_attrs", ()))
        defaults = [(k, v) for k, v in (self.opdef.default_attrs | self.opdef.optional_defaults).items()
                    if k not in elided]
        if not defaults:
            return lambda pr, op, out: out.append(pr.attr_dict_text(op.attributes, elided, kw))

        def attr_dict(pr: Any, op: Operation, out: list[str]) -> None:
            attrs = op.attributes
            out.append(pr.attr_dict_text(attrs, elided | {k for k, v in defaults if attrs.get(k) == v}, kw))
        return attr_dict

    def _optional_step(self, anchor: Any, then: list[Any], else_: list[Any]) -> Any:
        present = self._anchor_present

        def optional(pr: Any, op: Operation, out: list[str]) -> None:
            if present(anchor, op, pr):
                _run_print(then, pr, op, out)
            elif else_:
                _run_print(else_, pr, op, out)
        return optional

    def _text_step(self, e: Any, pre: str) -> Any:
        od = self.opdef
        fixed = (isinstance(e, Var) and e.kind == "operand") or (
            isinstance(e, TypeDir) and isinstance(e.arg, Var) and e.arg.kind == "operand")
        if fixed and od._seg_info(od.operands, "operandSegmentSizes")[0] == 0 and \
                getattr(od.operand_segments, "__func__", None) is _BASE_OPERAND_SEGMENTS:
            # every operand group is a single value: the group is a fixed index
            i = od._operand_index[e.name if isinstance(e, Var) else e.arg.name]
            if isinstance(e, Var):
                return lambda pr, op, out: out.append(pre + pr.value(op.operands[i]))
            return lambda pr, op, out: out.append(pre + pr.type_text(op.operands[i].type))
        if isinstance(e, Var) and e.kind == "operand":
            name = e.name
            return lambda pr, op, out: out.append(pre + pr.values(op.opdef.operand_group(op, name)))
        if isinstance(e, TypeDir) and isinstance(e.arg, Var):
            name = e.arg.name
            if e.arg.kind == "operand":
                return lambda pr, op, out: out.append(
                    pre + pr.types([v.type for v in op.opdef.operand_group(op, name)]))
            return lambda pr, op, out: out.append(pre + pr.types([r.type for r in op.opdef.result_group(op, name)]))
        if isinstance(e, Custom):
            directive = DIRECTIVES[e.name].print
            args = e.args
            return lambda pr, op, out: out.append(pre + directive(pr, op, args, self))
        text = self._elem_text
        return lambda pr, op, out: out.append(pre + text(e, pr, op))

    def _is_unit(self, v: Var) -> bool:
        return v.name in getattr(self.opdef, "unit_attrs", ())

    def _anchor_present(self, anchor: Any, op: Operation, pr: Any) -> bool:
        if isinstance(anchor, Var):
            if anchor.kind == "operand":
                return bool(self.opdef.operand_group(op, anchor.name))
            if anchor.kind == "result":
                return bool(self.opdef.result_group(op, anchor.name))
            if anchor.kind == "attr":
                a = op.attributes.get(anchor.name)
                if a is None:
                    return False
                d = self.opdef.default_attrs.get(anchor.name)
                return d is None or a != d
            if anchor.kind == "region":
                r = op.regions[self.opdef.regions.index(anchor.name)]
                return bool(r.blocks)
        if isinstance(anchor, TypeDir):
            return self._anchor_present(anchor.arg, op, pr)
        if isinstance(anchor, Custom):
            return any(self._anchor_present(a.inner if isinstance(a, Ref) else a, op, pr)
                       for a in anchor.args if isinstance(a, Var | TypeDir | Ref))
        return True

    def _var_values(self, v: Var, op: Operation) -> Sequence[Any]:
        if v.kind == "operand":
            return self.opdef.operand_group(op, v.name)
        return self.opdef.result_group(op, v.name)

    def _elem_text(self, e: Any, pr: Any, op: Operation) -> str:
        if isinstance(e, Var):
            if e.kind == "operand":
                return pr.values(self.opdef.operand_group(op, e.name))
            if e.kind == "attr":
                a = op.attributes.get(e.name)
                if a is None:
                    return ""
                hook = getattr(self.opdef, "attr_printers", {}).get(e.name)
                if hook is not None:
                    return hook(pr, a)
                return pr.attr_text(a)
            if e.kind == "region":
                r = op.regions[self.opdef.regions.index(e.name)]
                return pr.region_text(r, True, self.opdef.implicit_terminator is None)
            if e.kind == "successor":  # the successor of that name (all of them for a lone one)
                names = getattr(self.opdef, "successor_names", ())
                if len(names) > 1:
                    return pr.block_name(op.successors[names.index(e.name)])
                return ", ".join(pr.block_name(b) for b in op.successors)
        if isinstance(e, TypeDir):
            return pr.types(self._types_of(e.arg, op))
        if isinstance(e, FuncTypeDir):
            return pr.function_type_text(self._types_of(e.ins, op), self._types_of(e.outs, op))
        if isinstance(e, Custom):
            return DIRECTIVES[e.name].print(pr, op, e.args, self)
        if e == "regions":
            return ", ".join(pr.region_text(r) for r in op.regions)
        if e == "successors":
            return ", ".join(pr.block_name(b) for b in op.successors)
        if e == "operands":
            return pr.values(op.operands)
        raise FormatError(f"cannot print {e}")

    def _types_of(self, arg: Any, op: Operation) -> list[T.Type]:
        if arg == "operands":
            return [v.type for v in op.operands]
        if arg == "results":
            return [r.type for r in op.results]
        if isinstance(arg, Var):
            return [v.type for v in self._var_values(arg, op)]
        raise FormatError(f"bad type arg {arg}")

    # ----- parsing ----------------------------------------------------------------------------------
    _plan: list[Any] | None = None  # the elements compiled to ``fn(p, st)`` steps, on first parse

    def parse(self, p: Any, opdef: Any, results: list[tuple[str, int, int]]) -> Operation:
        st = State()
        start = p.pos
        plan = self._plan
        if plan is None:
            plan = self._plan = [f for f in map(self._compile_parse, self.elems) if f is not None]
        for step in plan:
            step(p, st)
        if st.async_kw_pos is not None and not results:
            raise p.error(f"custom op '{opdef.name}' needs to be named when marked 'async'", st.async_kw_pos)
        return build_from_state(p, opdef, st, start, sum(c for _, c, _ in results) if results else 0)

    def _compile_parse(self, e: Any) -> Any:
        """One parse step for element ``e``: the common elements as specialised closures, the rest
        through ``_parse_elem`` (same behaviour, decided per call)."""
        if isinstance(e, Space):
            return None
        if isinstance(e, Lit):
            txt = e.text
            if txt[0].isalpha() or txt[0] == "_":
                return lambda p, st: p.parse_keyword(txt)
            return lambda p, st: p.parse_punct(txt)
        if isinstance(e, Var) and e.kind == "operand":
            name = e.name
            kind = self.opdef.operands[self.opdef._operand_index[name]].kind
            if kind == "single":
                def single(p: Any, st: State) -> None:
                    st.operands[name] = [p.parse_operand()]
                return single
            if kind == "variadic":
                def variadic(p: Any, st: State) -> None:
                    st.operands[name] = p.parse_operand_list()
                return variadic
        if isinstance(e, TypeDir) and isinstance(e.arg, Var) and self._arg_kind(e.arg) == "single":
            name = e.arg.name
            if e.arg.kind == "operand":
                def operand_type(p: Any, st: State) -> None:
                    st.operand_types[name] = [p.parse_type()]
                return operand_type

            def result_type(p: Any, st: State) -> None:
                p.type_dir_pos = p.skip()  # where a type-constraint error points (the type's start)
                st.result_types[name] = [p.parse_type()]
            return result_type
        if isinstance(e, AttrDict) and not e.with_keyword:
            check = getattr(self.opdef, "check_attr_dict", None)

            def attr_dict(p: Any, st: State) -> None:
                if p.peek("{"):
                    pos = p.skip()
                    d = p.parse_attr_dict_body()
                    if check is not None:
                        check_parsed_attr_dict(p, self.opdef, d, pos)
                    st.attrs.update(d)
            return attr_dict
        parse_elem = self._parse_elem
        return lambda p, st: parse_elem(e, p, st)

    def _parse_elems(self, elems: list[Any], p: Any, st: State) -> None:
        for e in elems:
            self._parse_elem(e, p, st)

    def _parse_optional_first(self, e: Any, p: Any, st: State) -> bool:
        """Try the first element of an optional group; True if present (and consumed)."""
        if isinstance(e, Lit):
            if e.text[0].isalpha() or e.text[0] == "_":
                return p.parse_optional_keyword(e.text) is not None
            return p.parse_optional_punct(e.text)
        if isinstance(e, Var):
            if e.kind == "operand":
                r = p.parse_optional_operand()
                if r is None:
                    return False
                if self.opdef.operands[self.opdef._operand_index[e.name]].kind == "variadic":
                    lst = [r]
                    while p.parse_optional_punct(","):
                        lst.append(p.parse_operand())
                    st.operands[e.name] = lst
                else:
                    st.operands[e.name] = [r]
                return True
            if e.kind == "attr":
                hook = getattr(self.opdef, "attr_parsers", {}).get(e.name)
                if hook is not None:
                    a = hook(p, True)
                else:
                    a = p.parse_optional_attribute()
                if a is None:
                    return False
                st.attrs[e.name] = a
                return True
            if e.kind == "region":
                if not p.peek("{"):
                    return False
                self._parse_elem(e, p, st)
                return True
        if isinstance(e, TypeDir):
            t = p.parse_optional_type()
            if t is None:
                return False
            self._assign_types(e.arg, [t], st, p)
            return True
        if isinstance(e, Custom):
            return DIRECTIVES[e.name].parse(p, st, e.args, self, optional=True)
        if isinstance(e, Space):
            return True
        raise FormatError(f"{self.opdef.name}: unsupported optional group start {e}")

    def _parse_elem(self, e: Any, p: Any, st: State) -> None:
        if isinstance(e, Lit):
            if e.text[0].isalpha() or e.text[0] == "_":
                p.parse_keyword(e.text)
            else:
                p.parse_punct(e.text)
            return
        if isinstance(e, Space):
            return
        if isinstance(e, Optional_):
            then = e._then
            if then is None:
                then = e._then = [x for x in e.then if not isinstance(x, Space)]
            if not then:
                return
            if self._parse_optional_first(then[0], p, st):
                if isinstance(e.anchor, Var) and e.anchor.kind == "attr" and self._is_unit(e.anchor) \
                        and e.anchor not in then[:1]:
                    st.attrs[e.anchor.name] = A.UNIT
                for x in then[1:]:
                    if isinstance(e.anchor, Var) and x is e.anchor and self._is_unit(e.anchor):
                        continue
                    self._parse_elem(x, p, st)
            elif e.else_:
                self._parse_elems(e.else_, p, st)
            return
        if isinstance(e, AttrDict):
            pos = p.skip()
            d = p.parse_optional_attr_dict_with_keyword() if e.with_keyword else p.parse_optional_attr_dict()
            if d and getattr(self.opdef, "check_attr_dict", None) is not None:
                check_parsed_attr_dict(p, self.opdef, d, pos)
            st.attrs.update(d)
            return
        if isinstance(e, Var):
            if e.kind == "operand":
                kind = self.opdef.operands[self.opdef._operand_index[e.name]].kind
                if kind == "single":
                    st.operands[e.name] = [p.parse_operand()]
                elif kind == "optional":
                    r = p.parse_optional_operand()
                    st.operands[e.name] = [r] if r is not None else []
                else:
                    st.operands[e.name] = p.parse_operand_list()
                return
            if e.kind == "attr":
                hook = getattr(self.opdef, "attr_parsers", {}).get(e.name)
                st.attrs[e.name] = hook(p, False) if hook is not None else p.parse_attribute()
                return
            if e.kind == "region":
                st.regions[e.name] = p.parse_region()
                return
            if e.kind == "successor":
                st.successors[e.name] = [p.parse_successor()]
                return
        if isinstance(e, TypeDir):
            self._parse_type_dir(e.arg, p, st)
            return
        if isinstance(e, FuncTypeDir):
            ft = p.parse_function_type()
            self._assign_types(e.ins, list(ft.inputs), st, p)
            self._assign_types(e.outs, list(ft.results), st, p)
            return
        if isinstance(e, Custom):
            DIRECTIVES[e.name].parse(p, st, e.args, self, optional=False)
            return
        if e == "operands":
            st.operands_pos = p.skip()
            st.operands["$all"] = p.parse_operand_list()
            return
        raise FormatError(f"cannot parse {e}")

    def _arg_kind(self, arg: Any) -> str:
        if isinstance(arg, Var):
            if arg.kind == "operand":
                return self.opdef.operands[self.opdef._operand_index[arg.name]].kind
            if arg.kind == "result":
                return self.opdef.results[self.opdef._result_index[arg.name]].kind
        return "variadic"

    def _parse_type_dir(self, arg: Any, p: Any, st: State) -> None:
        kind = self._arg_kind(arg)
        if kind == "single":
            p.type_dir_pos = p.skip()  # where a type-constraint error points (the type's start)
            ts = [p.parse_type()]
        elif kind == "optional":
            t = p.parse_optional_type()
            ts = [t] if t is not None else []
        else:
            t = p.parse_optional_type()
            ts = []
            if t is not None:
                ts.append(t)
                while p.parse_optional_punct(","):
                    ts.append(p.parse_type())
        self._assign_types(arg, ts, st, p)

    def _assign_types(self, arg: Any, ts: list[T.Type], st: State, p: Any) -> None:
        if arg == "operands":
            st.all_operand_types = ts
        elif arg == "results":
            st.all_result_types = ts
        elif isinstance(arg, Var):
            if arg.kind == "operand":
                st.operand_types[arg.name] = ts
            else:
                st.result_types[arg.name] = ts


def _run_print(plan: list[Any], pr: Any, op: Operation, out: list[str]) -> None:
    for step in plan:
        if step.__class__ is str:
            out.append(step)
        else:
            step(pr, op, out)


def _space_before(v: str, last_was_punct: bool) -> bool:
    if len(v) != 1 and v != "->":
        return True
    if last_was_punct:
        return v[0] not in ">)}],"
    return v[0] not in "<>(){}[],"


_CompiledFormat.compile = format_of  # ``OpDef._format`` (kept for dialect code that reads it)
