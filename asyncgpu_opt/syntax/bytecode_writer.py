"""MLIR bytecode out (``--emit-bytecode``), after upstream's docs/BytecodeFormat.md.

    bytecode ::= "ML\\xEFR" varint(version) producer-string section*
    section  ::= byte(id) varint(length) data

Written: the dialect (1), attribute/type offset (3) and data (2), IR (4), resource offset (6) and
data (5), string (0) and, from version 5, properties (8) sections, in that order, as mlir-opt
22 orders them.  Locations and ``StringAttr`` use the builtin dialect's bytecode encodings; every
other attribute and type is written in its textual form (the "assembly format fallback", which
upstream's reader parses). Inherent attributes go in the op's attribute dictionary, never in the
properties section: upstream's reader moves them into the op's properties. Use-list orders are
not written (the reader's natural order is kept).
"""

from __future__ import annotations

from typing import Any

from ..ir.core import Block, Operation, Region, Value

MAGIC = b"ML\xefR"
VERSION = 6  # mlir-opt 22's current version (kNativePropertiesODSSegmentSize)
PRODUCER = "MLIR22.1.8 (asyncgpu-opt)"

# section ids
S_STRING, S_DIALECT, S_ATTR_TYPE, S_ATTR_TYPE_OFFSET, S_IR, S_RESOURCE, S_RESOURCE_OFFSET = range(7)
S_DIALECT_VERSIONS, S_PROPERTIES = 7, 8
# op encoding mask
HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_REGIONS, HAS_USE_LISTS, HAS_PROPERTIES = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40)
# builtin attribute codes (BuiltinDialectBytecode)
A_STRING, A_CALLSITE_LOC, A_FILE_LOC, A_FUSED_LOC, A_FUSED_LOC_META, A_NAME_LOC, A_UNKNOWN_LOC = (
    2, 10, 11, 12, 13, 14, 15)


def varint(value: int) -> bytes:
    """PrefixVarInt: the count of extra bytes in unary in the low bits of the first byte."""
    for n in range(1, 9):
        if value < 1 << (7 * n):
            return ((value << n) | (1 << (n - 1))).to_bytes(n, "little")
    return b"\x00" + value.to_bytes(8, "little")


def svarint(value: int) -> bytes:
    """Signed (zigzag) varint."""
    return varint(((value << 1) ^ (value >> 63)) & (1 << 64) - 1)


def section(sid: int, data: bytes) -> bytes:
    return bytes([sid]) + varint(len(data)) + data


class _Numbering:
    """Strings, dialects, op names, attributes and types, each numbered on first use."""

    def __init__(self) -> None:
        from .printer import Printer

        self.strings: dict[str, int] = {}
        self.dialects: dict[str, int] = {}
        self.op_names: dict[str, tuple[int, bool]] = {}  # name -> (order, registered)
        self.attrs: dict[Any, tuple[str, bytes, bool]] = {}  # key -> (dialect, encoding, custom)
        self.types: dict[Any, tuple[str, bytes, bool]] = {}
        self.attr_index: dict[Any, int] = {}
        self.type_index: dict[Any, int] = {}
        self.printer = Printer()
        self.printer.local_scope = True

    def string(self, s: str) -> int:
        i = self.strings.get(s)
        if i is None:
            i = self.strings[s] = len(self.strings)
        return i

    def dialect(self, name: str) -> int:
        if name not in self.dialects:
            self.dialects[name] = len(self.dialects)
            self.string(name)
        return self.dialects[name]

    # attributes and types are numbered after the whole IR is seen (grouped by dialect)
    def attr_key(self, a: Any) -> Any:
        text = self.printer.attr_text(a)
        key = ("a", text)
        if key not in self.attrs:
            self.attrs[key] = (_dialect_of(text, "#"), text.encode("utf-8", "surrogateescape") + b"\x00", False)
        return key

    def loc_key(self, node: tuple) -> Any:
        """A location (syntax.locations node) in the builtin encoding."""
        key = ("loc", node)
        if key in self.attrs:
            return key
        kind = node[0]
        if kind == "file" and node[4] is None:
            enc = _Enc(varint(A_FILE_LOC)) + self._ref(self.str_key(node[1])) + varint(node[2]) + varint(node[3])
        elif kind == "name":
            enc = _Enc(varint(A_NAME_LOC)) + self._ref(self.str_key(node[1])) + self._ref(self.loc_key(node[2]))
        elif kind == "callsite":
            enc = _Enc(varint(A_CALLSITE_LOC)) + self._ref(self.loc_key(node[1])) + self._ref(self.loc_key(node[2]))
        elif kind == "fused":
            enc = _Enc(varint(A_FUSED_LOC if node[1] is None else A_FUSED_LOC_META), varint(len(node[2])))
            for c in node[2]:
                enc += self._ref(self.loc_key(c))
            if node[1] is not None:
                enc += self._ref(self.attr_key(node[1]))
        elif kind == "unknown":
            enc = _Enc(varint(A_UNKNOWN_LOC))
        else:  # a range or an unresolved form: its text
            from .locations import render

            text = f"loc({render(node)})"
            self.attrs[key] = ("builtin", text.encode("utf-8", "surrogateescape") + b"\x00", False)
            return key
        self.attrs[key] = ("builtin", enc, True)
        return key

    def str_key(self, s: str) -> Any:
        key = ("str", s)
        if key not in self.attrs:
            self.attrs[key] = ("builtin", varint(A_STRING) + varint(self.string(s)), True)
        return key

    @staticmethod
    def _ref(key: Any) -> Any:
        """A reference to another attribute, numbered in ``finish``."""
        return _Ref(key)

    def type_key(self, t: Any) -> Any:
        text = self.printer.type_text(t)
        if text not in self.types:
            self.types[text] = (_dialect_of(text, "!"), text.encode("utf-8", "surrogateescape") + b"\x00", False)
        return text

    def finish(self) -> None:
        """Number attributes and types, grouped by dialect (the offset section's groups)."""
        for table, index in ((self.attrs, self.attr_index), (self.types, self.type_index)):
            for d, _e, _c in table.values():
                self.dialect(d)
            for key in sorted(table, key=lambda k: self.dialects[table[k][0]]):
                index[key] = len(index)
        for key, (d, enc, custom) in list(self.attrs.items()):
            if isinstance(enc, _Enc):
                self.attrs[key] = (d, b"".join(varint(self.attr_index[p.key]) if isinstance(p, _Ref) else p
                                               for p in enc.parts), custom)


class _Ref:
    """An attribute reference inside a custom encoding."""

    __slots__ = ("key",)

    def __init__(self, key: Any) -> None:
        self.key = key


class _Enc:
    """A custom encoding: bytes and ``_Ref`` pieces (``+`` builds it)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Any) -> None:
        self.parts = list(parts)

    def __add__(self, other: Any) -> _Enc:
        return _Enc(*self.parts, *(other.parts if isinstance(other, _Enc) else [other]))


def _dialect_of(text: str, sigil: str) -> str:
    """The dialect an attribute's or type's text belongs to (``#llvm.x`` -> llvm; builtin)."""
    if text.startswith(sigil):
        i = 1
        while i < len(text) and (text[i].isalnum() or text[i] == "_"):
            i += 1
        if i < len(text) and text[i] == ".":
            return text[1:i]
    return "builtin"


def _isolated(op: Operation) -> bool:
    return op.opdef is not None and "IsolatedFromAbove" in op.opdef.traits


class _Writer:
    def __init__(self, version: int) -> None:
        self.version = version
        self.n = _Numbering()
        self.n.dialect("builtin")
        self.value_ids: dict[int, int] = {}
        self.block_ids: dict[int, int] = {}
        # the IR is written as pieces: bytes, and references to op names, attributes and types
        # resolved once they are numbered (``resolve``)
        self.op_ids: dict[str, int] = {}

    # ----- numbering pass (values per isolated scope; first-use registration of names) ----------
    def number_region(self, region: Region, first: int) -> int:
        """Number ``region`` from ``first``; returns its value count."""
        nxt = first
        for bi, b in enumerate(region.blocks):
            self.block_ids[id(b)] = bi
            for a in b.args:
                self.value_ids[id(a)] = nxt
                nxt += 1
            for o in b.ops:
                for r in o.results:
                    self.value_ids[id(r)] = nxt
                    nxt += 1
        for b in region.blocks:
            for o in b.ops:
                base = 0 if _isolated(o) else nxt
                for inner in o.regions:
                    self.number_region(inner, base)
        return nxt - first

    # ----- emission ------------------------------------------------------------------------------
    def op_name(self, op: Operation) -> int:
        ent = self.n.op_names.get(op.name)
        if ent is None:
            dialect = op.name.split(".", 1)[0] if "." in op.name else ""
            self.n.dialect(dialect)
            ent = self.n.op_names[op.name] = (len(self.n.op_names), op.opdef is not None)
        return ent[0]

    def write_op(self, op: Operation, out: list) -> None:
        from .locations import node_of

        self.op_name(op)
        out.append(("o", op.name))
        mask_at = len(out)
        out.append(b"\x00")
        mask = 0
        out.append(("a", self.n.loc_key(node_of(op.loc))))
        attrs = dict(op.attributes)
        if op.opdef is None and op.properties:  # an unregistered op's properties: kept as attributes
            attrs.update(op.properties)
        if attrs:
            mask |= HAS_ATTRS
            out.append(("a", self.n.attr_key(_dict_attr(attrs))))
        if op.results:
            mask |= HAS_RESULTS
            out.append(varint(len(op.results)))
            out.extend(("t", self.n.type_key(r.type)) for r in op.results)
        if op.operands:
            mask |= HAS_OPERANDS
            out.append(varint(len(op.operands)))
            out.extend(varint(self._value_id(v)) for v in op.operands)
        if op.successors:
            mask |= HAS_SUCCESSORS
            out.append(varint(len(op.successors)))
            out.extend(varint(self.block_ids[id(b)]) for b in op.successors)
        if op.regions:
            mask |= HAS_REGIONS
        out[mask_at] = bytes([mask])
        if op.regions:
            iso = _isolated(op)
            out.append(varint(len(op.regions) << 1 | iso))
            if iso and self.version >= 2:
                inner: list = []
                for r in op.regions:
                    self.write_region(r, inner)
                out.append(("section", S_IR, inner))
            else:
                for r in op.regions:
                    self.write_region(r, out)

    def _value_id(self, v: Value) -> int:
        i = self.value_ids.get(id(v))
        if i is None:
            raise ValueError("an operand is not defined in the IR being written")
        return i

    def write_region(self, region: Region, out: list) -> None:
        if not region.blocks:
            out.append(varint(0))
            return
        count = sum(len(b.args) + sum(len(o.results) for o in b.ops) for b in region.blocks)
        out.append(varint(len(region.blocks)))
        out.append(varint(count))
        for b in region.blocks:
            self.write_block(b, out)

    def write_block(self, b: Block, out: list) -> None:
        from .locations import UNKNOWN, node_of

        out.append(varint(len(b.ops) << 1 | bool(b.args)))
        if b.args:
            out.append(varint(len(b.args)))
            for a in b.args:
                node = node_of(a.loc)
                if self.version >= 4:
                    has_loc = node != UNKNOWN
                    out.append(("t1", self.n.type_key(a.type), has_loc))
                    if has_loc:
                        out.append(("a", self.n.loc_key(node)))
                else:
                    out.append(("t", self.n.type_key(a.type)))
                    out.append(("a", self.n.loc_key(node)))
            if self.version >= 3:
                out.append(b"\x00")  # use-list orders: none
        for o in b.ops:
            self.write_op(o, out)

    def resolve(self, pieces: list) -> bytes:
        buf = bytearray()
        for p in pieces:
            if isinstance(p, bytes):
                buf += p
            elif p[0] == "a":
                buf += varint(self.n.attr_index[p[1]])
            elif p[0] == "o":
                buf += varint(self.op_ids[p[1]])
            elif p[0] == "t":
                buf += varint(self.n.type_index[p[1]])
            elif p[0] == "t1":
                buf += varint(self.n.type_index[p[1]] << 1 | p[2])
            else:
                buf += section(p[1], self.resolve(p[2]))
        return bytes(buf)


def _dict_attr(attrs: dict[str, Any]) -> Any:
    from ..ir import attributes as A

    return A.DictionaryAttr(attrs)


def write_bytecode(top: Operation, version: int | None = None, elide_resources: bool = False) -> bytes:
    """``top`` (the module) as MLIR bytecode of ``version`` (default: the current one).
    ``elide_resources``: no resource data is kept here, so nothing changes."""
    del elide_resources
    version = VERSION if version is None else version
    if not 0 <= version <= VERSION:
        raise ValueError(f"unsupported version requested {version}, must be in range [0, {VERSION}]")
    w = _Writer(version)
    # value numbering: the top op is in a block of its own (id 0), its regions as their kind says
    w.value_ids.update((id(res), i) for i, res in enumerate(top.results))
    base = 0 if _isolated(top) else len(top.results)
    for region in top.regions:
        w.number_region(region, base)
    ir: list = [varint(1 << 1)]
    w.write_op(top, ir)
    w.n.finish()
    n = w.n
    # dialect section
    dialects = sorted(n.dialects, key=n.dialects.__getitem__)
    d = bytearray(varint(len(dialects)))
    for name in dialects:
        d += varint(n.string(name) << 1) if version >= 1 else varint(n.string(name))  # versioned flag from 1
    by_dialect: dict[int, list[tuple[str, bool]]] = {}
    for name, (_i, reg) in sorted(n.op_names.items(), key=lambda kv: kv[1][0]):
        dname = name.split(".", 1)[0] if "." in name else ""
        by_dialect.setdefault(n.dialects[dname], []).append((name.split(".", 1)[1] if "." in name else name, reg))
    if version >= 4:  # the op name count, from version 4
        d += varint(len(n.op_names))
    w.op_ids = {}  # op names are numbered in the order of the dialect groups
    for di, names in by_dialect.items():
        d += varint(di) + varint(len(names))
        for short, reg in names:
            w.op_ids[dialects[di] + "." + short] = len(w.op_ids)
            d += varint(n.string(short) << 1 | reg) if version >= 5 else varint(n.string(short))
    # attribute/type sections
    data = bytearray()
    offsets = bytearray(varint(len(n.attr_index)) + varint(len(n.type_index)))
    for table, index in ((n.attrs, n.attr_index), (n.types, n.type_index)):
        keys = sorted(index, key=index.__getitem__)
        i = 0
        while i < len(keys):
            dialect = table[keys[i]][0]
            j = i
            while j < len(keys) and table[keys[j]][0] == dialect:
                j += 1
            offsets += varint(n.dialects[dialect]) + varint(j - i)
            for k in keys[i:j]:
                _d, enc, custom = table[k]
                data += enc
                offsets += varint(len(enc) << 1 | custom)
            i = j
    ir_bytes = w.resolve(ir)
    out = bytearray(MAGIC + varint(version) + PRODUCER.encode() + b"\x00")
    out += section(S_DIALECT, bytes(d))
    out += section(S_ATTR_TYPE_OFFSET, bytes(offsets))
    out += section(S_ATTR_TYPE, bytes(data))
    out += section(S_IR, ir_bytes)
    if version >= 1:  # no external resources, no dialect resources
        out += section(S_RESOURCE_OFFSET, varint(0))
        out += section(S_RESOURCE, b"")
    strings = sorted(n.strings, key=n.strings.__getitem__)
    raw = [s.encode("utf-8", "surrogateescape") + b"\x00" for s in strings]
    out += section(S_STRING, varint(len(raw)) + b"".join(varint(len(e)) for e in reversed(raw)) + b"".join(raw))
    if version >= 5:
        out += section(S_PROPERTIES, varint(0))
    return bytes(out)
