"""vector dialect: the ops GPU programs use to build, reduce, move and print vectors (VectorOps.td).

    vector.print (%v `:` type)? (`punctuation` `<`p`>` | `str` string)? attr-dict
    vector.broadcast %s attr-dict `:` type `to` vector-type
    vector.bitcast %v attr-dict `:` vector-type `to` vector-type
    vector.extract %v[pos...] attr-dict `:` result-type `from` vector-type
    vector.insert %s, %v [pos...] attr-dict `:` type `into` vector-type
    vector.from_elements %e... attr-dict `:` vector-type
    vector.reduction `<`kind`>`, %v (, %acc)? (fastmath<...>)? attr-dict `:` vector-type `into` type
    vector.transfer_read %m[%i...], %pad (, %mask)? attr-dict `:` memref-type `,` vector-type
    vector.transfer_write %v, %m[%i...] (, %mask)? attr-dict `:` vector-type `,` memref-type
    vector.load %m[%i...] attr-dict `:` memref-type `,` vector-type   (vector.store likewise)
"""

from __future__ import annotations

from typing import Any

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from ._common import stripped_dialect_attr
from .arith import _FM_P, _FM_R, FASTMATH_NONE

_IDX = T.index
PUNCTUATIONS = ("no_punctuation", "newline", "comma", "open", "close")
REDUCTION_KINDS = ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
                   "minimumf", "maximumf")
A.register_keyword_attr("vector.kind", A.KeywordSpec(
    ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf",
     "minimumf"), "::mlir::vector::CombiningKind"))
A.register_keyword_attr("vector.punctuation", A.KeywordSpec(PUNCTUATIONS, "::mlir::vector::PrintPunctuation"))
NEWLINE = A.keyword_attr("vector.punctuation", "newline")
_KIND_P, _KIND_R = stripped_dialect_attr("#vector.kind")


def punctuation(op: Operation) -> str:
    """The ``#vector.punctuation<p>`` keyword of a ``vector.print``."""
    a = op.attributes.get("punctuation", NEWLINE)
    return a.value if isinstance(a, A.KeywordAttr) else NEWLINE.value


def reduction_kind(op: Operation) -> str:
    return op.attributes["kind"].value


class PrintOp(OpDef):
    name = "vector.print"
    operands = (optional("source"),)
    props = ("punctuation", "stringLiteral")
    default_attrs = {"punctuation": NEWLINE}
    effects = ()  # writes stdout, touches no memref

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        operands = []
        ref = p.parse_optional_operand()
        if ref is not None:
            p.parse_punct(":")
            operands.append(p.resolve(ref, p.parse_type()))
        attrs: dict[str, A.Attribute] = {}
        while True:  # oilist(`str` $stringLiteral | `punctuation` $punctuation)
            if "stringLiteral" not in attrs and p.parse_optional_keyword("str"):
                attrs["stringLiteral"] = A.StringAttr(p.parse_string())
            elif "punctuation" not in attrs and p.parse_optional_keyword("punctuation"):
                p.parse_punct("<")
                pos = p.skip()
                kw = p.parse_optional_bare_id()
                if kw not in PUNCTUATIONS:
                    raise p.error(f"custom op '{cls.name}' expected ::mlir::vector::PrintPunctuation to be one "
                                  f"of: {', '.join(PUNCTUATIONS)}", pos)
                p.parse_punct(">")
                attrs["punctuation"] = A.keyword_attr("vector.punctuation", kw)
            else:
                break
        attrs.update(p.parse_optional_attr_dict())
        attrs.setdefault("punctuation", NEWLINE)
        return Operation.create(cls.name, operands, [], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        if op.operands:
            s += f" {pr.value(op.operands[0])} : {pr.type_text(op.operands[0].type)}"
        lit = op.attributes.get("stringLiteral")
        if lit is not None:
            s += " str " + A.quote_string(lit.value)
        if punctuation(op) != "newline":
            s += f" punctuation <{punctuation(op)}>"
        return s + pr.attr_dict_text(op.attributes, ("punctuation", "stringLiteral"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.operands and "stringLiteral" in op.attributes:
            raise VerifyError("failed to verify that `source` or `punctuation` are not set when printing strings", op)
        if op.operands:
            t = op.operands[0].type
            s = t.element_type if isinstance(t, T.VectorType) else t
            if not isinstance(s, T.IntegerType | T.FloatType | T.IndexType):
                raise VerifyError(f"operand #0 must be , but got '{t}'", op)


class BroadcastOp(OpDef):
    name = "vector.broadcast"
    operands = (single("source"),)
    results = (single("vector"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$source attr-dict `:` type($source) `to` type($vector)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dst = op.operands[0].type, op.results[0].type
        if not isinstance(dst, T.VectorType):
            raise VerifyError(f"result #0 must be vector of any type values, but got '{dst}'", op)
        if isinstance(src, T.VectorType):
            ss, ds = src.shape, dst.shape
            if len(ss) > len(ds):
                raise VerifyError("source rank higher than destination rank", op)
            lead = len(ds) - len(ss)
            for a, b in zip(ss, ds[lead:]):
                if a != 1 and a != b:
                    raise VerifyError(f"dimension mismatch ({a} vs. {b})", op)
            src = src.element_type
        if src != dst.element_type:
            raise VerifyError("failed to verify that source operand and result have same element type", op)


def _bit_width(t: T.Type) -> int:
    return 64 if isinstance(t, T.IndexType) else getattr(t, "width", 0)


class BitCastOp(OpDef):
    """``vector.bitcast``: the same bits as a vector of another element type; only the minor
    dimension may change (its size times the element width stays the same)."""

    name = "vector.bitcast"
    operands = (single("source"),)
    results = (single("result"),)
    traits = frozenset({"Pure"})
    effects = ()
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dst = op.operands[0].type, op.results[0].type
        for k, t in (("operand", src), ("result", dst)):
            if not isinstance(t, T.VectorType):
                raise VerifyError(f"{k} #0 must be vector of any type values, but got '{t}'", op)
        if len(src.shape) != len(dst.shape):
            raise VerifyError("op failed to verify that all of {source, result} have same rank", op)
        if src.shape[:-1] != dst.shape[:-1]:
            i = next(i for i, (a, b) in enumerate(zip(src.shape, dst.shape)) if a != b)
            raise VerifyError(f"dimension size mismatch at: {i}", op)
        if src.shape and src.shape[-1] * _bit_width(src.element_type) != dst.shape[-1] * _bit_width(
                dst.element_type):
            raise VerifyError("source/result bitwidth of the minor 1-D vectors must be equal", op)


def _position_rank(op: Operation) -> int:
    return len(op.attributes["static_position"].values)


def _check_position(op: Operation, vt: T.Type, what: str) -> None:
    if not isinstance(vt, T.VectorType):
        return
    n = _position_rank(op)
    if n > len(vt.shape):
        raise VerifyError("expected position attribute of rank no greater than "
                          f"{'vector' if what == 'source' else 'dest vector'} rank", op)
    for i, (pos, dim) in enumerate(zip(op.attributes["static_position"].values, vt.shape)):
        if pos != T.DYNAMIC and not (0 <= pos < dim or pos == -1):
            raise VerifyError(f"expected position attribute #{i + 1} to be a non-negative integer smaller than "
                              "the corresponding vector dimension or poison (-1)", op)


class ExtractOp(OpDef):
    name = "vector.extract"
    operands = (single("source"), variadic("dynamic_position", _IDX))
    results = (single("result"),)
    props = ("static_position",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = ("$source `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict "
                       "`:` type($result) `from` type($source)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_position(op, op.operands[0].type, "source")


class InsertOp(OpDef):
    name = "vector.insert"
    operands = (single("valueToStore"), single("dest"), variadic("dynamic_position", _IDX))
    results = (single("result"),)
    props = ("static_position",)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    infer = {"result": lambda k: k["dest"][0]}
    assembly_format = ("$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) "
                       "attr-dict `:` type($valueToStore) `into` type($dest)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_position(op, op.operands[1].type, "dest")


class FromElementsOp(OpDef):
    name = "vector.from_elements"
    operands = (variadic("elements"),)
    results = (single("dest"),)
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    infer = {"elements": lambda k: k["dest"][0].element_type}
    assembly_format = "$elements attr-dict `:` type($dest)"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        pos = p.skip()
        op = cls._format.parse(p, cls, results)
        vt = op.results[0].type
        n = 1
        for d in getattr(vt, "shape", ()):
            n *= d
        if isinstance(vt, T.VectorType) and n != len(op.operands):
            raise p.error(f"custom op '{cls.name}' number of operands and types do not match: got "
                          f"{len(op.operands)} operands and {n} types", pos)
        return op

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return cls._format.print(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        vt = op.results[0].type
        if not isinstance(vt, T.VectorType):
            raise VerifyError(f"result #0 must be fixed-length vector of any type values, but got '{vt}'", op)
        n = 1
        for d in vt.shape:
            n *= d
        if len(op.operands) != n:
            raise VerifyError("failed to verify that type of 'elements' matches result type", op)


class ReductionOp(OpDef):
    name = "vector.reduction"
    operands = (single("vector"), optional("acc"))
    results = (single("dest"),)
    props = ("kind", "fastmath")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    default_attrs = {"fastmath": FASTMATH_NONE}
    attr_printers = {"kind": _KIND_P, "fastmath": _FM_P}
    attr_parsers = {"kind": _KIND_R, "fastmath": _FM_R}
    infer = {"acc": lambda k: k["dest"][0]}
    assembly_format = ("$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) "
                       "`into` type($dest)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        vt = op.operands[0].type
        if not isinstance(vt, T.VectorType):
            raise VerifyError(f"operand #0 must be vector of any type values, but got '{vt}'", op)
        if len(vt.shape) > 1:
            raise VerifyError(f"unsupported reduction rank: {len(vt.shape)}", op)
        if op.results[0].type != vt.element_type:
            raise VerifyError("failed to verify that source operand and result have same element type", op)
        kind = reduction_kind(op)
        if kind not in REDUCTION_KINDS:
            raise VerifyError(f"unsupported reduction type '{vt.element_type}' for kind '{kind}'", op)
        e = vt.element_type
        if kind in ("minnumf", "maxnumf", "minimumf", "maximumf") and not isinstance(e, T.FloatType) or \
                kind in ("minui", "minsi", "maxui", "maxsi", "and", "or", "xor") and \
                not isinstance(e, T.IntegerType | T.IndexType):
            raise VerifyError(f"unsupported reduction type ''{e}'' for kind '{kind}'", op)


def minor_identity(num_dims: int, rank: int) -> A.AffineMapAttr:
    """``(d0, ..., dn-1) -> (dn-rank, ..., dn-1)``: a transfer's default permutation map."""
    return A.AffineMapAttr(AF.AffineMap(num_dims, 0, [AF.Dim(i) for i in range(num_dims - rank, num_dims)]))


def transfer_mask_type(vt: T.VectorType, attrs: dict[str, A.Attribute]) -> T.VectorType:
    """The mask type of a transfer (upstream's ``inferTransferOpMaskType``): ``i1`` over the vector
    dimensions the permutation map reads from the memref (not its broadcast ``0`` results), in the
    memref's dimension order: ``(d0, d1) -> (d1, d0)`` on ``vector<9x4xf32>`` takes ``vector<4x9xi1>``."""
    pm = attrs.get("permutation_map")
    res = pm.map.results if isinstance(pm, A.AffineMapAttr) else ()
    read = sorted((e.pos, k) for k, e in enumerate(res) if isinstance(e, AF.Dim))
    if not read or len(res) != len(vt.shape):
        return T.VectorType(vt.shape, T.i1, vt.scalable)
    scal = vt.scalable
    return T.VectorType(tuple(vt.shape[k] for _, k in read), T.i1,
                        tuple(scal[k] for _, k in read) if scal else scal)


def _transfer_defaults(attrs: dict[str, A.Attribute], mt: T.Type, vt: T.Type) -> None:
    rank = len(vt.shape) if isinstance(vt, T.VectorType) else 0
    mrank = len(mt.shape) if isinstance(mt, T.ShapedType) else 0
    if "permutation_map" not in attrs:
        attrs["permutation_map"] = minor_identity(mrank, min(rank, mrank))
    if "in_bounds" not in attrs:
        n = len(attrs["permutation_map"].map.results) if isinstance(attrs["permutation_map"], A.AffineMapAttr) \
            else rank
        attrs["in_bounds"] = A.ArrayAttr([A.bool_attr(False)] * n)


def _transfer_elided(op: Operation, mt: T.Type, vt: T.Type) -> tuple[str, ...]:
    el = ["operandSegmentSizes"]
    pm = op.attributes.get("permutation_map")
    rank = len(vt.shape) if isinstance(vt, T.VectorType) else 0
    mrank = len(mt.shape) if isinstance(mt, T.ShapedType) else 0
    if isinstance(pm, A.AffineMapAttr) and str(pm) == str(minor_identity(mrank, min(rank, mrank))):
        el.append("permutation_map")
    ib = op.attributes.get("in_bounds")
    if isinstance(ib, A.ArrayAttr) and all(isinstance(b, A.IntegerAttr) and not b.value for b in ib.elements):
        el.append("in_bounds")
    return tuple(el)


class TransferReadOp(OpDef):
    name = "vector.transfer_read"
    operands = (single("base"), variadic("indices", _IDX), single("padding"), optional("mask"))
    results = (single("vector"),)
    props = ("permutation_map", "in_bounds", "operandSegmentSizes")
    effects = (("read", "base"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        base = p.parse_operand()
        idx = p.parse_operand_list("[]")
        p.parse_punct(",")
        pad = p.parse_operand()
        mask = p.parse_operand() if p.parse_optional_punct(",") else None
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        mt = p.parse_type()
        p.parse_punct(",")
        pos = p.skip()
        vt = p.parse_type()
        if not isinstance(vt, T.VectorType):
            raise p.error("requires vector type", pos)
        _transfer_defaults(attrs, mt, vt)
        elem = getattr(mt, "element_type", None)
        operands = {"base": p.resolve(base, mt), "indices": [p.resolve(r, _IDX) for r in idx],
                    "padding": p.resolve(pad, elem)}
        if mask is not None:
            operands["mask"] = p.resolve(mask, transfer_mask_type(vt, attrs))
        return cls.build(operands, {"vector": vt}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        mt, vt = g("base")[0].type, op.results[0].type
        s = f" {pr.value(g('base')[0])}[{pr.values(g('indices'))}], {pr.value(g('padding')[0])}"
        if g("mask"):
            s += ", " + pr.value(g("mask")[0])
        s += pr.attr_dict_text(op.attributes, _transfer_elided(op, mt, vt))
        return s + f" : {pr.type_text(mt)}, {pr.type_text(vt)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_transfer(op, cls.operand_group(op, "base")[0].type, op.results[0].type,
                         len(cls.operand_group(op, "indices")))


class TransferWriteOp(OpDef):
    name = "vector.transfer_write"
    operands = (single("valueToStore"), single("base"), variadic("indices", _IDX), optional("mask"))
    results = (optional("result"),)
    props = ("permutation_map", "in_bounds", "operandSegmentSizes")
    effects = (("write", "base"),)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        val = p.parse_operand()
        p.parse_punct(",")
        base = p.parse_operand()
        idx = p.parse_operand_list("[]")
        mask = p.parse_operand() if p.parse_optional_punct(",") else None
        attrs = p.parse_optional_attr_dict()
        p.parse_punct(":")
        pos = p.skip()
        vt = p.parse_type()
        if not isinstance(vt, T.VectorType):
            raise p.error("requires vector type", pos)
        p.parse_punct(",")
        mt = p.parse_type()
        _transfer_defaults(attrs, mt, vt)
        operands = {"valueToStore": p.resolve(val, vt), "base": p.resolve(base, mt),
                    "indices": [p.resolve(r, _IDX) for r in idx]}
        if mask is not None:
            operands["mask"] = p.resolve(mask, transfer_mask_type(vt, attrs))
        res = mt if isinstance(mt, T.TensorType) else None
        return cls.build(operands, {"result": res}, attrs)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        g = lambda n: cls.operand_group(op, n)  # noqa: E731
        vt, mt = g("valueToStore")[0].type, g("base")[0].type
        s = f" {pr.value(g('valueToStore')[0])}, {pr.value(g('base')[0])}[{pr.values(g('indices'))}]"
        if g("mask"):
            s += ", " + pr.value(g("mask")[0])
        s += pr.attr_dict_text(op.attributes, _transfer_elided(op, mt, vt))
        return s + f" : {pr.type_text(vt)}, {pr.type_text(mt)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_transfer(op, cls.operand_group(op, "base")[0].type, cls.operand_group(op, "valueToStore")[0].type,
                         len(cls.operand_group(op, "indices")))


def _verify_transfer(op: Operation, mt: T.Type, vt: T.Type, nidx: int) -> None:
    if not isinstance(mt, T.MemRefType | T.TensorType):
        raise VerifyError(f"operand #0 must be shaped of any type values, but got '{mt}'", op)
    if nidx != len(mt.shape):
        raise VerifyError(f"requires {len(mt.shape)} indices", op)
    pm = op.attributes.get("permutation_map")
    if isinstance(pm, A.AffineMapAttr) and isinstance(vt, T.VectorType):
        if pm.map.num_dims != len(mt.shape):
            raise VerifyError("requires a permutation_map with input dims of the same rank as the source type", op)
        if len(pm.map.results) != len(vt.shape):
            raise VerifyError("requires a permutation_map with result dims of the same rank as the vector type", op)
    ib = op.attributes.get("in_bounds")
    if isinstance(ib, A.ArrayAttr) and isinstance(pm, A.AffineMapAttr) and len(ib.elements) != len(pm.map.results):
        raise VerifyError("expects the in_bounds attr of same rank as permutation_map results: "
                          f"{pm} vs inBounds of size: {len(ib.elements)}", op)


class LoadOp(OpDef):
    name = "vector.load"
    operands = (single("base"), variadic("indices", _IDX))
    results = (single("result"),)
    props = ("nontemporal", "alignment")
    effects = (("read", "base"),)
    shape_verified = True
    assembly_format = "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.operands[0].type
        if isinstance(mt, T.MemRefType) and len(op.operands) - 1 != len(mt.shape):
            raise VerifyError("requires " + str(len(mt.shape)) + " indices", op)


class StoreOp(OpDef):
    name = "vector.store"
    operands = (single("valueToStore"), single("base"), variadic("indices", _IDX))
    props = ("nontemporal", "alignment")
    effects = (("write", "base"),)
    shape_verified = True
    assembly_format = "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.operands[1].type
        if isinstance(mt, T.MemRefType) and len(op.operands) - 2 != len(mt.shape):
            raise VerifyError("requires " + str(len(mt.shape)) + " indices", op)


class VectorScaleOp(OpDef):
    """``%vscale = vector.vscale``: the runtime multiple of scalable vector sizes (an ``index``)."""

    name = "vector.vscale"
    results = (single("res", T.index),)
    traits = frozenset({"Pure"})
    asm_names = staticmethod(lambda op: ["vscale"])
    assembly_format = "attr-dict"
    effects = ()
