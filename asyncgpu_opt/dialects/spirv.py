"""spirv dialect: the ops a gpu-to-spirv pipeline leaves next to gpu code (SPIRVOps.td and friends).

    spirv.module @name? addressing-model memory-model (requires #spirv.vce<...>)? (attributes {...})? region
    spirv.func @name(args) (-> type)? "control" (attributes {...})? region
    spirv.GlobalVariable @name (initializer(@sym))? (built_in("X"))? (bind(s, b))? attr-dict : type
    spirv.SpecConstant @name = attribute ; spirv.SpecConstantComposite @name (@a, ...) : type
    spirv.EntryPoint "Model" @fn (, @var)* ; spirv.mlir.addressof @var attr-dict : type
    spirv.Constant attribute ; spirv.Load "Class" %ptr attr-dict : type ; spirv.Store "Class" %ptr, %v : type
    spirv.AccessChain / InBoundsPtrAccessChain %base[%i...] : base-type, index-types -> type
    spirv.CompositeExtract %v[i : i32, ...] : type ; spirv.Select %c, %a, %b : cond-type, type
    spirv.Branch ^bb(args) ; spirv.BranchConditional %c, ^t(args), ^f(args) ; spirv.Return(Value)
    spirv.mlir.loop / spirv.mlir.selection (control)? region ; spirv.mlir.merge
    binary `%a, %b : type`, comparisons `%a, %b : operand-type`, unary `%a : type`, casts
    `%a : type to type`, spirv.CL.* `%a : type`, spirv.ControlBarrier <scope>, <scope>, <semantics>,
    spirv.CL.printf %fmt %args... : types -> i32

Enum properties are kept as their attribute text (``#spirv.scope<Workgroup>``).  Verifiers: the
structural checks (operand and result counts, the ``i1`` of comparisons and conditions, the symbol
references of ``addressof``/``EntryPoint``); SPIR-V's capability, storage-class and layout rules are
not modelled (docs/dialects.md).
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from .func import function_signature_text, parse_function_op

I1 = T.i1


def enum(kind: str, word: str) -> A.Attribute:
    """``#spirv.<kind><word>`` (kept as its text)."""
    return A.OpaqueAttr(f"#spirv.{kind}<{word}>")


def enum_word(a: A.Attribute | None) -> str:
    t = str(a) if a is not None else ""
    return t[t.index("<") + 1:-1] if "<" in t else t


def _parse_angle_word(p: Any) -> str:
    """``<Word>`` or ``<A|B>``: the text between the brackets."""
    pos = p.skip()
    if not p.text.startswith("<", pos):
        raise p.error("expected '<'", pos)
    end = p.balanced_end(pos)
    p.pos = p.last_end = end
    return p.text[pos + 1:end - 1].strip()


def _bool_of(t: T.Type) -> T.Type:
    return T.VectorType(t.shape, I1) if isinstance(t, T.VectorType) else I1


# ----- module, functions, globals -------------------------------------------------------------------
class ModuleOp(OpDef):
    name = "spirv.module"
    props = ("addressing_model", "memory_model", "vce_triple", "sym_name")
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "SymbolTable", "NoTerminator", "SingleBlock"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        name = p.parse_optional_symbol_name()
        if name is not None:
            attrs["sym_name"] = A.StringAttr(name)
        for key in ("addressing_model", "memory_model"):
            pos = p.skip()
            w = p.parse_optional_bare_id()
            if w is None:
                raise p.error(f"expected {key.replace('_', ' ')} keyword", pos)
            attrs[key] = enum(key, w)
        if p.parse_optional_keyword("requires"):
            attrs["vce_triple"] = p.parse_attribute()
        attrs.update(p.parse_optional_attr_dict_with_keyword())
        region = p.parse_region(isolated=True)
        if not region.blocks:
            region.add_block(Block())
        return Operation.create(cls.name, (), (), attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = ""
        if "sym_name" in a:
            s += " " + A.symbol_text(a["sym_name"].value)
        s += f" {enum_word(a.get('addressing_model'))} {enum_word(a.get('memory_model'))}"
        if "vce_triple" in a:
            s += " requires " + pr.attr_text(a["vce_triple"])
        s += pr.attr_dict_text(a, cls.props, with_keyword=True)
        return s + " " + pr.region_text(op.regions[0], False, True)


_FUNC_PROPS = ("function_type", "sym_name", "function_control", "arg_attrs", "res_attrs", "linkage_attributes")


class FuncOp(OpDef):
    name = "spirv.func"
    props = _FUNC_PROPS
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "Symbol", "FunctionOpInterface"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        def control(p: Any, attrs: dict[str, A.Attribute], entry: Any) -> None:
            pos = p.skip()
            w = p.parse_optional_string()
            if w is None:
                raise p.error("expected string", pos)
            attrs["function_control"] = enum("function_control", w)

        return parse_function_op(cls, p, allow_visibility=False, between=control)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        ft = op.attributes["function_type"].type
        body = op.regions[0]
        s = " " + A.symbol_text(op.attributes["sym_name"].value)
        s += function_signature_text(pr, op, ft, not body.blocks)
        s += f' "{enum_word(op.attributes.get("function_control"))}"'
        s += pr.attr_dict_text(op.attributes, _FUNC_PROPS, with_keyword=True)
        if body.blocks:
            s += " " + pr.region_text(body, False, True)
        return s


class GlobalVariableOp(OpDef):
    name = "spirv.GlobalVariable"
    props = ("type", "sym_name", "initializer", "location", "binding", "descriptor_set", "built_in",
             "linkage_attributes")
    traits = frozenset({"Symbol"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {"sym_name": A.StringAttr(p.parse_symbol_name())}
        while True:
            if p.parse_optional_keyword("initializer"):
                p.parse_punct("(")
                attrs["initializer"] = A.SymbolRefAttr(p.parse_symbol_name())
                p.parse_punct(")")
            elif p.parse_optional_keyword("built_in"):
                p.parse_punct("(")
                attrs["built_in"] = A.StringAttr(p.parse_string())
                p.parse_punct(")")
            elif p.parse_optional_keyword("bind"):
                p.parse_punct("(")
                attrs["descriptor_set"] = A.IntegerAttr(p.parse_integer(), T.i32)
                p.parse_punct(",")
                attrs["binding"] = A.IntegerAttr(p.parse_integer(), T.i32)
                p.parse_punct(")")
            else:
                break
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        attrs["type"] = A.TypeAttr(p.parse_type())
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = " " + A.symbol_text(a["sym_name"].value)
        if "initializer" in a:
            s += f" initializer({pr.attr_text(a['initializer'])})"
        if "built_in" in a:
            s += f" built_in({pr.attr_text(a['built_in'])})"
        if "descriptor_set" in a and "binding" in a:
            s += f" bind({a['descriptor_set'].value}, {a['binding'].value})"
        s += pr.attr_dict_text(a, ("type", "sym_name", "initializer", "built_in", "descriptor_set", "binding"))
        return s + " : " + pr.type_text(a["type"].type)


class SpecConstantOp(OpDef):
    name = "spirv.SpecConstant"
    props = ("sym_name", "default_value")
    traits = frozenset({"Symbol"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {"sym_name": A.StringAttr(p.parse_symbol_name())}
        if p.parse_optional_keyword("spec_id"):
            p.parse_punct("(")
            attrs["spec_id"] = A.IntegerAttr(p.parse_integer(), T.i32)
            p.parse_punct(")")
        p.parse_punct("=")
        attrs["default_value"] = p.parse_attribute()
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = " " + A.symbol_text(a["sym_name"].value)
        if "spec_id" in a:
            s += f" spec_id({a['spec_id'].value})"
        return s + " = " + pr.attr_text(a["default_value"])


class SpecConstantCompositeOp(OpDef):
    name = "spirv.SpecConstantComposite"
    props = ("type", "sym_name", "constituents")
    traits = frozenset({"Symbol"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {"sym_name": A.StringAttr(p.parse_symbol_name())}
        p.parse_punct("(")
        refs: list[A.Attribute] = []
        if not p.parse_optional_punct(")"):
            while True:
                refs.append(A.SymbolRefAttr(p.parse_symbol_name()))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        attrs["constituents"] = A.ArrayAttr(refs)
        p.parse_punct(":")
        attrs["type"] = A.TypeAttr(p.parse_type())
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        refs = ", ".join(pr.attr_text(r) for r in a["constituents"].elements)
        return f" {A.symbol_text(a['sym_name'].value)} ({refs}) : {pr.type_text(a['type'].type)}"


class EntryPointOp(OpDef):
    name = "spirv.EntryPoint"
    props = ("execution_model", "fn", "interface")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs = {"execution_model": enum("execution_model", p.parse_string())}
        attrs["fn"] = A.SymbolRefAttr(p.parse_symbol_name())
        refs = []
        while p.parse_optional_punct(","):
            refs.append(A.SymbolRefAttr(p.parse_symbol_name()))
        attrs["interface"] = A.ArrayAttr(refs)
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = f' "{enum_word(a["execution_model"])}" {pr.attr_text(a["fn"])}'
        for r in a["interface"].elements:
            s += ", " + pr.attr_text(r)
        return s


class ExecutionModeOp(OpDef):
    name = "spirv.ExecutionMode"
    props = ("fn", "execution_mode", "values")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {"fn": A.SymbolRefAttr(p.parse_symbol_name())}
        attrs["execution_mode"] = enum("execution_mode", p.parse_string())
        vals = []
        while p.parse_optional_punct(","):
            vals.append(A.IntegerAttr(p.parse_integer(), T.i32))
        attrs["values"] = A.ArrayAttr(vals)
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        s = f' {pr.attr_text(a["fn"])} "{enum_word(a["execution_mode"])}"'
        for v in a["values"].elements:
            s += f", {v.value}"
        return s


class AddressOfOp(OpDef):
    name = "spirv.mlir.addressof"
    results = (single("pointer"),)
    props = ("variable",)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = "$variable attr-dict `:` type($pointer)"
    asm_names = staticmethod(lambda op: [op.attributes["variable"].root + "_addr"])


# ----- values, memory ------------------------------------------------------------------------------
def _constant_name(op: Operation) -> str | None:
    """``spirv.Constant``'s result names: ``%true``, ``%cst3_i64``, ``%cst_f32``, ``%cst``."""
    v = op.attributes.get("value")
    t = op.results[0].type if op.results else None
    if isinstance(v, A.IntegerAttr) and t == I1:
        return "true" if v.value else "false"
    if isinstance(v, A.IntegerAttr) and isinstance(t, T.IntegerType):
        return f"cst{v.value}_{t}".replace("-", "_")
    if isinstance(v, A.FloatAttr) and isinstance(t, T.FloatType):
        return f"cst_{t}"
    return "cst"


class ConstantOp(OpDef):
    name = "spirv.Constant"
    results = (single("constant"),)
    props = ("value",)
    traits = frozenset({"Pure", "ConstantLike"})
    effects = ()
    asm_names = staticmethod(lambda op: [_constant_name(op)])

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        v = p.parse_attribute()
        t = getattr(v, "type", None)
        if p.parse_optional_punct(":"):
            t = p.parse_type()
        return Operation.create(cls.name, (), [t], {"value": v}, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        v = op.attributes["value"]
        s = " " + pr.attr_text(v)
        if isinstance(v, A.ArrayAttr):
            s += " : " + pr.type_text(op.results[0].type)
        return s


def _storage_class(t: T.Type) -> str:
    """The storage class of ``!spirv.ptr<T, Class>`` (from its text)."""
    text = str(t)
    return text[text.rindex(",") + 1:-1].strip() if text.startswith("!spirv.ptr<") else ""


def _pointee_ptr(elem: T.Type, storage: str) -> T.Type:
    return T.OpaqueType(f"!spirv.ptr<{elem}, {storage}>")


class _MemAccess(OpDef):
    """Load / Store: ``"Class" %ptr (, %value)? (["Volatile"(, align)?])? attr-dict : type``."""

    @classmethod
    def _parse_access(cls, p: Any, attrs: dict[str, A.Attribute]) -> None:
        if p.parse_optional_punct("["):
            attrs["memory_access"] = enum("memory_access", p.parse_string())
            if p.parse_optional_punct(","):
                attrs["alignment"] = A.IntegerAttr(p.parse_integer(), T.i32)
            p.parse_punct("]")

    @staticmethod
    def _access_text(op: Operation) -> str:
        a = op.attributes
        if "memory_access" not in a:
            return ""
        s = f' ["{enum_word(a["memory_access"])}"'
        if "alignment" in a:
            s += f", {a['alignment'].value}"
        return s + "]"


class LoadOp(_MemAccess):
    name = "spirv.Load"
    operands = (single("ptr"),)
    results = (single("value"),)
    props = ("memory_access", "alignment")
    effects = (("read", "ptr"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        storage = p.parse_string()
        ptr = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        cls._parse_access(p, attrs)
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        t = p.parse_type()
        return Operation.create(cls.name, [p.resolve(ptr, _pointee_ptr(t, storage))], [t], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = f' "{_storage_class(op.operands[0].type)}" {pr.value(op.operands[0])}' + cls._access_text(op)
        return s + pr.attr_dict_text(op.attributes, cls.props) + " : " + pr.type_text(op.results[0].type)


class StoreOp(_MemAccess):
    name = "spirv.Store"
    operands = (single("ptr"), single("value"))
    props = ("memory_access", "alignment")
    effects = (("write", "ptr"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        storage = p.parse_string()
        ptr = p.parse_operand()
        p.parse_punct(",")
        val = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        cls._parse_access(p, attrs)
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        t = p.parse_type()
        ops = [p.resolve(ptr, _pointee_ptr(t, storage)), p.resolve(val, t)]
        return Operation.create(cls.name, ops, [], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = f' "{_storage_class(op.operands[0].type)}" {pr.values(op.operands)}' + cls._access_text(op)
        return s + pr.attr_dict_text(op.attributes, cls.props) + " : " + pr.type_text(op.operands[1].type)


class AccessChainOp(OpDef):
    name = "spirv.AccessChain"
    operands = (single("base_ptr"), variadic("indices"))
    results = (single("component_ptr"),)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = ("$base_ptr `[` $indices `]` attr-dict `:` type($base_ptr) `,` type($indices) `->` "
                       "type(results)")


class InBoundsPtrAccessChainOp(OpDef):
    name = "spirv.InBoundsPtrAccessChain"
    operands = (single("base_ptr"), single("element"), variadic("indices"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        base = p.parse_operand()
        refs = p.parse_operand_list("[]")
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        types = p.parse_type_list()
        p.parse_punct("->")
        res = p.parse_type()
        if len(types) != len(refs) + 1:
            raise p.error(f"{len(refs) + 1} operands present, but expected {len(types)}")
        ops = [p.resolve(base, types[0])] + [p.resolve(r, t) for r, t in zip(refs, types[1:])]
        return Operation.create(cls.name, ops, [res], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {pr.value(op.operands[0])}[{pr.values(op.operands[1:])}]{pr.attr_dict_text(op.attributes)}"
                f" : {pr.types([v.type for v in op.operands])} -> {pr.type_text(op.results[0].type)}")


class CompositeExtractOp(OpDef):
    name = "spirv.CompositeExtract"
    operands = (single("composite"),)
    results = (single("component"),)
    props = ("indices",)
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        src = p.parse_operand()
        idx = p.parse_attribute()
        attrs = p.parse_optional_attr_dict()
        attrs["indices"] = idx
        p.parse_punct(":")
        t = p.parse_type()
        res: T.Type = t
        for i in idx.elements if isinstance(idx, A.ArrayAttr) else ():
            if isinstance(res, T.VectorType):
                res = res.element_type if len(res.shape) == 1 else T.VectorType(res.shape[1:], res.element_type)
            elif str(res).startswith("!spirv.array<"):
                res = _array_element(res)
            del i
        return Operation.create(cls.name, [p.resolve(src, t)], [res], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {pr.value(op.operands[0])}{pr.attr_text(op.attributes['indices'])}"
                f"{pr.attr_dict_text(op.attributes, ('indices',))} : {pr.type_text(op.operands[0].type)}")


def _array_element(t: T.Type) -> T.Type:
    """The element type of ``!spirv.array<N x T>`` (re-read from its text)."""
    from ..diagnostics import Source
    from ..syntax.parser import Parser

    text = str(t)
    inner = text[len("!spirv.array<"):-1].split(" x ", 1)[1]
    inner = inner.rsplit(", stride=", 1)[0]
    return Parser(Source(inner, "<type>")).parse_type()


class SelectOp(OpDef):
    name = "spirv.Select"
    operands = (single("condition"), single("true_value"), single("false_value"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    infer = {"true_value": lambda k: k["result"][0], "false_value": lambda k: k["result"][0]}
    assembly_format = "operands attr-dict `:` type($condition) `,` type($result)"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs = [p.parse_operand()]
        for _ in range(2):
            p.parse_punct(",")
            refs.append(p.parse_operand())
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        ct = p.parse_type()
        p.parse_punct(",")
        t = p.parse_type()
        ops = [p.resolve(refs[0], ct), p.resolve(refs[1], t), p.resolve(refs[2], t)]
        return Operation.create(cls.name, ops, [t], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return (f" {pr.values(op.operands)}{pr.attr_dict_text(op.attributes)} : "
                f"{pr.type_text(op.operands[0].type)}, {pr.type_text(op.results[0].type)}")


# ----- control flow ----------------------------------------------------------------------------------
class BranchOp(OpDef):
    name = "spirv.Branch"
    operands = (variadic("targetOperands"),)
    num_successors = 1
    traits = frozenset({"Pure", "Terminator"})
    effects = ()
    successor_groups = ("targetOperands",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        dest, vals = _parse_successor(p)
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, vals, [], attrs, successors=[dest], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return " " + _successor_text(pr, op.successors[0], op.operands) + pr.attr_dict_text(op.attributes)


def _parse_successor(p: Any) -> tuple[Any, list[Any]]:
    dest = p.parse_successor()
    vals: list[Any] = []
    if p.parse_optional_punct("("):
        refs = p.parse_operand_list()
        p.parse_punct(":")
        types = p.parse_type_list()
        p.parse_punct(")")
        vals = [p.resolve(r, t) for r, t in zip(refs, types)]
    return dest, vals


def _successor_text(pr: Any, block: Any, vals: list[Any]) -> str:
    s = pr.block_name(block)
    if vals:
        s += f"({pr.values(vals)} : {pr.types([v.type for v in vals])})"
    return s


class BranchConditionalOp(OpDef):
    name = "spirv.BranchConditional"
    operands = (single("condition", I1), variadic("trueTargetOperands"), variadic("falseTargetOperands"))
    props = ("branch_weights", "operandSegmentSizes")
    num_successors = 2
    traits = frozenset({"Pure", "Terminator"})
    effects = ()
    successor_groups = ("trueTargetOperands", "falseTargetOperands")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        cond = p.parse_operand()
        attrs: dict[str, A.Attribute] = {}
        if p.parse_optional_punct("["):
            w1 = p.parse_integer()
            p.parse_punct(",")
            w2 = p.parse_integer()
            p.parse_punct("]")
            attrs["branch_weights"] = A.ArrayAttr([A.IntegerAttr(w1, T.i32), A.IntegerAttr(w2, T.i32)])
        p.parse_punct(",")
        t, tv = _parse_successor(p)
        p.parse_punct(",")
        f, fv = _parse_successor(p)
        attrs.update(p.parse_optional_attr_dict())
        return cls.build({"condition": p.resolve(cond, I1), "trueTargetOperands": tv, "falseTargetOperands": fv},
                         {}, attrs, successors=[t, f])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.value(op.operands[0])
        w = op.attributes.get("branch_weights")
        if isinstance(w, A.ArrayAttr):
            s += " [" + ", ".join(str(e.value) for e in w.elements) + "]"
        s += ", " + _successor_text(pr, op.successors[0], cls.operand_group(op, "trueTargetOperands"))
        s += ", " + _successor_text(pr, op.successors[1], cls.operand_group(op, "falseTargetOperands"))
        return s + pr.attr_dict_text(op.attributes, cls.props)


class _StructuredCF(OpDef):
    """``spirv.mlir.loop`` / ``spirv.mlir.selection``: `` (control(Kw))? region``."""

    regions = ("body",)
    control = ""

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        word = "None"
        if p.parse_optional_keyword("control"):
            p.parse_punct("(")
            pos = p.skip()
            word = p.parse_optional_bare_id() or ""
            if not word:
                raise p.error("expected keyword", pos)
            p.parse_punct(")")
        attrs[cls.control] = enum(cls.control, word)
        region = p.parse_region()
        return Operation.create(cls.name, (), [], attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        w = enum_word(op.attributes.get(cls.control))
        s = f" control({w})" if w and w != "None" else ""
        return s + " " + pr.region_text(op.regions[0], False, True)


class LoopOp(_StructuredCF):
    name = "spirv.mlir.loop"
    props = ("loop_control",)
    control = "loop_control"


class SelectionOp(_StructuredCF):
    name = "spirv.mlir.selection"
    props = ("selection_control",)
    control = "selection_control"


class MergeOp(OpDef):
    name = "spirv.mlir.merge"
    traits = frozenset({"Pure", "Terminator"})
    effects = ()
    assembly_format = "attr-dict"


class ReturnOp(OpDef):
    name = "spirv.Return"
    traits = frozenset({"Pure", "Terminator", "ReturnLike"})
    effects = ()
    assembly_format = "attr-dict"


class ReturnValueOp(OpDef):
    name = "spirv.ReturnValue"
    operands = (single("value"),)
    traits = frozenset({"Pure", "Terminator", "ReturnLike"})
    effects = ()
    assembly_format = "$value attr-dict `:` type($value)"


class FunctionCallOp(OpDef):
    name = "spirv.FunctionCall"
    operands = (variadic("arguments"),)
    results = (optional("return_value"),)
    props = ("callee", "arg_attrs", "res_attrs")
    assembly_format = "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, results)"


class ControlBarrierOp(OpDef):
    name = "spirv.ControlBarrier"
    props = ("execution_scope", "memory_scope", "memory_semantics")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        for i, (k, kind) in enumerate((("execution_scope", "scope"), ("memory_scope", "scope"),
                                       ("memory_semantics", "memory_semantics"))):
            if i:
                p.parse_punct(",")
            attrs[k] = enum(kind, _parse_angle_word(p))
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, (), (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes
        return " " + ", ".join(f"<{enum_word(a[k])}>" for k in cls.props) + pr.attr_dict_text(a, cls.props)


class PrintfOp(OpDef):
    name = "spirv.CL.printf"
    operands = (single("format"), variadic("arguments"))
    results = (single("result"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        fmt = p.parse_operand()
        refs = p.parse_operand_list()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        types = p.parse_type_list()
        p.parse_punct("->")
        rt = p.parse_type()
        vals = [p.resolve(r, t) for r, t in zip([fmt, *refs], types)]
        return Operation.create(cls.name, vals, [rt], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = " " + pr.value(op.operands[0])
        if len(op.operands) > 1:
            s += " " + pr.values(op.operands[1:])
        return (s + pr.attr_dict_text(op.attributes) + f" : {pr.types([v.type for v in op.operands])} -> "
                f"{pr.type_text(op.results[0].type)}")


# ----- arithmetic, comparisons, conversions (declared by table) ----------------------------------------
def _make(name: str, base: type, body: dict[str, Any]) -> type:
    return type(name.replace(".", "_") + "Op", (base,), {"name": "spirv." + name, "__module__": __name__, **body})


class _Binary(OpDef):
    operands = (single("operand1"), single("operand2"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    infer = {"operand1": lambda k: k["result"][0], "operand2": lambda k: k["result"][0]}
    assembly_format = "$operand1 `,` $operand2 attr-dict `:` type($result)"


class _Compare(OpDef):
    operands = (single("operand1"), single("operand2"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        a = p.parse_operand()
        p.parse_punct(",")
        b = p.parse_operand()
        p.parse_punct(":")
        t = p.parse_type()
        attrs = p.parse_optional_attr_dict()
        return Operation.create(cls.name, [p.resolve(a, t), p.resolve(b, t)], [_bool_of(t)], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return f" {pr.values(op.operands)} : {pr.type_text(op.operands[0].type)}{pr.attr_dict_text(op.attributes)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.results[0].type != _bool_of(op.operands[0].type):
            raise VerifyError("failed to verify that type of result is bool or vector of bool", op)


class _Unary(OpDef):
    operands = (single("operand"),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    infer = {"result": lambda k: k["operand"][0]}
    assembly_format = "$operand attr-dict `:` type($operand)"


class _CLUnary(_Unary):
    assembly_format = "$operand `:` type($operand) attr-dict"


class _CLBinary(OpDef):
    operands = (single("lhs"), single("rhs"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    infer = {"lhs": lambda k: k["result"][0], "rhs": lambda k: k["result"][0]}
    assembly_format = "operands attr-dict `:` type($result)"


class _Cast(OpDef):
    operands = (single("operand"),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = "$operand attr-dict `:` type($operand) `to` type($result)"


BINARY = ("IAdd", "ISub", "IMul", "SDiv", "UDiv", "SMod", "SRem", "UMod", "FAdd", "FSub", "FMul", "FDiv", "FRem",
          "BitwiseAnd", "BitwiseOr", "BitwiseXor")
COMPARE = tuple(p + c for p in ("FOrd", "FUnord") for c in ("Equal", "NotEqual", "LessThan", "LessThanEqual",
                                                            "GreaterThan", "GreaterThanEqual")) + (
    "IEqual", "INotEqual", "SLessThan", "SLessThanEqual", "SGreaterThan", "SGreaterThanEqual", "ULessThan",
    "ULessThanEqual", "UGreaterThan", "UGreaterThanEqual")
UNARY = ("SNegate", "FNegate", "Not")
CL_UNARY = tuple("CL." + n for n in ("exp", "s_abs", "fabs", "sqrt", "rsqrt", "log", "tanh", "floor", "ceil",
                                     "sin", "cos", "erf", "round"))
CL_BINARY = tuple("CL." + n for n in ("fmax", "fmin", "s_max", "s_min", "u_max", "u_min", "pow"))
CASTS = ("FConvert", "ConvertFToS", "ConvertFToU", "ConvertSToF", "ConvertUToF", "SConvert", "UConvert",
         "Bitcast", "ConvertPtrToU", "ConvertUToPtr", "INTEL.ConvertBF16ToF", "INTEL.ConvertFToBF16")
OPS: dict[str, type] = {}
for _names, _base in ((BINARY, _Binary), (COMPARE, _Compare), (UNARY, _Unary), (CL_UNARY, _CLUnary),
                      (CL_BINARY, _CLBinary), (CASTS, _Cast)):
    for _n in _names:
        OPS[_n] = _make(_n, _base, {"__doc__": f"``spirv.{_n}``"})

