"""gpu-kernel-outlining: ``gpu.launch`` -> ``gpu.module`` + ``gpu.func kernel`` + ``gpu.launch_func``.

As upstream: for each ``gpu.launch`` in a function ``@f`` a ``gpu.module @f_kernel`` (uniqued with
``_0``, ``_1``, ...) holding ``gpu.func @f_kernel(captured...) kernel`` is appended to the module.
Values used in the body but defined above become kernel arguments (in first-use order) and
``gpu.launch_func`` operands; the region's id/size arguments become ``gpu.block_id`` /
``gpu.thread_id`` / ``gpu.grid_dim`` / ``gpu.block_dim`` ops; workgroup/private attributions move to
the ``gpu.func``; constant sizes set ``known_block_size`` / ``known_grid_size``; async dependencies
and the token are preserved; the module gets ``gpu.container_module``.
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
from ..ir.symbols import lookup_in
from .registry import Pass

_SIZES = ("gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ")


def _defined_inside(v: Value, op: Operation) -> bool:
    if isinstance(v, BlockArgument):
        blk = v.block
        owner = blk.parent.parent if blk.parent is not None else None
        return owner is not None and (owner is op or op.is_ancestor_of(owner))
    d = v.defining_op()
    return d is not None and op.is_ancestor_of(d)


def _const_int(v: Value) -> int | None:
    d = v.defining_op()
    if d is not None and d.opdef is ConstantOp:
        a = d.attributes.get("value")
        if isinstance(a, A.IntegerAttr):
            return a.value
    return None


def _unique_name(module: Operation, base: str) -> str:
    if lookup_in(module, base) is None:
        return base
    i = 0
    while lookup_in(module, f"{base}_{i}") is not None:
        i += 1
    return f"{base}_{i}"


def outline(launch: Operation, module: Operation, func_name: str,  # noqa: C901 - one step per launch operand group
            before: Operation | None = None) -> Operation:
    if LaunchOp.operand_group(launch, "clusterSizeX"):
        raise MLIRError("'gpu.launch' op outlining of cluster launches is not supported", launch.loc, op=launch)
    region = launch.regions[0]
    entry = region.blocks[0]
    # captured values, in first-use order
    captured: list[Value] = []
    seen: set[int] = set()
    for o in launch.walk():
        if o is launch:
            continue
        for v in o.operands:
            if id(v) not in seen and not _defined_inside(v, launch):
                seen.add(id(v))
                captured.append(v)
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
    for i, o in enumerate(id_ops):
        entry.insert(i, o)
        old_args[i].replace_all_uses_with(o.results[0])
    for old, new in zip(attrib_args, new_attrib):
        old.replace_all_uses_with(new)
    for v, a in zip(captured, entry.args):
        v.replace_uses_if(a, lambda user: launch.is_ancestor_of(user))
    # terminators
    ret = lookup_opdef("gpu.return")
    for b in region.blocks:
        t = b.ops[-1] if b.ops else None
        if t is not None and t.opdef is TerminatorOp:
            b.remove(t)
            t.erase()
            b.append(ret.build(loc=t.loc))
    # the kernel function: named by the launch's `function(@f)` / `module(@m)` when given (as upstream,
    # an existing gpu.module of that name receives the kernel), else after the enclosing function
    fsym = launch.attributes.get("function")
    msym = launch.attributes.get("module")
    fname = fsym.root if isinstance(fsym, A.SymbolRefAttr) else f"{func_name}_kernel"
    existing = lookup_in(module, msym.root) if isinstance(msym, A.SymbolRefAttr) else None
    if existing is not None and existing.opdef is GpuModuleOp:
        kname = msym.root
        fname = _unique_name(existing, fname)
    else:
        existing = None
        kname = _unique_name(module, msym.root if isinstance(msym, A.SymbolRefAttr) else fname)
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
        existing.regions[0].blocks[0].append(fn)
    else:
        gmod_region = Region([Block()])
        gmod_region.entry.append(fn)
        gmod = Operation.create("gpu.module", (), (), {"sym_name": A.StringAttr(kname)}, [gmod_region],
                                loc=launch.loc)
        top = module.regions[0].blocks[0]
        if before is not None and before.parent is top:  # just after the function, as upstream
            top.insert(top.index_of(before), gmod)
        else:
            top.append(gmod)
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
    blk.insert(blk.index_of(launch), lf)
    if tok is not None:
        tok.replace_all_uses_with(lf.results[0])
    launch.erase()
    return lf


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
        top = list(op.regions[0].blocks[0].ops)
        for i, fn in enumerate(top):
            if fn.opdef is not FuncOp or not fn.regions:
                continue
            fname = fn.attributes["sym_name"].value
            launches = [o for o in fn.walk() if o.opdef is LaunchOp]
            after = top[i + 1] if i + 1 < len(top) else None  # kernel modules go just after the function
            for launch in launches:
                outline(launch, op, fname, after)
                self.count("num-kernels-outlined")
                changed = True
        if changed:
            op.attributes["gpu.container_module"] = A.UNIT
        return changed
