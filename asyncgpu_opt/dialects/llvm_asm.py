"""llvm dialect, calls that name no ``llvm.func``: ``llvm.inline_asm`` and ``llvm.call_intrinsic``
(LLVMOps.td; verifiers of LLVMDialect.cpp).  Loaded with the llvm dialect
(``ir.registry._EXTRA_MODULES``).

    inline_asm     ::= (`has_side_effects`)? (`is_align_stack`)? (`tail_call_kind` `=` `<` kw `>`)?
                       (`asm_dialect` `=` kw)? (`operand_attrs` `=` array)? attr-dict
                       string `,` string ssa-list `:` functional-type
    call_intrinsic ::= string `(` ssa-list `)` (`[` bundle (`,` bundle)* `]`)? attr-dict `:` signature
    bundle         ::= string `(` (ssa-list `:` type-list)? `)`
    signature      ::= `(` (type dict?)* `)` `->` (type | `(` (type dict?)* `)`)
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, variadic
from ._common import keyword_enum, prefixed_attr_hooks
from .llvm_common import FASTMATH_NONE, TAILCALL, _mk

_DIALECT_HOOKS = keyword_enum("i64", ("att", "intel"), attr_name="asm_dialect")
_TCK = "#llvm.tailcallkind"


_TCK_HOOKS = prefixed_attr_hooks(_TCK)


def _str_parser(p: Any, optional: bool) -> A.Attribute | None:
    """A ``StrAttr`` variable: a bare string literal (never a typed ``"s" : type`` attribute)."""
    if optional and not p.peek('"'):
        return None
    return A.StringAttr(p.parse_string())


class InlineAsmOp(OpDef):
    name = "llvm.inline_asm"
    operands = (variadic("operands"),)
    results = (optional("res"),)
    props = ("asm_string", "constraints", "has_side_effects", "is_align_stack", "tail_call_kind", "asm_dialect",
             "operand_attrs")
    unit_attrs = ("has_side_effects", "is_align_stack")
    default_attrs = {"tail_call_kind": TAILCALL}
    attr_printers = {"asm_dialect": _DIALECT_HOOKS[0], "tail_call_kind": _TCK_HOOKS[0]}
    attr_parsers = {"asm_dialect": _DIALECT_HOOKS[1], "tail_call_kind": _TCK_HOOKS[1], "asm_string": _str_parser,
                    "constraints": _str_parser}
    assembly_format = ("(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? "
                       "(`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? "
                       "(`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints "
                       "operands `:` functional-type(operands, results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        for n in ("asm_string", "constraints"):
            if n not in op.attributes:
                raise VerifyError(f"requires attribute '{n}'", op)
        if str(op.attributes.get("tail_call_kind")) == _TCK + "<musttail>":
            raise VerifyError("tail call kind 'musttail' is not supported by this operation", op)


_CI = "custom op 'llvm.call_intrinsic' "


def _parse_typed_list(p: Any) -> tuple[list[T.Type], list[A.DictionaryAttr]]:
    """`(` (type dict?) (`,` type dict?)* `)` -- types with optional attribute dictionaries."""
    p.parse_punct("(")
    types: list[T.Type] = []
    attrs: list[A.DictionaryAttr] = []
    if not p.parse_optional_punct(")"):
        while True:
            types.append(p.parse_type())
            attrs.append(A.DictionaryAttr(p.parse_optional_attr_dict()))
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
    return types, attrs


def _typed_list_text(pr: Any, types: list[T.Type], attrs: Any) -> str:
    out = []
    for i, t in enumerate(types):
        s = pr.type_text(t)
        if isinstance(attrs, A.ArrayAttr) and i < len(attrs.elements) and attrs.elements[i].entries:
            s += " " + attrs.elements[i].render(pr)
        out.append(s)
    return "(" + ", ".join(out) + ")"


class CallIntrinsicOp(OpDef):
    name = "llvm.call_intrinsic"
    operands = (variadic("args"), variadic("op_bundle_operands"))
    results = (optional("results"),)
    props = ("intrin", "fastmathFlags", "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs",
             "operandSegmentSizes")
    default_attrs = {"fastmathFlags": FASTMATH_NONE, "op_bundle_sizes": A.DenseArrayAttr(T.i32, [])}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {"intrin": A.StringAttr(p.parse_string())}
        refs = p.parse_operand_list("()")
        bundles: list[list[Any]] = []
        tags: list[A.Attribute] = []
        bpos = p.skip()
        if p.parse_optional_punct("["):
            while True:
                tags.append(A.StringAttr(p.parse_string()))
                p.parse_punct("(")
                brefs: list[Any] = []
                btypes: list[T.Type] = []
                if not p.parse_optional_punct(")"):
                    brefs = p.parse_operand_list()
                    p.parse_punct(":")
                    btypes = [p.parse_type()]
                    while p.parse_optional_punct(","):
                        btypes.append(p.parse_type())
                    p.parse_punct(")")
                if len(brefs) != len(btypes):  # upstream names bundle #0 whichever bundle it is
                    raise p.error(f"{_CI}expected {len(brefs)} types for operand bundle operands for operand "
                                  f"bundle #0, but actually got {len(btypes)}", bpos)
                bundles.append(list(zip(brefs, btypes)))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct("]")
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        ins, in_attrs = _parse_typed_list(p)
        p.parse_punct("->")
        if p.peek("("):
            outs, out_attrs = _parse_typed_list(p)
        else:
            outs, out_attrs = [p.parse_type()], [A.DictionaryAttr({})]
        if len(ins) != len(refs):
            raise p.error(f"{len(refs)} operands present, but expected {len(ins)}", p.name_pos)
        if any(d.entries for d in in_attrs):
            attrs["arg_attrs"] = A.ArrayAttr(in_attrs)
        if any(d.entries for d in out_attrs):
            attrs["res_attrs"] = A.ArrayAttr(out_attrs)
        args = [p.resolve(r, t) for r, t in zip(refs, ins)]
        bundle_ops = [p.resolve(r, t) for b in bundles for r, t in b]
        attrs["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, [len(b) for b in bundles])
        if tags:
            attrs["op_bundle_tags"] = A.ArrayAttr(tags)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(args), len(bundle_ops)])
        return _mk(cls, args + bundle_ops, outs, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        args = cls.operand_group(op, "args")
        s = " " + A.quote_string(op.attributes["intrin"].value) + "(" + pr.values(args) + ")"
        sizes = op.attributes["op_bundle_sizes"].values
        tags = op.attributes.get("op_bundle_tags")
        if sizes:
            vals = cls.operand_group(op, "op_bundle_operands")
            parts, at = [], 0
            for i, n in enumerate(sizes):
                vs = vals[at: at + n]
                at += n
                tag = pr.attr_text(tags.elements[i]) if isinstance(tags, A.ArrayAttr) else '""'
                inner = f"{pr.values(vs)} : {pr.types([v.type for v in vs])}" if vs else ""
                parts.append(f"{tag}({inner})")
            s += " [" + ", ".join(parts) + "]"
        elided = ["intrin", "op_bundle_sizes", "op_bundle_tags", "operandSegmentSizes", "arg_attrs", "res_attrs"]
        if str(op.attributes.get("fastmathFlags")) == str(FASTMATH_NONE):
            elided.append("fastmathFlags")
        s += pr.attr_dict_text(op.attributes, tuple(elided))
        res = [r.type for r in op.results]
        s += " : " + _typed_list_text(pr, [v.type for v in args], op.attributes.get("arg_attrs")) + " -> "
        ra = op.attributes.get("res_attrs")
        if len(res) == 1 and not (isinstance(ra, A.ArrayAttr) and any(d.entries for d in ra.elements)):
            s += pr.type_text(res[0])
        else:
            s += _typed_list_text(pr, res, ra)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        if "intrin" not in op.attributes:
            raise VerifyError("requires attribute 'intrin'", op)
        sizes = op.attributes["op_bundle_sizes"].values
        tags = op.attributes.get("op_bundle_tags")
        n_tags = len(tags.elements) if isinstance(tags, A.ArrayAttr) else 0
        if n_tags != len(sizes):
            raise VerifyError(f"expected {len(sizes)} operand bundle tags, but actually got {n_tags}", op, raw=True)
