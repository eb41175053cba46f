"""MLIR bytecode in (input starting with ``ML\\xEFR``), after upstream's docs/BytecodeFormat.md;
``bytecode_writer`` has the layout.  Read: versions 0-6; the builtin dialect's location and
``StringAttr`` encodings; every attribute and type in its textual form.  Not read (a located
error): other builtin bytecode encodings (mlir-opt writes integers, types, dictionaries in them),
dialect bytecode encodings, and ops with native properties (version 5+ as mlir-opt writes them;
``mlir-opt --emit-bytecode --emit-bytecode-version=4`` writes them as attributes, which is read).
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import MLIRError, Source, quote_string
from ..ir.attributes import is_bare_identifier, symbol_text
from ..ir.core import Block, Operation, Region, Value
from ..ir.registry import lookup_opdef
from .bytecode_elements import BytecodeError, array_elements, dense_literal, int_width
from .bytecode_props import LAYOUTS
from .bytecode_writer import (
    HAS_ATTRS,
    HAS_OPERANDS,
    HAS_PROPERTIES,
    HAS_REGIONS,
    HAS_RESULTS,
    HAS_SUCCESSORS,
    HAS_USE_LISTS,
    MAGIC,
    S_ATTR_TYPE,
    S_ATTR_TYPE_OFFSET,
    S_DIALECT,
    S_IR,
    S_PROPERTIES,
    S_STRING,
    VERSION,
)

_Error = BytecodeError


class _Cursor:
    def __init__(self, data: bytes, pos: int = 0, end: int | None = None) -> None:
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def byte(self) -> int:
        if self.pos >= self.end:
            raise _Error("unexpected end of the bytecode")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self) -> int:
        pos = self.pos
        if pos < self.end:  # the common one-byte case, inline
            first = self.data[pos]
            if first & 1:
                self.pos = pos + 1
                return first >> 1
        first = self.byte()
        if first == 0:
            return int.from_bytes(self.take(8), "little")
        n = (first & -first).bit_length()  # the prefix: n-1 zero bits, then a one
        rest = self.take(n - 1)
        return int.from_bytes(bytes([first]) + rest, "little") >> n

    def take(self, n: int) -> bytes:
        if self.pos + n > self.end:
            raise _Error("unexpected end of the bytecode")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def cstring(self) -> str:
        i = self.data.find(b"\x00", self.pos, self.end)
        if i < 0:
            raise _Error("malformed null-terminated string")
        s = self.data[self.pos:i].decode("utf-8", "surrogateescape")
        self.pos = i + 1
        return s

    def section(self) -> tuple[int, _Cursor]:
        sid = self.byte()
        length = self.varint()
        if sid & 0x80:  # aligned: alignment, then 0xCB padding
            align = self.varint()
            while self.pos % max(align, 1) and self.pos < self.end and self.data[self.pos] == 0xCB:
                self.pos += 1
        start = self.pos
        if start + length > self.end:
            raise _Error("unexpected end of the bytecode")
        self.pos += length
        return sid & 0x7F, _Cursor(self.data, start, start + length)


class _Reader:
    def __init__(self, data: bytes, filename: str, allow_unregistered: bool) -> None:
        self.data = data
        self.filename = filename
        self.allow_unregistered = allow_unregistered
        self.version = 0
        self.producer: str | None = None

    def read(self) -> list[Operation]:
        c = _Cursor(self.data, len(MAGIC))
        self.version = c.varint()
        if self.version > VERSION:
            raise _Error(f"bytecode version {self.version} is newer than the current version {VERSION}")
        self.producer = c.cstring()
        sections: dict[int, _Cursor] = {}
        while c.pos < c.end:
            sid, sc = c.section()
            sections[sid] = sc
        for need in (S_STRING, S_DIALECT, S_ATTR_TYPE, S_ATTR_TYPE_OFFSET, S_IR):
            if need not in sections:
                raise _Error(f"missing data for top-level section: {need}")
        self._strings(sections[S_STRING])
        self._dialects(sections[S_DIALECT])
        self._attr_type_offsets(sections[S_ATTR_TYPE_OFFSET], sections[S_ATTR_TYPE])
        self.properties: list[tuple[int, int]] = []
        if S_PROPERTIES in sections:
            pc = sections[S_PROPERTIES]
            for _ in range(pc.varint()):
                size = pc.varint()
                self.properties.append((pc.pos, pc.pos + size))
                pc.take(size)
        ir = sections[S_IR]
        count = ir.varint() >> 1
        block = Block()
        self.value_scopes: list[list[Any]] = [[]]
        self.placeholders: dict[int, Any] = {}  # id -> a value used before its definition
        self.next_ids = [0]  # per scope: the id of the next value defined
        self.block_stack: list[list[Block]] = [[block]]
        for _ in range(count):
            block.append(self._op(ir))
        return list(block.ops)

    # ----- tables ----------------------------------------------------------------------------------
    def _strings(self, c: _Cursor) -> None:
        n = c.varint()
        lengths = [c.varint() for _ in range(n)][::-1]
        self.strings = []
        for ln in lengths:
            raw = c.take(ln)
            self.strings.append(raw[:-1].decode("utf-8", "surrogateescape"))

    def _string(self, i: int) -> str:
        if i >= len(self.strings):
            raise _Error(f"invalid string index: {i}")
        return self.strings[i]

    def _dialects(self, c: _Cursor) -> None:
        n = c.varint()
        self.dialect_names = []
        for _ in range(n):
            v = c.varint()
            if self.version < 1:  # no versioned flag before version 1
                v <<= 1
            self.dialect_names.append(self._string(v >> 1))
            if v & 1:  # a dialect version: skipped (no dialect here reads one)
                c.take(c.varint())
        self.op_names: list[str] = []
        total = c.varint() if self.version >= 4 else None  # the op name count, from version 4
        while c.pos < c.end and (total is None or len(self.op_names) < total):
            d = c.varint()
            if d >= len(self.dialect_names):
                raise _Error(f"invalid dialect index: {d}")
            for _ in range(c.varint()):
                v = c.varint()
                name = self._string(v >> 1 if self.version >= 5 else v)  # is-registered flag from 5
                self.op_names.append(f"{self.dialect_names[d]}.{name}")

    def _attr_type_offsets(self, c: _Cursor, data: _Cursor) -> None:
        n_attrs = c.varint()
        n_types = c.varint()
        entries: list[tuple[str, int, int, bool]] = []
        pos = data.pos
        while len(entries) < n_attrs + n_types:
            d = c.varint()
            dialect = self.dialect_names[d] if d < len(self.dialect_names) else "?"
            for _ in range(c.varint()):
                v = c.varint()
                size = v >> 1
                entries.append((dialect, pos, pos + size, bool(v & 1)))
                pos += size
        self.attr_entries = entries[:n_attrs]
        self.type_entries = entries[n_attrs:]
        self.attrs: dict[int, Any] = {}
        self.types: dict[int, Any] = {}
        self.attr_texts: dict[int, Any] = {}
        self.type_texts: dict[int, str] = {}
        self.str_values: dict[int, str] = {}  # StringAttr index -> its value
        self.locs: dict[int, Any] = {}  # location index -> the IR's location object
        self.opdefs: dict[str, Any] = {}  # op name -> its definition (None: unregistered)
        self.distinct = 0

    # ----- attributes and types --------------------------------------------------------------------
    def _text_parser(self, text: str) -> Any:
        from .parser import Parser

        return Parser(Source(text, self.filename), self.allow_unregistered)

    def attr(self, i: int) -> Any:
        """Attribute ``i`` (parsed from its text; a location is a ("loc", node) pair)."""
        a = self.attrs.get(i)
        if a is None:
            text = self.attr_text(i)
            if isinstance(text, tuple):
                a = ("loc", text)
            elif text.startswith("loc("):
                from .locations import parse_location

                a = ("loc", parse_location(self._text_parser(text[4:-1])))
            else:
                a = self._text_parser(text).parse_attribute()
            self.attrs[i] = a
        return a

    def attr_text(self, i: int) -> Any:
        """The text of attribute ``i`` (a location node for the builtin location encodings)."""
        t = self.attr_texts.get(i)
        if t is not None:
            return t
        if i >= len(self.attr_entries):
            raise _Error(f"invalid Attribute index: {i}")
        dialect, start, end, custom = self.attr_entries[i]
        c = _Cursor(self.data, start, end)
        if not custom:
            t = c.cstring()
        elif dialect == "builtin":
            t = self._builtin_attr(c)
        else:
            raise _Error(f"the '{dialect}' dialect's bytecode encoding of attributes is not supported")
        self.attr_texts[i] = t
        return t

    def _plain(self, i: int) -> str:
        t = self.attr_text(i)
        if isinstance(t, tuple):
            from .locations import render

            return f"loc({render(t)})"
        return t

    def _str(self, i: int) -> str:
        """The value of StringAttr ``i``."""
        v = self.str_values.get(i)
        if v is None:
            t = self.attr_text(i)
            if not isinstance(t, str) or not t.startswith('"'):
                raise _Error(f"expected a string attribute at index {i}")
            v = self.str_values[i] = self.attr(i).value
        return v

    def _builtin_attr(self, c: _Cursor) -> Any:  # noqa: C901 - one branch per builtin encoding
        code = c.varint()
        if code == 0:  # ArrayAttr
            return "[" + ", ".join(self._plain(c.varint()) for _ in range(c.varint())) + "]"
        if code == 1:  # DictionaryAttr
            parts = []
            for _ in range(c.varint()):
                name = self._str(c.varint())
                value = self._plain(c.varint())
                key = name if is_bare_identifier(name) else quote_string(name)
                parts.append(key if value == "unit" else f"{key} = {value}")
            return "{" + ", ".join(parts) + "}"
        if code == 2:  # StringAttr
            return quote_string(self._string(c.varint()))
        if code == 3:  # StringAttr with a type
            s = quote_string(self._string(c.varint()))
            return f"{s} : {self.type_text(c.varint())}"
        if code == 4:  # FlatSymbolRefAttr
            return symbol_text(self._str(c.varint()))
        if code == 5:  # SymbolRefAttr
            root = symbol_text(self._str(c.varint()))
            return root + "".join("::" + self._plain(c.varint()) for _ in range(c.varint()))
        if code == 6:  # TypeAttr
            return self.type_text(c.varint())
        if code == 7:
            return "unit"
        if code == 8:  # IntegerAttr
            t = self.type_text(c.varint())
            width = int_width(t)
            v = self._apint(c, width)
            if t == "i1":
                return "true" if v & 1 else "false"
            if not t.startswith("ui") and v >= 1 << (width - 1):
                v -= 1 << width
            return f"{v} : {t}"
        if code == 9:  # FloatAttr
            t = self.type_text(c.varint())
            fwidth = _FLOAT_WIDTHS.get(t)
            if fwidth is None:
                raise _Error(f"the float type {t} is not supported in bytecode")
            v = self._apint(c, fwidth)
            return f"0x{v:0{(fwidth + 3) // 4}X} : {t}"
        if code == 10:  # CallSiteLoc
            return ("callsite", self._loc(c.varint()), self._loc(c.varint()))
        if code == 11:  # FileLineColLoc
            return ("file", self._str(c.varint()), c.varint(), c.varint(), None)
        if code in (12, 13):  # FusedLoc (with metadata)
            from .locations import fused

            locs = [self._loc(c.varint()) for _ in range(c.varint())]
            meta = self.attr(c.varint()) if code == 13 else None
            return fused(meta, locs)
        if code == 14:  # NameLoc
            return ("name", self._str(c.varint()), self._loc(c.varint()))
        if code == 15:
            return ("unknown",)
        if code == 17:  # DenseArrayAttr
            t = self.type_text(c.varint())
            size = c.varint()
            blob = c.take(c.varint())
            return f"array<{t}" + (": " + ", ".join(array_elements(t, size, blob)) if size else "") + ">"
        if code == 18:  # DenseIntOrFPElementsAttr: its elements as a literal where the type allows
            t = self.type_text(c.varint())
            blob = c.take(c.varint())
            return f"dense<{dense_literal(t, blob)}> : {t}"
        if code == 19:  # DenseStringElementsAttr
            t = self.type_text(c.varint())
            splat = c.varint()
            n = 1 if splat else _num_elements(t)
            vals = [quote_string(self._string(c.varint())) for _ in range(n)]
            return f"dense<{vals[0]}> : {t}" if splat else f"dense<[{', '.join(vals)}]> : {t}"
        if code == 22:  # FileLineColRange: the file, how many of the four numbers follow, them
            from .locations import parse_location

            name = quote_string(self._str(c.varint()))
            kind = c.varint()
            nums = [c.varint() for _ in range(min(kind, 4))]
            text = name + "".join(f":{n}" for n in nums[:2])
            if kind == 3:
                text += f" to :{nums[2]}"
            elif kind == 4:
                text += f" to {nums[2]}:{nums[3]}"
            return parse_location(self._text_parser(text))
        if code == 21:  # DistinctAttr
            self.distinct += 1
            return f"distinct[{self.distinct - 1}]<{self._plain(c.varint())}>"
        raise _Error(f"the builtin attribute encoding {code} is not supported")

    def _apint(self, c: _Cursor, width: int) -> int:
        """``readAPIntWithKnownWidth``: a byte up to 8 bits, a signed varint up to 64, words above."""
        mask = (1 << width) - 1
        if width <= 8:
            return c.byte() & mask
        if width <= 64:
            return _zigzag(c.varint()) & mask
        words = [_zigzag(c.varint()) & ((1 << 64) - 1) for _ in range(c.varint())]
        return sum(w << (64 * k) for k, w in enumerate(words)) & mask

    def _loc(self, i: int) -> tuple:
        t = self.attr_text(i)
        if isinstance(t, tuple):
            return t
        a = self.attr(i)
        if not (isinstance(a, tuple) and a[0] == "loc"):
            raise _Error(f"expected a location attribute at index {i}")
        return a[1]

    def type(self, i: int) -> Any:
        t = self.types.get(i)
        if t is None:
            t = self.types[i] = self._text_parser(self.type_text(i)).parse_type()
        return t

    def type_text(self, i: int) -> str:
        t = self.type_texts.get(i)
        if t is not None:
            return t
        if i >= len(self.type_entries):
            raise _Error(f"invalid Type index: {i}")
        dialect, start, end, custom = self.type_entries[i]
        c = _Cursor(self.data, start, end)
        if not custom:
            t = c.cstring()
        elif dialect == "builtin":
            t = self._builtin_type(c)
        else:
            raise _Error(f"the '{dialect}' dialect's bytecode encoding of types is not supported")
        self.type_texts[i] = t
        return t

    def _shape(self, c: _Cursor) -> str:
        dims = []
        for _ in range(c.varint()):
            d = _zigzag(c.varint())
            dims.append("?" if d == -(1 << 63) else str(d))
        return "".join(d + "x" for d in dims)

    def _builtin_type(self, c: _Cursor) -> str:  # noqa: C901 - one branch per builtin encoding
        code = c.varint()
        if code == 0:  # IntegerType
            v = c.varint()
            return ("i", "si", "ui", "i")[v & 3] + str(v >> 2)
        simple = {1: "index", 3: "bf16", 4: "f16", 5: "f32", 6: "f64", 7: "f80", 8: "f128", 12: "none"}
        if code in simple:
            return simple[code]
        if code == 2:  # FunctionType
            ins = [self.type_text(c.varint()) for _ in range(c.varint())]
            outs = [self.type_text(c.varint()) for _ in range(c.varint())]
            res = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else "(" + ", ".join(outs) + ")"
            return "(" + ", ".join(ins) + ") -> " + res
        if code == 9:
            return f"complex<{self.type_text(c.varint())}>"
        if code in (10, 11):  # MemRefType (with a memory space)
            space = self._plain(c.varint()) if code == 11 else None
            shape = self._shape(c)
            elem = self.type_text(c.varint())
            layout = self._plain(c.varint())
            parts = [shape + elem]
            if not _identity_map(layout):
                parts.append(layout)
            if space is not None:
                parts.append(space)
            return "memref<" + ", ".join(parts) + ">"
        if code in (13, 14):  # RankedTensorType (with an encoding)
            enc = self._plain(c.varint()) if code == 14 else None
            shape = self._shape(c)
            elem = self.type_text(c.varint())
            return f"tensor<{shape}{elem}" + (f", {enc}" if enc else "") + ">"
        if code == 15:
            return "tuple<" + ", ".join(self.type_text(c.varint()) for _ in range(c.varint())) + ">"
        if code in (16, 17):  # UnrankedMemRefType (with a memory space)
            space = self._plain(c.varint()) if code == 17 else None
            elem = self.type_text(c.varint())
            return f"memref<*x{elem}" + (f", {space}" if space else "") + ">"
        if code == 18:
            return f"tensor<*x{self.type_text(c.varint())}>"
        if code == 19:  # VectorType
            shape = self._shape(c)
            return f"vector<{shape}{self.type_text(c.varint())}>"
        if code == 20:  # VectorType with scalable dimensions: a byte per dimension, the shape, the element
            scalable = [c.byte() for _ in range(c.varint())]
            dims = self._shape(c).split("x")[:-1]
            shape = "".join((f"[{d}]" if k < len(scalable) and scalable[k] else d) + "x" for k, d in enumerate(dims))
            return f"vector<{shape}{self.type_text(c.varint())}>"
        raise _Error(f"the builtin type encoding {code} is not supported")

    # ----- IR ------------------------------------------------------------------------------------
    def _location(self, i: int) -> Any:
        loc = self.locs.get(i)
        if loc is None:
            loc = self.locs[i] = _loc_object(self._loc(i))
        return loc

    def _value(self, i: int) -> Any:
        """Value ``i`` of the current isolated scope; one not defined yet (a use before its
        definition in a graph region, or a branch to a later block's value) gets a placeholder
        that its definition replaces."""
        scope = self.value_scopes[-1]
        if i >= len(scope):
            raise _Error(f"invalid value index: {i}")
        v = scope[i]
        if v is None:
            v = scope[i] = Value(None)
            self.placeholders[id(v)] = v
        return v

    def _op(self, c: _Cursor) -> Operation:
        idx = c.varint()
        if idx >= len(self.op_names):
            raise _Error(f"invalid operation name index: {idx}")
        name = self.op_names[idx]
        self.op_count += 1
        mask = c.byte()
        loc = self._location(c.varint())
        attrs: dict[str, Any] = {}
        if mask & HAS_ATTRS:
            d = self.attr(c.varint())
            attrs = dict(getattr(d, "entries", {}))
        if mask & HAS_PROPERTIES:
            i = c.varint()
            if i >= len(self.properties):
                raise _Error(f"invalid properties index: {i}")
            start, end = self.properties[i]
            if self.on_properties is not None:  # scripts/gen_bytecode_props.py
                self.on_properties(self.op_count - 1, name, _Cursor(self.data, start, end))
            else:
                attrs.update(self._properties(name, _Cursor(self.data, start, end)))
        types = [self.type(c.varint()) for _ in range(c.varint())] if mask & HAS_RESULTS else []
        operands = [self._value(c.varint()) for _ in range(c.varint())] if mask & HAS_OPERANDS else []
        succ = [c.varint() for _ in range(c.varint())] if mask & HAS_SUCCESSORS else []
        if mask & HAS_USE_LISTS:
            self._skip_use_lists(c, len(types))
        opdef = self.opdefs.get(name, False)
        if opdef is False:
            opdef = self.opdefs[name] = lookup_opdef(name)
        if opdef is None and not self.allow_unregistered:
            raise _Error(f"operation '{name}' is unregistered (use --allow-unregistered-dialect)")
        blocks = self.block_stack[-1]
        if any(i >= len(blocks) for i in succ):
            raise _Error(f"invalid successor index in '{name}'")
        v = c.varint() if mask & HAS_REGIONS else 0
        n, isolated = v >> 1, bool(v & 1)
        regions = [Region() for _ in range(n)]
        op = Operation.create(name, operands, types, attrs, regions=regions, successors=[blocks[i] for i in succ],
                              loc=loc, opdef=opdef)
        self._define(op.results)
        if regions:
            rc = c
            if isolated and self.version >= 2:
                sid, rc = c.section()
                if sid != S_IR:
                    raise _Error("expected an IR section for an isolated region")
            for r in regions:
                self._region(rc, r, isolated)
        return op

    on_properties: Any = None  # callable(op number, op name, cursor) instead of decoding (the table's generator)
    op_count = 0  # ops read so far (pre-order)

    def _properties(self, name: str, c: _Cursor) -> dict[str, Any]:
        """An op's native properties, as its ODS ``writeProperties`` writes them: its inherent
        attributes sorted by name (a required one as an attribute index, an optional one as 0 or
        index << 1 | 1), then the operand and result segment sizes (an attribute before version
        6, a sparse array from 6).  The layout per op is ``bytecode_props.LAYOUTS``."""
        layout = LAYOUTS.get(name)
        if layout is None:
            raise _Error(f"the native properties of '{name}' are not known here (mlir-opt "
                         "--emit-bytecode-version=4 writes them as attributes, which is read)")
        slots, segments = layout
        out: dict[str, Any] = {}
        if segments and self.version < 6:
            for seg in segments:
                out[seg] = self.attr(c.varint())
        for attr_name, required in slots:
            v = c.varint()
            if not required:
                if not v:
                    continue
                v >>= 1
            if attr_name is None:
                raise _Error(f"'{name}' has a property not known here")
            out[attr_name] = self.attr(v)
        if segments and self.version >= 6:
            od = lookup_opdef(name)
            for seg in segments:
                groups = (od.operands if seg == "operandSegmentSizes" else od.results) if od is not None else ()
                sizes = _sparse_array(c, len(groups))
                out[seg] = self._text_parser(f"array<i32{': ' if sizes else ''}{', '.join(map(str, sizes))}>") \
                    .parse_attribute()
        if c.pos != c.end:
            raise _Error(f"the native properties of '{name}' do not have the layout known here")
        return out

    def _skip_use_lists(self, c: _Cursor, n_results: int) -> None:
        count = c.varint() if n_results != 1 else 1
        for _ in range(count):
            if n_results != 1:
                c.varint()
            v = c.varint()
            n = v >> 1
            for _ in range(n if not v & 1 else n):
                c.varint()

    def _define(self, values: Any) -> None:
        scope = self.value_scopes[-1]
        for v in values:
            i = self.next_ids[-1]
            if i < len(scope):
                old = scope[i]
                if old is not None and self.placeholders.pop(id(old), None) is not None:
                    old.replace_all_uses_with(v)
                scope[i] = v
            elif i == len(scope):  # the top level reserves nothing
                scope.append(v)
            else:
                raise _Error("more values defined than the region declares")
            self.next_ids[-1] += 1

    next_ids: list[int]

    def _region(self, c: _Cursor, region: Region, isolated: bool) -> None:
        n_blocks = c.varint()
        if not n_blocks:
            return
        n_values = c.varint()
        if isolated:  # a scope of its own
            base = 0
            self.value_scopes.append([None] * n_values)
        else:  # the enclosing scope's values, then this region's (dropped at its end)
            base = len(self.value_scopes[-1])
            self.value_scopes[-1].extend([None] * n_values)
        self.next_ids.append(base)
        blocks = [region.add_block(Block()) for _ in range(n_blocks)]
        self.block_stack.append(blocks)
        for b in blocks:
            v = c.varint()
            n_ops, has_args = v >> 1, v & 1
            if has_args:
                args = []
                for _ in range(c.varint()):
                    if self.version >= 4:
                        tv = c.varint()
                        t = self.type(tv >> 1)
                        loc = self._location(c.varint()) if tv & 1 else None
                    else:
                        t = self.type(c.varint())
                        loc = self._location(c.varint())
                    args.append(b.add_arg(t, loc))
                self._define(args)
                if self.version >= 3 and c.byte():
                    self._skip_use_lists(c, len(args))
            for _ in range(n_ops):
                op = self._op(c)
                b.append(op)
        self.block_stack.pop()
        scope = self.value_scopes.pop() if isolated else self.value_scopes[-1]
        if any(v is not None and id(v) in self.placeholders for v in scope[base:]):
            raise _Error("use of a value that is never defined")
        if not isolated:
            del scope[base:]
        self.next_ids.pop()


_LAZY_LOC: Any = None


def _loc_object(node: tuple) -> Any:
    """The IR's location object for ``node``: a ``TextLoc`` whose text is rendered on first use
    (most locations of a big input are never shown)."""
    global _LAZY_LOC
    if _LAZY_LOC is None:
        from ..diagnostics import TextLoc
        from .locations import render

        class LazyLoc(TextLoc):
            __slots__ = ()

            @property
            def text(self) -> str:  # type: ignore[override]
                return render(self.node)

        _LAZY_LOC = LazyLoc
    loc = _LAZY_LOC.__new__(_LAZY_LOC)
    loc.fallback = None
    loc.node = node
    return loc


_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19}


def _sparse_array(c: _Cursor, size: int) -> list[int]:
    """``readSparseArray`` of an array of ``size`` elements (the reader knows it): a count with a
    sparse flag, then either every element, or the bit width of the indices and the non-zero
    elements as ``value << bits | index``."""
    v = c.varint()
    count, sparse = v >> 1, v & 1
    if not sparse:
        return [c.varint() for _ in range(count)]
    if not count:  # all zeros: nothing follows
        return [0] * size
    bits = c.varint()
    out = [0] * size
    for _ in range(count):
        pair = c.varint()
        index = pair & ((1 << bits) - 1)
        if index >= size:
            raise _Error("invalid sparse array index")
        out[index] = pair >> bits
    return out


def _zigzag(v: int) -> int:
    return (v >> 1) ^ -(v & 1)


def _num_elements(t: str) -> int:
    import re

    m = re.match(r"\w+<((?:\d+x)*)", t)
    n = 1
    for d in (m.group(1).split("x") if m else []):
        if d:
            n *= int(d)
    return n


def _identity_map(text: str) -> bool:
    import re

    m = re.fullmatch(r"affine_map<\(([^)]*)\) -> \(([^)]*)\)>", text)
    return m is not None and m.group(1) == m.group(2)


def read_bytecode(data: bytes, filename: str, allow_unregistered: bool = False) -> list[Operation]:
    """The top-level ops of MLIR bytecode ``data``; a located ``MLIRError`` (``file:0:0``) when
    it is malformed or uses an encoding not read here."""
    from ..diagnostics import Diagnostic

    r = _Reader(data, filename, allow_unregistered)
    try:
        return r.read()
    except (_Error, MLIRError, RecursionError) as ex:
        message = ex.diagnostic.message if isinstance(ex, MLIRError) else str(ex) or type(ex).__name__
    except (ValueError, IndexError, KeyError, TypeError, AttributeError, OverflowError) as ex:  # corrupt data
        message = f"malformed bytecode: {type(ex).__name__}: {ex}"
    loc = _FileStart(filename)
    notes = [Diagnostic("note", f"in bytecode version {r.version} produced by: {r.producer}", loc)] \
        if r.producer is not None else []
    raise MLIRError(message, loc, notes)


class _FileStart:
    def __init__(self, filename: str) -> None:
        self.filename = filename

    def __str__(self) -> str:
        return f"{self.filename}:0:0"

    def mlir_text(self) -> str:
        from ..diagnostics import quote_string

        return f"{quote_string(self.filename)}:0:0"
