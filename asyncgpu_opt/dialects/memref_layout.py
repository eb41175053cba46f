"""Strided memref layouts: strides and offset of a memref type, and the layouts that subview,
expand_shape and collapse_shape produce (MLIR's ``getStridesAndOffset``, ``SaturatedInteger``,
``computeExpandedLayoutMap``, ``computeCollapsedLayoutMap``, ``computeRankReductionMask``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..ir import affine as AF
from ..ir import attributes as A
from ..ir import types as T

DYN = T.DYNAMIC


def sat_mul(a: int, b: int) -> int:
    """``SaturatedInteger`` product: dynamic if either side is."""
    return DYN if DYN in (a, b) else a * b


def sat_add(a: int, b: int) -> int:
    return DYN if DYN in (a, b) else a + b


def canonical_strides(shape: Sequence[int]) -> list[int]:
    """Row-major strides of ``shape`` (a dynamic size makes every outer stride dynamic)."""
    out, acc = [], 1
    for d in reversed(shape):
        out.append(acc)
        acc = sat_mul(acc, d)
    return out[::-1]


def _linear_terms(e: AF.AffineExpr, num_dims: int) -> tuple[list[int], int] | None:
    """``e`` as ``sum_i d_i * stride_i + offset`` (a symbol makes its coefficient dynamic)."""
    if isinstance(e, AF.Const):
        return [0] * num_dims, e.value
    if isinstance(e, AF.Sym):
        return [0] * num_dims, DYN
    if isinstance(e, AF.Dim):
        s = [0] * num_dims
        s[e.pos] = 1
        return s, 0
    if not isinstance(e, AF.Bin):
        return None
    if e.kind == "add":
        lhs, rhs = _linear_terms(e.lhs, num_dims), _linear_terms(e.rhs, num_dims)
        if lhs is None or rhs is None:
            return None
        return [_add_coef(x, y) for x, y in zip(lhs[0], rhs[0])], _add_coef(lhs[1], rhs[1])
    if e.kind == "mul":
        for a, b in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if b.is_symbolic_or_constant():
                f = b.value if isinstance(b, AF.Const) else DYN
                t = _linear_terms(a, num_dims)
                if t is None:
                    return None
                return [_mul_coef(x, f) for x in t[0]], _mul_coef(t[1], f)
    return None


def _add_coef(a: int, b: int) -> int:
    if a == 0:
        return b
    if b == 0:
        return a
    return sat_add(a, b)


def _mul_coef(a: int, f: int) -> int:
    return 0 if a == 0 or f == 0 else sat_mul(a, f)


def strides_and_offset(t: T.Type) -> tuple[list[int], int] | None:
    """(strides, offset) of a ranked memref type, or None when its layout is not strided."""
    if not isinstance(t, T.MemRefType):
        return None
    lay = t.layout
    if lay is None:
        return canonical_strides(t.shape), 0
    if isinstance(lay, A.StridedLayoutAttr):
        return list(lay.strides), lay.offset
    if isinstance(lay, A.AffineMapAttr):
        m = lay.map
        if len(m.results) != 1 or m.num_dims != t.rank:
            return None
        terms = _linear_terms(m.results[0], m.num_dims)
        return (terms[0], terms[1]) if terms is not None else None
    return None


def is_strided(t: T.Type) -> bool:
    return strides_and_offset(t) is not None


def strided_type(shape: Sequence[int], like: T.MemRefType, strides: Sequence[int] | None,
                 offset: int = 0) -> T.MemRefType:
    """``MemRefType::get(shape, like's element type, strided<strides, offset>, like's space)``;
    ``strides=None`` gives the identity layout."""
    lay = None if strides is None else A.StridedLayoutAttr(strides, offset)
    return T.MemRefType(shape, like.element_type, lay, like.memory_space)


def expanded_layout(src: T.MemRefType, result_shape: Sequence[int],
                    reassociation: Sequence[Sequence[int]]) -> tuple[list[int], int] | None:
    """Strides and offset of ``src`` expanded to ``result_shape``; None if ``src`` is not strided."""
    so = strides_and_offset(src)
    if so is None:
        return None
    src_strides, offset = so
    rev: list[int] = []
    k = len(result_shape) - 1
    for group, stride in reversed(list(zip(reassociation, src_strides))):
        for _ in group:
            rev.append(stride)
            stride = sat_mul(stride, result_shape[k])
            k -= 1
    strides = rev[::-1]
    strides += [1] * (len(result_shape) - len(strides))
    return strides[: len(result_shape)], offset


def collapsed_layout(src: T.MemRefType,
                     reassociation: Sequence[Sequence[int]]) -> tuple[list[int], int] | None:
    """Strides and offset of ``src`` collapsed by ``reassociation``; None if ``src`` is not strided
    or a group is statically non-contiguous."""
    so = strides_and_offset(src)
    if so is None:
        return None
    src_strides, offset = so
    shape = src.shape
    res: list[int] = []
    for group in reassociation:
        ref = list(group)
        while len(ref) > 1 and shape[ref[-1]] == 1:
            ref.pop()
        res.append(src_strides[ref[-1]] if shape[ref[-1]] != DYN or len(ref) == 1 else DYN)
    for group, stride in zip(reversed(reassociation), reversed(res)):
        for idx in reversed(list(group)[1:]):
            stride = sat_mul(stride, shape[idx])
            src_stride = src_strides[idx - 1]
            if shape[idx - 1] == 1:
                continue
            if DYN not in (stride, src_stride) and stride != src_stride:
                return None
    return res, offset


def rank_reduction_mask(original: Sequence[int], reduced: Sequence[int]) -> set[int] | None:
    """Dims of ``original`` (all of size 1) dropped to give ``reduced``; None if impossible."""
    unused, j = set(), 0
    for i, size in enumerate(original):
        if j < len(reduced) and size == reduced[j]:
            j += 1
            continue
        unused.add(i)
        if size != 1:
            return None
    return unused if j == len(reduced) else None


def memref_rank_reduction_mask(original: T.MemRefType, reduced: T.MemRefType,
                               static_sizes: Sequence[int]) -> set[int] | None:
    """MLIR's ``computeMemRefRankReductionMask``: the unit dims whose strides are also dropped."""
    unused = {i for i, s in enumerate(static_sizes) if s == 1}
    if original.rank == reduced.rank:
        return set()
    if len(unused) + reduced.rank == original.rank:
        return unused
    a, b = strides_and_offset(original), strides_and_offset(reduced)
    if a is None or b is None:
        return None
    left, cand = Counter(a[0]), Counter(b[0])
    for dim in sorted(unused):
        s = a[0][dim]
        if left[s] > cand[s]:
            left[s] -= 1
        elif left[s] == cand[s]:
            unused.discard(dim)
        else:
            return None
    return unused if len(unused) + reduced.rank == original.rank else None


def strided_linear_expr(strides: Sequence[int], offset: int) -> tuple[AF.AffineExpr, int]:
    """makeStridedLinearLayoutMap: offset + sum(d_i * stride_i), a fresh symbol per dynamic value
    (offset first); returns the expression and its symbol count."""
    n = 0
    if offset == T.DYNAMIC:
        e: AF.AffineExpr = AF.Sym(0)
        n = 1
    else:
        e = AF.Const(offset)
    for i, st in enumerate(strides):
        if st == T.DYNAMIC:
            m: AF.AffineExpr = AF.Sym(n)
            n += 1
        else:
            m = AF.Const(st)
        e = AF.add(e, AF.mul(AF.Dim(i), m))
    return e, n


def _canonical_strided_expr(shape: Sequence[int]) -> AF.AffineExpr | None:
    """makeCanonicalStridedLayoutExpr: the contiguous row-major layout of ``shape``."""
    e: AF.AffineExpr | None = None
    running, poisoned, n = 1, False, 0
    for i in reversed(range(len(shape))):
        if poisoned:
            st: AF.AffineExpr = AF.Sym(n)
            n += 1
        else:
            st = AF.Const(running)
        term = AF.mul(AF.Dim(i), st)
        e = term if e is None else AF.add(e, term)
        if shape[i] > 0:
            running *= shape[i]
        else:
            poisoned = True
    return e


def canonicalize_strided_layout(t: T.MemRefType) -> T.MemRefType:
    """mlir::canonicalizeStridedLayout: the layout as one simplified affine map, or none when that
    map is the contiguous layout of the shape."""
    lay = t.layout
    if lay is None:
        return t
    if isinstance(lay, A.StridedLayoutAttr):
        expr, ns = strided_linear_expr(lay.strides, lay.offset)
        m = AF.AffineMap(len(t.shape), ns, [expr])
    elif isinstance(lay, A.AffineMapAttr):
        m = lay.map
    else:
        return t
    if len(m.results) > 1:
        return t
    if m.num_dims == 0 and m.num_syms == 0:
        r = m.results[0]
        if isinstance(r, AF.Const) and r.value == 0:
            return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        return t
    if not t.shape:
        return t
    canon = _canonical_strided_expr(t.shape)
    if canon is not None and _same_expr(canon, m.results[0], m.num_dims, m.num_syms):
        return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
    return T.MemRefType(t.shape, t.element_type, A.AffineMapAttr(m), t.memory_space)


def _same_expr(a: AF.AffineExpr, b: AF.AffineExpr, nd: int, ns: int) -> bool:
    """Whether two layout expressions are equal as functions (simplifyAffineExpr brings equal ones
    to one form upstream; here they are compared on sample points)."""
    if a == b:
        return True
    for k in range(1, 9):
        dims = [(k * 7 + 3 * i) % 11 + 1 for i in range(nd)]
        syms = [(k * 5 + 2 * i) % 13 + 2 for i in range(ns)]
        try:
            if AF.evaluate(a, dims, syms) != AF.evaluate(b, dims, syms):
                return False
        except (IndexError, ZeroDivisionError):
            return False
    return True


def same_layout_type(a: T.MemRefType, b: T.MemRefType) -> bool:
    """Equality of two canonicalized memref types, layouts compared as functions."""
    if (a.shape, a.element_type, a.memory_space) != (b.shape, b.element_type, b.memory_space):
        return False
    la, lb = a.layout, b.layout
    if la is None or lb is None:
        return la is None and lb is None
    if not isinstance(la, A.AffineMapAttr) or not isinstance(lb, A.AffineMapAttr):
        return a == b
    ma, mb = la.map, lb.map
    return (ma.num_dims, ma.num_syms, len(ma.results)) == (mb.num_dims, mb.num_syms, len(mb.results)) and all(
        _same_expr(x, y, ma.num_dims, ma.num_syms) for x, y in zip(ma.results, mb.results))
