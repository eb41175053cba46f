"""Declarative assembly formats (ODS ``assemblyFormat``) compiled into parse+print programs.

    format    ::= element*
    element   ::= literal | `$`var | directive | `(` element* anchor... `)` (`:` `(` element* `)`)? `?`
    literal   ::= `` `keyword` `` | `` `,` `` | `` ` ` `` (space) | ``` `` ``` (no space) | `` `\\n` ``
    directive ::= `attr-dict` | `attr-dict-with-keyword` | `type(` var `)` | `functional-type(` a `,` b `)`
                | `custom<Name>(` arg (`,` arg)* `)` | `operands` | `results` | `regions` | `successors`
                | `qualified(` ... `)` | `ref(` ... `)`

Printing reproduces mlir-tblgen's generated printers, including their spacing state machine
(``shouldEmitSpace`` / ``lastWasPunctuation``), whose state after an optional group is the state
after its elements whether or not the group printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, Region

# ----- elements ---------------------------------------------------------------------------------


@dataclass
class Lit:
    text: str


@dataclass
class Space:
    value: str  # " ", "" or "\\n"


@dataclass
class Var:
    name: str
    kind: str  # operand | result | attr | region | successor


@dataclass
class TypeDir:
    arg: Var | str  # Var, or "operands"/"results"


@dataclass
class FuncTypeDir:
    ins: Var | str
    outs: Var | str


@dataclass
class AttrDict:
    with_keyword: bool


@dataclass
class Optional_:
    then: list[Any]
    anchor: Any
    else_: list[Any] = field(default_factory=list)


@dataclass
class Custom:
    name: str
    args: list[Any]


@dataclass
class Ref:
    inner: Any


class FormatError(Exception):
    pass


_TOK = re.compile(r"\s*(?:(?P<lit>`(?:[^`\\]|\\.)*`)|(?P<var>\$[A-Za-z_]\w*)|(?P<kw>[A-Za-z_][\w-]*)"
                  r"|(?P<punct>[()?^:,<>]))")


class _FormatParser:
    def __init__(self, opdef: Any, text: str) -> None:
        self.opdef = opdef
        self.toks: list[tuple[str, str]] = []
        pos = 0
        while pos < len(text):
            if not text[pos:].strip():
                break
            m = _TOK.match(text, pos)
            if not m:
                raise FormatError(f"{opdef.name}: bad format near {text[pos:pos + 20]!r}")
            k = m.lastgroup or ""
            self.toks.append((k, m.group(k)))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, v: str | None = None) -> tuple[str, str]:
        t = self.toks[self.i]
        if v is not None and t[1] != v:
            raise FormatError(f"{self.opdef.name}: expected {v!r}, got {t[1]!r}")
        self.i += 1
        return t

    def var(self, name: str) -> Var:
        od = self.opdef
        if name in od._operand_index:
            return Var(name, "operand")
        if name in od._result_index:
            return Var(name, "result")
        if name in od.regions:
            return Var(name, "region")
        if name in getattr(od, "successor_names", ()):
            return Var(name, "successor")
        return Var(name, "attr")

    def elements(self, stop: tuple[str, ...] = ()) -> list[Any]:
        out: list[Any] = []
        while True:
            t = self.peek()
            if t is None or t[1] in stop:
                return out
            out.append(self.element())

    def element(self) -> Any:
        k, v = self.take()
        if k == "lit":
            body = v[1:-1]
            if body in ("", " ", "\\n"):
                return Space(body)
            return Lit(body)
        if k == "var":
            return self.var(v[1:])
        if v == "(":
            then: list[Any] = []
            anchor = None
            while True:
                t = self.peek()
                if t is None:
                    raise FormatError("unterminated optional group")
                if t[1] == ")":
                    self.take()
                    break
                e = self.element()
                if self.peek() and self.peek()[1] == "^":
                    self.take()
                    anchor = e
                then.append(e)
            else_: list[Any] = []
            if self.peek() and self.peek()[1] == ":":
                self.take()
                self.take("(")
                else_ = self.elements((")",))
                self.take(")")
            self.take("?")
            return Optional_(then, anchor, else_)
        if k == "kw":
            if v == "attr-dict":
                return AttrDict(False)
            if v == "attr-dict-with-keyword":
                return AttrDict(True)
            if v in ("type", "qualified", "ref"):
                self.take("(")
                inner = self._arg()
                self.take(")")
                if v == "type":
                    return TypeDir(inner)
                return Ref(inner) if v == "ref" else inner
            if v == "functional-type":
                self.take("(")
                a = self._arg()
                self.take(",")
                b = self._arg()
                self.take(")")
                return FuncTypeDir(a, b)
            if v == "custom":
                self.take("<")
                name = self.take()[1]
                self.take(">")
                self.take("(")
                args = []
                while True:
                    args.append(self.element())
                    if self.peek()[1] == ",":
                        self.take()
                        continue
                    self.take(")")
                    break
                return Custom(name, args)
            if v in ("operands", "results", "regions", "successors"):
                return v
        raise FormatError(f"{self.opdef.name}: unexpected {v!r} in format")

    def _arg(self) -> Any:
        k, v = self.peek()
        if k == "var":
            self.take()
            return self.var(v[1:])
        if v in ("operands", "results"):
            self.take()
            return v
        if v in ("type", "ref", "qualified"):
            return self.element()
        raise FormatError(f"{self.opdef.name}: bad directive argument {v!r}")


def compile_format(opdef: Any, text: str) -> Format:
    fp = _FormatParser(opdef, text)
    elems = fp.elements()
    return Format(opdef, elems)


# ----- parse state --------------------------------------------------------------------------------


class State:
    async_kw_pos: int | None = None  # set by custom<AsyncDependencies> when `async` is present

    def __init__(self) -> None:
        self.operands: dict[str, list[Any]] = {}
        self.operand_types: dict[str, list[T.Type]] = {}
        self.result_types: dict[str, list[T.Type]] = {}
        self.attrs: dict[str, A.Attribute] = {}
        self.regions: dict[str, Any] = {}
        self.successors: dict[str, list[Any]] = {}
        self.all_operand_types: list[T.Type] | None = None
        self.all_result_types: list[T.Type] | None = None


def _attr_used(elems: list[Any], out: set[str]) -> None:
    for e in elems:
        if isinstance(e, Var) and e.kind == "attr":
            out.add(e.name)
        elif isinstance(e, Optional_):
            _attr_used(e.then, out)
            _attr_used(e.else_, out)
        elif isinstance(e, Custom):
            _attr_used([a.inner if isinstance(a, Ref) else a for a in e.args], out)


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
                elided = self.elided | set(getattr(self.opdef, "elided_attrs", ()))
                kw = e.with_keyword
                plan.append(lambda pr, op, out, elided=elided, kw=kw:
                            out.append(pr.attr_dict_text(op.attributes, elided, kw)))
                st[1] = False
            else:
                pre = " " if st[0] or not st[1] else ""
                st[1] = False
                st[0] = True
                plan.append(self._text_step(e, pre))
        return plan

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
        from ..ir.opdef import OpDef

        if fixed and od._seg_info(od.operands, "operandSegmentSizes")[0] == 0 and \
                getattr(od.operand_segments, "__func__", None) is OpDef.operand_segments.__func__:
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
            from .custom_directives import DIRECTIVES

            directive = DIRECTIVES[e.name].print
            args = e.args
            return lambda pr, op, out: out.append(pre + directive(pr, op, args, self))
        text = self._elem_text
        return lambda pr, op, out: out.append(pre + text(e, pr, op))

    def _print_elems(self, elems: list[Any], pr: Any, op: Operation, out: list[str], st: list[bool],
                     live: bool, elide: Any = None) -> None:
        for e in elems:
            if e is elide:
                continue
            self._print_elem(e, pr, op, out, st, live)

    def _print_elem(self, e: Any, pr: Any, op: Operation, out: list[str], st: list[bool], live: bool) -> None:
        if isinstance(e, Lit):
            v = e.text
            if st[0] and _space_before(v, st[1]):
                if live:
                    out.append(" ")
            if live:
                out.append(v)
            st[0] = len(v) != 1 or v[0] not in "<({["
            st[1] = v[0] != "_" and not v[0].isalpha()
            return
        if isinstance(e, Space):
            if e.value == "\\n":
                return
            if e.value == " ":
                if live:
                    out.append(" ")
                st[1] = False
            else:
                st[1] = True
            st[0] = False
            return
        if isinstance(e, Optional_):
            present = live and self._anchor_present(e.anchor, op, pr)
            elide = e.anchor if (isinstance(e.anchor, Var) and e.anchor.kind == "attr" and e.then
                                 and e.then[0] is not e.anchor and self._is_unit(e.anchor)) else None
            self._print_elems(e.then, pr, op, out, st, present, elide)
            if e.else_:
                self._print_elems(e.else_, pr, op, out, st, live and not present)
            return
        if isinstance(e, AttrDict):
            if live:
                out.append(pr.attr_dict_text(op.attributes, self.elided | set(getattr(self.opdef, "elided_attrs", ())),
                                             e.with_keyword))
            st[1] = False
            return
        if st[0] or not st[1]:
            if live:
                out.append(" ")
        st[1] = False
        st[0] = True
        if not live:
            return
        out.append(self._elem_text(e, pr, op))

    def _is_unit(self, v: Var) -> bool:
        return v.name in getattr(self.opdef, "unit_attrs", ())

    def _anchor_present(self, anchor: Any, op: Operation, pr: Any) -> bool:
        if isinstance(anchor, Var):
            if anchor.kind == "operand":
                return bool(op.opdef.operand_group(op, anchor.name))
            if anchor.kind == "result":
                return bool(op.opdef.result_group(op, anchor.name))
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

    def _var_values(self, v: Var, op: Operation) -> list[Any]:
        if v.kind == "operand":
            return op.opdef.operand_group(op, v.name)
        return op.opdef.result_group(op, v.name)

    def _elem_text(self, e: Any, pr: Any, op: Operation) -> str:
        if isinstance(e, Var):
            if e.kind == "operand":
                return pr.values(op.opdef.operand_group(op, e.name))
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
            if e.kind == "successor":
                return ", ".join(pr.block_name(b) for b in op.successors)
        if isinstance(e, TypeDir):
            return pr.types(self._types_of(e.arg, op))
        if isinstance(e, FuncTypeDir):
            return pr.function_type_text(self._types_of(e.ins, op), self._types_of(e.outs, op))
        if isinstance(e, Custom):
            from .custom_directives import DIRECTIVES

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
            def attr_dict(p: Any, st: State) -> None:
                if p.peek("{"):
                    st.attrs.update(p.parse_attr_dict_body())
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
            from .custom_directives import DIRECTIVES

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
            then = e.__dict__.get("_then")
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
            d = p.parse_optional_attr_dict_with_keyword() if e.with_keyword else p.parse_optional_attr_dict()
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
            from .custom_directives import DIRECTIVES

            DIRECTIVES[e.name].parse(p, st, e.args, self, optional=False)
            return
        if e == "operands":
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


def _build_plan(opdef: Any) -> tuple[Any, ...]:
    """What ``build_from_state`` needs of an op definition, computed once per class."""
    plan = opdef.__dict__.get("_build_plan")
    if plan is None or plan[-1] is not opdef.operands or plan[-2] is not opdef.results:
        plan = (tuple((a.name, a.type) for a in opdef.operands if a.type is not None),
                tuple((a.name, a.type) for a in opdef.results if a.type is not None and a.kind == "single"),
                opdef.results, opdef.operands)
        opdef._build_plan = plan
    return plan


def build_from_state(p: Any, opdef: Any, st: State, start: int, n_results_named: int) -> Operation:
    """Resolve operands (types explicit, fixed, or inferred) and create the op."""
    fixed_operands, fixed_results = _build_plan(opdef)[:2]
    known: dict[str, Any] = {**st.operand_types, **st.result_types}
    known["$attrs"] = st.attrs
    # fixed types
    for name, ty in fixed_operands:
        if name not in known:
            known[name] = [ty] * len(st.operands.get(name, ()))
    for name, ty in fixed_results:
        if name not in known:
            known[name] = [ty]
    if st.all_operand_types is not None and "$all" not in st.operands:
        # type(operands) with named operand groups: distribute in order
        ts = list(st.all_operand_types)
        for a in opdef.operands:
            n = len(st.operands.get(a.name, []))
            known[a.name] = ts[:n]
            ts = ts[n:]
    if st.all_result_types is not None:
        ts = list(st.all_result_types)
        var = [a for a in opdef.results if a.kind != "single"]
        for a in opdef.results:
            if a.kind == "single":
                known[a.name] = ts[:1]
                ts = ts[1:]
            else:
                known[a.name] = ts if a is var[-1] else []
    # inference rules, iterated to a fixpoint
    infer = opdef.infer
    for _ in range(3 if infer else 0):
        if not [n for n in infer if n not in known]:
            break
        for name, fn in infer.items():
            if name not in known:
                try:
                    r = fn(known)
                except (KeyError, IndexError, AttributeError, TypeError):
                    continue
                if r is None:
                    continue
                if isinstance(r, T.Type):
                    n = len(st.operands.get(name, [])) if name in opdef._operand_index else 1
                    if name in opdef._result_index and opdef.results[opdef._result_index[name]].kind != "single":
                        r = [r]
                    else:
                        optional_group = name in opdef._operand_index and \
                            opdef.operands[opdef._operand_index[name]].kind == "optional"
                        r = [r] * (n if optional_group else max(n, 1)) if name in opdef._operand_index else [r]
                known[name] = list(r)
    operands: list[Any] = []
    seg: list[int] = []
    if "$all" in st.operands:
        refs = st.operands["$all"]
        ts = st.all_operand_types or []
        if len(ts) != len(refs):
            raise p.error(f"{len(refs)} operands present, but expected {len(ts)}", start)
        operands = [p.resolve(r, t) for r, t in zip(refs, ts)]
    else:
        st_operands = st.operands
        lookup = p.lookup
        for a in opdef.operands:
            refs = st_operands.get(a.name, ())
            ts = known.get(a.name)
            if len(refs) == 1 and ts is not None and len(ts) == 1:  # the common case
                operands.append(lookup(refs[0], ts[0]))
                seg.append(1)
                continue
            if ts is None:
                if refs:
                    raise p.error(f"cannot infer the type of operand group '{a.name}' of '{opdef.name}'", start)
                ts = []
            if len(ts) != len(refs):
                if len(ts) == 1 and a.kind != "single" and len(refs) > 1 and a.name in infer:
                    ts = ts * len(refs)
                else:
                    raise p.error(f"{len(refs)} operands present, but expected {len(ts)}", start)
            for r, t in zip(refs, ts):
                operands.append(p.resolve(r, t))
            seg.append(len(refs))
    result_types: list[T.Type] = []
    rseg: list[int] = []
    for a in opdef.results:
        ts = known.get(a.name)
        if ts is None:
            if a.kind == "single":
                raise p.error(f"cannot infer the result type of '{opdef.name}'", start)
            ts = []
        result_types.extend(ts)
        rseg.append(len(ts))
    attrs = st.attrs
    if opdef.needs_operand_segments():
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, seg)
    if opdef.needs_result_segments():
        attrs["resultSegmentSizes"] = A.DenseArrayAttr(T.i32, rseg)
    if opdef.default_attrs:
        for k, v in opdef.default_attrs.items():
            attrs.setdefault(k, v)
    if opdef.regions:
        st_regions = st.regions
        regions = [st_regions.get(r) or Region() for r in opdef.regions]
    else:
        regions = []
    succ: list[Any] = []
    for v in st.successors.values():
        succ.extend(v)
    op = Operation.create(opdef.name, operands, result_types, attrs, regions, succ, opdef=opdef)
    if opdef.implicit_terminator is not None:
        for r in op.regions:
            ensure_terminator(r, opdef.implicit_terminator)
    return op


def ensure_terminator(region: Any, name: str) -> None:
    from ..ir.core import Block

    if not region.blocks:
        region.add_block(Block())
    b = region.blocks[-1]
    if not b.ops or not b.ops[-1].is_terminator():
        b.append(Operation.create(name))
