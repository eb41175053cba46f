"""Builtin attributes, printed exactly as mlir-opt prints them.

Attributes are immutable structural values: their fields (the ``__slots__`` a class declares, or
``_key()`` where a field needs normalising) are their identity.  Two attributes are equal when they
are of the same class with equal fields, and hash from the fields (cached).  The canonical text
(``str``) is rendered from the fields lazily and cached.  Attributes that can carry an alias
(affine maps, integer sets) print through ``Printer.attr`` which substitutes ``#map``/``#set``;
``str()`` always gives the full spelling.  ``OpaqueAttr`` (a dialect attribute we do not model) and
``LocationAttr`` keep their text as their one field.
"""

from __future__ import annotations

import math
import operator
import struct
from collections.abc import Iterable, Sequence
from typing import Any

from ..diagnostics import quote_string
from . import types as T
from .types import Type


def _fields(cls: type) -> tuple[str, ...]:
    """The identity fields of an attribute class: every public ``__slots__`` entry below ``Attribute``."""
    names: list[str] = []
    for c in reversed(cls.__mro__[:-2]):  # below Attribute and object
        slots = c.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(n for n in names if not n.startswith("_"))


def _no_fields(a: Any) -> tuple[Any, ...]:
    return ()


def _float_key(v: Any) -> Any:
    """Floats compare by their bits (``-0.0`` and ``0.0`` print differently; NaN equals itself)."""
    if isinstance(v, float):
        return struct.pack("<d", v)
    if isinstance(v, tuple):
        return tuple(_float_key(x) for x in v)
    return v


class Attribute:
    """Base: equality and hashing by class and fields; ``str`` renders (once) from the fields."""

    __slots__ = ("_text", "_h")

    def __init__(self) -> None:
        self._text: str | None = None
        self._h: int | None = None

    def render(self, p: Any = None) -> str:  # p: printer with .attr/.type for aliasing
        raise NotImplementedError

    # the fields as one comparable value, set per class by __init_subclass__ (C-level attrgetter)
    _getkey: Any = _no_fields

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = next((c.__dict__["_key"] for c in cls.__mro__ if c is not Attribute and "_key" in c.__dict__), None)
        if own is not None:  # a class normalising its fields (floats by their bits)
            cls._getkey = own
        else:
            f = _fields(cls)
            cls._getkey = operator.attrgetter(*f) if f else _no_fields

    def _key(self) -> Any:
        """The fields that identify this attribute (with its class)."""
        return type(self)._getkey(self)

    def __str__(self) -> str:
        if self._text is None:
            self._text = self.render(None)
        return self._text

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        cls = type(self)
        return type(other) is cls and cls._getkey(other) == cls._getkey(self)

    def __hash__(self) -> int:
        h = self._h
        if h is None:
            h = self._h = hash((type(self), type(self)._getkey(self)))
        return h

    def short_text(self) -> str:
        """The spelling where an ``i64`` integer drops its type (memory spaces)."""
        return str(self)


def _r(p: Any, a: Any) -> str:
    """Render a nested attribute or type through the printer when there is one."""
    if isinstance(a, Type):
        return p.type_text(a) if p is not None else a.text
    return p.attr_text(a) if p is not None else str(a)


def _elided(p: Any, a: Any) -> str:
    """AttrTypeElision::May: i64 integers and f64 floats drop their type (array elements)."""
    if isinstance(a, IntegerAttr) and a.type == T.i64:
        return str(a.value)
    if isinstance(a, FloatAttr) and a.type == T.f64:
        return a.value_text()
    return _r(p, a)


class UnitAttr(Attribute):
    __slots__ = ()

    def render(self, p: Any = None) -> str:
        return "unit"


UNIT = UnitAttr()


class IntegerAttr(Attribute):
    __slots__ = ("value", "type")

    def __init__(self, value: int, type: Type = T.i64) -> None:
        Attribute.__init__(self)
        self.value = int(value)
        self.type = type

    def render(self, p: Any = None) -> str:
        if isinstance(self.type, T.IntegerType) and self.type.width == 1 and self.type.signedness == "":
            return "true" if self.value else "false"
        return f"{canonical_int(self.value, self.type)} : {self.type.text}"

    def value_text(self) -> str:
        """Value without the type (elided contexts)."""
        if isinstance(self.type, T.IntegerType) and self.type.width == 1 and self.type.signedness == "":
            return "true" if self.value else "false"
        return str(canonical_int(self.value, self.type))

    def short_text(self) -> str:
        return str(self.value) if self.type == T.i64 else str(self)

    def is_default_memory_space(self) -> bool:
        """``0 : i64``, the memory space a memref type drops."""
        return self.value == 0 and self.type == T.i64


def build_int(magnitude: int, negative: bool, type: Type) -> int | None:
    """The value of the literal ``[-]magnitude`` as an element of ``type`` (an integer type or
    ``index``), or None when it does not fit: upstream's ``buildAttributeAPInt`` (the literal's bits
    must fit the width; a negative literal must set the sign bit, so ``-0`` does not fit; a signed or
    ``index`` literal must not), then read back as the printer does (`canonical_int`)."""
    width = 64 if isinstance(type, T.IndexType) else type.width  # type: ignore[attr-defined]
    if magnitude >> width:
        return None
    signedness = getattr(type, "signedness", "s")
    if width == 0:
        return None if negative else 0
    sign = 1 << (width - 1)
    if negative:
        bits = -magnitude & ((1 << width) - 1)
        if not bits & sign:
            return None
    else:
        bits = magnitude
        if signedness == "s" and bits & sign:
            return None
    if isinstance(type, T.IndexType):
        return bits - (1 << 64) if bits & sign else bits
    return canonical_int(bits, type)


def canonical_int(value: int, type: Type) -> int:
    """``value`` wrapped to ``type``'s width and read as the printer reads it: unsigned for an
    unsigned type and for ``i1`` (0 or 1), signed otherwise (signless, signed, ``index``)."""
    if not isinstance(type, T.IntegerType):
        return value
    width = type.width
    if width == 0:
        return 0
    bits = value & ((1 << width) - 1)
    if type.signedness == "u" or (width == 1 and type.signedness == ""):
        return bits
    return bits - (1 << width) if bits >> (width - 1) else bits


def bool_attr(b: bool) -> IntegerAttr:
    return IntegerAttr(1 if b else 0, T.i1)


def _round_to(value: float, ftype: Type) -> float:
    name = ftype.text
    if name == "f32":
        return struct.unpack("<f", struct.pack("<f", value))[0]
    if name == "f16":
        try:
            return struct.unpack("<e", struct.pack("<e", value))[0]
        except OverflowError:
            return math.copysign(math.inf, value)
    if name == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
        rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("<f", struct.pack("<I", rounded))[0]
    return value


def float_bits(value: float, ftype: Type) -> int:
    name = ftype.text
    if name == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if name == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    if name == "bf16":
        return struct.unpack("<I", struct.pack("<f", value))[0] >> 16
    return struct.unpack("<Q", struct.pack("<d", value))[0]


def float_from_bits(bits: int, ftype: Type) -> float:
    name = ftype.text
    if name == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if name == "f16":
        return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
    if name == "bf16":
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
    return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]


def _hex_digits(ftype: Type) -> int:
    return {"f16": 4, "bf16": 4, "f32": 8, "f64": 16}.get(ftype.text, 16)


_PRECISION_BITS = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}


def format_float(value: float, ftype: Type) -> str:
    """MLIR's printFloatValue: APFloat::toString(6, 0, false) when it round-trips, else the
    default toString (2 + precision*59/196 significant digits), else hexadecimal."""
    if math.isinf(value) or math.isnan(value):
        bits = float_bits(value, ftype)
        return "0x" + format(bits, "X").rjust(_hex_digits(ftype), "0")
    s = apfloat_to_string(value, 6, 0, truncate_zero=False)
    back = _round_to(float(s), ftype)
    if back == value and math.copysign(1, back) == math.copysign(1, value):
        return s
    r = apfloat_to_string(value, 2 + _PRECISION_BITS.get(ftype.text, 53) * 59 // 196)
    if "." in r:
        return r
    bits = float_bits(value, ftype)
    return "0x" + format(bits, "X").rjust(_hex_digits(ftype), "0")


def apfloat_to_string(value: float, precision: int, max_padding: int = 3, truncate_zero: bool = True) -> str:
    """A transcription of llvm::APFloat::toString for finite values."""
    neg = math.copysign(1, value) < 0
    out = "-" if neg else ""
    if value == 0:
        if not truncate_zero:
            return out + "0." + "0" * precision + "e+00"
        return out + "0.0E+0"
    n, d = abs(value).as_integer_ratio()
    if d == 1:
        tz = (n & -n).bit_length() - 1
        dec, exp = n >> tz << tz, 0
    else:
        k = d.bit_length() - 1
        dec, exp = n * 5**k, -k
    # APInt-level precision trim (a truncating division by a power of ten)
    bits = dec.bit_length()
    required = (precision * 196 + 58) // 59
    if bits > required:
        tens = (bits - required) * 59 // 196
        if tens:
            exp += tens
            dec //= 10**tens
    digits = str(dec)
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped
    # buffer-level rounding to `precision` digits (round half up)
    if len(digits) > precision:
        keep, drop = digits[:precision], digits[precision:]
        exp += len(drop)
        if drop[0] >= "5":
            r = str(int(keep) + 1)
            if len(r) > len(keep):
                exp += 1
                r = r[:-1]
            keep = r
        stripped = keep.rstrip("0")
        exp += len(keep) - len(stripped)
        digits = stripped
    nd = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or nd + exp > precision
    else:
        msd = exp + nd - 1
        scientific = False if msd >= 0 else (-msd) > max_padding
    if scientific:
        e = exp + nd - 1
        mant = digits[0] + "." + (digits[1:] if (nd > 1 or not truncate_zero) else "0")
        if not truncate_zero and precision > nd - 1:
            mant += "0" * (precision - nd + 1)
        es = str(abs(e))
        if not truncate_zero and len(es) < 2:
            es = "0" + es
        return out + mant + ("E" if truncate_zero else "e") + ("+" if e >= 0 else "-") + es
    if exp >= 0:
        return out + digits + "0" * exp
    whole = exp + nd
    if whole > 0:
        return out + digits[:whole] + "." + digits[whole:]
    return out + "0." + "0" * (-whole) + digits


class FloatAttr(Attribute):
    __slots__ = ("value", "type")

    def __init__(self, value: float, type: Type = T.f64) -> None:
        Attribute.__init__(self)
        self.value = _round_to(float(value), type)
        self.type = type

    def render(self, p: Any = None) -> str:
        return f"{format_float(self.value, self.type)} : {self.type.text}"

    def _key(self) -> tuple[Any, ...]:
        return (_float_key(self.value), self.type)

    def value_text(self) -> str:
        return format_float(self.value, self.type)


class StringAttr(Attribute):
    __slots__ = ("value", "type")

    def __init__(self, value: str, type: Type | None = None) -> None:
        Attribute.__init__(self)
        self.value = value
        self.type = type

    def render(self, p: Any = None) -> str:
        s = quote_string(self.value)
        if self.type is not None and self.type != T.none:
            s += f" : {_r(p, self.type)}"
        return s


class ArrayAttr(Attribute):
    __slots__ = ("elements",)

    def __init__(self, elements: Iterable[Attribute]) -> None:
        Attribute.__init__(self)
        self.elements = tuple(elements)

    def render(self, p: Any = None) -> str:
        return "[" + ", ".join(_elided(p, e) for e in self.elements) + "]"

    def __iter__(self):
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)


class DenseArrayAttr(Attribute):
    __slots__ = ("element_type", "values")

    def __init__(self, element_type: Type, values: Sequence[int | float]) -> None:
        Attribute.__init__(self)
        self.element_type = element_type
        self.values = tuple(values)

    def render(self, p: Any = None) -> str:
        if not self.values:
            return f"array<{self.element_type.text}>"
        if isinstance(self.element_type, T.FloatType):
            vals = ", ".join(format_float(v, self.element_type) for v in self.values)
        elif self.element_type == T.i1:
            vals = ", ".join("true" if v else "false" for v in self.values)
        else:
            vals = ", ".join(str(canonical_int(int(v), self.element_type)) for v in self.values)
        return f"array<{self.element_type.text}: {vals}>"

    def _key(self) -> tuple[Any, ...]:
        return (self.element_type, _float_key(self.values))


_BARE_ID = None


def is_bare_identifier(s: str) -> bool:
    global _BARE_ID
    if _BARE_ID is None:
        import re

        _BARE_ID = re.compile(r"[A-Za-z_][\w$.]*\Z", re.ASCII)
    return bool(_BARE_ID.match(s))


def dict_entries_text(items: Iterable[tuple[str, Attribute]], p: Any = None) -> str:
    parts = []
    for k, v in items:
        key = k if is_bare_identifier(k) else quote_string(k)
        if isinstance(v, UnitAttr):
            parts.append(key)
        else:
            parts.append(f"{key} = {_r(p, v)}")
    return ", ".join(parts)


class DictionaryAttr(Attribute):
    __slots__ = ("entries",)

    def __init__(self, entries: dict[str, Attribute] | Iterable[tuple[str, Attribute]]) -> None:
        Attribute.__init__(self)
        items = entries.items() if isinstance(entries, dict) else entries
        self.entries = dict(sorted(items, key=lambda kv: kv[0]))

    def render(self, p: Any = None) -> str:
        return "{" + dict_entries_text(self.entries.items(), p) + "}"

    def get(self, k: str, default: Any = None) -> Any:
        return self.entries.get(k, default)

    def _key(self) -> tuple[Any, ...]:
        return tuple(self.entries.items())


class TypeAttr(Attribute):
    __slots__ = ("type",)

    def __init__(self, type: Type) -> None:
        Attribute.__init__(self)
        self.type = type

    def render(self, p: Any = None) -> str:
        return _r(p, self.type)


def symbol_text(name: str) -> str:
    return "@" + (name if is_bare_identifier(name) else quote_string(name))


class SymbolRefAttr(Attribute):
    __slots__ = ("root", "nested")

    def __init__(self, root: str, nested: Sequence[str] = ()) -> None:
        Attribute.__init__(self)
        self.root = root
        self.nested = tuple(nested)

    def render(self, p: Any = None) -> str:
        return "::".join(symbol_text(n) for n in (self.root, *self.nested))

    @property
    def leaf(self) -> str:
        return self.nested[-1] if self.nested else self.root

    def path(self) -> tuple[str, ...]:
        return (self.root, *self.nested)


class OpaqueAttr(Attribute):
    """A dialect attribute kept as its source text (``#xevm.target<...>``, ``#spirv.target_env<...>``)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        Attribute.__init__(self)
        self.text = text

    def render(self, p: Any = None) -> str:
        return self.text


DIALECT_ENUMS: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {}
"""The dialect enum attributes known so far, ``(dialect, mnemonic) -> (keywords, C++ enum name)``:
each dialect module registers its own (``register_enum``) so the reader builds (and checks) an
``EnumAttr`` for them."""


def register_enum(dialect: str, mnemonic: str, keywords: Iterable[str], cpp: str = "") -> None:
    DIALECT_ENUMS[(dialect, mnemonic)] = (tuple(keywords), cpp)


DIALECT_ATTR_MNEMONICS: dict[str, frozenset[str]] = {}
"""``dialect -> mnemonics`` for the dialects whose attributes are all known: the reader rejects any
other ``#dialect<mnemonic ...>`` / ``#dialect.mnemonic<...>`` with upstream's "unknown attribute"."""
ENUM_ATTR_CLASSES: dict[tuple[str, str], str] = {}
"""``(dialect, mnemonic) -> ODS class`` of the enum attributes in the default ``$value`` format
(``#gpu<dim x>``), for the error on the ``#gpu.dim<x>`` spelling."""


OPTIONAL_PARAMS_ATTRS = frozenset({"select_object"})
"""The attributes that may be written without ``<...>`` parameters (``#gpu.select_object``)."""


def register_attr_mnemonics(dialect: str, mnemonics: Iterable[str], enum_classes: dict[str, str]) -> None:
    DIALECT_ATTR_MNEMONICS[dialect] = frozenset(mnemonics) | frozenset(enum_classes)
    for mnemonic, cls in enum_classes.items():
        ENUM_ATTR_CLASSES[(dialect, mnemonic)] = cls


class EnumAttr(Attribute):
    """A dialect ``EnumAttr``: ``#dialect<mnemonic value>`` (``#gpu<dim x>``); ``value`` is the keyword."""

    __slots__ = ("dialect", "mnemonic", "value")

    def __init__(self, dialect: str, mnemonic: str, value: str) -> None:
        Attribute.__init__(self)
        self.dialect = dialect
        self.mnemonic = mnemonic
        self.value = value

    def render(self, p: Any = None) -> str:
        return f"#{self.dialect}<{self.mnemonic} {self.value}>"


class StridedLayoutAttr(Attribute):
    __slots__ = ("strides", "offset")

    def __init__(self, strides: Sequence[int], offset: int = 0) -> None:
        Attribute.__init__(self)
        self.strides = tuple(strides)
        self.offset = offset

    def render(self, p: Any = None) -> str:
        def d(x: int) -> str:
            return "?" if x == T.DYNAMIC else str(x)

        s = "strided<[" + ", ".join(d(x) for x in self.strides) + "]"
        if self.offset != 0:
            s += f", offset: {d(self.offset)}"
        return s + ">"

    def is_identity_layout(self) -> bool:
        return False


class AffineMapAttr(Attribute):
    __slots__ = ("map",)

    def __init__(self, map: Any) -> None:
        Attribute.__init__(self)
        self.map = map

    def render(self, p: Any = None) -> str:
        return f"affine_map<{self.map}>"

    def is_identity_layout(self) -> bool:
        return self.map.is_identity()


class IntegerSetAttr(Attribute):
    __slots__ = ("set",)

    def __init__(self, set: Any) -> None:
        Attribute.__init__(self)
        self.set = set

    def render(self, p: Any = None) -> str:
        return f"affine_set<{self.set}>"


class DenseElementsAttr(Attribute):
    """``dense<...> : tensor<..>``; values kept flat (python numbers) plus the shaped type."""

    __slots__ = ("type", "values", "splat", "_n")  # ``_n`` (the element count) follows from ``type``
    type: Any  # a shaped type (tensor or vector)

    def __init__(self, type: Type, values: Sequence[Any]) -> None:
        Attribute.__init__(self)
        self.type = type
        vals = list(values)
        n = type.num_elements() if isinstance(type, T.ShapedType) else len(vals)
        self.splat = len(vals) == 1 or (len(vals) > 0 and all(v == vals[0] for v in vals))
        if self.splat and vals and n != len(vals) and len(vals) != 1:
            raise ValueError("bad element count")
        self.values = vals if not self.splat else vals[:1]
        self._n = n

    def _elem(self, v: Any) -> str:
        et = self.type.element_type
        if isinstance(et, T.FloatType):
            return format_float(v, et)
        if isinstance(et, T.IntegerType) and et.width == 1:
            return "true" if v else "false"
        if isinstance(et, T.ComplexType):
            a, b = v
            return f"({self._scalar(a, et.element_type)},{self._scalar(b, et.element_type)})"
        return str(canonical_int(v, et))

    @staticmethod
    def _scalar(v: Any, et: Type) -> str:
        return format_float(v, et) if isinstance(et, T.FloatType) else str(canonical_int(v, et))

    def render(self, p: Any = None) -> str:
        t = _r(p, self.type)
        if not self.values:
            return f"dense<> : {t}"
        if self.splat:
            return f"dense<{self._elem(self.values[0])}> : {t}"
        shape = list(self.type.shape)

        def nest(off: int, dims: list[int]) -> tuple[str, int]:
            if not dims:
                return self._elem(self.values[off]), off + 1
            parts = []
            for _ in range(dims[0]):
                s, off = nest(off, dims[1:])
                parts.append(s)
            return "[" + ", ".join(parts) + "]", off

        body, _ = nest(0, shape)
        return f"dense<{body}> : {t}"

    def _key(self) -> tuple[Any, ...]:
        return (self.type, self.splat, _float_key(tuple(self.values)))

    def flat_values(self) -> list[Any]:
        if self.splat:
            return self.values * self._n
        return list(self.values)


class LocationAttr(Attribute):
    """A location kept as text inside ``loc(...)``."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        Attribute.__init__(self)
        self.text = text

    def render(self, p: Any = None) -> str:
        return f"loc({self.text})"


# ----- dialect keyword attributes (``#llvm.cconv<fastcc>``, ``#arith.fastmath<nnan,ninf>``) -------------
class KeywordSpec:
    """How a dialect's ``#dialect.mnemonic<keyword>`` attribute reads and prints.

    ``keywords`` in declaration order; ``bits`` (bit enums only) the value of each keyword, groups
    (``fast``) included, ``none`` = 0; ``sep`` joins a bit enum's flags; ``cpp`` names the C++ enum in
    the ODS parser's message, ``what`` (LLVM's hand-written keyword parsers) the enum's summary."""

    __slots__ = ("keywords", "bits", "sep", "cpp", "what")

    def __init__(self, keywords: Sequence[str], cpp: str = "", bits: Sequence[int] = (), sep: str = ", ",
                 what: str = "") -> None:
        self.keywords = tuple(keywords)
        self.bits = dict(zip(self.keywords, bits))
        self.sep = sep
        self.cpp = cpp
        self.what = what

    def canonical(self, words: Sequence[str]) -> tuple[str, ...]:
        """A bit enum's flags as upstream prints them: groups first when complete, then the single
        flags in declaration order, ``none`` when empty; an enum's keyword as is."""
        if not self.bits:
            return tuple(words)
        value = 0
        for w in words:
            value |= self.bits[w]
        out = []
        for k, b in self.bits.items():  # groups (several bits) first, then single bits
            if b and b & (b - 1) and value & b == b:
                out.append(k)
                value &= ~b
        out.extend(k for k, b in self.bits.items() if b and not b & (b - 1) and value & b)
        return tuple(out) or ("none",)


KEYWORD_ATTRS: dict[str, KeywordSpec] = {}
"""``dialect.mnemonic`` -> its spec: each dialect module registers its keyword attributes, so the
reader builds (and checks) a ``KeywordAttr`` for them wherever they appear."""


def register_keyword_attr(name: str, spec: KeywordSpec) -> None:
    KEYWORD_ATTRS[name] = spec


class KeywordAttr(Attribute):
    """A registered ``#dialect.mnemonic<kw>`` (enum) or ``#dialect.mnemonic<kw, kw>`` (bit enum)
    attribute: ``name`` is ``dialect.mnemonic``, ``words`` the keywords in canonical order."""

    __slots__ = ("name", "words")

    def __init__(self, name: str, words: Sequence[str]) -> None:
        Attribute.__init__(self)
        self.name = name
        self.words = KEYWORD_ATTRS[name].canonical(words)

    @property
    def value(self) -> str:
        """The keyword of an enum attribute (a bit enum's flags joined as printed)."""
        return KEYWORD_ATTRS[self.name].sep.join(self.words)

    def render(self, p: Any = None) -> str:
        return f"#{self.name}<{self.value}>"


def keyword_attr(name: str, *words: str) -> KeywordAttr:
    return KeywordAttr(name, words)


DIALECT_ATTR_PARSERS: dict[str, Any] = {}
"""``dialect.mnemonic`` -> ``fn(parser, after_name_pos) -> Attribute`` for the dialect attributes
with parameters (``#llvm.vscale_range<...>``, ``#gpu.select_object<...>``): registered by the
dialect modules, called by the reader with the position just after the attribute's name."""


def register_attr_parser(name: str, fn: Any) -> None:
    DIALECT_ATTR_PARSERS[name] = fn


class SelectObjectAttr(Attribute):
    """``#gpu.select_object`` or ``#gpu.select_object<target>``: the offloading handler picking the
    binary's object for ``target`` (an index or a target attribute), the first one when None."""

    __slots__ = ("target",)

    def __init__(self, target: Attribute | None = None) -> None:
        Attribute.__init__(self)
        self.target = target

    def render(self, p: Any = None) -> str:
        return "#gpu.select_object" + (f"<{_r(p, self.target)}>" if self.target is not None else "")
