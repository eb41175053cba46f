"""Attributes: attribute dictionaries, builtin attributes (numbers, strings, arrays, dense
elements, affine maps/sets, symbol references, ...), dialect attributes and aliases.

    attribute-dict ::= `{` (attribute-entry (`,` attribute-entry)*)? `}`
    attribute-entry ::= (bare-id | string-literal) (`=` attribute-value)?
"""

from __future__ import annotations

import re
from typing import Any

from ..diagnostics import Diagnostic, MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.opdef import is_known_dialect
from ..ir.registry import load_dialect
from . import lexer as L
from .attr_params import ENUM_PARAMS, check_enum_param
from .parser_types import TypeParser

_HEX_STRING = re.compile(r"0x(?:[0-9A-Fa-f]{2})*")
_ENUM_BODY = re.compile(r"<\s*(\w+)\s*(\w*)\s*(>)", re.ASCII)


class AttributeParser(TypeParser):
    """The attribute half of the reader (a mixin of ``Parser``)."""

    def parse_attr_dict_body(self) -> dict[str, A.Attribute]:
        """`{` (attr-entry (`,` attr-entry)*)? `}`   attr-entry ::= (bare-id | string) (`=` attr)?"""
        self.parse_punct("{")
        out: dict[str, A.Attribute] = {}
        if self.parse_optional_punct("}"):
            return out
        while True:
            p = self.skip()
            key = self.parse_optional_string()
            if key is None:
                m = L.bare_id_re.match(self.text, p)
                if not m:
                    raise self.error("expected attribute name")
                key = m.group()
                self.pos = self.last_end = m.end()
            if key in out:
                raise self.error(f"duplicate key '{key}' in dictionary attribute", p)
            if self.parse_optional_punct("="):
                out[key] = self.parse_attribute()
            else:
                out[key] = A.UNIT
            if not self.parse_optional_punct(","):
                break
        self.parse_punct("}", "in attribute dictionary")
        return out

    def parse_optional_attr_dict(self) -> dict[str, A.Attribute]:
        if self.peek("{"):
            return self.parse_attr_dict_body()
        return {}

    def parse_optional_attr_dict_with_keyword(self) -> dict[str, A.Attribute]:
        if self.parse_optional_keyword("attributes"):
            return self.parse_attr_dict_body()
        return {}


    def parse_optional_attribute(self, type: T.Type | None = None) -> A.Attribute | None:
        p = self.skip()
        t = self.text
        if p >= len(t):
            return None
        c = t[p]
        if c in "[{\"@#-0123456789" or c == "(" or c == "!":
            return self.parse_attribute(type)
        m = L.bare_id_re.match(t, p)
        if m:
            w = m.group()
            if w in ("true", "false", "unit", "dense", "array", "affine_map", "affine_set", "strided",
                     "loc", "dense_resource", "sparse", "distinct") or self._is_type_keyword(w):
                return self.parse_attribute(type)
        return None

    def parse_attribute(self, type: T.Type | None = None) -> A.Attribute:
        """attribute-value (see LangRef); ``type`` is the expected type where elided."""
        p = self.skip()
        t = self.text
        if p >= len(t):
            raise self.error("expected attribute value")
        c = t[p]
        if c == '"':
            s = self.parse_string()
            sty = None
            if type is None and self.parse_optional_punct(":"):  # a given type leaves `:` alone
                sty = self.parse_type()
            return A.StringAttr(s, sty)
        if c == "[":
            self.pos = self.last_end = p + 1
            elems: list[A.Attribute] = []
            if not self.parse_optional_punct("]"):
                while True:
                    elems.append(self.parse_attribute())
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct("]", "")
            return A.ArrayAttr(elems)
        if c == "{":
            return A.DictionaryAttr(self.parse_attr_dict_body())
        if c == "@":
            root = self.parse_symbol_name()
            nested: list[str] = []
            while self.text.startswith("::", self.pos):
                self.pos += 2
                nested.append(self.parse_symbol_name())
            return A.SymbolRefAttr(root, nested)
        if c == "#":
            return self._parse_hash_attr(p)
        if c == "-" or c.isdigit():
            return self._parse_number_attr(type)
        m = L.bare_id_re.match(t, p)
        if m:
            r = self.parse_keyword_attr_body(p, m, type)
            if r is not None:
                return r
        ty = self.parse_optional_type()
        if ty is not None:
            return A.TypeAttr(ty)
        raise self.error("expected attribute value")

    def parse_keyword_attr_body(self, p: int, m: Any, type: T.Type | None) -> A.Attribute | None:
        """An attribute starting with a keyword (``true``, ``unit``, ``array<``, ``dense<``,
        ``affine_map<``, ``strided<``, ``loc(``, ...), ``m`` the keyword's match at ``p``; None
        when the keyword starts none (a type attribute, then)."""
        t = self.text
        w = m.group()
        if w in ("true", "false"):
            self.pos = self.last_end = m.end()
            return A.bool_attr(w == "true")
        if w == "unit":
            self.pos = self.last_end = m.end()
            return A.UNIT
        if w == "array" and t.startswith("<", m.end()):
            return self._parse_dense_array(m.end())
        if w == "dense" and t.startswith("<", m.end()):
            return self._parse_dense(m.end(), type)
        if w in ("affine_map", "affine_set") and t.startswith("<", m.end()):
            from ..ir.affine import AffineParseError, parse_affine_map, parse_integer_set

            try:
                e = self.balanced_end(m.end())
            except MLIRError:
                # unbalanced brackets: upstream reads the map structurally and reports what it
                # expected where the text goes wrong; so do we when the affine parser fails first
                e = -1
            if e < 0:
                rest = t[m.end() + 1: m.end() + 10001]
                try:
                    parse_affine_map(rest) if w == "affine_map" else parse_integer_set(rest)
                except AffineParseError as ex:
                    raise self.error(ex.message, m.end() + 1 + ex.offset) from None
                self.balanced_end(m.end())
            body = t[m.end() + 1: e - 1]
            try:
                if w == "affine_map":
                    r: A.Attribute = A.AffineMapAttr(parse_affine_map(body))
                else:
                    r = A.IntegerSetAttr(parse_integer_set(body))
            except AffineParseError as ex:
                raise self.error(ex.message, m.end() + 1 + ex.offset) from None
            self.pos = self.last_end = e
            return r
        if w == "strided" and t.startswith("<", m.end()):
            return self._parse_strided(m.end())
        if w in ("dense_resource", "sparse", "distinct", "loc"):
            q = m.end()
            if w == "distinct":
                q = self.balanced_end(q)
            if w == "loc":
                if not t.startswith("(", q):
                    self.pos = q
                    raise self.error("expected '(' in location")
                e = self.balanced_end(q)
                self.pos = self.last_end = e
                return A.LocationAttr(t[q + 1: e - 1])
            e = self.balanced_end(q)
            if w == "distinct" and t.startswith("<", e):
                e = self.balanced_end(e)
            self.pos = self.last_end = e
            txt = t[p:e]
            if w in ("dense_resource", "sparse") and self.parse_optional_punct(":"):
                txt += " : " + str(self.parse_type())
            return A.OpaqueAttr(txt)
        return None

    def _parse_hash_attr(self, p: int) -> A.Attribute:
        t = self.text
        m = L.hash_id_re.match(t, p)
        if not m:
            raise self.error("expected attribute value")
        name = m.group()[1:]
        if name in self.attr_aliases:
            self.pos = self.last_end = m.end()
            return self.attr_aliases[name]
        end = m.end()
        if t.startswith("<", end):
            end = self.balanced_end(end)
        elif "." not in name and not t.startswith("<", end):
            raise self.error(f"undefined symbol alias id '{name}'", p + 1)
        dialect = name.split(".", 1)[0]
        if not self.allow_unregistered and not is_known_dialect(dialect) and dialect not in (
                "nvvm", "rocdl", "spirv", "xevm"):
            raise self.error(f"#{dialect} attribute created with unregistered dialect. If this is intended, "
                             "please use -allow-unregistered-dialect with the MLIR opt tool used", p)
        # a dialect registers its attributes (and enums) when its module loads; the target attributes
        # of the dialects we have no ops of (``#rocdl.target``) are defined with the gpu dialect's
        load_dialect("gpu" if dialect in ("rocdl", "spirv", "xevm") else dialect)
        known = A.DIALECT_ATTR_MNEMONICS.get(dialect)
        if known is not None:
            inner = self._check_mnemonic(name, dialect, known, m.end(), end)
            if inner is not None:  # `#gpu<block<x>>`: the attribute `#gpu.block<x>` inside `<>`
                mnemonic, lt = inner
                attr = self._dialect_attr(f"{dialect}.{mnemonic}", lt,
                                          self.balanced_end(lt) if t.startswith("<", lt) else lt)
                self.parse_punct(">")
                return attr
        return self._dialect_attr(name, m.end(), end)

    def _dialect_attr(self, name: str, lt: int, end: int) -> A.Attribute:
        """``#name`` followed by ``text[lt:end]`` (its ``<...>`` parameters, or nothing)."""
        t = self.text
        if end > lt and name in ENUM_PARAMS:  # a bad keyword: upstream's two errors
            word, errors = check_enum_param(name, t[:end - 1], lt + 1) or ("", [])
            if errors:
                err = self.error(errors[-1][0], errors[-1][1])
                err.preceding = [self.error(msg, pos).diagnostic for msg, pos in errors[:-1]]
                raise err
            if word and t[lt + 1:end - 1] != word:  # canonical: the bare keyword (a string is read too)
                self.pos = self.last_end = end
                if name in A.KEYWORD_ATTRS:
                    return A.keyword_attr(name, word)
                return A.OpaqueAttr(f"#{name}<{word}>")
        if "." in name:
            spec = A.KEYWORD_ATTRS.get(name)
            if spec is not None and end > lt:
                return self.parse_dialect_keyword_attr(name, spec, lt)
            parse_fn = A.DIALECT_ATTR_PARSERS.get(name)
            if parse_fn is not None:
                return parse_fn(self, lt)
        self.pos = self.last_end = end
        enum = _ENUM_BODY.fullmatch(t, lt, end) if "." not in name else None
        known = A.DIALECT_ENUMS.get((name, enum[1])) if enum is not None else None
        if enum is not None and known is not None:
            keywords, cpp = known
            if enum[2] in keywords:
                return A.EnumAttr(name, enum[1], enum[2])
            first = self.error("expected valid keyword or string", enum.start(3)) if not enum[2] else self.error(
                f"expected {cpp or 'one of the enum values'} to be one of: {', '.join(keywords)}", enum.start(2))
            cls = A.ENUM_ATTR_CLASSES.get((name, enum[1]))
            if cls is None:
                raise first
            err = self.error(f"failed to parse {cls} parameter 'value' which is to be a `{cpp}`",
                             enum.end(2) if enum[2] else enum.start(3))
            err.preceding = [first.diagnostic]
            raise err
        return A.OpaqueAttr(f"#{name}" + t[lt:end])

    def _check_mnemonic(self, name: str, dialect: str, known: frozenset[str], lt: int,
                        end: int) -> tuple[str, int] | None:
        """``#dialect<mnemonic ...>`` or ``#dialect.mnemonic<...>`` of a dialect whose attributes are
        all known: an unknown mnemonic, or an enum's ``<`` (its format is ``#dialect<mnemonic value>``)
        are errors; (mnemonic, offset of its ``<``) for ``#dialect<mnemonic<...>>``."""
        t = self.text
        if "." in name:
            mnemonic, mpos = name.split(".", 1)[1], lt - len(name) + len(dialect) + 1
        else:
            mpos = self._ws_end(lt + 1) if end > lt else lt
            mm = L.bare_id_re.match(t, mpos)
            mnemonic = mm.group() if mm else ""
        if mnemonic not in known:
            raise self.error(f"unknown attribute `{mnemonic}` in dialect `{dialect}`", mpos)
        cls = A.ENUM_ATTR_CLASSES.get((dialect, mnemonic))
        if cls is not None and "." in name:
            cpp = A.DIALECT_ENUMS.get((dialect, mnemonic), ((), ""))[1]
            err = self.error(f"failed to parse {cls} parameter 'value' which is to be a `{cpp}`", lt)
            err.preceding = [self.error("expected valid keyword or string", lt).diagnostic]
            raise err
        if "." in name or cls is not None:
            return None
        after = self._ws_end(mpos + len(mnemonic))
        if not t.startswith("<", after) and mnemonic not in A.OPTIONAL_PARAMS_ATTRS:
            self.last_end, self.pos = mpos + len(mnemonic), after  # the `<` of the attribute's parameters
            raise self.error("expected '<'")
        return mnemonic, after

    def _ws_end(self, pos: int) -> int:
        return L.ws_re.match(self.text, pos).end()

    def parse_dialect_keyword_attr(self, name: str, spec: A.KeywordSpec, lt: int) -> A.Attribute:
        """``<` keyword `>`` (enum) or ``<` keyword (`,` keyword)* `>`` (bit enum) after the name, with
        the messages of upstream's parsers: LLVM's ``what`` keyword parsers, else ODS's FieldParser."""
        t = self.text
        self.pos = lt + 1
        first = self.skip()
        words: list[str] = []
        while True:
            pos = self.skip()
            m = L.bare_id_re.match(t, pos)
            if not m:
                raise self.error(f"expected keyword for {spec.what}" if spec.what
                                 else "expected valid keyword or string", pos)
            w = m.group()
            if w not in spec.keywords:
                if spec.what:
                    raise self.error(f"expected one of [{', '.join(spec.keywords)}] for {spec.what}, got: {w}", pos)
                raise self.error(f"expected {spec.cpp} to be one of: {', '.join(spec.keywords)}",
                                 first if spec.bits else pos)
            words.append(w)
            self.pos = self.last_end = m.end()
            if not (spec.bits and self.parse_optional_punct(",")):
                break
        self.parse_punct(">")
        return A.KeywordAttr(name, words)

    def _parse_number_attr(self, type: T.Type | None) -> A.Attribute:
        p = self.skip()
        t = self.text
        fm = L.float_re.match(t, p)
        if fm:
            self.pos = self.last_end = fm.end()
            val = float(fm.group())
            ty = type
            if type is None and self.parse_optional_punct(":"):
                ty = self.parse_type()
            ty = ty or T.f64
            if not isinstance(ty, T.FloatType):
                raise self.error("floating point value not valid for specified type", self.skip())
            return A.FloatAttr(val, ty)
        neg = t.startswith("-", p)
        hm = L.hex_re.match(t, p + (1 if neg else 0))
        im = hm or L.integer_re.match(t, p)
        if not im:
            raise self.error("expected attribute value")
        self.pos = self.last_end = im.end()
        text = im.group()
        ty = type
        if type is None and self.parse_optional_punct(":"):
            ty = self.parse_type()
        ty = ty or T.i64
        if isinstance(ty, T.FloatType):
            if hm:
                if neg:
                    raise self.error("hexadecimal float literal should not have a leading minus", p)
                return A.FloatAttr(A.float_from_bits(int(text, 16), ty), ty)
            raise self._decimal_for_float(p + (1 if neg else 0))
        digits = p + 1 if neg else p
        if not isinstance(ty, (T.IntegerType, T.IndexType)):
            raise self.error("integer literal not valid for specified type", digits)
        if neg and isinstance(ty, T.IntegerType) and ty.signedness == "u":
            raise self.error("negative integer literal not valid for unsigned integer type", digits)
        ival = A.build_int(int(text, 16) if hm else abs(int(text)), neg, ty)
        if ival is None:
            raise self.error("integer constant out of range for attribute", digits)
        return A.IntegerAttr(ival, ty)

    def _decimal_for_float(self, pos: int) -> MLIRError:
        """A decimal integer where a float is expected (buildAttributeAPFloat's error and note)."""
        loc = self.loc(pos)
        return MLIRError("unexpected decimal integer literal for a floating point value", loc,
                         [Diagnostic("note", "add a trailing dot to make the literal a float", loc)])

    def _parse_dense_array(self, lt: int) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        et = self.parse_type()
        vals: list[Any] = []
        if self.parse_optional_punct(":"):
            while True:
                if self.peek("true") or self.peek("false"):
                    vals.append(self.parse_attribute().value)  # type: ignore[attr-defined]
                elif isinstance(et, T.IntegerType):
                    vals.append(self._dense_array_int(et))
                else:
                    vals.append(self._parse_number_attr(et).value)  # type: ignore[attr-defined]
                if not self.parse_optional_punct(","):
                    break
        self.parse_punct(">", "to end dense array")
        return A.DenseArrayAttr(et, vals)

    def _dense_array_int(self, et: T.IntegerType) -> int:
        """One integer of ``array<iN: ...>`` (upstream's ``DenseArrayElementParser``)."""
        neg = self.parse_optional_punct("-")
        p = self.skip()
        m = L.hex_re.match(self.text, p) or L.integer_re.match(self.text, p)
        if m is None or m.group()[0] in "+-" or L.float_re.match(self.text, p):
            raise self.error("expected integer literal", p)
        self.pos = self.last_end = m.end()
        val = A.build_int(int(m.group(), 0) if m.group().startswith("0x") else int(m.group()), neg, et)
        if val is None:
            raise self.error("integer constant out of range", self.skip())
        return val

    def _parse_strided(self, lt: int) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        self.parse_punct("[")
        strides: list[int] = []
        if not self.parse_optional_punct("]"):
            while True:
                if self.parse_optional_punct("?"):
                    strides.append(T.DYNAMIC)
                else:
                    strides.append(self.parse_integer())
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("]")
        offset = 0
        if self.parse_optional_punct(","):
            self.parse_keyword("offset")
            self.parse_punct(":")
            offset = T.DYNAMIC if self.parse_optional_punct("?") else self.parse_integer()
        self.parse_punct(">")
        return A.StridedLayoutAttr(strides, offset)

    def _parse_dense(self, lt: int, elided: T.Type | None = None) -> A.Attribute:
        self.pos = self.last_end = lt + 1
        self.skip()
        values: list[Any] = []
        shape: list[int] = []
        self._dense_ints: list[tuple[int, int]] = []  # (index in values, offset) of decimal integers
        self._dense_toks: list[tuple[int, bool, str]] = []  # per element: (offset, negative?, kind)
        if self.parse_optional_punct(">"):
            pass
        else:
            if self.peek('"'):
                raw_pos = self.skip()
                m = L.string_re.match(self.text, raw_pos)
                raw = m.group()[1:-1] if m else ""
                self.parse_string()
                self.parse_punct(">")
                if elided is not None:
                    ty = elided
                else:
                    self.parse_punct(":")
                    ty = self.parse_type()
                return self._hex_dense(raw, ty, raw_pos, lt - len("dense"))
            shape = self._parse_dense_literal(values, 0, [])
            self.parse_punct(">")
        tpos = self.skip()
        if elided is not None:
            ty = elided  # a given type: no `: type` follows (memref.global's initial value)
        else:
            self.parse_punct(":", "")
            tpos = self.skip()
            ty = self.parse_type()
        if not isinstance(ty, T.ShapedType):
            raise self.error("elements literal must be a shaped type", tpos)
        et = ty.element_type
        if isinstance(et, T.FloatType) and self._dense_ints:
            raise self._decimal_for_float(self._dense_ints[0][1])
        if isinstance(et, (T.IntegerType, T.IndexType)):
            conv = self._dense_int_values(values, et)
        elif isinstance(et, T.FloatType):
            conv = [A._round_to(float(v), et) if not isinstance(v, tuple) else v for v in values]
        else:
            conv = values
        n = ty.num_elements() if ty.has_static_shape() else -1
        if len(conv) > 1 and len(conv) != n:
            raise self.error(f"inferred shape of elements literal ([{', '.join(map(str, shape))}]) does not "
                             f"match type ([{', '.join(str(d) for d in ty.shape)}])", lt - len("dense"))
        return A.DenseElementsAttr(ty, conv)

    def _hex_dense(self, raw: str, ty: T.Type, raw_pos: int, dense_pos: int) -> A.Attribute:
        """``dense<"0x...">``: the elements' little-endian bytes, one element for a splat (``i1``: one
        bit per element, or one byte 0x00/0xFF for a splat), as upstream's ``parseElementAttrHexValues``
        and ``DenseElementsAttr::isValidRawBuffer`` read them."""
        if not isinstance(ty, T.ShapedType):
            raise self.error("elements literal must be a shaped type", dense_pos)
        if not ty.has_static_shape():
            raise self.error("elements literal type must have static shape", dense_pos)
        if not _HEX_STRING.fullmatch(raw):
            raise self.error("expected string containing hex digits starting with `0x`", raw_pos)
        data = bytes.fromhex(raw[2:])
        et = ty.element_type
        parts = 2 if isinstance(et, T.ComplexType) else 1
        sub = et.element_type if isinstance(et, T.ComplexType) else et
        n = ty.num_elements()
        size_error = f"elements hex data size is invalid for provided type: '{ty}'"
        if isinstance(sub, T.IntegerType) and sub.width == 1 and parts == 1:
            if len(data) == 1 and data[0] in (0, 0xFF):
                return A.DenseElementsAttr(ty, [bool(data[0])])
            if len(data) != (n + 7) // 8:
                raise self.error(size_error, dense_pos)
            return A.DenseElementsAttr(ty, [bool(data[i // 8] >> (i % 8) & 1) for i in range(n)])
        if isinstance(sub, T.IntegerType | T.IndexType):
            width = 64 if isinstance(sub, T.IndexType) else sub.width
            size = (width + 7) // 8

            def read(b: bytes) -> Any:
                v = int.from_bytes(b, "little") & ((1 << width) - 1)
                return A.canonical_int(v, sub) if isinstance(sub, T.IntegerType) else v - ((v >> 63) << 64)
        elif isinstance(sub, T.FloatType) and sub.text in ("f16", "bf16", "f32", "f64"):
            size = sub.width // 8

            def read(b: bytes) -> Any:
                return A.float_from_bits(int.from_bytes(b, "little"), sub)
        else:  # an element type we keep as written
            return A.OpaqueAttr(f'dense<"{raw}"> : {ty}')
        step = size * parts
        if len(data) == step:
            n = 1  # a splat
        elif len(data) != step * n:
            raise self.error(size_error, dense_pos)
        vals = [read(data[i * step:i * step + size]) if parts == 1 else
                (read(data[i * step:i * step + size]), read(data[i * step + size:(i + 1) * step]))
                for i in range(n)]
        return A.DenseElementsAttr(ty, vals)

    def _dense_int_values(self, values: list[Any], et: T.Type) -> list[Any]:
        """The parsed elements as values of the integer (or ``index``) type ``et``, checked in
        order with the messages of upstream's ``TensorLiteralParser::getIntAttrElements``."""
        width_one = isinstance(et, T.IntegerType) and et.width == 1
        unsigned = isinstance(et, T.IntegerType) and et.signedness == "u"
        conv: list[Any] = []
        for v, (pos, neg, kind) in zip(values, self._dense_toks):
            if kind == "complex":
                raise self.error("expected integer elements, but parsed complex", pos)
            if neg and unsigned:
                raise self.error("expected unsigned integer elements, but parsed negative value", pos)
            if kind == "float":
                raise self.error("expected integer elements, but parsed floating-point", pos)
            if kind == "bool" and not width_one:
                raise self.error("expected i1 type for 'true' or 'false' values", pos)
            val = v if kind == "bool" else A.build_int(abs(v), neg, et)
            if val is None:
                raise self.error("integer constant out of range for type", pos)
            conv.append(bool(val) if width_one else val)
        return conv

    def _parse_dense_literal(self, out: list[Any], depth: int, shape: list[int]) -> list[int]:
        if self.parse_optional_punct("["):
            n = 0
            sub: list[int] | None = None
            if not self.parse_optional_punct("]"):
                while True:
                    s = self._parse_dense_literal(out, depth + 1, shape)
                    sub = s if sub is None else sub
                    n += 1
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct("]")
            return [n] + (sub or [])
        if self.parse_optional_punct("("):
            re_ = self._dense_scalar()
            self.parse_punct(",")
            im = self._dense_scalar()
            self.parse_punct(")")
            self._dense_toks.append((self.last_end, False, "complex"))
            out.append((re_, im))
            return []
        p = self.skip()
        neg = self.text.startswith("-", p)
        v = self._dense_scalar()
        tok = p + 1 if neg else p
        kind = "float" if isinstance(v, float) else "bool" if self.text.startswith(("true", "false"), p) else "int"
        if kind == "int" and L.integer_re.match(self.text, p) and not L.hex_re.match(self.text, tok):
            self._dense_ints.append((len(out), tok))
        self._dense_toks.append((tok, neg, kind))
        out.append(v)
        return []

    def _dense_scalar(self) -> Any:
        p = self.skip()
        if self.parse_optional_keyword("true"):
            return 1
        if self.parse_optional_keyword("false"):
            return 0
        fm = L.float_re.match(self.text, p)
        if fm:
            self.pos = self.last_end = fm.end()
            return float(fm.group())
        hm = L.hex_re.match(self.text, p)
        if hm:
            self.pos = self.last_end = hm.end()
            return int(hm.group(), 16)
        return self.parse_integer("expected element literal of primitive type")
