"""run/simt.py against plain Python loops: workgroup and subgroup reductions (every kind, clusters,
partial subgroups), shuffles in every mode with validity, and C printf formatting."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from asyncgpu_opt.run import simt

KINDS_INT = ("add", "mul", "minsi", "minui", "maxsi", "maxui", "and", "or", "xor")
KINDS_FLOAT = ("add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf")


def _py(kind: str, a: int | float, b: int | float, bits: int = 32) -> int | float:
    m = (1 << bits) - 1
    if kind == "add":
        return a + b
    if kind == "mul":
        return a * b
    if kind in ("minsi", "maxsi"):
        return min(a, b) if kind == "minsi" else max(a, b)
    if kind in ("minui", "maxui"):
        ua, ub = a & m, b & m
        return a if (ua < ub) == (kind == "minui") else b
    if kind in ("and", "or", "xor"):
        return {"and": a & b, "or": a | b, "xor": a ^ b}[kind]
    nan_a, nan_b = a != a, b != b
    if kind in ("minnumf", "maxnumf"):
        if nan_a or nan_b:
            return b if nan_a else a
        return min(a, b) if kind == "minnumf" else max(a, b)
    if nan_a or nan_b:
        return float("nan")
    return min(a, b) if kind == "minimumf" else max(a, b)


def _wrap32(x: int) -> int:
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >> 31 else x


@pytest.mark.parametrize("kind", KINDS_INT)
def test_all_reduce_integer_kinds_per_block(kind: str) -> None:
    shape = (1, 1, 3, 1, 2, 20)  # 3 blocks of 2 x 20 threads
    rng = np.random.default_rng(1)
    v = rng.integers(-50, 50, size=shape).astype(np.int32)
    if kind == "mul":
        v = rng.integers(-2, 3, size=shape).astype(np.int32)
    r = simt.all_reduce(kind, v, shape)
    assert r.shape == (1, 1, 3, 1, 1, 1)
    for b in range(3):
        vals = [int(x) for x in v[0, 0, b].ravel()]
        want = _wrap32(functools.reduce(lambda x, y: _py(kind, x, y), vals))
        assert int(r[0, 0, b, 0, 0, 0]) == want


@pytest.mark.parametrize("kind", KINDS_FLOAT)
def test_all_reduce_float_kinds_with_a_nan(kind: str) -> None:
    shape = (1, 1, 1, 1, 1, 40)
    v = (np.arange(40, dtype=np.float32) - 10).reshape(shape) * np.float32(0.25)
    v[..., 7] = np.nan
    if kind == "mul":
        v = np.where(np.isnan(v), 1, 1 + (np.arange(40) % 3 == 0)).astype(np.float32).reshape(shape)
    r = float(simt.all_reduce(kind, v, shape).ravel()[0])
    want = functools.reduce(lambda x, y: _py(kind, x, y), [float(x) for x in v.ravel()])
    assert (r != r and want != want) or r == pytest.approx(want)


def test_all_reduce_with_a_combining_function_matches_a_fold() -> None:
    shape = (1, 1, 2, 1, 1, 35)
    v = np.arange(70, dtype=np.int32).reshape(shape)
    r = simt.all_reduce_with(np.bitwise_xor, v, shape)
    for b in range(2):
        assert int(r.ravel()[b]) == functools.reduce(lambda x, y: x ^ y, range(35 * b, 35 * b + 35))


@pytest.mark.parametrize("size,stride", [(None, 1), (4, 1), (4, 8), (2, 16), (32, 1), (1, 1)])
def test_subgroup_reduce_clusters_in_a_partial_last_subgroup(size: int | None, stride: int) -> None:
    n = 48
    shape = (1, 1, 1, 1, 1, n)
    v = np.arange(n, dtype=np.int32).reshape(shape) * 3 + 1
    r = simt.subgroup_reduce("add", v, shape, size, stride).ravel()
    c = size or 32
    for t in range(n):
        sg, lane = divmod(t, 32)
        base = (lane // (c * stride)) * c * stride + lane % stride
        members = [sg * 32 + base + k * stride for k in range(c)]
        assert int(r[t]) == sum(3 * u + 1 for u in members if u < n)


@pytest.mark.parametrize("mode,off,width", [("xor", 1, 32), ("xor", 4, 13), ("down", 3, 32), ("up", 2, 32),
                                            ("idx", 5, 32), ("idx", 40, 32), ("xor", 4, 16)])
def test_shuffle_modes_and_validity(mode: str, off: int, width: int) -> None:
    n = 64
    shape = (1, 1, 1, 1, 1, n)
    v = (np.arange(n, dtype=np.float32) * 10).reshape(shape)
    r, ok = simt.shuffle(mode, v, np.int32(off), width, shape)
    for t in range(n):
        lane = t % 32
        src = {"xor": lane ^ off, "down": lane + off, "up": lane - off, "idx": off}[mode]
        valid = 0 <= src < width
        assert bool(ok.ravel()[t]) == valid
        assert float(r.ravel()[t]) == (t - lane + src) * 10 if valid else float(r.ravel()[t]) == t * 10


def test_shuffle_with_a_per_thread_offset() -> None:
    shape = (1, 1, 1, 1, 1, 32)
    v = np.arange(32, dtype=np.int32).reshape(shape)
    off = (np.arange(32, dtype=np.int32) % 3).reshape(shape)
    r, ok = simt.shuffle("down", v, off, 32, shape)
    assert [int(x) for x in r.ravel()] == [t + t % 3 if t + t % 3 < 32 else t for t in range(32)]
    assert [bool(x) for x in ok.ravel()] == [t + t % 3 < 32 for t in range(32)]


def test_c_printf() -> None:
    f = simt.c_printf
    assert f("%lld, %d, %f\n", [np.int64(0), np.int8(2), np.float32(3.0)]) == "0, 2, 3.000000\n"
    assert f("%u %x %X %o", [np.int32(-1), np.int32(-1), np.int16(-1), np.int8(-1)]) == "4294967295 ffffffff FFFF 377"
    assert f("%5.2f|%-4d|%+d|%e|%g%%", [np.float64(3.14159), np.int32(7), np.int32(3), np.float32(0.5),
                                        np.float64(1e-5)]) == " 3.14|7   |+3|5.000000e-01|1e-05%"
    assert f("%c%c", [np.int8(72), np.int8(105)]) == "Hi"
    assert f("no args\n", []) == "no args\n"
