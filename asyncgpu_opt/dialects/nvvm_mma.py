"""nvvm dialect, warp-level matrix multiply: ``nvvm.mma.sync`` and ``nvvm.wmma.{load,store,mma}``,
parsed, printed and verified as upstream's NVVMOps.td / NVVMDialect.cpp (they do not run).

    mma.sync   ::= `A[` ssa-use-list `]` `B[` ... `]` `C[` ... `]` attr-dict
                   `:` `(` type `,` type `,` type `)` `->` type
    wmma.load  ::= $ptr `,` $stride attr-dict `:` functional-type($ptr, $res)
    wmma.store ::= $ptr `,` $stride `,` $args attr-dict `:` qualified(type($ptr)) `,` type($args)
    wmma.mma   ::= $args attr-dict `:` functional-type($args, $res)

The attributes are ``#nvvm.shape<m = M, n = N, k = K>``, ``#nvvm.mma_layout<row|col>``,
``#nvvm.mma_type<f16|...>`` and ``#nvvm.mma_frag<a|b|c>`` (kept as dialect attribute text).
Loaded with ``nvvm.py``.
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.opdef import OpDef, VerifyError, single, variadic

_F16X2 = T.VectorType((2,), T.f16)
_ENUM_RE = re.compile(r"#nvvm\.(\w+)<\s*(\w+)\s*>")
_SHAPE_RE = re.compile(r"#nvvm\.shape<\s*m\s*=\s*(\d+)\s*,\s*n\s*=\s*(\d+)\s*,\s*k\s*=\s*(\d+)\s*>")


def _enum(op: Operation, name: str) -> str | None:
    """The keyword of an ``#nvvm.<mnemonic><keyword>`` attribute of ``op`` (None if absent)."""
    a = op.attributes.get(name)
    m = _ENUM_RE.fullmatch(str(a)) if a is not None else None
    return m[2] if m else None


def _int(op: Operation, name: str) -> int:
    a = op.attributes.get(name)
    return a.value if isinstance(a, A.IntegerAttr) else 0


def _normalize(a: A.Attribute) -> A.Attribute:
    """``#nvvm.shape<m=8,n=8,k=4>`` and ``#nvvm.mma_layout< row >`` in their printed spelling."""
    if not isinstance(a, A.OpaqueAttr):
        return a
    m = _SHAPE_RE.fullmatch(a.text)
    if m:
        return A.OpaqueAttr(f"#nvvm.shape<m = {m[1]}, n = {m[2]}, k = {m[3]}>")
    m = _ENUM_RE.fullmatch(a.text)
    return A.OpaqueAttr(f"#nvvm.{m[1]}<{m[2]}>") if m else a


def _struct(n: int, t: T.Type) -> T.Type:
    return T.LLVMStructType([t] * n)


# ----- mma.sync ------------------------------------------------------------------------------------------

def infer_operand_mma_type(t: T.Type, accumulator: bool) -> str | None:
    """MmaOp::inferOperandMMAType: the PTX type a fragment register type implies."""
    if t == T.f64:
        return "f64"
    if t == T.f16 or t == _F16X2:
        return "f16"
    if t == T.f32:
        return "f32" if accumulator else "tf32"
    if isinstance(t, T.IntegerType):
        return "s32" if accumulator else None
    if isinstance(t, T.LLVMStructType):
        return infer_operand_mma_type(t.elements[0], accumulator) if t.elements else None
    return None


_INT4, _INT8 = ("s4", "u4"), ("s8", "u8")
_INTEGER = _INT4 + _INT8 + ("b1", "s32")


class MmaOp(OpDef):
    name = "nvvm.mma.sync"
    operands = (variadic("operandA"), variadic("operandB"), variadic("operandC"))
    results = (single("res"),)
    props = ("layoutA", "layoutB", "shape", "b1Op", "intOverflowBehavior", "multiplicandAPtxType",
             "multiplicandBPtxType", "operandSegmentSizes")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True  # the verifier reads only types and attributes

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        groups = []
        for name in "ABC":
            p.parse_keyword(name)
            groups.append(p.parse_operand_list("[]") if p.peek("[") else [])
        attrs = {k: _normalize(v) for k, v in p.parse_optional_attr_dict().items()}
        p.parse_punct(":")
        p.parse_punct("(")
        types = p.parse_type_list()
        p.parse_punct(")")
        # upstream infers the multiplicand types with isAccumulator set for A and B (as it does)
        inferred = [infer_operand_mma_type(t, i < 2) for i, t in enumerate(types)]
        if len(types) > 3:  # upstream checks the count only when `)` is missing (and crashes here)
            raise p.error(f"custom op '{cls.name}' expected one type for each operand segment but got {len(types)} "
                          "types", p.name_pos)
        ops = [p.resolve(r, t) for refs, t in zip(groups, types) for r in refs]
        inferred += [None] * (3 - len(types))
        p.parse_punct("->")
        res = p.parse_type()
        for i, key in enumerate(("multiplicandAPtxType", "multiplicandBPtxType")):
            if key in attrs:
                continue
            if inferred[i] is None:
                raise p.error(f"custom op '{cls.name}' attribute {key} is not provided explicitly and cannot be "
                              "inferred", p.name_pos)
            attrs[key] = A.OpaqueAttr(f"#nvvm.mma_type<{inferred[i]}>")
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, [len(g) for g in groups])
        return Operation.create(cls.name, ops, [res], attrs, opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        segs = op.attributes["operandSegmentSizes"].values
        s, i = "", 0
        for name, n in zip("ABC", segs):
            s += f" {name}[{pr.values(op.operands[i:i + n])}] "
            i += n
        # upstream elides both multiplicand types when the A registers imply them
        a_type = op.operands[0].type if op.operands else None
        elided = {"operandSegmentSizes"}
        if a_type is not None and infer_operand_mma_type(a_type, False) is not None:
            elided |= {"multiplicandAPtxType", "multiplicandBPtxType"}
        s += pr.attr_dict_text(op.attributes, elided)
        firsts = []
        i = 0
        for n in segs:
            firsts.append(pr.type_text(op.operands[i].type) if n else "<<NULL TYPE>>")
            i += n
        return s + " : (" + ", ".join(firsts) + ") -> " + pr.type_text(op.results[0].type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        for attr in ("layoutA", "layoutB", "shape"):
            if attr not in op.attributes:
                raise VerifyError(f"requires attribute '{attr}'", op)
        sm = _SHAPE_RE.fullmatch(str(op.attributes["shape"]))
        if sm is None:
            return
        shape = (int(sm[1]), int(sm[2]), int(sm[3]))
        a_type = _enum(op, "multiplicandAPtxType")
        if a_type is None:
            return
        exp_a: list[tuple[int, T.Type]] = []
        exp_b: list[tuple[int, T.Type]] = []
        exp_c: list[tuple[int, T.Type]] = []
        exp_res: list[T.Type] = []
        shapes: list[tuple[int, int, int]] = []
        sizes = cls.operand_segments(op)
        segs = [(sum(sizes[:i]), n) for i, n in enumerate(sizes)]
        c_first = op.operands[segs[2][0]].type if segs[2][1] else None
        if shape[0] == 16:
            frag: T.Type = T.i32
            if a_type in ("tf32", "bf16"):
                k_factor = 4 if a_type == "tf32" else 8
                exp_res.append(_struct(4, T.f32))
            elif a_type == "f16":
                k_factor, frag = 8, _F16X2
                exp_res += [_struct(2, _F16X2), _struct(4, T.f32)]
            elif a_type in _INT4 + ("b1",) + _INT8:
                k_factor = 32 if a_type in _INT4 else 128 if a_type == "b1" else 16
            else:
                raise VerifyError(f"invalid shape or multiplicand type: {a_type}", op, raw=True)
            if a_type in _INTEGER:
                exp_res.append(_struct(4, T.i32))
                exp_c.append((4, T.i32))
            else:
                exp_c += [(2, _F16X2), (4, T.f32)]
            exp_a.append(((shape[0] // 8) * (shape[2] // k_factor), frag))
            exp_b.append(((shape[1] // 8) * (shape[2] // k_factor), frag))
            shapes += [(16, 8, k_factor), (16, 8, k_factor * 2)]
            res_ptx = infer_operand_mma_type(op.results[0].type, True)
            acc_ptx = infer_operand_mma_type(c_first, True) if c_first is not None else None
            if res_ptx != acc_ptx:
                raise VerifyError("ctype does not match dtype", op)
        if shape[0] == 8:
            if a_type == "f16":
                exp_a.append((2, _F16X2))
                exp_b.append((2, _F16X2))
                exp_res += [_struct(4, _F16X2), _struct(8, T.f32)]
                exp_c += [(4, _F16X2), (8, T.f32)]
                shapes.append((8, 8, 4))
            if a_type == "f64":
                exp_a.append((1, T.f64))
                exp_b.append((1, T.f64))
                exp_c.append((2, T.f64))
                exp_res.append(_struct(2, T.f64))
                shapes.append((8, 8, 4))
            if a_type in _INTEGER:
                exp_a.append((1, T.i32))
                exp_b.append((1, T.i32))
                exp_c.append((2, T.i32))
                exp_res.append(_struct(2, T.i32))
                if a_type in _INT4:
                    shapes.append((8, 8, 32))
                if a_type in _INT8:
                    shapes.append((8, 8, 16))
                if a_type == "b1":
                    shapes.append((8, 8, 128))
        if not exp_a or not exp_b or not exp_c or shape not in shapes:
            raise VerifyError(f"unimplemented variant for MMA shape <{', '.join(map(str, shape))}>", op)
        for name, expected, (start, n) in zip("ABC", (exp_a, exp_b, exp_c), segs):
            got = [v.type for v in op.operands[start:start + n]]
            if not any(got == [t] * k for k, t in expected):
                want = "".join(f"{k}x{t} " for k, t in expected)
                raise VerifyError(f"Could not match types for the {name} operands; expected one of {want}but got "
                                  + ", ".join(str(t) for t in got), op)
        rt = op.results[0].type
        if rt not in exp_res:
            raise VerifyError("Could not match allowed types for the result; expected one of "
                              + ", ".join(str(t) for t in exp_res) + f" but got {rt}", op)
        if a_type == "b1" and "b1Op" not in op.attributes:
            raise VerifyError("op requires b1Op attribute", op)
        if a_type in _INT4 + _INT8 and "intOverflowBehavior" not in op.attributes:
            raise VerifyError("op requires intOverflowBehavior attribute", op)
        if not (shape == (8, 8, 4) and a_type == "f16") and (
                _enum(op, "layoutA") != "row" or _enum(op, "layoutB") != "col"):
            raise VerifyError("requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape "
                              f"<{shape[0]}, {shape[1]}, {shape[2]}> with element types {a_type} and "
                              f"{_enum(op, 'multiplicandBPtxType')}. Only m8n8k4 with f16 supports other layouts.", op)


# ----- wmma ------------------------------------------------------------------------------------------------

_GEOMS = ((16, 16, 16), (32, 8, 16), (8, 32, 16))
# NVVM_MMA_OPS: the load/store fragments (geometry, fragment kinds, element types) and the wmma.mma
# variants (geometries, A/B type, D type) upstream has intrinsics for
_LDST = [(g, "ab", ("f16", "u8", "s8", "bf16")) for g in _GEOMS] + \
        [(g, "cd", ("f16", "f32", "s32")) for g in _GEOMS] + \
        [((16, 16, 8), "ab", ("tf32",)), ((16, 16, 8), "cd", ("f32",)),
         ((8, 8, 4), "ab", ("f64",)), ((8, 8, 4), "cd", ("f64",))]
_MMA = [((16, 16, 8),), ("tf32",), ("f32",)], [_GEOMS, ("bf16",), ("f32",)], [((8, 8, 4),), ("f64",), ("f64",)], \
    [_GEOMS, ("f16",), ("f16", "f32")], [_GEOMS, ("s8", "u8"), ("s32",)]


def _ldst_supported(mnk: tuple[int, int, int], frag: str, eltype: str) -> bool:
    return any(g == mnk and frag in kinds and eltype in types for g, kinds, types in _LDST)


def _mma_supported(mnk: tuple[int, int, int], type_a: str, type_d: str) -> bool:
    return any(mnk in geoms and type_a in a and type_d in d for geoms, a, d in _MMA)


def infer_mma_type(eltype: str, frag: str, n_row: int, n_col: int) -> tuple[T.Type, int] | None:
    """NVVM::inferMMAType: the register type and count of one fragment."""
    if eltype == "f16":
        return _F16X2, (8 if frag in "ab" else 4)
    if eltype == "f32":
        return T.f32, 8
    if eltype == "f64":
        return T.f64, (1 if frag in "ab" else 2)
    if eltype == "tf32":
        return T.i32, 4
    if eltype in ("s8", "u8"):
        size = n_row if frag == "a" else n_col if frag == "b" else 0
        return T.i32, {16: 2, 8: 1, 32: 4}.get(size, 0)
    if eltype == "s32":
        return T.i32, 8
    return None


def _infer_from_mnk(eltype: str, frag: str, m: int, n: int, k: int) -> tuple[T.Type, int] | None:
    rows_cols = {"a": (m, k), "b": (k, n)}.get(frag, (m, n))
    return infer_mma_type(eltype, frag, *rows_cols)


def _check_space(op: Operation, what: str) -> None:
    t = op.operands[0].type
    if isinstance(t, T.LLVMPointerType) and t.address_space not in (0, 1, 3):
        raise VerifyError(f"expected {what} in memory space 0, 1, 3", op)


def _mnk(op: Operation) -> tuple[int, int, int]:
    return _int(op, "m"), _int(op, "n"), _int(op, "k")


class WMMALoadOp(OpDef):
    name = "nvvm.wmma.load"
    operands = (single("ptr"), single("stride", T.i32))
    results = (single("res"),)
    props = ("m", "n", "k", "layout", "eltype", "frag")
    effects = None
    shape_verified = True
    assembly_format = "$ptr `,` $stride attr-dict `:` functional-type($ptr, $res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_space(op, "source pointer")
        mnk, eltype, frag = _mnk(op), _enum(op, "eltype") or "", _enum(op, "frag") or ""
        if not _ldst_supported(mnk, frag, eltype) or frag not in "abc":
            raise VerifyError("invalid attribute combination", op)
        info = _infer_from_mnk(eltype, frag, *mnk)
        if info is not None and op.results[0].type != _struct(info[1], info[0]):
            raise VerifyError(f"expected destination type is a structure of {info[1]} elements of type '{info[0]}'", op)


class WMMAStoreOp(OpDef):
    name = "nvvm.wmma.store"
    operands = (single("ptr"), variadic("args"), single("stride", T.i32))
    props = ("m", "n", "k", "layout", "eltype")
    effects = None
    shape_verified = True
    assembly_format = "$ptr `,` $stride `,` $args attr-dict `:` qualified(type($ptr)) `,` type($args)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_space(op, "operands to be a source pointer")
        mnk, eltype = _mnk(op), _enum(op, "eltype") or ""
        if not _ldst_supported(mnk, "d", eltype):
            raise VerifyError("invalid attribute combination", op)
        info = _infer_from_mnk(eltype, "c", *mnk)
        args = op.operands[1:-1]
        if info is not None:
            if len(args) != info[1]:
                raise VerifyError(f"expected {info[1]} data operands", op)
            if any(v.type != info[0] for v in args):
                raise VerifyError(f"expected data operands of type '{info[0]}'", op)


class WMMAMmaOp(OpDef):
    name = "nvvm.wmma.mma"
    operands = (variadic("args"),)
    results = (single("res"),)
    props = ("m", "n", "k", "layoutA", "layoutB", "eltypeA", "eltypeB")
    traits = frozenset({"Pure"})
    effects = ()
    shape_verified = True
    assembly_format = "$args attr-dict `:` functional-type($args, $res)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        mnk, ta, tb = _mnk(op), _enum(op, "eltypeA") or "", _enum(op, "eltypeB") or ""
        if not _mma_supported(mnk, ta, tb):
            raise VerifyError("invalid attribute combination", op)
        infos = [_infer_from_mnk(ta, "a", *mnk), _infer_from_mnk(ta, "b", *mnk), _infer_from_mnk(tb, "c", *mnk)]
        if any(i is None for i in infos):
            return
        want = [t for t, n in infos for _ in range(n)]  # type: ignore[misc]
        if len(op.operands) != len(want):
            raise VerifyError(f"expected {len(want)} arguments", op)
        for i, (v, t) in enumerate(zip(op.operands, want)):
            if v.type != t:
                raise VerifyError(f"expected argument {i} to be of type '{t}'", op)
        ct, cn = infos[2]  # type: ignore[misc]
        if op.results[0].type != _struct(cn, ct):
            raise VerifyError(f"expected destination type is a structure of {cn} elements of type '{ct}'", op)
