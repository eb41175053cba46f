"""llvm dialect, exceptional and multi-way control flow: ``llvm.invoke``, ``llvm.landingpad``,
``llvm.resume``, ``llvm.switch``, ``llvm.unreachable``, ``llvm.blockaddress``, ``llvm.blocktag``,
``llvm.indirectbr``
(LLVMOps.td; the parsers, printers and verifiers of LLVMDialect.cpp).  Loaded with the llvm dialect
(``ir.registry._EXTRA_MODULES``).

    invoke     ::= cconv? (symbol | ssa) `(` ssa-list `)` `to` successor `unwind` successor
                   (`vararg` `(` type `)`)? (`[` op-bundle-list `]`)? attr-dict `:` (type `,`)?
                   function-type-with-argument-attributes  (the tail shared with ``llvm.call``)
    landingpad ::= `cleanup`? (`(` (`catch` | `filter`) ssa `:` type `)`)* attr-dict `:` type
    resume     ::= ssa attr-dict `:` type
    switch     ::= ssa `:` type `,` successor `[` (int `:` successor (`,` ...)*)? `]` attr-dict
    unreachable ::= attr-dict
    blockaddress ::= `<` `function` `=` symbol `,` `tag` `=` `<` `id` `=` int `>` `>` attr-dict `:` type
    blocktag   ::= `<` `id` `=` int `>` attr-dict
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ..ir.symbols import lookup_symbol
from ._common import TERMINATOR, prefixed_attr_hooks
from .cf import SwitchOp as CfSwitchOp
from .cf import parse_successor_and_operands, verify_successor_operands
from .llvm import FuncOp
from .llvm_call import _verify_var_callee_type, parse_call_tail, print_op_bundles, signature_text, verify_op_bundles
from .llvm_common import CCONV, _mk, is_llvm_compatible, parse_pointer_type, pointer_type_text

CCONVS = ("ccc", "fastcc", "coldcc", "cc_10", "cc_11", "anyregcc", "preserve_mostcc", "preserve_allcc",
          "swiftcc", "cxx_fast_tlscc", "tailcc", "cfguard_checkcc", "swifttailcc", "x86_stdcallcc",
          "x86_fastcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "msp430_intrcc", "x86_thiscallcc",
          "ptx_kernelcc", "ptx_devicecc", "spir_funccc", "spir_kernelcc", "intel_ocl_bicc", "x86_64_sysvcc",
          "win64cc", "x86_vectorcallcc", "hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc", "avr_builtincc",
          "amdgpu_vscc", "amdgpu_gscc", "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc",
          "msp430_builtincc", "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc", "aarch64_sve_vectorcallcc",
          "wasm_emscripten_invokecc", "amdgpu_gfxcc", "m68k_intrcc")
_TERM = TERMINATOR - {"Pure", "ReturnLike"}


class InvokeOp(OpDef):
    name = "llvm.invoke"
    operands = (variadic("callee_operands"), variadic("normalDestOperands"), variadic("unwindDestOperands"),
                variadic("op_bundle_operands"))
    results = (variadic("result"),)
    props = ("CConv", "callee", "var_callee_type", "arg_attrs", "res_attrs", "branch_weights", "op_bundle_sizes",
             "op_bundle_tags", "operandSegmentSizes")
    num_successors = 2
    traits = _TERM | {"BranchOpInterface"}
    successor_groups = ("normalDestOperands", "unwindDestOperands")
    default_attrs = {"CConv": CCONV, "op_bundle_sizes": A.DenseArrayAttr(T.i32, [])}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        for cc in CCONVS:
            if p.parse_optional_keyword(cc):
                attrs["CConv"] = A.keyword_attr("llvm.cconv", cc)
                break
        fptr = p.parse_optional_operand()
        if fptr is None:
            attrs["callee"] = A.SymbolRefAttr(p.parse_symbol_name())
        refs = p.parse_operand_list("()")
        p.parse_keyword("to")
        normal, normal_ops = parse_successor_and_operands(p)
        p.parse_keyword("unwind")
        unwind, unwind_ops = parse_successor_and_operands(p)
        if p.parse_optional_keyword("vararg"):
            p.parse_punct("(")
            attrs["var_callee_type"] = A.TypeAttr(p.parse_type())
            p.parse_punct(")")
        ops, bundle_ops, result_types = parse_call_tail(p, cls.name, fptr, refs, attrs)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(
            T.i32, [len(ops), len(normal_ops), len(unwind_ops), len(bundle_ops)])
        return _mk(cls, ops + normal_ops + unwind_ops + bundle_ops, result_types, attrs, (), [normal, unwind])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " "
        cc = op.attributes.get("CConv")
        if cc is not None and str(cc) != str(CCONV):
            s += str(cc)[len("#llvm.cconv<"):-1] + " "
        args = cls.operand_group(op, "callee_operands")
        callee = op.attributes.get("callee")
        lead = ""
        if callee is None and args:
            s += pr.value(args[0])
            lead = pr.type_text(args[0].type) + ", "
            args = args[1:]
        else:
            s += str(callee)
        s += "(" + pr.values(args) + ") to "
        s += pr.successor_text(op.successors[0], cls.operand_group(op, "normalDestOperands")) + " unwind "
        s += pr.successor_text(op.successors[1], cls.operand_group(op, "unwindDestOperands"))
        vt = op.attributes.get("var_callee_type")
        if vt is not None:
            s += f" vararg({pr.type_text(vt.type)})"
        s += print_op_bundles(pr, op, cls.operand_group(op, "op_bundle_operands"))
        s += pr.attr_dict_text(op.attributes, ("callee", "operandSegmentSizes", "CConv", "var_callee_type",
                                               "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs"))
        return s + " : " + lead + signature_text(pr, op, [v.type for v in args])

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, v in enumerate(op.operands):
            if not is_llvm_compatible(v.type):
                raise VerifyError(f"operand #{i} must be variadic of LLVM dialect-compatible type, but got "
                                  f"'{v.type}'", op)
        if len(op.results) > 1:
            raise VerifyError(f"result group starting at #0 requires 0 or 1 element, but found {len(op.results)}",
                              op)
        verify_successor_operands(op)
        args = cls.operand_group(op, "callee_operands")
        _verify_var_callee_type(op, args if "callee" in op.attributes else args[1:])
        verify_op_bundles(op)
        unwind = op.successors[1]
        if not unwind.ops:
            raise VerifyError("must have at least one operation in unwind destination", op, raw=True)
        if unwind.ops[0].name != "llvm.landingpad":
            raise VerifyError("first operation in unwind destination should be a llvm.landingpad operation", op,
                              raw=True)


class LandingpadOp(OpDef):
    name = "llvm.landingpad"
    operands = (variadic("clauses"),)
    results = (single("res"),)
    props = ("cleanup",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_keyword("cleanup"):
            attrs["cleanup"] = A.UNIT
        ops = []
        while p.parse_optional_punct("("):
            if not (p.parse_optional_keyword("catch") or p.parse_optional_keyword("filter")):
                raise p.error("expected 'catch' or 'filter'", p.skip())
            ref = p.parse_operand()
            p.parse_punct(":")
            ops.append(p.resolve(ref, p.parse_type()))
            p.parse_punct(")")
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        return _mk(cls, ops, [p.parse_type()], attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " cleanup " if "cleanup" in op.attributes else " "
        for v in op.operands:
            kind = "filter" if isinstance(v.type, T.LLVMArrayType) else "catch"
            s += f"({kind} {pr.value(v)} : {pr.type_text(v.type)}) "
        return s + pr.attr_dict_text(op.attributes, ("cleanup",)).lstrip(" ") + \
            (" " if len(op.attributes) > ("cleanup" in op.attributes) else "") + ": " + pr.type_text(op.results[0].type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = op.parent_op
        while fn is not None and fn.name != "llvm.func":
            fn = fn.parent_op
        if fn is not None and "personality" not in fn.attributes:
            raise VerifyError("llvm.landingpad needs to be in a function with a personality", op, raw=True)
        if "cleanup" not in op.attributes and not op.operands:
            raise VerifyError("landingpad instruction expects at least one clause or cleanup attribute", op, raw=True)
        for i, v in enumerate(op.operands):
            if isinstance(v.type, T.LLVMArrayType):
                continue  # filter clauses are not verified upstream either
            d = getattr(v, "op", None)
            name = d.name if d is not None else ""
            if name == "llvm.bitcast":
                inner = getattr(d.operands[0], "op", None)
                if inner is not None and inner.name == "llvm.mlir.addressof":
                    continue
                raise VerifyError("constant clauses expected", op, [(d.loc, "global addresses expected as operand "
                                                                      "to bitcast used in clauses for landingpad")],
                                  raw=True)
            if name in ("llvm.mlir.zero", "llvm.mlir.addressof"):
                continue
            raise VerifyError(f"clause #{i} is not a known constant - null, addressof, bitcast", op, raw=True)


def verify_landingpad_types(fn: Operation) -> None:
    """LLVMFuncOp::verify's walk: every ``llvm.landingpad`` result and ``llvm.resume`` operand of a
    function has one type."""
    seen: list[T.Type] = []
    for o in fn.walk(pre_order=False):
        if o.name == "llvm.landingpad":
            t, msg = o.results[0].type, "'llvm.landingpad' should have a consistent result type inside a function"
        elif o.name == "llvm.resume" and o.operands:
            t, msg = o.operands[0].type, "'llvm.resume' should have a consistent input type inside a function"
        else:
            continue
        if not seen:
            seen.append(t)
        elif seen[0] != t:
            raise VerifyError(msg, fn, raw=True)


FuncOp.personality_checks.append(verify_landingpad_types)


class ResumeOp(OpDef):
    name = "llvm.resume"
    operands = (single("value"),)
    traits = _TERM
    assembly_format = "$value attr-dict `:` type($value)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not is_llvm_compatible(op.operands[0].type):
            raise VerifyError(f"operand #0 must be LLVM dialect-compatible type, but got '{op.operands[0].type}'",
                              op)


class UnreachableOp(OpDef):
    name = "llvm.unreachable"
    traits = _TERM
    assembly_format = "attr-dict"


class SwitchOp(CfSwitchOp):
    """``cf.switch``'s operands and successor layout, LLVM's syntax: the default destination
    outside the brackets, no ``default:`` label."""

    name = "llvm.switch"
    operands = (single("value"), variadic("defaultOperands"), variadic("caseOperands"))
    check_case_range = False

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        fr = p.parse_operand()
        p.parse_punct(":")
        ft = p.parse_type()
        p.parse_punct(",")
        db, dv = parse_successor_and_operands(p)
        p.parse_punct("[")
        values: list[int] = []
        succ = [db]
        case_ops: list[Any] = []
        seg: list[int] = []
        if not p.parse_optional_punct("]"):
            while True:
                cls.parse_case(p, values, succ, case_ops, seg)
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct("]")
        attrs = p.parse_optional_attr_dict()
        flag = p.resolve(fr, ft)  # resolved last, as upstream's parser does
        return cls.build(flag, dv, values, ft, case_ops, seg, succ, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        flag = op.operands[0]
        ind = "  " * pr.indent
        s = f" {pr.value(flag)} : {pr.type_text(flag.type)}, "
        s += pr.successor_text(op.successors[0], cls.successor_operands(op, 0)) + " [\n"
        cv = op.attributes.get("case_values")
        vals = cv.flat_values() if cv is not None else []
        lines = [ind + f"  {v}: " + pr.successor_text(op.successors[i + 1], cls.successor_operands(op, i + 1))
                 for i, v in enumerate(vals)]
        s += ",\n".join(lines) + ("\n" if lines else "") + ind + "]"
        return s + pr.attr_dict_text(op.attributes, ("case_values", "case_operand_segments",
                                                     "operandSegmentSizes"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not (isinstance(t, T.IntegerType) and not t.signedness):
            raise VerifyError(f"operand #0 must be signless integer, but got '{t}'", op)
        cv = op.attributes.get("case_values")
        n_cases = len(cv.flat_values()) if cv is not None else 0
        if n_cases != len(op.successors) - 1:
            raise VerifyError("expects number of case values to match number of case destinations", op)
        bw = op.attributes.get("branch_weights")
        if isinstance(bw, A.DenseArrayAttr) and len(bw.values) != len(op.successors):
            raise VerifyError(f"expects number of branch weights to match number of successors: "
                              f"{len(bw.values)} vs {len(op.successors)}", op, raw=True)
        if cv is not None and getattr(cv.type, "element_type", None) != t:
            raise VerifyError("expects case value type to match condition value type", op, raw=True)
        verify_successor_operands(op)



# ----- block addresses ------------------------------------------------------------------------------

_BLOCK_ADDR = prefixed_attr_hooks("#llvm.blockaddress")
_BLOCK_TAG = prefixed_attr_hooks("#llvm.blocktag")
_TAG_ID = re.compile(r"<\s*id\s*=\s*(\d+)\s*>")
_ADDR = re.compile(r"function\s*=\s*@([\w$.-]+|\"(?:[^\"\\]|\\.)*\")\s*,\s*tag\s*=\s*<\s*id\s*=\s*(\d+)\s*>")


def _tag_id(op: Operation) -> int | None:
    m = _TAG_ID.search(str(op.attributes.get("tag", "")))
    return int(m.group(1)) if m else None


def _enclosing_func(op: Operation) -> Operation | None:
    fn = op.parent_op
    while fn is not None and fn.name != "llvm.func":
        fn = fn.parent_op
    return fn


class BlockTagOp(OpDef):
    name = "llvm.blocktag"
    props = ("tag",)
    attr_printers = {"tag": _BLOCK_TAG[0]}
    attr_parsers = {"tag": _BLOCK_TAG[1]}
    assembly_format = "$tag attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = _enclosing_func(op)
        tid = _tag_id(op)
        if fn is None or tid is None:
            return
        for other in fn.walk():
            if other is op:
                return
            if other.name == cls.name and _tag_id(other) == tid:
                raise VerifyError(f"duplicate block tag '{tid}' in the same function: ", op, raw=True)


class BlockAddressOp(OpDef):
    name = "llvm.blockaddress"
    results = (single("res"),)
    props = ("block_addr",)
    traits = frozenset({"Pure"})
    attr_printers = {"block_addr": _BLOCK_ADDR[0]}
    attr_parsers = {"block_addr": _BLOCK_ADDR[1]}
    assembly_format = "$block_addr attr-dict `:` qualified(type($res))"

    @classmethod
    def verify(cls, op: Operation) -> None:
        rt = op.results[0].type
        if not isinstance(rt, T.LLVMPointerType):
            raise VerifyError(f"result #0 must be LLVM pointer type, but got '{rt}'", op)
        m = _ADDR.search(str(op.attributes.get("block_addr", "")))
        if m is None:
            return
        name = m.group(1)
        fn = lookup_symbol(op, A.SymbolRefAttr(name[1:-1] if name.startswith('"') else name))
        if fn is None or fn.name != "llvm.func":
            raise VerifyError("must reference a function defined by 'llvm.func'", op)
        tid = int(m.group(2))
        if not any(o.name == "llvm.blocktag" and _tag_id(o) == tid for o in fn.walk()):
            raise VerifyError("expects an existing block label target in the referenced function", op)


class IndirectBrOp(OpDef):
    """``llvm.indirectbr``: a branch to one of the listed blocks, chosen by a block address; the
    destinations' operands are one variadic-of-variadic group sized by ``indbr_operand_segments``.

        indirectbr ::= ssa `:` type `,` `[` (successor (`,` successor)*)? `]` attr-dict
    """

    name = "llvm.indirectbr"
    operands = (single("addr"), variadic("succOperands"))
    props = ("indbr_operand_segments",)
    num_successors = None
    traits = _TERM | {"Pure", "BranchOpInterface"}

    @classmethod
    def successor_operand_range(cls, op: Operation, i: int) -> tuple[int, int]:
        seg = op.attributes["indbr_operand_segments"].values
        start = 1 + int(sum(seg[:i]))
        return start, start + int(seg[i])

    @classmethod
    def set_successor_operands(cls, op: Operation, i: int, values: Any) -> None:
        seg = list(op.attributes["indbr_operand_segments"].values)
        lo, hi = cls.successor_operand_range(op, i)
        op.set_operands(op.operands[:lo] + list(values) + op.operands[hi:])
        seg[i] = len(values)
        op.attributes = {**op.attributes, "indbr_operand_segments": A.DenseArrayAttr(T.i32, seg)}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        ref = p.parse_operand()
        p.parse_punct(":")
        addr_t = parse_pointer_type(p)
        p.parse_punct(",")
        p.parse_punct("[")
        succ: list[Any] = []
        ops: list[Any] = []
        seg: list[int] = []
        if not p.parse_optional_punct("]"):
            while True:
                b, vals = parse_successor_and_operands(p)
                succ.append(b)
                ops.extend(vals)
                seg.append(len(vals))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct("]")
        attrs = p.parse_optional_attr_dict()
        attrs["indbr_operand_segments"] = A.DenseArrayAttr(T.i32, seg)
        return _mk(cls, [p.resolve(ref, addr_t), *ops], [], attrs, (), succ)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        addr = op.operands[0]
        nl = "\n" + "  " * pr.indent
        s = f" {pr.value(addr)} : {pointer_type_text(pr, addr.type)}, ["
        s += ",".join(nl + pr.successor_text(b, cls.successor_operands(op, i)) for i, b in enumerate(op.successors))
        s += (nl if op.successors else "") + "]"
        return s + pr.attr_dict_text(op.attributes, ("indbr_operand_segments",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operands[0].type
        if not isinstance(t, T.LLVMPointerType):
            raise VerifyError(f"operand #0 must be LLVM pointer type, but got '{t}'", op)
        seg = op.attributes.get("indbr_operand_segments")
        total = int(sum(seg.values)) if isinstance(seg, A.DenseArrayAttr) else 0
        if total != len(op.operands) - 1:
            raise VerifyError(f"succOperands count ({len(op.operands) - 1}) does not match with the total size "
                              f"({total}) specified in attribute 'indbr_operand_segments'", op)
        verify_successor_operands(op)
