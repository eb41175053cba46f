"""The MLIR reader: text -> IR, with located errors.

A recursive-descent reader over the raw text with an explicit offset; each lexeme is one pyparsing
``Regex`` (see ``lexer.py``) matched raw.  Naming: ``parse_x`` succeeds or raises ``MLIRError``;
``parse_optional_x`` returns ``None`` (or ``False``) and consumes nothing.  Types and attributes are
cached by their text.

    toplevel        ::= (operation | attribute-alias-def | type-alias-def)*
    operation       ::= op-result-list? (generic-operation | custom-operation) trailing-location?
    op-result-list  ::= op-result (`,` op-result)* `=`          op-result ::= value-id (`:` integer)?
    generic-operation ::= string-literal `(` value-use-list? `)` successor-list?
                          dictionary-properties? region-list? dictionary-attribute? `:` function-type
    custom-operation  ::= bare-id custom-operation-format
    region          ::= `{` entry-block? block* `}`
    block           ::= block-label operation*     block-label ::= caret-id (`(` arg-list `)`)? `:`
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..diagnostics import FileLoc, Source, TextLoc
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region, Value
from ..ir.opdef import OpDef, is_known_dialect, lookup_opdef, overrides_segments
from . import lexer as L
from .format import format_of
from .line_cache import parse_block_body
from .parser_attrs import AttributeParser
from .parser_base import _WS_START, OperandRef, _op_results_match

_generic_op_match: Callable[..., Any] | None = None  # lexer.generic_op_re().match, on first use


class Parser(AttributeParser):
    """The reader: top level, operations (generic and custom), regions and blocks."""

    # ----- top level ------------------------------------------------------------------------------
    def parse_top_level(self) -> list[Operation]:
        """Parse a whole buffer: alias definitions and top-level operations."""
        ops: list[Operation] = []
        holder = Block()
        self.block_scopes.append({})  # successors named at top level (never defined there)
        while not self.at_end():
            p = self.pos
            t = self.text
            if t[p] == "#" or (t[p] == "!" and L.excl_id_re.match(t, p)):
                m = (L.hash_id_re if t[p] == "#" else L.excl_id_re).match(t, p)
                if m:
                    q = L.ws_re.match(t, m.end()).end()
                    if not t.startswith("=", q):
                        self.pos = self.last_end = m.end()
                        raise self.error(f"expected '=' in {'attribute' if t[p] == '#' else 'type'} alias definition")
                    self.pos = self.last_end = q + 1
                    name = m.group()[1:]
                    if t[p] == "#":
                        if name in self.attr_aliases or name in self.loc_aliases:
                            raise self.error(f"redefinition of attribute alias id '{name}'", p)
                        if self.peek("loc("):
                            self.loc_aliases[name] = self._parse_loc_spec(False).node
                        else:
                            self.attr_aliases[name] = self.parse_attribute()
                    else:
                        if name in self.type_aliases:
                            raise self.error(f"redefinition of type alias id '{name}'", p)
                        self.type_aliases[name] = self.parse_type()
                    continue
            if t.startswith("{-#", p):
                e = t.find("#-}", p)
                if e < 0:
                    raise self.error("expected '#-}' to end the file metadata dictionary", p)
                self._parse_file_metadata(p)
                continue
            op = self.parse_operation()
            holder.append(op)
            ops.append(op)
        for _b, pos, defined in self.block_scopes.pop().values():
            if not defined:
                raise self.error("reference to an undefined block", pos)
        self.pop_scope()
        self._resolve_deferred_locs()
        holder.detach_all()
        return ops

    def _parse_file_metadata(self, start: int) -> None:
        """`{-#` (key `:` `{` (group `:` `{` (entry `:` value-token),* `}`),* `}`),* `#-}` with
        key `dialect_resources` or `external_resources`; an `mlir_reproducer` entry's value must be a
        string or a boolean (the values of other groups are not read)."""
        self.pos = self.last_end = start + 3

        def until(close: str, item: Any) -> None:  # parseCommaSeparatedListUntil
            if self.parse_optional_punct(close):
                return
            while True:
                item()
                if self.parse_optional_punct(close):
                    return
                if not self.parse_optional_punct(","):
                    raise self.error(f"expected ',' or '{close}'")

        def value(group: str, key: str) -> None:
            pos = self.skip()
            t = self.text
            m = L.string_re.match(t, pos) or L.bare_id_re.match(t, pos) or L.float_re.match(t, pos) \
                or L.integer_re.match(t, pos)
            tok = m.group() if m else t[pos:pos + 1]
            self.pos = self.last_end = pos + max(1, len(tok))
            if group != "mlir_reproducer":
                return
            if tok not in ("true", "false") and not tok.startswith('"'):
                raise self.error(f"expected string value for key '{key}'", pos)

        def entries(group: str, kind: str) -> None:
            def entry() -> None:
                key = self.parse_optional_keyword()
                if key is None:
                    key = self.parse_optional_string()
                if key is None:
                    raise self.error(f"expected identifier key for '{kind}' entry")
                self.parse_punct(":")
                value(group if kind == "external_resources" else "", key)
            until("}", entry)

        def section(kind: str) -> None:
            self.parse_punct("{")

            def group() -> None:
                name = self.parse_optional_keyword()
                if name is None:
                    raise self.error("expected identifier key for 'resource' entry")
                self.parse_punct(":")
                self.parse_punct("{")
                entries(name, kind)
            until("}", group)

        def metadata_entry() -> None:
            kpos = self.skip()
            key = self.parse_optional_keyword()
            if key is None:
                raise self.error("expected identifier key in file metadata dictionary")
            self.parse_punct(":")
            if key not in ("dialect_resources", "external_resources"):
                raise self.error(f"unknown key '{key}' in file metadata dictionary", kpos)
            section(key)
        until("#-}", metadata_entry)

    def _parse_loc_spec(self, allow_deferred: bool = True) -> TextLoc:
        """`loc` `(` location `)` (the parser is at `loc(`)."""
        from .locations import has_alias_refs, parse_location, render

        self.pos = self.last_end = self.skip() + 4
        node = parse_location(self, allow_deferred)
        self.parse_punct(")", "in location")
        tl = TextLoc(render(node), None, node)
        if has_alias_refs(node):
            self.deferred_locs.append(tl)
        return tl

    def _resolve_deferred_locs(self) -> None:
        from .locations import render, resolve

        for tl in self.deferred_locs:
            try:
                tl.node = resolve(tl.node, self.loc_aliases)
            except KeyError as e:
                raise self.error("operation location alias was never defined", e.args[0]) from None
            tl.text = render(tl.node)
        self.deferred_locs = []

    # ----- operations -----------------------------------------------------------------------------
    def parse_operation(self) -> Operation:
        start = self.skip()
        t = self.text
        results: list[tuple[str, int, int]] = []  # (name, count, pos)
        m = _op_results_match(t, start) if t.startswith("%", start) else None
        if m is not None:
            results.append((m.group("a"), 1, start))
            b = m.group("b")
            if b is not None:
                results.append((b, 1, m.start("b") - 1))
            self.pos = self.last_end = m.end()
        elif t.startswith("%", start):
            while True:
                p = self.skip()
                m = L.ssa_def_re.match(t, p)
                if not m:
                    raise self.error("expected valid ssa identifier")
                cnt = m.group("count")
                if cnt is not None and int(cnt) < 1:
                    raise self.error("expected named operation to have at least 1 result", p)
                results.append((m.group("name"), int(cnt) if cnt else 1, p))
                self.pos = self.last_end = m.end()
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("=", "after SSA name")
        op_pos = self.skip()
        self.op_starts.append(start)
        try:
            if t.startswith('"', op_pos):
                op = self.parse_generic_operation()
            else:
                op = self.parse_custom_operation(results)
        finally:
            self.op_starts.pop()
        n_expected = 0
        for r in results:
            n_expected += r[1]
        if results and not op.results:
            raise self.error("cannot name an operation with no results", start)
        if results and n_expected != len(op.results):
            raise self.error(f"operation defines {len(op.results)} results but was provided "
                             f"{n_expected} to bind", start)
        if op.regions:
            # terminators the custom parser added implicitly carry the op's (name) location
            for region in op.regions:
                for b in region.blocks:
                    if b.ops and b.ops[-1].loc is None:
                        b.ops[-1].loc = FileLoc(self.source, op_pos)
        q = self.pos
        if q < len(t) and t[q] in _WS_START:
            q = self.skip()
        op.loc = self.parse_trailing_location(op_pos) if t.startswith("loc(", q) else FileLoc(self.source, op_pos)
        i = 0
        for name, cnt, pos in results:
            self.define(name, op.results[i: i + cnt], pos)
            i += cnt
        return op

    def parse_trailing_location(self, op_pos: int) -> Any:
        fl = FileLoc(self.source, op_pos)
        p = self.skip()
        if self.text.startswith("loc(", p):
            tl = self._parse_loc_spec()
            tl.fallback = fl
            return tl
        return fl

    def _parse_generic_fast(self) -> Operation | None:
        """A region-less, successor-less generic op matched by one regex (``lexer.generic_op_re()``);
        its dictionaries and function type are parsed once per distinct text.  Returns None, with
        nothing consumed, when the op needs the general path (which then reports any error)."""
        global _generic_op_match
        if _generic_op_match is None:
            _generic_op_match = L.generic_op_re().match
        t = self.text
        start = self.skip()
        m = _generic_op_match(t, start)
        if m is None:
            return None
        opdef = lookup_opdef(m.group("name"))
        if opdef is None:
            return None
        cache = self._generic_cache
        props = attrs = None
        for key in ("props", "attrs"):
            txt = m.group(key)
            if txt is not None:
                d = cache.get(txt)
                if d is None:
                    self.pos = m.start(key)
                    d = self.parse_attr_dict_body()
                    if self.skip() != L.ws_re.match(t, m.end(key)).end():
                        self.pos = start
                        return None
                    cache[txt] = d
                if key == "props":
                    props = d
                else:
                    attrs = d
        txt = m.group("ftype")
        ftype = cache.get(txt)
        if ftype is None:
            self.pos = m.start("ftype")
            ftype = self.parse_type()
            if not isinstance(ftype, T.FunctionType) or self.skip() != L.ws_re.match(t, m.end("ftype")).end():
                self.pos = start
                return None
            cache[txt] = ftype
        ins = ftype.inputs
        o0, o1 = m.span("opnds")
        if t.count("%", o0, o1) != len(ins):
            self.pos = start
            return None
        operands: list[Value] = []
        if ins:
            resolve = self.lookup
            for om, ty in zip(L.ssa_use_re.finditer(t, o0, o1), ins):
                num = om.group("num")
                operands.append(resolve(OperandRef(om.group("name"), int(num) if num else 0, om.start()), ty))
        if props:
            txt = m.group("props")
            if (opdef, txt) not in self._props_checked:
                self._check_props(opdef, props, start)
                self._props_checked.add((opdef, txt))
            attrs = {**attrs, **props} if attrs else props
        if opdef.default_attrs:
            attrs = _generic_defaults(opdef, attrs)
        self.pos = self.last_end = m.end()
        return Operation.create(opdef.name, operands, ftype.results, attrs, (), (), None, None, opdef=opdef)

    def _check_props(self, opdef: Any, props: dict[str, A.Attribute], pos: int) -> None:
        """``<{...}>`` must convert to the op's properties (``syntax.prop_kinds``)."""
        from .prop_kinds import conversion_error

        msg = conversion_error(opdef, props)
        if msg is not None:
            raise self.error(msg, pos)

    def parse_generic_operation(self) -> Operation:
        """generic-operation (see module docstring)."""
        op = self._parse_generic_fast()
        if op is not None:
            return op
        op_pos = self.skip()
        name = self.parse_string()
        name_pos = self.skip()
        opdef = lookup_opdef(name)
        if opdef is None:
            dialect = name.split(".", 1)[0]
            if not self.allow_unregistered:
                if "." not in name:
                    raise self.error("operation being parsed with an unregistered dialect. If this is "
                                     "intended, please use -allow-unregistered-dialect with the MLIR tool used",
                                     name_pos)
                if is_known_dialect(dialect):
                    raise self.error(f"unregistered operation '{name}' found in dialect "
                                     f"('{dialect}') that does not allow unknown operations", name_pos)
                raise self.error("operation being parsed with an unregistered dialect. If this is intended, "
                                 "please use -allow-unregistered-dialect with the MLIR tool used", name_pos)
        self.parse_punct("(", "to start operand list")
        operand_refs = self.parse_operand_list() if not self.parse_optional_punct(")") else None
        if operand_refs is not None:
            self.parse_punct(")", "in operand list")
        else:
            operand_refs = []
        successors: list[Block] = []
        if self.parse_optional_punct("["):
            while True:
                successors.append(self.parse_successor())
                if not self.parse_optional_punct(","):
                    break
            self.parse_punct("]", "in successor list")
        props: dict[str, A.Attribute] | None = None
        if self.peek("<{"):
            self.pos += 1
            props = self.parse_attr_dict_body()
            self.parse_punct(">", "to end properties")
        regions: list[Region] = []
        if self.peek("(") and not self.peek("()"):
            q = self.pos + 1
            q = L.ws_re.match(self.text, q).end()
            if self.text.startswith("{", q):
                self.parse_punct("(")
                isolated = opdef is not None and "IsolatedFromAbove" in opdef.traits
                # a generic op pushes no default dialect: its regions keep the enclosing one
                dd = self.default_dialects[-1] if self.default_dialects else "builtin"
                while True:
                    regions.append(self.parse_region(isolated=isolated, default_dialect=dd))
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct(")", "to end of region list")
        attrs: dict[str, A.Attribute] = {}
        if self.peek("{"):
            attrs = self.parse_attr_dict_body()
        self.parse_punct(":", "followed by operation type")
        tpos = self.skip()
        ftype = self.parse_type()
        if not isinstance(ftype, T.FunctionType):
            raise self.error("expected function type", tpos)
        if len(ftype.inputs) != len(operand_refs):
            raise self.error(f"expected {len(operand_refs)} operand type{'s' if len(operand_refs) != 1 else ''} "
                             f"but had {len(ftype.inputs)}", tpos)
        operands = [self.resolve(r, ty) for r, ty in zip(operand_refs, ftype.inputs)]
        if opdef is not None:
            if props:
                self._check_props(opdef, props, op_pos)
                attrs.update(props)
            if opdef.default_attrs:
                attrs = _generic_defaults(opdef, attrs)
            unreg_props = None
        else:
            unreg_props = props
        return Operation.create(name, operands, ftype.results, attrs, regions, successors,
                                None, unreg_props, opdef=opdef)

    def resolve_op_name(self, name: str, pos: int) -> type[OpDef]:
        if "." not in name:
            # only the innermost region's default dialect applies (as in MLIR's parser)
            d = self.default_dialects[-1] if self.default_dialects else "builtin"
            od = lookup_opdef(f"{d}.{name}") if d else None
            if od is None:
                od = lookup_opdef(f"builtin.{name}")
            if od is not None:
                return od
            if not d:
                raise self.error(f"Dialect `' not found for custom op '{name}'  (tried '.{name}' as well)", pos)
            raise self.error(f"custom op '{name}' is unknown (tried '{d}.{name}' as well)", pos)
        od = lookup_opdef(name)
        if od is None:
            dialect = name.split(".", 1)[0]
            if is_known_dialect(dialect):
                raise self.error(f"custom op '{name}' is unknown", pos)
            if self.allow_unregistered:
                raise self.error(f"custom op '{name}' is unknown", pos)
            raise self.error(f"Dialect `{dialect}' not found for custom op '{name}' ", pos)
        return od

    def parse_custom_operation(self, results: list[tuple[str, int, int]]) -> Operation:
        p = self.skip()
        m = L.bare_id_re.match(self.text, p)
        if not m:
            raise self.error("expected operation name in quotes")
        name = m.group()
        opdef = self.resolve_op_name(name, p)
        self.current_op = opdef.name
        self.name_pos = p  # OpAsmParser::getNameLoc()
        self.pos = self.last_end = m.end()
        custom = getattr(opdef, "parse_custom", None)
        if custom is not None:
            op = custom(self, results)
        elif (fmt := format_of(opdef)) is not None:
            op = fmt.parse(self, opdef, results)
        else:
            raise self.error(f"custom op '{name}' has no custom assembly form", p)
        return op

    def num_results_expected(self, results: list[tuple[str, int, int]]) -> int:
        return sum(c for _, c, _ in results)

    # ----- regions and blocks ---------------------------------------------------------------------
    def parse_region(self, entry_args: list[tuple[OperandRef, T.Type, Any]] | None = None,
                     isolated: bool = False, default_dialect: str | None = None) -> Region:
        """region ::= `{` entry-block-ops block* `}`; ``entry_args`` are (ref, type, loc) defined
        as the entry block's arguments (custom syntax like ``scf.for``)."""
        self.parse_punct("{", "to begin a region")
        region = Region()
        self.push_scope(isolated)
        self.block_scopes.append({})
        self.default_dialects.append(default_dialect or "")
        try:
            if entry_args and self.peek("^"):
                raise self.error("invalid block name in region with named arguments", self.skip())
            if entry_args or not self.peek("^"):
                if self.parse_optional_punct("}"):
                    if entry_args:
                        b = Block()
                        region.add_block(b)
                        self._define_block_args(b, entry_args)
                    self._finish_region()
                    return region
                entry = Block()
                region.add_block(entry)
                if entry_args:
                    self._define_block_args(entry, entry_args)
                self.parse_block_body(entry)
            else:
                if entry_args:
                    raise self.error("invalid block name in region with named arguments")
            while not self.parse_optional_punct("}"):
                if self.at_end():
                    raise self.error("expected operation name in quotes")
                self.parse_block(region)
            self._finish_region()
        finally:
            self.default_dialects.pop()
        return region

    def _define_block_args(self, block: Block, entry_args: list[tuple[OperandRef, T.Type, Any]]) -> None:
        self._def_anchor = self.op_starts[-1] if self.op_starts else None
        try:
            for ref, ty, loc in entry_args:
                self._check_entry_arg_unused(ref)
                a = block.add_arg(ty, loc if loc is not None else self.loc(ref.pos))  # default: the %name
                self.define(ref.name, [a], ref.pos)
        finally:
            self._def_anchor = None

    def _check_entry_arg_unused(self, ref: OperandRef) -> None:
        """Upstream's getReferenceLoc: a region entry argument may not reuse a name already defined
        or forward-referenced in the enclosing isolated scope."""
        prev = None
        for sc in reversed(self.scopes[:-1]):
            vals = sc.values.get(ref.name)
            if vals is not None:
                prev = self.def_pos.get(id(vals[0]))
                break
            if sc.isolated:
                break
        if prev is None:
            fwd = self.scopes[-1].wait_scope.forward
            ent = fwd.get((ref.name, 0)) if fwd else None
            if ent is None:
                return
            prev = ent[1]
        from ..diagnostics import Diagnostic

        e = self.error(f"region entry argument '%{ref.name}' is already in use", ref.pos)
        e.diagnostic.notes.append(Diagnostic("note", "previously referenced here", self.loc(prev)))
        raise e

    def _finish_region(self) -> None:
        blocks = self.block_scopes.pop()
        for _b, pos, defined in blocks.values():
            if not defined:
                raise self.error("reference to an undefined block", pos)
        self.pop_scope()

    def _block_ref(self, name: str, pos: int, define: bool) -> Block:
        scope = self.block_scopes[-1]
        ent = scope.get(name)
        if ent is None:
            b = Block()
            scope[name] = (b, pos, define)
            return b
        b, p0, defined = ent
        if define:
            if defined:
                raise self.error(f"redefinition of block '^{name}'", pos)
            scope[name] = (b, p0, True)
        return b

    def parse_successor(self) -> Block:
        p = self.skip()
        m = L.caret_id_re.match(self.text, p)
        if not m:
            raise self.error("expected block name")
        self.pos = self.last_end = m.end()
        return self._block_ref(m.group()[1:], p, False)

    def parse_block(self, region: Region) -> None:
        p = self.skip()
        m = L.caret_id_re.match(self.text, p)
        if not m:
            raise self.error("expected block name")
        self.pos = self.last_end = m.end()
        block = self._block_ref(m.group()[1:], p, True)
        region.add_block(block)
        if self.parse_optional_punct("("):
            if not self.parse_optional_punct(")"):
                while True:
                    ref = self.parse_operand()
                    self.parse_punct(":", "and type for SSA value")
                    ty = self.parse_type()
                    loc = self.parse_optional_loc()
                    if loc is None:
                        loc = self.loc(ref.pos)
                    self.define(ref.name, [block.add_arg(ty, loc)], ref.pos)
                    if not self.parse_optional_punct(","):
                        break
                self.parse_punct(")", "to end argument list")
        self.parse_punct(":", "after block name")
        self.parse_block_body(block)

    def parse_optional_loc(self) -> Any:
        p = self.skip()
        if self.text.startswith("loc(", p):
            return self._parse_loc_spec()
        return None

    def parse_block_body(self, block: Block) -> None:
        """operation* up to the `}` or `^` that ends the block (through the line cache)."""
        parse_block_body(self, block)


def _generic_defaults(opdef: Any, attrs: dict[str, A.Attribute] | None) -> dict[str, A.Attribute]:
    """Operation::create populates default-valued properties a generic op left out; some
    properties also store a different form than their attribute (``convert_generic_props``).
    Returns a new dict (``attrs`` may be a shared cached one)."""
    out = dict(attrs) if attrs else {}
    for k, v in opdef.default_attrs.items():
        if k in opdef.props and k not in out:
            out[k] = v
    # an absent segment-sizes property is all zeros (the count check then reports the mismatch)
    if "operandSegmentSizes" not in out and opdef.needs_operand_segments() and not overrides_segments(opdef):
        out["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [0] * len(opdef.operands))
    if "resultSegmentSizes" not in out and opdef.needs_result_segments() and not overrides_segments(opdef):
        out["resultSegmentSizes"] = A.DenseArrayAttr(T.i32, [0] * len(opdef.results))
    conv = getattr(opdef, "convert_generic_props", None)
    if conv is not None:
        conv(out)
    return out


def parse_source(source: Source, allow_unregistered: bool = False,
                 hook: Callable[[Parser], None] | None = None) -> tuple[list[Operation], Parser]:
    p = Parser(source, allow_unregistered)
    if hook:
        hook(p)
    ops = p.parse_top_level()
    return ops, p
