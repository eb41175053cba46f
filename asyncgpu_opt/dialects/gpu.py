"""gpu dialect (host ops with async tokens, kernels, modules, ids)."""

from __future__ import annotations

from typing import Any, ClassVar

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Region
from ..ir.opdef import OpDef, VerifyError, optional, single, variadic
from ..syntax.custom_directives import SELECT_OBJECT
from ._common import TERMINATOR, check_str_attr, keyword_enum, str_attr_parser
from .gpu_attrs import is_target
from .gpu_objects import ObjectAttr
from .gpu_runtime import RuntimeCall, allocated, bits, descriptor, elem_size, nbytes, numel, ptr, scalar
from .memref_fold import fold_memref_cast

TOKEN = T.gpu_async_token
ASYNC_DEPS = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)"


def _dialect_enum(wrap: str, keywords: tuple[str, ...], cpp: str) -> tuple[Any, ...]:
    """``keyword_enum`` hooks for a gpu ``EnumAttr`` (``#gpu<dim x>``): an unknown keyword is
    reported with upstream's text for dialect enum attributes."""
    printer, parser, from_attr, to_attr = keyword_enum(wrap, keywords, leading_space=True)
    dialect, mnemonic = wrap[1:].split(" ")[0].split("<")
    A.register_enum(dialect, mnemonic, keywords, cpp)

    def parse(p: Any, optional_: bool) -> A.Attribute | None:
        pos = p.skip()
        kw = p.parse_optional_bare_id()
        if kw is None and optional_:
            return None
        if kw not in keywords:
            raise p.error(f"custom op '{p.current_op}' expected {cpp} to be one of: {', '.join(keywords)}", pos)
        return to_attr(kw)
    return printer, parse, from_attr, to_attr


_DIM = _dialect_enum("#gpu<dim {}>", ("x", "y", "z"), "::mlir::gpu::Dimension")


def dimension(op: Operation) -> str:
    """``x``, ``y`` or ``z``: the ``dimension`` (``#gpu<dim ...>``) of an id op."""
    return _DIM[2](op.attributes["dimension"])


def _sym_printer(pr: Any, a: A.Attribute) -> str:
    return A.symbol_text(a.value)


def _sym_parser(p: Any, optional_: bool) -> A.Attribute | None:
    n = p.parse_optional_symbol_name()
    if n is None:
        if optional_:
            return None
        raise p.error("expected valid '@'-identifier for symbol name")
    return A.StringAttr(n)


class AsyncOp(OpDef):
    """Marker base: ops of GPU_AsyncOpInterface (first operand group asyncDependencies, optional
    last result asyncToken).

    ``device_work``: the op is work on a stream that async-region threads (``gpu.wait``, which only
    orders tokens, is not); ``stays_sync(op)``: a synchronous instance async-region must leave
    synchronous."""

    device_work: ClassVar[bool] = True

    @classmethod
    def stays_sync(cls, op: Operation) -> bool:
        return False

    @staticmethod
    def deps(op: Operation) -> list[Any]:
        """The ``asyncDependencies`` operands (a new list)."""
        read = _DEPS.get(op.opdef)
        if read is None:
            read = _DEPS[op.opdef] = op.opdef.group_reader("operands", "asyncDependencies")
        return read(op)

    @staticmethod
    def token(op: Operation) -> Any:
        """The ``asyncToken`` result, or None."""
        read = _TOKEN.get(op.opdef)
        if read is None:
            read = _TOKEN[op.opdef] = op.opdef.group_reader("results", "asyncToken")
        g = read(op)
        return g[0] if g else None


# AsyncOp.deps/token: op class -> its reader of the group (OpDef.group_reader), read for every
# async op many times per pass
_DEPS: dict[Any, Any] = {}
_TOKEN: dict[Any, Any] = {}


def is_async_op(op: Operation) -> bool:
    return op.opdef is not None and issubclass(op.opdef, AsyncOp)


class WaitOp(AsyncOp):
    name = "gpu.wait"
    effects = ()
    device_work = False
    operands = (variadic("asyncDependencies", TOKEN),)
    results = (optional("asyncToken", TOKEN),)
    assembly_format = f"{ASYNC_DEPS} attr-dict"
    summary = "Wait for async gpu ops to complete."


def _alloc_names(op: Operation) -> list[str | None]:
    return ["memref", "asyncToken"][: len(op.results)]


class AllocOp(AsyncOp):
    name = "gpu.alloc"
    effects = (("alloc", "memref"),)
    shape_verified = True  # verify reads only types and attributes
    operands = (variadic("asyncDependencies", TOKEN), variadic("dynamicSizes", T.index),
                variadic("symbolOperands", T.index))
    results = (single("memref"), optional("asyncToken", TOKEN))
    props = ("hostShared", "operandSegmentSizes")
    unit_attrs = ("hostShared",)
    asm_names = staticmethod(_alloc_names)
    assembly_format = (f"{ASYNC_DEPS} (` ` `host_shared` $hostShared^)? ` ` `(` $dynamicSizes `)` "
                       "(`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        mt = op.results[0].type
        if not isinstance(mt, T.MemRefType):
            raise VerifyError(f"result #0 must be memref of any type values, but got '{mt}'", op)
        n = len(cls.operand_group(op, "dynamicSizes"))
        if n != mt.num_dynamic_dims():
            raise VerifyError(f"incorrect number of dynamic sizes, has {n}, expected {mt.num_dynamic_dims()}", op)
        if len(cls.operand_group(op, "symbolOperands")) != _num_layout_symbols(mt):
            raise VerifyError("symbol operand count does not equal memref symbol count", op)

    @staticmethod
    def host_shared(op: Operation) -> bool:
        return "hostShared" in op.attributes

    @classmethod
    def stays_sync(cls, op: Operation) -> bool:
        """``gpu.alloc host_shared`` (upstream's lowering refuses it async)."""
        return "hostShared" in op.attributes and cls.token(op) is None


def _num_layout_symbols(mt: T.MemRefType) -> int:
    if isinstance(mt.layout, A.AffineMapAttr):
        return mt.layout.map.num_syms
    return 0


class DeallocOp(AsyncOp):
    name = "gpu.dealloc"
    effects = (("free", "memref"),)
    runtime_call = RuntimeCall("mgpuMemFree", (allocated("memref"),), null_stream=True, op_named=True)
    operands = (variadic("asyncDependencies", TOKEN), single("memref"))
    results = (optional("asyncToken", TOKEN),)
    assembly_format = f"{ASYNC_DEPS} $memref attr-dict `:` type($memref)"


def _elem(t: T.Type) -> T.Type | None:
    return getattr(t, "element_type", None)


class MemcpyOp(AsyncOp):
    name = "gpu.memcpy"
    fold = staticmethod(fold_memref_cast)  # memcpy/memset(memref.cast) -> of its source
    effects = (("write", "dst"), ("read", "src"))
    runtime_call = RuntimeCall("mgpuMemcpy", (ptr("dst"), ptr("src"), nbytes("src")))
    shape_verified = True  # verify reads only types and attributes
    operands = (variadic("asyncDependencies", TOKEN), single("dst"), single("src"))
    results = (optional("asyncToken", TOKEN),)
    assembly_format = f"{ASYNC_DEPS} $dst`,` $src `:` type($dst)`,` type($src) attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        dst, src = cls.operand_group(op, "dst")[0], cls.operand_group(op, "src")[0]
        if _elem(dst.type) != _elem(src.type):
            raise VerifyError("arguments have incompatible element type", op)
        if isinstance(dst.type, T.MemRefType) and isinstance(src.type, T.MemRefType):
            if dst.type.shape != src.type.shape and all(d != T.DYNAMIC for d in dst.type.shape + src.type.shape):
                raise VerifyError("arguments have incompatible shape", op)


class MemsetOp(AsyncOp):
    name = "gpu.memset"
    fold = staticmethod(fold_memref_cast)  # memcpy/memset(memref.cast) -> of its source
    effects = (("write", "dst"),)
    runtime_call = RuntimeCall("mgpuMemset{bits}", (ptr("dst"), bits("value", (16, 32)), numel("dst")))
    shape_verified = True  # verify reads only types and attributes
    operands = (variadic("asyncDependencies", TOKEN), single("dst"), single("value"))
    results = (optional("asyncToken", TOKEN),)
    assembly_format = f"{ASYNC_DEPS} $dst`,` $value `:` type($dst)`,` type($value) attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        dst, val = cls.operand_group(op, "dst")[0], cls.operand_group(op, "value")[0]
        if _elem(dst.type) != val.type:
            raise VerifyError("failed to verify that all of {dst, value} have same element type", op)


def _typed_attr(p: Any, kind: type) -> A.Attribute:
    """An attribute of one kind (ODS ``parseAttribute<SymbolRefAttr>``)."""
    pos = p.skip()
    a = p.parse_attribute()
    if not isinstance(a, kind):
        raise p.error(f"custom op '{p.current_op}' invalid kind of attribute specified", pos)
    return a


def at_least_operands(op: Operation, n: int) -> None:
    """The AtLeastNOperands trait, verified before the operand segments."""
    if len(op.operands) < n:
        raise VerifyError(f"expected {n} or more operands, but found {len(op.operands)}", op)


class LaunchFuncOp(AsyncOp):
    name = "gpu.launch_func"
    # upper bound; analysis/effects.py narrows it from the kernel body (or drops it: unknown)
    effects = (("read", "kernelOperands"), ("write", "kernelOperands"))
    operands = (variadic("asyncDependencies", TOKEN), single("gridSizeX"), single("gridSizeY"),
                single("gridSizeZ"), single("blockSizeX"), single("blockSizeY"), single("blockSizeZ"),
                optional("clusterSizeX"), optional("clusterSizeY"), optional("clusterSizeZ"),
                optional("dynamicSharedMemorySize", T.i32), variadic("kernelOperands"), optional("asyncObject"))
    results = (optional("asyncToken", TOKEN),)
    props = ("kernel", "operandSegmentSizes")
    attr_parsers = {"kernel": lambda p, opt: _typed_attr(p, A.SymbolRefAttr)}
    assembly_format = (f"{ASYNC_DEPS} (`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel "
                       "( `clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)` )? "
                       "`blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` "
                       "`threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)` "
                       "custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), type($clusterSizeX), "
                       "type($clusterSizeY), type($clusterSizeZ)) "
                       "(`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? "
                       "custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict")

    @classmethod
    def stays_sync(cls, op: Operation) -> bool:
        """A stream-based launch (``<%stream : !type>``): the user manages its ordering."""
        return bool(cls.operand_group(op, "asyncObject"))

    @classmethod
    def verify_structure(cls, op: Operation) -> None:
        at_least_operands(op, 6)
        super().verify_structure(op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        from ..ir.symbols import lookup_in, nearest

        kernel = op.attributes.get("kernel")
        if not isinstance(kernel, A.SymbolRefAttr) or not kernel.nested:
            raise VerifyError("requires attribute 'kernel'" if kernel is None else
                              "expected a symbol reference with a nested reference", op)
        mod = nearest(op, "builtin.module")
        if mod is None or "gpu.container_module" not in mod.attributes:
            raise VerifyError("expected the closest surrounding module to have the 'gpu.container_module' "
                              "attribute", op)
        # GPUDialect::verifyOperationAttribute (gpu.container_module) checks the kernel of the
        # launches one level below the module's functions only ("nested more or less deep ... ignored")
        parent = op.parent_op
        if parent is None or parent.parent_op is not mod:
            return
        kmod = lookup_in(mod, kernel.root)
        if kmod is None:
            raise VerifyError(f"kernel container '{kernel.root}' is undefined", op)
        if kmod.name == "gpu.binary":
            return
        if kmod.name != "gpu.module":
            raise VerifyError(f"kernel module '{kernel.root}' is undefined", op)
        fn = lookup_in(kmod, kernel.leaf) if len(kernel.nested) == 1 else None
        if fn is None:
            raise VerifyError(f"kernel function '{kernel}' is undefined", op)
        if fn.opdef is None or "FunctionOpInterface" not in fn.opdef.traits:
            raise VerifyError(f"referenced kernel '{kernel}' is not a function", op,
                              [(fn.loc, "see the kernel definition here")])
        if "gpu.kernel" not in fn.attributes:
            raise VerifyError("kernel function is missing the 'gpu.kernel' attribute", op)
        if fn.name != "gpu.func":  # separate compilation: no type correspondence checked
            return
        ft = fn.attributes["function_type"].type
        args = cls.operand_group(op, "kernelOperands")
        if len(ft.inputs) != len(args):
            raise VerifyError(f"got {len(args)} kernel operands but expected {len(ft.inputs)}", op)
        for i, (v, t) in enumerate(zip(args, ft.inputs)):
            if v.type != t:
                raise VerifyError(f"type of function argument {i} does not match", op)


class ReturnOp(OpDef):
    name = "gpu.return"
    operands = (variadic("operands"),)
    traits = TERMINATOR
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        fn = op.parent_op
        if fn is None or fn.name != "gpu.func":
            raise VerifyError("expects parent op 'gpu.func'", op)
        res = fn.attributes["function_type"].type.results
        if len(res) != len(op.operands):
            raise VerifyError(f"expected {len(res)} result operands", op,
                              [(fn.loc, "return type declared here")])
        for i, (v, t) in enumerate(zip(op.operands, res)):
            if v.type != t:
                raise VerifyError(f"unexpected type `{v.type}' for operand #{i}", op)


class TerminatorOp(OpDef):
    name = "gpu.terminator"
    traits = TERMINATOR
    assembly_format = "attr-dict"


class BarrierOp(OpDef):
    name = "gpu.barrier"
    effects = ()  # orders the block's memory accesses, touches no memref
    assembly_format = "attr-dict"


class SetDefaultDeviceOp(OpDef):
    name = "gpu.set_default_device"
    runtime_call = RuntimeCall("mgpuSetDefaultDevice", (scalar("devIndex", T.i32),), stream=False)
    operands = (single("devIndex", T.i32),)
    assembly_format = "attr-dict $devIndex"


class HostRegisterOp(OpDef):
    """``gpu.host_register %m : memref<...>`` -- ranked or unranked, as upstream since llvm-project
    PR 170085 (22.1.8 itself still takes unranked only; its integration test
    host-register-ranked-memref.mlir registers a ``memref<64x64xf32>``)."""

    name = "gpu.host_register"
    runtime_call = RuntimeCall("mgpuMemHostRegisterMemRef", (descriptor("value"), elem_size("value")), stream=False)
    operands = (single("value"),)
    assembly_format = "$value attr-dict `:` type($value)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not isinstance(op.operands[0].type, T.UnrankedMemRefType | T.MemRefType):
            raise VerifyError(f"operand #0 must be ranked or unranked memref of any type values, but got "
                              f"'{op.operands[0].type}'", op)


class HostUnregisterOp(HostRegisterOp):
    name = "gpu.host_unregister"
    runtime_call = RuntimeCall("mgpuMemHostUnregisterMemRef", (descriptor("value"), elem_size("value")), stream=False)


class PrintfOp(OpDef):
    name = "gpu.printf"
    operands = (variadic("args"),)
    props = ("format",)
    attr_printers = {"format": lambda pr, a: A.quote_string(a.value)}
    attr_parsers = {"format": str_attr_parser}
    assembly_format = "$format attr-dict (`,` $args^ `:` type($args))?"

    @classmethod
    def verify(cls, op: Operation) -> None:
        check_str_attr(op, "format")


def _id_names(prefix: str):
    def names(op: Operation) -> list[str | None]:
        d = _DIM[2](op.attributes["dimension"])
        return [f"{prefix}_{d}"]

    return staticmethod(names)


def _index_attr(p: Any, optional_: bool) -> A.Attribute | None:
    """An ``IndexAttr`` element: ``parseAttribute(attr, IndexType)``, then its kind checked."""
    pos = p.skip()
    a = p.parse_optional_attribute(T.index) if optional_ else p.parse_attribute(T.index)
    if a is not None and not isinstance(a, A.IntegerAttr):
        raise p.error(f"custom op '{p.current_op}' invalid kind of attribute specified", pos)
    return a


def _index_op(mn: str) -> type[OpDef]:
    return type(f"{mn}Op", (OpDef,), dict(
        name=f"gpu.{mn}", results=(single("result", T.index),), props=("dimension", "upper_bound"),
        traits=frozenset({"Pure"}),
        # upper_bound is an IndexAttr: its type is implied in the custom form
        attr_printers={"dimension": _DIM[0], "upper_bound": lambda pr, a: str(a.value)},
        attr_parsers={"dimension": _DIM[1], "upper_bound": _index_attr},
        asm_names=_id_names(mn), assembly_format="$dimension (`upper_bound` $upper_bound^)? attr-dict"))


for _mn in ("thread_id", "block_id", "block_dim", "grid_dim", "global_id", "cluster_id", "cluster_dim",
            "cluster_block_id"):
    globals()[_mn] = _index_op(_mn)


class LaneIdOp(OpDef):
    name = "gpu.lane_id"
    results = (single("result", T.index),)
    props = ("upper_bound",)
    traits = frozenset({"Pure"})
    # upper_bound is an IndexAttr: its type is implied in the custom form
    attr_printers = {"upper_bound": lambda pr, a: str(a.value)}
    attr_parsers = {"upper_bound": lambda p, opt: _index_attr(p, opt)}
    assembly_format = "(`upper_bound` $upper_bound^)? attr-dict"


def _array_parser(p: Any, optional_: bool) -> A.Attribute | None:
    if optional_ and not p.peek("["):
        return None
    return p.parse_attribute()


class ModuleOp(OpDef):
    name = "gpu.module"
    props = ("sym_name", "targets", "offloadingHandler")
    regions = ("bodyRegion",)
    traits = frozenset({"IsolatedFromAbove", "SymbolTable", "Symbol", "NoTerminator", "SingleBlock",
                        "HasOnlyGraphRegion"})
    attr_printers = {"sym_name": _sym_printer}
    attr_parsers = {"sym_name": _sym_parser, "targets": _array_parser}
    assembly_format = ("$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword "
                       "$bodyRegion")

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        # the body is isolated from above
        fmt = cls._format
        from ..syntax.format import State, build_from_state

        st = State()
        start = p.pos
        for e in fmt.elems[:-1]:
            fmt._parse_elem(e, p, st)
        st.regions["bodyRegion"] = p.parse_region(isolated=True)
        if not st.regions["bodyRegion"].blocks:
            st.regions["bodyRegion"].add_block(Block())
        return build_from_state(p, cls, st, start, 0)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        return cls._format.print(pr, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.attributes.get("targets")
        if t is not None and not (isinstance(t, A.ArrayAttr) and t.elements
                                  and all(is_target(e) for e in t.elements)):
            raise VerifyError("attribute 'targets' failed to satisfy constraint: array of GPU target attributes "
                              "with at least 1 elements", op)


class BinaryOp(OpDef):
    name = "gpu.binary"
    props = ("sym_name", "offloadingHandler", "objects")
    traits = frozenset({"Symbol"})
    default_attrs = {"offloadingHandler": SELECT_OBJECT}
    attr_printers = {"sym_name": _sym_printer}
    attr_parsers = {"sym_name": _sym_parser}
    assembly_format = "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects"

    @classmethod
    def verify(cls, op: Operation) -> None:
        h = op.attributes.get("offloadingHandler")
        if h is not None and not isinstance(h, A.SelectObjectAttr):
            raise VerifyError("attribute 'offloadingHandler' failed to satisfy constraint: any attribute with the "
                              "`OffloadingTranslationAttrTrait` trait.", op)
        o = op.attributes.get("objects")
        if not (isinstance(o, A.ArrayAttr) and o.elements
                and all(isinstance(e, ObjectAttr) for e in o.elements)):
            raise VerifyError("attribute 'objects' failed to satisfy constraint: an array of GPU object attributes "
                              "with at least 1 elements", op)


_GPU_FUNC_ELIDED = ("sym_name", "function_type", "gpu.kernel", "workgroup_attributions", "arg_attrs",
                    "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs", "sym_visibility")


def _parse_attributions(p: Any, kw: str, attrs: list[A.DictionaryAttr] | None = None
                        ) -> list[tuple[Any, T.Type, Any]]:
    """(`kw` `(` ssa-id `:` type attr-dict? (`,` ...)* `)`)? — ``attrs`` collects each attribution's
    attribute dictionary (gpu.func only: gpu.launch takes none, as upstream)."""
    out: list[tuple[Any, T.Type, Any]] = []
    if p.parse_optional_keyword(kw):
        p.parse_punct("(")
        if not p.parse_optional_punct(")"):
            while True:
                ref = p.parse_operand()
                p.parse_punct(":")
                t = p.parse_type()
                if attrs is not None:
                    attrs.append(A.DictionaryAttr(p.parse_optional_attr_dict()))
                out.append((ref, t, p.parse_optional_loc()))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
    return out


def _attribution_text(pr: Any, kw: str, args: list[Any], attrs: A.Attribute | None = None) -> str:
    if not args:
        return ""
    dicts = attrs.elements if isinstance(attrs, A.ArrayAttr) else ()

    def one(i: int, a: Any) -> str:
        d = dicts[i] if i < len(dicts) else None
        extra = pr.attr_dict_text(d.entries) if isinstance(d, A.DictionaryAttr) else ""
        return f"{pr.value(a)} : {pr.type_text(a.type)}{extra}"
    return f" {kw}(" + ", ".join(one(i, a) for i, a in enumerate(args)) + ")"


def verify_attributions(op: Operation, args: Any, space: str) -> None:
    """Attributions are memrefs; a ``#gpu.address_space`` memory space must be ``space``."""
    for a in args:
        t = a.type
        if not isinstance(t, T.MemRefType):
            raise VerifyError("expected memref type in attribution", op)
        ms = t.memory_space
        if isinstance(ms, A.KeywordAttr) and ms.name == "gpu.address_space" and ms.value != space:
            raise VerifyError(f"expected memory space {space} in attribution", op)


class FuncOp(OpDef):
    """gpu.func @name(args) (-> results)? workgroup(...)? private(...)? kernel? attributes? region"""

    name = "gpu.func"
    props = ("function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs",
             "known_block_size", "known_grid_size", "known_cluster_size")
    regions = ("body",)
    traits = frozenset({"IsolatedFromAbove", "Symbol", "FunctionOpInterface", "AutomaticAllocationScope"})

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from .func import parse_function_signature

        attrs: dict[str, A.Attribute] = {"sym_name": A.StringAttr(p.parse_symbol_name())}
        sig_pos = p.skip()
        entry, arg_types, arg_attrs, res_types, res_attrs = parse_function_signature(p)
        if arg_types and not entry:
            raise p.error(f"custom op '{cls.name}' gpu.func requires named arguments", sig_pos)
        attrs["function_type"] = A.TypeAttr(T.FunctionType(arg_types, res_types))
        if any(d.entries for d in arg_attrs):
            attrs["arg_attrs"] = A.ArrayAttr(arg_attrs)
        if any(d.entries for d in res_attrs):
            attrs["res_attrs"] = A.ArrayAttr(res_attrs)
        wg_attrs: list[A.DictionaryAttr] = []
        pv_attrs: list[A.DictionaryAttr] = []
        wg = _parse_attributions(p, "workgroup", wg_attrs)
        pv = _parse_attributions(p, "private", pv_attrs)
        attrs["workgroup_attributions"] = A.IntegerAttr(len(wg))
        if any(d.entries for d in wg_attrs):
            attrs["workgroup_attrib_attrs"] = A.ArrayAttr(wg_attrs)
        if any(d.entries for d in pv_attrs):
            attrs["private_attrib_attrs"] = A.ArrayAttr(pv_attrs)
        if p.parse_optional_keyword("kernel"):
            attrs["gpu.kernel"] = A.UNIT
        attrs.update(p.parse_optional_attr_dict_with_keyword())
        region = p.parse_region(entry_args=entry + wg + pv, isolated=True)
        return Operation.create(cls.name, (), (), attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        from .func import function_signature_text

        ft = op.attributes["function_type"].type
        s = " " + A.symbol_text(op.attributes["sym_name"].value)
        s += function_signature_text(pr, op, ft, False)
        args = op.regions[0].blocks[0].args
        n_in = len(ft.inputs)
        nwg = op.attributes.get("workgroup_attributions")
        nwg = nwg.value if isinstance(nwg, A.IntegerAttr) else 0
        s += _attribution_text(pr, "workgroup", args[n_in:n_in + nwg], op.attributes.get("workgroup_attrib_attrs"))
        s += _attribution_text(pr, "private", args[n_in + nwg:], op.attributes.get("private_attrib_attrs"))
        if "gpu.kernel" in op.attributes:
            s += " kernel"
        s += pr.attr_dict_text(op.attributes, _GPU_FUNC_ELIDED, with_keyword=True)
        return s + " " + pr.region_text(op.regions[0], False, True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        """GPUDialect::verifyOperationAttribute (launch-size hints), the function_type constraint,
        then GPUFuncOp::verifyType and verifyBody, in upstream's order."""
        for k in ("gpu.known_block_size", "gpu.known_grid_size", "gpu.known_cluster_size"):
            a = op.attributes.get(k)
            if a is None:
                continue
            if not (isinstance(a, A.DenseArrayAttr) and a.element_type == T.i32):
                raise VerifyError(f"{k} must be a dense i32 array", op)
            if len(a.values) != 3:
                raise VerifyError(f"{k} must contain exactly 3 elements", op)
        fta = op.attributes.get("function_type")
        if not isinstance(fta, A.TypeAttr) or not isinstance(fta.type, T.FunctionType):
            raise VerifyError("attribute 'function_type' failed to satisfy constraint: type attribute of function "
                              "type", op, parse_time=True)
        ft = fta.type
        if "gpu.kernel" in op.attributes and ft.results:
            raise VerifyError("expected void return type for kernel function", op)
        if not op.regions[0].blocks:
            raise VerifyError("expected body with at least one block", op)
        nwg = op.attributes.get("workgroup_attributions")
        nwg = nwg.value if isinstance(nwg, A.IntegerAttr) else 0
        n = len(ft.inputs)
        args = op.regions[0].blocks[0].args
        if len(args) < n + nwg:
            raise VerifyError(f"expected at least {n + nwg} arguments to body region", op)
        for i, t in enumerate(ft.inputs):
            if args[i].type != t:
                raise VerifyError(f"expected body region argument #{i} to be of type {t}, got {args[i].type}", op)
        verify_attributions(op, args[n:n + nwg], "workgroup")
        verify_attributions(op, args[n + nwg:], "private")

    @staticmethod
    def workgroup_attributions(op: Operation) -> list[Any]:
        ft = op.attributes["function_type"].type
        nwg = op.attributes.get("workgroup_attributions")
        nwg = nwg.value if isinstance(nwg, A.IntegerAttr) else 0
        n = len(ft.inputs)
        return op.regions[0].blocks[0].args[n:n + nwg]


_LAUNCH_OPERANDS = (variadic("asyncDependencies", TOKEN), single("gridSizeX", T.index),
                    single("gridSizeY", T.index), single("gridSizeZ", T.index), single("blockSizeX", T.index),
                    single("blockSizeY", T.index), single("blockSizeZ", T.index), optional("clusterSizeX", T.index),
                    optional("clusterSizeY", T.index), optional("clusterSizeZ", T.index),
                    optional("dynamicSharedMemorySize", T.i32))


class LaunchOp(AsyncOp):
    """gpu.launch async? [deps]? (clusters(...) in (...))? blocks(...) in (...) threads(...) in (...)
    (dynamic_shared_memory_size %s)? (module(@m))? (function(@f))? (workgroup(...))? (private(...))?
    region attr-dict"""

    name = "gpu.launch"
    traits = frozenset({"RecursiveMemoryEffects"})  # (as upstream: an empty launch is dead)
    operands = _LAUNCH_OPERANDS
    results = (optional("asyncToken", TOKEN),)
    props = ("function", "module", "operandSegmentSizes")
    regions = ("body",)

    @classmethod
    def verify_structure(cls, op: Operation) -> None:
        at_least_operands(op, 6)
        super().verify_structure(op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        """LaunchOp::verifyRegions: config arguments, then every block ending without successors
        ends in gpu.terminator (reported at that op, with a note at the launch)."""
        body = op.regions[0] if op.regions else None
        if body is None or not body.blocks:
            return
        nwg = op.attributes.get("workgroup_attributions")
        nwg = nwg.value if isinstance(nwg, A.IntegerAttr) else 0
        n_config = 18 if cls.operand_group(op, "clusterSizeX") else 12
        if len(body.blocks[0].args) < n_config + nwg:
            raise VerifyError("unexpected number of region arguments", op)
        for b in body.blocks:
            if not b.ops:
                continue
            last = b.ops[-1]
            if not last.successors and last.name != "gpu.terminator":
                raise VerifyError("expected 'gpu.terminator' or a terminator with successors", last,
                                  [(op.loc, "in 'gpu.launch' body region")], raw=True)

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        from ..syntax.custom_directives import AsyncDependencies
        from ..syntax.format import State, Var

        st = State()
        AsyncDependencies.parse(p, st, [Var("asyncToken", "result"), Var("asyncDependencies", "operand")],
                                None, False)
        if st.async_kw_pos is not None and not results:
            raise p.error(f"custom op '{cls.name}' needs to be named when marked 'async'", st.async_kw_pos)
        ids: list[Any] = []
        sizes: dict[str, Any] = {}
        clusters = False

        def triple(kw: str, names: tuple[str, str, str]) -> None:
            p.parse_keyword(kw)
            p.parse_punct("(")
            for i in range(3):
                ids.append((p.parse_operand(), T.index, None))
                if i < 2:
                    p.parse_punct(",")
            p.parse_punct(")")
            p.parse_keyword("in")
            p.parse_punct("(")
            for i, n in enumerate(names):
                ref = p.parse_operand()
                p.parse_punct("=")
                sizes[n] = (ref, p.parse_operand())
                if i < 2:
                    p.parse_punct(",")
            p.parse_punct(")")

        if p.peek("clusters"):
            clusters = True
            triple("clusters", ("clusterSizeX", "clusterSizeY", "clusterSizeZ"))
        triple("blocks", ("gridSizeX", "gridSizeY", "gridSizeZ"))
        triple("threads", ("blockSizeX", "blockSizeY", "blockSizeZ"))
        dsm = None
        if p.parse_optional_keyword("dynamic_shared_memory_size"):
            dsm = p.parse_operand()
        names: dict[str, A.Attribute] = {}
        for kw in ("module", "function"):  # (`module` `(` symbol `)`)? (`function` `(` symbol `)`)?
            if p.parse_optional_keyword(kw):
                p.parse_punct("(")
                names[kw] = A.SymbolRefAttr(p.parse_symbol_name())
                p.parse_punct(")")
        # region arguments: ids (clusters first in the text, but blocks, threads, then clusters in the
        # block), then the size arguments in the same order
        c_ids = ids[:3] if clusters else []
        b_ids = ids[3:6] if clusters else ids[0:3]
        t_ids = ids[6:9] if clusters else ids[3:6]
        order = ["gridSizeX", "gridSizeY", "gridSizeZ", "blockSizeX", "blockSizeY", "blockSizeZ"]
        corder = ["clusterSizeX", "clusterSizeY", "clusterSizeZ"] if clusters else []
        size_args = [(sizes[n][0], T.index, None) for n in order + corder]
        wg = _parse_attributions(p, "workgroup")
        pv = _parse_attributions(p, "private")
        deps = [p.resolve(r, TOKEN) for r in st.operands["asyncDependencies"]]
        size_vals = {n: p.resolve(sizes[n][1], T.index) for n in order + corder}
        region = p.parse_region(entry_args=b_ids + t_ids + c_ids + size_args + wg + pv)
        attrs = p.parse_optional_attr_dict()  # after the region, as upstream's LaunchOp::parse
        attrs.update(names)
        attrs["workgroup_attributions"] = A.IntegerAttr(len(wg))
        operands: dict[str, Any] = {"asyncDependencies": deps, **size_vals}
        if dsm is not None:
            operands["dynamicSharedMemorySize"] = p.resolve(dsm, T.i32)
        return cls.build(operands, {"asyncToken": st.result_types["asyncToken"] or None}, attrs, [region])

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        tok = cls.token(op)
        deps = cls.deps(op)
        if tok is not None:
            s += " async"
        if deps:
            s += " [" + pr.values(deps) + "]"
        args = op.regions[0].blocks[0].args
        g = lambda n: cls.operand_group(op, n)[0]  # noqa: E731
        has_c = bool(cls.operand_group(op, "clusterSizeX"))

        def triple(kw: str, id_args: list[Any], size_args: list[Any], names: list[str]) -> str:
            return (f" {kw}(" + pr.values(id_args) + ") in (" + ", ".join(
                f"{pr.value(a)} = {pr.value(g(n))}" for a, n in zip(size_args, names)) + ")")

        if has_c:
            s += triple("clusters", args[6:9], args[18:21], ["clusterSizeX", "clusterSizeY", "clusterSizeZ"])
        s += triple("blocks", args[0:3], args[6:9] if not has_c else args[9:12],
                    ["gridSizeX", "gridSizeY", "gridSizeZ"])
        s += triple("threads", args[3:6], args[9:12] if not has_c else args[12:15],
                    ["blockSizeX", "blockSizeY", "blockSizeZ"])
        dsm = cls.operand_group(op, "dynamicSharedMemorySize")
        if dsm:
            s += " dynamic_shared_memory_size " + pr.value(dsm[0])
        for kw in ("module", "function"):
            sym = op.attributes.get(kw)
            if isinstance(sym, A.SymbolRefAttr):
                s += f" {kw}({pr.attr_text(sym)})"
        n_fixed = 18 if has_c else 12
        nwg = op.attributes.get("workgroup_attributions")
        nwg = nwg.value if isinstance(nwg, A.IntegerAttr) else 0
        s += _attribution_text(pr, "workgroup", args[n_fixed:n_fixed + nwg])
        s += _attribution_text(pr, "private", args[n_fixed + nwg:])
        return s + " " + pr.region_text(op.regions[0], False, True) + pr.attr_dict_text(
            op.attributes, ("operandSegmentSizes", "workgroup_attributions", "module", "function"))


def new_region_with_block(arg_types: list[T.Type] = ()) -> Region:  # type: ignore[assignment]
    return Region([Block(arg_types)])


def _int_attr_parser(t: T.Type) -> Any:
    """An integer attribute of a fixed type written as a bare integer (ODS ``I32Attr``/``IndexAttr``)."""

    def parse(p: Any, optional_: bool) -> A.Attribute | None:
        v = p.parse_optional_integer()
        if v is None:
            if optional_:
                return None
            raise p.error("expected integer value")
        return A.IntegerAttr(v, t)
    return parse
