"""Canonical text of the gpu dialect's target and object attributes, as upstream prints them:
``#nvvm.target`` / ``#rocdl.target`` without parameters at their defaults (declaration order),
and ``#gpu.select_object``; ``split_top`` splits attribute text at its top-level commas.  The
compilation attributes (``#gpu.object`` ...) are in ``gpu_objects``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..diagnostics import quote_string
from ..ir import attributes as A
from ..syntax import lexer as L

# every attribute of the gpu dialect (GPUBase.td, GPUOps.td, GPUDeviceMappingAttr.td,
# ParallelLoopMapperAttr.td, CompilationAttrs.td): any other mnemonic is "unknown attribute"
A.register_attr_mnemonics("gpu", (
    "address_space", "loop_dim_map", "block", "warpgroup", "warp", "thread", "lane", "memory_space", "mask",
    "object", "select_object", "kernel_metadata", "kernel_table"), {
    # the enums in the default format, `#gpu<mnemonic keyword>`
    "dim": "GPU_DimensionAttr", "all_reduce_op": "GPU_AllReduceOperationAttr",
    "shuffle_mode": "GPU_ShuffleModeAttr", "mma_element_wise": "MMAElementWiseAttr",
    "broadcast": "GPU_BroadcastTypeAttr", "mat_transpose_mode": "GPU_TransposeModeAttr",
    "spgemm_work_estimation_or_compute_kind": "GPU_SpGEMMWorkEstimationOrComputeKindAttr",
    "prune_2to4_spmat_flag": "GPU_Prune2To4SpMatFlagAttr"})
# the enums no op of ours registers (gpu.subgroup_broadcast, gpu.prune_2to4_spmat)
A.register_enum("gpu", "broadcast", ("first_active_lane", "specific_lane"), "::mlir::gpu::BroadcastType")
A.register_enum("gpu", "prune_2to4_spmat_flag", ("NONE", "PRUNE_ONLY", "PRUNE_AND_CHECK"),
                "::mlir::gpu::Prune2To4SpMatFlag")
A.register_keyword_attr("gpu.address_space", A.KeywordSpec(("global", "workgroup", "private"),
                                                            "::mlir::gpu::AddressSpace"))


def _parse_select_object(p: Any, pos: int) -> A.Attribute:
    """``#gpu.select_object`` (`<` attribute `>`)?: the parameter is a generic attribute, so ``<0>``
    prints back as ``<0 : i64>``; a non-negative index or a target attribute."""
    p.pos = p.last_end = pos
    if not p.text.startswith("<", pos):
        return A.SelectObjectAttr()
    p.pos = pos + 1
    target = p.parse_attribute()
    p.parse_punct(">")
    if isinstance(target, A.IntegerAttr):  # the attribute's verifier, at its `<`
        if target.value < 0:
            raise p.error("the object index must be positive", pos)
    elif not is_target(target):
        raise p.error("the target attribute must be a GPU Target attribute", pos)
    return A.SelectObjectAttr(target)


A.register_attr_parser("gpu.select_object", _parse_select_object)

_PROCESSORS = ("block_x", "block_y", "block_z", "thread_x", "thread_y", "thread_z", "sequential")


def _parse_loop_dim_map(p: Any, pos: int) -> A.Attribute:
    """``#gpu.loop_dim_map<processor = P, map = M, bound = M>`` (ParallelLoopDimMappingAttr: a struct
    format, parameters in any order; the maps are written bare, ``(d0) -> (d0)``)."""
    from ..ir.affine import AffineParseError, parse_affine_map

    p.pos = p.last_end = pos
    p.parse_punct("<")
    seen: dict[str, str] = {}
    while len(seen) < 3:
        if seen:
            p.parse_punct(",")
        kpos = p.skip()
        key = p.parse_optional_bare_id()
        if key not in ("processor", "map", "bound") or key in seen:
            raise p.error(f"duplicate or unknown struct parameter name: {key or ''}", kpos)
        p.parse_punct("=")
        vpos = p.skip()
        if key == "processor":
            word = p.parse_optional_bare_id()
            if word not in _PROCESSORS:
                err = p.error("failed to parse ParallelLoopDimMappingAttr parameter 'processor' which is to be a "
                              "`::mlir::gpu::Processor`", p.skip() if word else vpos)
                err.preceding = [p.error(f"expected ::mlir::gpu::Processor to be one of: {', '.join(_PROCESSORS)}"
                                         if word else "expected valid keyword or string", vpos).diagnostic]
                raise err
            seen[key] = word
            continue
        end = p.balanced_end(vpos) if p.text.startswith("(", vpos) else vpos
        if p.text.startswith("[", end):
            end = p.balanced_end(end)
        arrow = L.ws_re.match(p.text, end).end()
        if p.text.startswith("->", arrow):
            res = L.ws_re.match(p.text, arrow + 2).end()
            end = p.balanced_end(res) if p.text.startswith("(", res) else res
        try:
            if not p.text.startswith("(", vpos):  # a wrong-token error: just past the `=`
                raise AffineParseError("expected '(' in dimensional identifier list", p.last_end - vpos)
            amap = parse_affine_map(p.text[vpos:end])
        except AffineParseError as ex:
            err = p.error("failed to parse ParallelLoopDimMappingAttr parameter "
                          f"'{key}' which is to be a `AffineMap`", vpos + ex.offset + 1)
            err.preceding = [p.error(ex.message, vpos + ex.offset).diagnostic]
            raise err from None
        p.pos = p.last_end = end
        seen[key] = str(amap)
    p.parse_punct(">")
    return A.OpaqueAttr(f"#gpu.loop_dim_map<processor = {seen['processor']}, map = {seen['map']}, "
                        f"bound = {seen['bound']}>")


A.register_attr_parser("gpu.loop_dim_map", _parse_loop_dim_map)

# (parameter, kind, default) in declaration order (NVVMOps.td / ROCDLOps.td target attributes);
# None: no default, printed whenever given
_TARGET_PARAMS: dict[str, tuple[tuple[str, str, Any], ...]] = {
    "nvvm": (("O", "int", 2), ("triple", "str", "nvptx64-nvidia-cuda"), ("chip", "str", "sm_50"),
             ("features", "str", None), ("flags", "attr", None), ("link", "attr", None),
             ("verifyTarget", "bool", True)),
    "rocdl": (("O", "int", 2), ("triple", "str", "amdgcn-amd-amdhsa"), ("chip", "str", "gfx900"),
              ("features", "str", ""), ("abi", "str", "600"), ("flags", "attr", None), ("link", "attr", None)),
}


def _param_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return quote_string(v)
    return str(v)


class TargetAttr(A.Attribute):
    """``#nvvm.target<...>`` / ``#rocdl.target<...>`` (GPUTargetAttrInterface): ``dialect`` and the
    parameters given away from their defaults, ``(name, value)`` in declaration order (ints, strings,
    bools, or attributes for ``flags``/``link``); printed as upstream, defaults elided."""

    __slots__ = ("dialect", "params")

    def __init__(self, dialect: str, params: Sequence[tuple[str, Any]] = ()) -> None:
        A.Attribute.__init__(self)
        self.dialect = dialect
        given = dict(params)
        self.params = tuple((k, given[k]) for k, _, default in _TARGET_PARAMS[dialect]
                            if k in given and not (given[k] == default and type(given[k]) is type(default)))

    def get(self, name: str) -> Any:
        """A parameter's value (its default when not given)."""
        for k, v in self.params:
            if k == name:
                return v
        return next(d for k, _, d in _TARGET_PARAMS[self.dialect] if k == name)

    def render(self, p: Any = None) -> str:
        body = ", ".join(f"{k} = {_param_text(v)}" for k, v in self.params)
        return f"#{self.dialect}.target" + (f"<{body}>" if body else "")


def _target_parser(dialect: str) -> Callable[[Any, int], A.Attribute]:
    kinds = {k: kind for k, kind, _ in _TARGET_PARAMS[dialect]}

    def value(p: Any, kind: str) -> Any:
        pos = p.skip()
        if kind in ("int", "str"):
            v = p.parse_optional_integer() if kind == "int" else p.parse_optional_string()
            if v is None:
                raise p.error("expected integer value" if kind == "int" else "expected string", pos)
            return v
        if kind == "bool":
            n = p.parse_optional_integer()
            if n is not None:
                return bool(n)
            w = p.parse_optional_bare_id()
            if w not in ("true", "false"):
                raise p.error("expected 'true' or 'false'", pos)
            return w == "true"
        return p.parse_attribute()

    def parse(p: Any, pos: int) -> A.Attribute:
        """(`<` (name `=` value (`,` name `=` value)*)? `>`)? — struct parameters in any order."""
        p.pos = p.last_end = pos
        got: dict[str, Any] = {}
        if p.text.startswith("<", pos):
            p.pos = pos + 1
            if not p.parse_optional_punct(">"):
                while True:
                    key = p.parse_optional_bare_id()
                    if key is None:
                        raise p.error("expected valid keyword", p.skip())
                    p.parse_punct("=")
                    if key not in kinds or key in got:  # upstream points past the `=`
                        raise p.error(f"duplicate or unknown struct parameter name: {key}", p.skip())
                    got[key] = value(p, kinds[key])
                    if not p.parse_optional_punct(","):
                        break
                p.parse_punct(">")
            if not 0 <= got.get("O", 2) <= 3:  # the attribute's verifier, at its `<`
                raise p.error("The optimization level must be a number between 0 and 3.", pos)
        return TargetAttr(dialect, got.items())
    return parse


for _d in _TARGET_PARAMS:
    A.register_attr_parser(f"{_d}.target", _target_parser(_d))
def split_top(s: str) -> list[str]:
    """Split at commas outside brackets and strings (``->`` is not a bracket)."""
    out, depth, start, i, n = [], 0, 0, 0, len(s)
    while i < n:
        c = s[i]
        if c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
        elif c in "<{[(":
            depth += 1
        elif c in "}])" or (c == ">" and s[i - 1] != "-"):
            depth -= 1
        elif c == "," and depth == 0:
            out.append(s[start:i].strip())
            start = i + 1
        i += 1
    tail = s[start:].strip()
    if tail:
        out.append(tail)
    return out


_OPAQUE_TARGETS = ("#xevm.target", "#spirv.target_env")


def is_target(a: A.Attribute) -> bool:
    """An attribute implementing GPUTargetAttrInterface: ours, or ``#xevm.target``/``#spirv.target_env``
    (kept opaque: their name is what we know of them)."""
    return isinstance(a, TargetAttr) or (isinstance(a, A.OpaqueAttr) and a.text.split("<", 1)[0] in _OPAQUE_TARGETS)
