"""Types: builtin (integers, floats, index, shaped, function, tuple), dialect types and aliases.

    type          ::= type-alias | builtin-type | dialect-type
    function-type ::= `(` type-list? `)` `->` (type | `(` type-list? `)`)
    shaped        ::= (`memref` | `tensor` | `vector`) `<` dims element-type (`,` layout)? (`,` space)? `>`
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..diagnostics import Source
from ..ir import attributes as A
from ..ir import types as T
from ..ir.opdef import is_known_dialect, load_dialect
from . import lexer as L
from .parser_base import _BUILTIN_SIMPLE, _INT_TYPE, _TYPE_CACHE, ParserBase

_DIM_RE = re.compile(r"\s*(\?|\d+|\[\d+\])\s*x", re.ASCII)


class TypeParser(ParserBase):
    """The type half of the reader (a mixin of ``Parser``)."""

    if TYPE_CHECKING:  # memory spaces, encodings and dialect types hold attributes
        def parse_attribute(self, type: T.Type | None = None) -> A.Attribute: ...

    def parse_optional_type(self) -> T.Type | None:
        p = self.skip()
        if p >= len(self.text):
            return None
        c = self.text[p]
        if c == "(" or c == "!":
            return self.parse_type()
        m = L.bare_id_re.match(self.text, p)
        if m and self._is_type_keyword(m.group()):
            return self.parse_type()
        return None

    @staticmethod
    def _is_type_keyword(w: str) -> bool:
        return (w in _BUILTIN_SIMPLE or bool(_INT_TYPE.match(w)) or w.split("<")[0] in (
            "memref", "tensor", "vector", "tuple", "complex"))

    def parse_type(self) -> T.Type:
        """type ::= builtin-type | `!` dialect-type | type-alias | function-type"""
        p = self.skip()
        t = self.text
        if t.startswith("(", p):
            return self.parse_function_type()
        m = L.simple_type_re.match(t, p)
        if m:
            key = m.group()
            ty = _TYPE_CACHE.get(key)
            if ty is not None and not key.startswith("!"):
                self.pos = self.last_end = m.end()
                return ty
        ty = self._parse_type_uncached()
        if m and self.pos == m.end() and not m.group().startswith("!"):
            _TYPE_CACHE[m.group()] = ty
        return ty

    def parse_function_type(self) -> T.FunctionType:
        self.parse_punct("(")
        ins = self.parse_type_list_until(")")
        self.parse_punct("->", "in function type")
        outs = self.parse_function_results()
        return T.FunctionType(ins, outs)

    def parse_function_results(self) -> list[T.Type]:
        if self.peek("("):
            save = self.pos
            self.parse_punct("(")
            res = self.parse_type_list_until(")")
            if self.peek("->"):  # the result is itself a function type
                self.pos = save
                return [self.parse_function_type()]
            return res
        return [self.parse_type()]

    def parse_type_list_until(self, close: str) -> list[T.Type]:
        out: list[T.Type] = []
        if self.parse_optional_punct(close):
            return out
        while True:
            out.append(self.parse_type())
            if not self.parse_optional_punct(","):
                break
        self.parse_punct(close)
        return out

    def parse_type_list(self) -> list[T.Type]:
        """type (`,` type)*"""
        out = [self.parse_type()]
        while self.parse_optional_punct(","):
            out.append(self.parse_type())
        return out

    def parse_type_list_parens_or_single(self) -> list[T.Type]:
        if self.peek("("):
            self.parse_punct("(")
            return self.parse_type_list_until(")")
        return [self.parse_type()]

    def _parse_type_uncached(self) -> T.Type:
        p = self.skip()
        t = self.text
        if t.startswith("!", p):
            m = L.excl_id_re.match(t, p)
            if not m:
                raise self.error("expected type")
            name = m.group()[1:]
            if name in self.type_aliases:
                self.pos = self.last_end = m.end()
                return self.type_aliases[name]
            return self._parse_dialect_type(p)
        m = L.bare_id_re.match(t, p)
        if not m:
            raise self.error("expected non-function type")
        w = m.group()
        self.pos = self.last_end = m.end()
        if w in _BUILTIN_SIMPLE:
            return _BUILTIN_SIMPLE[w]
        im = _INT_TYPE.match(w)
        if im:
            width = int(im.group(2))
            if width > 16777215:
                raise self.error("integer bitwidth is limited to 16777215 bits", p)
            return T.IntegerType(width, im.group(1) or "")
        if w in ("memref", "tensor", "vector"):
            return self._parse_shaped(w, p)
        if w == "tuple":
            self.parse_punct("<")
            return T.TupleType(self.parse_type_list_until(">"))
        if w == "complex":
            self.parse_punct("<")
            et = self.parse_type()
            self.parse_punct(">")
            return T.ComplexType(et)
        self.pos = p
        raise self.error("expected non-function type")  # emitWrongTokenError

    def _parse_mma_matrix(self, kw_pos: int) -> T.Type:
        """``MxNxelt, "operand">`` after ``!gpu.mma_matrix<``; MMAMatrixType::verifyInvariants
        errors point at the type keyword."""
        start = self.pos
        dims, _ = self._parse_dims()
        if T.DYNAMIC in dims:
            raise self.error("expected static shape", self.text.index("?", start))
        et = self.parse_type()
        self.parse_punct(",")
        operand = self.parse_string()
        self.parse_punct(">")
        if len(dims) != 2:
            raise self.error("MMAMatrixType must have exactly two dimensions", kw_pos)
        if not (et in (T.i32, T.f16, T.f32, T.f64) or et in (T.IntegerType(8, "s"), T.IntegerType(8, "u"))):
            raise self.error("MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64", kw_pos)
        if operand not in ("AOp", "BOp", "COp"):
            raise self.error("operand expected to be one of AOp, BOp or COp", kw_pos)
        return T.MMAMatrixType(dims, et, operand)

    def _parse_dims(self) -> tuple[list[int], list[bool]]:
        """dimension-list ::= (dimension `x`)* ; dimension ::= `?` | decimal | `[` decimal `]`"""
        dims: list[int] = []
        scal: list[bool] = []
        dim_re = _DIM_RE  # `2 x f32` parses as `2xf32` (the lexer's tokens may be spaced)
        while True:
            m = dim_re.match(self.text, self.pos)
            if not m:
                return dims, scal
            d = m.group(1)
            if d == "?":
                dims.append(T.DYNAMIC)
                scal.append(False)
            elif d.startswith("["):
                dims.append(int(d[1:-1]))
                scal.append(True)
            else:
                if len(d) > 18 and int(d) > 2**63 - 1:
                    raise self.error("invalid dimension", m.start(1))
                dims.append(int(d))
                scal.append(False)
            self.pos = self.last_end = m.end()

    def _parse_shaped(self, kind: str, start: int | None = None) -> T.Type:
        self.parse_punct("<")
        if self.text.startswith("*", self.skip()):
            if kind == "vector":
                raise self.error("expected dimension size in vector type")
            self.pos += 1
            if not self.text.startswith("x", self.pos):
                raise self.error("expected 'x' in unranked type")
            self.pos += 1
            et_pos = self.skip()
            et = self.parse_type()
            if kind == "memref":
                self._check_memref_element(et, et_pos)
                ms = None
                if self.parse_optional_punct(","):
                    ms = self.parse_attribute()
                self.parse_punct(">", "in memref type")
                return T.UnrankedMemRefType(et, ms)
            self.parse_punct(">")
            return T.UnrankedTensorType(et)
        dims, scal = self._parse_dims()
        et_pos = self.skip()
        et = self.parse_type()
        if kind == "memref":
            self._check_memref_element(et, et_pos)
        if kind == "vector":
            self.parse_punct(">", "in vector type")
            return T.VectorType(dims, et, scal)
        if kind == "tensor":
            enc = None
            if self.parse_optional_punct(","):
                enc = self.parse_attribute()
            self.parse_punct(">", "in tensor type")
            return T.TensorType(dims, et, enc)
        layout = None
        ms = None
        while self.parse_optional_punct(","):
            apos = self.skip()
            a = self.parse_attribute()
            if isinstance(a, A.AffineMapAttr | A.StridedLayoutAttr) and ms is None and layout is None:
                layout = a
            elif ms is None:
                ms = a
            else:
                raise self.error("expected '>' in memref type", apos)
        self.parse_punct(">", "in memref type")
        # MemRefType::getChecked reports at the start of the type
        if isinstance(layout, A.StridedLayoutAttr) and len(layout.strides) != len(dims):
            raise self.error("expected the number of strides to match the rank", start)
        if isinstance(layout, A.AffineMapAttr) and layout.map.num_dims != len(dims):
            raise self.error("memref layout mismatch between rank and affine map: "
                             f"{len(dims)} != {layout.map.num_dims}", start)
        return T.MemRefType(dims, et, layout, ms)

    _MEMREF_ELEMENT_TYPES = (T.IntegerType, T.IndexType, T.FloatType, T.ComplexType, T.VectorType, T.MemRefType,
                             T.UnrankedMemRefType)

    def _check_memref_element(self, et: T.Type, pos: int) -> None:
        """BaseMemRefType::isValidElementType (the builtin scalar, vector and memref types)."""
        if not isinstance(et, self._MEMREF_ELEMENT_TYPES):
            raise self.error("invalid memref element type", pos)

    def _parse_ptr_type(self, name: str, text: str, p: int) -> T.Type:
        """The ptr dialect's one type, ``!ptr.ptr`` `<` memory-space-attr `>`, kept as its canonical
        text (the memory space printed as an attribute prints)."""
        mnemonic = name[4:].split("<", 1)[0]
        if mnemonic != "ptr":
            raise self.error(f"unknown  type `{mnemonic}` in dialect `ptr`", p + 5)
        if not text.startswith("!ptr.ptr<"):
            return T.OpaqueType(text)
        sub = type(self)(Source(text[9:-1], self.source.filename))
        sub.attr_aliases = self.attr_aliases
        space = sub.parse_attribute()
        return T.OpaqueType(f"!ptr.ptr<{space}>")

    def _parse_dialect_type(self, p: int) -> T.Type:
        t = self.text
        m = L.excl_id_re.match(t, p)
        assert m
        name = m.group()[1:]
        end = m.end()
        if t.startswith("<", end):
            end = self.balanced_end(end)
        text = t[p:end]
        if name.startswith("llvm."):
            from .llvm_types import parse_llvm_type

            ty = parse_llvm_type(self, p + 6)
            return ty
        self.pos = self.last_end = end
        if name == "gpu.mma_matrix" and text.startswith("!gpu.mma_matrix<"):
            self.pos = self.last_end = p + len("!gpu.mma_matrix<")
            return self._parse_mma_matrix(p + 5)
        if name == "async.value" and text.startswith("!async.value<"):
            sub = type(self)(Source(text[13:-1], self.source.filename))
            sub.type_aliases = self.type_aliases
            return T.AsyncValueType(sub.parse_type())
        if name.startswith("ptr."):
            return self._parse_ptr_type(name, text, p)
        dialect = name.split(".", 1)[0] if "." in name else name.split("<", 1)[0]
        if not self.allow_unregistered and not is_known_dialect(dialect):
            raise self.error(f"!{dialect} type created with unregistered dialect. If this "
                             "is intended, please use -allow-unregistered-dialect with the MLIR opt tool "
                             "used", p)
        hook = T.DIALECT_TYPE_PARSERS.get(name.split("<", 1)[0]) if load_dialect(dialect) else None
        if hook is not None:
            return hook(self, m.end())
        return T.OpaqueType(text)

