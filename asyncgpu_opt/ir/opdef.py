"""Declarative op definitions and the op registry.

One small class per op::

    class MemcpyOp(OpDef):
        name = "gpu.memcpy"
        operands = (variadic("asyncDependencies", gpu_async_token), single("dst"), single("src"))
        results = (optional("asyncToken", gpu_async_token),)
        assembly_format = ("custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) "
                           "$dst`,` $src `:` type($dst)`,` type($src) attr-dict")

Operand/result groups are ``single`` / ``optional`` / ``variadic``; ``props`` lists inherent
attribute names (printed in ``<{...}>`` in generic form).  The format string is compiled on first use by
``syntax.format.format_of`` (``ir/`` knows no syntax).  Dialect modules are imported lazily on first lookup.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..records import FrozenRecord
from .attributes import Attribute, DenseArrayAttr
from .core import Operation, SharedAttributes
from .registry import (  # noqa: F401  (re-exported: the registry's public names)
    _DIALECT_MODULES,
    _REGISTRY,
    is_known_dialect,
    known_dialects,
    load_dialect,
    lookup_opdef,
    register,
)
from .types import Type, i32

_type_text = operator.attrgetter("type.text")  # value -> its type's canonical text


def shape_key(op: Operation) -> tuple:
    """What ``OpDef.verify_all`` remembers of an op that passed: operand and result types,
    region and successor counts, attributes.  A shared attribute dict (read-only) stands for its
    attribute set by its serial number (hashing the attributes is a Python call per attribute)."""
    attrs = op.attributes
    return (tuple(map(_type_text, op.operands)), tuple(map(_type_text, op.results)), len(op.regions),
            len(op.successors),
            attrs.serial if attrs.__class__ is SharedAttributes else tuple(attrs.items()) if attrs else ())
# OpDef._fixed_slices per class: (table, the group tuple it was computed for, number of single groups)
_FIXED_OPERANDS: dict[type, tuple[Any, Any, int]] = {}
_FIXED_RESULTS: dict[type, tuple[Any, Any, int]] = {}
# set_operand_group's operandSegmentSizes by sizes: one shared instance each (attributes are immutable)
_SEGMENT_ATTRS: dict[tuple[int, ...], DenseArrayAttr] = {}
# group_reader: (class, "operands" | "results", group name) -> (the class's group list it was made for, reader)
_READERS: dict[tuple[type, str, str], tuple[Any, Callable[[Operation], Sequence[Any]]]] = {}


class VerifyError(Exception):
    """An op-verifier failure; ``op`` is the offending op (for the location)."""

    def __init__(self, message: str, op: Operation | None = None, notes: Sequence[tuple[Any, str]] = (),
                 raw: bool = False, parse_time: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.op = op
        self.notes = list(notes)
        self.raw = raw  # emitError (no "'name' op " prefix) rather than emitOpError
        # a check upstream makes while parsing (verifyInherentAttrs): no "see current operation" note
        self.parse_time = parse_time


class Arg(FrozenRecord):
    __slots__ = ("name", "kind", "type")

    def __init__(self, name: str, kind: str, type: Type | None = None) -> None:
        self.name = name
        self.kind = kind  # "single" | "optional" | "variadic"
        self.type = type  # fixed type (lets the parser infer it)


def single(name: str, type: Type | None = None) -> Arg:
    return Arg(name, "single", type)


def optional(name: str, type: Type | None = None) -> Arg:
    return Arg(name, "optional", type)


def variadic(name: str, type: Type | None = None) -> Arg:
    return Arg(name, "variadic", type)


class _CompiledFormat:
    """``cls._format``: the op's compiled assembly format (or None), for dialect code written
    against it; ``syntax.format.format_of`` is the way in.  The syntax layer installs ``compile``
    when it loads (``ir/`` imports no syntax), before anything is parsed or printed."""

    compile: Callable[[Any], Any] | None = None

    def __get__(self, obj: Any, cls: Any) -> Any:
        if cls.assembly_format is None:
            return None
        if _CompiledFormat.compile is None:
            raise RuntimeError("assembly formats need asyncgpu_opt.syntax.format (import it first)")
        return _CompiledFormat.compile(cls)


class OpDef:
    """Base class of op definitions; subclasses are registered by ``name``."""

    name: ClassVar[str] = ""
    operands: ClassVar[tuple[Arg, ...]] = ()
    results: ClassVar[tuple[Arg, ...]] = ()
    props: ClassVar[tuple[str, ...]] = ()
    regions: ClassVar[tuple[str, ...]] = ()
    num_successors: ClassVar[int | None] = 0  # None = variadic
    traits: ClassVar[frozenset[str]] = frozenset()
    assembly_format: ClassVar[str | None] = None
    # parse-time type inference: var name -> function(types_by_name) -> Type | list[Type]
    infer: ClassVar[dict[str, Callable[[dict[str, Any]], Any]]] = {}
    # asm result names: function(op) -> list of names (or None) per result
    asm_names: ClassVar[Callable[[Operation], list[str | None]] | None] = None
    default_attrs: ClassVar[dict[str, Attribute]] = {}
    # ODS ``DefaultValuedOptionalAttr``: not added when absent, left out of ``attr-dict`` at its default
    optional_defaults: ClassVar[dict[str, Attribute]] = {}
    summary: ClassVar[str] = ""
    implicit_terminator: ClassVar[str | None] = None  # name of an elided terminator
    unit_attrs: ClassVar[tuple[str, ...]] = ()  # unit attributes anchoring optional groups
    attr_printers: ClassVar[dict[str, Callable[[Any, Attribute], str]]] = {}
    attr_parsers: ClassVar[dict[str, Callable[[Any, bool], Attribute | None]]] = {}
    default_dialect: ClassVar[str | None] = None  # dialect prefix elided inside the op's regions
    # True when ``verify`` reads only the op's operand/result types and attributes (no parent, no
    # defining ops, no symbols, no regions): then passing shapes skip it (``verify_all``)
    shape_verified: ClassVar[bool] = False
    # True when ``verify`` reads only the op's types, attributes and the symbols it references
    # (resolved from its nearest symbol table, as ``llvm.call``'s callee): the verifier then skips
    # ops of a block with the shape of one that passed in the same block (same symbol table,
    # nothing changes while verifying)
    symbol_verified: ClassVar[bool] = False
    # True when ``print_custom`` of a region-less op reads only its types and attributes and prints
    # operands through ``Printer.value``: then it is printed through the printer's templates
    print_by_shape: ClassVar[bool] = False
    # op facts read through ``analysis/interfaces.py``: memory effects on memref values as
    # (kind, group) pairs, kind "read" | "write" | "alloc" | "free" | "expose" (the address leaves
    # the memref world), group an operand/result group name; ``None`` = not modelled (the op may
    # touch any memory it can reach).  ``view_source``: view-like op, the operand group it views.
    effects: ClassVar[tuple[tuple[str, str], ...] | None] = None
    view_source: ClassVar[str | None] = None
    # the op is one call of a runtime library, declared as data (``dialects/gpu_runtime.py``,
    # ``RuntimeCall``): gpu-to-runtime lowers it and ``--run`` executes it from that alone
    runtime_call: ClassVar[Any] = None
    # the op's folder (``dialects/_fold.py`` gives the contract): fold(op, operand constants) ->
    # None (no fold), [] (changed in place) or one Value/Attribute per result
    fold: ClassVar[Callable[[Operation, list[Any]], list[Any] | None] | None] = None
    # BranchOpInterface: the operand group forwarded to each successor, in successor order
    # (``cf.br``: ``("destOperands",)``); ops with another layout override ``successor_operand_range``
    # and ``set_successor_operands``.
    successor_groups: ClassVar[tuple[str, ...]] = ()
    # RegionBranchOpInterface: how often the op's regions run, "loop" (LoopLikeOpInterface: any
    # number of times), "one" (exactly one region runs, once), "at-most-one" or "async" (the body
    # runs later, as an async task); ``None``: not a region-branch op.  See ``region_control``.
    region_runs: ClassVar[str | None] = None

    _format: ClassVar[Any] = _CompiledFormat()
    _operand_index: ClassVar[dict[str, int]] = {}
    _result_index: ClassVar[dict[str, int]] = {}
    # per-class caches, read through ``cls.__dict__`` (never inherited)
    _needs_oseg: ClassVar[bool]
    _needs_rseg: ClassVar[bool]
    _structinfo: ClassVar[tuple[Any, ...]]
    _verified_all: ClassVar[tuple[Any, ...]]
    _verified_shapes: ClassVar[tuple[Any, ...]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if not cls.name:
            return
        cls._operand_index = {a.name: i for i, a in enumerate(cls.operands)}
        cls._result_index = {a.name: i for i, a in enumerate(cls.results)}
        register(cls.name, cls)

    # ----- segments ----------------------------------------------------------------------------
    @classmethod
    def needs_operand_segments(cls) -> bool:
        v = cls.__dict__.get("_needs_oseg")
        if v is None:
            v = sum(1 for a in cls.operands if a.kind != "single") > 1
            cls._needs_oseg = v
        return v

    @classmethod
    def needs_result_segments(cls) -> bool:
        v = cls.__dict__.get("_needs_rseg")
        if v is None:
            v = sum(1 for a in cls.results if a.kind != "single") > 1
            cls._needs_rseg = v
        return v

    @classmethod
    def _seg_info(cls, args: tuple[Arg, ...], attr: str) -> tuple[Any, ...]:
        """(number of non-single groups, static sizes, number of singles, first non-single index),
        computed once per class and group list."""
        key = "_seginfo_" + attr
        info = cls.__dict__.get(key)
        if info is None or info[4] is not args:
            sizes = tuple(1 if a.kind == "single" else 0 for a in args)
            first = next((i for i, a in enumerate(args) if a.kind != "single"), -1)
            info = (len(args) - sum(sizes), sizes, sum(sizes), first, args)
            setattr(cls, key, info)
        return info

    @classmethod
    def _segments(cls, args: tuple[Arg, ...], total: int, op: Operation, attr: str) -> list[int]:
        nvar, sizes, nsingle, first, _ = cls._seg_info(args, attr)
        if nvar > 1:
            seg = op.attributes.get(attr)
            if isinstance(seg, DenseArrayAttr):
                return [int(v) for v in seg.values]
            # fall back: optional groups empty, first variadic takes the rest
        out = list(sizes)
        if first >= 0:
            out[first] = total - nsingle
        return out

    @classmethod
    def operand_segments(cls, op: Operation) -> list[int]:
        return cls._segments(cls.operands, len(op.operands), op, "operandSegmentSizes")

    @classmethod
    def result_segments(cls, op: Operation) -> list[int]:
        return cls._segments(cls.results, len(op.results), op, "resultSegmentSizes")

    @classmethod
    def _fixed_slices(cls, args: tuple[Arg, ...], attr: str, base: Any) -> tuple[Any, int]:
        """For a class with at most one non-single group in ``args`` and the default segment
        function: (group name -> (start before the variable group's extra length, whether it lies
        after the variable group, its length or -1 for the variable group), number of single
        groups); the table is ``None`` otherwise.  Computed once per class and group list."""
        cache = _FIXED_OPERANDS if attr == "operandSegmentSizes" else _FIXED_RESULTS
        c = cache.get(cls)
        if c is None or c[1] is not args:
            nvar, sizes, _, first, _ = cls._seg_info(args, attr)
            table = None
            seg_fn = cls.operand_segments if attr == "operandSegmentSizes" else cls.result_segments
            if nvar <= 1 and seg_fn.__func__ is base:  # type: ignore[attr-defined]
                table = {a.name: (sum(sizes[:i]), 0 <= first < i, -1 if i == first else sizes[i])
                         for i, a in enumerate(args)}
            c = cache[cls] = (table, args, len(args) - nvar)
        return c[0], c[2]

    @classmethod
    def operand_group(cls, op: Operation, name: str) -> list[Any]:
        c = _FIXED_OPERANDS.get(cls)  # (_fixed_slices inlined: called for every group read)
        if c is not None and c[1] is cls.operands:
            fixed, nsingle = c[0], c[2]
        else:
            fixed, nsingle = cls._fixed_slices(cls.operands, "operandSegmentSizes", _BASE_OPERAND_SEGMENTS)
        if fixed is not None:
            start, after_var, n = fixed[name]
            ops = op.operands
            extra = len(ops) - nsingle
            if after_var:
                start += extra
            return ops[start: start + (extra if n < 0 else n)]
        idx = cls._operand_index[name]
        if cls.operand_segments.__func__ is _BASE_OPERAND_SEGMENTS:  # type: ignore[attr-defined]  # not overridden
            nvar, sizes, nsingle, first, _ = cls._seg_info(cls.operands, "operandSegmentSizes")
            seg = op.attributes.get("operandSegmentSizes") if nvar > 1 else None
            if not isinstance(seg, DenseArrayAttr):  # `_segments`' fall-back, without the list
                start = sum(sizes[:idx])
                if 0 <= first < idx:
                    start += len(op.operands) - nsingle
                return op.operands[start: start + (len(op.operands) - nsingle if idx == first else sizes[idx])]
            seg = seg.values
        else:
            seg = cls.operand_segments(op)
        start = int(sum(seg[:idx]))
        return op.operands[start: start + int(seg[idx])]

    @classmethod
    def result_group(cls, op: Operation, name: str) -> Sequence[Any]:
        c = _FIXED_RESULTS.get(cls)
        if c is not None and c[1] is cls.results:
            fixed, nsingle = c[0], c[2]
        else:
            fixed, nsingle = cls._fixed_slices(cls.results, "resultSegmentSizes", _BASE_RESULT_SEGMENTS)
        if fixed is not None:
            start, after_var, n = fixed[name]
            res = op.results
            extra = len(res) - nsingle
            if after_var:
                start += extra
            return res[start: start + (extra if n < 0 else n)]
        idx = cls._result_index[name]
        seg = cls.result_segments(op)
        start = sum(seg[:idx])
        return op.results[start: start + seg[idx]]

    @classmethod
    def group_reader(cls, kind: str, name: str) -> Callable[[Operation], Sequence[Any]]:
        """A function giving ``operand_group(op, name)`` (``kind`` "operands") or
        ``result_group(op, name)`` ("results") of an op of this class, made once per class and
        group: for a hot loop reading one group of many ops (a slice with fixed bounds, or bounds
        read off the segment sizes), without the per-call table lookups."""
        args = cls.operands if kind == "operands" else cls.results
        got = _READERS.get((cls, kind, name))
        if got is None or got[0] is not args:
            got = _READERS[(cls, kind, name)] = (args, cls._make_reader(kind, name))
        return got[1]

    @classmethod
    def _make_reader(cls, kind: str, name: str) -> Callable[[Operation], Sequence[Any]]:
        general: Callable[[Operation, str], Sequence[Any]]
        if kind == "operands":
            fixed, nsingle = cls._fixed_slices(cls.operands, "operandSegmentSizes", _BASE_OPERAND_SEGMENTS)
            general = cls.operand_group
            get = operator.attrgetter("operands")
        else:
            fixed, nsingle = cls._fixed_slices(cls.results, "resultSegmentSizes", _BASE_RESULT_SEGMENTS)
            general = cls.result_group
            get = operator.attrgetter("results")
        if fixed is not None:
            start, after_var, n = fixed[name]
            if n < 0 and kind == "operands" and start == 0:  # (asyncDependencies: the most read group)
                return lambda op: (vs := op.operands)[: len(vs) - nsingle]
            if n < 0 and kind == "results":  # (asyncToken)
                return lambda op: (vs := op.results)[start: start + len(vs) - nsingle]
            if n < 0:  # the variadic group itself: what the singles leave
                return lambda op: (vs := get(op))[start: start + len(vs) - nsingle]
            if not after_var:
                return lambda op: get(op)[start: start + n]
            return lambda op: (vs := get(op))[start + len(vs) - nsingle: start + len(vs) - nsingle + n]
        if (kind == "operands" and cls.operands and name == cls.operands[0].name
                and cls.operand_segments.__func__ is _BASE_OPERAND_SEGMENTS):  # type: ignore[attr-defined]
            def first(op: Operation) -> Sequence[Any]:  # the first group: as long as its segment says
                seg = op.attributes.get("operandSegmentSizes")
                return op.operands[: int(seg.values[0])] if type(seg) is DenseArrayAttr else general(op, name)
            return first
        return lambda op: general(op, name)

    @classmethod
    def get_named(cls, op: Operation, name: str) -> Any:
        """``op.<name>``: an operand/result group (single → value or None) or attribute."""
        if name in cls._operand_index:
            g = cls.operand_group(op, name)
            return g if cls.operands[cls._operand_index[name]].kind == "variadic" else (g[0] if g else None)
        if name in cls._result_index:
            rg = cls.result_group(op, name)
            return rg if cls.results[cls._result_index[name]].kind == "variadic" else (rg[0] if rg else None)
        if name in cls.props or name in op.attributes:
            return op.attributes.get(name)
        raise AttributeError(f"{cls.name} has no operand, result or attribute '{name}'")

    @classmethod
    def build(cls, operands: dict[str, Any] | None = None, results: dict[str, Any] | None = None,
              attributes: dict[str, Attribute] | None = None, regions: Sequence[Any] | int = (),
              successors: Sequence[Any] = (), loc: Any = None) -> Operation:
        """Create an op from named groups: ``build(operands={"asyncDependencies": [t]}, ...)``.
        Group values: a Value, None (absent optional) or a list.  ``results`` maps names to types
        (or lists of types / None)."""
        operands = operands or {}
        results = results or {}
        flat_ops: list[Any] = []
        seg: list[int] = []
        for a in cls.operands:
            v = operands.get(a.name, [] if a.kind != "single" else None)
            vs = v if isinstance(v, list | tuple) else ([] if v is None else [v])
            if a.kind == "single" and len(vs) != 1:
                raise ValueError(f"{cls.name}: operand '{a.name}' is required")
            flat_ops.extend(vs)
            seg.append(len(vs))
        flat_res: list[Type] = []
        rseg: list[int] = []
        for a in cls.results:
            t = results.get(a.name, [] if a.kind != "single" else a.type)
            ts = t if isinstance(t, list | tuple) else ([] if t is None else [t])
            if a.kind == "single" and len(ts) != 1:
                raise ValueError(f"{cls.name}: result '{a.name}' needs a type")
            flat_res.extend(ts)
            rseg.append(len(ts))
        attrs = dict(attributes or {})
        if cls.needs_operand_segments():
            attrs["operandSegmentSizes"] = DenseArrayAttr(i32, seg)
        if cls.needs_result_segments():
            attrs["resultSegmentSizes"] = DenseArrayAttr(i32, rseg)
        return Operation.create(cls.name, flat_ops, flat_res, attrs, regions, successors, loc, opdef=cls)

    @classmethod
    def set_operand_group(cls, op: Operation, name: str, values: Sequence[Any]) -> None:
        """Replace one operand group (keeps ``operandSegmentSizes`` in sync)."""
        cur = op.attributes.get("operandSegmentSizes")
        if (type(cur) is DenseArrayAttr and cls.needs_operand_segments()
                and cls.operand_segments.__func__ is _BASE_OPERAND_SEGMENTS):  # type: ignore[attr-defined]
            seg = [int(v) for v in cur.values]  # (what operand_segments reads, without its tables)
        else:
            seg = cls.operand_segments(op)
        idx = cls._operand_index[name]
        start = sum(seg[:idx])
        new = op.operands[:start] + list(values) + op.operands[start + seg[idx]:]
        seg[idx] = len(values)
        op.set_operands(new)
        if cls.needs_operand_segments():  # a new dict: ops may share one (see Operation)
            key = tuple(seg)
            attr = _SEGMENT_ATTRS.get(key)
            if attr is None:
                attr = _SEGMENT_ATTRS[key] = DenseArrayAttr(i32, key)
            op.attributes = {**op.attributes, "operandSegmentSizes": attr}

    # ----- interfaces ----------------------------------------------------------------------------
    @classmethod
    def successor_operand_range(cls, op: Operation, i: int) -> tuple[int, int]:
        """BranchOpInterface: the ``[start, end)`` operand indices forwarded to successor ``i``."""
        idx = cls._operand_index[cls.successor_groups[i]]
        seg = cls.operand_segments(op)
        start = int(sum(seg[:idx]))
        return start, start + int(seg[idx])

    @classmethod
    def successor_operands(cls, op: Operation, i: int) -> list[Any]:
        lo, hi = cls.successor_operand_range(op, i)
        return op.operands[lo:hi]

    @classmethod
    def set_successor_operands(cls, op: Operation, i: int, values: Sequence[Any]) -> None:
        """Replace the operands forwarded to successor ``i``."""
        cls.set_operand_group(op, cls.successor_groups[i], values)

    @classmethod
    def region_control(cls, op: Operation) -> str | None:
        """RegionBranchOpInterface: ``region_runs`` for this op (overridden where it depends on the
        op, as ``scf.if``: with an else region exactly one region runs)."""
        return cls.region_runs

    # ----- verification --------------------------------------------------------------------------
    @classmethod
    def _struct_info(cls) -> tuple[Any, ...]:
        """Per-class counts used by ``verify_structure`` (computed once per class)."""
        info = cls.__dict__.get("_structinfo")
        if info is None or info[-2] is not cls.operands or info[-1] is not cls.results:
            ops, res = cls.operands, cls.results
            info = (sum(1 for a in ops if a.kind == "single"), any(a.kind == "variadic" for a in ops),
                    any(a.kind == "optional" for a in ops), sum(1 for a in res if a.kind == "single"),
                    any(a.kind != "single" for a in res), tuple(a for a in ops if a.type is not None),
                    tuple(a for a in res if a.type is not None), ops, res)
            cls._structinfo = info
        return info[:7]

    @classmethod
    def passed_shapes(cls) -> set[tuple] | None:
        """The shapes (``shape_key``) of ops of this class that passed ``verify_all``, or ``None``
        when the class's checks depend on more than the shape (nothing is remembered).  The
        verifier reads it to skip the call for a shape that passed; only ``verify_all`` adds to it."""
        st = cls.__dict__.get("_verified_all")
        if st is None or st[1] is not cls.operands or st[2] is not cls.results:
            # (a class without a verifier of its own has only the structural checks: shape-verified)
            cacheable = (cls.shape_verified or getattr(cls.verify, "__func__", None) is _BASE_VERIFY) \
                and not overrides_segments(cls)
            st = cls._verified_all = (set() if cacheable else None, cls.operands, cls.results)
        return st[0]

    @classmethod
    def verify_all(cls, op: Operation) -> None:
        """``verify_structure`` then ``verify``; for ``shape_verified`` classes both are skipped
        for a shape (operand and result types, region/successor counts, attributes) that passed."""
        st = cls.__dict__.get("_verified_all")
        seen = st[0] if st is not None and st[1] is cls.operands and st[2] is cls.results else cls.passed_shapes()
        if seen is None:
            cls.verify_structure(op)
            cls.verify(op)
            return
        key = shape_key(op)
        if key in seen:
            return
        cls.verify_structure(op)
        cls.verify(op)
        seen.add(key)

    @classmethod
    def verify_structure(cls, op: Operation) -> None:
        """Operand/result counts, fixed types, region and successor counts.  The outcome depends
        only on the op's shape, so shapes that passed are remembered (per class, when the segment
        functions are not overridden) and skip the checks."""
        vs = cls.__dict__.get("_verified_shapes")
        if vs is None or vs[1] is not cls.operands or vs[2] is not cls.results or vs[3] is not cls.regions \
                or vs[4] != cls.num_successors:
            vs = cls._verified_shapes = (None if overrides_segments(cls) else set(), cls.operands, cls.results,
                                         cls.regions, cls.num_successors)
        if vs[0] is None:  # the class computes its own segments: nothing is remembered
            cls._verify_structure(op)
            return
        attrs = op.attributes
        key = (tuple(map(_type_text, op.operands)), tuple(map(_type_text, op.results)),
               len(op.regions), len(op.successors),
               attrs.get("operandSegmentSizes") if attrs else None,
               attrs.get("resultSegmentSizes") if attrs else None)
        if key in vs[0]:
            return
        cls._verify_structure(op)
        vs[0].add(key)

    @classmethod
    def _verify_structure(cls, op: Operation) -> None:
        """In the order of ODS's count traits (regions, results, successors, operands) with the
        texts of ``OpTrait::impl::verify{Zero,One,N,AtLeastN}{Regions,Results,Operands}``."""
        n_single, has_var, has_opt, r_single, r_var, typed_ops, typed_res = cls._struct_info()
        n_regions = len(cls.regions)
        if len(op.regions) != n_regions:
            raise VerifyError("requires zero regions" if n_regions == 0 else "requires one region"
                              if n_regions == 1 else f"expected {n_regions} regions", op)
        n_res = len(op.results)
        if not cls.needs_result_segments():
            if (not r_var and n_res != r_single) or n_res < r_single:
                if r_var:
                    raise VerifyError(f"expected {r_single} or more results, but found {n_res}", op)
                raise VerifyError("requires zero results" if r_single == 0 else "requires one result"
                                  if r_single == 1 else f"expected {r_single} results", op)
        if cls.num_successors is not None and len(op.successors) != cls.num_successors:
            k = cls.num_successors
            raise VerifyError(f"requires {k} successor{'' if k == 1 else 's'} but found {len(op.successors)}", op)
        n_ops = len(op.operands)
        if cls.needs_operand_segments():
            seg = op.attributes.get("operandSegmentSizes")
            if not isinstance(seg, DenseArrayAttr):
                raise VerifyError("'operandSegmentSizes' attribute for specifying operand segments must "
                                  f"have {len(cls.operands)} elements", op)
            if len(seg.values) != len(cls.operands):
                raise VerifyError("'operandSegmentSizes' attribute for specifying operand segments must "
                                  f"have {len(cls.operands)} elements, but got {len(seg.values)}", op)
            if sum(seg.values) != n_ops:
                raise VerifyError(f"operand count ({n_ops}) does not match with the total size "
                                  f"({sum(seg.values)}) specified in attribute 'operandSegmentSizes'", op)
        else:
            if (not has_var and not has_opt and n_ops != n_single) or n_ops < n_single or (
                    has_opt and not has_var and n_ops > n_single + 1):
                if has_var or has_opt:
                    raise VerifyError(f"expected {n_single} or more operands, but found {n_ops}", op)
                raise VerifyError("requires zero operands" if n_single == 0 else "requires a single operand"
                                  if n_single == 1 else f"expected {n_single} operands, but found {n_ops}", op)
        for a in typed_ops:
            if a.type is not None:
                for v in cls.operand_group(op, a.name):
                    if v.type != a.type:
                        raise VerifyError(f"operand #{op.operands.index(v)} must be {_describe(a.type)}, "
                                          f"but got '{v.type}'", op)
        for a in typed_res:
            if a.type is not None:
                for r in cls.result_group(op, a.name):
                    if r.type != a.type:
                        raise VerifyError(f"result #{r.index} must be {_describe(a.type)}, but got "
                                          f"'{r.type}'", op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        """Op-specific checks (override); raise ``VerifyError`` with MLIR's message text."""

    @classmethod
    def verify_parent(cls, op: Operation) -> None:
        """The ``HasParent`` check of an op whose ODS traits list it before ``Terminator``: the
        verifier runs it before 'must be the last operation in the parent block' (override)."""

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        """Checks upstream makes in ``verifyRegions``: run after the op's regions (and the ops in
        them) have been verified (override)."""


_BASE_VERIFY = OpDef.verify.__func__  # type: ignore[attr-defined]
_BASE_OPERAND_SEGMENTS = OpDef.operand_segments.__func__  # type: ignore[attr-defined]
_BASE_RESULT_SEGMENTS = OpDef.result_segments.__func__  # type: ignore[attr-defined]


def overrides_segments(cls: type[OpDef]) -> bool:
    """Whether ``cls`` computes its own operand or result segments (then nothing is cached)."""
    return (getattr(cls.operand_segments, "__func__", None) is not _BASE_OPERAND_SEGMENTS
            or getattr(cls.result_segments, "__func__", None) is not _BASE_RESULT_SEGMENTS)


def _describe(t: Type) -> str:
    s = str(t)
    if s in ("!gpu.async.token", "!async.token"):
        return "async token type"
    if s == "!async.group":
        return "async group type"
    if s == "index":
        return "index"
    return f"'{s}'"
