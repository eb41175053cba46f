"""The printer: IR -> text byte-identical to mlir-opt 22.

SSA naming follows AsmPrinter's ``SSANameState``: regions are numbered from a stack (last pushed
first); in custom form every region restarts from the counters its parent region left (so sibling
regions reuse numbers), in generic form counters run on.  Entry-block arguments are ``%argN``,
asm result names (``%c0``, ``%memref``) are uniqued with ``_N`` from a conflict counter.  Affine
maps and integer sets print through ``#map``/``#set`` aliases defined at the top, dialect attributes
that ask for one too (``syntax.attr_aliases``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, OpResult, Region, SharedAttributes, Value
from .attr_aliases import ALIASED_ATTRS, dialect_alias
from .format import format_of
from .locations import name_of_loc
from .names import NameScope, sanitized
from .print_output import RegionTexts, top_pieces


def _shape_key(op: Operation, default_dialect: str) -> tuple:
    """What a templated op's text depends on besides its operand names: definition, enclosing
    default dialect, operand/result type objects and attribute objects, by identity (a template
    keeps them alive, so an id cannot be reused while its entry exists)."""
    k: list[Any] = [op.opdef, default_dialect]
    for v in op.operands:
        k.append(id(v.type))
    k.append(None)
    for v in op.results:
        k.append(id(v.type))
    attrs = op.attributes
    if attrs.__class__ is SharedAttributes:  # one dict per attribute set: its identity is the set
        k.append(id(attrs))
    else:
        for name, a in attrs.items():
            k.append(name)
            k.append(id(a))
    return tuple(k)


def _value_key(op: Operation, default_dialect: str) -> tuple:
    """``_shape_key`` by value (type and attribute texts): ops a pass built with fresh type and
    attribute objects share templates too."""
    k: list[Any] = [op.opdef, default_dialect]
    for v in op.operands:
        k.append(v.type.text)
    k.append(None)
    for v in op.results:
        k.append(v.type.text)
    for name, a in op.attributes.items():
        k.append(name)
        k.append(str(a))
    return tuple(k)


def _region_preds(region: Any) -> dict[int, list[Block]]:
    """id(block) -> its predecessors in ``region`` (``Block.predecessors`` of every block at once)."""
    out: dict[int, list[Block]] = {}
    for b in region.blocks:
        for s in b.ops[-1].successors if b.ops else ():
            out.setdefault(id(s), []).append(b)
    return out


class Printer:
    def __init__(self, generic: bool = False, debuginfo: bool = False) -> None:
        self.generic = generic
        self.debuginfo = debuginfo
        self.names: dict[int, str] = {}
        self.groups: dict[int, list[int]] = {}
        self.block_names: dict[int, str] = {}
        self.aliases: dict[str, str] = {}  # full attr text -> alias name
        self.alias_defs: list[tuple[str, str]] = []
        self.alias_counts: dict[str, int] = {}
        self.default_dialects: list[str] = ["builtin"]
        self.indent = 0
        self.local_scope = False  # --mlir-print-local-scope: no aliases, everything inline
        self._dattrs: dict[str, tuple[int, int, str, str]] = {}  # syntax.attr_aliases
        self._dmax = -1
        # region texts, each standing in its op's text as "\x02<index>\x02" until ``_expand``: an
        # op's text never copies the text of the regions nested in it (linear in the nesting depth)
        self.region_texts = RegionTexts()
        # --mlir-elide-elementsattrs-if-larger / --mlir-print-elementsattrs-with-hex-if-larger
        self.elide_if_larger: int | None = None
        self.hex_if_larger: int | None = 100  # mlir-opt's default
        self.pretty_debuginfo = False  # --mlir-pretty-debuginfo (syntax/pretty_loc.py)
        self.value_users = False  # --mlir-print-value-users (syntax/value_users.py)
        self.op_ids: dict[int, int] = {}  # id(op) -> its number, for ops without results (value users)
        self._tmpl: dict[tuple, Any] = {}  # op shape -> (text before operands, ((operand, text), ...), refs)
        self._tmpl_v: dict[tuple, Any] = {}  # the same templates by value (_value_key)
        # value -> its use text (`%name`, `%name#N`); keyed by the value itself (identity hash, no
        # int object per key); a single result numbered in the common case is only here, not in
        # ``names``
        self.uses: dict[Value, str] = {}
        self._by_shape: dict[Any, bool] = {}  # op definition -> printed through templates

    # mlir-opt's printing flags that only some runs set (driver._print_flags)
    skip_regions = False  # --mlir-print-skip-regions: every region prints as `{...}`
    unique_ids = False  # --mlir-print-unique-ssa-ids: counters never restart (as in generic form)
    nameloc_prefix = False  # --mlir-use-nameloc-as-prefix: a result or argument at loc("name") is %name

    # ----- naming ---------------------------------------------------------------------------------
    def compute_names(self, top: Operation, defer: bool = False) -> None:
        """Name every value in ``top``.  ``defer`` (custom form only): the regions of the ops in
        ``top``'s own regions are numbered when ``print_op`` reaches each such op, into name tables
        dropped after it (``print_output.print_top_child``): one function's names alive at a time, not the
        whole module's (in custom form a region's names depend only on what its parent left, so
        the order does not change them)."""
        self._nv = 0
        self._na = 0
        self._nc = 0
        self._scope = NameScope(None)
        self._number_op(top)
        if self.value_users and self.generic and not top.results:  # as upstream: the generic top op is numbered
            self.op_ids[id(top)] = self._nv
            self._nv += 1
        stack: list[tuple[Region, int, int, int, NameScope]] = [
            (r, self._nv, self._na, self._nc, self._scope) for r in top.regions]
        deferred: dict[int, list[tuple[Region, int, int, int, NameScope]]] | None = None
        if defer and not self.generic and not self.value_users and not self.unique_ids:
            deferred = self._deferred = {}
        self._number_stack(stack, deferred)

    def _number_stack(self, stack: list[tuple[Region, int, int, int, NameScope]],
                      deferred: dict[int, list[tuple[Region, int, int, int, NameScope]]] | None = None) -> None:
        """Number the regions on ``stack`` (last pushed first) and the regions nested in them; with
        ``deferred``, nested regions are put there by ``id`` of their op instead."""
        nested: list[Operation]
        while stack:
            region, nv, na, nc, parent = stack.pop()
            if not self.generic and not self.unique_ids:
                self._nv, self._na, self._nc = nv, na, nc
            self._scope = NameScope(parent)
            self._number_region(region, nested := [])
            cur = self._scope
            for op in nested:
                for r in op.regions:
                    if deferred is None:
                        stack.append((r, self._nv, self._na, self._nc, cur))
                    else:
                        deferred.setdefault(id(op), []).append((r, self._nv, self._na, self._nc, cur))

    def _unique(self, name: str) -> str:
        name = sanitized(name)
        scope = self._scope
        if name not in scope:
            scope.names.add(name)
            return name
        while True:
            probe = f"{name}_{self._nc}"
            self._nc += 1
            if probe not in scope:
                scope.names.add(probe)
                return probe

    def _set_name(self, v: Value, name: str | None) -> None:
        if not name:
            name = str(self._nv)
            self._nv += 1
        else:
            name = self._unique(name)
        self.names[id(v)] = name
        self.uses[v] = "%" + name

    def _number_region(self, region: Region, nested: list[Operation]) -> None:  # nested: its ops with regions
        owner = region.parent  # OpAsmOpInterface::getAsmBlockArgumentNames (``block_arg_names``)
        hook = None if self.generic or owner is None else getattr(owner.opdef, "block_arg_names", None)
        arg_names = hook(owner, region) if hook is not None else ()
        for i, b in enumerate(region.blocks):
            self.block_names[id(b)] = f"^bb{i}"
            entry = i == 0
            nameloc = self.nameloc_prefix
            for a in b.args:  # an entry block's argument takes its number even when named by its location
                if entry and a.index < len(arg_names):  # names the op gives (linalg's %in, %out)
                    self._set_name(a, arg_names[a.index])
                    continue
                self._set_name(a, (nameloc and name_of_loc(a.loc)) or (f"arg{self._na}" if entry else None))
                self._na += entry
            uses = self.uses
            generic = self.generic
            value_users = self.value_users
            nv = self._nv  # the next number, kept here in the common cases (written back around the others)
            for op in b.ops:
                if op.regions:
                    nested.append(op)
                res = op.results
                if not res:
                    if value_users:  # an op without results is named by a number of its own
                        self.op_ids[id(op)] = nv
                        nv += 1
                    continue
                od = op.opdef
                named = nameloc and name_of_loc(op.loc)
                if len(res) == 1 and not named and (generic or od is None or od.asm_names is None):  # the common case
                    uses[res[0]] = f"%{nv}"
                    nv += 1
                    continue
                self._nv = nv
                if named:
                    self._set_name(res[0], named)
                self._number_op(op)
                nv = self._nv
            self._nv = nv

    def _number_op(self, op: Operation) -> None:
        if not op.results:
            return
        groups = [0]
        od = op.opdef
        if not self.generic and od is not None and od.asm_names is not None:
            for i, asm in enumerate(od.asm_names(op)):
                if asm:
                    self._set_name(op.results[i], asm)
                    if i:
                        groups.append(i)
        res = op.results
        r0 = res[0]
        names = self.names
        if id(r0) not in names:
            names[id(r0)] = str(self._nv)
            self._nv += 1
        if len(groups) > 1:
            self.groups[id(op)] = groups = sorted(groups)
        uses = self.uses
        n = len(res)
        if n == 1:
            uses[r0] = "%" + names[id(r0)]
            return
        for gi, start in enumerate(groups):
            end = groups[gi + 1] if gi + 1 < len(groups) else n
            lead = "%" + names[id(res[start])]
            if end - start == 1:
                uses[res[start]] = lead
            else:
                for k in range(start, end):
                    uses[res[k]] = f"{lead}#{k - start}"

    def value(self, v: Value) -> str:
        """``%name`` or ``%name#N`` for a use of ``v``."""
        u = self.uses.get(v)
        if u is not None:
            return u
        if isinstance(v, OpResult):
            op = v.op
            n = len(op.results)
            if n > 1:
                groups = self.groups.get(id(op), [0])
                start = 0
                end = n
                for gi, g in enumerate(groups):
                    if g <= v.index:
                        start = g
                        end = groups[gi + 1] if gi + 1 < len(groups) else n
                lead = self.names.get(id(op.results[start]))
                if lead is None:
                    return "<<UNKNOWN SSA VALUE>>"
                return f"%{lead}#{v.index - start}" if end - start > 1 else "%" + lead
        name = self.names.get(id(v))
        if name is not None:
            return "%" + name
        return "<<UNKNOWN SSA VALUE>>"

    def values(self, vs: list[Value]) -> str:
        value = self.value
        return ", ".join([value(v) for v in vs])

    def block_name(self, b: Block) -> str:
        return self.block_names.get(id(b), "^INVALIDBLOCK")

    # ----- types and attributes (with aliases) ------------------------------------------------------
    def _alias(self, a: A.Attribute, prefix: str) -> str:
        key = str(a)
        if self.local_scope:
            return key
        name = self.aliases.get(key)
        if name is None:
            n = self.alias_counts.get(prefix, 0)
            self.alias_counts[prefix] = n + 1
            name = prefix if n == 0 else f"{prefix}{n}"
            self.aliases[key] = name
            self.alias_defs.append((name, key))
        return "#" + name

    def attr_text(self, a: A.Attribute) -> str:
        if isinstance(a, A.AffineMapAttr):
            return self._alias(a, "map")
        if isinstance(a, A.IntegerSetAttr):
            return self._alias(a, "set")
        if (self.elide_if_larger is not None or self.hex_if_larger is not None) and \
                isinstance(a, A.ArrayAttr | A.DictionaryAttr | A.DenseElementsAttr):
            if isinstance(a, A.DenseElementsAttr):
                from .elements import elements_text

                s = elements_text(a, self.elide_if_larger, self.hex_if_larger, self.type_text(a.type))
                if s is not None:
                    return s
            return a.render(self)
        if isinstance(a, A.ArrayAttr | A.DictionaryAttr | A.TypeAttr | A.DenseElementsAttr):
            s = str(a)
            if "affine_" in s or (ALIASED_ATTRS and "#llvm." in s):
                return a.render(self)
            return s
        if a.__class__ in ALIASED_ATTRS:
            return dialect_alias(self, a)
        return str(a)

    def type_text(self, t: T.Type) -> str:
        s = t.text
        if "affine_" not in s:
            return s
        if isinstance(t, T.MemRefType):
            r = f"memref<{T._dims(t.shape)}{self.type_text(t.element_type)}"
            if t.layout is not None:
                r += ", " + self.attr_text(t.layout)
            if t.memory_space is not None:
                r += ", " + T._short_attr(t.memory_space)
            return r + ">"
        if isinstance(t, T.FunctionType):
            return self.function_type_text(list(t.inputs), list(t.results))
        if isinstance(t, T.TupleType):
            return "tuple<" + ", ".join(self.type_text(x) for x in t.types) + ">"
        return s

    def types(self, ts: list[T.Type]) -> str:
        return ", ".join(self.type_text(t) for t in ts)

    def function_type_text(self, ins: list[T.Type], outs: list[T.Type]) -> str:
        if len(outs) == 1 and not isinstance(outs[0], T.FunctionType):
            r = self.type_text(outs[0])
        else:
            r = "(" + self.types(outs) + ")"
        return f"({self.types(ins)}) -> {r}"

    def attr_dict_text(self, attrs: dict[str, A.Attribute], elided: tuple[str, ...] | set[str] = (),
                       with_keyword: bool = False) -> str:
        items = sorted((k, v) for k, v in attrs.items() if k not in elided)
        if not items:
            return ""
        body = A.dict_entries_text(items, self)
        return (" attributes {" if with_keyword else " {") + body + "}"

    # ----- operations -----------------------------------------------------------------------------
    _deferred: dict[int, list[tuple[Region, int, int, int, NameScope]]] | None = None  # compute_names

    def print_top(self, op: Operation) -> str:
        """``op`` and what it holds, aliases first: the text mlir-opt prints."""
        return "".join(self.print_top_pieces(op))

    def print_top_pieces(self, op: Operation) -> list[str] | Iterator[str]:
        """``print_top`` as pieces in order (``print_output.top_pieces``)."""
        return top_pieces(self, op)

    # ----- locations (--mlir-print-debuginfo) -----------------------------------------------------
    # Like AsmPrinter's AliasInitializer every location gets a `#loc` alias: numbered by nesting
    # depth, then first visit (pre-order: an op's location before its regions).  Op locations are
    # deferred (defined after the top op); block-argument locations print inline and their aliases
    # (nested ones used) come first.
    _locs: dict[tuple, list] | None = None  # node -> [index, depth, deferred]

    def _visit_loc(self, node: tuple, deferred: bool) -> list:
        from .locations import children

        locs = self._locs
        assert locs is not None  # set by print_top under --mlir-print-debuginfo
        ent = locs.get(node)
        if ent is not None:
            if not deferred and ent[2]:
                self._mark_non_deferred(node)
            return ent
        ent = [len(locs), 0, deferred]
        locs[node] = ent
        depth = 0
        for c in children(node):
            depth = max(depth, self._visit_loc(c, deferred)[1] + 1)
        ent[1] = depth
        return ent

    def _mark_non_deferred(self, node: tuple) -> None:
        from .locations import children

        assert self._locs is not None
        ent = self._locs[node]
        ent[2] = False
        for c in children(node):
            self._mark_non_deferred(c)

    def _loc_ref(self, node: tuple) -> str:
        assert self._locs is not None
        return f"\x00{self._locs[node][0]}\x00"

    def _finish_loc_aliases(self, body: str) -> tuple[str, list[tuple[str, str]], str]:
        import re

        from .locations import render

        assert self._locs is not None
        order = sorted(self._locs.items(), key=lambda kv: (kv[1][1], kv[1][0]))
        names: dict[int, str] = {}
        for i, (_node, ent) in enumerate(order):
            names[ent[0]] = "loc" if i == 0 else f"loc{i}"

        def sub(m: Any) -> str:
            return "#" + names[int(m.group(1))]

        head: list[tuple[str, str]] = []
        tail = ""
        for node, ent in order:
            if self.pretty_debuginfo:
                from .pretty_loc import pretty

                text = pretty(node, self._loc_ref)
            else:
                text = "loc(" + render(node, self._loc_ref) + ")"
            text = re.sub("\x00(\\d+)\x00", sub, text)
            if ent[2]:
                tail += f"#{names[ent[0]]} = {text}\n"
            else:
                head.append((names[ent[0]], text))
        return re.sub("\x00(\\d+)\x00", sub, body), head, tail

    def arg_loc_text(self, loc: Any) -> str:
        """` loc(...)` after a block argument: printed inline (nested locations may use aliases)."""
        if not self.debuginfo:
            return ""
        from .locations import node_of, render

        node = node_of(loc)
        if self.pretty_debuginfo:
            from .pretty_loc import pretty

            if self._locs is not None:
                self._visit_loc(node, False)
            return " " + pretty(node, self._loc_ref if self._locs is not None else None)
        if self._locs is None:
            return f" loc({render(node)})"
        self._visit_loc(node, False)
        return f" loc({render(node, self._loc_ref)})"

    def _prealias(self, op: Operation) -> None:
        """Number aliases as upstream's generic alias pass does: regions first, then the op's
        operand/result types, then its properties/attributes (post-order)."""
        for r in op.regions:
            for b in r.blocks:
                for a in b.args:
                    self.type_text(a.type)
                for o in b.ops:
                    self._prealias(o)
        od = op.opdef
        attrs = op.attributes
        props = {k: v for k, v in attrs.items() if od is not None and k in od.props} if od else (op.properties or {})
        rest = {k: v for k, v in attrs.items() if k not in props}
        for v in op.operands:
            self.type_text(v.type)
        for res in op.results:
            self.type_text(res.type)
        for d in (props, rest):
            if d:
                A.dict_entries_text(sorted(d.items()), self)

    def op_name_text(self, op: Operation) -> str:
        name = op.name
        d = self.default_dialects[-1]
        if name.startswith(d + ".") and (d != "builtin" or name == "builtin.module"):
            return name[len(d) + 1:]
        return name

    def loc_suffix(self, op: Operation) -> str:
        if not self.debuginfo:
            return ""
        from .locations import node_of, render

        node = node_of(op.loc)
        if self.pretty_debuginfo:  # the op's own location inline, nested ones through their aliases
            from .pretty_loc import pretty

            return " " + pretty(node, self._loc_ref if self._locs is not None and node in self._locs else None)
        if self._locs is not None and node in self._locs:
            return f" loc({self._loc_ref(node)})"
        return f" loc({render(node)})"

    def print_op(self, op: Operation, lines: list[str]) -> None:
        self._print_op(op, lines)
        if self.value_users:
            from .value_users import users_comment

            lines[-1] += users_comment(self, op)

    def _print_op(self, op: Operation, lines: list[str]) -> None:
        od = op.opdef
        if not self.debuginfo and not self.generic and not op.regions and not op.successors \
                and self._templated(od):
            res = (self.result_list(op) + " = ") if op.results else ""
            lines.append("  " * self.indent + res + self._format_text(op, od))
            return
        if self._locs is not None:
            from .locations import node_of

            self._visit_loc(node_of(op.loc), True)
        ind = "  " * self.indent
        res = ""
        if op.results:
            res = self.result_list(op) + " = "
        od = op.opdef
        if self.generic or od is None or (format_of(od) is None and getattr(od, "print_custom", None) is None):
            text = self.generic_op_text(op)
        else:
            custom = getattr(od, "print_custom", None)
            # like upstream, every op scopes its regions' default dialect ("" unless it has one)
            dd = getattr(od, "default_dialect", None) or ("builtin" if op.name == "builtin.module" else "")
            text = self.op_name_text(op)
            self.default_dialects.append(dd)
            try:
                text += custom(self, op) if custom is not None else self._by_format(od, op)
            finally:
                self.default_dialects.pop()
        lines.append(ind + res + text + self.loc_suffix(op))

    def _by_format(self, od: Any, op: Operation) -> str:
        """``op`` through its definition's assembly format (the caller checked there is one)."""
        fmt = format_of(od)
        assert fmt is not None
        return fmt.print(self, op)

    def _templated(self, od: Any) -> bool:
        """Whether ops of ``od`` (region-less, successor-less) print through ``_format_text``:
        assembly-format ops, and custom printers marked ``print_by_shape``."""
        ok = self._by_shape.get(od)
        if ok is None:
            ok = self._by_shape[od] = od is not None and (
                bool(getattr(od, "print_by_shape", False)) if getattr(od, "print_custom", None) is not None
                else format_of(od) is not None)
        return ok

    def _format_text(self, op: Operation, od: Any) -> str:
        """The text of a templated op from its name on, through a per-printer cache keyed by
        ``_shape_key``: the text is rendered once with the operands as placeholders, and only the
        operand names are filled in afterwards.  Not cached: repeated operands, values other than
        the op's operands printed, or new aliases defined while rendering."""
        operands = op.operands
        key = _shape_key(op, self.default_dialects[-1])
        tmpl = self._tmpl.get(key)
        if tmpl is None:
            tmpl = self._tmpl_v.get(_value_key(op, self.default_dialects[-1]))
        if tmpl is not None:
            value = self.value
            out = [tmpl[0]]
            for i, lit in tmpl[1]:
                out.append(value(operands[i]))
                out.append(lit)
            return "".join(out)
        name = self.op_name_text(op)
        custom = getattr(od, "print_custom", None)
        # like upstream, every op scopes its regions' default dialect ("" unless it has one)
        self.default_dialects.append(getattr(od, "default_dialect", None) or "")
        try:
            ids = [id(v) for v in operands]
            if len(set(ids)) != len(ids):
                return name + (custom(self, op) if custom is not None else self._by_format(od, op))
            real = self.value
            ok = [True]
            where = {k: i for i, k in enumerate(ids)}  # (a scan per operand: quadratic in a long list)

            def placeholder(v: Value) -> str:
                i = where.get(id(v))
                if i is not None:
                    return f"\x01{i}\x01"
                ok[0] = False
                return real(v)

            n_alias = len(self.alias_defs)
            self.value = placeholder  # type: ignore[method-assign]
            try:
                text = name + (custom(self, op) if custom is not None else self._by_format(od, op))
            finally:
                del self.value
        finally:
            self.default_dialects.pop()
        keep = ([v.type for v in operands], [r.type for r in op.results], list(op.attributes.values()),
                op.attributes)
        if "\x01" not in text:
            if ok[0] and len(self.alias_defs) == n_alias:
                self._tmpl[key] = self._tmpl_v[_value_key(op, self.default_dialects[-1])] = (text, (), keep)
            return text
        parts = text.split("\x01")
        if ok[0] and len(self.alias_defs) == n_alias and len(parts) % 2 == 1:
            self._tmpl[key] = self._tmpl_v[_value_key(op, self.default_dialects[-1])] = (
                parts[0], tuple((int(parts[k]), parts[k + 1]) for k in range(1, len(parts), 2)), keep)
        return "".join(p if k % 2 == 0 else real(operands[int(p)]) for k, p in enumerate(parts))

    def op_text(self, op: Operation) -> str:
        """A single op as text (used by nested printing); may span lines."""
        lines: list[str] = []
        self.print_op(op, lines)
        return self._expand("\n".join(lines))

    def result_list(self, op: Operation) -> str:
        groups = self.groups.get(id(op))
        n = len(op.results)
        if groups is None:
            if n == 1:
                return self.uses.get(op.results[0]) or "%<<UNKNOWN SSA VALUE>>"
            return "%" + self.names.get(id(op.results[0]), "<<UNKNOWN SSA VALUE>>") + f":{n}"
        parts = []
        for gi, start in enumerate(groups):
            end = groups[gi + 1] if gi + 1 < len(groups) else n
            s = "%" + self.names[id(op.results[start])]
            if end - start > 1:
                s += f":{end - start}"
            parts.append(s)
        return ", ".join(parts)

    def generic_op_text(self, op: Operation) -> str:
        s = '"' + op.name + '"(' + self.values(op.operands) + ")"
        if op.successors:
            s += "[" + ", ".join(self.block_name(b) for b in op.successors) + "]"
        od = op.opdef
        if not op.attributes and (od is not None or not op.properties):
            props = attrs = {}
        elif od is not None:
            props = {k: v for k, v in op.attributes.items() if k in od.props}
            attrs = {k: v for k, v in op.attributes.items() if k not in od.props}
        else:
            props = op.properties or {}
            attrs = op.attributes
        if props:
            s += " <{" + A.dict_entries_text(sorted(props.items()), self) + "}>"
        if op.regions:
            s += " (" + ", ".join(self.region_text(r, True, True, True) for r in op.regions) + ")"
        if attrs:
            s += " {" + A.dict_entries_text(sorted(attrs.items()), self) + "}"
        s += " : " + self.function_type_text([v.type for v in op.operands], [r.type for r in op.results])
        return s

    # ----- regions --------------------------------------------------------------------------------
    def region_text(self, region: Region, print_entry_args: bool = True, print_terminators: bool = True,
                    print_empty_block: bool = False, generic: bool = False) -> str:
        """``{`` newline blocks ``}`` at the current indent."""
        if self.skip_regions:
            return "{...}"
        ind = "  " * self.indent
        lines = ["{"]
        if region.blocks:
            entry = region.blocks[0]
            always = (print_empty_block and not entry.ops) or (print_entry_args and bool(entry.args))
            preds = _region_preds(region)
            self._print_block(entry, always, print_terminators, lines, preds)
            for b in region.blocks[1:]:
                self._print_block(b, True, True, lines, preds)
        lines.append(ind + "}")
        return self.region_texts.add("\n".join(lines))

    def _expand(self, text: str) -> str:
        """``text`` with every region placeholder replaced by the region's text, recursively; each
        region's text is split once, so the cost is linear in the output."""
        if "\x02" not in text:
            return text
        return "".join(self.region_texts.expand(text))

    def _print_block(self, b: Block, print_header: bool, print_terminator: bool, lines: list[str],
                     region_preds: dict[int, list[Block]]) -> None:
        ind = "  " * self.indent
        if print_header:
            h = ind + self.block_name(b)
            if b.args:
                parts = []
                for a in b.args:
                    p = self.value(a) + ": " + self.type_text(a.type)
                    p += self.arg_loc_text(a.loc)
                    parts.append(p)
                h += "(" + ", ".join(parts) + ")"
            h += ":"
            preds = region_preds.get(id(b), [])
            if not preds:
                if not b.is_entry():
                    h += "  // no predecessors"
            elif len(preds) == 1:
                h += "  // pred: " + self.block_name(preds[0])
            else:  # (in block order, one per edge, as Block.predecessors gives them)
                h += f"  // {len(preds)} preds: " + ", ".join(self.block_name(x) for x in preds)
            lines.append(h)
        self.indent += 1
        ops = b.ops
        if not print_terminator and ops and ops[-1].is_terminator():
            ops = ops[:-1]
        if self.value_users:
            from .value_users import block_arg_comment

            lines.extend("  " * self.indent + block_arg_comment(self, a) for a in b.args)
        if self.debuginfo or self.generic or self.value_users:
            for op in ops:
                self.print_op(op, lines)
            self.indent -= 1
            return
        ind = "  " * self.indent
        tmpl = self._tmpl
        tmpl_v = self._tmpl_v
        uses = self.uses
        dd = self.default_dialects[-1]
        for op in ops:  # templated ops inline (see _format_text), everything else through print_op
            if not op.regions and not op.successors:
                operands = op.operands
                res = op.results
                attrs = op.attributes
                if attrs.__class__ is SharedAttributes and len(res) == 1 and len(operands) < 3:
                    # _shape_key of the commonest lowered ops, inlined (the same tuple)
                    if not operands:
                        key: tuple = (op.opdef, dd, None, id(res[0].type), id(attrs))
                    elif len(operands) == 1:
                        key = (op.opdef, dd, id(operands[0].type), None, id(res[0].type), id(attrs))
                    else:
                        key = (op.opdef, dd, id(operands[0].type), id(operands[1].type), None, id(res[0].type),
                               id(attrs))
                    ent = tmpl.get(key)
                else:
                    ent = tmpl.get(_shape_key(op, dd))
                if ent is None:  # objects built by a pass: the same shape by value
                    ent = tmpl_v.get(_value_key(op, dd))
                if ent is not None:
                    if len(res) == 1:
                        out = [ind, uses.get(res[0]) or self.result_list(op), " = ", ent[0]]
                    elif res:
                        out = [ind, self.result_list(op), " = ", ent[0]]
                    else:
                        out = [ind, ent[0]]
                    for i, lit in ent[1]:
                        v = operands[i]
                        out.append(uses.get(v) or self.value(v))
                        out.append(lit)
                    lines.append("".join(out))
                    continue
            self.print_op(op, lines)
        self.indent -= 1

    def successor_text(self, b: Block, operands: list[Value]) -> str:
        s = self.block_name(b)
        if operands:
            s += "(" + self.values(operands) + " : " + self.types([v.type for v in operands]) + ")"
        return s


def print_module(op: Operation, generic: bool = False, debuginfo: bool = False, local_scope: bool = False,
                 elide_if_larger: int | None = None, hex_if_larger: int | None = 100,
                 pretty_debuginfo: bool = False, value_users: bool = False) -> str:
    pr = Printer(generic, debuginfo)
    pr.local_scope = local_scope
    pr.pretty_debuginfo = pretty_debuginfo
    pr.value_users = value_users
    pr.elide_if_larger, pr.hex_if_larger = elide_if_larger, hex_if_larger
    return pr.print_top(op)


def print_module_pieces(op: Operation, generic: bool = False, debuginfo: bool = False, local_scope: bool = False,
                        elide_if_larger: int | None = None, hex_if_larger: int | None = 100,
                        pretty_debuginfo: bool = False, value_users: bool = False,
                        spill_after: int | None = None, **flags: bool) -> list[str] | Iterator[str]:
    """``print_module`` as pieces (``Printer.print_top_pieces``): for writing out without joining;
    ``spill_after``: see ``RegionTexts`` (the pieces can then be iterated once)."""
    pr = Printer(generic, debuginfo)
    pr.region_texts.spill_after = spill_after
    pr.local_scope = local_scope
    pr.pretty_debuginfo = pretty_debuginfo
    pr.value_users = value_users
    pr.elide_if_larger, pr.hex_if_larger = elide_if_larger, hex_if_larger
    for k, v in flags.items():  # skip_regions, unique_ids, nameloc_prefix
        setattr(pr, k, v)
    return pr.print_top_pieces(op)


def _unused(x: Any) -> None:  # pragma: no cover
    pass
