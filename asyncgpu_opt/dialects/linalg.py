"""linalg dialect (LinalgStructuredOps.td, LinalgNamedStructuredOps.yaml): the structured ops a
pipeline holds before GPU mapping.

    linalg.generic {indexing_maps = [...], iterator_types = ["parallel", ...]} ins(%a... : types)?
                   outs(%c... : types)? (attrs = {...})? region (-> types)?
    linalg.<named> attr-dict? ins(%a... : types) outs(%c... : types) (-> types)?
    linalg.yield (%v... : types)?

A named op's body is implicit: the reader builds it from the op's computation (``BODIES``: the cast
of each input to the output element type, then ``mul``/``add``/...) as upstream's region builder
does, so the generic form prints it with the same ops (``arith.extf``/``truncf``/``sitofp``...,
``arith.mulf``/``addf`` or ``muli``/``addi``, ``math.absf``...).  The named ops whose indexing
maps are fixed (``matvec``, ``vecmat``, ``dot``, ``batch_matvec``) carry the
``linalg.memoized_indexing_maps`` attribute once verified, as upstream's memoizing
``getIndexingMaps`` leaves it; ``matmul``/``batch_matmul``/``batch_reduce_matmul`` hold
``indexing_maps`` as a property (printed in the custom form only when not the default).
Not modelled: convolutions, pooling, ``map``/``reduce``/``transpose``/``broadcast`` custom forms,
``linalg.index`` (docs/dialects.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region, Value
from ..ir.opdef import OpDef, VerifyError, lookup_opdef, variadic

ITERATOR_TYPES = ("parallel", "reduction", "window")
A.register_keyword_attr("linalg.iterator_type", A.KeywordSpec(ITERATOR_TYPES, "::mlir::utils::IteratorType"))
_ELIDED = ("operandSegmentSizes", "linalg.memoized_indexing_maps")


def _map(n: int, *dims: int) -> A.AffineMapAttr:
    return A.AffineMapAttr(AF.AffineMap(n, 0, [AF.Dim(d) for d in dims]))


def _elem(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.ShapedType) else t


# ----- the implicit bodies -------------------------------------------------------------------------
class _Body:
    """Appends the ops of a region builder to ``block`` (upstream's ``RegionBuilderHelper``)."""

    def __init__(self, block: Block) -> None:
        self.block = block

    def op(self, name: str, operands: list[Value], result: T.Type) -> Value:
        od = lookup_opdef(name)
        attrs = dict(od.default_attrs)
        op = Operation.create(name, operands, [result], attrs, opdef=od)
        self.block.append(op)
        return op.results[0]

    def cast(self, to: T.Type, v: Value, unsigned: bool = False) -> Value:
        """``TypeFn::cast_signed`` (``cast_unsigned``): ``v`` converted to ``to``."""
        fr = v.type
        if fr == to:
            return v
        fi, ti = isinstance(fr, T.FloatType), isinstance(to, T.FloatType)
        if isinstance(fr, T.IndexType) or isinstance(to, T.IndexType):
            return self.op("arith.index_castui" if unsigned else "arith.index_cast", [v], to)
        if fi and ti:
            return self.op("arith.extf" if to.width > fr.width else "arith.truncf", [v], to)
        if ti:
            return self.op("arith.uitofp" if unsigned else "arith.sitofp", [v], to)
        if fi:
            return self.op("arith.fptoui" if unsigned else "arith.fptosi", [v], to)
        wider = getattr(to, "width", 0) > getattr(fr, "width", 0)
        if wider:
            return self.op("arith.extui" if unsigned or fr == T.i1 else "arith.extsi", [v], to)
        return self.op("arith.trunci", [v], to)

    def binary(self, fn: str, a: Value, b: Value) -> Value:
        t = a.type
        if isinstance(t, T.FloatType):
            name = {"add": "addf", "sub": "subf", "mul": "mulf", "div": "divf", "max_signed": "maximumf",
                    "min_signed": "minimumf", "powf": "math.powf"}[fn]
        elif t == T.i1 and fn in ("add", "mul", "max_signed", "min_signed"):
            name = {"add": "ori", "mul": "andi", "max_signed": "ori", "min_signed": "andi"}[fn]
        else:
            name = {"add": "addi", "sub": "subi", "mul": "muli", "div": "divsi", "max_signed": "maxsi",
                    "min_signed": "minsi", "div_unsigned": "divui"}[fn]
        return self.op(name if "." in name else "arith." + name, [a, b], t)

    def yield_(self, vals: list[Value]) -> None:
        od = lookup_opdef("linalg.yield")
        self.block.append(Operation.create("linalg.yield", vals, [], {}, opdef=od))


def _contraction(h: _Body, args: list[Value]) -> list[Value]:
    out = args[-1]
    a = h.cast(out.type, args[0])
    b = h.cast(out.type, args[1])
    return [h.binary("add", out, h.binary("mul", a, b))]


def _copy(h: _Body, args: list[Value]) -> list[Value]:
    return [h.cast(args[-1].type, args[0])]


def _elementwise(fn: str) -> Callable[[_Body, list[Value]], list[Value]]:
    def body(h: _Body, args: list[Value]) -> list[Value]:
        return [h.binary(fn, args[0], args[1])]
    return body


def _unary(name: str) -> Callable[[_Body, list[Value]], list[Value]]:
    def body(h: _Body, args: list[Value]) -> list[Value]:
        return [h.op(name, [args[0]], args[0].type)]
    return body


# ----- ops ---------------------------------------------------------------------------------------
class _Structured(OpDef):
    """The ``ins``/``outs`` structured op layout shared by generic and named ops."""

    operands = (variadic("inputs"), variadic("outputs"))
    results = (variadic("result_tensors"),)
    regions = ("region",)
    props = ("operandSegmentSizes",)
    effects = None

    @classmethod
    def parse_ins_outs(cls, p: Any) -> tuple[list[Value], list[Value]]:
        groups: list[list[Value]] = [[], []]
        for i, kw in enumerate(("ins", "outs")):
            if p.parse_optional_keyword(kw):
                p.parse_punct("(")
                pos = p.skip()
                refs = p.parse_operand_list()
                p.parse_punct(":")
                types = p.parse_type_list()
                p.parse_punct(")")
                if len(types) != len(refs):
                    raise p.error(f"{len(refs)} operands present, but expected {len(types)}", pos)
                groups[i] = [p.resolve(r, t) for r, t in zip(refs, types)]
        return groups[0], groups[1]

    @classmethod
    def ins_outs_text(cls, pr: Any, op: Operation) -> str:
        s = ""
        for kw, g in zip(("ins", "outs"), cls.operands):
            vs = cls.operand_group(op, g.name)
            if vs:
                s += f" {kw}({pr.values(vs)} : {pr.types([v.type for v in vs])})"
        return s

    @staticmethod
    def parse_results(p: Any) -> list[T.Type]:
        if p.parse_optional_punct("->"):
            return p.parse_function_results()
        return []

    @staticmethod
    def results_text(pr: Any, op: Operation) -> str:
        if not op.results:
            return ""
        ts = [r.type for r in op.results]
        return " -> " + (pr.type_text(ts[0]) if len(ts) == 1 else f"({pr.types(ts)})")

    @classmethod
    def verify(cls, op: Operation) -> None:
        outs = cls.operand_group(op, "outputs")
        tensors = [v.type for v in outs if isinstance(v.type, T.TensorType)]
        if [r.type for r in op.results] != tensors:
            raise VerifyError(f"expected the number of tensor results ({len(op.results)}) to be equal to the number "
                              f"of output tensors ({len(tensors)})", op)


class GenericOp(_Structured):
    name = "linalg.generic"
    props = ("indexing_maps", "iterator_types", "doc", "library_call", "operandSegmentSizes")
    _TRAIT = ("doc", "indexing_maps", "iterator_types", "library_call")

    @classmethod
    def block_arg_names(cls, op: Operation, region: Region) -> list[str]:
        """The body's arguments print as ``%in``/``%out`` (``getAsmBlockArgumentNames``)."""
        return ["in"] * len(cls.operand_group(op, "inputs")) + ["out"] * len(cls.operand_group(op, "outputs"))

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        pos = p.skip()
        attrs = p.parse_optional_attr_dict()
        it = attrs.get("iterator_types")
        if isinstance(it, A.ArrayAttr):
            words = []
            for e in it.elements:
                w = e.value if isinstance(e, A.StringAttr) else None
                if w not in ITERATOR_TYPES:
                    raise p.error(f"unexpected iterator_type ({w})", pos)
                words.append(A.keyword_attr("linalg.iterator_type", w))
            attrs["iterator_types"] = A.ArrayAttr(words)
        ins, outs = cls.parse_ins_outs(p)
        if p.parse_optional_keyword("attrs"):
            p.parse_punct("=")
            attrs.update(p.parse_optional_attr_dict())
        region = p.parse_region()
        res = cls.parse_results(p)
        return cls.build({"inputs": ins, "outputs": outs}, {"result_tensors": res}, attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        trait = {}
        for k in cls._TRAIT:
            v = op.attributes.get(k)
            if v is None:
                continue
            if k == "iterator_types" and isinstance(v, A.ArrayAttr):
                v = A.ArrayAttr([A.StringAttr(e.value) if isinstance(e, A.KeywordAttr) else e for e in v.elements])
            trait[k] = v
        s = " {" + A.dict_entries_text(sorted(trait.items()), pr) + "}" + cls.ins_outs_text(pr, op)
        extra = pr.attr_dict_text(op.attributes, cls._TRAIT + ("operandSegmentSizes",))
        if extra:
            s += " attrs = " + extra  # (two spaces, as upstream prints)
        s += " " + pr.region_text(op.regions[0])
        return s + cls.results_text(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        maps = op.attributes.get("indexing_maps")
        n = len(op.operands)
        if isinstance(maps, A.ArrayAttr) and len(maps.elements) != n:
            raise VerifyError(f"expected the number of indexing_map ({len(maps.elements)}) to be equal to the "
                              f"number of input/output operands ({n})", op)


class _Named(_Structured):
    """A named structured op: its body built by ``body`` from the element types."""

    body: Callable[[_Body, list[Value]], list[Value]] = staticmethod(_copy)
    memoized: tuple[A.AffineMapAttr, ...] = ()
    default_maps: tuple[A.AffineMapAttr, ...] = ()  # the ``indexing_maps`` property's default

    @classmethod
    def build_region(cls, ins: list[Value], outs: list[Value]) -> Region:
        block = Block([_elem(v.type) for v in ins + outs])
        h = _Body(block)
        h.yield_(cls.body(h, block.args))
        return Region([block])

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        if cls.default_maps and p.parse_optional_keyword("indexing_maps"):
            p.parse_punct("=")
            attrs["indexing_maps"] = p.parse_attribute()
        attrs.update(p.parse_optional_attr_dict())
        ins, outs = cls.parse_ins_outs(p)
        attrs.update(p.parse_optional_attr_dict())
        res = cls.parse_results(p)
        if cls.default_maps:
            attrs.setdefault("indexing_maps", A.ArrayAttr(cls.default_maps))
        region = cls.build_region(ins, outs)
        return cls.build({"inputs": ins, "outputs": outs}, {"result_tensors": res}, attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        elided = _ELIDED
        if cls.default_maps:
            elided += ("indexing_maps",)
            maps = op.attributes.get("indexing_maps")
            if maps is not None and maps != A.ArrayAttr(cls.default_maps):
                s += " indexing_maps = " + pr.attr_text(maps)
        s += pr.attr_dict_text(op.attributes, elided)
        return s + cls.ins_outs_text(pr, op) + cls.results_text(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        if cls.memoized and "linalg.memoized_indexing_maps" not in op.attributes:
            # upstream's getIndexingMaps memoizes the maps on the op when the verifier asks for them
            op.attributes = {**op.attributes, "linalg.memoized_indexing_maps": A.ArrayAttr(cls.memoized)}


def _named(mnemonic: str, body: Callable[[_Body, list[Value]], list[Value]],
           memoized: tuple[A.AffineMapAttr, ...] = (), default_maps: tuple[A.AffineMapAttr, ...] = ()) -> type:
    return type(f"{mnemonic.title().replace('_', '')}Op", (_Named,), {
        "name": f"linalg.{mnemonic}", "body": staticmethod(body), "memoized": memoized,
        "default_maps": default_maps,
        "props": ("indexing_maps", "operandSegmentSizes") if default_maps else ("operandSegmentSizes",),
        "__doc__": f"``linalg.{mnemonic}``", "__module__": __name__})


NAMED = {
    "fill": _named("fill", _copy),
    "copy": _named("copy", _copy),
    "matmul": _named("matmul", _contraction, default_maps=(_map(3, 0, 2), _map(3, 2, 1), _map(3, 0, 1))),
    "batch_matmul": _named("batch_matmul", _contraction,
                           default_maps=(_map(4, 0, 1, 3), _map(4, 0, 3, 2), _map(4, 0, 1, 2))),
    "batch_reduce_matmul": _named("batch_reduce_matmul", _contraction,
                                  default_maps=(_map(4, 0, 1, 3), _map(4, 0, 3, 2), _map(4, 1, 2))),
    "matvec": _named("matvec", _contraction, memoized=(_map(2, 0, 1), _map(2, 1), _map(2, 0))),
    "vecmat": _named("vecmat", _contraction, memoized=(_map(2, 1), _map(2, 1, 0), _map(2, 0))),
    "batch_matvec": _named("batch_matvec", _contraction,
                           memoized=(_map(3, 0, 1, 2), _map(3, 0, 2), _map(3, 0, 1))),
    "dot": _named("dot", _contraction, memoized=(_map(1, 0), _map(1, 0), _map(1))),
}
for _fn in ("add", "sub", "mul", "div", "div_unsigned", "max", "min"):
    _mn = {"max": "max_signed", "min": "min_signed"}.get(_fn, _fn)
    NAMED[_fn] = _named(_fn, _elementwise(_mn))
for _fn, _op in (("abs", "math.absf"), ("exp", "math.exp"), ("log", "math.log"), ("sqrt", "math.sqrt"),
                 ("rsqrt", "math.rsqrt"), ("tanh", "math.tanh"), ("floor", "math.floor"), ("ceil", "math.ceil"),
                 ("negf", "arith.negf"), ("erf", "math.erf"), ("round", "math.round")):
    NAMED[_fn] = _named(_fn, _unary(_op))


class YieldOp(OpDef):
    name = "linalg.yield"
    operands = (variadic("values"),)
    traits = frozenset({"Pure", "Terminator", "ReturnLike"})
    effects = ()
    assembly_format = "attr-dict ($values^ `:` type($values))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent.parent.parent if op.parent is not None and op.parent.parent is not None else None
        if parent is None or not parent.name.startswith("linalg."):
            raise VerifyError("expected parent op with LinalgOp interface", op)
        od = parent.opdef
        if isinstance(od, type) and issubclass(od, _Structured):
            outs = od.operand_group(parent, od.operands[1].name)
            if len(op.operands) != len(outs):
                raise VerifyError(f"expected number of yield values ({len(op.operands)}) to match the number of "
                                  f"inits / outs operands of the enclosing LinalgOp ({len(outs)})", op)
            for i, (v, o) in enumerate(zip(op.operands, outs)):
                if v.type != _elem(o.type):
                    raise VerifyError(f"type of yield operand {i + 1} ('{v.type}') doesn't match the element type of "
                                      f"the enclosing linalg.generic op ('{_elem(o.type)}')", op)
