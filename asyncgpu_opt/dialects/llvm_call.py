"""llvm dialect, calls: ``llvm.call`` (direct and indirect, varargs, operand bundles) and its
verifiers (var_callee_type, operand bundles, the callee's signature).  Loaded with ``llvm.py``."""

from __future__ import annotations

from typing import Any

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, variadic
from ..ir.symbols import lookup_symbol
from . import llvm_keywords as K
from .llvm_common import (
    CCONV,
    FASTMATH_NONE,
    TAILCALL,
    _mk,
    _types_of,
    is_llvm_compatible,
    parse_checked_attr_dict,
)

_CALL = "custom op 'llvm.call' "


class CallOp(OpDef):
    """``llvm.call``: (function-id | ssa-use) `(` ssa-use-list `)` (`vararg(` type `)`)? attr-dict
    `:` (type `,`)? function-type -- the callee pointer and its type lead for an indirect call."""

    name = "llvm.call"
    operands = (variadic("callee_operands"), variadic("op_bundle_operands"))
    results = (optional("result"),)
    props = ("CConv", "TailCallKind", "callee", "fastmathFlags", "op_bundle_sizes", "operandSegmentSizes",
             "var_callee_type", "op_bundle_tags", "arg_attrs", "res_attrs", "no_inline", "always_inline",
             "branch_weights", "access_groups", "alias_scopes", "noalias_scopes", "tbaa")
    default_attrs = {"CConv": CCONV, "TailCallKind": TAILCALL, "fastmathFlags": FASTMATH_NONE}
    symbol_verified = True  # verify reads types, attributes and the callee's function type

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        K.parse_cconv(p, attrs)
        K.parse_tail_call_kind(p, attrs)
        fptr = p.parse_optional_operand()
        if fptr is None:
            attrs["callee"] = A.SymbolRefAttr(p.parse_symbol_name())
        refs = p.parse_operand_list("()")
        if p.parse_optional_keyword("vararg"):
            p.parse_punct("(")
            attrs["var_callee_type"] = A.TypeAttr(p.parse_type())
            p.parse_punct(")")
        ops, bundle_ops, result_types = parse_call_tail(p, cls.name, fptr, refs, attrs, checked_attrs=True)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(ops), len(bundle_ops)])
        return _mk(cls, ops + bundle_ops, result_types, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        args = cls.operand_group(op, "callee_operands")
        callee = op.attributes.get("callee")
        s = " " + K.print_cconv(op) + K.print_tail_call_kind(op)
        if callee is None and args:
            s, lead, args = s + pr.value(args[0]), pr.type_text(args[0].type) + ", ", args[1:]
        else:
            s, lead = s + str(callee), ""
        s += "(" + pr.values(args) + ")"
        vt = op.attributes.get("var_callee_type")
        if vt is not None:
            s += f" vararg({pr.type_text(vt.type)})"
        s += print_op_bundles(pr, op, cls.operand_group(op, "op_bundle_operands"))
        elided = {"callee", "var_callee_type", "operandSegmentSizes", "op_bundle_sizes", "op_bundle_tags", "CConv",
                  "TailCallKind", "arg_attrs", "res_attrs"}
        for k, v in cls.default_attrs.items():
            if str(op.attributes.get(k)) == str(v):
                elided.add(k)
        s += pr.attr_dict_text(op.attributes, elided)
        return s + " : " + lead + signature_text(pr, op, _types_of(args))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if "op_bundle_sizes" not in op.attributes:
            raise VerifyError("requires attribute 'op_bundle_sizes'", op)
        args = cls.operand_group(op, "callee_operands")
        for i, v in enumerate(op.operands):
            if not is_llvm_compatible(v.type):
                raise VerifyError(f"operand #{i} must be variadic of LLVM dialect-compatible type, but got "
                                  f"'{v.type}'", op)
        for i, r in enumerate(op.results):
            if not is_llvm_compatible(r.type):
                raise VerifyError(f"result #{i} must be LLVM dialect-compatible type, but got '{r.type}'", op)
        callee = op.attributes.get("callee")
        _verify_var_callee_type(op, args if isinstance(callee, A.SymbolRefAttr) else args[1:])
        verify_op_bundles(op)
        if not isinstance(callee, A.SymbolRefAttr):
            if not op.operands:
                raise VerifyError("must have either a `callee` attribute or at least an operand", op)
            if not isinstance(op.operands[0].type, T.LLVMPointerType):
                raise VerifyError(f"indirect call expects a pointer as callee: '{op.operands[0].type}'", op)
            return
        fn = lookup_symbol(op, callee)
        if fn is None:
            raise VerifyError(f"'{callee.root}' does not reference a symbol in the current scope", op)
        if fn.name != "llvm.func":
            raise VerifyError(f"'{callee.root}' does not reference a valid LLVM function or IFunc", op)
        ft = fn.attributes["function_type"].type
        if ft.vararg and "var_callee_type" not in op.attributes:
            raise VerifyError("missing var_callee_type attribute for vararg call", op)
        if not ft.vararg and len(args) != len(ft.params):
            raise VerifyError(f"incorrect number of operands ({len(args)}) for callee (expecting: "
                              f"{len(ft.params)})", op)
        if len(ft.params) > len(args):
            raise VerifyError(f"incorrect number of operands ({len(args)}) for varargs callee (expecting at "
                              f"least: {len(ft.params)})", op)
        for i, (v, t) in enumerate(zip(args, ft.params)):
            if v.type is not t and v.type != t:
                raise VerifyError(f"operand type mismatch for operand {i}: '{v.type}' != '{t}'", op)
        void = isinstance(ft.result, T.LLVMVoidType)
        if not op.results and not void:
            raise VerifyError("expected function call to produce a value", op)
        if op.results and void:
            raise VerifyError("calling function with void result must not produce values", op)
        if len(op.results) > 1:
            raise VerifyError("expected LLVM function call to produce 0 or 1 result", op)
        if op.results and op.results[0].type != ft.result:
            raise VerifyError(f"result type mismatch: '{op.results[0].type}' != '{ft.result}'", op)


def parse_call_tail(p: Any, opname: str, fptr: Any, refs: list[Any], attrs: dict[str, A.Attribute],
                    checked_attrs: bool = False) -> tuple[list[Any], list[Any], list[T.Type]]:
    """What ``llvm.call`` and ``llvm.invoke`` share after their arguments (parseOpBundles,
    parseCallTypeAndResolveOperands, resolveOpBundleOperands):

        (`[` op-bundle-list `]`)? attr-dict `:` (type `,`)? function-type-with-argument-attributes

    Fills ``attrs`` (the dictionary, ``arg_attrs``/``res_attrs``, ``op_bundle_sizes``/``_tags``) and
    returns the resolved callee operands, the bundle operands and the result types."""
    prefix = f"custom op '{opname}' "
    bundles_pos = p.skip()
    bundles = _parse_op_bundles(p, prefix)
    attrs.update(parse_checked_attr_dict(p, opname) if checked_attrs else p.parse_optional_attr_dict())
    tpos = p.skip()
    p.parse_punct(":")
    ptr_t = None
    if fptr is not None:
        ptr_t = p.parse_type()
        if not p.parse_optional_punct(","):
            raise p.error(prefix + "expected indirect call to have 2 trailing types", tpos)
    sig_error = prefix + ("expected direct call to have 1 trailing types" if fptr is None
                          else "expected trailing function type")
    try:
        if not p.peek("("):
            raise p.error("expected '('")
        sig = _parse_signature(p)
    except MLIRError as nested:  # upstream reports the signature's own error first
        e = p.error(sig_error, tpos)
        e.preceding = [*nested.preceding, nested.diagnostic]
        raise e from None
    if sig is None:  # no `->`: upstream fails without a diagnostic of its own
        raise p.error(sig_error, tpos)
    ft, arg_attrs, res_attrs = sig
    if any(d.entries for d in arg_attrs):
        attrs["arg_attrs"] = A.ArrayAttr(arg_attrs)
    if any(d.entries for d in res_attrs):
        attrs["res_attrs"] = A.ArrayAttr(res_attrs)
    if len(ft.results) > 1:
        raise p.error(prefix + "expected function with 0 or 1 result", tpos)
    if ft.results and isinstance(ft.results[0], T.LLVMVoidType):
        raise p.error(prefix + "expected a non-void result type", tpos)
    if len(ft.inputs) != len(refs):
        raise p.error(f"{len(refs)} operands present, but expected {len(ft.inputs)}", p.name_pos)
    ops = [p.resolve(fptr, ptr_t)] if fptr is not None else []
    ops += [p.resolve(r, t) for r, t in zip(refs, ft.inputs)]
    bundle_ops = []
    for _, brefs, btypes in bundles:
        if len(brefs) != len(btypes):
            # (upstream never advances the bundle number it reports)
            raise p.error(prefix + f"expected {len(brefs)} types for operand bundle operands for operand bundle "
                          f"#0, but actually got {len(btypes)}", bundles_pos)
        bundle_ops += [p.resolve(r, t) for r, t in zip(brefs, btypes)]
    attrs["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, [len(b[1]) for b in bundles])
    if bundles:
        attrs["op_bundle_tags"] = A.ArrayAttr([A.StringAttr(b[0]) for b in bundles])
    return ops, bundle_ops, list(ft.results)


def _parse_type_attr_list(p: Any, types: list[T.Type], dicts: list[A.DictionaryAttr]) -> None:
    """(type attr-dict? (`,` type attr-dict?)*)? `)` -- after the `(`."""
    if p.parse_optional_punct(")"):
        return
    while True:
        types.append(p.parse_type())
        dicts.append(A.DictionaryAttr(p.parse_optional_attr_dict()))
        if not p.parse_optional_punct(","):
            break
    p.parse_punct(")")


def _parse_signature(p: Any) -> tuple[T.FunctionType, list[A.DictionaryAttr], list[A.DictionaryAttr]] | None:
    """The call's signature (call_interface_impl::parseFunctionSignature), attributes allowed on
    arguments and results:

        `(` (type attr-dict?)-list `)` `->` (`(` (type attr-dict?)-list `)` | type)

    None when the `->` is missing."""
    ins: list[T.Type] = []
    in_attrs: list[A.DictionaryAttr] = []
    p.parse_punct("(")
    _parse_type_attr_list(p, ins, in_attrs)
    if not p.parse_optional_punct("->"):
        return None
    outs: list[T.Type] = []
    out_attrs: list[A.DictionaryAttr] = []
    if p.parse_optional_punct("("):
        _parse_type_attr_list(p, outs, out_attrs)
    else:
        outs.append(p.parse_type())
        out_attrs.append(A.DictionaryAttr({}))
    return T.FunctionType(ins, outs), in_attrs, out_attrs


def signature_text(pr: Any, op: Operation, ins: list[T.Type]) -> str:
    """call_interface_impl::printFunctionSignature for a call: each argument and result type
    followed by its attribute dictionary when ``arg_attrs``/``res_attrs`` give one."""
    outs = [r.type for r in op.results]
    arg_attrs, res_attrs = op.attributes.get("arg_attrs"), op.attributes.get("res_attrs")
    if not isinstance(arg_attrs, A.ArrayAttr) and not isinstance(res_attrs, A.ArrayAttr):
        return pr.function_type_text(ins, outs)

    def one(t: T.Type, dicts: Any, i: int) -> str:
        d = dicts.elements[i] if isinstance(dicts, A.ArrayAttr) and i < len(dicts.elements) else None
        return pr.type_text(t) + (" " + d.render(pr) if isinstance(d, A.DictionaryAttr) and d.entries else "")

    s = "(" + ", ".join(one(t, arg_attrs, i) for i, t in enumerate(ins)) + ") -> "
    res = [one(t, res_attrs, i) for i, t in enumerate(outs)]
    if len(outs) == 1 and res[0] == pr.type_text(outs[0]) and not isinstance(outs[0], T.FunctionType):
        return s + res[0]
    return s + "(" + ", ".join(res) + ")"


def _parse_op_bundles(p: Any, prefix: str = _CALL) -> list[tuple[str, list[Any], list[T.Type]]]:
    """(`[` (string `(` (ssa-use-list `:` type-list)? `)`) (`,` ...)* `]`)?: the operand bundles of
    a call, as (tag, operands, types)."""
    out: list[tuple[str, list[Any], list[T.Type]]] = []
    if not p.parse_optional_punct("["):
        return out
    if p.parse_optional_punct("]"):
        return out
    while True:
        pos = p.skip()
        tag = p.parse_optional_string()
        if tag is None:
            raise p.error(prefix + "expect operand bundle tag", pos)
        p.parse_punct("(")
        refs: list[Any] = []
        types: list[T.Type] = []
        if not p.parse_optional_punct(")"):
            refs = p.parse_operand_list()
            p.parse_punct(":")
            types = p.parse_type_list()
            p.parse_punct(")")
        out.append((tag, refs, types))
        if not p.parse_optional_punct(","):
            break
    p.parse_punct("]")
    return out


def print_op_bundles(pr: Any, op: Operation, operands: list[Any]) -> str:
    """` [` `"tag"(%a, %b : t1, t2)` ... `]`, nothing without bundles."""
    sizes = op.attributes.get("op_bundle_sizes")
    tags = op.attributes.get("op_bundle_tags")
    if not isinstance(sizes, A.DenseArrayAttr) or not sizes.values or not isinstance(tags, A.ArrayAttr):
        return ""
    parts, i = [], 0
    for n, tag in zip(sizes.values, tags.elements):
        vs = operands[i:i + n]
        i += n
        inner = f"{pr.values(vs)} : {', '.join(pr.type_text(v.type) for v in vs)}" if vs else ""
        parts.append(f"{pr.attr_text(tag)}({inner})")
    return " [" + ", ".join(parts) + "]"


def verify_op_bundles(op: Operation) -> None:
    """verifyOperandBundles: string tags, one per bundle."""
    tags = op.attributes.get("op_bundle_tags")
    sizes = op.attributes.get("op_bundle_sizes")
    if isinstance(tags, A.ArrayAttr) and not all(isinstance(t, A.StringAttr) for t in tags.elements):
        raise VerifyError("operand bundle tag must be a StringAttr", op, raw=True)
    n = len(sizes.values) if isinstance(sizes, A.DenseArrayAttr) else 0
    n_tags = len(tags.elements) if isinstance(tags, A.ArrayAttr) else 0
    if n != n_tags:
        raise VerifyError(f"expected {n} operand bundle tags, but actually got {n_tags}", op, raw=True)


def _verify_var_callee_type(op: Operation, args: list[Any]) -> None:
    """verifyCallOpVarCalleeType: the `vararg(...)` type against the call's arguments and result."""
    vt = op.attributes.get("var_callee_type")
    if vt is None:
        return
    ft = vt.type
    if not isinstance(ft, T.LLVMFunctionType) or not ft.vararg:
        raise VerifyError("expected var_callee_type to be a variadic function type", op)
    if len(ft.params) > len(args):
        raise VerifyError(f"expected var_callee_type to have at most {len(args)} parameters", op)
    for t, v in zip(ft.params, args):
        if t != v.type:
            raise VerifyError(f"var_callee_type parameter type mismatch: '{t}' != '{v.type}'", op)
    if not op.results:
        if not isinstance(ft.result, T.LLVMVoidType):
            raise VerifyError("expected var_callee_type to return void", op)
    elif op.results[0].type != ft.result:
        raise VerifyError(f"var_callee_type return type mismatch: '{ft.result}' != '{op.results[0].type}'", op)
