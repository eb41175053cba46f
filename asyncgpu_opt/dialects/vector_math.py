"""vector dialect, arithmetic and masked memory ops (VectorOps.td) seen next to gpu code.

    vector.fma %a, %b, %c attr-dict : vector-type
    vector.multi_reduction <kind>, %src, %acc attr-dict [dims] : type to type
    vector.contract {indexing_maps, iterator_types, kind} %a, %b, %acc attr-dict : type, type into type
    vector.outerproduct %a, %b (, %acc)? attr-dict : type, type
    vector.gather %base[%i...] [%idx], %mask, %pass attr-dict : types into type   (vector.scatter likewise)
    vector.maskedload / expandload %base[%i...], %mask, %pass attr-dict : types into type
    vector.maskedstore / compressstore %base[%i...], %mask, %value attr-dict : types
"""

from __future__ import annotations

from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic
from .vector import _KIND_P, _KIND_R, REDUCTION_KINDS
from .vector_shape import _parse_dense, _print_dense

_IDX = T.index
ITERATOR_TYPES = ("parallel", "reduction")
A.register_keyword_attr("vector.iterator_type", A.KeywordSpec(ITERATOR_TYPES, "::mlir::vector::IteratorType"))
ADD = A.keyword_attr("vector.kind", "add")


class FMAOp(OpDef):
    name = "vector.fma"
    operands = (single("lhs"), single("rhs"), single("acc"))
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    infer = {"lhs": lambda k: k["result"][0], "rhs": lambda k: k["result"][0], "acc": lambda k: k["result"][0]}
    assembly_format = "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs = [p.parse_operand()]
        for _ in range(2):
            p.parse_punct(",")
            refs.append(p.parse_operand())
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        t = p.parse_type()
        vals = [p.resolve(r, t) for r in refs]
        return cls.build(dict(zip(("lhs", "rhs", "acc"), vals)), {"result": t}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return f" {pr.values(op.operands)}{pr.attr_dict_text(op.attributes)} : {pr.type_text(op.operands[0].type)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.results[0].type
        if not (isinstance(t, T.VectorType) and isinstance(t.element_type, T.FloatType)):
            raise VerifyError(f"operand #0 must be vector of floating-point values, but got '{t}'", op)


class MultiDimReductionOp(OpDef):
    name = "vector.multi_reduction"
    operands = (single("source"), single("acc"))
    results = (single("dest"),)
    props = ("kind", "reduction_dims")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    attr_printers = {"kind": _KIND_P, "reduction_dims": _print_dense}
    attr_parsers = {"kind": _KIND_R, "reduction_dims": _parse_dense}
    infer = {"acc": lambda k: k["dest"][0]}
    assembly_format = ("$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` "
                       "type($dest)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        s = op.operands[0].type
        if not isinstance(s, T.VectorType):
            raise VerifyError(f"operand #0 must be vector of any type values, but got '{s}'", op)
        dims = set(op.attributes["reduction_dims"].values)
        want = tuple(d for i, d in enumerate(s.shape) if i not in dims)
        exp: T.Type = T.VectorType(want, s.element_type) if want else s.element_type
        if op.results[0].type != exp:
            raise VerifyError(f"destination type '{op.results[0].type}' is incompatible with source type '{s}'", op)
        kind = op.attributes["kind"]
        if isinstance(kind, A.KeywordAttr) and kind.value not in REDUCTION_KINDS:
            raise VerifyError(f"unsupported reduction kind '{kind.value}'", op)


def _iter_strings(a: A.Attribute | None) -> A.Attribute | None:
    """``iterator_types`` as the custom form writes them: ``["parallel", ...]``."""
    if isinstance(a, A.ArrayAttr):
        return A.ArrayAttr([A.StringAttr(e.value) if isinstance(e, A.KeywordAttr) else e for e in a.elements])
    return a


class ContractionOp(OpDef):
    name = "vector.contract"
    operands = (single("lhs"), single("rhs"), single("acc"))
    results = (single("result"),)
    props = ("indexing_maps", "iterator_types", "kind")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    default_attrs = {"kind": ADD}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        pos = p.skip()
        trait = p.parse_optional_attr_dict()
        refs = [p.parse_operand()]
        for _ in range(2):
            p.parse_punct(",")
            refs.append(p.parse_operand())
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        lt = p.parse_type()
        p.parse_punct(",")
        rt = p.parse_type()
        p.parse_keyword("into")
        res = p.parse_type()
        it = trait.get("iterator_types")
        if not isinstance(it, A.ArrayAttr):
            raise p.error("expected 'iterator_types' array attribute", pos)
        words = []
        for e in it.elements:
            w = e.value if isinstance(e, A.StringAttr | A.KeywordAttr) else None
            if w not in ITERATOR_TYPES:
                raise p.error(f"unexpected iterator_type ({w})", pos)
            words.append(A.keyword_attr("vector.iterator_type", w))
        trait["iterator_types"] = A.ArrayAttr(words)
        trait.setdefault("kind", ADD)
        attrs.update(trait)
        ops = {"lhs": p.resolve(refs[0], lt), "rhs": p.resolve(refs[1], rt), "acc": p.resolve(refs[2], res)}
        return cls.build(ops, {"result": res}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        trait = {k: (_iter_strings(v) if k == "iterator_types" else v)
                 for k, v in op.attributes.items() if k in cls.props}
        s = " {" + A.dict_entries_text(sorted(trait.items()), pr) + "} " + pr.values(op.operands)
        s += pr.attr_dict_text(op.attributes, cls.props)
        return (s + f" : {pr.type_text(op.operands[0].type)}, {pr.type_text(op.operands[1].type)} into "
                f"{pr.type_text(op.results[0].type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        maps = op.attributes.get("indexing_maps")
        its = op.attributes.get("iterator_types")
        if not isinstance(maps, A.ArrayAttr) or len(maps.elements) != 3:
            raise VerifyError("expected an indexing map for each vector operand", op)
        n = len(its.elements) if isinstance(its, A.ArrayAttr) else 0
        for i, (m, v) in enumerate(zip(maps.elements, op.operands)):
            if not isinstance(m, A.AffineMapAttr):
                continue
            if m.map.num_dims != n:
                raise VerifyError(f"expected indexing map {i} to have {n} number of inputs", op)
            rank = len(v.type.shape) if isinstance(v.type, T.VectorType) else 0
            if len(m.map.results) != rank:
                raise VerifyError(f"expected indexing map {i} to have {rank} number of outputs", op)
            if any(not isinstance(e, AF.Dim) for e in m.map.results):
                raise VerifyError(f"expected indexing map {i} to be a projected permutation of its inputs", op)


class OuterProductOp(OpDef):
    name = "vector.outerproduct"
    operands = (single("lhs"), single("rhs"), variadic("acc"))
    results = (single("result"),)
    props = ("kind",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    default_attrs = {"kind": ADD}

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        refs = [p.parse_operand()]
        while p.parse_optional_punct(","):
            refs.append(p.parse_operand())
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        pos = p.skip()
        types = p.parse_type_list()
        if len(types) != 2:
            raise p.error("expected 2 types", pos)
        lt, rt = types
        if not isinstance(lt, T.VectorType):
            raise p.error("expected vector type for operand #1", pos)
        res = T.VectorType((lt.shape[0], rt.shape[0]), lt.element_type) if isinstance(rt, T.VectorType) \
            else T.VectorType(lt.shape[:1], lt.element_type)
        attrs.setdefault("kind", ADD)
        ops = {"lhs": p.resolve(refs[0], lt), "rhs": p.resolve(refs[1], rt),
               "acc": [p.resolve(r, res) for r in refs[2:]]}
        return cls.build(ops, {"result": res}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        elided = () if len(op.operands) > 2 else ("kind",)
        return (f" {pr.values(op.operands)}{pr.attr_dict_text(op.attributes, elided)} : "
                f"{pr.type_text(op.operands[0].type)}, {pr.type_text(op.operands[1].type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.operands) > 3:
            raise VerifyError(f"expected 2 or 3 operands, but found {len(op.operands)}", op)
        if len(op.operands) == 3 and op.operands[2].type != op.results[0].type:
            raise VerifyError("expected operand #3 of same type as result type", op)


class _Masked(OpDef):
    """``%base[%i...] ([%index_vec])?, %mask, %value : types (into type)?`` (the masked memory ops)."""

    indexed = False

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        base = p.parse_operand()
        idx = p.parse_operand_list("[]")
        vec = None
        if cls.indexed:
            p.parse_punct("[")
            vec = p.parse_operand()
            p.parse_punct("]")
        p.parse_punct(",")
        mask = p.parse_operand()
        p.parse_punct(",")
        val = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        bt = p.parse_type()
        vt = None
        if cls.indexed:
            p.parse_punct(",")
            vt = p.parse_type()
        p.parse_punct(",")
        mt = p.parse_type()
        p.parse_punct(",")
        pt = p.parse_type()
        res: dict[str, Any] = {}
        if cls.results:
            p.parse_keyword("into")
            res["result"] = p.parse_type()
        ops = {"base": p.resolve(base, bt), "indices": [p.resolve(r, _IDX) for r in idx],
               "mask": p.resolve(mask, mt), cls.operands[-1].name: p.resolve(val, pt)}
        if vec is not None:
            ops["index_vec"] = p.resolve(vec, vt)
        return cls.build(ops, res, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        s = f" {pr.value(g('base')[0])}[{pr.values(g('indices'))}]"
        types = [g("base")[0].type]
        if cls.indexed:
            s += f" [{pr.value(g('index_vec')[0])}]"
            types.append(g("index_vec")[0].type)
        last = g(cls.operands[-1].name)[0]
        s += f", {pr.value(g('mask')[0])}, {pr.value(last)}" + pr.attr_dict_text(op.attributes)
        types += [g("mask")[0].type, last.type]
        s += " : " + pr.types(types)
        if cls.results:
            s += " into " + pr.type_text(op.results[0].type)
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        base = cls.operand_group(op, "base")[0].type
        rank = len(getattr(base, "shape", ()))
        if isinstance(base, T.MemRefType) and len(cls.operand_group(op, "indices")) != rank:
            raise VerifyError(f"requires {rank} indices", op)
        m = cls.operand_group(op, "mask")[0].type
        if not (isinstance(m, T.VectorType) and m.element_type == T.i1):
            raise VerifyError(f"operand #{len(op.operands) - 2} must be vector of 1-bit signless integer values, "
                              f"but got '{m}'", op)


class GatherOp(_Masked):
    name = "vector.gather"
    operands = (single("base"), variadic("indices", _IDX), single("index_vec"), single("mask"), single("pass_thru"))
    results = (single("result"),)
    props = ("alignment",)
    effects = (("read", "base"),)
    indexed = True


class ScatterOp(_Masked):
    name = "vector.scatter"
    operands = (single("base"), variadic("indices", _IDX), single("index_vec"), single("mask"),
                single("valueToStore"))
    props = ("alignment",)
    effects = (("write", "base"),)
    indexed = True


class MaskedLoadOp(_Masked):
    name = "vector.maskedload"
    operands = (single("base"), variadic("indices", _IDX), single("mask"), single("pass_thru"))
    results = (single("result"),)
    props = ("alignment",)
    effects = (("read", "base"),)


class MaskedStoreOp(_Masked):
    name = "vector.maskedstore"
    operands = (single("base"), variadic("indices", _IDX), single("mask"), single("valueToStore"))
    props = ("alignment",)
    effects = (("write", "base"),)


class ExpandLoadOp(_Masked):
    name = "vector.expandload"
    operands = (single("base"), variadic("indices", _IDX), single("mask"), single("pass_thru"))
    results = (single("result"),)
    props = ("alignment",)
    effects = (("read", "base"),)


class CompressStoreOp(_Masked):
    name = "vector.compressstore"
    operands = (single("base"), variadic("indices", _IDX), single("mask"), single("valueToStore"))
    props = ("alignment",)
    effects = (("write", "base"),)
