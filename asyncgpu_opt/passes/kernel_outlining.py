"""gpu-kernel-outlining: ``gpu.launch`` -> ``gpu.module`` + ``gpu.func kernel`` + ``gpu.launch_func``.

As upstream: for each ``gpu.launch`` in a function ``@f`` a ``gpu.module @f_kernel`` (uniqued with
``_0``, ``_1``, ...) holding ``gpu.func @f_kernel(captured...) kernel`` is appended to the module.
Values used in the body but defined above become kernel arguments (in first-use order) and
``gpu.launch_func`` operands; the region's id/size arguments become ``gpu.block_id`` /
``gpu.thread_id`` / ``gpu.grid_dim`` / ``gpu.block_dim`` ops; workgroup/private attributions move to
the ``gpu.func``; constant sizes set ``known_block_size`` / ``known_grid_size``; async dependencies
and the token are preserved; the module gets ``gpu.container_module``.

Symbols the kernel references (``func.call @f``, ``memref.get_global @g``, ...: every flat
symbol reference in its ops' attributes, arrays and dictionaries included) are cloned from the
module into the ``gpu.module``, and theirs in turn (upstream's ``createKernelModule`` worklist:
clones appended in the order found, a name the ``gpu.module`` already has is not cloned again, a
name the module does not define is left alone).  A nested reference ``@m::@f`` whose root the
module defines cannot be resolved inside the kernel module: a located error.  Those two cases are
upstream's later behaviour; 22.1.8 crashes on both.

Linear in the module: symbol names are uniqued from a table of the module's names kept by the
pass (a suffix counter per base name), and each block's new ops are inserted in one rebuild of
the block; the uses of captured values inside the body are found by one walk of the body.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..diagnostics import MLIRError
from ..dialects.arith import ConstantOp
from ..dialects.func import FuncOp
from ..dialects.gpu import TOKEN, LaunchFuncOp, LaunchOp, TerminatorOp
from ..dialects.gpu import ModuleOp as GpuModuleOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, BlockArgument, Operation, Region, Value
from ..ir.opdef import lookup_opdef
from ..ir.symbols import symbol_name
from .registry import Pass

_SIZES = ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ")


def _defined_inside(v: Value, op: Operation) -> bool:
    if isinstance(v, BlockArgument):
        blk = v.block
        owner = blk.parent.parent if blk.parent is not None else None
        return owner is not None and (owner is op or op.is_ancestor_of(owner))
    d = v.defining_op()
    return d is not None and op.is_ancestor_of(d)


def _inside(block: Block, op: Operation) -> bool:
    p = block.parent_op
    return p is not None and (p is op or op.is_ancestor_of(p))


def _const_int(v: Value) -> int | None:
    d = v.defining_op()
    if d is not None and d.opdef is ConstantOp:
        a = d.attributes.get("value")
        if isinstance(a, A.IntegerAttr):
            return a.value
    return None


class _SymbolTable:
    """The ops of a symbol table's body by name (the first of each name, as ``lookup_in``), kept
    current by the pass; ``unique`` gives ``base`` or the first free ``base_N``."""

    def __init__(self, table: Operation) -> None:
        self.block = table.regions[0].blocks[0]
        self.ops: dict[str, Operation] = {}
        for op in self.block.ops:
            n = symbol_name(op)
            if n is not None:
                self.ops.setdefault(n, op)
        self._next: dict[str, int] = {}  # base -> every base_N below it is taken

    def lookup(self, name: str) -> Operation | None:
        return self.ops.get(name)

    def add(self, name: str, op: Operation) -> None:
        self.ops.setdefault(name, op)

    def unique(self, base: str) -> str:
        if base not in self.ops:
            return base
        i = self._next.get(base, 0)
        while f"{base}_{i}" in self.ops:
            i += 1
        self._next[base] = i
        return f"{base}_{i}"


def _symbol_refs(attr: Any, out: list[A.SymbolRefAttr]) -> None:
    """The symbol references in ``attr`` (inside arrays and dictionaries too), in print order."""
    if isinstance(attr, A.SymbolRefAttr):
        out.append(attr)
    elif isinstance(attr, A.ArrayAttr):
        for e in attr.elements:
            _symbol_refs(e, out)
    elif isinstance(attr, A.DictionaryAttr):
        for e in attr.entries.values():
            _symbol_refs(e, out)


def _symbol_uses(op: Operation) -> list[tuple[Operation, A.SymbolRefAttr]] | None:
    """(user, reference) for every symbol use in ``op`` and the ops nested in it, not inside
    nested symbol tables (upstream's ``SymbolTable::getSymbolUses``); None when an unregistered op
    with one region (maybe a symbol table) is met."""
    out: list[tuple[Operation, A.SymbolRefAttr]] = []
    stack = [op]
    while stack:
        o = stack.pop()
        if o.opdef is None and len(o.regions) == 1:
            return None
        refs: list[A.SymbolRefAttr] = []
        attrs = {**(o.properties or {}), **o.attributes}
        for k in sorted(attrs):  # upstream walks the op's attribute dictionary, sorted by name
            _symbol_refs(attrs[k], refs)
        out.extend((o, r) for r in refs)
        if o is op or not o.has_trait("SymbolTable"):
            for r in reversed(o.regions):
                for b in reversed(r.blocks):
                    stack.extend(reversed(b.ops))
    return out


class _Outliner:
    """One run of the pass over a module: its symbol tables, and the ops to insert per block, put
    in when the pass is done (one rebuild per block)."""

    def __init__(self, module: Operation) -> None:
        self.module = module
        self.top = _SymbolTable(module)
        self.tables: dict[int, _SymbolTable] = {}  # id(existing gpu.module) -> its table
        self.inserts: dict[int, tuple[Block, dict[int, list[Operation]]]] = {}  # id(block) -> before
        self.appends: list[Operation] = []  # at the end of the module
        self.replaced: dict[int, tuple[Block, dict[int, Operation]]] = {}  # id(block) -> launch -> new

    def _table(self, gmod: Operation) -> _SymbolTable:
        t = self.tables.get(id(gmod))
        if t is None:
            t = self.tables[id(gmod)] = _SymbolTable(gmod)
        return t

    def replace_launches(self) -> None:
        """Put each outlined launch's ``gpu.launch_func`` in its place (one rebuild per block)."""
        for blk, repl in self.replaced.values():
            ops = blk.detach_all()
            for o in ops:
                blk.append(repl.get(id(o), o))
            for o in ops:
                if id(o) in repl:
                    o.erase()
        self.replaced = {}

    def commit(self) -> None:
        """Put the kernel modules in the module."""
        self.replace_launches()
        for blk, before in self.inserts.values():
            blk.insert_batch(before)
        for g in self.appends:
            self.top.block.append(g)
        self.inserts, self.appends = {}, []

    def outline(self, launch: Operation, func_name: str,  # noqa: C901 - one step per launch operand group
                before: Operation | None = None) -> Operation:
        """Outline ``launch`` (its kernel module goes before ``before``, else at the module's end)."""
        if LaunchOp.operand_group(launch, "clusterSizeX"):
            raise MLIRError("'gpu.launch' op outlining of cluster launches is not supported", launch.loc, op=launch)
        region = launch.regions[0]
        entry = region.blocks[0]
        # captured values, in first-use order, and where the body uses them
        captured: list[Value] = []
        where: dict[int, list[tuple[Operation, int]] | None] = {}  # id(value) -> its uses (None: inside)
        for o in launch.walk():
            if o is launch:
                continue
            for i, v in enumerate(o.operands):
                if id(v) not in where:
                    where[id(v)] = None if _defined_inside(v, launch) else []
                    if where[id(v)] is not None:
                        captured.append(v)
                uses = where[id(v)]
                if uses is not None:
                    uses.append((o, i))
        nwg_attr = launch.attributes.get("workgroup_attributions")
        nwg = nwg_attr.value if isinstance(nwg_attr, A.IntegerAttr) else 0
        old_args = list(entry.args)
        attrib_args = old_args[12:]
        # new entry arguments: captured values, then attributions
        entry.args = []
        for v in captured:
            entry.add_arg(v.type, getattr(v, "loc", None))
        new_attrib = [entry.add_arg(a.type, a.loc) for a in attrib_args]
        id_ops = []
        for kind in ("block_id", "thread_id", "grid_dim", "block_dim"):
            d = lookup_opdef(f"gpu.{kind}")
            for dim in "xyz":
                id_ops.append(d.build(attributes={"dimension": A.EnumAttr("gpu", "dim", dim)}, loc=launch.loc))
        entry.insert_batch({id(entry.ops[0]): id_ops} if entry.ops else {})
        if not entry.ops:
            for o in id_ops:
                entry.append(o)
        for i, o in enumerate(id_ops):
            old_args[i].replace_all_uses_with(o.results[0])
        for old, new in zip(attrib_args, new_attrib):
            old.replace_all_uses_with(new)
        for v, a in zip(captured, entry.args):
            for user, i in where[id(v)] or ():
                user.set_operand(i, a)
        # terminators
        ret = lookup_opdef("gpu.return")
        for b in region.blocks:
            t = b.ops[-1] if b.ops else None
            if t is not None and t.opdef is TerminatorOp:
                b.remove(t)
                t.erase()
                b.append(ret.build(loc=t.loc))
        # the kernel function: named by the launch's `function(@f)` / `module(@m)` when given (as
        # upstream, an existing gpu.module of that name receives the kernel), else after the function
        fsym = launch.attributes.get("function")
        msym = launch.attributes.get("module")
        fname = fsym.root if isinstance(fsym, A.SymbolRefAttr) else f"{func_name}_kernel"
        existing = self.top.lookup(msym.root) if isinstance(msym, A.SymbolRefAttr) else None
        if existing is not None and existing.opdef is GpuModuleOp:
            kname = msym.root
            ktable = self._table(existing)
            fname = ktable.unique(fname)
        else:
            existing = None
            kname = self.top.unique(msym.root if isinstance(msym, A.SymbolRefAttr) else fname)
        attrs: dict[str, Any] = {
            "sym_name": A.StringAttr(fname),
            "function_type": A.TypeAttr(T.FunctionType([v.type for v in captured], [])),
            "gpu.kernel": A.UNIT,
        }
        if nwg:
            attrs["workgroup_attributions"] = A.IntegerAttr(nwg)
        sizes = [_const_int(LaunchOp.operand_group(launch, n)[0]) for n in _SIZES]
        if all(s is not None for s in sizes[3:]):
            attrs["known_block_size"] = A.DenseArrayAttr(T.i32, sizes[3:])
        if all(s is not None for s in sizes[:3]):
            attrs["known_grid_size"] = A.DenseArrayAttr(T.i32, sizes[:3])
        for k, v in launch.attributes.items():
            if k not in ("operandSegmentSizes", "workgroup_attributions", "function", "module"):
                attrs.setdefault(k, v)
        launch.regions = []
        fn_region = Region()
        for b in list(region.blocks):
            fn_region.add_block(b)
        fn = Operation.create("gpu.func", (), (), attrs, [fn_region], loc=launch.loc)
        if existing is not None:
            ktable.block.append(fn)
            ktable.add(fname, fn)
        else:
            gmod_region = Region([Block()])
            gmod_region.entry.append(fn)
            gmod = Operation.create("gpu.module", (), (), {"sym_name": A.StringAttr(kname)}, [gmod_region],
                                    loc=launch.loc)
            ktable = _SymbolTable(gmod)
            self.top.add(kname, gmod)
            if before is not None and before.parent is self.top.block:  # just after the function, as upstream
                self.inserts.setdefault(id(self.top.block), (self.top.block, {}))[1].setdefault(
                    id(before), []).append(gmod)
            else:
                self.appends.append(gmod)
        # the launch
        operands: dict[str, Any] = {"asyncDependencies": list(LaunchOp.deps(launch)), "kernelOperands": captured}
        for n in _SIZES:
            operands[n] = LaunchOp.operand_group(launch, n)[0]
        dsm = LaunchOp.operand_group(launch, "dynamicSharedMemorySize")
        if dsm:
            operands["dynamicSharedMemorySize"] = dsm[0]
        tok = LaunchOp.token(launch)
        lf = LaunchFuncOp.build(operands, {"asyncToken": TOKEN if tok is not None else None},
                                {"kernel": A.SymbolRefAttr(kname, [fname])}, loc=launch.loc)
        blk = launch.parent
        assert blk is not None
        self.replaced.setdefault(id(blk), (blk, {}))[1][id(launch)] = lf
        if tok is not None:
            tok.replace_all_uses_with(lf.results[0])
        self._copy_symbols(fn, ktable)
        return lf

    def _copy_symbols(self, kernel: Operation, kmod: _SymbolTable) -> None:
        """Clone into the kernel module every symbol ``kernel`` uses, and theirs (upstream's
        worklist); a function with launches outlined here gets their ``gpu.launch_func`` first."""
        worklist = [kernel]
        while worklist:
            uses = _symbol_uses(worklist.pop())
            for user, ref in uses or ():
                if ref.nested and self.top.lookup(ref.root) is not None:
                    raise MLIRError(f"nested symbol reference '{ref.render()}' cannot be resolved inside the "
                                    "outlined kernel module; gpu-kernel-outlining does not support "
                                    "cross-module symbol references inside gpu.launch bodies", user.loc, op=user)
                name = ref.nested[-1] if ref.nested else ref.root
                if kmod.lookup(name) is not None:
                    continue
                sym = self.top.lookup(name)
                if sym is None:
                    continue
                if self.replaced and any(_inside(b, sym) for b, _ in self.replaced.values()):
                    self.replace_launches()
                clone = sym.clone()
                kmod.block.append(clone)
                kmod.add(name, clone)
                worklist.append(clone)


@dataclass(frozen=True)
class GpuKernelOutliningPass(Pass):
    """Outline gpu.launch bodies to kernel functions."""

    name: ClassVar[str] = "gpu-kernel-outlining"
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = "Outline gpu.launch bodies to kernel functions"
    cpp_name: ClassVar[str] = "GpuKernelOutliningPass"
    statistics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("num-kernels-outlined", "Number of gpu.launch bodies outlined into gpu.func kernels"),)

    def apply(self, op: Operation) -> bool:
        changed = False
        outliner = _Outliner(op)
        top = list(op.regions[0].blocks[0].ops)
        try:
            for i, fn in enumerate(top):
                if fn.opdef is not FuncOp or not fn.regions:
                    continue
                fname = fn.attributes["sym_name"].value
                launches = [o for o in fn.walk() if o.opdef is LaunchOp]
                after = top[i + 1] if i + 1 < len(top) else None  # kernel modules go just after the function
                for launch in launches:
                    outliner.outline(launch, fname, after)
                    self.count("num-kernels-outlined")
                    changed = True
                outliner.replace_launches()
        finally:
            outliner.commit()
        if changed:
            op.attributes["gpu.container_module"] = A.UNIT
        return changed
