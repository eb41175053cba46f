"""affine dialect: apply/min/max, for, if, load/store, yield, parallel (without reductions)."""

from __future__ import annotations

import re
from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, Region
from ..ir.opdef import OpDef, VerifyError, single, variadic
from ._regions import check_edge, elidable_terminator, ensure_terminator, parse_argument, terminator
from .gpu_attrs import split_top

_SSA = re.compile(r"symbol\s*\(\s*(%[\w$.\-]+(?:#\d+)?)\s*\)|(%[\w$.\-]+(?:#\d+)?)")
_DS = re.compile(r"\b([ds])(\d+)\b")


# ----- helpers ---------------------------------------------------------------------------------------
def parse_dim_and_symbol_list(p: Any) -> tuple[list[Any], list[Any]]:
    """`(` ssa-use-list? `)` (`[` ssa-use-list? `]`)?"""
    dims = p.parse_operand_list("()")
    syms = p.parse_operand_list("[]") if p.peek("[") else []
    return dims, syms


def dim_and_symbol_text(pr: Any, operands: list[Any], num_dims: int) -> str:
    s = "(" + pr.values(operands[:num_dims]) + ")"
    if len(operands) > num_dims:
        s += "[" + pr.values(operands[num_dims:]) + "]"
    return s


def _flatten_groups(text: str, kw: str, groups: list[int]) -> str:
    """affine.parallel's bound list: each item an expression or `kw(` expressions `)`; the group
    sizes go to ``groups``, the expressions come back as one flat list."""
    if not text.strip():
        return text
    flat: list[str] = []
    for item in split_top(text):
        s = item.strip()
        if s.startswith(kw) and s[len(kw):].lstrip().startswith("(") and s.endswith(")"):
            inner = split_top(s[len(kw):].lstrip()[1:-1])
            groups.append(len(inner))
            flat.extend(inner)
        else:
            groups.append(1)
            flat.append(item)
    return ",".join(flat)


def parse_map_of_ssa_ids(p: Any, delims: str = "[]", group_kw: str | None = None,
                         groups: list[int] | None = None) -> tuple[AF.AffineMap, list[Any]]:
    """`[` affine expressions over `%ssa` (dims) and `symbol(%ssa)` `]` -> (map, operand refs).

    With ``group_kw`` (affine.parallel's `max`/`min`), an item may be `group_kw(` expressions `)`:
    its expressions join the map and their count is appended to ``groups``."""
    start = p.skip()
    if not p.text.startswith(delims[0], start):
        raise p.error(f"expected '{delims[0]}'")
    depth, i, t = 0, start, p.text
    while i < len(t):
        c = t[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                break
        i += 1
    end = i
    body = t[start + 1: end]
    dims: dict[str, int] = {}
    syms: dict[str, int] = {}
    dim_refs: list[Any] = []
    sym_refs: list[Any] = []

    def sub(m: re.Match) -> str:
        is_sym = m.group(1) is not None
        name = m.group(1) or m.group(2)
        abs_pos = start + 1 + (m.start(1) if is_sym else m.start(2))
        table, refs = (syms, sym_refs) if is_sym else (dims, dim_refs)
        if name not in table:
            save = p.pos, p.last_end
            p.pos = p.last_end = abs_pos
            refs.append(p.parse_operand())
            p.pos, p.last_end = save
            table[name] = len(table)
        return f"{'s' if is_sym else 'd'}{table[name]}"

    text = _SSA.sub(sub, body)
    if group_kw is not None and groups is not None:
        text = _flatten_groups(text, group_kw, groups)
    hdr = "(" + ", ".join(f"d{k}" for k in range(len(dims))) + ")[" + ", ".join(
        f"s{k}" for k in range(len(syms))) + "]"
    try:
        amap = AF.parse_affine_map(f"{hdr} -> ({text})")
    except AF.AffineParseError as e:
        raise p.error(e.message, start + 1) from None
    p.pos = p.last_end = end + 1
    return amap, dim_refs + sym_refs


def map_of_ssa_ids_text(pr: Any, amap: AF.AffineMap, operands: list[Any]) -> str:
    def sub(m: re.Match) -> str:
        k = int(m.group(2))
        if m.group(1) == "d":
            return pr.value(operands[k])
        return f"symbol({pr.value(operands[amap.num_dims + k])})"

    return ", ".join(_DS.sub(sub, AF.print_expr(r)) for r in amap.results)


def _map(op: Operation, name: str) -> AF.AffineMap:
    return op.attributes[name].map


def _scope_op(op: Operation | None) -> bool:
    return op is not None and ("AffineScope" in (op.opdef.traits if op.opdef else ()) or
                               (op.opdef is not None and "IsolatedFromAbove" in op.opdef.traits) or
                               op.name in ("func.func", "gpu.func", "gpu.launch"))


def is_valid_symbol(v: Any) -> bool:
    d = getattr(v, "op", None)
    if d is None:  # block argument
        b = getattr(v, "block", None)
        return _scope_op(b.parent_op if b is not None else None)
    if d.opdef is not None and "ConstantLike" in d.opdef.traits:
        return True
    if _scope_op(d.parent_op):
        return True
    if d.name == "affine.apply":
        return all(is_valid_symbol(x) for x in d.operands)
    if d.name in ("memref.dim", "tensor.dim"):  # dim results can be valid symbols at any level
        return _dim_op_valid_symbol(d)
    return False


def _dim_op_valid_symbol(dim: Operation) -> bool:
    """isDimOpValidSymbol: the shaped value is top-level, or (a constant index into) the result of
    memref.alloc/view/subview, seen through memref.cast, whose size there is static or a valid
    symbol."""
    src = dim.operands[0]
    if _top_level(src):
        return True
    d = getattr(src, "op", None)
    if d is None:
        return False
    idx_op = getattr(dim.operands[1], "op", None)
    cst = idx_op.attributes.get("value") if idx_op is not None and idx_op.name == "arith.constant" else None
    if not isinstance(cst, A.IntegerAttr):
        return False
    while d.name == "memref.cast":
        if isinstance(d.operands[0].type, T.UnrankedMemRefType):
            return False
        d = getattr(d.operands[0], "op", None)
        if d is None:
            return True
    if d.name not in ("memref.alloc", "memref.view", "memref.subview"):
        return False
    mt = d.results[0].type
    i = cst.value
    if not isinstance(mt, T.MemRefType) or not 0 <= i < len(mt.shape):
        return False
    if mt.shape[i] != T.DYNAMIC:
        return True
    sizes = d.opdef.operand_group(d, "dynamicSizes" if d.name == "memref.alloc" else "sizes")
    k = sum(1 for e in mt.shape[:i] if e == T.DYNAMIC)  # getDynamicDimIndex of the result type
    return k < len(sizes) and is_valid_symbol(sizes[k])


def _top_level(v: Any) -> bool:
    d = getattr(v, "op", None)
    if d is None:
        b = getattr(v, "block", None)
        return _scope_op(b.parent_op if b is not None else None)
    return _scope_op(d.parent_op)


def is_valid_dim(v: Any) -> bool:
    """MLIR's ``isValidDim``: a valid symbol, an affine.for/affine.parallel induction variable, an
    affine.apply of valid dims, or a memref.dim of a top-level memref."""
    if v.type != T.index:
        return False
    if is_valid_symbol(v):
        return True
    d = getattr(v, "op", None)
    if d is None:
        b = getattr(v, "block", None)
        owner = b.parent_op if b is not None else None
        return owner is not None and owner.name in ("affine.for", "affine.parallel")
    if d.name == "affine.apply":
        return all(is_valid_dim(x) for x in d.operands)
    if d.name in ("memref.dim", "tensor.dim"):  # (or a valid symbol: isDimOpValidSymbol, above)
        return _top_level(d.operands[0])
    return False


def _check_symbols(op: Operation, operands: list[Any], num_dims: int) -> None:
    """``verifyDimAndSymbolIdentifiers``: the first ``num_dims`` operands are valid dims, the rest
    valid symbols."""
    for i, v in enumerate(operands):
        if i < num_dims:
            if not is_valid_dim(v):
                raise VerifyError("operand cannot be used as a dimension id", op)
        elif not is_valid_symbol(v):
            raise VerifyError("operand cannot be used as a symbol", op)


def _parse_map_attr(p: Any, what: str = "map") -> AF.AffineMap:
    a = p.parse_attribute()
    if not isinstance(a, A.AffineMapAttr):
        raise p.error(f"expected affine {what}")
    return a.map


# ----- ops -------------------------------------------------------------------------------------------
class ApplyOp(OpDef):
    name = "affine.apply"
    operands = (variadic("mapOperands", T.index),)
    results = (single("result", T.index),)
    props = ("map",)
    traits = frozenset({"Pure"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        p.skip()
        amap = _parse_map_attr(p)
        dims, syms = parse_dim_and_symbol_list(p)
        if cls.name == "affine.apply" and (amap.num_dims != len(dims) or amap.num_inputs != len(dims) + len(syms)):
            raise p.error(f"custom op '{cls.name}' dimension or symbol index mismatch", p.name_pos)
        attrs = {"map": A.AffineMapAttr(amap)}
        attrs.update(p.parse_optional_attr_dict())
        ops = [p.resolve(r, T.index) for r in dims + syms]
        n = len(amap.results) if cls.name == "affine.apply" else 1
        return Operation.create(cls.name, ops, [T.index] * n, attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        a = op.attributes["map"]
        return (" " + pr.attr_text(a) + dim_and_symbol_text(pr, op.operands, a.map.num_dims)
                + pr.attr_dict_text(op.attributes, ("map",)))

    @classmethod
    def verify(cls, op: Operation) -> None:
        amap = _map(op, "map")
        if len(op.operands) != amap.num_inputs:
            raise VerifyError("operand count and affine map dimension and symbol count must match", op)
        if len(amap.results) != 1:
            raise VerifyError("mapping must produce one value", op)


class MinOp(ApplyOp):
    name = "affine.min"

    @classmethod
    def verify(cls, op: Operation) -> None:
        amap = _map(op, "map")
        if len(op.operands) != amap.num_inputs:
            raise VerifyError("operand count and affine map dimension and symbol count must match", op)


class MaxOp(MinOp):
    name = "affine.max"


def _check_index_range(p: Any, v: int, neg: bool, pos: int) -> None:
    """An integer literal read as an `index` attribute must fit in 64 signed bits (and, as with
    APInt negation upstream, `-0` does not)."""
    if v > (2**63 if neg else 2**63 - 1) or (neg and v == 0):
        raise p.error("integer constant out of range for attribute", pos)


def _parse_step(p: Any) -> int:
    """`step` integer-literal, parsed as an `index` attribute; negative steps are rejected."""
    spos = p.skip()
    neg = p.parse_optional_punct("-")
    vpos = p.skip()
    if neg and not p.text[vpos:vpos + 1].isdigit():  # located just past the `-`
        raise p.error("expected constant integer or floating point value", spos + 1)
    step = p.parse_integer("expected attribute value")
    _check_index_range(p, step, neg, vpos)
    if neg and step:
        raise p.error("custom op 'affine.for' expected step to be representable as a positive signed integer",
                      spos)
    return step


def _parse_bound(p: Any, kw: str) -> tuple[AF.AffineMap, list[Any]]:
    r = p.parse_optional_operand()
    if r is not None:
        return AF.AffineMap(0, 1, [AF.Sym(0)]), [r]
    neg = p.parse_optional_punct("-")
    vpos = p.skip()
    v = p.parse_optional_integer()
    if v is not None:
        _check_index_range(p, v, neg, vpos)
        return AF.AffineMap.constant(-v if neg else v), []
    has_kw = p.parse_optional_keyword(kw) is not None
    mpos = p.skip()
    amap = _parse_map_attr(p)
    if len(amap.results) > 1 and not has_kw:
        which = "lower" if kw == "max" else "upper"
        raise p.error(f"custom op 'affine.for' {which} loop bound affine map with multiple results requires "
                      f"'{kw}' prefix", mpos)
    dims, syms = parse_dim_and_symbol_list(p)
    if len(dims) != amap.num_dims:
        raise p.error("dim operand count and affine map dim count must match")
    if len(syms) != amap.num_syms:
        raise p.error("symbol operand count and affine map symbol count must match")
    return amap, dims + syms


def _bound_text(pr: Any, attr: A.AffineMapAttr, operands: list[Any], kw: str) -> str:
    amap = attr.map
    if len(amap.results) == 1:
        e = amap.results[0]
        if amap.num_dims == 0 and amap.num_syms == 0 and isinstance(e, AF.Const):
            return str(e.value)
        if amap.num_dims == 0 and amap.num_syms == 1 and isinstance(e, AF.Sym):
            return pr.value(operands[0])
        s = ""
    else:
        s = kw + " "
    return s + pr.attr_text(attr) + dim_and_symbol_text(pr, operands, amap.num_dims)


_FOR_ELIDED = ("lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes")


class ForOp(OpDef):
    name = "affine.for"
    operands = (variadic("lowerBoundOperands", T.index), variadic("upperBoundOperands", T.index),
                variadic("inits"))
    results = (variadic("results"),)
    props = ("lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes")
    regions = ("region",)
    traits = frozenset({"AutomaticAllocationScope", "RecursiveMemoryEffects", "SingleBlockImplicitTerminator",
                        "LoopLikeOpInterface", "RegionBranchOpInterface"})
    implicit_terminator = "affine.yield"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        iv = parse_argument(p)
        p.parse_punct("=")
        lmap, lrefs = _parse_bound(p, "max")
        if not p.parse_optional_keyword("to"):
            raise p.error("custom op 'affine.for' expected 'to' between bounds", p.skip())
        umap, urefs = _parse_bound(p, "min")
        step = 1
        if p.parse_optional_keyword("step"):
            step = _parse_step(p)
        args, inits, types = [], [], []
        if p.parse_optional_keyword("iter_args"):
            from ._regions import parse_init_list

            args, inits = parse_init_list(p)
            p.parse_punct("->")
            types = p.parse_function_results()
            if len(types) != len(inits):
                raise p.error("custom op 'affine.for' mismatch between the number of loop-carried values and "
                              "results", p.name_pos)
        ops = [p.resolve(r, T.index) for r in lrefs + urefs] + [p.resolve(r, t) for r, t in zip(inits, types)]
        region = p.parse_region(entry_args=[(iv, T.index, None)] + [(a, t, None) for a, t in zip(args, types)])
        ensure_terminator(region, "affine.yield")
        attrs: dict[str, A.Attribute] = {"lowerBoundMap": A.AffineMapAttr(lmap), "upperBoundMap":
                                         A.AffineMapAttr(umap), "step": A.IntegerAttr(step, T.index)}
        attrs.update(p.parse_optional_attr_dict())
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(lrefs), len(urefs), len(inits)])
        return Operation.create(cls.name, ops, types, attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        body = op.regions[0].blocks[0]
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        # the induction variable goes through printRegionArgument (its location with debuginfo)
        s = f" {pr.value(body.args[0])}{pr.arg_loc_text(body.args[0].loc)} = "
        s += _bound_text(pr, op.attributes["lowerBoundMap"], g("lowerBoundOperands"), "max")
        s += " to " + _bound_text(pr, op.attributes["upperBoundMap"], g("upperBoundOperands"), "min")
        step = op.attributes["step"].value
        if step != 1:
            s += f" step {step}"
        inits = g("inits")
        if inits:
            s += " iter_args(" + ", ".join(f"{pr.value(a)} = {pr.value(v)}" for a, v in
                                           zip(body.args[1:], inits)) + ")"
            s += " -> (" + pr.types([r.type for r in op.results]) + ")"
        s += " " + pr.region_text(op.regions[0], False, bool(inits))
        return s + pr.attr_dict_text(op.attributes, _FOR_ELIDED)

    @classmethod
    def verify(cls, op: Operation) -> None:
        for n, g in (("lowerBoundMap", "lowerBoundOperands"), ("upperBoundMap", "upperBoundOperands")):
            amap = _map(op, n)
            vals = cls.operand_group(op, g)
            if len(vals) != amap.num_inputs:
                raise VerifyError("operand count must match affine map dimension and symbol count", op)
            _check_symbols(op, vals, amap.num_dims)
        inits = cls.operand_group(op, "inits")
        if len(inits) != len(op.results):
            raise VerifyError("mismatch between the number of loop-carried values and results", op)
        body = op.regions[0].blocks[0]
        check_edge(op, None, "Region #0", inits, [a.type for a in body.args[1:]])


class IfOp(OpDef):
    name = "affine.if"
    operands = (variadic("operands", T.index),)
    results = (variadic("results"),)
    props = ("condition",)
    regions = ("thenRegion", "elseRegion")
    traits = frozenset({"RecursiveMemoryEffects", "SingleBlockImplicitTerminator", "NoRegionArguments",
                        "RegionBranchOpInterface"})
    implicit_terminator = "affine.yield"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        pos = p.skip()
        a = p.parse_attribute()
        if not isinstance(a, A.IntegerSetAttr):
            raise p.error("expected integer set attribute", pos)
        dims, syms = parse_dim_and_symbol_list(p)
        if len(dims) != a.set.num_dims:
            raise p.error(f"custom op '{cls.name}' dim operand count and integer set dim count must match",
                          p.name_pos)
        if len(dims) + len(syms) != a.set.num_dims + a.set.num_syms:
            raise p.error(f"custom op '{cls.name}' symbol operand count and integer set symbol count must match",
                          p.name_pos)
        ops = [p.resolve(r, T.index) for r in dims + syms]
        types: list[T.Type] = []
        if p.parse_optional_punct("->"):
            types = p.parse_function_results()
        then = p.parse_region(entry_args=[])
        ensure_terminator(then, "affine.yield")
        els = Region()
        if p.parse_optional_keyword("else"):
            els = p.parse_region(entry_args=[])
            ensure_terminator(els, "affine.yield")
        attrs: dict[str, A.Attribute] = {"condition": a}
        attrs.update(p.parse_optional_attr_dict())
        return Operation.create(cls.name, ops, types, attrs, [then, els], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        from ._regions import arrow_types_text

        a = op.attributes["condition"]
        s = " " + pr.attr_text(a) + dim_and_symbol_text(pr, op.operands, a.set.num_dims)
        s += arrow_types_text(pr, [r.type for r in op.results])
        term = bool(op.results)
        s += " " + pr.region_text(op.regions[0], False, term)
        if op.regions[1].blocks:
            s += " else " + pr.region_text(op.regions[1], False, term)
        return s + pr.attr_dict_text(op.attributes, ("condition",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        a = op.attributes.get("condition")
        if not isinstance(a, A.IntegerSetAttr):
            raise VerifyError("requires an integer set attribute named 'condition'", op)
        for i, r in enumerate(op.regions):
            if r.blocks and r.blocks[0].args:
                raise VerifyError(f"region #{i} should have no arguments", op)
        if len(op.operands) != a.set.num_dims + a.set.num_syms:
            raise VerifyError("operand count and condition integer set dimension and symbol count must match", op)
        _check_symbols(op, op.operands, a.set.num_dims)
        if op.results and not op.regions[1].blocks:
            raise VerifyError("must have an else block if defining values", op)


class LoadOp(OpDef):
    name = "affine.load"
    effects = (("read", "memref"),)
    operands = (single("memref"), variadic("indices", T.index))
    results = (single("result"),)
    props = ("map",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        m = p.parse_operand()
        amap, refs = parse_map_of_ssa_ids(p)
        attrs = {"map": A.AffineMapAttr(amap)}
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        mt = p.parse_type()
        if not isinstance(mt, T.MemRefType):
            raise p.error("expected memref type")
        ops = [p.resolve(m, mt)] + [p.resolve(r, T.index) for r in refs]
        return Operation.create(cls.name, ops, [mt.element_type], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[0]
        return (f" {pr.value(m)}[" + map_of_ssa_ids_text(pr, _map(op, "map"), op.operands[1:]) + "]"
                + pr.attr_dict_text(op.attributes, ("map",)) + " : " + pr.type_text(m.type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_access(op, op.operands[0], op.operands[1:])


def _verify_access(op: Operation, memref: Any, idx: list[Any]) -> None:
    amap = _map(op, "map")
    mt = memref.type
    if isinstance(mt, T.MemRefType) and len(amap.results) != mt.rank:
        raise VerifyError("affine map num results must equal memref rank", op)
    if len(idx) != amap.num_inputs:
        raise VerifyError("expects as many subscripts as affine map inputs", op)
    _check_symbols(op, idx, amap.num_dims)


class StoreOp(OpDef):
    name = "affine.store"
    effects = (("write", "memref"),)
    operands = (single("value"), single("memref"), variadic("indices", T.index))
    props = ("map",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        v = p.parse_operand()
        p.parse_punct(",")
        m = p.parse_operand()
        amap, refs = parse_map_of_ssa_ids(p)
        attrs = {"map": A.AffineMapAttr(amap)}
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        mt = p.parse_type()
        if not isinstance(mt, T.MemRefType):
            raise p.error("expected memref type")
        ops = [p.resolve(v, mt.element_type), p.resolve(m, mt)] + [p.resolve(r, T.index) for r in refs]
        return Operation.create(cls.name, ops, (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[1]
        return (f" {pr.value(op.operands[0])}, {pr.value(m)}["
                + map_of_ssa_ids_text(pr, _map(op, "map"), op.operands[2:]) + "]"
                + pr.attr_dict_text(op.attributes, ("map",)) + " : " + pr.type_text(m.type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.operands[1].type
        if isinstance(mt, T.MemRefType) and op.operands[0].type != mt.element_type:
            raise VerifyError("value to store must have the same type as memref element type", op)
        _verify_access(op, op.operands[1], op.operands[2:])


class YieldOp(OpDef):
    name = "affine.yield"
    operands = (variadic("operands"),)
    traits = frozenset({"Terminator", "Pure", "ReturnLike", "HasParent"})
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is None or parent.name not in ("affine.for", "affine.if", "affine.parallel"):
            raise VerifyError("expects parent op to be one of 'affine.for, affine.if, affine.parallel'", op)
        if len(parent.results) != len(op.operands):
            raise VerifyError("parent of yield must have same number of results as the yield operands", op)
        for r, v in zip(parent.results, op.operands):
            if r.type != v.type:
                raise VerifyError("types mismatch between yield op and its parent", op)


_unused = (terminator, elidable_terminator)


# ----- index (de)linearization and vector accesses (issue 10) ---------------------------------------
def _basis_checks(op: Operation, static: list[int], n_dynamic: int) -> None:
    if sum(1 for v in static if v == T.DYNAMIC) != n_dynamic:
        raise VerifyError("mismatch between dynamic and static basis (kDynamic marker but no corresponding "
                          "dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite", op)


def _static_basis(op: Operation) -> list[int]:
    a = op.attributes.get("static_basis")
    return list(a.values) if isinstance(a, A.DenseArrayAttr) else []


class DelinearizeIndexOp(OpDef):
    """$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis, "()") attr-dict
    `:` type($multi_index)"""

    name = "affine.delinearize_index"
    operands = (single("linear_index", T.index), variadic("dynamic_basis", T.index))
    results = (variadic("multi_index", T.index),)
    props = ("static_basis",)
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from ..syntax.custom_directives import parse_dynamic_index_list

        idx = p.parse_operand()
        p.parse_keyword("into")
        refs, static = parse_dynamic_index_list(p, "()")
        attrs = p.parse_optional_attr_dict()
        attrs["static_basis"] = A.DenseArrayAttr(T.i64, static)
        p.parse_punct(":")
        ts = p.parse_type_list()
        ops = [p.resolve(idx, T.index)] + [p.resolve(r, T.index) for r in refs]
        return Operation.create(cls.name, ops, ts, attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        from ..syntax.custom_directives import print_dynamic_index_list

        basis = print_dynamic_index_list(pr, op.operands[1:], op.attributes["static_basis"])
        return (f" {pr.value(op.operands[0])} into ({basis[1:-1]})" + pr.attr_dict_text(op.attributes, cls.props)
                + " : " + pr.types([r.type for r in op.results]))

    @classmethod
    def verify(cls, op: Operation) -> None:
        static = _static_basis(op)
        if len(op.results) not in (len(static), len(static) + 1):
            raise VerifyError("should return an index for each basis element and up to one extra index", op)
        _basis_checks(op, static, len(op.operands) - 1)
        if any(v <= 0 and v != T.DYNAMIC for v in static):
            raise VerifyError("no basis element may be statically non-positive", op)


class LinearizeIndexOp(OpDef):
    """(`disjoint`)? `[` $multi_index `]` `by` custom<DynamicIndexList>($dynamic_basis, $static_basis, "()")
    attr-dict `:` type($linear_index)"""

    name = "affine.linearize_index"
    operands = (variadic("multi_index", T.index), variadic("dynamic_basis", T.index))
    results = (single("linear_index", T.index),)
    props = ("static_basis", "disjoint", "operandSegmentSizes")
    traits = frozenset({"Pure"})
    effects = ()

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from ..syntax.custom_directives import parse_dynamic_index_list

        # a UnitProp: `disjoint` when set, `disjoint = false` in generic form otherwise
        attrs: dict[str, A.Attribute] = {"disjoint": A.UNIT if p.parse_optional_keyword("disjoint")
                                         else A.bool_attr(False)}
        idx = p.parse_operand_list("[]")
        p.parse_keyword("by")
        refs, static = parse_dynamic_index_list(p, "()")
        attrs.update(p.parse_optional_attr_dict())
        attrs["static_basis"] = A.DenseArrayAttr(T.i64, static)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(idx), len(refs)])
        p.parse_punct(":")
        t = p.parse_type()
        ops = [p.resolve(r, T.index) for r in idx + refs]
        return Operation.create(cls.name, ops, [t], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        from ..syntax.custom_directives import print_dynamic_index_list

        idx = cls.operand_group(op, "multi_index")
        basis = print_dynamic_index_list(pr, cls.operand_group(op, "dynamic_basis"), op.attributes["static_basis"])
        d = op.attributes.get("disjoint")
        s = " disjoint" if isinstance(d, A.UnitAttr) or getattr(d, "value", 0) else ""
        return (s + f" [{pr.values(idx)}] by ({basis[1:-1]})" + pr.attr_dict_text(op.attributes, cls.props)
                + " : " + pr.type_text(op.results[0].type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        static = _static_basis(op)
        n = len(cls.operand_group(op, "multi_index"))
        if n not in (len(static), len(static) + 1):
            raise VerifyError("should be passed a basis element for each index except possibly the first", op)
        _basis_checks(op, static, len(cls.operand_group(op, "dynamic_basis")))


def _vector_mismatch(op: Operation, mt: Any, vt: Any) -> None:
    if isinstance(mt, T.MemRefType) and getattr(vt, "element_type", None) != mt.element_type:
        raise VerifyError("requires memref and vector types of the same elemental type", op)


class VectorLoadOp(OpDef):
    """$memref `[` map-of-ssa-ids `]` attr-dict `:` type($memref) `,` type($result)"""

    name = "affine.vector_load"
    effects = (("read", "memref"),)
    operands = (single("memref"), variadic("indices", T.index))
    results = (single("result"),)
    props = ("map",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        m = p.parse_operand()
        amap, refs = parse_map_of_ssa_ids(p)
        attrs = {"map": A.AffineMapAttr(amap)}
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        mt = p.parse_type()
        p.parse_punct(",")
        vt = p.parse_type()
        ops = [p.resolve(m, mt)] + [p.resolve(r, T.index) for r in refs]
        return Operation.create(cls.name, ops, [vt], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[0]
        return (f" {pr.value(m)}[" + map_of_ssa_ids_text(pr, _map(op, "map"), op.operands[1:]) + "]"
                + pr.attr_dict_text(op.attributes, ("map",)) + " : " + pr.type_text(m.type) + ", "
                + pr.type_text(op.results[0].type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_mismatch(op, op.operands[0].type, op.results[0].type)
        _verify_access(op, op.operands[0], op.operands[1:])


class VectorStoreOp(OpDef):
    """$value `,` $memref `[` map-of-ssa-ids `]` attr-dict `:` type($memref) `,` type($value)"""

    name = "affine.vector_store"
    effects = (("write", "memref"),)
    operands = (single("value"), single("memref"), variadic("indices", T.index))
    props = ("map",)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        v = p.parse_operand()
        p.parse_punct(",")
        m = p.parse_operand()
        amap, refs = parse_map_of_ssa_ids(p)
        attrs = {"map": A.AffineMapAttr(amap)}
        attrs.update(p.parse_optional_attr_dict())
        p.parse_punct(":")
        mt = p.parse_type()
        p.parse_punct(",")
        vt = p.parse_type()
        ops = [p.resolve(v, vt), p.resolve(m, mt)] + [p.resolve(r, T.index) for r in refs]
        return Operation.create(cls.name, ops, (), attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        m = op.operands[1]
        return (f" {pr.value(op.operands[0])}, {pr.value(m)}["
                + map_of_ssa_ids_text(pr, _map(op, "map"), op.operands[2:]) + "]"
                + pr.attr_dict_text(op.attributes, ("map",)) + " : " + pr.type_text(m.type) + ", "
                + pr.type_text(op.operands[0].type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        _vector_mismatch(op, op.operands[1].type, op.operands[0].type)
        _verify_access(op, op.operands[1], op.operands[2:])

