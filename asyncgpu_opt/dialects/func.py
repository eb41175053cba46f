"""func dialect: ``func.func``, ``func.return``, ``func.call``."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._common import TERMINATOR, verify_call

_FUNC_PROPS = ("function_type", "sym_name", "sym_visibility", "arg_attrs", "res_attrs")


def parse_function_signature(p: Any, allow_names: bool = True) -> tuple[list, list[T.Type], list[Any],
                                                                        list[T.Type], list[Any]]:
    """`(` (ssa-id `:` type attr-dict? loc? | type attr-dict?) (`,` ...)* `)` (`->` results)?

    Returns (entry args as (ref, type, loc) or [], arg types, arg attr dicts, result types,
    result attr dicts)."""
    p.parse_punct("(")
    entry: list = []
    arg_types: list[T.Type] = []
    arg_attrs: list[Any] = []
    named = None
    if not p.parse_optional_punct(")"):
        while True:
            apos = p.skip()
            ref = p.parse_optional_operand() if allow_names else None
            if named is None:
                named = ref is not None
            elif named != (ref is not None):
                raise p.error(f"custom op '{p.current_op}' " + ("expected SSA identifier" if named else
                                                                 "expected type instead of SSA identifier"), apos)
            if ref is not None:
                p.parse_punct(":")
            t = p.parse_type()
            attrs = p.parse_optional_attr_dict()
            loc = p.parse_optional_loc()
            arg_types.append(t)
            arg_attrs.append(A.DictionaryAttr(attrs))
            if ref is not None:
                entry.append((ref, t, loc))
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
    res_types: list[T.Type] = []
    res_attrs: list[Any] = []
    if p.parse_optional_punct("->"):
        if p.peek("(") and not p.text.startswith("()", p.pos) or p.peek("()"):
            save = p.pos
            p.parse_punct("(")
            if not p.parse_optional_punct(")"):
                while True:
                    res_types.append(p.parse_type())
                    res_attrs.append(A.DictionaryAttr(p.parse_optional_attr_dict()))
                    if not p.parse_optional_punct(","):
                        break
                p.parse_punct(")")
            if p.peek("->"):  # a function type as the single result
                p.pos = save
                res_types = [p.parse_type()]
                res_attrs = [A.DictionaryAttr({})]
        else:
            res_types.append(p.parse_type())
            res_attrs.append(A.DictionaryAttr({}))
    return entry, arg_types, arg_attrs, res_types, res_attrs


def parse_function_op(cls: Any, p: Any, extra_props: dict | None = None, allow_visibility: bool = True,
                      between=None) -> Operation:
    """Shared by func.func and llvm.func-like ops: visibility? @name signature
    (`attributes` dict)? region?"""
    attrs: dict[str, A.Attribute] = {}
    if allow_visibility:
        vis = None
        for v in ("private", "public", "nested"):
            if p.parse_optional_keyword(v):
                vis = v
                break
        if vis is not None:
            attrs["sym_visibility"] = A.StringAttr(vis)
    name_pos = p.skip()
    name = p.parse_optional_symbol_name()
    if name is None:
        raise p.error("expected valid '@'-identifier for symbol name", name_pos)
    attrs["sym_name"] = A.StringAttr(name)
    entry, arg_types, arg_attrs, res_types, res_attrs = parse_function_signature(p)
    attrs["function_type"] = A.TypeAttr(T.FunctionType(arg_types, res_types))
    if any(d.entries for d in arg_attrs):
        attrs["arg_attrs"] = A.ArrayAttr(arg_attrs)
    if any(d.entries for d in res_attrs):
        attrs["res_attrs"] = A.ArrayAttr(res_attrs)
    if between is not None:
        between(p, attrs, entry)
    d = p.parse_optional_attr_dict_with_keyword()
    for k in d:
        if k in ("sym_name", "function_type", "sym_visibility"):
            raise p.error(f"custom op '{cls.name}' '{k}' is an inferred attribute and should not be "
                          "specified in the explicit attribute dictionary")
    attrs.update(d)
    from ..ir.core import Region

    region = Region()
    if p.peek("{"):
        body_pos = p.skip()
        region = p.parse_region(entry_args=entry, isolated=True, default_dialect=cls.default_dialect)
        if not region.blocks:
            raise p.error(f"custom op '{cls.name}' expected non-empty function body", body_pos)
    if extra_props:
        attrs.update(extra_props)
    return Operation.create(cls.name, (), (), attrs, [region], opdef=cls)


def function_signature_text(pr: Any, op: Operation, ftype: T.FunctionType, is_decl: bool,
                            args: list | None = None) -> str:
    arg_attrs = op.attributes.get("arg_attrs")
    res_attrs = op.attributes.get("res_attrs")
    parts = []
    for i, t in enumerate(ftype.inputs):
        a = ""
        if isinstance(arg_attrs, A.ArrayAttr) and i < len(arg_attrs) and arg_attrs.elements[i].entries:
            a = " " + arg_attrs.elements[i].render(pr)
        if is_decl:
            parts.append(pr.type_text(t) + a)
        else:
            v = op.regions[0].blocks[0].args[i]
            loc = pr.arg_loc_text(v.loc)
            parts.append(f"{pr.value(v)}: {pr.type_text(t)}{a}{loc}")
    s = "(" + ", ".join(parts) + ")"
    if ftype.results:
        has_attrs = isinstance(res_attrs, A.ArrayAttr) and any(d.entries for d in res_attrs.elements)
        rs = []
        for i, t in enumerate(ftype.results):
            a = ""
            if has_attrs and res_attrs.elements[i].entries:
                a = " " + res_attrs.elements[i].render(pr)
            rs.append(pr.type_text(t) + a)
        if len(rs) == 1 and not has_attrs and not isinstance(ftype.results[0], T.FunctionType):
            s += " -> " + rs[0]
        else:
            s += " -> (" + ", ".join(rs) + ")"
    return s


def verify_function_like(op: Operation, ftype_cls: type) -> T.Type:
    """FunctionOpInterface checks shared by ``func.func`` and ``llvm.func``: a ``function_type`` of
    ``ftype_cls``, a ``sym_name``, and entry-block arguments matching the signature (count, and
    types for builtin function types).  Returns the function type."""
    ft = op.attributes.get("function_type")
    if not isinstance(ft, A.TypeAttr) or not isinstance(ft.type, ftype_cls):
        raise VerifyError("requires attribute 'function_type'", op)
    if not isinstance(op.attributes.get("sym_name"), A.StringAttr):
        raise VerifyError("requires attribute 'sym_name'", op)
    inputs = ft.type.inputs if isinstance(ft.type, T.FunctionType) else ft.type.params
    body = op.regions[0]
    if body.blocks:
        entry = body.blocks[0]
        if len(entry.args) != len(inputs):
            raise VerifyError(f"entry block must have {len(inputs)} arguments to match function signature", op)
        if isinstance(ft.type, T.FunctionType):
            for i, (a, t) in enumerate(zip(entry.args, inputs)):
                if a.type != t:
                    raise VerifyError(f"type of entry block argument #{i}('{a.type}') must match the type of "
                                      f"the corresponding argument in function signature('{t}')", op)
    return ft.type


class FuncOp(OpDef):
    name = "func.func"
    props = _FUNC_PROPS
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "Symbol", "FunctionOpInterface", "AutomaticAllocationScope"})
    default_dialect = "func"
    summary = "An operation with a name containing a single `SSACFG` region"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        return parse_function_op(cls, p)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        vis = op.attributes.get("sym_visibility")
        if vis is not None:
            s += " " + vis.value
        s += " " + A.symbol_text(op.attributes["sym_name"].value)
        ft = op.attributes["function_type"].type
        body = op.regions[0]
        s += function_signature_text(pr, op, ft, not body.blocks)
        s += pr.attr_dict_text(op.attributes, _FUNC_PROPS, with_keyword=True)
        if body.blocks:
            s += " " + pr.region_text(body, False, True)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_function_like(op, T.FunctionType)
        for key, what in (("arg_attrs", "arguments"), ("res_attrs", "results")):
            dicts = op.attributes.get(key)
            if isinstance(dicts, A.ArrayAttr) and any(
                    "." not in k for d in dicts.elements for k in getattr(d, "entries", {})):
                raise VerifyError(f"{what} may only have dialect attributes", op)
        if not op.regions[0].blocks and (
                "sym_visibility" not in op.attributes or op.attributes["sym_visibility"].value == "public"):
            raise VerifyError("symbol declaration cannot have public visibility", op)


class ReturnOp(OpDef):
    name = "func.return"
    operands = (variadic("operands"),)
    traits = TERMINATOR | {"HasParent"}
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = op.parent_op
        if fn is None or fn.name != "func.func":
            raise VerifyError("expects parent op 'func.func'", op)
        res = fn.attributes["function_type"].type.results
        if len(res) != len(op.operands):
            raise VerifyError(f"has {len(op.operands)} operands, but enclosing function (@"
                              f"{fn.attributes['sym_name'].value}) returns {len(res)}", op)
        for i, (v, t) in enumerate(zip(op.operands, res)):
            if v.type != t:
                raise VerifyError(f"type of return operand {i} ('{v.type}') doesn't match function result "
                                  f"type ('{t}') in function @{fn.attributes['sym_name'].value}", op, raw=True)


class CallOp(OpDef):
    name = "func.call"
    operands = (variadic("operands"),)
    results = (variadic("results"),)
    props = ("callee", "arg_attrs", "res_attrs", "no_inline")
    assembly_format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_call(op, "func.func", "function")


def _parse_flat_symbol_ref(p: Any, op_name: str) -> A.Attribute:
    """A ``FlatSymbolRefAttr`` operand of a declarative format: any attribute is read, one of
    another kind is 'invalid kind of attribute specified' (located at its start)."""
    pos = p.skip()
    a = p.parse_attribute()
    if not isinstance(a, A.SymbolRefAttr) or a.nested:
        raise p.error(f"custom op '{op_name}' invalid kind of attribute specified", pos)
    return a


class ConstantOp(OpDef):
    name = "func.constant"
    results = (single("result"),)
    fold = staticmethod(lambda op, consts: [op.attributes["value"]])  # (ConstantLike: its value)
    props = ("value",)
    traits = frozenset({"Pure", "ConstantLike"})
    assembly_format = "attr-dict $value `:` type(results)"
    asm_names = staticmethod(lambda op: ["f"])
    attr_parsers = {"value": staticmethod(lambda p, optional: _parse_flat_symbol_ref(p, "func.constant"))}

    @classmethod
    def verify(cls, op: Operation) -> None:
        from ..ir.symbols import lookup_symbol

        ref = op.attributes.get("value")
        if not isinstance(ref, A.SymbolRefAttr):
            raise VerifyError("requires attribute 'value'", op)
        fn = lookup_symbol(op, ref)
        if fn is None or fn.name != "func.func":
            raise VerifyError(f"reference to undefined function '{ref.root}'", op)
        if fn.attributes["function_type"].type != op.results[0].type:
            raise VerifyError("reference to function with mismatched type", op)


class CallIndirectOp(OpDef):
    name = "func.call_indirect"
    operands = (single("callee"), variadic("callee_operands"))
    results = (variadic("results"),)
    props = ("arg_attrs", "res_attrs")
    assembly_format = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)"
    infer = {"callee_operands": lambda k: list(k["callee"][0].inputs),
             "results": lambda k: list(k["callee"][0].results)}

    @classmethod
    def verify(cls, op: Operation) -> None:
        ft = op.operands[0].type
        if not isinstance(ft, T.FunctionType):
            raise VerifyError(f"operand #0 must be function type, but got '{ft}'", op)
        # ODS TypesMatchWith constraints (checked before any op verifier)
        if [v.type for v in op.operands[1:]] != list(ft.inputs):
            raise VerifyError("failed to verify that callee input types match argument types", op)
        if [r.type for r in op.results] != list(ft.results):
            raise VerifyError("failed to verify that callee result types match result types", op)
