"""printMemref*/printF32/... must print exactly what upstream's runner utils print."""

from __future__ import annotations

import io

import numpy as np
import pytest

from asyncgpu_opt.run import runner_utils as ru
from asyncgpu_opt.run.memory import Memory

HDR = "Unranked Memref base@ = 0x10000000 "


def out_of(fn, *args) -> str:
    buf = io.StringIO()
    fn(*args, buf)
    return buf.getvalue()


def test_1d_f32() -> None:
    got = out_of(ru.printMemrefF32, np.array([1, 1, 1, 1, 1], dtype=np.float32))
    assert got == HDR + "rank = 1 offset = 0 sizes = [5] strides = [1] data = \n[1,  1,  1,  1,  1]\n"


def test_2d_f32_matches_upstream_layout() -> None:
    a = np.array([[1038, 1044, 1050, 1056], [1083, 1098, 1113, 1128]], dtype=np.float32)
    assert out_of(ru.printMemrefF32, a) == (
        HDR + "rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data = \n"
        "[[1038,   1044,   1050,   1056], \n"
        " [1083,   1098,   1113,   1128]]\n"
    )


def test_3d_i32_nested_indentation() -> None:
    a = np.arange(12, dtype=np.int32).reshape(2, 3, 2)
    assert out_of(ru.printMemrefI32, a) == (
        HDR + "rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = \n"
        "[[[0,    1], \n"
        "  [2,    3], \n"
        "  [4,    5]], \n"
        " [[6,    7], \n"
        "  [8,    9], \n"
        "  [10,    11]]]\n"
    )


def test_0d_f32_and_i32() -> None:
    assert out_of(ru.printMemrefF32, np.array(2.0, dtype=np.float32)) == (
        HDR + "rank = 0 offset = 0 sizes = [] strides = [] data = \n[2]\n"
    )
    assert out_of(ru.printMemrefI32, np.array(-30, dtype=np.int32)) == (
        HDR + "rank = 0 offset = 0 sizes = [] strides = [] data = \n[-30]\n"
    )


def test_1d_i32_and_single_element_dims() -> None:
    assert out_of(ru.printMemrefI32, np.array([84, 84], dtype=np.int32)).endswith("data = \n[84,  84]\n")
    assert out_of(ru.printMemrefI32, np.array([7], dtype=np.int32)).endswith("data = \n[7]\n")
    assert out_of(ru.printMemrefI32, np.array([[7]], dtype=np.int32)).endswith("data = \n[[7]]\n")
    assert out_of(ru.printMemrefI32, np.array([[1], [2]], dtype=np.int32)).endswith(
        "data = \n[[1], \n [2]]\n"
    )


def test_float_formatting_is_iostream_default() -> None:
    vals = np.array([1.5, 1e6, 123456, 1234567, 0.1, 1e-5, -0.0, np.inf, -np.inf, np.nan], dtype=np.float64)
    got = out_of(ru.printMemrefF64, vals).splitlines()[1]
    assert got == "[1.5,  1e+06,  123456,  1.23457e+06,  0.1,  1e-05,  -0,  inf,  -inf,  nan]"
    assert ru.format_float(float(np.float32(0.1))) == "0.1"
    assert ru.format_float(-np.nan) == "-nan"


def test_strided_view_with_offset_descriptor() -> None:
    # memref<2x2xf32, strided<[4, 2], offset: 1>> over a flat buffer of 8 floats.
    base = np.arange(8, dtype=np.float32)
    got = ru.format_memref(base, 1, [2, 2], [4, 2])
    assert (
        got == HDR + "rank = 2 offset = 1 sizes = [2, 2] strides = [4, 2] data = \n[[1,   3], \n [5,   7]]\n"
    )
    # A strided numpy view keeps its element strides.
    v = np.arange(12, dtype=np.int32).reshape(3, 4)[:, 1:3]
    assert ru.format_memref_array(v).startswith(HDR + "rank = 2 offset = 0 sizes = [3, 2] strides = [4, 1]")
    assert ru.format_memref_array(v).endswith("[[1,   2], \n [5,   6], \n [9,   10]]\n")


def test_ranked_prefix_and_buffer_views() -> None:
    mem = Memory()
    buf = mem.allocate(16, "host")
    buf.view("int32")[:] = [3, 1, 4, 1]
    got = ru.format_memref(buf.view("int32"), 0, [4], [1], ranked=True, base_address=0xABC)
    assert (
        got == "Memref base@ = 0xabc rank = 1 offset = 0 sizes = [4] strides = [1] data = \n[3,  1,  4,  1]\n"
    )


def test_other_element_types() -> None:
    assert out_of(ru.printMemrefI64, np.array([-(2**40), 5])).endswith("[-1099511627776,  5]\n")
    assert out_of(ru.printMemrefInd, np.array([2**64 - 1], dtype=np.uint64)).endswith(
        "[18446744073709551615]\n"
    )
    assert out_of(ru.printMemrefC32, np.array([1 + 2.5j], dtype=np.complex64)).endswith("[(1,2.5)]\n")
    # int8_t goes through operator<<(ostream&, signed char): a character.
    assert out_of(ru.printMemrefI8, np.array([72, 105], dtype=np.int8)).endswith("[H,  i]\n")


def test_shape_printer() -> None:
    assert ru.format_memref_shape(2, 0, [2, 3], [3, 1]) == (
        "Unranked Memref base@ = 0x10000000 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1]\n"
    )


@pytest.mark.parametrize(
    ("fn", "args", "text"),
    [
        (ru.printF32, (1.5,), "1.5"),
        (ru.printF32, (0.1,), "0.1"),
        (ru.printF64, (1e6,), "1e+06"),
        (ru.printF64, (float("nan"),), "nan"),
        (ru.printF64, (float("-inf"),), "-inf"),
        (ru.printI64, (-42,), "-42"),
        (ru.printI64, (2**64 - 1,), "-1"),
        (ru.printU64, (2**64 - 1,), "18446744073709551615"),
        (ru.printOpen, (), "( "),
        (ru.printClose, (), " )"),
        (ru.printComma, (), ", "),
        (ru.printNewline, (), "\n"),
    ],
)
def test_scalar_printers(fn, args, text) -> None:
    assert out_of(fn, *args) == text


def test_vector_print_sequence() -> None:
    buf = io.StringIO()
    ru.printOpen(buf)
    ru.printF32(1.0, buf)
    ru.printComma(buf)
    ru.printF32(2.5, buf)
    ru.printClose(buf)
    ru.printNewline(buf)
    assert buf.getvalue() == "( 1, 2.5 )\n"
