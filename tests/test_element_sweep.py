"""Element-type sweep: a program that fills a host buffer, copies it into GPU memory (``host_shared``
with ``memref.copy``, or device memory with ``gpu.memcpy``), doubles every element in a kernel and
copies it back prints the same values before and after ``--async-region --wait-insertion
--gpu-to-runtime``, with no hazard, for every element type.  Before lowering a buffer's size comes
from the memref's element count, after it from ``llvm.getelementptr`` on the element type: a
mismatch (bf16 once took 4 bytes in the simulator and 2 in the lowered size) shows up as an
out-of-bounds access or different output.  Expected values come from the types' semantics
(integers wrap to their width; floats round to their format, nearest, ties to even)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from asyncgpu_opt.api import parse
from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]
from asyncgpu_opt.passes.pipeline import parse_pipeline
from asyncgpu_opt.run.elements import alloc_size

INTS = {"i1": 1, "i3": 3, "i4": 4, "i8": 8, "i12": 12, "i16": 16, "i24": 24, "i32": 32, "i48": 48, "i64": 64}
#: float type -> (mantissa bits, smallest normal exponent)
FLOATS = {"f16": (10, -14), "bf16": (7, -126), "f32": (23, -126), "f64": (52, -1022), "tf32": (23, -126),
          "f8E4M3FN": (3, -6), "f8E5M2": (2, -14)}
LOWER = "builtin.module(func.func(async-region),func.func(wait-insertion),gpu-to-runtime)"


def _program(t: str, shared: bool) -> str:
    is_int = t in INTS or t == "index"
    pty, prfn = ("i64", "printMemrefI64") if is_int else ("f64", "printMemrefF64")
    if t == "index":
        make, dbl, wide = "%v = arith.muli %s, %s : index", "%w = arith.addi %x, %x : index", \
            "%p = arith.index_cast %x : index to i64"
    elif is_int:
        make, dbl = f"%v = arith.index_cast %s : index to {t}", f"%w = arith.addi %x, %x : {t}"
        wide = f"%p = arith.extsi %x : {t} to i64" if t != "i64" else "%p = arith.addi %x, %c0_64 : i64"
    else:
        make = (f"%s32 = arith.index_cast %s : index to i32\n        %sf = arith.sitofp %s32 : i32 to f32\n"
                f"        %sh = arith.addf %sf, %half : f32\n        %v = arith.truncf %sh : f32 to {t}")
        if t == "f32":
            make = make.replace("%v = arith.truncf %sh : f32 to f32", "%v = arith.addf %sh, %zero : f32")
        dbl = f"%w = arith.addf %x, %x : {t}"
        wide = f"%p = arith.extf %x : {t} to f64" if t != "f64" else "%p = arith.addf %x, %zero64 : f64"
        if t == "f64":
            make = "%s32 = arith.index_cast %s : index to i32\n        %sf = arith.sitofp %s32 : i32 to f64\n" \
                   "        %v = arith.addf %sf, %half64 : f64"
    m = f"memref<2x4x{t}>"
    alloc = "gpu.alloc host_shared ()" if shared else "gpu.alloc ()"
    copy_in = f"memref.copy %h, %d : {m} to {m}" if shared else f"gpu.memcpy %d, %h : {m}, {m}"
    copy_out = f"memref.copy %d, %h2 : {m} to {m}" if shared else f"gpu.memcpy %h2, %d : {m}, {m}"
    return f"""module attributes {{gpu.container_module}} {{
  gpu.module @k {{
    gpu.func @dbl(%m: {m}) kernel {{
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %x = memref.load %m[%j, %i] : {m}
      {dbl}
      memref.store %w, %m[%j, %i] : {m}
      gpu.return
    }}
  }}
  func.func private @{prfn}(memref<*x{pty}>)
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c0_64 = arith.constant 0 : i64
    %half = arith.constant 0.5 : f32
    %half64 = arith.constant 0.5 : f64
    %zero = arith.constant 0.0 : f32
    %zero64 = arith.constant 0.0 : f64
    %h = memref.alloc() : {m}
    scf.for %a = %c0 to %c2 step %c1 {{
      scf.for %b = %c0 to %c4 step %c1 {{
        %a4 = arith.muli %a, %c4 : index
        %s = arith.addi %a4, %b : index
        {make}
        memref.store %v, %h[%a, %b] : {m}
      }}
    }}
    %d = {alloc} : {m}
    {copy_in}
    gpu.launch_func @k::@dbl blocks in (%c1, %c1, %c1) threads in (%c4, %c2, %c1) args(%d : {m})
    %h2 = memref.alloc() : {m}
    {copy_out}
    %o = memref.alloc() : memref<2x4x{pty}>
    scf.for %a = %c0 to %c2 step %c1 {{
      scf.for %b = %c0 to %c4 step %c1 {{
        %x = memref.load %h2[%a, %b] : {m}
        {wide}
        memref.store %p, %o[%a, %b] : memref<2x4x{pty}>
      }}
    }}
    %u = memref.cast %o : memref<2x4x{pty}> to memref<*x{pty}>
    call @{prfn}(%u) : (memref<*x{pty}>) -> ()
    gpu.dealloc %d : {m}
    memref.dealloc %h : {m}
    memref.dealloc %h2 : {m}
    memref.dealloc %o : memref<2x4x{pty}>
    return
  }}
}}
"""


def _wrap(v: int, w: int) -> int:
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def _round(x: float, mbits: int, emin: int) -> float:
    """``x`` rounded to a float format with ``mbits`` mantissa bits (nearest, ties to even)."""
    if x == 0:
        return x
    e = max(math.floor(math.log2(abs(x))), emin)
    q = 2.0 ** (e - mbits)
    return round(x / q) * q


def _expected(t: str) -> list[str]:
    if t == "index":
        return [str(2 * s * s) for s in range(8)]
    if t in INTS:
        w = INTS[t]
        return [str(_wrap(2 * _wrap(s, w), w)) for s in range(8)]
    mbits, emin = FLOATS[t]
    if t == "tf32":  # --run keeps tf32 as f32 (its 4 bytes in memory): no narrower rounding
        mbits = 23
    return [format(2 * _round(s + 0.5, mbits, emin), "g") for s in range(8)]


def _run(text: str, lower: bool) -> tuple[int, str, str]:
    cfg = Config(run=True, pipeline=parse_pipeline(LOWER) if lower else None)
    r = run_opt(text, "<sweep>", cfg)
    return r.exit_code, r.output, r.stderr_text + r.rendered_diagnostics()


@pytest.mark.parametrize("shared", [True, False], ids=["host_shared+memref.copy", "device+gpu.memcpy"])
@pytest.mark.parametrize("t", [*INTS, "index", *FLOATS])
def test_same_output_before_and_after_lowering(t: str, shared: bool) -> None:
    text = _program(t, shared)
    before = _run(text, lower=False)
    after = _run(text, lower=True)
    assert before[0] == 0 and before[2] == "", before[2]
    assert after[0] == 0 and after[2] == "", after[2]
    data = before[1].split("data =", 1)[1]
    got = [x for x in data.replace("[", " ").replace("]", " ").replace(",", " ").split()]
    assert got == _expected(t)
    assert before[1] == after[1]


@pytest.mark.parametrize(("t", "size"), [
    ("i1", 1), ("i3", 1), ("i4", 1), ("i8", 1), ("i9", 2), ("i12", 2), ("i17", 4), ("i24", 4), ("i33", 8),
    ("i48", 8), ("i64", 8), ("i65", 16), ("i128", 16), ("index", 8), ("f16", 2), ("bf16", 2), ("f32", 4),
    ("tf32", 4), ("f64", 8), ("f80", 16), ("f8E4M3FN", 1), ("f8E5M2", 1), ("complex<f32>", 8),
    ("complex<f64>", 16), ("vector<4xf32>", 16), ("vector<3xf32>", 16), ("vector<2x3xf16>", 16),
    ("vector<8xi1>", 1), ("!llvm.ptr", 8)])
def test_alloc_size_is_llvms(t: str, size: int) -> None:
    """LLVM's ``getTypeAllocSize`` on x86-64 of the type upstream's converter makes of ``t``."""
    m = parse(f"func.func private @f(memref<2x{t}>)" if not t.startswith("!") else f"func.func private @f({t})")
    f = m.regions[0].blocks[0].ops[0]
    arg = f.attributes["function_type"].type.inputs[0]
    et = arg.element_type if not t.startswith("!") else arg
    assert alloc_size(et) == size


def test_small_float_rounding() -> None:
    """bf16 and f8 stores round to nearest, ties to even; overflow gives inf, or NaN for the type
    without inf; values below the smallest subnormal's half go to zero."""
    from asyncgpu_opt.ir import types as T
    from asyncgpu_opt.run.elements import codec_of
    from asyncgpu_opt.syntax.parser_base import _BUILTIN_SIMPLE as B

    def through(name: str, xs: list[float]) -> list[float]:
        c = codec_of(B[name])
        assert c is not None
        return [float(v) for v in c.decode(c.encode(np.array(xs, dtype=np.float32)))]

    assert through("bf16", [1.00390625, 1.01171875, 3.4e38, -2.5]) == [1.0, 1.015625, math.inf, -2.5]
    e4 = through("f8E4M3FN", [1.0625, 1.1875, 464.0, 0.001953125, 0.0009765625, -0.0])
    assert e4 == [1.0, 1.25, 448.0, 0.001953125, 0.0, -0.0]
    assert all(math.isnan(v) for v in through("f8E4M3FN", [465.0, 1000.0, math.inf]))
    assert through("f8E5M2", [1.125, 1.375, 57344.0, 61440.0, -1e9]) == [1.0, 1.5, 57344.0, math.inf, -math.inf]
    assert codec_of(T.f32) is None and codec_of(T.IntegerType(3)) is not None


@pytest.mark.parametrize(("t", "value", "shown"), [
    ("bf16", "1.00390625", "1"), ("bf16", "-3.0e+38", "-3.00406e+38"), ("f16", "0.1", "0.0999756"),
    ("f32", "0.1", "0.1"), ("i16", "-7", "-7"), ("i32", "123456", "123456")])
def test_memset_same_before_and_after_lowering(t: str, value: str, shown: str) -> None:
    """``gpu.memset`` fills with the value's own bits (a bf16 constant rounds to bf16 first: upstream
    prints ``-3.0e+38 : bf16`` as ``-3.004060e+38``)."""
    is_int = t.startswith("i")
    pty, prfn = ("i64", "printMemrefI64") if is_int else ("f64", "printMemrefF64")
    wide = f"arith.extsi %x : {t} to i64" if is_int else f"arith.extf %x : {t} to f64"
    text = f"""module attributes {{gpu.container_module}} {{
  func.func private @{prfn}(memref<*x{pty}>)
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %v = arith.constant {value} : {t}
    %d = gpu.alloc host_shared () : memref<5x{t}>
    gpu.memset %d, %v : memref<5x{t}>, {t}
    %o = memref.alloc() : memref<5x{pty}>
    scf.for %i = %c0 to %c5 step %c1 {{
      %x = memref.load %d[%i] : memref<5x{t}>
      %p = {wide}
      memref.store %p, %o[%i] : memref<5x{pty}>
    }}
    %u = memref.cast %o : memref<5x{pty}> to memref<*x{pty}>
    call @{prfn}(%u) : (memref<*x{pty}>) -> ()
    gpu.dealloc %d : memref<5x{t}>
    memref.dealloc %o : memref<5x{pty}>
    return
  }}
}}
"""
    before, after = _run(text, lower=False), _run(text, lower=True)
    assert before[0] == 0 and before[2] == "", before[2]
    assert after[0] == 0 and after[2] == "", after[2]
    assert before[1] == after[1]
    assert before[1].rstrip().endswith("[" + ",  ".join([shown] * 5) + "]")
